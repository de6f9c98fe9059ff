"""Provides `Replay`: the state of every node after each step, replayed from a trace graph's events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator

from visualizer.games.base import Player, Value
from visualizer.tracing.trace import NEGAMAX_ALGORITHMS

if TYPE_CHECKING:
    import networkx

__all__ = ["NodeState", "Replay"]


@dataclass(slots=True)
class NodeState:
    """What a node shows at some step.

    Attributes:
        visit: its position in the visit order.
        value: its value so far from MAX's view (None until it has one).
        alpha: its alpha so far (negamax: the mover's view).
        beta: its beta so far.
        finished: True once the search has left it.
    """

    visit: int
    value: Value | None = None
    alpha: Value | None = None
    beta: Value | None = None
    finished: bool = False


@dataclass
class Replay:
    """Steps through the events of a `to_networkx` graph, one event at a time.

    Attributes:
        step: the last event applied (0 before the first).
        event: that event's record, None at step 0.
        nodes: the state of every node entered so far, by id.
        pruned: ids of the nodes left out by the cut-offs so far.
        cut_edges: (node, first skipped child) for each cut-off so far.
    """

    graph: networkx.DiGraph
    step: int = 0
    event: dict[str, Any] | None = None
    nodes: dict[int, NodeState] = field(default_factory=dict)
    pruned: set[int] = field(default_factory=set)
    cut_edges: set[tuple[int, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.ids = {attributes["name"]: node for node, attributes in self.graph.nodes(data=True)}
        self.events = self.graph.graph["events"]
        self.is_negamax = self.graph.graph["algorithm"] in NEGAMAX_ALGORITHMS
        self.pruned_by_step = {
            cut["step"]: [self.ids[name] for name in cut["pruned"]] for cut in self.graph.graph["summary"]["cutoffs"]
        }

    @property
    def count(self) -> int:
        """The number of events in the trace."""
        return len(self.events)

    @property
    def current(self) -> int | None:
        """The id of the node the last event happened at."""
        return None if self.event is None else self.ids[self.event["node"]]

    @property
    def child(self) -> int | None:
        """The id of the child the last event took a value from, if any."""
        return None if self.event is None or self.event["child"] is None else self.ids[self.event["child"]]

    def _max_view(self, node: int, value: Value | None) -> Value | None:
        if value is None or not self.is_negamax:
            return value
        return value * Player(self.graph.nodes[node]["player"]).sign

    def advance(self) -> None:
        """Applies the next event."""
        event = self.events[self.step]
        self.step += 1
        self.event = event
        node = self.ids[event["node"]]
        if event["kind"] == "enter":
            self.nodes[node] = NodeState(visit=len(self.nodes) + 1)
        state = self.nodes[node]
        state.alpha, state.beta = event["alpha"], event["beta"]
        if event["value"] is not None:
            state.value = self._max_view(node, event["value"])
        if event["kind"] == "exit":
            state.finished = True
        if event["kind"] == "cutoff" and event["skipped"]:
            self.cut_edges.add((node, self.ids[event["skipped"][0]]))
            self.pruned.update(self.pruned_by_step.get(event["step"], ()))

    def seek(self, step: int) -> Replay:
        """Applies events until `step` (forward only) and returns self."""
        while self.step < step:
            self.advance()
        return self

    def __iter__(self) -> Iterator[Replay]:
        """Yields self after each remaining event; read it before asking for the next."""
        while self.step < self.count:
            self.advance()
            yield self
