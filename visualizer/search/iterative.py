"""Provides the four searches as one loop over an explicit stack, for trees too deep to recurse; it makes the
tracer calls the recursive versions make, in the same order, so the traces are identical."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from visualizer.games.base import Game, Player, Value
from visualizer.search.common import INFINITY, check_depth, cut_test, is_frontier
from visualizer.tracing.tracer import NULL_TRACER, Tracer


class _Frame:
    """The locals of one open node: its window, its value so far and the next child to try."""

    __slots__ = ("state", "ply", "alpha", "beta", "value", "successors", "index", "maximizes")

    def __init__(self, state: Any, ply: int, alpha: Value, beta: Value, maximizes: bool):
        self.state, self.ply, self.alpha, self.beta = state, ply, alpha, beta
        self.maximizes = maximizes
        self.value = -INFINITY if maximizes else INFINITY
        self.successors: Sequence[tuple[Any, Any]] = ()
        self.index = 0


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
    stack: list[_Frame] = []

    def open_node(state: Any, move: Any, ply: int, alpha: Value, beta: Value) -> Value | None:
        """Enters a node: evaluates it at once (returning its value) or pushes a frame (None)."""
        tracer.enter(state, move, depth=ply, alpha=alpha if windowed else None, beta=beta if windowed else None)
        if is_frontier(game, state, ply, depth):
            value = game.static_value(state)
            if movers_view:
                value *= game.player(state).sign
            tracer.evaluate(state, value)
            tracer.exit(state, value)
            return value
        frame = _Frame(state, ply, alpha, beta, movers_view or game.player(state) is Player.MAX)
        frame.successors = game.successors(state)
        stack.append(frame)
        return None

    def take_child_value(frame: _Frame, child_value: Value) -> bool:
        """Backs up the value of the child at `frame.index`; True when the window closes."""
        state, successors = frame.state, frame.successors
        if movers_view:
            child_value = -child_value
        frame.value = max(frame.value, child_value) if frame.maximizes else min(frame.value, child_value)
        tracer.back_up(state, successors[frame.index][1], frame.value)
        if not windowed:
            return False
        if closes(frame.value, frame.beta) if frame.maximizes else closes(frame.alpha, frame.value):
            if frame.index + 1 < len(successors):
                tracer.cutoff(state, successors[frame.index + 1 :], alpha=frame.alpha, beta=frame.beta)
            return True
        if frame.maximizes and frame.value > frame.alpha:
            frame.alpha = frame.value
            tracer.update(state, alpha=frame.alpha, beta=frame.beta)
        elif not frame.maximizes and frame.value < frame.beta:
            frame.beta = frame.value
            tracer.update(state, alpha=frame.alpha, beta=frame.beta)
        return False

    tracer.begin(game, algorithm=algorithm, depth_limit=depth, strict=strict if windowed else False)
    root = game.root()
    returned = open_node(root, None, 0, -INFINITY, INFINITY)
    while stack:
        frame = stack[-1]
        if returned is not None:
            closed = take_child_value(frame, returned)
            returned = None
            frame.index += 1
            if closed:
                frame.index = len(frame.successors)
        if frame.index < len(frame.successors):
            move, child = frame.successors[frame.index]
            if windowed and movers_view:
                returned = open_node(child, move, frame.ply + 1, -frame.beta, -frame.alpha)
            else:
                returned = open_node(child, move, frame.ply + 1, frame.alpha, frame.beta)
        else:
            tracer.exit(frame.state, frame.value)
            stack.pop()
            returned = frame.value
    assert returned is not None  # the root's value: evaluated at once, or its frame's when it closed
    tracer.end(returned)
    return game.player(root).sign * returned if movers_view else returned
