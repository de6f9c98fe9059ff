"""Provides the transposition table: positions searched so far, with their value and what it proves.

A position reached again need not be searched again when its stored value is exact, or a bound that
already decides the node against its window (Marsland 1986, section 6; AIMA 4th ed., section 5.3.3).
Values are stored and read back in the view of the search that stores them (MAX's, or the mover's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from visualizer.games.base import Value
from visualizer.tracing.events import Bound


def bound_of(value: Value, *, alpha: Value, beta: Value, strict: bool = False) -> Bound:
    """What a value searched with the window (alpha, beta) proves: at or below alpha an upper bound, at or
    above beta a lower bound, strictly between them exact (under `strict`, a value equal to a bound is exact)."""
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
    """What the table holds about one position: its value or a bound on it, the plies searched below it
    (`remaining`, None: to the end) and the move that gave the value."""

    value: Value
    bound: Bound
    remaining: int | None
    best_move: Any = None


class TranspositionTable:
    """Positions searched so far, by state; a new entry replaces an older one unless that went deeper."""

    def __init__(self) -> None:
        self.entries: dict[Any, Entry] = {}

    def probe(
        self, state: Any, *, remaining: int | None, alpha: Value, beta: Value, strict: bool = False
    ) -> tuple[Value, Bound] | None:
        """The stored value and bound of `state` if they answer a search of `remaining` plies with the
        window (alpha, beta): searched deep enough, and exact or a bound beyond the window; else None."""
        entry = self.entries.get(state)
        if entry is None or not is_deep_enough(entry.remaining, remaining):
            return None
        value, bound = entry.value, entry.bound
        if bound is Bound.LOWER and not (value > beta or (value == beta and not strict)):
            return None
        if bound is Bound.UPPER and not (value < alpha or (value == alpha and not strict)):
            return None
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


def move_first(children: Sequence[tuple[Any, Any]], move: Any) -> Sequence[tuple[Any, Any]]:
    """`children` (move, child) pairs with the one reached by `move` first (as they are if None or absent)."""
    if move is None:
        return children
    for index, (candidate, _) in enumerate(children):
        if candidate == move:
            return [children[index], *children[:index], *children[index + 1 :]] if index else children
    return children


class Horizon:
    """Counts the values of a depth-limited search that rest on its look-ahead (iterative deepening stops
    after a pass that counts none; a position whose search adds none is stored as searched to the end)."""

    def __init__(self) -> None:
        self.reached = 0

    def take(self, table: TranspositionTable, state: Any) -> None:
        """A node took `state`'s entry from `table`: count it if that entry rests on a look-ahead."""
        if table.entries[state].remaining is not None:
            self.reached += 1
