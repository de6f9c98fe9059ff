"""Provides minimax: the value of a game tree by backing up MAX and MIN choices (AIMA Fig. 5.3)."""

from __future__ import annotations

from typing import Any

from visualizer.games.base import Game, Player, Value
from visualizer.search.common import INFINITY, check_depth, is_frontier
from visualizer.tracing.tracer import NULL_TRACER, Tracer

__all__ = ["minimax"]


def minimax(game: Game, *, depth: int | None = None, tracer: Tracer = NULL_TRACER) -> Value:
    """The minimax value of `game`'s root, searching `depth` plies ahead (None: to the end).

    Args:
        game: the tree source.
        depth: the look-ahead; nodes at this depth get their static value.
        tracer: receives every step (no-op by default).

    Returns:
        The root's value from MAX's point of view.
    """
    check_depth(depth)

    def node_value(state: Any, move: Any, ply: int) -> Value:
        tracer.enter(state, move, depth=ply, alpha=None, beta=None)
        if is_frontier(game, state, ply, depth):
            value = game.static_value(state)
            tracer.evaluate(state, value)
        elif game.player(state) is Player.MAX:
            value = max_value(state, ply)
        else:
            value = min_value(state, ply)
        tracer.exit(state, value)
        return value

    def max_value(state: Any, ply: int) -> Value:
        value = -INFINITY
        for move, child in game.successors(state):
            value = max(value, node_value(child, move, ply + 1))
            tracer.back_up(state, child, value)
        return value

    def min_value(state: Any, ply: int) -> Value:
        value = INFINITY
        for move, child in game.successors(state):
            value = min(value, node_value(child, move, ply + 1))
            tracer.back_up(state, child, value)
        return value

    tracer.begin(game, algorithm="minimax", depth_limit=depth, strict=False)
    value = node_value(game.root(), None, 0)
    tracer.end(value)
    return value
