"""Provides connect four ("four in a row") as a game tree: a `GridGame` with gravity; moves are columns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from visualizer.errors import InputError
from visualizer.games.evaluators import EMPTY
from visualizer.games.game_options import GameOption
from visualizer.games.grid import GridGame, GridState, grid_options
from visualizer.games.spec_fields import REQUIRED, SpecFields

MAX_CELLS = 400
"""The largest board accepted (rows x columns)."""

FULL_SEARCH_CELLS = 12
"""Positions with at most this many empty cells are searched to the end by default."""

DEFAULT_DEPTH = 5
"""The look-ahead used when none is given and the position has more empty cells than that."""

_SHAPE = {"rows": 6, "cols": 7, "connect": 4}
"""The board's shape settings and their defaults."""


class ConnectFour(GridGame):
    """Connect K on R rows x C columns (6 x 7, 4 by default); columns 1..C (from the left) are tried in order.

    The board is given as rows from top to bottom; pieces fall to the lowest empty cell of a column. Values come
    from the chosen evaluator (`windows` by default) for the plus (MAX) player. A board of more than 12 empty
    cells is far too big to search to the end: without a `depth`, `trace_search` looks 5 plies ahead there.

    Args:
        board: the position, rows of X, O and . from the top, split by / (X moves first); None: empty.
        rows: the number of rows.
        cols: the number of columns.
        connect: how many in a row win.
        **settings: the other `GridGame` settings: `player` (the mark to move, checked against the board),
            `root` (`Player.MIN` makes the mark to move the minus player), `evaluator` (a name in
            `EVALUATORS`) and `symmetry` (True merges children that are the same position up to symmetry).

    Raises:
        InputError: a shape below 1 or over `MAX_CELLS` cells, a `connect` longer than the board, or a
            board that could not happen in a game (a piece above an empty cell, say).

    Examples:
        >>> from visualizer import ConnectFour, trace_search
        >>> game = ConnectFour("......./......./......./......./......./XXX.OO.")
        >>> game.describe()
        'connect four 6x7, ......./......./......./......./......./XXX.OO., O to move'
        >>> trace = trace_search(game, "alphabeta", depth=2)
        >>> trace.summary.best_move  # O blocks X in column 4
        4
    """

    kind = "connect4"
    gravity = True
    default_evaluator = "windows"

    def __init__(self, board: str | None = None, *, rows: int = 6, cols: int = 7, connect: int = 4, **settings: Any):
        for flag, value in (("--rows", rows), ("--cols", cols), ("--connect", connect)):
            if value < 1:
                raise InputError(f"{flag} is {value}; it must be 1 or more")
        if rows * cols > MAX_CELLS:
            raise InputError(f"the board has {rows * cols} cells; boards are limited to {MAX_CELLS} (--rows x --cols)")
        if connect > max(rows, cols):
            raise InputError(
                f"--connect is {connect} but the board is {rows}x{cols}; nobody could ever win, so use a "
                f"connect of at most {max(rows, cols)}"
            )
        super().__init__(board, rows=rows, cols=cols, connect=connect, **settings)
        board = self.board
        for index in range(self.size - cols):
            if board[index] != EMPTY and board[index + cols] == EMPTY:
                row, col = divmod(index, cols)
                raise InputError(
                    f"the board has a floating {board[index]} in row {row + 1} (from the top), column "
                    f"{col + 1}: the cell below it is empty; pieces fall to the bottom, so fix the board"
                )

    def board_hint(self) -> str:
        return "/".join([EMPTY * self.cols] * (self.rows - 1) + ["X" + EMPTY * (self.cols - 1)])

    def moves(self, board: str) -> list[tuple[Any, int]]:
        rows = [board[col :: self.cols].rfind(EMPTY) for col in range(self.cols)]  # each column's lowest empty row
        return [(col, row * self.cols + col) for col, row in enumerate(rows) if row >= 0]  # (-1: the column is full)

    def suggested_depth(self) -> int | None:
        """The default look-ahead: the end of the game on small positions, `DEFAULT_DEPTH` otherwise."""
        return None if self.board.count(EMPTY) <= FULL_SEARCH_CELLS else DEFAULT_DEPTH

    def move_phrase(self, state: GridState, move: Any) -> str:
        """The move in words, e.g. "O in column 3" (numbered from 1)."""
        return f"{state.to_move} in column {self.move_number(move)}"

    def _options(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in _SHAPE} | super()._options()

    def describe(self) -> str:
        shape = f"{self.rows}x{self.cols}" + ("" if self.connect == 4 else f", connect {self.connect}")
        where = "empty" if self.board == EMPTY * self.size else self.board_slashes()
        return f"connect four {shape}, {where}, {self._root.to_move} to move{self._settings_text()}"

    def spec(self) -> dict[str, Any]:
        return super().spec() | {key: getattr(self, key) for key in _SHAPE}

    @classmethod
    def from_spec(cls, spec: Any, *, where: str = "the trace's source") -> ConnectFour:
        fields = SpecFields(spec, where)
        root = fields.player()
        shape = {key: fields.whole(key, REQUIRED, minimum=1) for key in _SHAPE}
        board = fields.optional_text("board", 'write the board as rows of X, O and . split by /, e.g. ".../X.."')
        return fields.build(cls, board, root=root, **shape, **fields.board_options())

    @classmethod
    def shape_options(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        return {key: default if options[key] is None else options[key] for key, default in _SHAPE.items()}

    @classmethod
    def to_options(cls, spec: dict[str, Any]) -> dict[str, Any]:
        return super().to_options(spec) | {key: spec[key] for key in _SHAPE}

    @classmethod
    def slug(cls, spec: dict[str, Any]) -> str:
        """The file-name stem of its traces, e.g. "connect4-4x5k3-empty-sym"."""
        shape = f"{spec['rows']}x{spec['cols']}" + ("" if spec["connect"] == 4 else f"k{spec['connect']}")
        return f"connect4-{shape}-" + cls.settings_slug(spec)


CONNECT4_OPTIONS = (
    GameOption("--rows", "connect four: rows (6)", int, "R", label="Rows", hint="6"),
    GameOption("--cols", "connect four: columns (7)", int, "C", label="Columns", hint="7"),
    GameOption("--connect", "connect four: pieces in a row that win (4)", int, "K", label="Connect", hint="4"),
    *grid_options(ConnectFour.default_evaluator),
)
"""Connect four's command-line options and New-tree fields."""
