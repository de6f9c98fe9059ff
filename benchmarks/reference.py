"""Provides the reference searches: minimax and alpha-beta over tic-tac-toe in the most direct Python.

They are the floor cost of a Python game-tree search: a list board changed in place and put back, a
tuple of lines, win-loss values (+1, 0, -1 for the player to move at the root), no tracer, no cache,
no game protocol. They enter the nodes the engine enters, in the same order (squares 0..8), and
return the same value: the benchmark asserts both. Each counts the nodes it enters (one integer
addition per node, the whole of its bookkeeping).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["LINES", "SearchResult", "reference_alphabeta", "reference_minimax", "winner"]

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
"""The 8 lines of the board: rows, columns, diagonals."""

EMPTY = "."


class SearchResult(NamedTuple):
    """What one search found: the root's value (the root player's view) and the nodes it entered."""

    value: float
    nodes: int


def winner(cells: list[str]) -> str | None:
    """'X' or 'O' when that mark holds a full line, else None."""
    for first, second, third in LINES:
        mark = cells[first]
        if mark != EMPTY and mark == cells[second] == cells[third]:
            return mark
    return None


def _start(board: str, depth: int | None) -> tuple[list[str], str, int]:
    """The cells, the mark to move (X moves first) and the ply limit (None: to the end)."""
    cells = list(board)
    to_move = "X" if cells.count("X") == cells.count("O") else "O"
    return cells, to_move, 9 if depth is None else depth


def reference_minimax(board: str = EMPTY * 9, *, depth: int | None = None) -> SearchResult:
    """Plain minimax (AIMA Fig. 5.3) from `board`, `depth` plies ahead (None: to the end).

    Args:
        board: 9 characters row-major, 'X', 'O' and '.'.
        depth: the look-ahead; nodes at this ply get their win-loss value.

    Returns:
        The root's value for the player to move there, and the nodes entered.
    """
    cells, max_mark, limit = _start(board, depth)
    min_mark = "O" if max_mark == "X" else "X"
    nodes = 0

    def max_value(ply: int) -> float:
        nonlocal nodes
        nodes += 1
        mark = winner(cells)
        if mark is not None:
            return 1 if mark == max_mark else -1
        if ply == limit or EMPTY not in cells:
            return 0
        value = -float("inf")
        for square in range(9):
            if cells[square] == EMPTY:
                cells[square] = max_mark
                child = min_value(ply + 1)
                cells[square] = EMPTY
                value = max(value, child)
        return value

    def min_value(ply: int) -> float:
        nonlocal nodes
        nodes += 1
        mark = winner(cells)
        if mark is not None:
            return 1 if mark == max_mark else -1
        if ply == limit or EMPTY not in cells:
            return 0
        value = float("inf")
        for square in range(9):
            if cells[square] == EMPTY:
                cells[square] = min_mark
                child = max_value(ply + 1)
                cells[square] = EMPTY
                value = min(value, child)
        return value

    return SearchResult(max_value(0), nodes)


def reference_alphabeta(board: str = EMPTY * 9, *, depth: int | None = None) -> SearchResult:
    """Alpha-beta (AIMA Fig. 5.7) from `board`: a node cuts when its value reaches the bound (>=, <=).

    Args:
        board: 9 characters row-major, 'X', 'O' and '.'.
        depth: the look-ahead; nodes at this ply get their win-loss value.

    Returns:
        The root's value for the player to move there, and the nodes entered.
    """
    cells, max_mark, limit = _start(board, depth)
    min_mark = "O" if max_mark == "X" else "X"
    nodes = 0

    def max_value(ply: int, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        mark = winner(cells)
        if mark is not None:
            return 1 if mark == max_mark else -1
        if ply == limit or EMPTY not in cells:
            return 0
        value = -float("inf")
        for square in range(9):
            if cells[square] == EMPTY:
                cells[square] = max_mark
                child = min_value(ply + 1, alpha, beta)
                cells[square] = EMPTY
                value = max(value, child)
                if value >= beta:
                    return value
                alpha = max(alpha, value)
        return value

    def min_value(ply: int, alpha: float, beta: float) -> float:
        nonlocal nodes
        nodes += 1
        mark = winner(cells)
        if mark is not None:
            return 1 if mark == max_mark else -1
        if ply == limit or EMPTY not in cells:
            return 0
        value = float("inf")
        for square in range(9):
            if cells[square] == EMPTY:
                cells[square] = min_mark
                child = max_value(ply + 1, alpha, beta)
                cells[square] = EMPTY
                value = min(value, child)
                if value <= alpha:
                    return value
                beta = min(beta, value)
        return value

    return SearchResult(max_value(0, -float("inf"), float("inf")), nodes)
