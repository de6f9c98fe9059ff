"""Provides the four searches as one loop over an explicit stack, for trees too deep to recurse; it makes the
tracer calls the recursive versions make, in the same order, so the traces are identical."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from visualizer.games.base import Game, Player, Value
from visualizer.search.common import INFINITY, check_depth, cut_test, is_frontier
from visualizer.tracing.tracer import NULL_TRACER, Tracer

Child = tuple[Any, Any, int, Value, Value]
"""What a node asks the loop to search next: the child's state, its move, its depth and its window."""


def iterative_search(
    game: Game,
    algorithm: str,
    *,
    windowed: bool,
    movers_view: bool,
    depth: int | None = None,
    strict: bool = False,
    tracer: Tracer = NULL_TRACER,
) -> Value:
    """The root's value (MAX's view) by `algorithm` ("minimax", "alphabeta", "negamax" or "negamax-ab")
    without recursion: `windowed` keeps an alpha-beta window and prunes, `movers_view` backs up values
    from the view of the player to move."""
    check_depth(depth)
    closes = cut_test(strict)

    def node_value(state: Any, move: Any, ply: int, alpha: Value, beta: Value) -> Generator[Child, Any, Value]:
        """The recursive search of one node, which yields each child to search instead of calling itself (and is
        sent the child's value back; None starts it)."""
        tracer.enter(state, move, depth=ply, alpha=alpha if windowed else None, beta=beta if windowed else None)
        if is_frontier(game, state, ply, depth):
            value = game.static_value(state)
            if movers_view:
                value *= game.player(state).sign
            tracer.evaluate(state, value)
            tracer.exit(state, value)
            return value
        maximizes = movers_view or game.player(state) is Player.MAX
        value = -INFINITY if maximizes else INFINITY
        successors = game.successors(state)
        for index, (child_move, child) in enumerate(successors):
            if movers_view:
                value = max(value, -(yield child, child_move, ply + 1, -beta, -alpha))
            else:
                child_value = yield child, child_move, ply + 1, alpha, beta
                value = max(value, child_value) if maximizes else min(value, child_value)
            tracer.back_up(state, child, value)
            if not windowed:
                continue
            if closes(value, beta) if maximizes else closes(alpha, value):
                if index + 1 < len(successors):
                    tracer.cutoff(state, successors[index + 1 :], alpha=alpha, beta=beta)
                break
            if maximizes and value > alpha:
                alpha = value
                tracer.update(state, alpha=alpha, beta=beta)
            elif not maximizes and value < beta:
                beta = value
                tracer.update(state, alpha=alpha, beta=beta)
        tracer.exit(state, value)
        return value

    tracer.begin(game, algorithm=algorithm, depth_limit=depth, strict=strict if windowed else False)
    root = game.root()
    stack = [node_value(root, None, 0, -INFINITY, INFINITY)]  # the open nodes, the root first
    returned: Value | None = None  # the value of the node closed last, for its parent
    while stack:
        try:
            child = stack[-1].send(returned)
        except StopIteration as closed:
            stack.pop()
            returned = closed.value
        else:
            stack.append(node_value(*child))
            returned = None
    assert returned is not None  # the root's value
    tracer.end(returned)
    return game.player(root).sign * returned if movers_view else returned
