"""Provides `NodeTable`: one row per node, following the replay, scrolling sideways with the name column kept;
and `node_lookup`, a trace's nodes by id, each built once."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import accumulate, zip_longest
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size, Spacing
from textual.scroll_view import ScrollView
from textual.strip import Strip

from visualizer.games.base import format_value
from visualizer.shown_text import escaped
from visualizer.steps.replay import NodeView, Phase, Replay
from visualizer.steps.visits import format_mean, is_monte_carlo, visit_counts
from visualizer.tracing import NodeStatus
from visualizer.tracing.trace import Trace, TraceNode
from visualizer.tui.node_labels import shown_value

__all__ = ["COLUMNS", "MONTE_CARLO_COLUMNS", "NodeTable", "node_lookup"]

NODE_CACHE_SIZE = 4_096  # nodes kept per widget: far more than a step shows


def node_lookup(trace: Trace) -> Callable[[int], TraceNode]:
    """`trace.nodes[node_id]` with the latest nodes kept: a trace builds a new `TraceNode` at every access."""
    return lru_cache(maxsize=NODE_CACHE_SIZE)(trace.nodes.__getitem__)


MAX_TABLE_ROWS = 2_000  # larger traces list only the open nodes and the current node's children

COLUMNS = ("name", "value", "alpha", "beta", "status", "visit", "player", "static", "parent", "children")
"""Column keys, in the order shown: what changes at each step first (within 80 columns), the tree's shape last."""

HEADERS = {"alpha": "α", "beta": "β"}  # shorter column headers; the other columns are headed by their key

MONTE_CARLO_COLUMNS = ("name", "mean", "visits", "status", "player", "parent", "children")
"""The columns of a Monte Carlo trace: the mean result (MAX's view) and visits at the step, no static value."""

NAME_WIDTH = 16  # the most cells a name takes; longer names (deep game paths) show their last moves after "…"

_STATUS = {Phase.UNSEEN: "-", Phase.OPEN: "open", Phase.DONE: "done", Phase.PRUNED: "pruned"}


class NodeTable(ScrollView, can_focus=True, inherit_bindings=False):
    """Name, value, window, status and visit first; then player, static value, parent and children ('-' where none).

    A row per node (for big traces, the open nodes and the current node's children); the cursor row is the
    current node. Rows are drawn with Textual's Line API in the look of `DataTable`, so a step redraws a few
    lines. Focused, up/down and page up/down scroll the rows, shift+left/right the columns (left/right and
    home/end step the search). Negamax values and windows are from the mover's view (the border says so).
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        f"node-table--{part}" for part in ("header", "fixed", "odd-row", "even-row", "cursor", "fixed-cursor")
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", "Scroll up", show=False),
        Binding("down", "scroll_down", "Scroll down", show=False),
        Binding("pageup", "scroll_page(-1)", "Page up", show=False),
        Binding("pagedown", "scroll_page(1)", "Page down", show=False),
        Binding("shift+left", "scroll_columns(-1)", "Columns left", show=False, key_display="⇧←"),
        Binding("shift+right", "scroll_columns(1)", "Columns right", show=False, key_display="⇧→"),
    ]

    def __init__(self, trace: Trace, **kwargs) -> None:
        super().__init__(**kwargs)
        self.trace = trace
        self._node = node_lookup(trace)
        self._fixed_cells = lru_cache(maxsize=NODE_CACHE_SIZE)(self._node_cells)  # the cells that never change
        self.monte_carlo = is_monte_carlo(trace)
        self.columns_shown = MONTE_CARLO_COLUMNS if self.monte_carlo else COLUMNS
        self.headers = tuple(HEADERS.get(column, column) for column in self.columns_shown)
        self.rows: list[tuple[str, ...]] = []
        self.cursor_row = 0  # the row of the current node (0 when it is not listed)
        self.shown: dict[int, NodeView] = {}
        """The state each listed row shows now, by node id, in the order of the rows."""
        self._step = 0  # the replay's step, for the visits at it
        self._drawn: LRUCache[tuple, Strip] = LRUCache(LINE_CACHE_SIZE)
        self._frame: tuple = ()  # what every line drawn now depends on besides its row (`render_lines`)
        fixed = self._changing_widths()
        self._fixed_widths = {self.columns_shown.index(column): width for column, width in fixed.items()}
        self._widths = [self._fixed_widths.get(index, cell_len(header)) for index, header in enumerate(self.headers)]
        if self.monte_carlo:
            self.border_title = "Monte Carlo: mean (MAX's view) and visits at this step"
        else:
            self.border_title = (
                "negamax: value, α, β from the mover's view" if trace.is_negamax else "values from MAX's view"
            )

    def _changing_widths(self) -> dict[str, int]:
        """Fixed widths for the columns that change at each step, wide enough for any value (negated or
        infinite too), so that a step never moves the columns: Monte Carlo's mean, visits and status, or else the
        value, window, status and visit."""
        columns = self.trace.columns
        if self.monte_carlo:
            means = {value for value in columns.event_value if value is not None}
            return {
                "mean": max(len("mean"), *(len(format_mean(value)) for value in means)),
                "visits": max(len(format(visit_counts(self.trace).final(0), ",")), len("visits")),
                "status": len("status"),
            }
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
        """Player, static value (none for Monte Carlo), parent and children."""
        node = self._node(node_id)
        static = () if self.monte_carlo else (format_value(node.static_value),)
        parent = "-" if node.parent is None else escaped(self._node(node.parent).name)
        children = escaped(" ".join(self._node(child).name for child in node.children)) or "-"
        return (node.player.value.upper(), *static, parent, children)

    def _changing_cells(self, node_id: int, view: NodeView) -> tuple[str, ...]:
        """Value, alpha, beta, status and visit as the replay has them now (mean, visits and status for Monte Carlo)."""
        if self.monte_carlo:
            visits = visit_counts(self.trace).at(node_id, self._step)
            return (format_mean(view.value), f"{visits:,}" if visits else "-", _STATUS[view.phase])
        node = self._node(node_id)
        unreached = view.phase is Phase.UNSEEN and node.status is NodeStatus.UNREACHED
        return (
            format_value(shown_value(node, view.value, movers_view=self.trace.is_negamax)),  # the window is the mover's
            format_value(view.alpha),
            format_value(view.beta),
            NodeStatus.UNREACHED.value if unreached else _STATUS[view.phase],
            format_value(view.visit),
        )

    def _cells(self, node_id: int, view: NodeView) -> tuple[str, ...]:
        name = escaped(self._node(node_id).name)  # (the cells are drawn as they are: no markup, no controls)
        if len(name) > NAME_WIDTH:
            name = "…" + name[-(NAME_WIDTH - 1) :]
        return (name, *self._changing_cells(node_id, view), *self._fixed_cells(node_id))

    # -- listing -------------------------------------------------------------
    def _wanted(self, replay: Replay) -> list[int]:
        if len(self.trace.nodes) <= MAX_TABLE_ROWS:
            return list(range(len(self.trace.nodes)))
        current = replay.current
        rows = list(replay.stack)
        if current is not None:
            rows += [child for child in self._node(current).children if child not in rows]
        return rows or [0]

    def show(self, replay: Replay) -> None:
        """Lists the rows the replay's step calls for, redraws the lines that changed, keeps the current row in view."""
        self._step = replay.step  # a row's visits change only with its view (it closes as they grow)
        views = replay.views
        wanted = self._wanted(replay)
        relisted = list(self.shown) != wanted  # a big trace's rows: the open nodes above stay, the rest changes
        before, rows, previous = self.shown, self.rows, dict(zip(self.shown, self.rows))
        self.shown = {node_id: views[node_id] for node_id in wanted}
        self.rows = [
            previous[node_id] if before.get(node_id) is view else self._cells(node_id, view)
            for node_id, view in self.shown.items()
        ]
        if relisted:
            widths = list(self._widths)
            for index, width in enumerate(widths):  # a column without a fixed width widens to its longest cell
                if index not in self._fixed_widths:  # (never narrower: the columns stay put)
                    self._widths[index] = max([width, *(cell_len(row[index]) for row in self.rows)])
            self.scroll_to(0, 0, animate=False, immediate=True)  # scrolled as a table listed afresh
            size = Size(sum(self._widths) + 2 * len(self._widths), len(self.rows) + 1)
            if size != self.virtual_size:
                self.set_reactive(ScrollView.virtual_size, size)
                self._scroll_update(size)
            if widths != self._widths:
                self.refresh()
        for row, (old, new) in enumerate(zip_longest(rows, self.rows)):  # only the lines that changed are redrawn
            if old != new:
                self.refresh_line(row + 1)
        current = replay.current
        cursor_row = wanted.index(current) if current in self.shown else wanted.index(0) if 0 in self.shown else 0
        if cursor_row != self.cursor_row:
            self.refresh_line(self.cursor_row + 1)
            self.refresh_line(cursor_row + 1)
            self.cursor_row = cursor_row
        fixed = self._widths[0] + 2
        self.scroll_to_region(
            Region(round(self.scroll_x) + fixed, cursor_row + 1, max(self.size.width - fixed, 1), 1),
            spacing=Spacing(top=1, left=fixed),
            animate=False,
            immediate=True,
        )

    # -- drawing -------------------------------------------------------------
    def notify_style_update(self) -> None:
        """Drops the drawn lines when the CSS (or the theme) changes."""
        self._drawn.clear()
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        """Draws the lines of `crop`, working out once what all of them depend on besides their row."""
        self._frame = (self.size.width, round(self.scroll_x), tuple(self._widths), self.rich_style, self.pseudo_classes)
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """Line `y` of the view: the header, then the rows from the scroll position down."""
        row = y - 1 + round(self.scroll_y) if y else -1
        cells = self.headers if row < 0 else self.rows[row] if row < len(self.rows) else None
        key = (row, cells, row == self.cursor_row, self._frame)
        line = self._drawn.get(key)
        if line is None:
            line = self._drawn[key] = self._draw_line(row, cells)
        return line

    def _draw_line(self, row: int, cells: tuple[str, ...] | None) -> Strip:
        """A row's line (-1: the header), in the look of `DataTable` (its cells' mouse data too)."""
        width, x, widths, base, _ = self._frame
        if cells is None:
            return Strip.blank(width, base)
        fixed_style, style = self._line_styles(row)
        if row >= 0:
            fixed_style += _FIXED
        fixed = [Segment(_padded(cells[0], widths[0]), fixed_style + _meta(row, 0))]
        scrolled = [
            Segment(_padded(cell, cell_width), style + _meta(row, column))
            for column, (cell, cell_width) in enumerate(zip(cells[1:], widths[1:]), 1)
        ]
        scrolled.append(Segment(" " * width, style + _meta(row, 0, out_of_bounds=True)))  # the row's colours on
        return Strip([*fixed, *Strip(scrolled).crop(x, x + width)]).adjust_cell_length(width, base).simplify()

    def _line_styles(self, row: int) -> tuple[Style, Style]:
        """The name cell's style and the other cells' style, for a row (-1: the header), as `DataTable` has them."""
        component = self.get_component_rich_style
        if row == -1:
            header = component("node-table--header")
            return header, header
        other = component("node-table--odd-row" if row % 2 else "node-table--even-row")
        if row != self.cursor_row:
            return component("node-table--fixed"), other
        cursor = component("node-table--cursor")
        fixed_cursor = cursor + component("node-table--fixed-cursor")
        return (
            component("node-table--fixed") + fixed_cursor + _colours(fixed_cursor),
            other + cursor + _colours(cursor),
        )

    # -- keys ----------------------------------------------------------------
    def action_scroll_page(self, direction: int) -> None:
        """Scrolls the rows a page up (-1) or down (1), leaving the cursor on the current node."""
        (self.scroll_page_up if direction < 0 else self.scroll_page_down)(animate=False)

    def action_scroll_columns(self, direction: int) -> None:
        """Scrolls sideways to the previous (-1) or next (1) column's start; the name column stays."""
        starts = list(accumulate((width + 2 for width in self._widths[1:-1]), initial=0))
        here = round(self.scroll_x)
        if direction > 0:
            target = next((x for x in starts if x > here), None)
            if target is None or here >= self.max_scroll_x:
                return
        else:
            target = max((x for x in starts if x < here), default=0)
        self.scroll_to(x=min(target, self.max_scroll_x), animate=False)


_FIXED = Style.from_meta({"fixed": True})

LINE_CACHE_SIZE = 1_000  # drawn lines kept (a few screens of rows, with and without the cursor)


def _padded(cell: str, width: int) -> str:
    """A cell's text in a column `width` cells wide, with a space either side."""
    return f" {cell}{' ' * (width - cell_len(cell))} "


@lru_cache(maxsize=1024)
def _meta(row: int, column: int, **more: bool) -> Style:
    """A cell's mouse data, as `DataTable` gives it (which also keeps its cells apart in screenshots)."""
    return Style.from_meta({"row": row, "column": column, **more})


def _colours(style: Style) -> Style:
    """A cursor style's own colours, put over the row's (as `DataTable` does with its CSS cursor colours)."""
    return Style(color=style.color, bgcolor=style.bgcolor)
