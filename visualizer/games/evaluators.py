"""Provides the static evaluators of k-in-a-row games (`EVALUATORS`), all from the plus player's view."""

from __future__ import annotations

from typing import Callable, NamedTuple

from visualizer.errors import InputError
from visualizer.games.base import Value
from visualizer.games.geometry import Geometry, other_mark

__all__ = ["DISCOUNT_WIN", "EVALUATORS", "Evaluator", "WINDOWS_WIN", "parse_evaluator"]

DISCOUNT_WIN = 2520
"""The `discounted` evaluator's win at ply 1; 2520 divides by every ply up to 10, so tic-tac-toe values stay whole."""

WINDOW_WEIGHTS = (0, 1, 4, 16, 64, 256, 1024)
"""The `windows` evaluator's worth of an open window holding 0, 1, 2, ... own pieces."""

WINDOWS_WIN = 100_000
"""The `windows` evaluator's value of a win at the root (more than any sum of open windows); each ply
later takes 1 off, so the engine takes the quickest win and puts off a loss as long as it can."""



class Evaluator(NamedTuple):
    """One static evaluator.

    Attributes:
        function: (geometry, board, plus mark, ply since the root) -> the value for plus.
        description: one line for help texts and the app.
        uses_ply: True when the value depends on the ply (so the game must count it).
        knows_outcome: True when a won or lost game end always gets a value that says so (its sign,
            at full depth); adjacency does not.
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
    if mark is None:
        return 0
    worth = round(DISCOUNT_WIN / max(ply, 1))
    return worth if mark == plus else -worth


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
    "open-lines": Evaluator(_open_lines, "lines still open for plus minus lines open for minus; a win +9, a loss "
                                         "-9 (on bigger boards: windows + 1)"),
    "adjacency": Evaluator(_adjacency, "plus's longest straight run of pieces minus minus's (the lecture slides' "
                                       "value)", knows_outcome=False),
    "discounted": Evaluator(_discounted, f"a win is worth {DISCOUNT_WIN} divided by the ply it happens at, a "
                                         "loss the negative; quicker wins score more", uses_ply=True),
    "windows": Evaluator(_windows, "open windows of K cells weighted 1, 4, 16, ... by the pieces they hold, "
                                   f"plus's minus minus's; a win {WINDOWS_WIN:,} less the plies it takes",
                         uses_ply=True),
}
"""Every evaluator by name. Every value is from the plus (MAX) player's view."""


def parse_evaluator(name: str) -> str:
    """A user's evaluator name to a key of `EVALUATORS`."""
    key = name.strip().lower().replace("_", "-")
    key = {"openlines": "open-lines", "winloss": "win-loss", "open-windows": "windows"}.get(key, key)
    if key not in EVALUATORS:
        raise InputError(f"--eval is {name!r}; choose one of {', '.join(EVALUATORS)}")
    return key
