"""Provides `NodeTable`: the parent/child table, one row per node, following the replay."""

from __future__ import annotations

from functools import lru_cache

from textual.coordinate import Coordinate

from visualizer.games.base import format_value
from visualizer.tracing import NodeStatus, Trace
from visualizer.tracing.replay import NodeView, Phase, Replay
from visualizer.tui.widgets.cached_data_table import CachedDataTable
from visualizer.tui.widgets.node_lookup import NODE_CACHE_SIZE, node_lookup

__all__ = ["NodeTable", "MAX_TABLE_ROWS"]

MAX_TABLE_ROWS = 2_000
"""Larger traces list only the open nodes and the current node's children."""

COLUMNS = ("name", "parent", "children", "player", "static", "value", "alpha", "beta", "status", "visit")
_STATUS = {Phase.UNSEEN: "-", Phase.OPEN: "open", Phase.DONE: "done", Phase.PRUNED: "pruned"}


class NodeTable(CachedDataTable):
    """Name, parent, children ('-' where none), static and backed-up value, window, status, visit."""

    def __init__(self, trace: Trace, **kwargs) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.trace = trace
        """The trace whose nodes are listed."""
        self._node = node_lookup(trace)
        self._fixed_cells = lru_cache(maxsize=NODE_CACHE_SIZE)(self._node_cells)
        """Node id -> the cells that never change (name, parent, children, player, static value)."""
        self.shown: dict[int, NodeView] = {}
        """The state each listed row shows now, by node id."""

    def on_mount(self) -> None:
        for column in COLUMNS:
            self.add_column(column, key=column)

    def _node_cells(self, node_id: int) -> tuple[str, ...]:
        node = self._node(node_id)
        return (
            node.name,
            "-" if node.parent is None else self._node(node.parent).name,
            " ".join(self._node(child).name for child in node.children) or "-",
            node.player.value.upper(),
            format_value(node.static_value),
        )

    def _cells(self, node_id: int, view: NodeView) -> tuple[str, ...]:
        unreached = view.phase is Phase.UNSEEN and self._node(node_id).status is NodeStatus.UNREACHED
        return self._fixed_cells(node_id) + (
            format_value(view.value),
            format_value(view.alpha),
            format_value(view.beta),
            NodeStatus.UNREACHED.value if unreached else _STATUS[view.phase],
            format_value(view.visit),
        )

    def _wanted(self, replay: Replay) -> list[int]:
        if len(self.trace.nodes) <= MAX_TABLE_ROWS:
            return list(range(len(self.trace.nodes)))
        current = replay.current
        rows = list(replay.stack)
        if current is not None:
            rows += [child for child in self._node(current).children if child not in rows]
        return rows or [0]

    def show(self, replay: Replay) -> None:
        """Updates the rows that changed and moves the cursor to the current node."""
        wanted = self._wanted(replay)
        listed = list(self.shown)
        if listed != wanted:
            kept = 0  # the rows both lists start with stay (in a big trace: the open nodes above the current one)
            while kept < min(len(listed), len(wanted)) and listed[kept] == wanted[kept]:
                kept += 1
            if kept:
                for node_id in reversed(listed[kept:]):
                    self.remove_row(str(node_id))
                    del self.shown[node_id]
                self._back_to_top()
            else:
                self.clear()
                self.shown = {}
            for node_id in wanted[kept:]:
                view = replay.views[node_id]
                self.add_row(*self._cells(node_id, view), key=str(node_id))
                self.shown[node_id] = view
        for node_id in wanted:
            view = replay.views[node_id]
            if self.shown[node_id] != view:
                for column, cell in zip(COLUMNS[5:], self._cells(node_id, view)[5:]):
                    self.update_cell(str(node_id), column, cell)
                self.shown[node_id] = view
        current = replay.current
        current = 0 if current is None else current
        if current in self.shown:
            self.move_cursor(row=self.get_row_index(str(current)), animate=False)

    def _back_to_top(self) -> None:
        """The cursor and the scroll position as `clear` leaves them, so that a table changed row by row
        scrolls to the current node exactly as one listed afresh."""
        self.cursor_coordinate = self.hover_coordinate = Coordinate(0, 0)
        self.scroll_x = self.scroll_y = 0
        self.scroll_target_x = self.scroll_target_y = 0
