"""Provides `CachedDataTable`: a `DataTable` that draws a line again only when its row or its look changes."""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text
from textual.cache import LRUCache
from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import DataTable
from textual.widgets.data_table import RowDoesNotExist

__all__ = ["LINE_CACHE_SIZE", "CachedDataTable"]

LINE_CACHE_SIZE = 1_000
"""Drawn lines kept (a few screens of rows, with and without the cursor)."""


class CachedDataTable(DataTable):
    """A `DataTable` whose lines are drawn once per content and look, not once per change to the table.

    `DataTable` keys its caches on a counter that every `update_cell` (and every other change) bumps,
    and it repaints the whole table on each change, so changing one cell draws every visible cell
    again, each through Rich's console: most of a step's time in the app. This table keeps drawn
    lines (`render_line`, Textual's Line API) keyed on what a line shows: the row's index (zebra
    stripes, the mouse metadata in its segments) and values, whether the cursor is on it, the
    column widths, the sideways scroll and the widget's look (its style, pseudo-classes and
    options); a new stylesheet or theme empties the cache. The table must keep to one line per row
    and no fixed rows (the line -> row arithmetic): rows added with a label or another height make it
    draw every line through `DataTable` as before, as do cells whose values are not hashable and the
    row under a mouse hovering over the table.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._drawn_lines: LRUCache[Hashable, Strip] = LRUCache(LINE_CACHE_SIZE)
        self._is_one_line_per_row = True
        self._frame: tuple | None = None  # what every line of the frame being drawn depends on

    def add_row(self, *cells, height: int | None = 1, key: str | None = None, label: str | Text | None = None):
        """Adds a row as `DataTable.add_row` does; a label or a height other than 1 turns the line cache off."""
        if height != 1 or label is not None:
            self._is_one_line_per_row = False
        return super().add_row(*cells, height=height, key=key, label=label)

    def notify_style_update(self) -> None:
        """Drops the drawn lines when the CSS (or the theme) changes."""
        self._drawn_lines.clear()
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        """Draws the lines of `crop`, working out once what all of them depend on."""
        self._frame = self._frame_key()
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def _frame_key(self) -> tuple | None:
        """What every line depends on besides its row, or None when lines cannot be cached."""
        if not self._is_one_line_per_row or self.fixed_rows:
            return None
        return (
            self.size.width,
            self.scroll_offset.x,
            tuple(column.get_render_width(self) for column in self.ordered_columns),
            tuple((column.label.markup, str(column.label.style)) for column in self.ordered_columns),
            self.rich_style,
            self.get_pseudo_class_state(),
            self.cursor_type,
            self.show_cursor,
            self.cursor_foreground_priority,
            self.cursor_background_priority,
            self.cell_padding,
            self.zebra_stripes,
            self.fixed_columns,
            self.show_header,
            self.header_height,
        )

    def _line_key(self, y: int) -> Hashable | None:
        """What line `y` of the view shows, or None when it must be drawn by `DataTable`."""
        frame = self._frame
        if frame is None:
            return None
        if self.show_header and y < self.header_height:
            row_index, line = -1, y
        else:
            row_index, line = y - (self.header_height if self.show_header else 0) + self.scroll_offset.y, 0
        if self.is_mouse_over and self.hover_coordinate.row == row_index:
            return None  # the hover highlight follows state that only DataTable sees
        cursor: Hashable = self.cursor_coordinate
        if self.cursor_type == "row":  # only whether the cursor is on this row matters
            cursor = self.cursor_coordinate.row == row_index
        if row_index < 0:
            return ("header", line, cursor, frame)
        try:
            values = tuple(self.get_row_at(row_index))
            hash(values)
        except RowDoesNotExist:
            return ("blank", frame)
        except TypeError:
            return None
        return (row_index, values, tuple(type(value) for value in values), cursor, frame)

    def render_line(self, y: int) -> Strip:
        """Line `y` of the view: drawn before if nothing it shows has changed since."""
        key = self._line_key(y)
        if key is None:
            return super().render_line(y)
        strip = self._drawn_lines.get(key)
        if strip is None:
            strip = super().render_line(y)
            self._drawn_lines[key] = strip
        return strip
