"""Provides `BoardView`: a tic-tac-toe or connect-four board whose cells (and column numbers) can be clicked,
its keyboard cursor drawn with glyphs too ("[4]", a frame); and `MoveHistory`: the moves so far."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Grid
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

__all__ = ["BoardCell", "BoardView", "MoveHistory"]


EMPTY = "."

CELL_SIZE = {False: (7, 3), True: (5, 1)}
"""(width, height) of a cell without gravity (squares) and with it (connect four)."""

GUTTER = {False: (1, 1), True: (1, 0)}
"""(columns, rows) between cells: lines between squares; connect-four rows sit close."""


class BoardCell(Static):
    """One square, or a column number above a connect-four board."""

    def __init__(self, cell: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cell = cell  # the cell's index, row-major (a column number stands for the top cell of its column)


class BoardView(Widget):
    """The cells of an R x C board, row by row (with gravity, the column numbers on top); a click posts `Chosen`."""

    @dataclass
    class Chosen(Message):
        """The user clicked a cell (or a column number)."""

        board_view: BoardView  # the board that was clicked
        cell: int  # the cell clicked, row-major (a column number gives the top cell of its column)

        @property
        def control(self) -> BoardView:
            return self.board_view

    def __init__(self, rows: int, cols: int, *, gravity: bool, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows, self.cols, self.gravity = rows, cols, gravity
        self.board = EMPTY * (rows * cols)  # the cells on screen, row-major 'X', 'O' and '.'.
        self.cursor = 0  # the cell under the keyboard cursor (with gravity: the column)
        self.set_class(gravity, "gravity")

    def compose(self) -> ComposeResult:
        with Grid():
            if self.gravity:
                for col in range(self.cols):
                    yield BoardCell(col, classes="board-header", id=f"column-{col}")
            for cell in range(self.rows * self.cols):
                yield BoardCell(cell, id=f"cell-{cell}")

    def on_mount(self) -> None:
        (width, height), (gutter_x, gutter_y) = CELL_SIZE[self.gravity], GUTTER[self.gravity]
        rows = self.rows + self.gravity
        styles = self.query_one(Grid).styles
        styles.grid_size_columns, styles.grid_size_rows = self.cols, rows
        # Textual's horizontal gutter runs between rows, its vertical one between columns.
        styles.grid_gutter_vertical, styles.grid_gutter_horizontal = gutter_x, gutter_y
        styles.width = self.cols * width + (self.cols - 1) * gutter_x
        styles.height = rows * height + (rows - 1) * gutter_y

    def show(self, board: str, *, cursor: int, last: int | None = None, winning: Collection[int] = frozenset()) -> None:
        """Draws `board` with the cursor, the last move and the winning lines marked."""
        self.board, self.cursor = board, cursor
        if self.gravity:
            for header in self.query(".board-header").results(BoardCell):
                number = str(header.cell + 1)  # "[4]" under the keyboard cursor
                header.update(Content(f"[{number}]" if header.cell == cursor else number))
                header.set_class(header.cell == cursor, "cursor")
        for cell_widget in self.query(BoardCell).exclude(".board-header"):
            cell = cell_widget.cell
            mark = board[cell]
            label = mark if mark != EMPTY else "·" if self.gravity or cell >= 9 else str(cell + 1)  # or the key to play
            cell_widget.update(label)
            flags = {
                "empty": mark == EMPTY,
                "mark-x": mark == "X",
                "mark-o": mark == "O",
                "last-move": cell == last,
                "winning": cell in winning,
                "cursor": not self.gravity and cell == cursor,
                "cursor-column": self.gravity and cell % self.cols == cursor,
            }
            for name, on in flags.items():
                cell_widget.set_class(on, name)

    def on_click(self, event: events.Click) -> None:
        if isinstance(event.widget, BoardCell):
            event.stop()
            self.post_message(self.Chosen(self, event.widget.cell))


class MoveHistory(Static):
    """The numbered moves, oldest first, kept scrolled to the latest."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[str] = []  # the lines shown (for tests)

    def show(self, lines: list[str]) -> None:
        """Shows `lines`, the last one bold."""
        self.lines = list(lines)
        if not lines:
            self.update(Text("No moves yet.", style="dim"))
            return
        self.update(Text("".join(line + "\n" for line in lines[:-1])).append(lines[-1], style="bold"))
        self.call_after_refresh(self.scroll_end, animate=False)
