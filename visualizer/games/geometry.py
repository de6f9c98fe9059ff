"""Provides `Geometry`: the fixed facts of a k-in-a-row board (its windows, symmetries, runs) and the marks."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

__all__ = ["EMPTY", "MARKS", "Geometry", "geometry", "other_mark"]

EMPTY = "."
MARKS = ("X", "O")


def other_mark(mark: str) -> str:
    """'O' for 'X' and 'X' for 'O'."""
    return "O" if mark == "X" else "X"


class Geometry:
    """The fixed facts of an R x C board with lines of K: its windows, neighbours and symmetries."""

    def __init__(self, rows: int, cols: int, connect: int, gravity: bool):
        self.rows, self.cols, self.connect, self.gravity = rows, cols, connect, gravity
        self.size = rows * cols
        self.windows = tuple(self._windows())
        """Every line of `connect` cells: rows, columns, then both diagonals."""
        self._window_slices = tuple(slice(window[0], window[-1] + 1, window[1] - window[0] if connect > 1 else 1)
                                    for window in self.windows)
        """Each window as a slice of the board string: its cells are evenly spaced (row-major)."""
        self._full_lines = {mark * connect: mark for mark in MARKS}
        """The text of a window that one mark fills ("XXX" on a 3-in-a-row board), to that mark."""
        self.symmetries = tuple(self._symmetries())
        """Cell permutations (`new[i] = old[perm[i]]`) that map the board onto itself, identity first."""
        self.winner: Callable[[str], str | None] = lru_cache(maxsize=1 << 20)(self._find_winner)
        """'X' or 'O' if that mark fills a window of the board, else None (cached: searches ask again and again)."""

    def _windows(self):
        rows, cols, k = self.rows, self.cols, self.connect
        for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for row in range(rows):
                for col in range(cols):
                    end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
                    if 0 <= end_row < rows and 0 <= end_col < cols:
                        yield tuple((row + d_row * i) * cols + col + d_col * i for i in range(k))

    def _symmetries(self):
        rows, cols = self.rows, self.cols
        maps: list[Callable[[int, int], tuple[int, int]]] = [
            lambda r, c: (r, c),
            lambda r, c: (r, cols - 1 - c),  # mirror left-right
        ]
        if not self.gravity:  # pieces do not fall, so up-down flips and turns keep positions legal
            maps += [lambda r, c: (rows - 1 - r, c), lambda r, c: (rows - 1 - r, cols - 1 - c)]
            if rows == cols:
                maps += [
                    lambda r, c: (c, r),
                    lambda r, c: (cols - 1 - c, rows - 1 - r),
                    lambda r, c: (c, rows - 1 - r),
                    lambda r, c: (cols - 1 - c, r),
                ]
        seen = []
        for mapping in maps:
            images = [mapping(*divmod(cell, cols)) for cell in range(self.size)]
            perm = tuple(row * cols + col for row, col in images)
            if perm not in seen:
                seen.append(perm)
        return seen

    def _find_winner(self, board: str) -> str | None:
        for window in self._window_slices:
            mark = self._full_lines.get(board[window])
            if mark is not None:
                return mark
        return None

    def canonical(self, board: str) -> str:
        """The smallest image of the board under the symmetries: equal for symmetric positions."""
        return min("".join(board[i] for i in perm) for perm in self.symmetries)

    def longest_run(self, board: str, mark: str) -> int:
        """The most pieces of `mark` next to each other in a straight line (row, column or diagonal)."""
        best = 0
        rows, cols = self.rows, self.cols
        for index, cell in enumerate(board):
            if cell != mark:
                continue
            row, col = divmod(index, cols)
            best = max(best, 1)
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                prev_row, prev_col = row - d_row, col - d_col
                if 0 <= prev_row < rows and 0 <= prev_col < cols and board[prev_row * cols + prev_col] == mark:
                    continue  # not the start of a run in this direction
                length, r, c = 0, row, col
                while 0 <= r < rows and 0 <= c < cols and board[r * cols + c] == mark:
                    length, r, c = length + 1, r + d_row, c + d_col
                best = max(best, length)
        return best


@lru_cache(maxsize=None)
def geometry(rows: int, cols: int, connect: int, gravity: bool) -> Geometry:
    """The shared `Geometry` of a board shape."""
    return Geometry(rows, cols, connect, gravity)
