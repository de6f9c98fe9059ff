"""Provides negamax with alpha-beta pruning: the window is negated and swapped at each level."""

from __future__ import annotations

from typing import Any

from visualizer.games.base import Game, Value
from visualizer.search.common import INFINITY, check_depth, cut_test, is_frontier
from visualizer.tracing.tracer import NULL_TRACER, Tracer

__all__ = ["negamax_ab"]


def negamax_ab(
    game: Game, *, depth: int | None = None, strict: bool = False, tracer: Tracer = NULL_TRACER
) -> Value:
    """The root's value by negamax with alpha-beta pruning (Knuth and Moore's `F2`).

    It visits the same nodes in the same order as `alphabeta`; its values and windows are from the
    view of the player to move at each node.

    Args:
        game: the tree source (players must alternate).
        depth: the look-ahead; nodes at this depth get their static value.
        strict: cut only when the value passes beta, not when it equals it.
        tracer: receives every step (no-op by default).

    Returns:
        The root's value from MAX's point of view (the same as minimax's).
    """
    check_depth(depth)
    closes = cut_test(strict)

    def node_value(state: Any, move: Any, ply: int, alpha: Value, beta: Value) -> Value:
        tracer.enter(state, move, depth=ply, alpha=alpha, beta=beta)
        if is_frontier(game, state, ply, depth):
            value = game.player(state).sign * game.static_value(state)
            tracer.evaluate(state, value)
            tracer.exit(state, value)
            return value
        value = -INFINITY
        successors = game.successors(state)
        for index, (child_move, child) in enumerate(successors):
            value = max(value, -node_value(child, child_move, ply + 1, -beta, -alpha))
            tracer.back_up(state, child, value)
            if closes(value, beta):
                if index + 1 < len(successors):
                    tracer.cutoff(state, successors[index + 1 :], alpha=alpha, beta=beta)
                break
            if value > alpha:
                alpha = value
                tracer.update(state, alpha=alpha, beta=beta)
        tracer.exit(state, value)
        return value

    tracer.begin(game, algorithm="negamax-ab", depth_limit=depth, strict=strict)
    root = game.root()
    value = node_value(root, None, 0, -INFINITY, INFINITY)
    tracer.end(value)
    return game.player(root).sign * value
