"""Provides Star1, the search of trees with CHANCE nodes that prunes: expectimax (`minimax.expectimax`) with
alpha-beta at MAX and MIN nodes and cut-offs at CHANCE nodes from bounds on the leaf values (Ballard 1983,
*-minimax; Hauk, Buro and Schaeffer 2004, "Rediscovering *-Minimax Search")."""

from __future__ import annotations

import math
from typing import Any

from visualizer.errors import InputError
from visualizer.games.base import ChanceMoves, ExplicitNodes, Game, Player, Value, format_value, offers
from visualizer.search.common import INFINITY, Expectation, check_depth, probabilities
from visualizer.tracing.events import Bound
from visualizer.tracing.tracer import NULL_TRACER, Tracer


def leaf_bounds(game: Game, bounds: tuple[Value, Value] | None, depth: int | None = None) -> tuple[Value, Value]:
    """The lowest and highest value a leaf can have: `bounds`; else -inf..+inf for a tree without chance
    nodes (Star1 is then alpha-beta); else an explicit tree's own extremes among the nodes a search to
    `depth` evaluates. A game with chance nodes that does not hold its nodes needs `bounds`."""
    if bounds is None and not offers(game, ChanceMoves):
        return -INFINITY, INFINITY
    if bounds is None and offers(game, ExplicitNodes):
        evaluated = [
            value
            for node, value in enumerate(game.values)
            if value is not None
            and (not game.children[node] or game.depths[node] == depth)
            and (depth is None or game.depths[node] <= depth)
        ]
        bounds = (min(evaluated), max(evaluated)) if evaluated else (0, 0)
    if bounds is None:
        raise InputError(
            f"star1 needs bounds on the leaf values of {game.describe()} to prune at its chance "
            "nodes; give them, e.g. --bounds -1:1"
        )
    if not all(map(math.isfinite, bounds)):
        raise InputError(
            f"star1 needs finite --bounds, not {':'.join(map(format_value, bounds))}; e.g. --bounds -10:10"
        )
    return bounds


def star1(
    game: Game, *, depth: int | None = None, bounds: tuple[Value, Value] | None = None, tracer: Tracer = NULL_TRACER
) -> Value:
    """The expectiminimax value of `game`'s root, found with Star1 pruning.

    MAX and MIN nodes are fail-soft alpha-beta. A CHANCE node knows every leaf lies in L..U: after
    each child, the children left could add at most U (at least L) times their probability, so the
    node is worth at most `value + U * rest` and at least `value + L * rest`, where `value` is the
    expectation so far and `rest` the probability not yet searched. It cuts when the most is <= alpha
    (bound UPPER) or the least is >= beta (bound LOWER) and returns that limit; each child gets the
    window that such a cut-off implies for it, narrowed to L..U.

    `bounds` (L, U) are found by `leaf_bounds`; a static value outside them is an InputError.
    """
    check_depth(depth)
    low, high = leaf_bounds(game, bounds, depth)
    successors, is_terminal, player, static_value = game.successors, game.is_terminal, game.player, game.static_value
    enter, evaluate, back_up, exit_node = tracer.enter, tracer.evaluate, tracer.back_up, tracer.exit
    update, cutoff, chance_cutoff = tracer.update, tracer.cutoff, tracer.chance_cutoff
    probability = probabilities(game)
    MAX, MIN = Player.MAX, Player.MIN

    def node_value(state: Any, move: Any, ply: int, alpha: Value, beta: Value) -> Value:
        enter(state, move, depth=ply, alpha=alpha, beta=beta)
        if (depth is not None and ply >= depth) or is_terminal(state):  # common.is_frontier, inlined
            value = static_value(state)
            if not low <= value <= high:  # the cut-offs would not be safe
                raise InputError(
                    f"a leaf has value {format_value(value)}, outside the bounds "
                    f"{format_value(low)}:{format_value(high)}; widen --bounds to cover every leaf value"
                )
            evaluate(state, value)
        elif player(state) is MAX:
            value = max_value(state, ply, alpha, beta)
        elif player(state) is MIN:
            value = min_value(state, ply, alpha, beta)
        else:
            value = chance_value(state, ply, alpha, beta)
        exit_node(state, value)
        return value

    def max_value(state: Any, ply: int, alpha: Value, beta: Value) -> Value:
        value = -INFINITY
        children = successors(state)
        for index, (move, child) in enumerate(children):
            value = max(value, node_value(child, move, ply + 1, alpha, beta))
            back_up(state, child, value)
            if value >= beta:
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
            value = min(value, node_value(child, move, ply + 1, alpha, beta))
            back_up(state, child, value)
            if value <= alpha:
                if index + 1 < len(children):
                    cutoff(state, children[index + 1 :], alpha=alpha, beta=beta)
                return value
            if value < beta:
                beta = value
                update(state, alpha=alpha, beta=beta)
        return value

    def chance_value(state: Any, ply: int, alpha: Value, beta: Value) -> Value:
        children = successors(state)
        chances = [probability(state, move) for move, _ in children]
        expectation = Expectation(chances)
        for index, (move, child) in enumerate(children):
            value = expectation.value  # each child searched, times its probability
            chance, rest = chances[index], sum(chances[index + 1 :])  # rest: the children not searched yet
            child_alpha = max(low, (alpha - value - high * rest) / chance)  # below it, the node is <= alpha
            child_beta = min(high, (beta - value - low * rest) / chance)  # above it, the node is >= beta
            value = expectation.add(index, node_value(child, move, ply + 1, child_alpha, child_beta))
            back_up(state, child, value)
            most, least = value + high * rest, value + low * rest
            if most <= alpha or least >= beta:
                bound, limit = (Bound.UPPER, most) if most <= alpha else (Bound.LOWER, least)
                if index + 1 < len(children):
                    chance_cutoff(state, children[index + 1 :], bound=bound, limit=limit, alpha=alpha, beta=beta)
                return limit
        return expectation.value

    tracer.begin(game, algorithm="star1", depth_limit=depth, strict=False)
    value = node_value(game.root(), None, 0, -INFINITY, INFINITY)
    tracer.end(value)
    return value
