"""Provides `to_dot`: a trace drawn as Graphviz DOT, finished or as it stood after any one step.

MAX nodes are boxes and MIN nodes ellipses. Each label shows the node's name, its board (game
nodes, in Courier), "#visit  v=value" and the window "[alpha, beta]" ("-inf"/"+inf" for the open
ends). Pruned nodes are dashed and grey, with a red "cut" on the edge to the first child a cut-off
skipped; the principal variation is bold. Unreached nodes (below the depth limit, in no pruned
subtree: pruned wins, see `NodeStatus`) are dotted and grey. DOT ids are "n0", "n1", ...; names
appear only inside quoted labels (and tooltips), so any name is safe.

The finished search is streamed straight from the trace's columns (`dot_stream.dot_chunks`);
`graph_to_dot` draws a `to_networkx` graph through pydot, byte for byte the same text, and is also
the path of graphs read from files and of the drawings after one step (`step=`, `write_frames`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from visualizer.errors import InputError
from visualizer.export.atomic import write_chunks_atomic, write_text_atomic
from visualizer.export.dot_labels import (
    BOARD_FONT,
    CURRENT_FILL,
    CUT,
    FONT,
    GREY,
    LAST_CHILD,
    PV_WIDTH,
    SHAPES,
    UNSEEN,
    node_label,
    quote_label,
    summary_title,
)
from visualizer.export.dot_stream import dot_chunks
from visualizer.export.graph import to_networkx
from visualizer.export.rebuild import from_networkx
from visualizer.games.base import format_value
from visualizer.tracing.replay import Phase, Replay
from visualizer.tracing.trace import Trace

if TYPE_CHECKING:
    import networkx

__all__ = ["to_dot", "graph_to_dot", "write_dot", "write_frames", "dot_id", "SHAPES", "FRAME_DIGITS"]

FRAME_DIGITS = 4
"""Frame numbers are zero-padded to at least this many digits (NAME-0001.dot)."""


def dot_id(node: int) -> str:
    """The DOT identifier of a node id: "n0", "n1", ... (never a name, so never a port or keyword)."""
    return f"n{node}"


def _style(attributes: dict[str, Any], *styles: str) -> None:
    present = [style for style in attributes.get("style", "").split(",") if style]
    attributes["style"] = ",".join(present + [style for style in styles if style not in present])


def _node_attributes(graph: networkx.DiGraph, node: int, replay: Replay | None, pv: set[int]) -> dict[str, Any]:
    data = graph.nodes[node]
    attributes: dict[str, Any] = {"shape": SHAPES[data["player"]], "tooltip": quote_label(data["name"])}
    if data["board"] is not None:
        attributes["fontname"] = BOARD_FONT
    if replay is None:
        status = data["status"]
        text = node_label(
            data["name"],
            board=data["board"],
            visit=data["visit"],
            value=data["value"],
            static_value=data["static_value"],
            window=(data["alpha"], data["beta"]),
        )
        if node in pv:
            attributes["penwidth"] = PV_WIDTH
    else:
        state = replay.views[node]
        status = "pruned" if state.phase is Phase.PRUNED else "visited" if state.visit is not None else "unseen"
        if status == "unseen" and data["status"] == "unreached":
            status = "unreached"  # beyond the look-ahead from the first step on, as in the app
        if state.visit is None:
            text = node_label(data["name"], board=data["board"])
        else:
            text = node_label(
                data["name"],
                board=data["board"],
                visit=state.visit,
                value=state.value,
                window=(state.alpha, state.beta),
            )
        if node == replay.current:
            _style(attributes, "filled", "bold")
            attributes["fillcolor"] = CURRENT_FILL
    attributes["label"] = quote_label(text)
    if status == "pruned":
        _style(attributes, "dashed")
        attributes["color"] = attributes["fontcolor"] = GREY
    elif status == "unreached":
        _style(attributes, "dotted")
        attributes["color"] = attributes["fontcolor"] = GREY
    elif status == "unseen":
        attributes["color"] = attributes["fontcolor"] = UNSEEN
    return attributes


def _edge_attributes(
    graph: networkx.DiGraph,
    parent: int,
    child: int,
    replay: Replay | None,
    pv: set[int],
    cuts: set[tuple[int, int]],
    pruned: set[int],
) -> dict[str, Any]:
    attributes: dict[str, Any] = {}
    if child in pruned:
        attributes.update(style="dashed", color=GREY)
    elif graph.nodes[child]["status"] == "unreached":
        attributes.update(style="dotted", color=GREY)
    elif replay is not None and replay.views[child].visit is None:
        attributes["color"] = UNSEEN
    if (parent, child) in cuts:
        attributes.update(label=quote_label("cut"), color=CUT, fontcolor=CUT)
    if replay is None and parent in pv and child in pv:
        attributes["penwidth"] = PV_WIDTH
    if replay is not None and replay.event is not None and (replay.current, replay.event.child) == (parent, child):
        attributes.update(color=LAST_CHILD, penwidth="2")
    return attributes


def _title(graph: networkx.DiGraph, replay: Replay | None) -> str:
    attributes = graph.graph
    if replay is None:
        summary = attributes["summary"]
        return summary_title(
            attributes["algorithm"], attributes["description"], summary["value"], summary["best_move"],
            has_best_move=summary["best_child"] is not None,
        )
    if replay.event is None:
        return f"{attributes['algorithm']}: before the first step"
    event, state = replay.event, replay.views[replay.current]
    value = "" if event.value is None else f" v={format_value(state.value)}"
    name = graph.nodes[event.node]["name"]
    return f"{attributes['algorithm']}, step {replay.step} of {replay.count}: {event.kind.value} {name}{value}"


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
        replay: a replay already at the step to draw (used by `write_frames`); overrides `step`.

    Returns:
        The DOT text, ending with a newline.
    """
    import pydot

    if replay is None and step is not None:
        _check_step(step, len(graph.graph["events"]))
        replay = _replay_at(from_networkx(graph), step)
    summary = graph.graph["summary"]
    ids = {data["name"]: node for node, data in graph.nodes(data=True)}
    pv = {ids[name] for name in summary["principal_variation"]} if replay is None else set()
    if replay is None:
        cuts = {(ids[cut["node"]], ids[cut["skipped"][0]]) for cut in summary["cutoffs"] if cut["skipped"]}
        pruned = {ids[name] for name in summary["pruned"]}
    else:
        cuts = {
            (cut.node, cut.skipped[0]) for cut in replay.trace.summary.cutoffs if cut.step <= replay.step and cut.skipped
        }
        pruned = {node for node, view in enumerate(replay.views) if view.phase is Phase.PRUNED}
    dot = pydot.Dot("trace", graph_type="digraph", ordering="out", labelloc="t", fontname=FONT)
    dot.set("label", quote_label(_title(graph, replay)))
    dot.set_node_defaults(fontname=FONT)
    dot.set_edge_defaults(fontname=FONT)
    for node in graph.nodes:
        dot.add_node(pydot.Node(dot_id(node), **_node_attributes(graph, node, replay, pv)))
    for parent, child in graph.edges:
        attributes = _edge_attributes(graph, parent, child, replay, pv, cuts, pruned)
        dot.add_edge(pydot.Edge(dot_id(parent), dot_id(child), **attributes))
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
    _check_step(step, len(trace.events))
    return graph_to_dot(to_networkx(trace), replay=_replay_at(trace, step))


def write_dot(trace: Trace, path: str | Path, *, step: int | None = None) -> Path:
    """Writes `to_dot(trace, step=step)` to `path` atomically and returns the path.

    The finished search (step None) is streamed to the file a few thousand nodes at a time, so
    even a trace of half a million nodes never has its whole text in memory; the file is replaced
    only once all of it is written, and a trace that cannot be exported leaves it untouched.
    """
    if step is None:
        return write_chunks_atomic(Path(path), dot_chunks(trace))
    return write_text_atomic(Path(path), to_dot(trace, step=step))


def write_frames(
    trace: Trace, directory: str | Path, name: str, *, progress: Callable[[int, int], None] | None = None
) -> list[Path]:
    """Writes one DOT file per event, NAME-0001.dot, NAME-0002.dot, ..., into `directory`.

    Numbers have at least `FRAME_DIGITS` digits (more for longer traces), so the files sort in step
    order. The folder is created if missing. `progress(done, total)` is called after each frame.

    Returns:
        The paths written, in step order.

    Raises:
        InputError: `name` is empty or contains a path separator, or a file cannot be written.
    """
    if not name or "/" in name or "\\" in name or name in {".", ".."}:
        raise InputError(f"frame name {name!r} must be a plain file name such as 'frame'; put folders in the directory")
    directory = Path(directory)
    graph = to_networkx(trace)
    digits = max(FRAME_DIGITS, len(str(len(trace.events))))
    paths = []
    replay = Replay(trace)
    while replay.forward():
        path = directory / f"{name}-{replay.step:0{digits}d}.dot"
        paths.append(write_text_atomic(path, graph_to_dot(graph, replay=replay)))
        if progress is not None:
            progress(replay.step, len(trace.events))
    return paths
