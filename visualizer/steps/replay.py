"""Provides `Replay`: the state of every node at any step of a trace, stepping forward and back exactly.

Every `interval` steps the replay keeps a checkpoint (call stack, counters) and the views the segment up to
the next one changed (before and after), so a jump replays at most `interval` events; stepping back
inside the last two segments reads an undo log. `finish` reads the last step from the trace's columns.
"""

from __future__ import annotations

import enum
from array import array
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from itertools import repeat
from typing import NamedTuple

from visualizer.games.base import Value
from visualizer.gc_policy import paused_gc
from visualizer.tracing.events import EVENT_KINDS, Effect, Event
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import KINDS
from visualizer.tracing.trace_records import NodeStatus, TraceNode

__all__ = ["CHECKPOINT_INTERVAL", "NodeView", "Phase", "Replay", "shown_value"]

CHECKPOINT_INTERVAL = 8192
"""Steps between two checkpoints: a jump replays at most this many events."""

_EFFECT_CODES = {effect: code for code, effect in enumerate(Effect)}
_OPEN, _EVALUATE, _CLOSE, _PRUNE = (
    _EFFECT_CODES[effect] for effect in (Effect.OPEN, Effect.EVALUATE, Effect.CLOSE, Effect.PRUNE)
)
_EFFECT_OF = bytes(_EFFECT_CODES[EVENT_KINDS[KINDS[code]].effect] if code < len(KINDS) else 255 for code in range(256))
"""Event kind code -> the code of its `Effect`, a `bytes.translate` table (a new kind needs no change here)."""


class Phase(enum.Enum):
    """Where a node stands at some step."""

    UNSEEN = "unseen"
    OPEN = "open"
    """Entered and not yet left: on the call stack."""
    DONE = "done"
    PRUNED = "pruned"


class NodeView(NamedTuple):
    """What a node shows at some step (values from MAX's view; windows as traced)."""

    phase: Phase = Phase.UNSEEN
    visit: int | None = None
    value: Value | None = None
    alpha: Value | None = None
    beta: Value | None = None


def shown_value(node: TraceNode, value: Value | None, *, movers_view: bool) -> Value | None:
    """A value of `node` from MAX's view (as `Replay` keeps it) as a label shows it: with `movers_view`
    (negamax traces) from the view of the player to move there, so MIN's values are negated."""
    if value is None or not movers_view:
        return value
    return value * node.player.sign


_FINAL_PHASES = {
    id(NodeStatus.VISITED): Phase.DONE,
    id(NodeStatus.PRUNED): Phase.PRUNED,
    id(NodeStatus.UNREACHED): Phase.UNSEEN,
}
"""A node's phase after the last event, by the `id` of its status."""

_node_view = partial(tuple.__new__, NodeView)
"""`NodeView` of a tuple of its five fields."""


@dataclass(frozen=True, slots=True)
class _Checkpoint:
    """The small part of the state at a checkpoint's step (the views come from the segments)."""

    stack: tuple[int, ...]
    visits: int
    evaluations: int


@dataclass(frozen=True, slots=True)
class _Segment:
    """The views the events between two checkpoints changed: node ids, their views before and after."""

    nodes: array
    before: list[NodeView]
    after: list[NodeView]


class Replay:
    """A cursor over a trace's events: `step` 0 is before the first event, `count` after the last.

    `interval` is the steps between checkpoints (tests make it small to cross many of them).
    """

    def __init__(self, trace: Trace, *, interval: int = CHECKPOINT_INTERVAL):
        if interval < 1:
            raise ValueError(f"interval must be 1 or more, not {interval}")
        self.trace = trace
        self.interval = interval
        self.step = 0
        self.count = len(trace.events)  # the last step
        self.views = [NodeView()] * len(trace.nodes)
        self.stack: list[int] = []
        self.visited = 0  # nodes entered so far
        self.evaluated = 0  # static evaluations so far
        self._pruned_at = {cutoff.step: cutoff.pruned for cutoff in trace.summary.cutoffs}
        self._cutoff_steps = sorted(self._pruned_at)
        self._checkpoints = [_Checkpoint((), 0, 0)]
        self._segments: list[_Segment] = []
        # The undo log covers the steps after `_base` (a checkpoint's step) up to `step`:
        # the old views in order of change, and where each step's changes start.
        self._base = 0
        self._log_nodes: list[int] = []
        self._log_views: list[NodeView] = []
        self._log_marks: list[int] = []
        self._finished = False  # the views are the trace's final state, put there by `finish` (no undo log)

    @property
    def event(self) -> Event | None:
        """The event of the current step (None at step 0)."""
        return self.trace.events[self.step - 1] if self.step else None

    @property
    def current(self) -> int | None:
        """The node the current event happened at."""
        return None if self.step == 0 else self.trace.columns.event_node[self.step - 1]

    @property
    def cutoffs(self) -> int:
        """Cut-offs so far."""
        return bisect_right(self._cutoff_steps, self.step)

    @property
    def frontier(self) -> int:
        """The step of the last checkpoint built: seeks up to `frontier + interval` replay at most `interval` events."""
        return (len(self._checkpoints) - 1) * self.interval

    def seek_cost(self, step: int) -> int:
        """How many events `seek(step)` replays one by one (undo-log steps back are not counted)."""
        step = max(0, min(step, self.count))
        if self._base <= step <= self.step:
            return 0
        if self.step < step <= self.step + self.interval:
            return step - self.step
        start = min(step // self.interval * self.interval, self.frontier)
        if self.step < step and start <= self.step:
            return step - self.step
        return step - start

    def forward(self) -> bool:
        """Applies the next event; False at the end."""
        if self.step >= self.count:
            return False
        self._walk(self.step + 1)
        return True

    def _walk(self, until: int) -> None:
        """Applies the events up to step `until`, a segment at a time, logging each change."""
        columns, views, stack, interval = self.trace.columns, self.views, self.stack, self.interval
        log_nodes, log_views, log_marks = self._log_nodes, self._log_views, self._log_marks
        players = columns.player if self.trace.is_negamax else None  # negamax values times the sign: MAX's view
        while self.step < until:
            start = self.step
            stop = min(until, start // interval * interval + interval)  # at most to the next checkpoint
            visits, evaluations = self.visited, self.evaluated
            for step, effect, node, value, alpha, beta in zip(
                range(start + 1, stop + 1),
                columns.event_kind[start:stop].translate(_EFFECT_OF),
                columns.event_node[start:stop],
                columns.event_value[start:stop],
                columns.event_alpha[start:stop],
                columns.event_beta[start:stop],
            ):
                old = views[node]
                log_marks.append(len(log_nodes))
                log_nodes.append(node)
                log_views.append(old)
                if effect == _OPEN:  # a node opened again (Monte Carlo selection) shows the value it has
                    visits += 1
                    views[node] = NodeView(Phase.OPEN, visits, value, alpha, beta)
                    stack.append(node)
                    continue
                if value is None:
                    value = old.value
                elif players is not None:
                    value *= players[node].sign
                if effect == _CLOSE:
                    views[node] = NodeView(Phase.DONE, old.visit, value, alpha, beta)
                    stack.pop()
                    continue
                views[node] = NodeView(old.phase, old.visit, value, alpha, beta)
                if effect == _EVALUATE:
                    evaluations += 1
                elif effect == _PRUNE:
                    self._prune(step)
            self.step, self.visited, self.evaluated = stop, visits, evaluations
            if stop % interval == 0:
                self._reach_checkpoint()

    def _prune(self, step: int) -> None:
        """Marks the nodes the cut-off at `step` prunes, logging their old views."""
        views = self.views
        for pruned in self._pruned_at.get(step, ()):
            if views[pruned].visit is not None:  # searched before this cut-off (a PVS re-search's): it stays searched
                continue
            self._log_nodes.append(pruned)
            self._log_views.append(views[pruned])
            views[pruned] = views[pruned]._replace(phase=Phase.PRUNED)

    def back(self) -> bool:
        """Moves one step back (`seek`); False at step 0."""
        if self.step == 0:
            return False
        self.seek(self.step - 1)
        return True

    def seek(self, step: int) -> None:
        """Moves to `step` (clamped to 0..count), restoring the nearest checkpoint when that is cheaper."""
        for _ in self.seeking(step, chunk=self.count + 1):
            pass

    def seeking(self, step: int, *, chunk: int = CHECKPOINT_INTERVAL) -> Iterator[float]:
        """Moves to `step` like `seek`, replaying at most `chunk` events between two yields of the fraction
        done (1.0 last), each at a whole step: a progress bar, or stop early by dropping the generator."""
        step = max(0, min(step, self.count))
        with paused_gc():  # millions of new views would start full collections over the whole heap
            if step < self._base or step > self.step + self.interval:
                checkpoint = min(step // self.interval, len(self._checkpoints) - 1)
                if not self._base <= checkpoint * self.interval <= self.step:
                    self._restore(checkpoint)
            if self.step > step:
                self._rewind(step)
        start = self.step
        while self.step < step:
            with paused_gc():
                self._walk(min(self.step + chunk, step))
            if self.step < step:
                yield (self.step - start) / (step - start)
        yield 1.0

    def finish(self) -> None:
        """Moves to the last step without replaying, from the final views the trace's columns hold; the
        undo log is left empty, so the first step back replays from the nearest checkpoint."""
        columns = self.trace.columns
        phases = map(_FINAL_PHASES.__getitem__, map(id, columns.status))
        with paused_gc():
            self.views[:] = map(_node_view, zip(phases, columns.visit, columns.value, columns.alpha, columns.beta))
        effects = columns.event_kind.translate(_EFFECT_OF)
        self.visited, self.evaluated = effects.count(_OPEN), effects.count(_EVALUATE)
        self.stack.clear()
        for log in (self._log_nodes, self._log_views, self._log_marks):
            log.clear()
        self.step = self._base = self.count
        self._finished = True

    def next_cutoff(self) -> int | None:
        """The step of the first cut-off after the current step, or None."""
        index = bisect_right(self._cutoff_steps, self.step)
        return self._cutoff_steps[index] if index < len(self._cutoff_steps) else None

    # -- checkpoints ---------------------------------------------------------
    def _reach_checkpoint(self) -> None:
        """At a checkpoint's step going forward: builds it the first time, and drops the log beyond one segment."""
        number, interval = self.step // self.interval, self.interval
        segment_start = self._log_marks[len(self._log_marks) - interval]  # the log of the segment just ended
        if number == len(self._checkpoints):
            nodes, old_views = self._log_nodes[segment_start:], self._log_views[segment_start:]
            first_views = dict(zip(reversed(nodes), reversed(old_views)))  # the earliest old view wins
            changed = array("i", first_views)
            after = list(map(self.views.__getitem__, changed))
            self._segments.append(_Segment(changed, list(first_views.values()), after))
            self._checkpoints.append(_Checkpoint(tuple(self.stack), self.visited, self.evaluated))
        if self._base < self.step - interval:  # keep one segment of undo log behind the cursor
            self._drop_log(self.step - interval)

    def _drop_log(self, new_base: int) -> None:
        """Forgets the undo log of the steps up to `new_base`."""
        steps = new_base - self._base
        entries = self._log_marks[steps] if steps < len(self._log_marks) else len(self._log_nodes)
        del self._log_nodes[:entries], self._log_views[:entries], self._log_marks[:steps]
        self._log_marks[:] = [mark - entries for mark in self._log_marks]
        self._base = new_base

    def _rewind(self, step: int) -> None:
        """Steps back to `step`, not before `_base`, through the undo log all at once."""
        kept, base = step - self._base, self._base
        entries = self._log_marks[kept]
        views, log_nodes, log_views = self.views, self._log_nodes, self._log_views
        for node, view in zip(reversed(log_nodes[entries:]), reversed(log_views[entries:])):
            views[node] = view
        del log_nodes[entries:], log_views[entries:], self._log_marks[kept:]
        columns, checkpoint = self.trace.columns, self._checkpoints[base // self.interval]
        effects = columns.event_kind[base:step].translate(_EFFECT_OF)
        self.visited = checkpoint.visits + effects.count(_OPEN)
        self.evaluated = checkpoint.evaluations + effects.count(_EVALUATE)
        self.stack[:] = checkpoint.stack
        for effect, node in zip(effects, columns.event_node[base:step]):
            if effect == _OPEN:
                self.stack.append(node)
            elif effect == _CLOSE:
                self.stack.pop()
        self.step = step

    def _restore(self, number: int) -> None:
        """Moves to checkpoint `number` (built) through the undo log and the segments' views."""
        views = self.views
        for node, view in zip(reversed(self._log_nodes), reversed(self._log_views)):
            views[node] = view
        here = self._base // self.interval
        if self._finished:
            views[:] = repeat(NodeView(), len(views))
            here, self._finished = 0, False
        undone = [(segment.nodes, segment.before) for segment in reversed(self._segments[number:here])]
        for nodes, changed in undone + [(segment.nodes, segment.after) for segment in self._segments[here:number]]:
            for node, view in zip(nodes, changed):
                views[node] = view
        checkpoint = self._checkpoints[number]
        self.stack[:] = checkpoint.stack
        self.visited, self.evaluated = checkpoint.visits, checkpoint.evaluations
        self.step = self._base = number * self.interval
        for log in (self._log_nodes, self._log_views, self._log_marks):
            log.clear()
