"""Provides `Replay`: the state of every node at any step of a trace, stepping forward and back exactly."""

from __future__ import annotations

import enum
from bisect import bisect_right
from dataclasses import dataclass
from typing import NamedTuple

from visualizer.games.base import Value
from visualizer.tracing.events import Event, EventKind
from visualizer.tracing.trace import Trace

__all__ = ["Phase", "NodeView", "Replay"]


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


@dataclass
class _Undo:
    """What one step changed, so that stepping back restores it exactly."""

    changed: list[tuple[int, NodeView]]
    pushed: int | None = None
    popped: int | None = None


class Replay:
    """A cursor over a trace's events: `step` 0 is before the first event, `len(trace.events)` after the last.

    Args:
        trace: the finished trace to replay.
    """

    def __init__(self, trace: Trace):
        self.trace = trace
        self.step = 0
        self.views = [NodeView()] * len(trace.nodes)
        self.stack: list[int] = []
        self._undo: list[_Undo] = []
        self._visits = 0
        self._evaluations = 0
        self._pruned_at = {cutoff.step: cutoff.pruned for cutoff in trace.summary.cutoffs}
        self._cutoff_steps = sorted(self._pruned_at)

    @property
    def count(self) -> int:
        """The number of events (the last step)."""
        return len(self.trace.events)

    @property
    def event(self) -> Event | None:
        """The event of the current step (None at step 0)."""
        return self.trace.events[self.step - 1] if self.step else None

    @property
    def current(self) -> int | None:
        """The node the current event happened at."""
        return None if self.step == 0 else self.trace.events[self.step - 1].node

    @property
    def visited(self) -> int:
        """Nodes entered so far."""
        return self._visits

    @property
    def evaluated(self) -> int:
        """Static evaluations so far."""
        return self._evaluations

    @property
    def cutoffs(self) -> int:
        """Cut-offs so far."""
        return bisect_right(self._cutoff_steps, self.step)

    def _view_value(self, node: int, value: Value | None) -> Value | None:
        if value is None or not self.trace.is_negamax:
            return value
        return value * self.trace.nodes[node].player.sign

    def forward(self) -> bool:
        """Applies the next event; False at the end."""
        if self.step >= self.count:
            return False
        event = self.trace.events[self.step]
        self.step += 1
        node = event.node
        if event.kind is EventKind.EVALUATE:
            self._evaluations += 1
        undo = _Undo([(node, self.views[node])])
        old = self.views[node]
        if event.kind is EventKind.ENTER:
            self._visits += 1
            self.views[node] = NodeView(Phase.OPEN, self._visits, None, event.alpha, event.beta)
            self.stack.append(node)
            undo.pushed = node
        else:
            value = self._view_value(node, event.value) if event.value is not None else old.value
            phase = Phase.DONE if event.kind is EventKind.EXIT else old.phase
            self.views[node] = NodeView(phase, old.visit, value, event.alpha, event.beta)
            if event.kind is EventKind.EXIT:
                undo.popped = self.stack.pop()
            if event.kind is EventKind.CUTOFF:
                for pruned in self._pruned_at.get(event.step, ()):
                    undo.changed.append((pruned, self.views[pruned]))
                    self.views[pruned] = self.views[pruned]._replace(phase=Phase.PRUNED)
        self._undo.append(undo)
        return True

    def back(self) -> bool:
        """Undoes the current event; False at step 0."""
        if self.step == 0:
            return False
        undo = self._undo.pop()
        if self.trace.events[self.step - 1].kind is EventKind.EVALUATE:
            self._evaluations -= 1
        for node, view in reversed(undo.changed):
            self.views[node] = view
        if undo.pushed is not None:
            self.stack.pop()
            self._visits -= 1
        if undo.popped is not None:
            self.stack.append(undo.popped)
        self.step -= 1
        return True

    def seek(self, step: int) -> None:
        """Moves to `step` (clamped to 0..count)."""
        step = max(0, min(step, self.count))
        while self.step < step:
            self.forward()
        while self.step > step:
            self.back()

    def next_cutoff(self) -> int | None:
        """The step of the first cut-off after the current step, or None."""
        index = bisect_right(self._cutoff_steps, self.step)
        return self._cutoff_steps[index] if index < len(self._cutoff_steps) else None
