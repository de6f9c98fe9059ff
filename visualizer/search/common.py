"""Provides the small pieces every search shares: the depth test, infinity, the cut-off test and the
probabilities of chance moves."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from visualizer.errors import InputError
from visualizer.games.base import ChanceMoves, Game, Value, offers

INFINITY = float("inf")


def is_frontier(game: Game, state: Any, depth: int, depth_limit: int | None) -> bool:
    """True where the search stops and evaluates: a finished game, a leaf, or the look-ahead limit."""
    return (depth_limit is not None and depth >= depth_limit) or game.is_terminal(state)


def cut_test(strict: bool) -> Callable[[Value, Value], bool]:
    """`closes(value, bound)`: does `value` reach past `bound`? (`>=` by default, `>` when strict).

    MAX nodes cut when closes(value, beta); MIN nodes when closes(alpha, value), i.e. value <= alpha.
    """
    return operator.gt if strict else operator.ge


def check_depth(depth_limit: int | None) -> None:
    """Refuses a negative look-ahead."""
    if depth_limit is not None and depth_limit < 0:
        raise InputError(f"--depth is {depth_limit}; the look-ahead must be 0 or more (0 evaluates the root)")


def probabilities(game: Game) -> Callable[[Any, Any], float]:
    """`game.probability`, asked only at CHANCE nodes (a game without it has none)."""
    if offers(game, ChanceMoves):
        return game.probability

    def unknown(state: Any, move: Any) -> float:
        raise TypeError(f"{game.describe()} has a chance node but no probabilities")

    return unknown
