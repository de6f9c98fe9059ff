"""Provides `Recorder`, the tracer that turns a running search into an immutable `Trace`: its hooks log each
call with an append or two, and the log of each pass is filed into columns when its trace is first read."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial

import numpy as np

from visualizer.errors import NodeBudgetExceeded
from visualizer.games.base import Game, Player, Value
from visualizer.tracing.lazy_columns import RecordedColumns
from visualizer.tracing.recording_hooks import BACK_UP, EVALUATE, LOGS_VALUE, SIMULATE, bind_hooks
from visualizer.tracing.search_log import CLOSING_CODES, OPENING_CODES, SearchLog
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_records import Cutoff, Summary
from visualizer.tracing.tracer import Tracer
from visualizer.tracing.traits import traits_of

DEFAULT_MAX_NODES = 2_000_000
"""Nodes a recorded search may enter before it is stopped (a full tic-tac-toe minimax is 549,946)."""

PROGRESS_EVERY = 25_000
"""The progress callback is called each time this many more nodes have been entered."""

EVALUATIONS = bytes((EVALUATE, SIMULATE))
"""The kinds that give a node a value of its own (a static value, or a playout's result)."""


class Recorder(Tracer):
    """Records every hook into a log and builds the `Trace` in `result()`: the last pass, with the earlier
    ones in its `earlier_passes`.

    Args:
        max_nodes: stop the search with `NodeBudgetExceeded` once it enters more nodes than this.
        progress: called with the number of nodes entered so far, every `PROGRESS_EVERY` nodes.
        iterative: record that the search runs iteratively (the hooks cannot tell).
    """

    def __init__(
        self,
        *,
        max_nodes: int = DEFAULT_MAX_NODES,
        progress: Callable[[int], None] | None = None,
        iterative: bool = False,
    ):
        self.max_nodes = max_nodes
        self.progress = progress
        self.iterative = iterative
        self.recording = SearchLog()
        self.passes: list[Trace] = []  # the passes finished before the one being recorded
        self._began = False
        self._entered_before = 0  # the nodes the passes before this one entered
        self._configure = bind_hooks(self, self.recording, self._checkpoint)

    def begin(self, game: Game, *, algorithm: str, depth_limit: int | None, strict: bool) -> None:
        log = self.recording
        if self._began:  # a further pass: the one before it becomes a trace of its own
            if self._entered != sum(map(log.event_kind.count, CLOSING_CODES)):  # nodes left open
                raise RuntimeError("a pass began while nodes of the one before were still open")
            self._entered_before += self._entered
            self.passes.append(self._trace(log.take()))
        self._began = True
        self.game = game
        self.algorithm, self.depth_limit, self.strict = algorithm, depth_limit, strict
        self.traits = traits = traits_of(algorithm)  # without a window, alphas and betas are all None: none are stored
        log.windowed, log.entries_are_nodes = traits.windowed, not game.is_explicit and not traits.revisits
        self._configure(traits.windowed)

    @property
    def _entered(self) -> int:
        """The nodes this pass has entered so far."""
        return sum(map(self.recording.event_kind.count, OPENING_CODES))

    def _checkpoint(self, entered: int) -> int:
        """Stops a search over budget (counting every pass) and reports progress; returns the count (in this
        pass) to check again at."""
        total = entered + self._entered_before
        if total >= self.max_nodes:
            raise NodeBudgetExceeded(
                f"the search passed {self.max_nodes:,} nodes (--max-nodes); "
                "look fewer moves ahead with --depth N, or raise --max-nodes"
            )
        if self.progress is not None and total and total % PROGRESS_EVERY == 0:
            self.progress(total)
        return min(self.max_nodes, (total // PROGRESS_EVERY + 1) * PROGRESS_EVERY) - self._entered_before

    def end(self, value: Value) -> None:
        self.recording.root_value = value

    def result(self) -> Trace:
        if not self._began:
            raise RuntimeError("no search began on this Recorder: there is nothing to make a trace of")
        return dataclasses.replace(self._trace(self.recording), earlier_passes=tuple(self.passes))

    def _trace(self, log: SearchLog) -> Trace:
        """The trace of the pass logged in `log` (filed and summed up when first read)."""
        game, negamax, revisits = self.game, self.traits.movers_view, self.traits.revisits
        if log.root_value is None:
            raise RuntimeError("the search has not ended (Tracer.end): there is no value to make a trace of")
        columns = RecordedColumns(game, log, negamax=negamax, revisits=revisits)
        value = log.root_value * (game.player(game.root()).sign if negamax else 1)  # MAX's view
        summary = Summary.deferred(lambda: _summary(log, columns, game, value=value, revisits=revisits), value=value)
        return Trace(
            algorithm=self.algorithm,
            depth_limit=self.depth_limit,
            strict=self.strict,
            root_player=game.player(game.root()),
            description=game.describe(),
            source=game.spec(),
            summary=summary,
            columns=columns,
            iterative=self.iterative,
            traits=self.traits,
        )


def _summary(log: SearchLog, columns: RecordedColumns, game: Game, *, value: Value, revisits: bool) -> Summary:
    """The summary of a pass, from its filed columns (for a revisiting search, pruned is what stays unvisited)."""
    filed = columns.filed
    pruned = columns.pruned_nodes
    monte_carlo = filed.visit_counts  # its line follows the most visited children
    best = _most_visited(filed.parent, monte_carlo).get if monte_carlo else partial(_best_child, columns)
    line, chance = [0], Player.CHANCE
    while game.player(filed.states[line[-1]]) is not chance and (child := best(line[-1])) is not None:
        line.append(child)  # chance chooses no line
    best_child = line[1] if len(line) > 1 else None
    visit_order = filed.visit_order.tolist()
    return Summary(
        value=value,
        best_child=best_child,
        best_move=None if best_child is None else columns.move[best_child],
        principal_variation=tuple(line),
        visit_order=tuple(visit_order),
        leaves_evaluated=sum(map(log.event_kind.count, EVALUATIONS)),
        cutoffs=tuple(
            Cutoff(node, step, child, skipped, subtree)
            for (node, step, child, skipped), subtree in zip(filed.cutoffs, columns.pruned_by_cutoff)
        ),
        pruned=tuple(sorted(pruned.difference(visit_order) if revisits else pruned)),
        unreached=columns.unreached(),
    )


def _best_child(columns: RecordedColumns, node: int) -> int | None:
    """The child whose back-up last changed `node`'s value (None if none did), from the node's events."""
    kinds, values, children = columns.event_kind, columns.event_value, columns.event_child
    value, best = None, None
    for index in np.flatnonzero(np.frombuffer(columns.filed.event_node, dtype=np.intc) == node).tolist():
        kind = kinds[index]
        if kind in LOGS_VALUE:  # the kinds that set the node's value
            if kind == BACK_UP and values[index] != value:
                best = children[index]
            value = values[index]
    return best


def _most_visited(parents: list[int | None], counts: dict[int, int]) -> dict[int, int]:
    """Each node's most visited child (the first such, in the order they were added), by visit counts."""
    best: dict[int, int] = {}
    for node in sorted(counts):  # children are added after their parents: ids in order
        parent = parents[node]
        if parent is not None and counts[node] > counts.get(best.get(parent, -1), 0):
            best[parent] = node
    return best
