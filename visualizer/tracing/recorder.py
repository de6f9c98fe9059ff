"""Provides `Recorder`, the tracer that turns a running search into an immutable `Trace`.

The recorder builds no object per node or event: a full tic-tac-toe minimax calls its hooks 2.5
million times. Its hooks (`recording_hooks`) log each call with an append or two; the log is filed
into one list per field (see `TraceColumns`) when the trace is first read, or earlier when a hook
needs it. A recording of enters, evaluations, back-ups, exits, window updates and cut-offs alone
(minimax, negamax, alpha-beta on a game) is summed up straight from the log (`principal_line`) when
its summary is first read; names, boards and statuses are worked out only when the trace is read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from itertools import chain

from visualizer.errors import NodeBudgetExceeded
from visualizer.games.base import Game, Player, Value
from visualizer.tracing.events import EventKind
from visualizer.tracing.lazy_columns import RecordedColumns
from visualizer.tracing.principal_line import logged_cutoffs, logged_line
from visualizer.tracing.recording_hooks import EVALUATE, LIGHT_KINDS, bind_hooks
from visualizer.tracing.search_log import SearchLog
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import KIND_CODES
from visualizer.tracing.trace_records import Cutoff, Summary
from visualizer.tracing.tracer import Tracer
from visualizer.tracing.traits import traits_of

__all__ = ["Recorder", "DEFAULT_MAX_NODES", "PROGRESS_EVERY"]

DEFAULT_MAX_NODES = 2_000_000
"""Nodes a recorded search may enter before it is stopped (a full tic-tac-toe minimax is 549,946)."""

PROGRESS_EVERY = 25_000
"""The progress callback is called each time this many more nodes have been entered."""

EVALUATIONS = (EVALUATE, KIND_CODES[EventKind.SIMULATE])
"""The kinds that give a node a value of its own (a static value, or a playout's result)."""

_LIGHT_ONLY = bytes(sorted(LIGHT_KINDS))
"""The light kinds, as bytes to delete from the kind column (what is left are the other kinds)."""


class Recorder(Tracer):
    """Records every hook into columns and builds the `Trace` in `result()`.

    A search that runs several passes (iterative deepening, MTD(f)) calls `begin` ... `end` once
    per pass; each pass is recorded as a trace of its own, and `result()` is the last one with the
    earlier ones in its `earlier_passes`.

    Args:
        max_nodes: stop the search with `NodeBudgetExceeded` once it enters more nodes than this.
        progress: called with the number of nodes entered so far, every `PROGRESS_EVERY` nodes.
        iterative: record that the search runs iteratively (the trace's `iterative` option); the
            hooks cannot tell, since both forms call them alike.
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
        bind_hooks(self, self.recording, self._checkpoint)

    def begin(self, game: Game, *, algorithm: str, depth_limit: int | None, strict: bool) -> None:
        if self._began:  # a further pass: the one before it becomes a trace of its own
            self.sync()
            if len(self.recording.stack) > 1:
                raise RuntimeError("a pass began while nodes of the one before were still open")
            self._entered_before += len(self.recording.visit_order)
            self.passes.append(self._trace_of(self.recording.take()))
        self._began = True
        self.game = game
        self.algorithm, self.depth_limit, self.strict = algorithm, depth_limit, strict
        self.traits = traits = traits_of(algorithm)  # without a window, alphas and betas are all None: none are stored
        self.is_negamax = traits.movers_view
        self.revisits = traits.revisits  # a node skipped may be searched later: pruned is what stays unvisited
        self.recording.start(game, windowed=traits.windowed, revisits=traits.revisits)
        self.configure_hooks(game, with_window=self.recording.windowed)

    def _checkpoint(self, entered: int) -> int:
        """Stops a search over budget and reports progress; returns the count (in this pass) to check again at.

        The budget and the progress count the nodes of every pass so far, so a search of many passes
        cannot grow without bound either.
        """
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
        rec = self.recording
        if self._is_light(rec):
            trace = self._logged_trace(rec)
        else:
            self.sync()
            trace = self._trace_of(rec)
        return dataclasses.replace(trace, earlier_passes=tuple(self.passes))

    def _is_light(self, rec: SearchLog) -> bool:
        """True when the pass is a game's, each node entered once, and only the light hooks were called."""
        return not (self.game.is_explicit or self.revisits or rec.event_kind.translate(None, _LIGHT_ONLY))

    def _logged_trace(self, rec: SearchLog) -> Trace:
        """The trace of a light pass: its columns file the log when first read, and its summary is
        read from the log (or, when `principal_line` cannot, from the filed columns) when first read."""
        columns = RecordedColumns(
            self.game, rec, negamax=self.is_negamax, sync=self.sync, node_count=len(rec.entered_states)
        )
        game, sign, sync = self.game, self._root_sign(), self.sync
        value = rec.root_value * sign

        def later() -> Summary:
            summary = _logged_summary(game, rec, value=value)
            if summary is None:
                sync()
                summary = _filed_summary(rec, columns, game, sign=sign, revisits=False)
            return summary

        return self._trace(Summary.deferred(later, value=value, unreached=()), columns)

    def _trace_of(self, rec: SearchLog) -> Trace:
        """The trace of one pass, from its log once `sync` has filed it into columns."""
        columns = RecordedColumns(self.game, rec, negamax=self.is_negamax)
        summary = _filed_summary(rec, columns, self.game, sign=self._root_sign(), revisits=self.revisits)
        return self._trace(summary, columns)

    def _root_sign(self) -> int:
        """The sign that turns the root's value to MAX's view."""
        return self.game.player(self.game.root()).sign if self.is_negamax else 1

    def _trace(self, summary: Summary, columns: RecordedColumns) -> Trace:
        """The trace of the pass being recorded, of this summary and these columns."""
        game = self.game
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


def _filed_summary(rec: SearchLog, columns: RecordedColumns, game: Game, *, sign: int, revisits: bool) -> Summary:
    """The summary of a pass from its log once `sync` has filed it."""
    pruned = columns.pruned_nodes
    line, chance = [0], Player.CHANCE
    position = (lambda node: node) if game.is_explicit else rec.states.__getitem__
    best = _most_visited(rec) if rec.visit_counts else rec.best  # Monte Carlo: the most visited child
    while line[-1] in best and game.player(position(line[-1])) is not chance:  # chance chooses no line
        line.append(best[line[-1]])
    best_child = line[1] if len(line) > 1 else None
    return Summary(
        value=rec.root_value * sign,
        best_child=best_child,
        best_move=None if best_child is None else columns.move[best_child],
        principal_variation=tuple(line),
        visit_order=tuple(rec.visit_order),
        leaves_evaluated=sum(rec.event_kind.count(kind) for kind in EVALUATIONS),
        cutoffs=tuple(
            Cutoff(node, step, child, skipped, subtree)
            for (node, step, child, skipped), subtree in zip(rec.cutoffs, columns.pruned_by_cutoff)
        ),
        pruned=tuple(sorted(pruned.difference(rec.visit_order) if revisits else pruned)),
        unreached=columns.unreached(),
    )


def _logged_summary(game: Game, rec: SearchLog, *, value: Value) -> Summary | None:
    """The summary of a light pass read straight from its log (`principal_line`), or None when the
    line or the cut-offs cannot be read from the log alone."""
    states, depths = rec.entered_states, rec.entered_depths
    cutoffs = logged_cutoffs(rec.event_kind, depths, rec.logged_cuts) if rec.logged_cuts else []
    if cutoffs is None:
        return None
    skipped = [(ids[0], len(ids)) for _node, _step, _child, ids in cutoffs if ids]
    chance = Player.CHANCE
    line = logged_line(
        rec.event_kind,
        rec.logged_values,
        depths,
        skipped=skipped,
        stops=lambda node: game.player(states[node]) is chance,
    )  # chance chooses no line
    if line is None:
        return None
    best_child = line[1] if len(line) > 1 else None
    return Summary(
        value=value,
        best_child=best_child,
        best_move=None if best_child is None else game.move_value(rec.entered_moves[best_child]),
        principal_variation=line,
        visit_order=_entered(len(states), skipped),  # ids are the order of entering: no node is met twice
        leaves_evaluated=rec.event_kind.count(EVALUATE),
        cutoffs=tuple(Cutoff(node, step, child, ids, ids) for node, step, child, ids in cutoffs),
        pruned=tuple(chain.from_iterable(ids for _node, _step, _child, ids in cutoffs)),
        unreached=(),  # games know only the nodes they enter or skip
    )


def _entered(count: int, skipped: list[tuple[int, int]]) -> tuple[int, ...]:
    """The ids below `count` but those of the (first id, count) runs of `skipped`, in order."""
    if not skipped:
        return tuple(range(count))
    bounds = [0, *chain.from_iterable((start, start + length) for start, length in skipped), count]
    return tuple(chain.from_iterable(range(low, high) for low, high in zip(bounds[::2], bounds[1::2])))


def _most_visited(rec: SearchLog) -> dict[int, int]:
    """Each node's most visited child (the first such, in the order they were added), by visit counts."""
    counts, best = rec.visit_counts, {}
    for node in sorted(counts):  # children are added after their parents: ids in order
        parent = rec.parents[node]
        if parent is not None and counts[node] > counts.get(best.get(parent, -1), 0):
            best[parent] = node
    return best
