"""Provides `SOURCES`: one small tree of each kind, for tests that run every algorithm on each."""

from visualizer.games import ConnectFour, Nim, Player, TicTacToe, builtin_example, from_nested

__all__ = ["SOURCES", "depth_for"]

SOURCES = {
    "example": lambda: builtin_example(),
    "example-min-root": lambda: builtin_example().replace(root_player=Player.MIN),
    "nested": lambda: from_nested([[3, [5, 1]], [[2, 9], 0, [7]], [4]]),
    "tictactoe": lambda: TicTacToe("X.O/.X./..O"),
    "nim": lambda: Nim(7, rules="normal"),
    "connect4": lambda: ConnectFour(rows=4, cols=4, connect=3),
}
"""Each source's game, made anew on each call."""


def depth_for(source: str) -> int | None:
    """The look-ahead that keeps the source's search small (connect four is cut at 3 plies)."""
    return 3 if source == "connect4" else None
