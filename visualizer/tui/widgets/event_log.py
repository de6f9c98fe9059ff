"""Provides `EventLog`: the sentences of the steps so far, the current one first and marked."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from visualizer.tracing import Trace
from visualizer.tracing.describe import describe

__all__ = ["EventLog"]

SHOWN = 40
"""How many of the latest sentences are kept on screen."""


class EventLog(Static):
    """One plain sentence per step, e.g. "E: J = 3 <= alpha 6, so K is pruned (cut-off)."."""

    def __init__(self, trace: Trace, **kwargs) -> None:
        super().__init__(**kwargs)
        self.trace = trace
        """The trace whose events are told."""
        self.lines: list[str] = []
        """The sentences shown, oldest first (for tests); the screen lists them newest first."""

    def show(self, step: int) -> None:
        """Shows the sentences of steps up to `step`, the current one first."""
        first = max(1, step - SHOWN + 1)
        events = self.trace.events
        self.lines = [f"{number}. {describe(self.trace, events[number - 1])}" for number in range(first, step + 1)]
        if not self.lines:
            self.lines = ["0. Paused at the start: press space to play, or right to step."]
        text = Text()
        for index, line in enumerate(reversed(self.lines)):
            text.append(("> " if index == 0 else "  ") + line + "\n", style="bold" if index == 0 else "dim")
        self.update(text)
