"""Provides `EventLog`: the sentences of the steps so far, the current one first and marked."""

from __future__ import annotations

from itertools import islice

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import Static

from visualizer.steps.describe import describe
from visualizer.tracing import Trace
from visualizer.tui.widgets.static_update import update_static

__all__ = ["EventLog"]

SHOWN = 40
"""How many of the latest sentences are kept on screen."""


class EventLog(Static):
    """One plain sentence per step, e.g. "E: J = 3 <= alpha 6, so K is pruned (cut-off)."."""

    def __init__(self, trace: Trace, **kwargs) -> None:
        super().__init__(**kwargs)
        self.trace = trace
        self.lines: list[str] = []  # the sentences shown, oldest first (for tests); the screen lists them newest first
        self._sentences: dict[int, str] = {}
        """Step -> its numbered sentence, for the steps last shown: a step tells only its own event."""
        self._drawn = 0  # how many of `lines`, newest first, are on screen

    def show(self, step: int) -> None:
        """Shows the sentences of steps up to `step`, the current one first."""
        first = max(1, step - SHOWN + 1)
        known = self._sentences
        self._sentences = {number: known.get(number) or self._sentence(number) for number in range(first, step + 1)}
        self.lines = list(self._sentences.values())
        if not self.lines:
            self.lines = ["0. Paused at the start: press space to play, or right to step."]
        self._draw()

    def _room(self) -> int:
        """The most sentences that could be in view: as many as the rows of a container that does not scroll."""
        parent = self.parent
        if not isinstance(parent, Widget) or parent.styles.overflow_y != "hidden" or not parent.content_size.height:
            return SHOWN
        return min(SHOWN, parent.content_size.height)

    def _draw(self) -> None:
        """Puts the newest sentences on screen, as many as could be in view (each takes a row or more)."""
        self._drawn = min(len(self.lines), self._room())
        text = Text()
        for index, line in enumerate(islice(reversed(self.lines), self._drawn)):
            text.append(("> " if index == 0 else "  ") + line + "\n", style="bold" if index == 0 else "dim")
        update_static(self, text)

    def on_resize(self, event: events.Resize) -> None:
        """Adds the sentences that now fit, when the container has grown."""
        if self._drawn < min(len(self.lines), self._room()):
            self._draw()

    def _sentence(self, number: int) -> str:
        return f"{number}. {describe(self.trace, self.trace.events[number - 1])}"
