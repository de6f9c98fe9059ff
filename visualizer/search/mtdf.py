"""Provides MTD(f): the minimax value found by a sequence of null-window alpha-beta tests, one pass each."""

from __future__ import annotations

import math
from typing import Any

from visualizer.games.base import Game, Player, Value
from visualizer.search.alphabeta import alphabeta
from visualizer.search.common import INFINITY, check_depth
from visualizer.search.pvs import null_window_step, step_above
from visualizer.search.transposition import TranspositionTable
from visualizer.tracing.tracer import NULL_TRACER, Tracer

__all__ = ["NAME", "first_guess", "mtdf"]

NAME = "mtdf"
"""The name the passes record, and users type."""


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
    """The root's value by MTD(f) (Plaat, Schaeffer, Pijls and de Bruin 1996, Fig. 3).

    Each pass is one alpha-beta search of the whole tree with a null window (beta - step, beta):
    it only answers "is the value at least beta?". A pass that fails high (value >= beta) proves
    the value is at least what it returned (the lower bound rises); one that fails low proves it is at
    most that (the upper bound falls). The next test is at the value just found, until the bounds
    meet. The step is the values' granularity (1 for whole numbers, see `null_window_step`); a
    result strictly inside a window wider than that is exact and sets both bounds.

    With `tt`, as the method is meant to be used (Plaat's AlphaBetaWithMemory), one transposition
    table is kept over all the passes: a position whose stored bound answers the next test is not
    searched again, and its stored best move is tried first. Either way the root's move that
    proved the bound in its mover's favour is tried first in the passes after it, so the last
    pass's best move is the right one even when that pass fails against the mover.

    Args:
        game: the tree source.
        depth: the look-ahead; nodes at this depth get their static value.
        window: LO:HI, MAX's view: the first guess is its middle, and LO and HI start the lower and
            upper bounds (a value outside them ends at a bound, as an aspiration window does).
        tt: one transposition table for all the passes.
        tracer: receives every pass (`begin` ... `end` each).

    Returns:
        The last pass's root value from MAX's point of view.
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

    guess = first_guess(window)
    lower, upper = (-INFINITY, INFINITY) if window is None else window
    while lower < upper:
        beta = max(guess, above(lower))
        best_moves: dict[Any, Any] = {}
        if not lower < beta <= upper or not below(beta) < beta:  # no test left between the bounds: a last
            return alphabeta(
                game,
                depth=depth,
                window=(lower, upper),
                tracer=tracer,
                table=table,  # pass
                first_moves=first_move,
                algorithm=NAME,
            )  # with them as its window is exact
        guess = alphabeta(
            game,
            depth=depth,
            window=(below(beta), beta),
            tracer=tracer,
            table=table,
            first_moves=first_move,
            best_moves=best_moves,
            algorithm=NAME,
        )
        before = (lower, upper)
        if guess < beta:  # failed low: the value is at most guess
            upper = min(upper, guess)
        if guess > below(beta):  # failed high: the value is at least guess (both: inside, so exact)
            lower = max(lower, guess)
        if (lower, upper) == before and lower < upper:  # a test that proved nothing new: finish as above
            return alphabeta(
                game,
                depth=depth,
                window=(lower, upper),
                tracer=tracer,
                table=table,
                first_moves=first_move,
                algorithm=NAME,
            )
        if (guess >= beta) if maximizes else (guess <= below(beta)):
            proved_move[0] = best_moves.get(root, proved_move[0])
    return guess
