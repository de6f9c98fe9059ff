"""Provides Monte Carlo tree search with UCT: select, expand, simulate, back-propagate (AIMA 4th ed. Fig. 5.11)."""

from __future__ import annotations

import math
from random import Random
from typing import Any

from visualizer.games.base import Game, Value
from visualizer.search.common import check_depth, is_frontier
from visualizer.tracing.tracer import NULL_TRACER, Tracer

DEFAULT_ITERATIONS = 1000
DEFAULT_EXPLORATION = math.sqrt(2)
"""UCT's exploration constant C when none is given (Kocsis and Szepesvari's choice for results in [0, 1])."""


class _Node:
    """A node of the search tree: its `visits` N(n), the playouts through it, and their `total` U(n)
    (MAX's view); `untried` is None until the node is first expanded."""

    __slots__ = ("children", "depth", "move", "parent", "state", "total", "untried", "visits")

    def __init__(self, state: Any, move: Any, parent: _Node | None, depth: int):
        self.state, self.move, self.parent, self.depth = state, move, parent, depth
        self.children: list[_Node] = []
        self.untried: list[tuple[Any, Any]] | None = None
        self.visits = 0
        self.total: Value = 0

    @property
    def mean(self) -> float:
        """U(n) / N(n): the mean result of its playouts, MAX's view."""
        return self.total / self.visits


def ucb1(mean: Value, parent_visits: int, visits: int, exploration: float) -> float:
    """UCB1(n) = U(n)/N(n) + C * sqrt(ln N(parent) / N(n)), the mean from the view of the player choosing."""
    return mean + exploration * math.sqrt(math.log(parent_visits) / visits)


def mcts(
    game: Game,
    *,
    depth: int | None = None,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    exploration: float = DEFAULT_EXPLORATION,
    tracer: Tracer = NULL_TRACER,
) -> Value:
    """The root's mean result (MAX's view), estimated by Monte Carlo tree search with UCT.

    Each iteration follows AIMA 4th ed. Fig. 5.11: SELECT walks down by UCB1 while every child of a
    node is in the tree, EXPAND adds one child not yet tried (in move order), SIMULATE plays random
    moves to the end of the game (or to `depth`, where the static value stands in for the result),
    and BACK-PROPAGATE adds the result to every node on the path. `seed` makes the playouts repeatable.
    """
    check_depth(depth)
    random = Random(seed)
    player, successors, static_value = game.player, game.successors, game.static_value
    label = getattr(game, "move_label", None)

    def move_label(state: Any, move: Any) -> str:
        return label(state, move) if label is not None else str(game.move_value(move))

    def select(node: _Node) -> _Node:
        """Down from the root, by the children's UCB1 scores, to a node with a child not yet tried."""
        tracer.select(node.state, None, depth=0, score=None)
        while node.untried == [] and node.children:  # fully expanded
            sign = player(node.state).sign  # the mean as the player choosing here sees it
            scores = [ucb1(sign * child.mean, node.visits, child.visits, exploration) for child in node.children]
            score = max(scores)
            node = node.children[scores.index(score)]  # the first of the best, in move order
            tracer.select(node.state, node.move, depth=node.depth, score=score)
        return node

    def expand(leaf: _Node) -> _Node:
        """A new child of `leaf` added to the tree, or `leaf` itself at the end of the game or the look-ahead."""
        if is_frontier(game, leaf.state, leaf.depth, depth):
            return leaf
        if leaf.untried is None:
            leaf.untried = list(successors(leaf.state))
        move, state = leaf.untried.pop(0)
        child = _Node(state, move, leaf, leaf.depth + 1)
        leaf.children.append(child)
        tracer.expand(state, move, depth=child.depth)
        return child

    def simulate(node: _Node) -> Value:
        """The result of a random playout from `node` (MAX's view)."""
        state, ply, playout = node.state, node.depth, []
        while not is_frontier(game, state, ply, depth):
            move, child = random.choice(successors(state))
            playout.append(move_label(state, move))
            state, ply = child, ply + 1
        result = static_value(state)
        tracer.simulate(node.state, playout, result)
        return result

    def back_propagate(result: Value, node: _Node | None) -> None:
        """Adds `result` to `node` and each of its ancestors, up to the root."""
        while node is not None:
            node.visits += 1
            node.total += result
            tracer.backpropagate(node.state, node.mean, visits=node.visits)
            node = node.parent

    tracer.begin(game, algorithm="mcts", depth_limit=depth, strict=False)
    tree = _Node(game.root(), None, None, 0)
    for _ in range(iterations):
        leaf = select(tree)
        child = expand(leaf)
        result = simulate(child)
        back_propagate(result, child)
    tracer.end(tree.mean)
    return tree.mean
