"""Provides `ObjectRecorder`: the first, plain recorder (an object per event and per node), an oracle.

The visualizer's `Recorder` fills columns through closures for speed; this one keeps the obvious
shape, so the tests can check that both record the same trace: every hook, several passes, and a
search that enters a node again (a node is then its path from the root)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from visualizer.errors import NodeBudgetExceeded
from visualizer.games.base import Game, Player, Value
from visualizer.tracing.events import SPARSE_FIELDS, Bound, Event, EventKind
from visualizer.tracing.recorder import DEFAULT_MAX_NODES, PROGRESS_EVERY
from visualizer.tracing.trace import Cutoff, NodeStatus, Summary, Trace, TraceNode
from visualizer.tracing.trace_columns import KIND_CODES, NO_CHILD, NODE_FIELDS, TraceColumns
from visualizer.tracing.tracer import Tracer
from visualizer.tracing.traits import traits_of

__all__ = ["ObjectRecorder", "columns_from_records"]


class ObjectRecorder(Tracer):
    """Records every hook as an `Event` and builds the `Trace` in `result()`.

    Args:
        max_nodes: stop the search with `NodeBudgetExceeded` once it enters more nodes than this.
        progress: called with the number of nodes entered so far, every `PROGRESS_EVERY` nodes.
    """

    def __init__(self, *, max_nodes: int = DEFAULT_MAX_NODES, progress: Callable[[int], None] | None = None):
        self.max_nodes = max_nodes
        self.progress = progress
        self.passes: list[Trace] = []
        self.began = False

    # -- hooks -------------------------------------------------------------
    def begin(self, game: Game, *, algorithm: str, depth_limit: int | None, strict: bool) -> None:
        if self.began:  # a further pass: the one before is finished
            self.passes.append(self._trace())
        self.began = True
        self.revisits = traits_of(algorithm).revisits and not game.is_explicit
        self.paths: dict[tuple[int | None, Any], int] = {}
        self.visit_counts: dict[int, int] = {}
        self.extras: dict[int, dict[str, Any]] = {}  # step -> the sparse fields of its event
        self.game = game
        self.algorithm, self.depth_limit, self.strict = algorithm, depth_limit, strict
        self.is_negamax = traits_of(algorithm).movers_view
        self.events: list[Event] = []
        self.stack: list[int] = []  # ids of the open nodes
        self.states: list[Any] = []  # game states by id (for board text); empty for explicit trees
        self.names: list[str] = []
        self.parents: list[int | None] = []
        self.moves: list[Any] = []
        self.depths: list[int] = []
        self.players: list[Player] = []
        self.statics: list[Value | None] = []
        self.values: dict[int, Value] = {}  # running value of open nodes, final value of closed ones
        self.windows: dict[int, tuple[Value | None, Value | None]] = {}
        self.best: dict[int, int] = {}  # the child that set each node's value
        self.visit_order: list[int] = []
        self.cutoffs: list[tuple[int, int, int, tuple[int, ...]]] = []
        self.last_exited = -1
        self.root_value: Value | None = None
        if game.is_explicit:
            tree = game
            self.names = list(tree.names)
            self.parents = [tree.parent(node) for node in range(len(tree))]
            self.moves = [None] + list(range(1, len(tree)))
            self.depths = list(tree.depths)
            self.players = [tree.player(node) for node in range(len(tree))]
            self.statics = list(tree.values)

    def _add_node(self, state: Any, move: Any, parent: int | None, depth: int) -> int:
        """Registers a game node met for the first time and returns its id."""
        game = self.game
        if game.is_explicit:
            return state
        if self.revisits:
            if (parent, move) in self.paths:
                return self.paths[parent, move]
            self.paths[parent, move] = len(self.names)
        node = len(self.names)
        if parent is None:
            self.names.append(game.root_name())
        else:
            self.names.append(game.child_name(self.names[parent], self.states[parent], move))
        self.parents.append(parent)
        self.moves.append(move)
        self.depths.append(depth)
        self.players.append(game.player(state))
        self.statics.append(None)
        self.states.append(state)
        return node

    def _event(self, kind: EventKind, node: int, **fields: Any) -> None:
        alpha, beta = self.windows[node]
        self.events.append(Event(len(self.events) + 1, kind, node, self.depths[node], alpha, beta, **fields))

    def enter(
        self,
        state: Any,
        move: Any,
        *,
        depth: int,
        alpha: Value | None,
        beta: Value | None,
        kind: EventKind = EventKind.ENTER,
        **fields: Any,
    ) -> None:
        count = len(self.visit_order)
        if count >= self.max_nodes:
            raise NodeBudgetExceeded(
                f"the search passed {self.max_nodes:,} nodes (--max-nodes); "
                "look fewer moves ahead with --depth N, or raise --max-nodes"
            )
        if self.progress is not None and count and count % PROGRESS_EVERY == 0:
            self.progress(count)
        node = self._add_node(state, move, self.stack[-1] if self.stack else None, depth)
        self.visit_order.append(node)
        self.stack.append(node)
        self.windows[node] = (alpha, beta)
        self._event(kind, node, **fields)

    def select(self, state: Any, move: Any, *, depth: int, score: Value | None) -> None:
        parent = self.stack[-1] if self.stack else None
        known = state if self.game.is_explicit else self.paths.get((parent, move), 0 if parent is None else None)
        self.enter(
            state,
            move,
            depth=depth,
            alpha=None,
            beta=None,
            kind=EventKind.SELECT,
            value=self.values.get(known),
            score=score,
        )

    def expand(self, state: Any, move: Any, *, depth: int) -> None:
        self.enter(state, move, depth=depth, alpha=None, beta=None, kind=EventKind.EXPAND)

    def simulate(self, state: Any, playout: Sequence[str], value: Value) -> None:
        node = self.stack[-1]
        self.values[node] = value
        self._event(EventKind.SIMULATE, node, value=value, playout=tuple(playout))

    def backpropagate(self, state: Any, value: Value, *, visits: int) -> None:
        node = self.stack.pop()
        self.values[node] = value
        self.visit_counts[node] = visits
        self._event(EventKind.BACKPROPAGATE, node, value=value, visits=visits)
        self.last_exited = node

    def research(self, state: Any, child: Any) -> None:
        node = self.stack[-1]
        self._event(EventKind.RESEARCH, node, value=self.values.get(node), child=self.last_exited)

    def transposition(self, state: Any, value: Value, *, bound: Bound) -> None:
        node = self.stack[-1]
        self.values[node] = value
        ref = None
        if not self.game.is_explicit:  # the latest node entered before this one at the same position
            for earlier in reversed(self.visit_order[:-1]):
                if self.states[earlier] == self.states[node]:
                    ref = None if earlier in self.stack else earlier
                    break
        self._event(EventKind.TRANSPOSITION, node, value=value, ref=ref, bound=Bound(bound))

    def _to_max_view(self, node: int, value: Value) -> Value:
        return value * self.players[node].sign if self.is_negamax else value

    def evaluate(self, state: Any, value: Value) -> None:
        node = self.stack[-1]
        self.statics[node] = self._to_max_view(node, value)
        self.values[node] = value
        self._event(EventKind.EVALUATE, node, value=value)

    def back_up(self, state: Any, child: Any, value: Value) -> None:
        node, child_id = self.stack[-1], self.last_exited
        if self.values.get(node) != value:
            self.best[node] = child_id
        self.values[node] = value
        self._event(EventKind.BACK_UP, node, value=value, child=child_id)

    def update(self, state: Any, *, alpha: Value, beta: Value) -> None:
        node = self.stack[-1]
        self.windows[node] = (alpha, beta)
        self._event(EventKind.UPDATE, node, value=self.values.get(node))

    def cutoff(
        self,
        state: Any,
        skipped: Sequence[tuple[Any, Any]],
        *,
        alpha: Value,
        beta: Value,
        kind: EventKind = EventKind.CUTOFF,
        **fields: Any,
    ) -> None:
        node = self.stack[-1]
        depth = self.depths[node] + 1
        ids = tuple(self._add_node(child, move, node, depth) for move, child in skipped)
        self.cutoffs.append((node, len(self.events) + 1, self.last_exited, ids))
        self._event(kind, node, value=self.values.get(node), child=self.last_exited, skipped=ids, **fields)

    def chance_cutoff(
        self, state: Any, skipped: Sequence[tuple[Any, Any]], *, bound: Bound, limit: Value, alpha: Value, beta: Value
    ) -> None:
        self.cutoff(
            state, skipped, alpha=alpha, beta=beta, kind=EventKind.CHANCE_CUTOFF, bound=Bound(bound), limit=limit
        )

    def exit(self, state: Any, value: Value) -> None:
        node = self.stack.pop()
        self.values[node] = value
        self._event(EventKind.EXIT, node, value=value)
        self.last_exited = node

    def end(self, value: Value) -> None:
        self.root_value = value

    # -- the finished trace -----------------------------------------------
    def _children(self) -> list[list[int]]:
        if self.game.is_explicit:
            return [list(kids) for kids in self.game.children]
        children: list[list[int]] = [[] for _ in self.names]
        for node, parent in enumerate(self.parents):
            if parent is not None:
                children[parent].append(node)
        return children

    def _pruned_subtrees(self, children: list[list[int]]) -> list[tuple[int, ...]]:
        """For each cut-off, its skipped children and all their known descendants."""
        result = []
        for _node, _step, _child, skipped in self.cutoffs:
            pruned, frontier = [], list(skipped)
            while frontier:
                pruned.extend(frontier)
                frontier = [kid for node in frontier for kid in children[node]]
            result.append(tuple(sorted(pruned)))
        return result

    def result(self) -> Trace:
        return dataclasses.replace(self._trace(), earlier_passes=tuple(self.passes))

    def _trace(self) -> Trace:
        """The trace of the pass being recorded."""
        game = self.game
        children = self._children()
        pruned_by_cut = self._pruned_subtrees(children)
        pruned = set().union(*pruned_by_cut)
        visit = {node: number for number, node in enumerate(self.visit_order, start=1)}
        nodes = []
        for node, name in enumerate(self.names):
            status = (  # a node skipped and searched later (it revisits) is visited
                NodeStatus.VISITED if node in visit else NodeStatus.PRUNED if node in pruned else NodeStatus.UNREACHED
            )
            value = self.values.get(node) if node in visit else None
            alpha, beta = self.windows.get(node, (None, None))
            nodes.append(
                TraceNode(
                    id=node,
                    name=name,
                    parent=self.parents[node],
                    children=tuple(children[node]),
                    move=None if self.parents[node] is None else game.move_value(self.moves[node]),
                    depth=self.depths[node],
                    player=self.players[node],
                    static_value=self.statics[node],
                    value=None if value is None else self._to_max_view(node, value),
                    alpha=alpha,
                    beta=beta,
                    visit=visit.get(node),
                    status=status,
                    board=None if game.is_explicit else game.board_text(self.states[node]),
                )
            )
        best = self.best
        if self.visit_counts:  # Monte Carlo: the most visited child, the first added among equals
            best = {}
            for node in sorted(self.visit_counts):
                parent = self.parents[node]
                if parent is not None and self.visit_counts[node] > self.visit_counts.get(best.get(parent), 0):
                    best[parent] = node
        line = [0]
        while line[-1] in best and self.players[line[-1]] is not Player.CHANCE:
            line.append(best[line[-1]])
        best_child = line[1] if len(line) > 1 else None
        summary = Summary(
            value=self._to_max_view(0, self.root_value),
            best_child=best_child,
            best_move=None if best_child is None else nodes[best_child].move,
            principal_variation=tuple(line),
            visit_order=tuple(self.visit_order),
            leaves_evaluated=sum(1 for event in self.events if event.kind in (EventKind.EVALUATE, EventKind.SIMULATE)),
            cutoffs=tuple(
                Cutoff(node, step, child, skipped, pruned_subtree)
                for (node, step, child, skipped), pruned_subtree in zip(self.cutoffs, pruned_by_cut)
            ),
            pruned=tuple(sorted(pruned - set(visit))),  # a node skipped and searched later is not pruned
            unreached=tuple(n.id for n in nodes if n.status is NodeStatus.UNREACHED),
        )
        return Trace(
            columns=columns_from_records(nodes, self.events),
            algorithm=self.algorithm,
            depth_limit=self.depth_limit,
            strict=self.strict,
            root_player=self.players[0],
            description=game.describe(),
            source=game.spec(),
            summary=summary,
        )


def columns_from_records(nodes: Sequence[TraceNode], events: Sequence[Event]) -> TraceColumns:
    """The columns of nodes and events held as objects (node i must have id i)."""
    columns: dict[str, Any] = {field: [getattr(node, field) for node in nodes] for field in NODE_FIELDS}
    for field in ("node", "value", "alpha", "beta"):
        columns[f"event_{field}"] = [getattr(event, field) for event in events]
    return TraceColumns(
        **columns,
        event_kind=bytearray(KIND_CODES[event.kind] for event in events),
        event_child=[NO_CHILD if event.child is None else event.child for event in events],
        event_skipped={event.step: event.skipped for event in events if event.skipped},
        event_extra={
            name: extra
            for name in SPARSE_FIELDS
            if (extra := {event.step: getattr(event, name) for event in events if getattr(event, name) is not None})
        },
    )
