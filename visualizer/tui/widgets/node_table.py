"""Provides `NodeTable`: the node table, one row per node, following the replay; wider than the view, it
scrolls. `node_lookup` gives a trace's nodes by id, each built once while the app keeps showing it."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.coordinate import Coordinate

from visualizer.games.base import format_value
from visualizer.steps.replay import NodeView, Phase, Replay
from visualizer.steps.visits import format_mean, is_monte_carlo, visit_counts
from visualizer.tracing import NodeStatus
from visualizer.tracing.trace import Trace, TraceNode
from visualizer.tui.widgets.cached_data_table import CachedDataTable

__all__ = [
    "COLUMNS",
    "MAX_TABLE_ROWS",
    "MONTE_CARLO_COLUMNS",
    "NAME_WIDTH",
    "NODE_CACHE_SIZE",
    "NodeTable",
    "node_lookup",
]


NODE_CACHE_SIZE = 4_096
"""Nodes kept per widget: far more than a step shows (the open path, its children, the drawn tree)."""


def node_lookup(trace: Trace) -> Callable[[int], TraceNode]:
    """`trace.nodes[node_id]` with the latest nodes kept: a trace builds a new `TraceNode` at every access."""
    return lru_cache(maxsize=NODE_CACHE_SIZE)(trace.nodes.__getitem__)


MAX_TABLE_ROWS = 2_000
"""Larger traces list only the open nodes and the current node's children."""

COLUMNS = ("name", "value", "alpha", "beta", "status", "visit", "player", "static", "parent", "children")
"""Column keys, in the order shown: what changes at each step first, so that it fits 80 columns;
the tree's shape (parent, children) last, reached by scrolling sideways."""

HEADERS = {"alpha": "α", "beta": "β"}
"""Shorter column headers; the other columns are headed by their key."""

CHANGING = COLUMNS[1:6]
"""The columns that change while the replay moves (value to visit); the others are fixed per node."""

MONTE_CARLO_COLUMNS = ("name", "mean", "visits", "status", "player", "parent", "children")
"""The columns of a Monte Carlo trace: its mean result (MAX's view) and visits at the step instead of
a value, a window and a visit number; no static value (a node's own value is a random playout's)."""

MONTE_CARLO_CHANGING = MONTE_CARLO_COLUMNS[1:4]
"""The Monte Carlo columns that change while the replay moves (mean to status)."""

NAME_WIDTH = 16
"""The most cells a name takes; longer names (deep game paths) show their last moves after "…"."""

_STATUS = {Phase.UNSEEN: "-", Phase.OPEN: "open", Phase.DONE: "done", Phase.PRUNED: "pruned"}


def _short_name(name: str) -> str:
    return name if len(name) <= NAME_WIDTH else "…" + name[-(NAME_WIDTH - 1) :]


class NodeTable(CachedDataTable, inherit_bindings=False):
    """Name, value, window, status and visit first; then player, static value, parent and children ('-' where none).

    The cursor stays on the current node. When focused, up/down and page up/down scroll the rows and
    shift+left/right scroll the columns one at a time (the name stays); left/right and home/end are
    left to the screen's stepping keys. Negamax traces show each node's value and window from the
    view of the player to move there, as the search keeps them; the border title says which view.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", "Scroll up", show=False),
        Binding("down", "scroll_down", "Scroll down", show=False),
        Binding("pageup", "scroll_page(-1)", "Page up", show=False),
        Binding("pagedown", "scroll_page(1)", "Page down", show=False),
        Binding("shift+left", "scroll_columns(-1)", "Columns left", show=False, key_display="⇧←"),
        Binding("shift+right", "scroll_columns(1)", "Columns right", show=False, key_display="⇧→"),
    ]

    def __init__(self, trace: Trace, **kwargs) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, fixed_columns=1, **kwargs)
        self.trace = trace
        """The trace whose nodes are listed."""
        self._node = node_lookup(trace)
        self._fixed_cells = lru_cache(maxsize=NODE_CACHE_SIZE)(self._node_cells)
        """Node id -> the cells that never change (player, static value, parent, children)."""
        self.shown: dict[int, NodeView] = {}
        """The state each listed row shows now, by node id."""
        self.monte_carlo = is_monte_carlo(trace)
        """True for a Monte Carlo trace: mean and visits at the step (`MONTE_CARLO_COLUMNS`)."""
        self.columns_shown = MONTE_CARLO_COLUMNS if self.monte_carlo else COLUMNS
        """The column keys, in order."""
        self._changing_columns = MONTE_CARLO_CHANGING if self.monte_carlo else CHANGING
        self._step = 0  # the replay's step, for the visits at it
        if self.monte_carlo:
            self.border_title = "Monte Carlo: mean (MAX's view) and visits at this step"
        else:
            self.border_title = (
                "negamax: value, α, β from the mover's view" if trace.is_negamax else "values from MAX's view"
            )

    def on_mount(self) -> None:
        widths = self._monte_carlo_widths() if self.monte_carlo else self._changing_widths()
        for column in self.columns_shown:
            self.add_column(HEADERS.get(column, column), key=column, width=widths.get(column))

    def _monte_carlo_widths(self) -> dict[str, int]:
        """Fixed widths for the mean, visits and status columns (as `_changing_widths`)."""
        columns = self.trace.columns
        means = {value for value in columns.event_value if value is not None}
        return {
            "mean": max(len("mean"), *(len(format_mean(value)) for value in means)),
            "visits": max(len(format(visit_counts(self.trace).final(0), ",")), len("visits")),
            "status": len("status"),
        }

    def _changing_widths(self) -> dict[str, int]:
        """Fixed widths for the columns that change at each step, wide enough for anything they will show.

        `update_cell` does not widen a column (and widening it would measure the whole column), so
        they are sized once: values and bounds are node values, possibly negated, or infinite.
        """
        columns = self.trace.columns
        values = {value for value in (*set(columns.value), *set(columns.static_value)) if value is not None}
        number = max((len(format_value(sign * value)) for value in values for sign in (1, -1)), default=1)
        number = max(number, len(format_value(float("inf"))))
        status = NodeStatus.UNREACHED.value if self.trace.summary.unreached else "status"
        return {
            "value": max(number, len("value")),
            "alpha": number,
            "beta": number,
            "status": len(status),
            "visit": max(len(str(len(self.trace.nodes))), len("visit")),
        }

    def _node_cells(self, node_id: int) -> tuple[str, ...]:
        node = self._node(node_id)
        if self.monte_carlo:
            return (
                node.player.value.upper(),
                "-" if node.parent is None else self._node(node.parent).name,
                " ".join(self._node(child).name for child in node.children) or "-",
            )
        return (
            node.player.value.upper(),
            format_value(node.static_value),
            "-" if node.parent is None else self._node(node.parent).name,
            " ".join(self._node(child).name for child in node.children) or "-",
        )

    def _changing_cells(self, node_id: int, view: NodeView) -> tuple[str, ...]:
        """Value, alpha, beta, status and visit as the replay has them now (mean, visits and status for Monte Carlo)."""
        if self.monte_carlo:
            visits = visit_counts(self.trace).at(node_id, self._step)
            return (format_mean(view.value), f"{visits:,}" if visits else "-", _STATUS[view.phase])
        node = self._node(node_id)
        unreached = view.phase is Phase.UNSEEN and node.status is NodeStatus.UNREACHED
        value = view.value
        if self.trace.is_negamax and value is not None:  # the replay keeps MAX's view; the window is the mover's
            value = value * node.player.sign
        return (
            format_value(value),
            format_value(view.alpha),
            format_value(view.beta),
            NodeStatus.UNREACHED.value if unreached else _STATUS[view.phase],
            format_value(view.visit),
        )

    def _cells(self, node_id: int, view: NodeView) -> tuple[str, ...]:
        name = _short_name(self._node(node_id).name)
        return (name, *self._changing_cells(node_id, view), *self._fixed_cells(node_id))

    def action_scroll_page(self, direction: int) -> None:
        """Scrolls the rows a page up (-1) or down (1), leaving the cursor on the current node."""
        if direction < 0:
            self.scroll_page_up(animate=False)
        else:
            self.scroll_page_down(animate=False)

    def action_scroll_columns(self, direction: int) -> None:
        """Scrolls sideways to the previous (-1) or next (1) column's start; the name column stays."""
        starts, start = [], 0
        for column in self.ordered_columns[self.fixed_columns :]:
            starts.append(start)
            start += column.get_render_width(self)
        here = round(self.scroll_x)
        if direction > 0:
            target = next((x for x in starts if x > here), None)
            if target is None or here >= self.max_scroll_x:
                return
        else:
            target = max((x for x in starts if x < here), default=0)
        self.scroll_to(x=min(target, self.max_scroll_x), animate=False)

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
        self._step = replay.step  # a row's visits change only with its view (it closes as they grow)
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
                for column, cell in zip(self._changing_columns, self._changing_cells(node_id, view)):
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
