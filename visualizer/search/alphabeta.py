"""Provides alpha-beta: minimax that skips children which cannot change the result (AIMA Fig. 5.7)."""

from __future__ import annotations

from typing import Any

from visualizer.games.base import Game, Player, Value
from visualizer.search.common import INFINITY, check_depth, cut_test
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
    # Looked up once, not at each of the (often millions of) nodes.
    successors, is_terminal, player, static_value = game.successors, game.is_terminal, game.player, game.static_value
    enter, evaluate, back_up, exit_node = tracer.enter, tracer.evaluate, tracer.back_up, tracer.exit
    update, cutoff = tracer.update, tracer.cutoff
    MAX = Player.MAX

    def node_value(state: Any, move: Any, ply: int, alpha: Value, beta: Value) -> Value:
        enter(state, move, depth=ply, alpha=alpha, beta=beta)
        if (depth is not None and ply >= depth) or is_terminal(state):  # common.is_frontier, inlined
            value = static_value(state)
            evaluate(state, value)
        elif player(state) is MAX:
            value = max_value(state, ply, alpha, beta)
        else:
            value = min_value(state, ply, alpha, beta)
        exit_node(state, value)
        return value

    def max_value(state: Any, ply: int, alpha: Value, beta: Value) -> Value:
        value = -INFINITY
        children = successors(state)
        for index, (move, child) in enumerate(children):
            child_value = node_value(child, move, ply + 1, alpha, beta)
            if child_value > value:  # value = max(value, child_value)
                value = child_value
            back_up(state, child, value)
            if closes(value, beta):
                if index + 1 < len(children):
                    cutoff(state, children[index + 1 :], alpha=alpha, beta=beta)
                return value
            if value > alpha:
                alpha = value
                update(state, alpha=alpha, beta=beta)
        return value

    def min_value(state: Any, ply: int, alpha: Value, beta: Value) -> Value:
        value = INFINITY
        children = successors(state)
        for index, (move, child) in enumerate(children):
            child_value = node_value(child, move, ply + 1, alpha, beta)
            if child_value < value:  # value = min(value, child_value)
                value = child_value
            back_up(state, child, value)
            if closes(alpha, value):
                if index + 1 < len(children):
                    cutoff(state, children[index + 1 :], alpha=alpha, beta=beta)
                return value
            if value < beta:
                beta = value
                update(state, alpha=alpha, beta=beta)
        return value

    tracer.begin(game, algorithm="alphabeta", depth_limit=depth, strict=strict)
    value = node_value(game.root(), None, 0, -INFINITY, INFINITY)
    tracer.end(value)
    return value
