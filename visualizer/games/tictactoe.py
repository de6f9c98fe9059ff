"""Provides tic-tac-toe as a game tree: a 3 x 3 `GridGame` whose squares are numbered 1..9 row by row."""

from __future__ import annotations

from typing import Any

from visualizer.games.evaluators import EMPTY
from visualizer.games.grid import GridGame, grid_options
from visualizer.games.spec_fields import REQUIRED, SpecFields

__all__ = ["EMPTY", "TICTACTOE_OPTIONS", "TicTacToe", "parse_board"]


class TicTacToe(GridGame):
    """Tic-tac-toe from any legal position; squares 1..9 (row by row from the top left) are tried in order.
    Values come from the chosen evaluator (`win-loss` by default: +1/0/-1) for the plus (MAX) player.

    Args:
        board: the position, rows of X, O and . from the top, split by / (X moves first); None: empty.
        **settings: the other `GridGame` settings: `player` (the mark to move, checked against the board),
            `root` (`Player.MIN` makes the mark to move the minus player), `evaluator` (a name in
            `EVALUATORS`) and `symmetry` (True merges children that are the same position up to symmetry).

    Raises:
        InputError: the board is not 9 cells of X, O and ., or could not happen in a game.

    Examples:
        >>> from visualizer import TicTacToe, trace_search
        >>> game = TicTacToe("XX./OO./...")
        >>> game.describe()
        'tic-tac-toe XX./OO./..., X to move'
        >>> trace = trace_search(game, "alphabeta")
        >>> trace.summary.value, trace.summary.best_move  # X wins by playing square 3
        (1, 3)
    """

    kind = "tictactoe"

    def __init__(self, board: str | None = None, **settings: Any):
        super().__init__(board, rows=3, cols=3, connect=3, **settings)

    def board_hint(self) -> str:
        return "X.O/.X./..O"

    def cell_name(self, index: int) -> str:
        """The cell at 0-based `index` in words, e.g. "square 5 (row 2, column 2)" for index 4."""
        return f"square {self.move_number(index)} ({super().cell_name(index)})"

    def describe(self) -> str:
        return f"tic-tac-toe {self.board_slashes()}, {self._root.to_move} to move{self._settings_text()}"

    @classmethod
    def from_spec(cls, spec: Any, *, where: str = "the trace's source") -> TicTacToe:
        fields = SpecFields(spec, where)
        root = fields.player()
        board = fields.text("board", REQUIRED, 'write the board as text of X, O and ., e.g. "X.O/.X./..O"')
        return fields.build(cls, board, root=root, **fields.board_options())

    @classmethod
    def slug(cls, spec: dict[str, Any]) -> str:
        """The file-name stem of its traces, e.g. "tictactoe-empty" or "tictactoe-X___O____-sym"."""
        return "tictactoe-" + cls.settings_slug(spec)


def parse_board(text: str) -> str:
    """9 characters of X, O and '.' (rows may be split by '/'), checked for shape and characters."""
    return _EMPTY_GAME.parse_board(text)


_EMPTY_GAME = TicTacToe()

TICTACTOE_OPTIONS = grid_options(TicTacToe.default_evaluator, squares=True)
"""Tic-tac-toe's command-line options and New-tree fields: the board as nine squares."""
