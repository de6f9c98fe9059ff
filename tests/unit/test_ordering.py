"""Tests move ordering (--order): perfect ordering reaches the Knuth-Moore minimum, the worst order
prunes nothing on shallow trees, random orders are reproducible permutations, and no order changes a
value. Expected counts come from the Knuth-Moore formula and from minimax written here.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.errors import InputError
from visualizer.games import (
    ExplicitTree,
    OrderedGame,
    Player,
    TicTacToe,
    from_array,
    parse_order,
    random_tree,
    with_order,
)
from visualizer.games.registry import from_spec
from visualizer.search import search, trace_search


def exact_values(tree: ExplicitTree) -> list[float]:
    """Every node's full-depth minimax value, computed bottom-up (level order: children after parents)."""
    values: list[float] = [0] * len(tree.values)
    for node in reversed(range(len(tree.values))):
        kids = tree.children[node]
        if not kids:
            values[node] = tree.values[node]
        else:
            pick = max if tree.player(node) is Player.MAX else min
            values[node] = pick(values[child] for child in kids)
    return values


def uniform_tree(branching: int, depth: int, seed: int, root: Player = Player.MAX) -> ExplicitTree:
    """A perfect tree whose every node (leaves included) has a different value: a shuffled range."""
    size = sum(branching**level for level in range(depth + 1))
    values = list(range(size))
    random.Random(seed).shuffle(values)
    return from_array(values, branching=branching, root=root)


def leaves(game, order: str, seed: int | None = None) -> int:
    return trace_search(with_order(game, order, seed), "alphabeta").summary.leaves_evaluated


# -- perfect and worst ordering on explicit trees ----------------------------------------------


@pytest.mark.parametrize(
    "branching, depth, minimum", [(2, 3, 5), (3, 3, 11), (2, 4, 7), (4, 4, 31), (3, 2, 5), (2, 5, 11)]
)
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("root", [Player.MAX, Player.MIN])
def test_best_order_evaluates_the_knuth_moore_minimum(branching, depth, minimum, seed, root):
    # Knuth and Moore (1975): with perfect ordering alpha-beta evaluates b^ceil(d/2) + b^floor(d/2) - 1
    # leaves, e.g. 2^2 + 2^1 - 1 = 5 and 4^2 + 4^2 - 1 = 31.
    assert branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1 == minimum
    tree = uniform_tree(branching, depth, seed, root)
    assert leaves(tree, "best") == minimum
    assert leaves(tree, "natural") >= minimum
    assert trace_search(with_order(tree, "best"), "alphabeta").summary.value == exact_values(tree)[0]


@pytest.mark.parametrize("branching, depth", [(2, 2), (3, 2), (2, 3), (3, 3), (4, 3)])
@pytest.mark.parametrize("seed", range(4))
def test_worst_order_prunes_nothing_on_shallow_trees(branching, depth, seed):
    # Up to depth 3 with distinct values, worst-first order never cuts: at a MIN node the MAX
    # children come highest first, so the bound beta they get is above every value below them,
    # and at the root the MIN children come lowest first, so each one's running value stays above
    # alpha. All b^d leaves are evaluated.
    tree = uniform_tree(branching, depth, seed)
    assert leaves(tree, "worst") == branching**depth


@pytest.mark.parametrize("branching, depth", [(2, 4), (3, 4), (4, 4), (2, 6)])
@pytest.mark.parametrize("seed", range(4))
def test_worst_order_evaluates_at_least_as_many_leaves_as_natural(branching, depth, seed):
    # Deeper trees can cut even in worst order (a MIN node two levels down can fall below alpha),
    # so the count is not always b^d; on these trees it is never below natural order's.
    tree = uniform_tree(branching, depth, seed)
    assert leaves(tree, "worst") >= leaves(tree, "natural") > leaves(tree, "best")


@pytest.mark.parametrize("seed", range(6))
def test_best_order_sorts_each_nodes_children_by_exact_value(seed):
    # Narrow values make ties common: tied children keep their natural (id) order.
    tree = random_tree(depth=4, branching=3, seed=seed, value_range=(-2, 2))
    exact = exact_values(tree)
    best, worst = OrderedGame(tree, "best"), OrderedGame(tree, "worst")
    saw_tie = False
    for node, kids in enumerate(tree.children):
        if not kids:
            continue
        descending = tree.player(node) is Player.MAX
        expected_best = sorted(kids, key=lambda child: (-exact[child] if descending else exact[child], child))
        expected_worst = sorted(kids, key=lambda child: (exact[child] if descending else -exact[child], child))
        assert [child for _, child in best.successors(node)] == expected_best
        assert [child for _, child in worst.successors(node)] == expected_worst
        saw_tie |= len({exact[child] for child in kids}) < len(kids)
    assert saw_tie
    # The trace records the reordered children.
    assert best.children[0] == tuple(child for _, child in best.successors(0))


def test_random_order_is_a_reproducible_permutation():
    tree = uniform_tree(4, 3, seed=1)
    first, again = OrderedGame(tree, "random", 7), OrderedGame(tree, "random", 7)
    other = OrderedGame(tree, "random", 8)
    differs = False
    for node, kids in enumerate(tree.children):
        order = [child for _, child in first.successors(node)]
        assert order == [child for _, child in again.successors(node)]
        assert sorted(order) == list(kids)
        differs |= order != [child for _, child in other.successors(node)]
    assert differs  # seeds 7 and 8 order some node differently
    assert any([child for _, child in first.successors(node)] != list(kids) for node, kids in enumerate(tree.children))
    trace_a = trace_search(with_order(tree, "random", 7), "alphabeta")
    trace_b = trace_search(with_order(tree, "random", 7), "alphabeta")
    assert trace_a.summary.visit_order == trace_b.summary.visit_order
    assert trace_a.summary.value == exact_values(tree)[0]


def test_random_order_without_a_seed_picks_and_reports_one():
    game = with_order(uniform_tree(2, 2, seed=0), "random")
    assert isinstance(game.seed, int)
    assert game.spec()["order_seed"] == game.seed
    assert f"seed {game.seed}" in game.describe()


# -- no order changes a value ------------------------------------------------------------------


@st.composite
def trees(draw: st.DrawFn) -> ExplicitTree:
    return random_tree(
        leaves=draw(st.integers(min_value=1, max_value=30)),
        branching=draw(st.integers(min_value=2, max_value=4)),
        seed=draw(st.integers(min_value=0, max_value=2**32 - 1)),
        value_range=(-draw(st.sampled_from([1, 5, 50])), draw(st.sampled_from([1, 5, 50]))),
        root=draw(st.sampled_from([Player.MAX, Player.MIN])),
    )


@given(
    tree=trees(),
    order=st.sampled_from(["best", "worst", "random"]),
    seed=st.integers(0, 1000),
    algorithm=st.sampled_from(["minimax", "alphabeta", "negamax", "negamax-ab"]),
)
def test_ordering_never_changes_the_root_value(tree, order, seed, algorithm):
    ordered = with_order(tree, order, seed)
    assert search(ordered, algorithm) == exact_values(tree)[0]


@given(tree=trees(), order=st.sampled_from(["best", "worst", "random"]), seed=st.integers(0, 1000))
def test_ordering_keeps_every_nodes_children(tree, order, seed):
    ordered = OrderedGame(tree, order, seed)
    for node, kids in enumerate(tree.children):
        assert sorted(child for _, child in ordered.successors(node)) == list(kids)


def test_natural_order_is_the_game_itself():
    tree = uniform_tree(2, 2, seed=0)
    assert with_order(tree, "natural") is tree
    with pytest.raises(InputError):
        OrderedGame(tree, "natural")


@pytest.mark.parametrize(
    "text, parsed",
    [
        ("best", ("best", None)),
        (" Worst ", ("worst", None)),
        ("random:7", ("random", 7)),
        ("random", ("random", None)),
        ("natural", ("natural", None)),
    ],
)
def test_parse_order(text, parsed):
    assert parse_order(text) == parsed


@pytest.mark.parametrize("text", ["sideways", "best:3", "random:x", ""])
def test_parse_order_refuses_nonsense(text):
    with pytest.raises(InputError):
        parse_order(text)


def test_an_ordered_game_survives_its_spec():
    game = with_order(uniform_tree(3, 3, seed=2), "random", 11)
    rebuilt = from_spec(game.spec())
    assert rebuilt.spec() == game.spec()
    assert rebuilt.children == game.children


# -- ordering games by static value --------------------------------------------------------------

# O../.O./XX. with X to move: squares 2, 3, 4, 6, 9 (numbered 1-9 row by row) are empty; X9
# completes the bottom row (and also stops O's diagonal 1-5-9). The engine's moves, which
# `root_moves` lists, are the 0-based cells: square n is move n - 1.
THREAT = "O../.O./XX."


def root_moves(game) -> list[int]:
    return [move for move, _ in game.successors(game.root())]


def test_best_order_tries_the_immediate_win_first():
    # win-loss: X9 (move 8) is +1, the rest 0 (ties in natural order).
    assert root_moves(with_order(TicTacToe(THREAT), "best")) == [8, 1, 2, 3, 5]
    assert root_moves(with_order(TicTacToe(THREAT), "worst")) == [1, 2, 3, 5, 8]
    # With O as plus (root MIN) X is minimising: X9 is -1 for O, so still first in best order.
    assert root_moves(with_order(TicTacToe(THREAT, root=Player.MIN), "best")) == [8, 1, 2, 3, 5]
    assert root_moves(with_order(TicTacToe(THREAT, root=Player.MIN), "worst")) == [1, 2, 3, 5, 8]


def test_best_order_by_open_lines():
    # Rows R1-R3 and columns C1-C3 counted from 1. O on squares 1 and 5 lie on R1 C1 D1 R2 C2 D2, so
    # every child has X-open = {R3, C3} = 2 (before a win). O-open is the lines holding no X (X on
    # squares 7, 8: R3 C1 D2 C2, plus the new X's lines):
    #   X2 (R1, C2): O-open R2 C3 D1 = 3 -> -1;   X3 (R1, C3, D2): R2 D1 = 2 -> 0;
    #   X4 (R2, C1): R1 C3 D1 = 3 -> -1;          X6 (R2, C3): R1 D1 = 2 -> 0;   X9: a win, +9.
    # Best first (descending, ties in natural order): X9 X3 X6 X2 X4, the engine's moves 8, 2, 5, 1, 3;
    # worst: 1, 3, 2, 5, 8.
    game = TicTacToe(THREAT, evaluator="open-lines")
    statics = {move: game.static_value(child) for move, child in game.successors(game.root())}
    assert statics == {1: -1, 2: 0, 3: -1, 5: 0, 8: 9}
    assert root_moves(with_order(game, "best")) == [8, 2, 5, 1, 3]
    assert root_moves(with_order(game, "worst")) == [1, 3, 2, 5, 8]


def test_best_order_prunes_the_threat_position_to_ten_nodes():
    # Best order: X9 wins at once (+1, alpha = 1). Under each of X2, X3, X4, X6 O's best reply
    # O9 wins for O (-1 <= alpha): cut after one grandchild. Nodes 1 + 1 + 4 * 2 = 10; leaves 1 + 4 = 5.
    natural = trace_search(TicTacToe(THREAT), "alphabeta")
    best = trace_search(with_order(TicTacToe(THREAT), "best"), "alphabeta")
    assert best.summary.value == natural.summary.value == 1
    assert best.summary.best_move == 9
    assert (best.summary.nodes_visited, best.summary.leaves_evaluated) == (10, 5)
    assert best.names(best.nodes[0].children) == ["X9", "X2", "X3", "X4", "X6"]
    assert natural.summary.nodes_visited > 10
