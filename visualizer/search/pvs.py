"""Provides principal variation search (NegaScout): alpha-beta that tests all but the first child with a null window."""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

from visualizer.games.base import Game, Value, explicit_tree
from visualizer.search.common import INFINITY, check_depth, is_frontier
from visualizer.search.transposition import TranspositionTable
from visualizer.tracing.tracer import NULL_TRACER, Tracer


def null_window_step(game: Game) -> Value:
    """The width of a null window: the smallest step between two values the search can meet.

    Whole numbers give 1, so the null window above alpha is (alpha, alpha + 1), as in the textbook. An
    explicit tree with other values gives the largest number that divides every value as written:
    0.25 for 2.5, 3.25 and 1 (then no value lies strictly inside a null window).
    """
    tree = explicit_tree(game)
    if tree is None:
        return 1
    values = [value for value in tree.values if value is not None and math.isfinite(value)]  # (nested: leaves only)
    if all(isinstance(value, int) or float(value).is_integer() for value in values):
        return 1
    # each value as the fraction it was written as: 2.5 as 5/2, 0.1 as 1/10 (not the binary float)
    fractions = [Fraction(value) if isinstance(value, int) else Fraction(Decimal(repr(value))) for value in values]
    denominator = math.lcm(*(fraction.denominator for fraction in fractions))
    step = Fraction(math.gcd(*(int(fraction * denominator) for fraction in fractions)), denominator)
    return float(step)


def step_above(step: Value) -> Callable[[Value], Value]:
    """`above(alpha)`: the top of the null window (alpha, alpha + step), rounded to the step's decimals
    (0.1 above 0.2 reads 0.3), never alpha itself (a negative step gives the bottom)."""
    exponent = Decimal(repr(step)).normalize().as_tuple().exponent if isinstance(step, float) else 0
    places = -exponent if isinstance(exponent, int) else 0
    direction = math.inf if step > 0 else -math.inf

    def above(alpha: Value) -> Value:
        top = alpha + step if places <= 0 else round(alpha + step, places)
        if top == alpha and math.isfinite(alpha):  # next to a value as large as 1e20 a float loses the step:
            top = math.nextafter(alpha, direction)  # the next float up is then the null window's top
        return top

    return above


def pvs(
    game: Game,
    *,
    depth: int | None = None,
    window: tuple[Value, Value] | None = None,
    tt: bool = False,
    tracer: Tracer = NULL_TRACER,
) -> Value:
    """The root's value (MAX's view) by principal variation search (Marsland and Campbell 1982; Reinefeld's
    NegaScout, 1983), in the negamax form of Wikipedia's pseudocode, fail-soft.

    The first child of a node is searched with the full window (alpha, beta): it is expected to be
    the best (the principal variation). Each later child is only tested with a null window
    (alpha, alpha + step): "is it better than alpha?". One that fails high inside the window
    (alpha < value < beta) may be better: the tracer is told (`research`) and the child is searched
    again with (value, beta). Values and windows are from the mover's view; `window` and `tt` as in
    `alphabeta`.
    """
    check_depth(depth)
    above = step_above(null_window_step(game))
    table = TranspositionTable() if tt else None

    def node_value(state: Any, move: Any, ply: int, alpha: Value, beta: Value) -> Value:
        tracer.enter(state, move, depth=ply, alpha=alpha, beta=beta)
        remaining = None if depth is None else depth - ply
        stored = None if table is None else table.probe(state, remaining=remaining, alpha=alpha, beta=beta)
        if stored is not None:
            value, bound = stored
            tracer.transposition(state, value, bound=bound)
            tracer.exit(state, value)
            return value
        if is_frontier(game, state, ply, depth):
            value = game.player(state).sign * game.static_value(state)
            tracer.evaluate(state, value)
        else:
            value = principal_variation(state, ply, alpha, beta)
        if table is not None:
            table.store(state, value, remaining=remaining, alpha=alpha, beta=beta)
        tracer.exit(state, value)
        return value

    def principal_variation(state: Any, ply: int, alpha: Value, beta: Value) -> Value:
        value = -INFINITY
        successors = game.successors(state)
        for index, (child_move, child) in enumerate(successors):
            if index == 0:
                child_value = -node_value(child, child_move, ply + 1, -beta, -alpha)
            else:
                child_value = -node_value(child, child_move, ply + 1, -above(alpha), -alpha)  # null window
                if alpha < child_value < beta:  # it failed high: it may be better than alpha
                    tracer.research(state, child)
                    child_value = -node_value(child, child_move, ply + 1, -beta, -child_value)
            value = max(value, child_value)
            tracer.back_up(state, child, value)
            if value >= beta:
                if index + 1 < len(successors):
                    tracer.cutoff(state, successors[index + 1 :], alpha=alpha, beta=beta)
                break
            if value > alpha:
                alpha = value
                tracer.update(state, alpha=alpha, beta=beta)
        return value

    tracer.begin(game, algorithm="pvs", depth_limit=depth, strict=False)
    root = game.root()
    sign = game.player(root).sign
    low, high = (-INFINITY, INFINITY) if window is None else window
    alpha, beta = (low, high) if sign > 0 else (-high, -low)  # the window from the view of the root's mover
    value = node_value(root, None, 0, alpha, beta)
    tracer.end(value)
    return sign * value
