"""Provides minimax: the value of a game tree by backing up MAX and MIN choices (AIMA Fig. 5.3), and expectimax:
minimax with CHANCE nodes worth the expectation of their children (expectiminimax: AIMA 4th ed. §5.5,
EXPECTIMINIMAX; CS188's expectimax)."""

from __future__ import annotations

from typing import Any

from visualizer.games.base import Game, Player, Value
from visualizer.search.common import INFINITY, Expectation, check_depth, probabilities
from visualizer.tracing.tracer import NULL_TRACER, Tracer


def minimax(game: Game, *, depth: int | None = None, tracer: Tracer = NULL_TRACER, algorithm: str = "minimax") -> Value:
    """The minimax value of `game`'s root (MAX's view), searching `depth` plies ahead (None: to the end);
    nodes at the look-ahead get their static value.

    A CHANCE node (see `expectimax`) is worth the sum of its children's values, each times its
    probability (`Expectation`: the mean when they are equally likely). Each back-up at a chance node
    carries the expectation so far, so the last one is the node's value. `algorithm` is the name
    `tracer.begin` records.
    """
    check_depth(depth)
    successors, is_terminal, player, static_value = game.successors, game.is_terminal, game.player, game.static_value
    enter, evaluate, back_up, exit_node = tracer.enter, tracer.evaluate, tracer.back_up, tracer.exit
    probability = probabilities(game)
    MAX, MIN = Player.MAX, Player.MIN

    def node_value(state: Any, move: Any, ply: int) -> Value:
        enter(state, move, depth=ply, alpha=None, beta=None)
        if (depth is not None and ply >= depth) or is_terminal(state):  # common.is_frontier, inlined
            value = static_value(state)
            evaluate(state, value)
        elif (mover := player(state)) is MAX:
            value = max_value(state, ply)
        elif mover is MIN:
            value = min_value(state, ply)
        else:
            value = chance_value(state, ply)
        exit_node(state, value)
        return value

    def max_value(state: Any, ply: int) -> Value:
        value = -INFINITY
        for move, child in successors(state):
            value = max(value, node_value(child, move, ply + 1))
            back_up(state, child, value)
        return value

    def min_value(state: Any, ply: int) -> Value:
        value = INFINITY
        for move, child in successors(state):
            value = min(value, node_value(child, move, ply + 1))
            back_up(state, child, value)
        return value

    def chance_value(state: Any, ply: int) -> Value:
        children = successors(state)
        expectation = Expectation([probability(state, move) for move, _ in children])
        for index, (move, child) in enumerate(children):
            back_up(state, child, expectation.add(index, node_value(child, move, ply + 1)))
        return expectation.value

    tracer.begin(game, algorithm=algorithm, depth_limit=depth, strict=False)
    value = node_value(game.root(), None, 0)
    tracer.end(value)
    return value


def expectimax(game: Game, *, depth: int | None = None, tracer: Tracer = NULL_TRACER) -> Value:
    """The expectiminimax value of `game`'s root (MAX's view): `minimax`, recorded as expectimax."""
    return minimax(game, depth=depth, tracer=tracer, algorithm="expectimax")
