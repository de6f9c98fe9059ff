"""Provides negamax, minimax written once from the view of the player to move (Knuth's `F`), and negamax
with alpha-beta pruning, where the window is negated and swapped at each level (Knuth's `F2`)."""

from __future__ import annotations

from typing import Any

from visualizer.games.base import Game, Value
from visualizer.search.common import INFINITY, check_depth, cut_test, is_frontier
from visualizer.search.transposition import TranspositionTable
from visualizer.tracing.tracer import NULL_TRACER, Tracer


def negamax(game: Game, *, depth: int | None = None, tracer: Tracer = NULL_TRACER) -> Value:
    """The root's value (MAX's view) by negamax: a node is worth the maximum of its children's negated
    values. Static values are negated at MIN nodes, so the trace's values are the mover's view."""
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


def negamax_ab(
    game: Game,
    *,
    depth: int | None = None,
    strict: bool = False,
    fail_hard: bool = False,
    window: tuple[Value, Value] | None = None,
    tt: bool = False,
    tracer: Tracer = NULL_TRACER,
) -> Value:
    """The root's value (MAX's view) by negamax with alpha-beta pruning (Knuth and Moore's `F2`; fail-hard:
    `F1`). It visits the nodes `alphabeta` visits, in the same order, with values and windows from the
    mover's view; the options are `alphabeta`'s (`window` in MAX's view)."""
    check_depth(depth)
    closes = cut_test(strict)
    table = TranspositionTable() if tt else None

    def node_value(state: Any, move: Any, ply: int, alpha: Value, beta: Value) -> Value:
        tracer.enter(state, move, depth=ply, alpha=alpha, beta=beta)
        remaining = None if depth is None else depth - ply
        if (
            table is not None
            and (stored := table.probe(state, remaining=remaining, alpha=alpha, beta=beta, strict=strict)) is not None
        ):
            value, bound = stored
            tracer.transposition(state, value, bound=bound)
            tracer.exit(state, value)
            return value
        if is_frontier(game, state, ply, depth):
            value = game.player(state).sign * game.static_value(state)
            tracer.evaluate(state, value)
        else:
            value = child_values(state, ply, alpha, beta)
        # A fail-hard value equal to a bound may be that bound: it is read as one. Under --strict the
        # window may close to a point (alpha == beta), where a fail-hard value proves nothing.
        if table is not None and not (fail_hard and alpha == beta):
            table.store(state, value, remaining=remaining, alpha=alpha, beta=beta, strict=strict and not fail_hard)
        tracer.exit(state, value)
        return value

    def child_values(state: Any, ply: int, alpha: Value, beta: Value) -> Value:
        value = -INFINITY
        successors = game.successors(state)
        for index, (child_move, child) in enumerate(successors):
            value = max(value, -node_value(child, child_move, ply + 1, -beta, -alpha))
            tracer.back_up(state, child, value)
            if closes(value, beta):
                if index + 1 < len(successors):
                    tracer.cutoff(state, successors[index + 1 :], alpha=alpha, beta=beta)
                return beta if fail_hard else value
            if value > alpha:
                alpha = value
                tracer.update(state, alpha=alpha, beta=beta)
        return alpha if fail_hard else value  # fail-hard: max(value, alpha), the value clamped to the window

    root = game.root()
    sign = game.player(root).sign
    low, high = (-INFINITY, INFINITY) if window is None else window
    alpha, beta = (low, high) if sign > 0 else (-high, -low)
    tracer.begin(game, algorithm="negamax-ab", depth_limit=depth, strict=strict)
    value = node_value(root, None, 0, alpha, beta)
    tracer.end(value)
    return sign * value
