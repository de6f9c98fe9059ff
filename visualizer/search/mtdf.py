"""Provides MTD(f): the minimax value found by a sequence of null-window alpha-beta tests, one pass each."""

from __future__ import annotations

import math
from functools import partial
from typing import Any

from visualizer.games.base import Game, Player, Value
from visualizer.search.alphabeta import alphabeta
from visualizer.search.common import INFINITY, check_depth
from visualizer.search.pvs import null_window_step, step_above
from visualizer.search.transposition import TranspositionTable
from visualizer.tracing.tracer import NULL_TRACER, Tracer


def first_guess(window: tuple[Value, Value] | None) -> Value:
    """MTD(f)'s first guess: 0, or the middle of the window (rounded down between whole numbers;
    0 kept inside the window when one end is infinite)."""
    if window is None:
        return 0
    low, high = window
    if math.isfinite(low) and math.isfinite(high):
        both_whole = isinstance(low, int) and isinstance(high, int)
        return (low + high) // 2 if both_whole else (low + high) / 2
    return min(max(0, low), high)


def mtdf(
    game: Game,
    *,
    depth: int | None = None,
    window: tuple[Value, Value] | None = None,
    tt: bool = False,
    tracer: Tracer = NULL_TRACER,
) -> Value:
    """The root's value (MAX's view) by MTD(f) (Plaat, Schaeffer, Pijls and de Bruin 1996, Fig. 3).

    Each pass is one alpha-beta search with a null window (beta - step, beta): "is the value at least
    beta?". A pass that fails high proves the value is at least what it returned (the lower bound
    rises); one that fails low proves it is at most that (the upper bound falls). The next test is at
    the value just found, until the bounds meet. `window` LO:HI starts the bounds (its middle is the
    first guess). With `tt` one table serves all the passes (Plaat's AlphaBetaWithMemory). The root's
    move that proved a bound in its mover's favour is tried first in the passes after it.
    """
    check_depth(depth)
    step = null_window_step(game)
    above, below = step_above(step), step_above(-step)
    table = TranspositionTable() if tt else None
    root = game.root()
    maximizes = game.player(root) is Player.MAX
    proved_move: list[Any] = [None]  # the root's move that proved the last bound in its mover's favour

    def first_move(state: Any) -> Any:
        if state == root and proved_move[0] is not None:
            return proved_move[0]
        return None if table is None else table.best_move(state)

    test = partial(alphabeta, game, depth=depth, tracer=tracer, table=table, first_moves=first_move, algorithm="mtdf")
    guess = first_guess(window)
    lower, upper = (-INFINITY, INFINITY) if window is None else window
    while lower < upper:
        beta = max(guess, above(lower))
        best_moves: dict[Any, Any] = {}
        if not lower < beta <= upper or not below(beta) < beta:  # no test left between the bounds:
            return test(window=(lower, upper))  # a last pass with them as its window is exact
        guess = test(window=(below(beta), beta), best_moves=best_moves)
        before = (lower, upper)
        if guess < beta:  # failed low: the value is at most guess
            upper = min(upper, guess)
        if guess > below(beta):  # failed high: the value is at least guess (both: inside, so exact)
            lower = max(lower, guess)
        if (lower, upper) == before and lower < upper:  # a test that proved nothing new: finish as above
            return test(window=(lower, upper))
        if (guess >= beta) if maximizes else (guess <= below(beta)):
            proved_move[0] = best_moves.get(root, proved_move[0])
    return guess
