"""Provides the immutable `Trace` of one search: its nodes, its events and their summary."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from visualizer.games.base import Player
from visualizer.tracing.events import Event
from visualizer.tracing.trace_columns import EventSequence, NodeSequence, TraceColumns
from visualizer.tracing.trace_records import Cutoff, NodeStatus, Summary, TraceNode
from visualizer.tracing.traits import UNKNOWN_TRAITS, AlgorithmTraits, traits_of

__all__ = ["Trace", "TraceNode", "NodeStatus", "Cutoff", "Summary"]


@dataclass(frozen=True, eq=False)
class Trace:
    """A finished search, read by the CLI, the app and the exporters; `nodes` and `events` read its
    columns as `TraceNode` and `Event` records.

    Attributes:
        depth_limit: the look-ahead, None for a full search.
        strict: True when pruning happened only on strict inequality.
        source: JSON-able facts enough to rebuild the tree (see `Game.spec`).
        iterative: True when the search ran with an explicit stack; the events are the same either way.
        earlier_passes: for a search of several passes (iterative deepening, MTD(f)), the passes
            before this one, first to last, each a trace of its own; this trace is the last pass.
        options: the search options that differ from their defaults, e.g. {"fail_hard": True}.
        traits: how the algorithm's events read; by default those registered under `algorithm`.
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

    @classmethod
    def from_records(cls, *, nodes: Sequence[TraceNode], events: Sequence[Event], **attributes: Any) -> Trace:
        """A trace of nodes and events held as records (node i must have id i)."""
        return cls(columns=TraceColumns.from_records(nodes, events), **attributes)

    @cached_property
    def nodes(self) -> NodeSequence:
        """Every node the trace knows, indexed by id."""
        return NodeSequence(self.columns)

    @cached_property
    def events(self) -> EventSequence:
        """The steps, in order (step s is `events[s - 1]`)."""
        return EventSequence(self.columns)

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
