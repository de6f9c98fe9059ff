"""Provides the small pieces every search shares: the depth test, infinity, the cut-off test, the
probabilities of chance moves and the expectation so far at a chance node."""

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


class Expectation:
    """The expectation so far at a chance node: each child searched, times its probability. When the children
    are equally likely it is their sum divided by their number, as a mean is taken (CS188's expectimax), so the
    mean of 0, 1 and 5 is 2.0, where 1/3 x 0 + 1/3 x 1 + 1/3 x 5 misses it in the last bit (1.9999999999999998)
    and a tie with another move's 2.0 would be lost."""

    def __init__(self, chances: list[float]):
        self.value: Value = 0
        self._chances = chances
        self._uniform = all(chance == 1 / len(chances) for chance in chances)
        self._total: Value = 0

    def add(self, index: int, child_value: Value) -> Value:
        """The expectation once child `index` (counted from 0) is worth `child_value`."""
        if self._uniform:
            self._total += child_value
            self.value = self._total / len(self._chances)
        else:
            self.value += self._chances[index] * child_value
        return self.value
