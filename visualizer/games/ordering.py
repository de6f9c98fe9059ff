"""Provides `OrderedGame`: any game with its children tried best-first, worst-first or shuffled.

Move ordering is what makes alpha-beta prune more or less. On explicit trees `best` is perfect
ordering: children sorted by the minimax value the search will see (at its look-ahead), best first
for the player to move. On board games it sorts by the children's static values, which is what a
program can afford. `worst` is the reverse of `best`; `random:SEED` shuffles each node's children
reproducibly. Ties keep the natural order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from visualizer.errors import InputError
from visualizer.games.base import ExplicitNodes, Game, Player, Value, explicit_tree
from visualizer.games.random_tree import fresh_seed

ORDERS = ("natural", "best", "worst", "random")


def parse_order(text: str) -> tuple[str, int | None]:
    """ "best" -> ("best", None); "random:7" -> ("random", 7); "random" -> ("random", None)."""
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


def with_order(game: Game, order: str, seed: int | None = None, *, depth: int | None = None) -> Game:
    """`game` itself for natural order, else an `OrderedGame` (a random order without a seed gets one)
    for a search to `depth`."""
    if order == "natural":
        return game
    if order == "random" and seed is None:
        seed = fresh_seed()
    return OrderedGame(game, order, seed, depth=depth)


def at_lookahead(game: Game, depth: int | None) -> Game:
    """`game` ordered for a search to `depth` (it may have been ordered for another look-ahead)."""
    if isinstance(game, OrderedGame) and game.depth != game.sort_depth(depth):
        return OrderedGame(game.inner, game.order, game.seed, depth=depth)
    return game


class OrderedGame:
    """Delegates everything to `inner` except the order of `successors` ("best", "worst" or "random");
    only best and worst orders of explicit trees depend on `depth`, the look-ahead of the search."""

    def __init__(self, inner: Game, order: str, seed: int | None = None, *, depth: int | None = None):
        if order not in ORDERS[1:]:
            raise InputError(f"the move order is {order!r}; choose one of best, worst, random")
        if depth is not None and depth < 0:
            raise InputError(f"--depth is {depth}; the look-ahead must be 0 or more (0 evaluates the root)")
        self.inner, self.order, self.seed = inner, order, seed
        self.root, self.is_terminal, self.player = inner.root, inner.is_terminal, inner.player  # only order changes
        self.static_value, self.board_text, self.move_value = inner.static_value, inner.board_text, inner.move_value
        self.root_name, self.child_name = inner.root_name, inner.child_name
        self._tree = explicit_tree(inner)
        self.is_explicit = self._tree is not None
        self.depth = self.sort_depth(depth)
        self._values: dict[Any, Value] = {}

    def sort_depth(self, depth: int | None) -> int | None:
        """The look-ahead this order sorts by for a search to `depth`: None when the order ignores it."""
        return None if self.order == "random" or self._tree is None else depth

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def __len__(self) -> int:
        return len(self._explicit_tree)

    @property
    def _explicit_tree(self) -> ExplicitNodes:
        if self._tree is None:
            raise TypeError(f"{self.inner.describe()} does not hold all its nodes")
        return self._tree

    @property
    def children(self) -> tuple[tuple[int, ...], ...]:
        """An explicit tree's children of every node, in this order (as the trace records them)."""
        return tuple(tuple(child for _, child in self.successors(node)) for node in range(len(self)))

    def successors(self, state: Any) -> Sequence[tuple[Any, Any]]:
        children = list(self.inner.successors(state))
        if len(children) < 2:
            return children
        if self.order == "random":
            random.Random(f"{self.seed}/{state!r}").shuffle(children)
            return children
        worth = self._search_value if self.is_explicit else self.inner.static_value
        descending = (self.inner.player(state) is Player.MAX) == (self.order == "best")  # high first: best for MAX
        return sorted(children, key=lambda pair: worth(pair[1]), reverse=descending)

    def _search_value(self, state: Any) -> Value:
        """An explicit tree's node's minimax value as a search to `self.depth` sees it (memoised)."""
        values, stack, depths = self._values, [state], self._explicit_tree.depths
        while stack:  # a node stays on the stack until its value is known
            node = stack[-1]
            if node in values:
                stack.pop()
            elif self.inner.is_terminal(node) or self.depth is not None and depths[node] >= self.depth:  # evaluated
                values[node] = self.inner.static_value(node)
            else:
                children = [child for _, child in self.inner.successors(node)]
                waiting = [child for child in children if child not in values]
                if waiting:
                    stack.extend(waiting)
                else:
                    backed_up = [values[child] for child in children]
                    values[node] = max(backed_up) if self.inner.player(node) is Player.MAX else min(backed_up)
        return values[state]

    def describe(self) -> str:
        how = {"best": "best-first", "worst": "worst-first", "random": f"random order (seed {self.seed})"}
        return f"{self.inner.describe()}, {how[self.order]}"

    def spec(self) -> dict[str, Any]:
        """The inner game's spec with "order" (and "order_seed" or, at a look-ahead, "order_depth")."""
        spec = {**self.inner.spec(), "order": self.order}
        if self.order == "random":
            spec["order_seed"] = self.seed
        if self.depth is not None:
            spec["order_depth"] = self.depth
        return spec
