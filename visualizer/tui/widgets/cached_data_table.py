"""Provides `CachedDataTable`: a `DataTable` that draws a row or cell again only when it or its look changes."""

from __future__ import annotations

from collections.abc import Hashable

from rich.segment import Segment
from rich.style import Style
from textual.cache import LRUCache
from textual.coordinate import Coordinate
from textual.widgets import DataTable
from textual.widgets.data_table import CellDoesNotExist, RowKey

__all__ = ["CELL_CACHE_SIZE", "ROW_CACHE_SIZE", "CachedDataTable"]

CELL_CACHE_SIZE = 4_000
"""Drawn cells kept (a few screens of a ten-column table)."""

ROW_CACHE_SIZE = 1_000
"""Drawn row lines kept."""

SegmentLines = list[list[Segment]]


class CachedDataTable(DataTable):
    """A `DataTable` whose rows and cells are drawn once per content and look, not once per change to the table.

    `DataTable` keys its caches on a counter that every `update_cell` (and every other change) bumps,
    and it repaints the whole table on each change, so changing one cell draws every visible cell
    again, each through Rich's console: most of a step's time in the app. This table keeps its own
    caches of drawn row lines and cells, keyed on what the drawing depends on: the values, the
    place (the segments carry the row and column as mouse metadata; zebra stripes follow the row),
    the column widths, the cursor and hover highlights and the widget's pseudo-classes; a new
    stylesheet or theme empties them. Rows with labels, and cells whose value is not hashable, are
    drawn by `DataTable` as before.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._drawn_cells: LRUCache[tuple, SegmentLines] = LRUCache(CELL_CACHE_SIZE)
        self._drawn_rows: LRUCache[tuple, tuple[SegmentLines, SegmentLines]] = LRUCache(ROW_CACHE_SIZE)

    def notify_style_update(self) -> None:
        """Drops the drawn rows and cells when the CSS (or the theme) changes."""
        self._drawn_cells.clear()
        self._drawn_rows.clear()
        super().notify_style_update()

    def _look(self) -> tuple:
        """What every row and cell drawing depends on besides its content and place."""
        return (
            self.cursor_type,
            self.show_cursor,
            getattr(self, "_show_hover_cursor", None),
            getattr(self, "_pseudo_class_state", None),
            self.cursor_foreground_priority,
            self.cursor_background_priority,
            self.cell_padding,
            self.zebra_stripes,
            self.fixed_rows,
            self.fixed_columns,
            self.show_row_labels,
        )

    def _content_key(self, row_index: int, column_index: int) -> Hashable | None:
        """What a cell shows, or None when it cannot be keyed (then `DataTable` draws it)."""
        if column_index < 0:
            return None
        if row_index < 0:
            label = self.ordered_columns[column_index].label
            return ("header", label.markup, str(label.style), self.header_height)
        try:
            row_key, column_key = self.coordinate_to_cell_key(Coordinate(row_index, column_index))
            value = self.get_cell(row_key, column_key)
            hash(value)
        except (CellDoesNotExist, TypeError):
            return None
        row = self.rows[row_key]
        return ("cell", type(value), value, row.height, row.auto_height)

    def _render_cell(
        self,
        row_index: int,
        column_index: int,
        base_style: Style,
        width: int,
        cursor: bool = False,
        hover: bool = False,
    ) -> SegmentLines:
        content = self._content_key(row_index, column_index)
        if content is None:
            return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
        key = (content, row_index, column_index, base_style, width, cursor, hover, self._look())
        lines = self._drawn_cells.get(key)
        if lines is None:
            lines = super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
            self._drawn_cells[key] = lines
        return lines

    def _row_content_key(self, row_key: RowKey) -> tuple[int, Hashable] | None:
        """The row's index and what it shows, or None when it cannot be keyed."""
        columns = self.ordered_columns
        row = self.rows.get(row_key)
        if row is None:  # the header
            return -1, tuple((column.label.markup, str(column.label.style)) for column in columns)
        if row.label is not None:
            return None
        try:
            values = tuple(self.get_row(row_key))
            hash(values)
        except (CellDoesNotExist, TypeError):
            return None
        return self.get_row_index(row_key), (values, tuple(type(value) for value in values), row.height)

    def _render_line_in_row(
        self,
        row_key: RowKey,
        line_no: int,
        base_style: Style,
        cursor_location: Coordinate,
        hover_location: Coordinate,
    ) -> tuple[SegmentLines, SegmentLines]:
        content = self._row_content_key(row_key)
        if content is None:
            return super()._render_line_in_row(row_key, line_no, base_style, cursor_location, hover_location)
        row_index, values = content
        if self.cursor_type == "row":  # only whether the cursor (or the mouse) is on this row matters
            cursors: tuple = (cursor_location.row == row_index, hover_location.row == row_index)
        else:
            cursors = (cursor_location, hover_location)
        widths = tuple(column.get_render_width(self) for column in self.ordered_columns)
        key = (row_index, values, line_no, base_style, cursors, widths, self.size.width, self.header_height,
               getattr(self, "_row_label_column_width", None), self._look())
        drawn = self._drawn_rows.get(key)
        if drawn is None:
            drawn = super()._render_line_in_row(row_key, line_no, base_style, cursor_location, hover_location)
            self._drawn_rows[key] = drawn
        return drawn
