"""Provides `reference_tt_alphabeta` and `reference_minimax`: a transposition-table alpha-beta and a
memoized minimax written plainly, as oracles for the library's `--tt`.

They share no code with `visualizer.search`: a dict for the table, MAX and MIN written out, the
bounds worked out where they are used. The table follows the same rules as the library's, so the two
agree on the value and on the number of nodes entered:

- an entry is used when it was searched at least as deep as asked (None: to the end), and it is
  exact, or a lower bound at or above beta, or an upper bound at or below alpha (beyond them with
  strict, where a value equal to a bound counts as exact);
- a value at or below the window's alpha (below, with strict) is stored as an upper bound, at or
  above beta (above) as a lower bound, and otherwise as exact;
- an entry is replaced unless the older one was searched deeper.
"""

from __future__ import annotations

from typing import Any

from visualizer.games.base import Game, Player, Value

__all__ = ["reference_minimax", "reference_tt_alphabeta"]

EXACT, LOWER, UPPER = "exact", "lower", "upper"


def reference_minimax(game: Game, depth: int | None = None) -> Value:
    """Minimax's value of `game`'s root (MAX's view), remembering positions it has already valued."""
    memo: dict[tuple[Any, int | None], Value] = {}

    def value_of(state: Any, remaining: int | None) -> Value:
        key = (state, remaining)
        if key not in memo:
            if game.is_terminal(state) or remaining == 0:
                memo[key] = game.static_value(state)
            else:
                below = None if remaining is None else remaining - 1
                values = [value_of(child, below) for _, child in game.successors(state)]
                memo[key] = max(values) if game.player(state) is Player.MAX else min(values)
        return memo[key]

    return value_of(game.root(), depth)


def reference_tt_alphabeta(game: Game, depth: int | None = None, *, strict: bool = False) -> tuple[Value, int]:
    """Fail-soft alpha-beta with a transposition table: (the root's value, MAX's view; nodes entered)."""
    table: dict[Any, tuple[Value, str, int | None]] = {}
    entered = 0

    def deep_enough(stored: int | None, wanted: int | None) -> bool:
        if stored is None:
            return True
        if wanted is None:
            return False
        return stored >= wanted

    def search(state: Any, remaining: int | None, alpha: Value, beta: Value) -> Value:
        nonlocal entered
        entered += 1
        if state in table:
            value, kind, searched = table[state]
            if deep_enough(searched, remaining):
                if kind == EXACT:
                    return value
                if kind == LOWER and (value > beta if strict else value >= beta):
                    return value
                if kind == UPPER and (value < alpha if strict else value <= alpha):
                    return value
        if game.is_terminal(state) or remaining == 0:
            value = game.static_value(state)
        else:
            below = None if remaining is None else remaining - 1
            maximizing = game.player(state) is Player.MAX
            value = -float("inf") if maximizing else float("inf")
            low, high = alpha, beta
            for _, child in game.successors(state):
                child_value = search(child, below, low, high)
                if maximizing:
                    value = max(value, child_value)
                    if (value > high) if strict else (value >= high):
                        break
                    low = max(low, value)
                else:
                    value = min(value, child_value)
                    if (value < low) if strict else (value <= low):
                        break
                    high = min(high, value)
        if (value < alpha) if strict else (value <= alpha):
            kind = UPPER
        elif (value > beta) if strict else (value >= beta):
            kind = LOWER
        else:
            kind = EXACT
        old = table.get(state)
        if old is None or old[2] == remaining or not deep_enough(old[2], remaining):
            table[state] = (value, kind, remaining)
        return value

    value = search(game.root(), depth, -float("inf"), float("inf"))
    return value, entered
