"""Provides `to_networkx`: a finished trace as a plain-data networkx DiGraph, the base of every export."""

from __future__ import annotations

import copy
from collections import Counter
from typing import TYPE_CHECKING, Any

import visualizer
from visualizer.errors import InputError
from visualizer.tracing.events import Event
from visualizer.tracing.trace import Cutoff, Summary, Trace, TraceNode

if TYPE_CHECKING:
    import networkx

__all__ = [
    "FORMAT", "FORMAT_VERSION", "check_names", "to_networkx", "node_attributes", "event_record", "summary_record",
    "options_record",
]

FORMAT = "gametree-trace"
"""The `format` graph attribute that marks a graph (and a JSON file) as a trace."""

FORMAT_VERSION = 1
"""The major version of the format; readers refuse files whose major version is newer."""


def node_attributes(trace: Trace, node: TraceNode) -> dict[str, Any]:
    """The graph attributes of one node: names instead of ids, enums as their strings."""
    return {
        "name": node.name,
        "parent": None if node.parent is None else trace.nodes[node.parent].name,
        "player": node.player.value,
        "static_value": node.static_value,
        "value": node.value,
        "alpha": node.alpha,
        "beta": node.beta,
        "visit": node.visit,
        "status": node.status.value,
        "board": node.board,
        "move": node.move,
        "depth": node.depth,
    }


def event_record(trace: Trace, event: Event) -> dict[str, Any]:
    """One event with node names: {step, kind, node, depth, alpha, beta, value, child, skipped}."""
    return {
        "step": event.step,
        "kind": event.kind.value,
        "node": trace.nodes[event.node].name,
        "depth": event.depth,
        "alpha": event.alpha,
        "beta": event.beta,
        "value": event.value,
        "child": None if event.child is None else trace.nodes[event.child].name,
        "skipped": trace.names(event.skipped),
    }


def _cutoff_record(trace: Trace, cutoff: Cutoff) -> dict[str, Any]:
    return {
        "node": trace.nodes[cutoff.node].name,
        "step": cutoff.step,
        "child": trace.nodes[cutoff.child].name,
        "skipped": trace.names(cutoff.skipped),
        "pruned": trace.names(cutoff.pruned),
    }


def summary_record(trace: Trace, summary: Summary) -> dict[str, Any]:
    """The summary with node names; `nodes_visited` is included for readers of the file."""
    return {
        "value": summary.value,
        "best_child": None if summary.best_child is None else trace.nodes[summary.best_child].name,
        "best_move": summary.best_move,
        "principal_variation": trace.names(summary.principal_variation),
        "visit_order": trace.names(summary.visit_order),
        "nodes_visited": summary.nodes_visited,
        "leaves_evaluated": summary.leaves_evaluated,
        "cutoffs": [_cutoff_record(trace, cutoff) for cutoff in summary.cutoffs],
        "pruned": trace.names(summary.pruned),
        "unreached": trace.names(summary.unreached),
    }


def options_record(trace: Trace) -> dict[str, Any]:
    """The search options a file records: {depth_limit, iterative, strict}."""
    return {"depth_limit": trace.depth_limit, "iterative": trace.iterative, "strict": trace.strict}


def check_names(trace: Trace) -> None:
    """Exports refer to nodes by name, so names must be non-empty and unique.

    Raises:
        InputError: a name is empty or used twice.
    """
    names = trace.columns.name
    distinct = set(names)
    if "" in distinct:
        raise InputError("a node has an empty name; give every node a non-empty name to export the trace")
    if len(distinct) != len(names):
        name, _count = Counter(names).most_common(1)[0]
        raise InputError(
            f"the name {name!r} is used by more than one node; give every node a unique name to export the trace"
        )


def to_networkx(trace: Trace) -> networkx.DiGraph:
    """The trace as a DiGraph keyed by node id, holding only plain data (str, int, float, None, lists).

    Node attributes are those of `node_attributes`; each edge parent -> child has `order` (its index
    among the siblings) and `cutoff` (True on the edge to the child whose value closed the window).
    Graph attributes: format, version, tool_version, source, algorithm, options {depth_limit, iterative, strict},
    root_player, description, summary (see `summary_record`) and events (see `event_record`).
    Values stay Python numbers, so windows may hold float infinities.

    Args:
        trace: a finished trace.

    Returns:
        A new DiGraph; nodes are added in id order and edges in child order.

    Raises:
        InputError: two nodes share a name, or a name is empty (files refer to nodes by name).
    """
    import networkx

    check_names(trace)
    cut_edges = {(cutoff.node, cutoff.child) for cutoff in trace.summary.cutoffs}
    graph = networkx.DiGraph(
        format=FORMAT,
        version=FORMAT_VERSION,
        tool_version=visualizer.__version__,
        source=copy.deepcopy(trace.source),
        algorithm=trace.algorithm,
        options=options_record(trace),
        root_player=trace.root_player.value,
        description=trace.description,
        summary=summary_record(trace, trace.summary),
        events=[event_record(trace, event) for event in trace.events],
    )
    for node in trace.nodes:
        graph.add_node(node.id, **node_attributes(trace, node))
    for node in trace.nodes:
        for order, child in enumerate(node.children):
            graph.add_edge(node.id, child, order=order, cutoff=(node.id, child) in cut_edges)
    return graph
