"""Provides the transposition table: positions searched so far, with their value and what it proves.

A position reached again by another order of moves need not be searched again: its stored value
answers it when the value is exact, or a bound that already decides the node against the window it
is searched with (Knuth and Moore 1975; Marsland, "A review of game-tree pruning", 1986, section 6;
Russell and Norvig, AIMA 4th ed., section 5.3.3).

Values are stored in the view of the search that stores them (MAX's for alpha-beta, the player to
move's for negamax), and read back in that view; a table is never shared between the two.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from visualizer.games.base import Value
from visualizer.tracing.events import Bound

__all__ = ["Entry", "Horizon", "TranspositionTable", "bound_of", "is_deep_enough", "move_first"]


def bound_of(value: Value, *, alpha: Value, beta: Value, strict: bool = False) -> Bound:
    """What a fail-soft (or fail-hard) value searched with the window (alpha, beta) proves.

    With the usual cut rule (cut when a value reaches a bound), a value at or below alpha is an
    upper bound, one at or above beta a lower bound, and one strictly between them exact. With the
    strict rule (cut only when a value passes a bound), a value equal to alpha or beta is exact too:
    only one beyond the window is a bound.
    """
    if value < alpha or (value == alpha and not strict):
        return Bound.UPPER
    if value > beta or (value == beta and not strict):
        return Bound.LOWER
    return Bound.EXACT


def is_deep_enough(searched: int | None, remaining: int | None) -> bool:
    """Was a search `searched` plies deep at least as deep as one of `remaining` plies? (None: to the end.)"""
    return searched is None or (remaining is not None and searched >= remaining)


@dataclass(frozen=True)
class Entry:
    """What the table holds about one position.

    Attributes:
        value: the stored value, in the view of the search that stored it.
        bound: whether `value` is the position's value or a lower or upper bound on it.
        remaining: the plies searched below the position (None: to the end of the game).
        best_move: the move that gave the value (None for a leaf, or when no move was better than
            the window).
    """

    value: Value
    bound: Bound
    remaining: int | None
    best_move: Any = None


class TranspositionTable:
    """Positions searched so far, keyed by the game state (states are hashable).

    A new entry replaces an older one for the same position unless the older was searched deeper.
    """

    def __init__(self) -> None:
        self.entries: dict[Any, Entry] = {}
        """Every stored position's entry, by state."""
        self.hits = 0
        """How many probes found a usable entry."""

    def probe(
        self, state: Any, *, remaining: int | None, alpha: Value, beta: Value, strict: bool = False
    ) -> tuple[Value, Bound] | None:
        """The stored value and bound of `state` if they answer a search of `remaining` plies with
        the window (alpha, beta), else None.

        An entry answers when it was searched at least `remaining` plies deep (None: to the end,
        deeper than any number) and it is exact, or a lower bound at or above beta, or an upper
        bound at or below alpha (strictly beyond them with `strict`, where a value equal to a bound
        reads as exact).
        """
        entry = self.entries.get(state)
        if entry is None or not is_deep_enough(entry.remaining, remaining):
            return None
        value, bound = entry.value, entry.bound
        if bound is Bound.LOWER and not (value > beta or (value == beta and not strict)):
            return None
        if bound is Bound.UPPER and not (value < alpha or (value == alpha and not strict)):
            return None
        self.hits += 1
        return value, bound

    def store(
        self,
        state: Any,
        value: Value,
        *,
        remaining: int | None,
        alpha: Value,
        beta: Value,
        strict: bool = False,
        best_move: Any = None,
    ) -> None:
        """Stores `value`, found by a search of `remaining` plies with the window (alpha, beta)."""
        old = self.entries.get(state)
        if old is not None and old.remaining != remaining and is_deep_enough(old.remaining, remaining):
            return  # the stored search went deeper
        bound = bound_of(value, alpha=alpha, beta=beta, strict=strict)
        self.entries[state] = Entry(value, bound, remaining, best_move)

    def best_move(self, state: Any) -> Any | None:
        """The move stored for `state` (the one to try first when it is searched again), or None."""
        entry = self.entries.get(state)
        return None if entry is None else entry.best_move

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, state: object) -> bool:
        return state in self.entries


def move_first(children: list[tuple[Any, Any]], move: Any) -> list[tuple[Any, Any]]:
    """`children` (move, child) pairs with the one reached by `move` first (as they are if None or absent)."""
    if move is None:
        return children
    for index, (candidate, _) in enumerate(children):
        if candidate == move:
            return [children[index], *children[:index], *children[index + 1 :]] if index else children
    return children


class Horizon:
    """Counts the values of a depth-limited search that rest on its look-ahead: positions evaluated at
    the limit although their game goes on, and table entries that rest on an earlier look-ahead.

    Iterative deepening stops after a pass that counts none; a position whose search adds none is
    stored as searched to the end (`remaining` None), so that a later, deeper pass may use it.
    """

    def __init__(self) -> None:
        self.reached = 0
        """How many values so far rest on a look-ahead."""

    def take(self, table: TranspositionTable, state: Any) -> None:
        """A node took `state`'s entry from `table`: count it if that entry rests on a look-ahead."""
        if table.entries[state].remaining is not None:
            self.reached += 1
