"""Provides `MoveHistory`: the moves so far, one a line, the engine's with their value and node count."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

__all__ = ["MoveHistory"]


class MoveHistory(Static):
    """The numbered moves, oldest first, kept scrolled to the latest."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []
        """The lines shown (for tests)."""

    def show(self, lines: list[str]) -> None:
        """Shows `lines`, the last one bold."""
        self.lines = list(lines)
        if not lines:
            self.update(Text("No moves yet.", style="dim"))
            return
        text = Text("\n".join(lines[:-1]) + "\n" if len(lines) > 1 else "")
        text.append(lines[-1], style="bold")
        self.update(text)
        self.call_after_refresh(self.scroll_end, animate=False)
