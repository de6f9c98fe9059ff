"""Provides alpha-beta: minimax that skips children which cannot change the result (AIMA Fig. 5.7)."""

from __future__ import annotations

from typing import Any

from visualizer.games.base import Game, Player, Value
from visualizer.search.common import INFINITY, check_depth, cut_test, is_frontier
from visualizer.tracing.tracer import NULL_TRACER, Tracer

__all__ = ["alphabeta"]


def alphabeta(
    game: Game, *, depth: int | None = None, strict: bool = False, tracer: Tracer = NULL_TRACER
) -> Value:
    """The minimax value of `game`'s root, found with alpha-beta pruning.

    Args:
        game: the tree source.
        depth: the look-ahead; nodes at this depth get their static value.
        strict: cut only when the value passes the bound (>, <), not when it equals it.
        tracer: receives every step (no-op by default).

    Returns:
        The root's value from MAX's point of view (the same as minimax's).
    """
    check_depth(depth)
    closes = cut_test(strict)

    def node_value(state: Any, move: Any, ply: int, alpha: Value, beta: Value) -> Value:
        tracer.enter(state, move, depth=ply, alpha=alpha, beta=beta)
        if is_frontier(game, state, ply, depth):
            value = game.static_value(state)
            tracer.evaluate(state, value)
        elif game.player(state) is Player.MAX:
            value = max_value(state, ply, alpha, beta)
        else:
            value = min_value(state, ply, alpha, beta)
        tracer.exit(state, value)
        return value

    def max_value(state: Any, ply: int, alpha: Value, beta: Value) -> Value:
        value = -INFINITY
        successors = game.successors(state)
        for index, (move, child) in enumerate(successors):
            value = max(value, node_value(child, move, ply + 1, alpha, beta))
            tracer.back_up(state, child, value)
            if closes(value, beta):
                if index + 1 < len(successors):
                    tracer.cutoff(state, successors[index + 1 :], alpha=alpha, beta=beta)
                return value
            if value > alpha:
                alpha = value
                tracer.update(state, alpha=alpha, beta=beta)
        return value

    def min_value(state: Any, ply: int, alpha: Value, beta: Value) -> Value:
        value = INFINITY
        successors = game.successors(state)
        for index, (move, child) in enumerate(successors):
            value = min(value, node_value(child, move, ply + 1, alpha, beta))
            tracer.back_up(state, child, value)
            if closes(alpha, value):
                if index + 1 < len(successors):
                    tracer.cutoff(state, successors[index + 1 :], alpha=alpha, beta=beta)
                return value
            if value < beta:
                beta = value
                tracer.update(state, alpha=alpha, beta=beta)
        return value

    tracer.begin(game, algorithm="alphabeta", depth_limit=depth, strict=strict)
    value = node_value(game.root(), None, 0, -INFINITY, INFINITY)
    tracer.end(value)
    return value
