"""Provides negamax: minimax written once, from the view of the player to move (Knuth's `F`)."""

from __future__ import annotations

from typing import Any

from visualizer.games.base import Game, Value
from visualizer.search.common import INFINITY, check_depth, is_frontier
from visualizer.tracing.tracer import NULL_TRACER, Tracer

__all__ = ["negamax"]


def negamax(game: Game, *, depth: int | None = None, tracer: Tracer = NULL_TRACER) -> Value:
    """The root's value by negamax: a node is worth the maximum of its children's negated values.

    Static values are turned to the mover's view (negated at MIN nodes), so the values in the
    trace are from the view of the player to move at each node.

    Args:
        game: the tree source (players must alternate).
        depth: the look-ahead; nodes at this depth get their static value.
        tracer: receives every step (no-op by default).

    Returns:
        The root's value from MAX's point of view (the same as minimax's).
    """
    check_depth(depth)

    def node_value(state: Any, move: Any, ply: int) -> Value:
        tracer.enter(state, move, depth=ply, alpha=None, beta=None)
        if is_frontier(game, state, ply, depth):
            value = game.player(state).sign * game.static_value(state)
            tracer.evaluate(state, value)
        else:
            value = -INFINITY
            for child_move, child in game.successors(state):
                value = max(value, -node_value(child, child_move, ply + 1))
                tracer.back_up(state, child, value)
        tracer.exit(state, value)
        return value

    tracer.begin(game, algorithm="negamax", depth_limit=depth, strict=False)
    root = game.root()
    value = node_value(root, None, 0)
    tracer.end(value)
    return game.player(root).sign * value
