"""Provides `OrderedGame`: any game with its children tried best-first, worst-first or shuffled.

Move ordering is what makes alpha-beta prune more or less. On explicit trees `best` is perfect
ordering: children sorted by their exact minimax value, best first for the player to move. On games
(board positions) it is ordering by the children's static values, which is what a program can
afford. `worst` is the reverse of `best`; `random:SEED` shuffles each node's children reproducibly.
Ties keep the natural order.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from visualizer.errors import InputError
from visualizer.games.base import Game, Player, Value

__all__ = ["ORDERS", "OrderedGame", "parse_order", "with_order"]

ORDERS = ("natural", "best", "worst", "random")


def parse_order(text: str) -> tuple[str, int | None]:
    """"best" -> ("best", None); "random:7" -> ("random", 7); "random" -> ("random", None)."""
    name, _, seed_text = text.strip().lower().partition(":")
    if name not in ORDERS:
        raise InputError(f"--order is {text!r}; choose one of natural, best, worst, random[:SEED]")
    if seed_text and name != "random":
        raise InputError(f"--order {text!r} takes no seed; only random:SEED does")
    if not seed_text:
        return name, None
    try:
        return name, int(seed_text)
    except ValueError:
        raise InputError(f"--order {text!r} has seed {seed_text!r}; use a whole number, e.g. random:7") from None


def with_order(game: Game, order: str, seed: int | None = None) -> Game:
    """`game` itself for natural order, else an `OrderedGame` (a random order without a seed gets one)."""
    if order == "natural":
        return game
    if order == "random" and seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    return OrderedGame(game, order, seed)


class OrderedGame:
    """Delegates everything to `inner` except the order of `successors`."""

    def __init__(self, inner: Game, order: str, seed: int | None = None):
        if order not in ORDERS[1:]:
            raise InputError(f"the move order is {order!r}; choose one of best, worst, random")
        self.inner, self.order, self.seed = inner, order, seed
        self._exact: dict[Any, Value] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    @property
    def is_explicit(self) -> bool:
        return self.inner.is_explicit

    def __len__(self) -> int:
        return len(self.inner)  # explicit trees only

    @property
    def children(self) -> tuple[tuple[int, ...], ...]:
        """An explicit tree's children of every node, in this order (as the trace records them)."""
        return tuple(tuple(child for _, child in self.successors(node)) for node in range(len(self.inner)))

    def root(self) -> Any:
        return self.inner.root()

    def is_terminal(self, state: Any) -> bool:
        return self.inner.is_terminal(state)

    def player(self, state: Any) -> Player:
        return self.inner.player(state)

    def static_value(self, state: Any) -> Value:
        return self.inner.static_value(state)

    def root_name(self) -> str:
        return self.inner.root_name()

    def child_name(self, parent_name: str, state: Any, move: Any) -> str:
        return self.inner.child_name(parent_name, state, move)

    def move_value(self, move: Any) -> Any:
        return self.inner.move_value(move)

    def board_text(self, state: Any) -> str | None:
        return self.inner.board_text(state)

    def successors(self, state: Any) -> Sequence[tuple[Any, Any]]:
        children = list(self.inner.successors(state))
        if len(children) < 2:
            return children
        if self.order == "random":
            random.Random(f"{self.seed}/{state!r}").shuffle(children)
            return children
        worth = self._exact_value if self.inner.is_explicit else self.inner.static_value
        best_first_high = self.inner.player(state) is Player.MAX
        descending = best_first_high if self.order == "best" else not best_first_high
        return sorted(children, key=lambda pair: worth(pair[1]), reverse=descending)

    def _exact_value(self, state: Any) -> Value:
        """The full-depth minimax value of an explicit tree's node (memoised; no recursion limit)."""
        if state in self._exact:
            return self._exact[state]
        stack = [state]
        while stack:
            node = stack[-1]
            if node in self._exact:
                stack.pop()
                continue
            children = [child for _, child in self.inner.successors(node)]
            if not children:
                self._exact[node] = self.inner.static_value(node)
                stack.pop()
                continue
            waiting = [child for child in children if child not in self._exact]
            if waiting:
                stack.extend(waiting)
                continue
            values = [self._exact[child] for child in children]
            self._exact[node] = max(values) if self.inner.player(node) is Player.MAX else min(values)
            stack.pop()
        return self._exact[state]

    def describe(self) -> str:
        how = {"best": "best-first", "worst": "worst-first", "random": f"random order (seed {self.seed})"}
        return f"{self.inner.describe()}, {how[self.order]}"

    def spec(self) -> dict[str, Any]:
        spec = {**self.inner.spec(), "order": self.order}
        if self.order == "random":
            spec["order_seed"] = self.seed
        return spec
