"""Provides `BoardEditor`: a tic-tac-toe board as nine squares and as text, kept in sync."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from visualizer.errors import InputError
from visualizer.games.tictactoe import EMPTY, parse_board

__all__ = ["BoardEditor", "format_board"]

NEXT_MARK = {EMPTY: "X", "X": "O", "O": EMPTY}  # what a square shows after one click or key press

SHOWN = {EMPTY: "·", "X": "X", "O": "O"}  # how a mark is drawn on its square


def format_board(board: str) -> str:
    """Nine squares as rows split by '/', e.g. "X.O/.X./..O"."""
    return "/".join(board[row : row + 3] for row in (0, 3, 6))


class BoardEditor(Widget):
    """Squares 1..9 (row by row, keys 1..9) that cycle . -> X -> O -> . when clicked, above the
    same board as text. Only the shape is checked here; whether the position is legal is up to the
    owner, which hears `BoardEditor.Changed`.
    """

    BINDINGS = [Binding(str(key), f"cycle({key - 1})", f"Square {key - 1}", show=False) for key in range(1, 10)]

    @dataclass
    class Changed(Message):
        """The board text changed (by a square or by typing)."""

        editor: BoardEditor  # the editor whose board changed
        text: str  # the board as the user sees it in the text field (possibly malformed)

    def __init__(self, board: str = EMPTY * 9, **kwargs) -> None:
        super().__init__(**kwargs)
        self.board = parse_board(board)  # the last well-formed board: nine characters of X, O and '.'.

    def compose(self) -> ComposeResult:
        with Grid(id="board-squares"):
            for square, mark in enumerate(self.board):
                yield Button(SHOWN[mark], id=f"square-{square}", classes="board-square", compact=True)
        yield Input(format_board(self.board), id="board-input", placeholder="X.O/.X./..O", compact=True)
        yield Static("click, or press 1-9 (row by row), to cycle . X O", id="board-hint")

    @property
    def value(self) -> str:
        """The board as typed in the text field."""
        return self.query_one("#board-input", Input).value

    @value.setter
    def value(self, text: str) -> None:
        self.query_one("#board-input", Input).value = text

    def action_cycle(self, square: int) -> None:
        """Puts the next mark on the square at 0-based cell `square` (0..8: key 1 is cell 0)."""
        board = self.board[:square] + NEXT_MARK[self.board[square]] + self.board[square + 1 :]
        self.value = format_board(board)

    @on(Button.Pressed, ".board-square")
    def _square_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        assert event.button.id is not None  # every square has its id
        self.action_cycle(int(event.button.id.removeprefix("square-")))

    @on(Input.Changed, "#board-input")
    def _text_changed(self, event: Input.Changed) -> None:
        event.stop()
        try:
            self.board = parse_board(event.value)
        except InputError:
            pass  # the owner shows the message; the squares keep the last good board
        else:
            for square, mark in enumerate(self.board):
                self.query_one(f"#square-{square}", Button).label = SHOWN[mark]
        self.post_message(self.Changed(self, event.value))
