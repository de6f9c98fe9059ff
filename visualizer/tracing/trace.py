"""Provides the immutable `Trace` of one search (its nodes, its events and their summary) and its records
as plain data (`Trace.to_networkx`, the trace as a plain-data networkx DiGraph)."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any

from visualizer.errors import InputError
from visualizer.games.base import Player
from visualizer.tracing.events import EVENT_FIELDS, EVENT_KINDS, SPARSE_FIELDS, Event
from visualizer.tracing.trace_columns import KINDS, RecordSequence, TraceColumns
from visualizer.tracing.trace_records import Cutoff, NodeStatus, Summary, TraceNode
from visualizer.tracing.traits import UNKNOWN_TRAITS, AlgorithmTraits, traits_of
from visualizer.version import __version__

if TYPE_CHECKING:
    import networkx

__all__ = ["Trace", "TraceNode", "NodeStatus", "Cutoff", "Summary"]


@dataclass(frozen=True, eq=False)
class Trace:
    """A finished search, read by the CLI, the app and the exporters; `nodes` and `events` read its
    columns as `TraceNode` and `Event` records.

    `trace_search` and `read_json` make traces; `summary` holds the answer (the value, the best move, the
    visit order, the cut-offs). In Jupyter, once `visualizer` is imported, a trace shows itself as the figure
    of its finished search (a cell's last value, or IPython's `display(trace)`); a trace of over 5,000 nodes
    shows as text.

    Attributes:
        depth_limit: the look-ahead, None for a full search.
        strict: True when pruning happened only on strict inequality.
        source: JSON-able facts enough to rebuild the tree (see `Game.spec`).
        iterative: True when the search ran with an explicit stack; the events are the same either way.
        earlier_passes: for a search of several passes (iterative deepening, MTD(f)), the passes
            before this one, first to last, each a trace of its own; this trace is the last pass.
        options: the search options that differ from their defaults, e.g. {"fail_hard": True}.
        traits: how the algorithm's events read; by default those registered under `algorithm`.

    Examples:
        >>> from visualizer import builtin_example, trace_search
        >>> trace = trace_search(builtin_example(), "alphabeta")
        >>> trace.summary.value, trace.summary.best_move
        (2, 'C')
        >>> trace.names(trace.summary.visit_order)
        ['A', 'B', 'D', 'H', 'I', 'E', 'J', 'C', 'F', 'L', 'M', 'G', 'N']
        >>> trace.node("K").status.value
        'pruned'
        >>> event = trace.events[20]  # step 21
        >>> event.kind.value, trace.nodes[event.node].name, event.alpha, event.value
        ('cutoff', 'E', 6, 3)
    """

    algorithm: str
    depth_limit: int | None
    strict: bool
    root_player: Player
    description: str
    source: dict[str, Any]
    summary: Summary
    columns: TraceColumns
    iterative: bool = False
    earlier_passes: tuple[Trace, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    traits: AlgorithmTraits = UNKNOWN_TRAITS

    def __post_init__(self) -> None:
        if self.traits is UNKNOWN_TRAITS:  # not given: the registered algorithm's, if any
            object.__setattr__(self, "traits", traits_of(self.algorithm))

    @cached_property
    def nodes(self) -> RecordSequence[TraceNode]:
        """Every node the trace knows, indexed by id."""
        columns = self.columns
        return RecordSequence(columns.node, lambda: columns.node_count)

    @cached_property
    def events(self) -> RecordSequence[Event]:
        """The steps, in order (step s is `events[s - 1]`)."""
        columns = self.columns
        return RecordSequence(columns.event, lambda: columns.event_count)

    @cached_property
    def _by_name(self) -> dict[str, int]:
        return dict(zip(self.columns.name, range(self.columns.node_count)))

    def _facts(self) -> tuple[Any, ...]:
        """What two equal traces share, besides their nodes, events and earlier passes."""
        header = (self.algorithm, self.depth_limit, self.strict, self.iterative, self.root_player, self.description)
        return (*header, self.source, self.options, self.summary)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trace):
            return NotImplemented
        return (
            self._facts() == other._facts()
            and self.nodes == other.nodes
            and self.events == other.events
            and self.earlier_passes == other.earlier_passes
        )

    __hash__ = None  # type: ignore[assignment]  # (typeshed declares __hash__ a method; None makes it unhashable)

    @property
    def is_negamax(self) -> bool:
        """True when event values are from the view of the player to move (the algorithm's `movers_view`)."""
        return self.traits.movers_view

    @property
    def passes(self) -> tuple[Trace, ...]:
        """Every pass of the search in order, this one last (just this one for most searches)."""
        return (*self.earlier_passes, self)

    @property
    def root(self) -> TraceNode:
        """Node 0."""
        return self.nodes[0]

    def node(self, name: str) -> TraceNode:
        """The node called `name` (KeyError if there is none)."""
        return self.nodes[self._by_name[name]]

    def names(self, ids: Iterable[int]) -> list[str]:
        """The names of the nodes with these ids, in the same order."""
        names = self.columns.name
        return [names[node] for node in ids]

    def to_networkx(self) -> networkx.DiGraph:
        """The trace as a DiGraph keyed by node id, holding only plain data (str, int, float, None, lists).

        Node attributes are those of `node_attributes`; each edge parent -> child has `order` (its index
        among the siblings), `cutoff` (True on the edge to the child whose value closed the window) and,
        with chance nodes, `probability`. Graph attributes: format, version, tool_version, source,
        algorithm, options, root_player, description, summary and events; for a search of several passes
        also `passes`, the node-link data of each earlier pass's graph, first to last.

        Returns:
            A new `networkx.DiGraph`; changing it leaves the trace as it was.

        Examples:
            >>> from visualizer import builtin_example, trace_search
            >>> graph = trace_search(builtin_example(), "alphabeta").to_networkx()
            >>> graph.number_of_nodes(), graph.number_of_edges()
            (15, 14)
            >>> graph.nodes[0]["name"], graph.nodes[0]["value"], graph.graph["algorithm"]
            ('A', 2, 'alphabeta')
        """
        import networkx

        graph = _pass_graph(self)
        if self.earlier_passes:
            graph.graph["passes"] = [
                networkx.node_link_data(_pass_graph(earlier), edges="edges") for earlier in self.earlier_passes
            ]
        return graph


FORMAT = "gametree-trace"
"""The `format` graph attribute that marks a graph (and a JSON file) as a trace."""

FORMAT_VERSION = 2
"""The major version of the trace files the visualizer writes; readers refuse files whose major version is newer."""

GRAPH_VERSION = 1
"""The `version` attribute of `Trace.to_networkx` graphs: they hold the layout of version 1 files."""


def node_attributes(trace: Trace, node: TraceNode) -> dict[str, Any]:
    """The graph attributes of one node: names instead of ids, enums as their strings."""
    record = {"name": node.name, "parent": field_record(trace, "child", node.parent), "player": node.player.value}
    record.update((key, getattr(node, key)) for key in ("static_value", "value", "alpha", "beta", "visit"))
    record.update(status=node.status.value, board=node.board, move=node.move, depth=node.depth)
    return record


def sparse_fields(trace: Trace) -> tuple[str, ...]:
    """The `SPARSE_FIELDS` every event record of `trace` has: those carried by the kinds of event it has."""
    columns = trace.columns
    if not columns.event_extra:
        return ()
    codes = set(columns.event_kind)
    carried = {field for code in codes for field in EVENT_KINDS[KINDS[code]].carries}
    return tuple(field for field in SPARSE_FIELDS if field in carried)


def field_record(trace: Trace, field: str, value: Any, *, by_name: bool = True) -> Any:
    """An event field's value as files hold it: nodes by name (by id when not `by_name`), a bound as its
    string, moves as a list."""
    holds = EVENT_FIELDS[field].holds
    if value is None or holds == "node" and not by_name:
        return value
    if holds == "node":
        return trace.columns.name[value]
    if holds == "nodes":
        return trace.names(value) if by_name else list(value)
    if holds == "bound":
        return value.value
    if holds == "moves":
        return list(value)
    return value  # a value or a count


def event_record(trace: Trace, event: Event, fields: tuple[str, ...]) -> dict[str, Any]:
    """One event with node names, and its `fields` (the `sparse_fields` of the trace)."""
    record = {
        "step": event.step,
        "kind": event.kind.value,
        "node": trace.columns.name[event.node],
        "depth": event.depth,
        "alpha": event.alpha,
        "beta": event.beta,
        "value": event.value,
    }
    for name in ("child", "skipped", *fields):
        record[name] = field_record(trace, name, getattr(event, name))
    return record


def summary_record(trace: Trace, *, by_name: bool = True) -> dict[str, Any]:
    """The summary with node names (ids when not `by_name`); `nodes_visited` is included for readers of the file."""
    summary = trace.summary
    one = partial(field_record, trace, "child", by_name=by_name)  # a node
    many = partial(field_record, trace, "skipped", by_name=by_name)  # nodes
    return {
        "value": summary.value,
        "best_child": one(summary.best_child),
        "best_move": summary.best_move,
        "principal_variation": many(summary.principal_variation),
        "visit_order": many(summary.visit_order),
        "nodes_visited": summary.nodes_visited,
        "leaves_evaluated": summary.leaves_evaluated,
        "cutoffs": [
            {"node": one(cut.node), "step": cut.step, "child": one(cut.child)}
            | {"skipped": many(cut.skipped), "pruned": many(cut.pruned)}
            for cut in summary.cutoffs
        ],
        "pruned": many(summary.pruned),
        "unreached": many(summary.unreached),
    }


def options_record(trace: Trace) -> dict[str, Any]:
    """The search options a file records: {depth_limit, iterative, strict} and `trace.options` (pairs as lists)."""
    record: dict[str, Any] = {"depth_limit": trace.depth_limit, "iterative": trace.iterative, "strict": trace.strict}
    for name, value in sorted(trace.options.items()):
        record[name] = list(value) if isinstance(value, tuple) else value
    return record


def check_names(trace: Trace) -> None:
    """Exports refer to nodes by name, so names must be non-empty and unique (else an InputError).

    A trace's columns remember the names that passed (`TraceColumns.checked_names`), so a second export
    of the same trace compares lists instead of hashing every name into a set again.
    """
    columns = trace.columns
    names = columns.name
    if columns.checked_names is not None and columns.checked_names == names:
        return
    distinct = set(names)
    if "" in distinct:
        raise InputError("a node has an empty name; give every node a non-empty name to export the trace")
    if len(distinct) != len(names):
        name, _count = Counter(names).most_common(1)[0]
        raise InputError(
            f"the name {name!r} is used by more than one node; give every node a unique name to export the trace"
        )
    columns.checked_names = list(names)


def _pass_graph(trace: Trace) -> networkx.DiGraph:
    """`Trace.to_networkx` of one pass: the trace without its earlier passes."""
    import networkx

    check_names(trace)
    fields = sparse_fields(trace)
    cut_edges = {(cutoff.node, cutoff.child) for cutoff in trace.summary.cutoffs}
    graph = networkx.DiGraph(
        format=FORMAT,
        version=GRAPH_VERSION,
        tool_version=__version__,
        source=copy.deepcopy(trace.source),
        algorithm=trace.algorithm,
        options=options_record(trace),
        root_player=trace.root_player.value,
        description=trace.description,
        summary=summary_record(trace),
        events=[event_record(trace, event, fields) for event in trace.events],
    )
    for node in trace.nodes:
        graph.add_node(node.id, **node_attributes(trace, node))
    probability = trace.columns.probability if trace.columns.has_chance else None
    for node in trace.nodes:
        for order, child in enumerate(node.children):
            chance = {} if probability is None else {"probability": probability[child]}
            graph.add_edge(node.id, child, order=order, cutoff=(node.id, child) in cut_edges, **chance)
    return graph
