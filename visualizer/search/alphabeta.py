"""Provides alpha-beta: minimax that skips children which cannot change the result (AIMA Fig. 5.7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from visualizer.games.base import Game, Player, Value
from visualizer.search.common import INFINITY, check_depth, cut_test
from visualizer.search.transposition import Horizon, TranspositionTable, move_first
from visualizer.tracing.tracer import NULL_TRACER, Tracer


def alphabeta(
    game: Game,
    *,
    depth: int | None = None,
    strict: bool = False,
    fail_hard: bool = False,
    window: tuple[Value, Value] | None = None,
    tt: bool = False,
    tracer: Tracer = NULL_TRACER,
    table: TranspositionTable | None = None,
    first_moves: Callable[[Any], Any] | None = None,
    best_moves: dict[Any, Any] | None = None,
    horizon: Horizon | None = None,
    algorithm: str = "alphabeta",
) -> Value:
    """The minimax value of `game`'s root (MAX's view), found with alpha-beta pruning.

    Fail-soft by default (Fishburn 1983): a node returns the best value it found, even beyond its
    window. Fail-hard returns the bound it failed against instead: an inner node's value is
    clamped to its window (leaves keep their static value).

    Args:
        strict: cut only when the value passes the bound (>, <), not when it equals it.
        window: the root's starting window (alpha, beta), MAX's view (an aspiration window); a root
            value outside it is only a bound on the minimax value.
        tt: keep a transposition table (a new one, unless `table` is given): a position met again
            takes its stored value when that answers the window, as a TRANSPOSITION event.
        first_moves: the move to try first at a position (or None), e.g. the last pass's line.
        best_moves: filled with the move whose child gave each searched position its value.
        horizon: counts the values that rest on the look-ahead (see `Horizon`).
        algorithm: the name `tracer.begin` records.
    """
    check_depth(depth)
    closes = cut_test(strict)
    if tt and table is None:
        table = TranspositionTable()
    chosen = best_moves if best_moves is not None or table is None else {}
    successors, is_terminal, player, static_value = game.successors, game.is_terminal, game.player, game.static_value
    enter, evaluate, back_up, exit_node = tracer.enter, tracer.evaluate, tracer.back_up, tracer.exit
    update, cutoff = tracer.update, tracer.cutoff
    MAX = Player.MAX

    def node_value(state: Any, move: Any, ply: int, alpha: Value, beta: Value) -> Value:
        enter(state, move, depth=ply, alpha=alpha, beta=beta)
        if table is not None:
            remaining = None if depth is None else depth - ply
            reached = 0 if horizon is None else horizon.reached
            stored = table.probe(state, remaining=remaining, alpha=alpha, beta=beta, strict=strict)
            if stored is not None:
                value, bound = stored
                if horizon is not None:
                    horizon.take(table, state)
                tracer.transposition(state, value, bound=bound)
                exit_node(state, value)
                return value
        if (depth is not None and ply >= depth) or is_terminal(state):  # common.is_frontier, inlined
            value = static_value(state)
            evaluate(state, value)
            if horizon is not None and not is_terminal(state):
                horizon.reached += 1
        elif player(state) is MAX:
            value = max_value(state, ply, alpha, beta)
        else:
            value = min_value(state, ply, alpha, beta)
        # A fail-hard value equal to a bound may be that bound: it is read as one. Under --strict the
        # window may close to a point (alpha == beta), where a fail-hard value proves nothing.
        if table is not None and not (fail_hard and alpha == beta):
            searched = None if horizon is not None and horizon.reached == reached else remaining
            table.store(
                state,
                value,
                remaining=searched,
                alpha=alpha,
                beta=beta,
                strict=strict and not fail_hard,
                best_move=None if chosen is None else chosen.get(state),
            )
        exit_node(state, value)
        return value

    def max_value(state: Any, ply: int, alpha: Value, beta: Value) -> Value:
        value = -INFINITY
        children = successors(state)
        if first_moves is not None:  # iterative deepening: the last pass's line first
            children = move_first(children, first_moves(state))
        for index, (move, child) in enumerate(children):
            child_value = node_value(child, move, ply + 1, alpha, beta)
            if child_value > value:  # value = max(value, child_value)
                value = child_value
                if chosen is not None:
                    chosen[state] = move
            back_up(state, child, value)
            if closes(value, beta):
                if index + 1 < len(children):
                    cutoff(state, children[index + 1 :], alpha=alpha, beta=beta)
                return beta if fail_hard else value
            if value > alpha:
                alpha = value
                update(state, alpha=alpha, beta=beta)
        return alpha if fail_hard else value  # fail-hard: max(value, alpha), the value clamped to the window

    def min_value(state: Any, ply: int, alpha: Value, beta: Value) -> Value:
        value = INFINITY
        children = successors(state)
        if first_moves is not None:  # iterative deepening: the last pass's line first
            children = move_first(children, first_moves(state))
        for index, (move, child) in enumerate(children):
            child_value = node_value(child, move, ply + 1, alpha, beta)
            if child_value < value:  # value = min(value, child_value)
                value = child_value
                if chosen is not None:
                    chosen[state] = move
            back_up(state, child, value)
            if closes(alpha, value):
                if index + 1 < len(children):
                    cutoff(state, children[index + 1 :], alpha=alpha, beta=beta)
                return alpha if fail_hard else value
            if value < beta:
                beta = value
                update(state, alpha=alpha, beta=beta)
        return beta if fail_hard else value

    alpha, beta = (-INFINITY, INFINITY) if window is None else window
    tracer.begin(game, algorithm=algorithm, depth_limit=depth, strict=strict)
    value = node_value(game.root(), None, 0, alpha, beta)
    tracer.end(value)
    return value
