"""Provides the static evaluators of k-in-a-row games (`EVALUATORS`, all from the plus player's view) and
`Geometry`, the fixed facts of a k-in-a-row board they read (its windows, symmetries, runs) and the marks."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache, lru_cache
from typing import NamedTuple

from visualizer.errors import InputError
from visualizer.games.base import Value

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
        self._window_slices = tuple(
            slice(window[0], window[-1] + 1, window[1] - window[0] if connect > 1 else 1) for window in self.windows
        )
        self._full_lines = {mark * connect: mark for mark in MARKS}
        self.symmetries = tuple(self._symmetries())
        """Cell permutations (`new[i] = old[perm[i]]`) that map the board onto itself, identity first."""
        self.winner: Callable[[str], str | None] = lru_cache(maxsize=1 << 20)(self._find_winner)
        """'X' or 'O' if that mark fills a window of the board, else None."""

    def _windows(self) -> Iterator[tuple[int, ...]]:
        rows, cols, k = self.rows, self.cols, self.connect
        for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for row in range(rows):
                for col in range(cols):
                    end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
                    if 0 <= end_row < rows and 0 <= end_col < cols:
                        yield tuple((row + d_row * i) * cols + col + d_col * i for i in range(k))

    def _symmetries(self) -> list[tuple[int, ...]]:
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
        images = ([mapping(*divmod(cell, cols)) for cell in range(self.size)] for mapping in maps)
        return list(dict.fromkeys(tuple(row * cols + col for row, col in cells) for cells in images))  # each once

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
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                prev_row, prev_col = row - d_row, col - d_col
                if 0 <= prev_row < rows and 0 <= prev_col < cols and board[prev_row * cols + prev_col] == mark:
                    continue  # not the start of a run in this direction
                length, r, c = 0, row, col
                while 0 <= r < rows and 0 <= c < cols and board[r * cols + c] == mark:
                    length, r, c = length + 1, r + d_row, c + d_col
                best = max(best, length)
        return best


@cache
def geometry(rows: int, cols: int, connect: int, gravity: bool) -> Geometry:
    """The shared `Geometry` of a board shape."""
    return Geometry(rows, cols, connect, gravity)


DISCOUNT_WIN = 2520
"""The `discounted` evaluator's win at ply 1 (2520 divides by every ply up to 10)."""

WINDOW_WEIGHTS = (0, 1, 4, 16, 64, 256, 1024)
"""The `windows` evaluator's worth of an open window holding 0, 1, 2, ... own pieces."""

WINDOWS_WIN = 100_000
"""The `windows` evaluator's value of a win at the root; each ply later takes 1 off (the quickest win is best)."""


class Evaluator(NamedTuple):
    """One static evaluator: (geometry, board, plus mark, ply since the root) -> the value for plus.

    `knows_outcome` is True when a won or lost game end always gets a value whose sign says so.
    """

    function: Callable[[Geometry, str, str, int], Value]
    description: str
    uses_ply: bool = False
    knows_outcome: bool = True


def _win_loss(geo: Geometry, board: str, plus: str, ply: int) -> int:
    mark = geo.winner(board)
    return 0 if mark is None else (1 if mark == plus else -1)


def _open_lines(geo: Geometry, board: str, plus: str, ply: int) -> int:
    mark = geo.winner(board)
    if mark is not None:
        win = len(geo.windows) + 1  # 9 on a tic-tac-toe board, as in the textbook
        return win if mark == plus else -win
    minus = other_mark(plus)
    open_plus = sum(1 for window in geo.windows if all(board[i] != minus for i in window))
    open_minus = sum(1 for window in geo.windows if all(board[i] != plus for i in window))
    return open_plus - open_minus


def _adjacency(geo: Geometry, board: str, plus: str, ply: int) -> int:
    return geo.longest_run(board, plus) - geo.longest_run(board, other_mark(plus))


def _discounted(geo: Geometry, board: str, plus: str, ply: int) -> int:
    mark = geo.winner(board)
    worth = round(DISCOUNT_WIN / max(ply, 1))  # a win at ply 1 or 0 is worth DISCOUNT_WIN
    return 0 if mark is None else (worth if mark == plus else -worth)


def _windows(geo: Geometry, board: str, plus: str, ply: int) -> int:
    mark = geo.winner(board)
    if mark is not None:
        return WINDOWS_WIN - ply if mark == plus else ply - WINDOWS_WIN
    minus = other_mark(plus)
    score = 0
    for window in geo.windows:
        cells = [board[i] for i in window]
        if minus not in cells:
            score += WINDOW_WEIGHTS[min(cells.count(plus), len(WINDOW_WEIGHTS) - 1)]
        elif plus not in cells:
            score -= WINDOW_WEIGHTS[min(cells.count(minus), len(WINDOW_WEIGHTS) - 1)]
    return score


EVALUATORS: dict[str, Evaluator] = {
    "win-loss": Evaluator(_win_loss, "+1 win, 0 draw or unfinished, -1 loss"),
    "open-lines": Evaluator(
        _open_lines,
        "lines still open for plus minus lines open for minus; a win +9, a loss -9 (on bigger boards: windows + 1)",
    ),
    "adjacency": Evaluator(
        _adjacency,
        "plus's longest straight run of pieces minus minus's (the lecture slides' value)",
        knows_outcome=False,
    ),
    "discounted": Evaluator(
        _discounted,
        f"a win is worth {DISCOUNT_WIN} divided by the ply it happens at, a loss the negative; quicker wins score more",
        uses_ply=True,
    ),
    "windows": Evaluator(
        _windows,
        "open windows of K cells weighted 1, 4, 16, ... by the pieces they hold, "
        f"plus's minus minus's; a win {WINDOWS_WIN:,} less the plies it takes",
        uses_ply=True,
    ),
}
"""Every evaluator by name (values from the plus player's view)."""


def parse_evaluator(name: str) -> str:
    """A user's evaluator name to a key of `EVALUATORS`."""
    key = name.strip().lower().replace("_", "-")
    key = {"openlines": "open-lines", "winloss": "win-loss", "open-windows": "windows"}.get(key, key)
    if key not in EVALUATORS:
        raise InputError(f"--eval is {name!r}; choose one of {', '.join(EVALUATORS)}")
    return key
