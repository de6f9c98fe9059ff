"""Provides `to_dot`: a trace drawn as Graphviz DOT, finished or as it stood after any one step.

MAX nodes are boxes, MIN nodes ellipses and chance nodes circles, each edge out of a chance node
labelled with its probability ("0.333"). Each label shows the node's name, its board (game
nodes, in Courier), "#visit  v=value" and the window "[alpha, beta]" ("-inf"/"+inf" for the open
ends). Pruned nodes are dashed and grey, with a red "cut" on the edge to the first child a cut-off
skipped; the principal variation is bold. Unreached nodes (below the depth limit, in no pruned
subtree: pruned wins, see `NodeStatus`) are dotted and grey. Each transposition event (a position
found in the transposition table) adds a dashed grey "same position" link from its node to the
earlier node of that position, outside the layout (`constraint=false`). A search of several passes
is drawn as its last pass (the trace itself; its `earlier_passes` are left out). DOT ids are
"n0", "n1", ...; names appear only inside quoted labels (and tooltips), so any name is safe.

The finished search is streamed straight from the trace's columns (`dot_stream.dot_chunks`);
`graph_to_dot` draws a `to_networkx` graph through pydot, byte for byte the same text (the path of
graphs read from files). The drawings after one step (`step=`, `write_frames`) read the same
`Scene` as the pictures (`scene_at`): a leaf's static value is shown dimmed as "(3)" until the
search evaluates it, the node of the step is filled, the title is the step's caption. Their nodes
sit where the figure's `TreeLayout` puts them (`pos`, kept by `neato -n2 -Tsvg`), all of one size,
so every frame has the same canvas.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from visualizer.errors import InputError
from visualizer.export.atomic import write_chunks_atomic, write_text_atomic
from visualizer.export.dot_frames import step_to_dot
from visualizer.export.dot_labels import (
    BOARD_FONT,
    CUT,
    EDGE_HEAD,
    FONT,
    GREY,
    PV_WIDTH,
    SHAPES,
    TRANSPOSITION_LINK,
    dot_id,
    node_label,
    probability_label,
    quote_label,
    status_style,
    summary_title,
)
from visualizer.export.dot_stream import dot_chunks
from visualizer.export.graph import check_names
from visualizer.export.rebuild import from_networkx
from visualizer.export.scene import standing_cuts
from visualizer.tracing.traits import traits_of
from visualizer.tracing.replay import Replay
from visualizer.tracing.trace import Trace

if TYPE_CHECKING:
    import networkx

__all__ = ["to_dot", "graph_to_dot", "write_dot"]

def _visits(graph: networkx.DiGraph) -> dict[str, int] | None:
    """A Monte Carlo search's visits of each node by name (from its events' last count), None for others."""
    events = graph.graph["events"]
    if not events or "visits" not in events[0]:
        return None
    return {event["node"]: event["visits"] for event in events if event["visits"] is not None}


def _node_attributes(graph: networkx.DiGraph, node: int, pv: set[int], visits: dict[str, int] | None) -> dict[str, Any]:
    data = graph.nodes[node]
    attributes: dict[str, Any] = {"shape": SHAPES[data["player"]], "tooltip": quote_label(data["name"])}
    if data["board"] is not None:
        attributes["fontname"] = BOARD_FONT
    text = node_label(
        data["name"],
        board=data["board"],
        visit=data["visit"],
        value=data["value"],
        static_value=data["static_value"],
        window=(data["alpha"], data["beta"]),
        visits=None if visits is None else visits.get(data["name"], 0),
    )
    if node in pv:
        attributes["penwidth"] = PV_WIDTH
    attributes["label"] = quote_label(text)
    status_style(attributes, data["status"])
    return attributes


def _edge_attributes(
    graph: networkx.DiGraph, parent: int, child: int, pv: set[int], cuts: set[tuple[int, int]], pruned: set[int]
) -> dict[str, Any]:
    attributes: dict[str, Any] = {}
    if child in pruned:
        attributes.update(style="dashed", color=GREY)
    elif graph.nodes[child]["status"] == "unreached":
        attributes.update(style="dotted", color=GREY)
    probability = graph.edges[parent, child].get("probability")
    if probability is not None:
        attributes["label"] = quote_label(probability_label(probability))
    if (parent, child) in cuts:
        attributes.update(label=quote_label("cut"), color=CUT, fontcolor=CUT)
    if parent in pv and child in pv:
        attributes["penwidth"] = PV_WIDTH
    return attributes


def _title(graph: networkx.DiGraph) -> str:
    attributes = graph.graph
    summary = attributes["summary"]
    return summary_title(
        attributes["algorithm"], attributes["description"], summary["value"], summary["best_move"],
        has_best_move=summary["best_child"] is not None,
    )


def _replay_at(trace: Trace, step: int) -> Replay:
    replay = Replay(trace)
    replay.seek(step)
    return replay


def _check_step(step: int | None, count: int) -> None:
    if step is not None and not 0 <= step <= count:
        raise InputError(f"step {step} is outside this trace, which has steps 0..{count}; choose a step in that range")


def graph_to_dot(graph: networkx.DiGraph, *, step: int | None = None, replay: Replay | None = None) -> str:
    """DOT text for a `to_networkx` graph: the finished search, or its state after event `step`.

    Args:
        graph: a graph made by `to_networkx` (or loaded from a trace file).
        step: draw the state after this event (0 = before the first); None draws the finished search.
        replay: a replay already at the step to draw (used by `write_frames`); overrides `step`, and
            the drawing is of `replay.trace`.

    Returns:
        The DOT text, ending with a newline.
    """
    if replay is not None:
        return step_to_dot(replay.trace, replay)
    if step is not None:
        _check_step(step, len(graph.graph["events"]))
        trace = from_networkx(graph)
        return step_to_dot(trace, _replay_at(trace, step))
    import pydot

    summary = graph.graph["summary"]
    ids = {data["name"]: node for node, data in graph.nodes(data=True)}
    pv = {ids[name] for name in summary["principal_variation"]}
    cuts = {(ids[cut["node"]], ids[cut["skipped"][0]]) for cut in summary["cutoffs"] if cut["skipped"]}
    if traits_of(graph.graph["algorithm"]).revisits:  # a child cut off and searched later: no longer cut
        cuts = set(standing_cuts(from_networkx(graph)))
    pruned = {ids[name] for name in summary["pruned"]}
    dot = pydot.Dot("trace", graph_type="digraph", ordering="out", labelloc="t", fontname=FONT)
    dot.set("label", quote_label(_title(graph)))
    dot.set_node_defaults(fontname=FONT)
    dot.set_edge_defaults(fontname=FONT, arrowhead=EDGE_HEAD)
    visits = _visits(graph)
    for node in graph.nodes:
        dot.add_node(pydot.Node(dot_id(node), **_node_attributes(graph, node, pv, visits)))
    for parent, child in graph.edges:
        attributes = _edge_attributes(graph, parent, child, pv, cuts, pruned)
        dot.add_edge(pydot.Edge(dot_id(parent), dot_id(child), **attributes))
    for record in graph.graph["events"]:
        if record.get("ref") is not None:
            dot.add_edge(pydot.Edge(dot_id(ids[record["node"]]), dot_id(ids[record["ref"]]), **TRANSPOSITION_LINK))
    return dot.to_string()


def to_dot(trace: Trace, *, step: int | None = None) -> str:
    """The trace as DOT text (see the module docstring for what it shows).

    Args:
        trace: a finished trace.
        step: draw the state after this event instead of the finished search: nodes not yet entered
            are light grey with only their names, the event's node is highlighted, and values and
            windows are as they stood then.

    Raises:
        InputError: `step` is outside 0..number of events, or a node name is empty or used twice.
    """
    if step is None:
        return "".join(dot_chunks(trace))
    check_names(trace)
    _check_step(step, len(trace.events))
    return step_to_dot(trace, _replay_at(trace, step))


def write_dot(trace: Trace, path: str | Path, *, step: int | None = None) -> Path:
    """Writes `to_dot(trace, step=step)` to `path` atomically and returns the path.

    The finished search (step None) is streamed to the file a few thousand nodes at a time, so
    even a trace of half a million nodes never has its whole text in memory; the file is replaced
    only once all of it is written, and a trace that cannot be exported leaves it untouched.
    """
    if step is None:
        return write_chunks_atomic(Path(path), dot_chunks(trace))
    return write_text_atomic(Path(path), to_dot(trace, step=step))


