"""Provides tic-tac-toe as a game tree: board parsing, rules, and the win/draw/loss evaluator."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from visualizer.errors import InputError
from visualizer.games.base import PathNamedGame, Player

__all__ = ["TicTacToe", "TicTacToeState", "parse_board", "winner", "LINES", "EMPTY"]

EMPTY = "."
MARKS = ("X", "O")
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)


class TicTacToeState(NamedTuple):
    """A position: 9 characters row-major ('X', 'O', '.') and the mark to move."""

    board: str
    to_move: str


@lru_cache(maxsize=None)
def winner(board: str) -> str | None:
    """'X' or 'O' if that mark holds a full line, else None."""
    for first, second, third in LINES:
        mark = board[first]
        if mark != EMPTY and mark == board[second] == board[third]:
            return mark
    return None


def _other(mark: str) -> str:
    return "O" if mark == "X" else "X"


def parse_board(text: str) -> str:
    """9 characters of X, O and '.' (rows may be split by '/'), checked for shape and characters."""
    board = text.replace("/", "").replace(" ", "").upper().replace("-", EMPTY).replace("_", EMPTY)
    if len(board) != 9:
        raise InputError(
            f"the board has {len(board)} squares; give 9 characters of X, O and . "
            "(rows may be separated by /), e.g. X.O/.X./..O"
        )
    for position, char in enumerate(board):
        if char not in "XO" + EMPTY:
            raise InputError(f"the board has {char!r} at square {position}; use only X, O and .")
    return board


def _to_move(board: str, player: str | None) -> str:
    """Whose move it is, checking that the counts and winners could happen (X moves first)."""
    x_count, o_count = board.count("X"), board.count("O")
    if x_count not in (o_count, o_count + 1):
        raise InputError(
            f"the board has {x_count} X and {o_count} O; X moves first, so X must have as many marks as O "
            "or one more"
        )
    inferred = "X" if x_count == o_count else "O"
    if player is not None:
        player = player.strip().upper()
        if player not in MARKS:
            raise InputError(f"--player is {player!r}; use X or O")
        if player != inferred:
            raise InputError(
                f"the board has {x_count} X and {o_count} O, so it is {inferred}'s move, not {player}'s; "
                "drop --player or fix the board"
            )
    x_wins = any(all(board[i] == "X" for i in line) for line in LINES)
    o_wins = any(all(board[i] == "O" for i in line) for line in LINES)
    if x_wins and o_wins:
        raise InputError("the board has winning lines for both X and O; at most one player can have won, so fix the board")
    if x_wins and inferred != "O":
        raise InputError("X has a winning line but O has moved since; the game ends at a line, so remove the extra O")
    if o_wins and inferred != "X":
        raise InputError("O has a winning line but X has moved since; the game ends at a line, so remove the extra X")
    return inferred


class TicTacToe(PathNamedGame):
    """Tic-tac-toe from any legal position; squares are tried in order 0..8.

    Values are +1/0/-1 for a win/draw/loss of the MAX player, which is the player to move at the root
    (or the other one when `root` is MIN). Non-final positions at the depth limit are worth 0.
    """

    def __init__(self, board: str = EMPTY * 9, *, player: str | None = None, root: Player = Player.MAX):
        self.board = parse_board(board)
        to_move = _to_move(self.board, player)
        self.root_player = root
        self.max_mark = to_move if root is Player.MAX else _other(to_move)
        self._root = TicTacToeState(self.board, to_move)

    def root(self) -> TicTacToeState:
        return self._root

    def successors(self, state: TicTacToeState) -> list[tuple[int, TicTacToeState]]:
        board, mark = state
        if winner(board):
            return []
        after = _other(mark)
        return [
            (square, TicTacToeState(board[:square] + mark + board[square + 1 :], after))
            for square in range(9)
            if board[square] == EMPTY
        ]

    def is_terminal(self, state: TicTacToeState) -> bool:
        return winner(state.board) is not None or EMPTY not in state.board

    def player(self, state: TicTacToeState) -> Player:
        return Player.MAX if state.to_move == self.max_mark else Player.MIN

    def static_value(self, state: TicTacToeState) -> int:
        mark = winner(state.board)
        if mark is None:
            return 0
        return 1 if mark == self.max_mark else -1

    def move_label(self, state: TicTacToeState, move: int) -> str:
        return f"{state.to_move}{move}"

    def board_text(self, state: TicTacToeState) -> str:
        board = state.board
        return "\n".join(board[row : row + 3] for row in (0, 3, 6))

    def describe(self) -> str:
        return f"tic-tac-toe {self.board[:3]}/{self.board[3:6]}/{self.board[6:]}, {self._root.to_move} to move"

    def spec(self) -> dict[str, Any]:
        return {
            "kind": "tictactoe",
            "board": self.board,
            "player": self._root.to_move,
            "root": self.root_player.value,
        }
