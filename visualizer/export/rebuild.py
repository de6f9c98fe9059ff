"""Provides `from_networkx`: the inverse of `to_networkx`, rebuilding the immutable `Trace` of a graph,
and `check_trace`, the consistency check both JSON readers end with."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from visualizer.export.errors import TraceFileError
from visualizer.games.base import Player
from visualizer.tracing.trace_columns import KIND_CODES, KINDS, NO_CHILD
from visualizer.tracing.events import EVENT_FIELDS, EVENT_KINDS, SPARSE_FIELDS, Bound, Effect, Event, EventKind
from visualizer.tracing.trace import Cutoff, NodeStatus, Summary, Trace, TraceNode
from visualizer.tracing.traits import traits_of

if TYPE_CHECKING:
    import networkx

__all__ = ["from_networkx", "trace_header", "check_trace"]

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


BACK_UP, RESEARCH = KIND_CODES[EventKind.BACK_UP], KIND_CODES[EventKind.RESEARCH]
_EFFECTS = [EVENT_KINDS[kind].effect for kind in KINDS]
"""Each kind's effect, by code."""
_HAS_CHILD = [("child" in EVENT_KINDS[kind].carries) for kind in KINDS]
_HAS_SKIPPED = [("skipped" in EVENT_KINDS[kind].carries) for kind in KINDS]
_OPEN, _CLOSE, _PRUNE = Effect.OPEN, Effect.CLOSE, Effect.PRUNE


def check_trace(trace: Trace, *, name: str = "the graph") -> None:
    """Checks that a rebuilt trace is one a search could have recorded, so that `Replay` and the app
    can step through it: every node but the root hangs one level below its parent, and the events
    are one depth-first walk from the root (see `_check_events`) that the summary describes.

    Raises:
        TraceFileError: naming the first node or step that does not fit.
    """
    columns = trace.columns
    parents, depths, names = columns.parent, columns.depth, columns.name
    if parents[0] is not None or depths[0] != 0:
        raise _problem(name, f"node 0 ({names[0]!r}) must be the root, at depth 0 without a parent")
    for node in range(1, columns.node_count):
        parent = parents[node]
        if parent is None:
            raise _problem(name, f"node {names[node]!r} has no parent, which only the root (node 0) may lack")
        if depths[node] != depths[parent] + 1:
            problem = f"node {names[node]!r} has depth {depths[node]} under a parent at depth {depths[parent]}"
            raise _problem(name, problem + ", not one level below it")
    entered = _check_events(trace, name)
    _check_summary(trace, entered, name)


def _check_events(trace: Trace, name: str) -> list[int]:
    """The events must open and close nodes as a depth-first search does (each kind's `Effect` in
    `EVENT_KINDS`): the first enters the root, each enter is of an unentered child of the innermost
    open node, every other event is at the innermost open node, an exit closes it, a back-up takes
    the child that exited just before, a cut-off follows the back-up of its child and skips only
    unentered children, a transposition's earlier node has exited, and the last event closes the
    root. Returns the entered nodes in order."""
    columns = trace.columns
    parents, names = columns.parent, columns.name
    kinds, nodes, children, skipped = columns.event_kind, columns.event_node, columns.event_child, columns.event_skipped
    revisits = traits_of(trace.algorithm).revisits
    refs = columns.event_extra.get("ref", {})
    entered, order = bytearray(columns.node_count), []
    stack: list[int] = []
    top = None
    for index in range(columns.event_count):
        kind, node, child = kinds[index], nodes[index], children[index]
        effect = _EFFECTS[kind]
        problem = None
        if effect is _OPEN:
            twice = entered[node] and (not revisits or node in stack)  # a search that revisits reopens closed nodes
            if twice or parents[node] != top:
                problem = "enters it twice" if twice else "enters it outside its parent"
            entered[node] = 1
            order.append(node)
            stack.append(node)
            top = node
        elif node != top:
            problem = "is not at the innermost open node" if stack else "comes when no node is open"
        elif effect is _CLOSE:
            stack.pop()
            top = stack[-1] if stack else None
        elif kind == BACK_UP and (_EFFECTS[kinds[index - 1]] is not _CLOSE or child != nodes[index - 1]):
            problem = "does not take the child that exited just before"
        elif effect is _PRUNE and (kinds[index - 1] != BACK_UP or child != children[index - 1]):
            problem = "does not follow the back-up of its child"
        elif kind == RESEARCH and (parents[child] != node or not entered[child] or child in stack):
            problem = "searches again a node that is not a searched child of it"
        elif index + 1 in refs and (not entered[refs[index + 1]] or refs[index + 1] in stack):
            problem = "points at a node that has not been searched yet"
        if problem is None and (child != NO_CHILD) != _HAS_CHILD[kind]:
            problem = "has a child, which only back-ups and cut-offs have" if child != NO_CHILD else "lacks its child"
        if problem is None and index + 1 in skipped:
            if not _HAS_SKIPPED[kind]:
                problem = "skips children, which only cut-offs do"
            elif any(parents[kid] != node or (entered[kid] and not revisits) for kid in skipped[index + 1]):
                problem = "skips a node that is not an unentered child of it"
        if problem is not None:
            raise _problem(name, f"graph.events[{index}] ({KINDS[kind].value} at node {names[node]!r}) {problem}")
    if stack or not columns.event_count:
        raise _problem(name, "the events stop before the search is over (the root is never closed)")
    return order


def _check_summary(trace: Trace, entered: list[int], name: str) -> None:
    """The summary's cut-offs are the cut-off events, its visit order the entered nodes, and its
    principal variation a path down from the root."""
    columns, summary = trace.columns, trace.summary
    parents, kinds, skipped = columns.parent, columns.event_kind, columns.event_skipped
    steps = [index + 1 for index, kind in enumerate(kinds) if _EFFECTS[kind] is _PRUNE]
    listed = [cutoff.step for cutoff in summary.cutoffs]
    if listed != steps:
        index = next(index for index, pair in enumerate(zip([*listed, None], [*steps, None])) if pair[0] != pair[1])
        what = f"lists step {listed[index]}" if index < len(listed) else "has no entry"
        actual = f"have step {steps[index]} there" if index < len(steps) else "end before it"
        raise _problem(name, f"graph.summary.cutoffs[{index}] {what}, but the cut-off events {actual}")
    revisits = traits_of(trace.algorithm).revisits  # a node it skipped, it may search later
    visited = set(entered) if summary.cutoffs and not revisits else set()
    for index, cutoff in enumerate(summary.cutoffs):
        event = cutoff.step - 1
        pruned = set(cutoff.pruned)
        kids = skipped.get(cutoff.step, ())
        same_event = (cutoff.node, cutoff.child, tuple(cutoff.skipped)) == (
            columns.event_node[event], columns.event_child[event], tuple(kids))
        # each pruned node is skipped or below a pruned node, and none was visited
        below_skipped = all(node not in visited and (node in kids or parents[node] in pruned) for node in pruned)
        if not (same_event and below_skipped):
            problem = f"graph.summary.cutoffs[{index}] does not match the cut-off event at step {cutoff.step}"
            detail = " (it prunes a visited node or one not below a skipped child)" if same_event else ""
            raise _problem(name, problem + detail)
    if tuple(summary.visit_order) != tuple(entered):
        raise _problem(name, "graph.summary.visit_order is not the order in which the events enter the nodes")
    line = summary.principal_variation
    if not line or line[0] != 0 or any(parents[node] != before for before, node in zip(line, line[1:])) \
            or summary.best_child != (line[1] if len(line) > 1 else None):
        raise _problem(name, "graph.summary.principal_variation is not a path down from the root through best_child")
