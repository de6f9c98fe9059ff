"""Star1 (Ballard's *-minimax): hand-worked chance cut-offs, and over many random chance trees the value of
expectimax with a subset of its nodes.

Hand-worked cut-off at an upper bound: the nested tree [6, {"chance": [[0.5, 1], [0.25, 9], [0.25, 4]]}],
root MAX, leaf bounds 1..9 (the tree's own lowest and highest leaf). A (MAX) takes B = 6: alpha = 6. C
(chance) is entered with [6, +inf]. Its first child D has probability 1/2; the other two, 1/2 together,
are worth at most 9, so C > 6 needs D > (6 - 9 x 1/2) / (1/2) = 3: D gets the window [3, 9]. D = 1, so
C's expectation so far is 1/2, and C is worth at most 1/2 + 9 x 1/2 = 5 <= alpha 6: the cut-off is made
safe by the UPPER bound, limit 5, and E and F are pruned. C returns 5 (fail-soft), A keeps 6.
(Expectimax: C = 0.5 + 2.25 + 1 = 3.75, A = 6.)

Hand-worked cut-off at a lower bound: [3, {"chance": [[0.5, 8], [0.25, 0], [0.25, 6]]}], root MIN, with
--bounds 0:10. A (MIN) takes B = 3: beta = 3. C is entered with [-inf, 3]; D (probability 1/2) gets
[0, min(10, (3 - 0 x 1/2) / (1/2))] = [0, 6]. D = 8, so C is worth at least 4 + 0 x 1/2 = 4 >= beta 3:
LOWER bound, limit 4, E and F pruned; A keeps 3. (Expectimax: C = 4 + 0 + 1.5 = 5.5, A = 3.)

CS188's example (see test_expectimax.py), leaf bounds 0..15: B = 8 sets alpha 8; at C, H = 2 and I = 4 give
an expectation of 2 so far, and J at most 15 leaves C at most 2 + 15/3 = 7 <= 8: J is pruned.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_expectimax import CS188_NESTED, chance_trees
from toys import ExpectimaxExample

from visualizer.errors import InputError
from visualizer.games import Player, TicTacToe, from_nested, random_tree
from visualizer.games.explicit import parse_levels
from visualizer.readwrite.check import check_trace
from visualizer.search import search, trace_search
from visualizer.search.chance import leaf_bounds
from visualizer.steps.describe import describe
from visualizer.tracing.events import Bound, EventKind

UPPER_TREE = [6, {"chance": [[0.5, 1], [0.25, 9], [0.25, 4]]}]
LOWER_TREE = [3, {"chance": [[0.5, 8], [0.25, 0], [0.25, 6]]}]


def chance_cutoffs(trace):
    return [event for event in trace.events if event.kind is EventKind.CHANCE_CUTOFF]


def window(trace, name):
    entered = next(
        event for event in trace.events if event.kind is EventKind.ENTER and event.node == trace.node(name).id
    )
    return entered.alpha, entered.beta


def is_subsequence(short, long) -> bool:
    rest = iter(long)
    return all(item in rest for item in short)


# -- hand-worked cut-offs ----------------------------------------------------------------------------------------


def test_an_upper_bound_cut_off_by_hand():
    trace = trace_search(from_nested(UPPER_TREE), "star1")
    assert trace.names(trace.summary.visit_order) == ["A", "B", "C", "D"]
    assert window(trace, "C") == (6, float("inf")) and window(trace, "D") == (3, 9)
    [cut] = chance_cutoffs(trace)
    assert trace.nodes[cut.node].name == "C" and trace.nodes[cut.child].name == "D"
    assert trace.names(cut.skipped) == ["E", "F"]
    assert (cut.bound, cut.limit, cut.value, cut.alpha) == (Bound.UPPER, 5, 0.5, 6)
    assert (
        describe(trace, cut)
        == "C: with E, F at most 9, C is worth at most 5 <= alpha 6, so E, F are pruned (chance cut-off)."
    )
    assert trace.node("C").value == 5 and trace.summary.value == 6 == search(from_nested(UPPER_TREE), "expectimax")
    assert trace.names(trace.summary.pruned) == ["E", "F"]
    check_trace(trace)  # one depth-first walk that Replay and the app can step through


def test_a_lower_bound_cut_off_by_hand():
    tree = from_nested(LOWER_TREE, root=Player.MIN)
    trace = trace_search(tree, "star1", bounds=(0, 10))
    assert window(trace, "C") == (-float("inf"), 3) and window(trace, "D") == (0, 6)
    [cut] = chance_cutoffs(trace)
    assert (trace.nodes[cut.node].name, cut.bound, cut.limit, cut.beta) == ("C", Bound.LOWER, 4, 3)
    assert (
        describe(trace, cut)
        == "C: with E, F at least 0, C is worth at least 4 >= beta 3, so E, F are pruned (chance cut-off)."
    )
    assert trace.summary.value == 3 == search(tree, "expectimax")
    assert trace.options == {"bounds": (0, 10)}


def test_cs188_example_prunes_j():
    trace = trace_search(from_nested(CS188_NESTED), "star1")
    assert trace.names(trace.summary.visit_order) == list("ABEFGCHIDKLM")
    [cut] = chance_cutoffs(trace)
    assert trace.names(cut.skipped) == ["J"] and cut.bound is Bound.UPPER and cut.limit == pytest.approx(7)
    assert (
        describe(trace, cut)
        == "C: with J at most 15, C is worth at most 7 <= alpha 8, so J is pruned (chance cut-off)."
    )
    assert trace.summary.value == pytest.approx(8) and trace.summary.best_move == "B"


def test_default_bounds_are_the_values_the_search_can_evaluate():
    tree = random_tree(depth=3, branching=2, seed=1, levels=parse_levels("max,chance,min"))
    leaves = [value for node, value in enumerate(tree.values) if not tree.children[node]]
    assert leaf_bounds(tree, None) == (min(leaves), max(leaves))
    frontier = [value for node, value in enumerate(tree.values) if tree.depths[node] == 2]
    assert leaf_bounds(tree, None, 2) == (min(frontier), max(frontier))
    assert leaf_bounds(tree, (-50, 50)) == (-50, 50)
    assert leaf_bounds(random_tree(depth=2, seed=1), None) == (-float("inf"), float("inf"))  # no chance nodes: unused


# -- refusals ----------------------------------------------------------------------------------------------------


def test_a_game_with_chance_nodes_needs_bounds_and_bounds_must_hold():
    with pytest.raises(
        InputError,
        match="star1 needs bounds on the leaf values of expectimax example, 3 chance "
        "nodes of 3 leaves to prune at its chance nodes; give them, e.g. --bounds -1:1",
    ):
        search(ExpectimaxExample(), "star1")
    with pytest.raises(InputError, match="finite"):
        search(from_nested(UPPER_TREE), "star1", bounds=(-float("inf"), 10))
    with pytest.raises(InputError, match="a leaf has value 6, outside the bounds 0:5; widen --bounds"):
        search(from_nested(UPPER_TREE), "star1", bounds=(0, 5))
    with pytest.raises(InputError, match="--bounds does not apply to expectimax; drop it, or choose -a star1"):
        search(from_nested(UPPER_TREE), "expectimax", bounds=(0, 10))


# -- invariants over many trees -------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(chance_trees, st.booleans(), st.integers(0, 3), st.integers(0, 3))
def test_star1_gives_expectimax_value_and_enters_only_nodes_expectimax_enters(nested, maximizing, wider, higher):
    tree = from_nested(nested, root=Player.MAX if maximizing else Player.MIN)
    leaves = [value for value in tree.values if value is not None]
    low, high = min(leaves), max(leaves)
    full = trace_search(tree, "expectimax")
    for bounds in (None, (low - wider, high + higher)):
        star = trace_search(tree, "star1", bounds=bounds)
        check_trace(star)
        assert star.summary.value == pytest.approx(full.summary.value, abs=1e-9)
        assert is_subsequence(star.summary.visit_order, full.summary.visit_order)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 3),
    st.integers(0, 2**32 - 1),
    st.none() | st.integers(0, 4),
    st.sampled_from(["max,chance,min,chance", "min,chance,chance,max", "max,min,chance,max"]),
)
def test_star1_agrees_with_expectimax_on_level_trees_at_any_depth(branching, seed, depth, text):
    tree = random_tree(
        depth=4,
        branching=branching,
        seed=seed,
        levels=parse_levels(text),
        root=Player(next(level for level in text.split(",") if level != "chance")),
    )
    full, star = trace_search(tree, "expectimax", depth=depth), trace_search(tree, "star1", depth=depth)
    assert star.summary.value == pytest.approx(full.summary.value, abs=1e-9)
    assert is_subsequence(star.summary.visit_order, full.summary.visit_order)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 14), st.integers(2, 3), st.integers(0, 2**32 - 1), st.sampled_from([Player.MAX, Player.MIN]))
def test_star1_is_alphabeta_on_trees_without_chance_nodes(leaves, branching, seed, root):
    tree = random_tree(leaves=leaves, branching=branching, seed=seed, root=root, value_range=(-3, 3))
    star, alpha_beta = trace_search(tree, "star1"), trace_search(tree, "alphabeta")
    assert star.summary.value == alpha_beta.summary.value
    assert star.summary.visit_order == alpha_beta.summary.visit_order
    assert [(event.kind, event.value, event.alpha, event.beta) for event in star.events] == [
        (event.kind, event.value, event.alpha, event.beta) for event in alpha_beta.events
    ]


@pytest.mark.parametrize("bounds", [None, (-1, 1)])
def test_star1_is_alphabeta_on_a_tic_tac_toe_position(bounds):
    game = TicTacToe("X.O/.X./..O")  # no chance nodes: no bounds needed
    star, alpha_beta = trace_search(game, "star1", bounds=bounds), trace_search(game, "alphabeta")
    assert star.summary.value == alpha_beta.summary.value
    assert star.names(star.summary.visit_order) == alpha_beta.names(alpha_beta.summary.visit_order)


def test_star1_on_a_game_with_chance_nodes():
    # CS188's example as a game (tests/toys.py): the same cut as the tree's, at b, whose third outcome b.3 is pruned.
    trace = trace_search(ExpectimaxExample(), "star1", bounds=(0, 15))
    [cut] = chance_cutoffs(trace)
    assert (
        describe(trace, cut)
        == "b: with b.3 at most 15, b is worth at most 7 <= alpha 8, so b.3 is pruned (chance cut-off)."
    )
    assert trace.summary.value == pytest.approx(8) and trace.summary.best_move == "a"
