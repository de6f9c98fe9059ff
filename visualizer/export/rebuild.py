"""Provides `from_networkx`: the inverse of `to_networkx`, rebuilding the immutable `Trace` of a graph
(which then goes through `trace_check.check_trace`, as both JSON readers' traces do)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from visualizer.export.trace_check import check_trace, inconsistent as _problem
from visualizer.games.base import Player
from visualizer.tracing.events import EVENT_FIELDS, SPARSE_FIELDS, Bound, Event, EventKind
from visualizer.tracing.trace import Cutoff, NodeStatus, Summary, Trace, TraceNode

if TYPE_CHECKING:
    import networkx

__all__ = ["from_networkx", "trace_header"]



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

    def field(self, field: str, text: Any, where: str) -> Any:
        """An event field as `graph.field_record` wrote it, back to what `Event` holds (see `EVENT_FIELDS`)."""
        holds = EVENT_FIELDS[field].holds
        if holds == "nodes":
            return self.all(text, where)
        if text is None:
            return None
        if holds == "node":
            return self.id(text, where)
        if holds == "bound":
            return _typed(Bound, text, where, self.source)
        if holds == "moves":
            if not isinstance(text, list) or not all(isinstance(move, str) for move in text):
                raise _problem(self.source, f"field {where} must be a list of move labels")
            return tuple(text)
        if holds == "count":
            if not isinstance(text, int) or isinstance(text, bool) or text < 0:
                raise _problem(self.source, f"field {where} must be a whole number of 0 or more")
            return text
        if not isinstance(text, (int, float)) or isinstance(text, bool):
            raise _problem(self.source, f"field {where} must be a number")
        return text


def _typed(kind: type, text: Any, where: str, source: str) -> Any:
    """`kind(text)` for an enum read from a file, refused in one line when it is not one of its values."""
    try:
        return kind(text)
    except ValueError:
        choices = ", ".join(member.value for member in kind)
        raise _problem(source, f"field {where} is {text!r}, not one of {choices}") from None


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
        probability=None if parent is None else graph.edges[parent, node].get("probability"),
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
        child=names.field("child", record["child"], f"{where}.child"),
        skipped=names.field("skipped", record["skipped"], f"{where}.skipped"),
        **{field: names.field(field, record.get(field), f"{where}.{field}") for field in SPARSE_FIELDS},
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
    schema first); the references between nodes are checked here. The earlier passes of its
    `passes` attribute (node-link data) are rebuilt and checked the same way; messages about one
    name it as "NAME (graph.passes[i])".

    Args:
        graph: a graph made by `to_networkx`, possibly after a trip through JSON.
        name: how error messages refer to the graph, e.g. the path of the file it came from.

    Returns:
        A trace equal to the one the graph was made from.

    Raises:
        TraceFileError: an edge refers to no node, node ids are not 0..n-1, names repeat, a name
            refers to no node, or the nodes and events do not hang together (see `check_trace`).
    """
    import networkx

    earlier = tuple(
        _one_pass(networkx.node_link_graph(document, edges="edges"), f"{name} (graph.passes[{index}])")
        for index, document in enumerate(graph.graph.get("passes", ()))
    )
    return _one_pass(graph, name, earlier)


def _one_pass(graph: networkx.DiGraph, name: str, earlier: tuple[Trace, ...] = ()) -> Trace:
    """`from_networkx` of one pass's graph (its own `passes` attribute ignored), after `earlier` passes."""
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
    trace = Trace.from_records(
        **trace_header(attributes), nodes=nodes, events=events, summary=_summary(names, attributes["summary"]),
        earlier_passes=earlier,
    )
    check_trace(trace, name=name)
    return trace


def trace_header(attributes: dict[str, Any]) -> dict[str, Any]:
    """The `Trace` fields a saved graph's attributes hold besides nodes, events and summary."""
    options = attributes["options"]
    return {
        "algorithm": attributes["algorithm"],
        "depth_limit": options["depth_limit"],
        "strict": options["strict"],
        "iterative": options.get("iterative", False),  # version-1 files before it was recorded: recursive
        "root_player": Player(attributes["root_player"]),
        "description": attributes["description"],
        "source": attributes["source"],
        "options": {name: tuple(value) if isinstance(value, list) else value
                    for name, value in options.items() if name not in ("depth_limit", "iterative", "strict")},
    }
