"""Provides `from_networkx`: the inverse of `to_networkx`, rebuilding the immutable `Trace` of a graph."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from visualizer.export.errors import TraceFileError
from visualizer.games.base import Player
from visualizer.tracing.events import Event, EventKind
from visualizer.tracing.trace import Cutoff, NodeStatus, Summary, Trace, TraceNode

if TYPE_CHECKING:
    import networkx

__all__ = ["from_networkx", "trace_header"]

_FIX = "export the trace again"


def _problem(name: str, problem: str) -> TraceFileError:
    return TraceFileError(f"{name} is not a consistent trace: {problem}; {_FIX}")


class _Names:
    """Resolves node names to ids, naming the field that holds an unknown one."""

    def __init__(self, graph: networkx.DiGraph, source: str):
        self.source = source
        self.ids: dict[str, int] = {}
        for node, attributes in graph.nodes(data=True):
            name = attributes["name"]
            if name in self.ids:
                raise _problem(source, f"two nodes are named {name!r} (names must be unique)")
            self.ids[name] = node

    def id(self, name: str, where: str) -> int:
        try:
            return self.ids[name]
        except KeyError:
            raise _problem(self.source, f"field {where} names node {name!r}, which is not in the trace") from None

    def optional(self, name: str | None, where: str) -> int | None:
        return None if name is None else self.id(name, where)

    def all(self, names: Sequence[str], where: str) -> tuple[int, ...]:
        return tuple(self.id(name, where) for name in names)


def _children(graph: networkx.DiGraph, node: int) -> tuple[int, ...]:
    return tuple(sorted(graph.successors(node), key=lambda child: graph.edges[node, child]["order"]))


def _node(graph: networkx.DiGraph, names: _Names, node: int) -> TraceNode:
    attributes = graph.nodes[node]
    parent = names.optional(attributes["parent"], f"nodes[{node}].parent")
    edge_parents = list(graph.predecessors(node))
    if edge_parents != ([] if parent is None else [parent]):
        problem = f"node {attributes['name']!r} has parent {attributes['parent']!r} but its edges disagree"
        raise _problem(names.source, problem)
    return TraceNode(
        id=node,
        name=attributes["name"],
        parent=parent,
        children=_children(graph, node),
        move=attributes["move"],
        depth=attributes["depth"],
        player=Player(attributes["player"]),
        static_value=attributes["static_value"],
        value=attributes["value"],
        alpha=attributes["alpha"],
        beta=attributes["beta"],
        visit=attributes["visit"],
        status=NodeStatus(attributes["status"]),
        board=attributes["board"],
    )


def _event(names: _Names, record: dict[str, Any], index: int) -> Event:
    where = f"graph.events[{index}]"
    return Event(
        step=record["step"],
        kind=EventKind(record["kind"]),
        node=names.id(record["node"], f"{where}.node"),
        depth=record["depth"],
        alpha=record["alpha"],
        beta=record["beta"],
        value=record["value"],
        child=names.optional(record["child"], f"{where}.child"),
        skipped=names.all(record["skipped"], f"{where}.skipped"),
    )


def _summary(names: _Names, record: dict[str, Any]) -> Summary:
    where = "graph.summary"
    cutoffs = tuple(
        Cutoff(
            node=names.id(cut["node"], f"{where}.cutoffs[{index}].node"),
            step=cut["step"],
            child=names.id(cut["child"], f"{where}.cutoffs[{index}].child"),
            skipped=names.all(cut["skipped"], f"{where}.cutoffs[{index}].skipped"),
            pruned=names.all(cut["pruned"], f"{where}.cutoffs[{index}].pruned"),
        )
        for index, cut in enumerate(record["cutoffs"])
    )
    return Summary(
        value=record["value"],
        best_child=names.optional(record["best_child"], f"{where}.best_child"),
        best_move=record["best_move"],
        principal_variation=names.all(record["principal_variation"], f"{where}.principal_variation"),
        visit_order=names.all(record["visit_order"], f"{where}.visit_order"),
        leaves_evaluated=record["leaves_evaluated"],
        cutoffs=cutoffs,
        pruned=names.all(record["pruned"], f"{where}.pruned"),
        unreached=names.all(record["unreached"], f"{where}.unreached"),
    )


def _check_steps(events: Sequence[Event], nodes: Sequence[TraceNode], name: str) -> None:
    """Steps count from 1 in order, and an event's depth is its node's (a trace holds them so)."""
    for index, event in enumerate(events):
        if event.step != index + 1:
            raise _problem(name, f"graph.events[{index}] has step {event.step}, but it is step {index + 1}")
        node = nodes[event.node]
        if event.depth != node.depth:
            problem = f"graph.events[{index}] has depth {event.depth}, but its node {node.name!r} is at depth {node.depth}"
            raise _problem(name, problem)


def from_networkx(graph: networkx.DiGraph, *, name: str = "the graph") -> Trace:
    """The `Trace` that `to_networkx` turned into `graph`.

    The graph must have the attributes `to_networkx` writes (the JSON loader checks them against the
    schema first); the references between nodes are checked here.

    Args:
        graph: a graph made by `to_networkx`, possibly after a trip through JSON.
        name: how error messages refer to the graph, e.g. the path of the file it came from.

    Returns:
        A trace equal to the one the graph was made from.

    Raises:
        TraceFileError: an edge refers to no node, node ids are not 0..n-1, names repeat, or a name
            refers to no node.
    """
    for parent, child in graph.edges:
        if not graph.nodes[parent] or not graph.nodes[child]:
            raise _problem(name, f"the edge {parent} -> {child} refers to a node id that is not in the trace's nodes")
    count = graph.number_of_nodes()
    if count == 0:
        raise _problem(name, "it has no nodes")
    if sorted(graph.nodes) != list(range(count)):
        raise _problem(name, f"node ids must be 0..{count - 1}, each once")
    names = _Names(graph, name)
    nodes = tuple(_node(graph, names, node) for node in range(count))
    if nodes[0].parent is not None:
        raise _problem(name, "node 0 must be the root (a node without parent)")
    attributes = graph.graph
    events = tuple(_event(names, record, index) for index, record in enumerate(attributes["events"]))
    _check_steps(events, nodes, name)
    return Trace.from_records(
        **trace_header(attributes), nodes=nodes, events=events, summary=_summary(names, attributes["summary"])
    )


def trace_header(attributes: dict[str, Any]) -> dict[str, Any]:
    """The `Trace` fields a saved graph's attributes hold besides nodes, events and summary."""
    options = attributes["options"]
    return {
        "algorithm": attributes["algorithm"],
        "depth_limit": options["depth_limit"],
        "strict": options["strict"],
        "root_player": Player(attributes["root_player"]),
        "description": attributes["description"],
        "source": attributes["source"],
    }
