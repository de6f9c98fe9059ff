"""Provides `CallStack`: the nodes currently open, root first, each with its window and value so far."""

from __future__ import annotations

from textual.widgets import Static

from visualizer.games.base import format_value
from visualizer.tracing import Trace
from visualizer.tracing.replay import Replay
from visualizer.tui.widgets.node_lookup import node_lookup
from visualizer.tui.widgets.static_update import update_static

__all__ = ["CallStack"]

MARKS = {"max": "▲", "min": "▼"}


class CallStack(Static):
    """One line per open node: marker, name, window and value so far."""

    def __init__(self, trace: Trace, **kwargs) -> None:
        super().__init__(**kwargs)
        self.trace = trace
        """The trace being replayed."""
        self._node = node_lookup(trace)
        self.lines: list[str] = []
        """The lines on screen (for tests)."""

    def show(self, replay: Replay) -> None:
        """Lists `replay.stack`, deepest last."""
        self.lines = []
        for depth, node_id in enumerate(replay.stack):
            node, view = self._node(node_id), replay.views[node_id]
            window = "" if view.alpha is None else f" [{format_value(view.alpha)}, {format_value(view.beta)}]"
            self.lines.append(f"{'  ' * depth}{MARKS[node.player.value]}{node.name}{window} = {format_value(view.value)}")
        update_static(self, "\n".join(self.lines) or "(nothing open)")
