"""Tests best and worst move ordering under a look-ahead (`with_order(..., depth=D)`): children are
sorted by the values the depth-limited search sees, so best order reaches Knuth and Moore's minimum
at that look-ahead. Expected orders and values come from the plain depth-limited minimax written
here; expected counts from the Knuth-Moore formula.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.errors import InputError
from visualizer.games import ExplicitTree, OrderedGame, Player, TicTacToe, from_array, random_tree, with_order
from visualizer.games.ordering import at_lookahead
from visualizer.search import trace_search


def limited_minimax(tree: ExplicitTree, node: int, lookahead: int | None, ply: int = 0) -> float:
    """Plain minimax of `node` (at depth `ply`) that takes the static value at the look-ahead or a leaf."""
    kids = tree.children[node]
    if not kids or (lookahead is not None and ply >= lookahead):
        return tree.values[node]
    values = [limited_minimax(tree, child, lookahead, ply + 1) for child in kids]
    return max(values) if tree.player(node) is Player.MAX else min(values)


def knuth_moore(branching: int, lookahead: int) -> int:
    """Leaves alpha-beta evaluates with perfect ordering on a uniform tree: b^ceil(d/2) + b^floor(d/2) - 1."""
    return branching ** math.ceil(lookahead / 2) + branching ** (lookahead // 2) - 1


def distinct_tree(branching: int, height: int, seed: int, root: Player) -> ExplicitTree:
    """A perfect tree whose every node (frontier nodes included) has a different value: a shuffled range."""
    values = list(range(sum(branching**level for level in range(height + 1))))
    random.Random(seed).shuffle(values)
    return from_array(values, branching=branching, root=root)


def order_of(game, node: int) -> list[int]:
    return [child for _, child in game.successors(node)]


def test_the_issue_repro_evaluates_the_minimum_at_depth_two():
    # visualizer run --random --leaves 16 --seed 0 --depth 2 --order best --range=-50:50: a binary
    # tree of 31 nodes searched to depth 2, whose four depth-2 nodes hold distinct values (checked
    # below), so the minimum is 2^1 + 2^1 - 1 = 3 leaves.
    tree = random_tree(leaves=16, seed=0, value_range=(-50, 50))
    assert len(tree) == 31 and len({tree.values[node] for node in range(3, 7)}) == 4
    at_depth = trace_search(with_order(tree, "best", depth=2), "alphabeta", depth=2)
    assert at_depth.summary.leaves_evaluated == knuth_moore(2, 2) == 3
    assert at_depth.summary.value == limited_minimax(tree, 0, 2)
    # An order made for full depth (as the command line makes it) is sorted again for the search's
    # own look-ahead: sorted by full-depth values, this search evaluated 4 (the bug this fixes).
    full = trace_search(with_order(tree, "best"), "alphabeta", depth=2)
    assert full.summary.leaves_evaluated == 3
    assert full.source["order_depth"] == 2


@settings(max_examples=60, deadline=None)
@given(
    branching=st.integers(2, 3),
    lookahead=st.integers(1, 3),
    deeper=st.integers(1, 2),
    seed=st.integers(0, 2**32 - 1),
    root=st.sampled_from([Player.MAX, Player.MIN]),
    algorithm=st.sampled_from(["alphabeta", "negamax-ab"]),
    iterative=st.booleans(),
)
def test_best_order_at_the_lookahead_evaluates_the_knuth_moore_minimum(
    branching, lookahead, deeper, seed, root, algorithm, iterative
):
    tree = distinct_tree(branching, lookahead + deeper, seed, root)
    best = with_order(tree, "best", depth=lookahead)
    trace = trace_search(best, algorithm, depth=lookahead, iterative=iterative)
    assert trace.summary.leaves_evaluated == knuth_moore(branching, lookahead)
    assert trace.summary.value == limited_minimax(tree, 0, lookahead)


@settings(max_examples=40, deadline=None)
@given(
    branching=st.integers(2, 3),
    lookahead=st.integers(1, 3),
    deeper=st.integers(1, 2),
    seed=st.integers(0, 2**32 - 1),
    root=st.sampled_from([Player.MAX, Player.MIN]),
)
def test_best_and_worst_sort_by_the_depth_limited_values(branching, lookahead, deeper, seed, root):
    tree = distinct_tree(branching, lookahead + deeper, seed, root)
    best, worst = OrderedGame(tree, "best", depth=lookahead), OrderedGame(tree, "worst", depth=lookahead)
    for node in range(len(tree)):
        ply = tree.depths[node]
        if ply >= lookahead or not tree.children[node]:
            continue  # the search evaluates these nodes: their children are never ordered
        seen = {child: limited_minimax(tree, child, lookahead, ply + 1) for child in tree.children[node]}
        high_first = sorted(seen, key=seen.__getitem__, reverse=True)
        expected_best = high_first if tree.player(node) is Player.MAX else high_first[::-1]
        assert order_of(best, node) == expected_best
        assert order_of(worst, node) == expected_best[::-1]
    # Worst-first to a look-ahead of at most 3 never cuts (see test_ordering's argument, applied to
    # the tree cut off at the look-ahead): every frontier node is evaluated.
    trace = trace_search(worst, "alphabeta", depth=lookahead)
    assert trace.summary.leaves_evaluated == branching**lookahead


def test_a_lookahead_changes_the_order_where_full_depth_values_mislead():
    # Root MAX over B (MIN) and C (MIN); at depth 1 B and C are frontier nodes with static values
    # 1 and 9, so best order tries C first; to the end B = min(7, 8) = 7 beats C = min(2, 3) = 2.
    tree = from_array([0, 1, 9, 7, 8, 2, 3])
    assert order_of(OrderedGame(tree, "best", depth=1), 0) == [2, 1]
    assert order_of(OrderedGame(tree, "best"), 0) == [1, 2]
    assert order_of(OrderedGame(tree, "worst", depth=1), 0) == [1, 2]
    assert order_of(OrderedGame(tree, "best", depth=2), 0) == [1, 2]  # the look-ahead reaches the leaves


@pytest.mark.parametrize("seed", range(4))
def test_a_lookahead_at_or_past_the_leaves_orders_as_full_depth(seed):
    tree = random_tree(depth=3, branching=3, seed=seed, value_range=(-3, 3))  # ties keep natural order
    full = OrderedGame(tree, "best")
    for depth in (3, 4, 10):
        assert OrderedGame(tree, "best", depth=depth).children == full.children


def test_the_lookahead_shows_in_the_spec():
    tree = from_array([0, 1, 9, 7, 8, 2, 3])
    game = with_order(tree, "best", depth=1)
    assert game.spec() == {**tree.spec(), "order": "best", "order_depth": 1}
    assert game.describe() == f"{tree.describe()}, best-first"  # the trace's header gives the depth
    # Full depth keeps the spec it always had.
    assert with_order(tree, "best").spec() == {**tree.spec(), "order": "best"}


def test_orders_that_ignore_the_lookahead_keep_no_depth():
    tree = from_array([0, 1, 9, 7, 8, 2, 3])
    shuffled = with_order(tree, "random", 7, depth=1)
    assert shuffled.depth is None and "order_depth" not in shuffled.spec()
    assert shuffled.children == with_order(tree, "random", 7).children
    game = with_order(TicTacToe("O../.O./XX."), "best", depth=1)  # games sort by static values anyway
    assert game.depth is None and "order_depth" not in game.spec()


def test_at_lookahead_retargets_an_ordered_game():
    tree = from_array([0, 1, 9, 7, 8, 2, 3])
    full = with_order(tree, "best")
    shallow = at_lookahead(full, 1)
    assert isinstance(shallow, OrderedGame) and shallow.depth == 1 and order_of(shallow, 0) == [2, 1]
    assert at_lookahead(shallow, 1) is shallow
    assert order_of(at_lookahead(shallow, None), 0) == [1, 2]
    assert at_lookahead(tree, 1) is tree
    shuffled = with_order(tree, "random", 3)
    assert at_lookahead(shuffled, 1) is shuffled


def test_a_negative_lookahead_is_refused():
    with pytest.raises(InputError, match="--depth is -1"):
        OrderedGame(from_array([0, 1, 2]), "best", depth=-1)
