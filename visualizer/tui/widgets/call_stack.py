"""Provides `CallStack`: the nodes currently open, root first, each with its window and value so far."""

from __future__ import annotations

from textual.widgets import Static

from visualizer.games.base import format_value
from visualizer.steps.replay import Replay
from visualizer.tracing import Trace
from visualizer.tui.node_labels import MARKERS, VIEW_LEGEND, shown_value
from visualizer.tui.widgets.node_table import node_lookup
from visualizer.tui.widgets.static_update import update_static

__all__ = ["CallStack"]


class CallStack(Static):
    """One line per open node: marker, name, window and value so far (negamax: from the mover's view, as the
    border title says)."""

    def __init__(self, trace: Trace, **kwargs) -> None:
        super().__init__(**kwargs)
        self.trace = trace
        self._node = node_lookup(trace)
        self.lines: list[str] = []  # the lines on screen (for tests)
        if trace.is_negamax:
            self.border_title = VIEW_LEGEND

    def show(self, replay: Replay) -> None:
        """Lists `replay.stack`, deepest last."""
        self.lines = []
        movers_view = self.trace.is_negamax
        for depth, node_id in enumerate(replay.stack):
            node, view = self._node(node_id), replay.views[node_id]
            window = "" if view.alpha is None else f" [{format_value(view.alpha)}, {format_value(view.beta)}]"
            value = format_value(shown_value(node, view.value, movers_view=movers_view))
            self.lines.append(f"{'  ' * depth}{MARKERS[node.player]}{node.name}{window} = {value}")
        update_static(self, "\n".join(self.lines) or "(nothing open)")
