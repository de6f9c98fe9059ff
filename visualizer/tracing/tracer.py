"""Provides the `Tracer` protocol: no-op hooks that every search algorithm calls as it runs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from visualizer.games.base import Game, Value
from visualizer.tracing.events import Bound


class Tracer:
    """Receives a search as a labelled transcript; every hook does nothing by default.

    Override the hooks you need (like `chess.pgn.BaseVisitor`) and `result()` to hand back what you
    built. Hooks after `enter` refer to the node most recently entered and not yet exited.
    """

    def begin(self, game: Game, *, algorithm: str, depth_limit: int | None, strict: bool) -> None:
        """A search of `game` starts; a search of several passes calls `begin` ... `end` once per pass."""

    def enter(self, state: Any, move: Any, *, depth: int, alpha: Value | None, beta: Value | None) -> None:
        """The search opens `state`, reached by `move` (None at the root)."""

    def evaluate(self, state: Any, value: Value) -> None:
        """`state` gets its static value (a leaf, a finished game, or the depth limit)."""

    def back_up(self, state: Any, child: Any, value: Value) -> None:
        """`child`'s value has been taken into `state`'s value, which is now `value`."""

    def update(self, state: Any, *, alpha: Value, beta: Value) -> None:
        """`state`'s window has narrowed to (alpha, beta)."""

    def cutoff(self, state: Any, skipped: Sequence[tuple[Any, Any]], *, alpha: Value, beta: Value) -> None:
        """The window at `state` closed; the (move, child) pairs in `skipped` are not searched."""

    def transposition(self, state: Any, value: Value, *, bound: Bound) -> None:
        """`state`, just entered, takes the stored `value` (exact or a bound) from the transposition table."""

    def research(self, state: Any, child: Any) -> None:
        """At `state`, the child that just exited failed its null-window test and is entered again (PVS)."""

    def chance_cutoff(
        self, state: Any, skipped: Sequence[tuple[Any, Any]], *, bound: Bound, limit: Value, alpha: Value, beta: Value
    ) -> None:
        """At the chance node `state`, the leaf bounds prove its value is at most `limit` (`bound` UPPER) or
        at least `limit` (LOWER), outside (alpha, beta): `skipped` are not searched (Star1)."""

    def select(self, state: Any, move: Any, *, depth: int, score: Value | None) -> None:
        """Monte Carlo tree search goes into `state`, already in its tree, chosen by the UCT `score`."""

    def expand(self, state: Any, move: Any, *, depth: int) -> None:
        """Monte Carlo tree search adds `state`, reached by `move`, to its tree and goes into it."""

    def simulate(self, state: Any, playout: Sequence[str], value: Value) -> None:
        """A random playout from `state` (its moves as labels) ended with `value` (MAX's view)."""

    def backpropagate(self, state: Any, value: Value, *, visits: int) -> None:
        """`state` took the playout's result: it has `visits` visits and mean `value`; the search leaves it."""

    def exit(self, state: Any, value: Value) -> None:
        """`state` is finished with `value`."""

    def end(self, value: Value) -> None:
        """The search is over; `value` is what the algorithm returned for the root."""

    def result(self) -> Any:
        """What this tracer built (None for the no-op tracer)."""
        return None


NULL_TRACER = Tracer()
"""The default tracer: records nothing, costs one method call per hook."""


class NodeCounter(Tracer):
    """Counts nodes entered and static evaluations; cheap enough for very large searches."""

    def __init__(self) -> None:
        self.nodes = 0
        self.evaluations = 0

    def enter(self, state: Any, move: Any, *, depth: int, alpha: Value | None, beta: Value | None) -> None:
        self.nodes += 1

    def evaluate(self, state: Any, value: Value) -> None:
        self.evaluations += 1

    def result(self) -> tuple[int, int]:
        return self.nodes, self.evaluations
