"""Chance nodes in explicit trees (`--levels`, `{"chance": [...]}` in nested lists) and the `expectimax` search.

Hand-worked (CS188's expectimax example): MAX chooses among three chance nodes, each drawing one of three
leaves with probability 1/3: B = (3 + 12 + 9)/3 = 8, C = (2 + 4 + 6)/3 = 4, D = (15 + 6 + 0)/3 = 7, so the
root is worth 8 by B. Expectimax visits every node, depth first: A B E F G C H I J D K L M, and B's
back-ups carry the expectation so far: 3/3 = 1, then 1 + 12/3 = 5, then 5 + 9/3 = 8.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_expectimax import array_to_nested, chance_node_values, expectimax_value

from visualizer.errors import InputError
from visualizer.games import ChanceMoves, ExplicitTree, Player, from_array, from_nested, offers, random_tree
from visualizer.games.explicit import ChanceTree, parse_levels
from visualizer.games.registry import from_spec
from visualizer.search import search, trace_search
from visualizer.search.minimax import expectimax
from visualizer.tracing.events import EventKind

CS188_LEAVES = [[3, 12, 9], [2, 4, 6], [15, 6, 0]]
CS188_NESTED = [{"chance": [[1 / 3, leaf] for leaf in row]} for row in CS188_LEAVES]
CS188_ARRAY = [0, 0, 0, 0, 3, 12, 9, 2, 4, 6, 15, 6, 0]
CS188_VISITS = list("ABEFGCHIJDKLM")


def cs188_trees() -> list[ExplicitTree]:
    return [from_nested(CS188_NESTED), from_array(CS188_ARRAY, branching=3, levels=parse_levels("max,chance"))]


# -- CS188's example -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("tree", cs188_trees(), ids=["nested", "array"])
def test_cs188_example_is_worth_8_with_chance_nodes_8_4_7(tree):
    trace = trace_search(tree, "expectimax")
    assert trace.summary.value == pytest.approx(8) and trace.summary.best_move == "B"
    assert trace.names(trace.summary.visit_order) == CS188_VISITS
    assert [trace.node(name).value for name in "BCD"] == pytest.approx([8, 4, 7])
    assert [trace.node(name).player for name in "ABEH"] == [Player.MAX, Player.CHANCE, Player.MIN, Player.MIN]
    assert trace.node("B").probability is None  # below MAX
    assert trace.node("E").probability == trace.node("M").probability == pytest.approx(1 / 3)
    b_backups = [
        event.value for event in trace.events if event.kind is EventKind.BACK_UP and event.node == trace.node("B").id
    ]
    assert b_backups == pytest.approx([1, 5, 8])


def test_the_reference_agrees_with_the_hand_worked_example():
    exact = [{"chance": [[Fraction(1, 3), leaf] for leaf in row]} for row in CS188_LEAVES]
    assert expectimax_value(exact) == 8 and chance_node_values(exact) == [8, 4, 7]


# -- players around chance nodes, and the capability --------------------------------------------------------


def test_the_player_below_a_chance_node_is_the_opposite_of_the_nearest_max_or_min_above():
    # Level order: A [..], B chance, C 4, D [1, 2], E 3, F 1, G 2.
    tree = from_nested('[{"chance": [[0.5, [1, 2]], [0.5, 3]]}, 4]')
    players = [tree.player(node).value for node in range(len(tree))]
    assert players == ["max", "chance", "min", "min", "min", "max", "max"]
    below_min = from_nested([{"chance": [[0.5, [1, 2]], [0.5, 3]]}], root=Player.MIN)  # A B C D E F
    assert [below_min.player(node).value for node in range(6)] == ["min", "chance", "max", "max", "min", "min"]


def test_levels_give_each_level_its_kind_and_a_leaf_on_a_chance_level_is_a_decision_node():
    # Branching 2, 6 nodes: A (max) B C (chance) D E F (min; C has the one child F, probability 1).
    tree = from_array([0, 0, 0, 1, 2, 3], levels=parse_levels("max,chance"))
    assert [tree.player(node).value for node in range(6)] == ["max", "chance", "chance", "min", "min", "min"]
    assert tree.probabilities == (None, None, None, 0.5, 0.5, 1.0)
    ragged = from_array([0, 0, 5, 1, 2], levels=parse_levels("max,chance"))  # C (depth 1) is a leaf
    assert ragged.player(2) is Player.MIN and ragged.probabilities[3:] == (0.5, 0.5)


def test_chance_moves_are_offered_only_by_trees_with_chance_nodes():
    plain = from_array([1, 2, 3, 4, 5, 6, 7], levels=parse_levels("max,min"))
    assert type(plain) is ExplicitTree and not offers(plain, ChanceMoves)
    assert not offers(from_nested([[1, 2], [3]]), ChanceMoves)
    assert search(plain, "alphabeta") == search(plain, "minimax") == 6  # max(min(4, 5), min(6, 7)), by alpha-beta too
    chance = from_nested(CS188_NESTED)
    assert isinstance(chance, ChanceTree) and offers(chance, ChanceMoves)
    assert chance.probability(1, 4) == pytest.approx(1 / 3)
    with pytest.raises(InputError, match="alphabeta cannot search chance nodes"):
        search(chance, "alphabeta")


@pytest.mark.parametrize(
    "build",
    [
        lambda: from_nested('[{"chance": [[0.25, [1, 2]], [0.75, 3]]}, 4]', root=Player.MIN),
        lambda: from_array(CS188_ARRAY, branching=3, levels=parse_levels("max,chance")),
        lambda: random_tree(depth=3, branching=2, seed=5, levels=parse_levels("min,chance,max"), root=Player.MIN),
    ],
    ids=["nested", "array", "random"],
)
def test_spec_round_trips_chance_trees(build):
    tree = build()
    again = from_spec(tree.spec())
    assert type(again) is ChanceTree and again.spec() == tree.spec()
    assert again.probabilities == tree.probabilities and again.values == tree.values
    assert [again.player(node) for node in range(len(again))] == [tree.player(node) for node in range(len(tree))]


def test_to_nested_writes_chance_nodes_back_as_they_were_read():
    text = [3, {"chance": [[0.5, [1, {"chance": [[1, 7]]}]], [0.5, 2]]}]
    assert from_nested(text).to_nested() == text


# -- what is accepted and refused ---------------------------------------------------------------------------


@pytest.mark.parametrize("third", ["0.333333333", "0.3333333", "0.333333"])
def test_probabilities_within_a_millionth_of_1_are_accepted(third):
    tree = from_nested(f'[{{"chance": [[{third}, 1], [{third}, 2], [{third}, 3]]}}]')
    assert tree.probabilities[2:] == (float(third),) * 3


@pytest.mark.parametrize(
    "text, words",
    [
        ('[{"chance": [[0.33333, 1], [0.33333, 2], [0.33333, 3]]}]', "sum to 0.99999, not 1"),
        ('[{"chance": [[0.5, 1], [0.4, 2]]}]', "sum to 0.9, not 1"),
        ('[{"chance": [[0, 1], [1, 2]]}]', "probability 0 in outcome 1"),
        ('[{"chance": [[1.5, 1], [-0.5, 2]]}]', "probability 1.5 in outcome 1"),
        ('[{"chance": [["half", 1], [0.5, 2]]}]', "probability 'half' in outcome 1"),
        ('[{"chance": [[true, 1]]}]', "probability true"),
        ('[{"chance": []}]', "has [] as its outcomes"),
        ('[{"chance": [[0.5, 1], [0.5]]}]', "has [0.5] as outcome 2"),
        ('[{"chance": [0.5, 1]}]', "has 0.5 as outcome 1"),
        ('[1, {"chanse": [[1, 2]]}]', 'object {"chanse"'),
        ('[1, {"chance": [[1, 2]], "x": 3}]', "the object"),
        ('{"chanse": [[1, 2]]}', 'object {"chanse"'),
    ],
)
def test_bad_chance_nodes_are_refused_in_one_line(text, words):
    with pytest.raises(InputError) as error:
        from_nested(text)
    assert words in str(error.value) and "\n" not in str(error.value)


def test_more_levels_than_the_tree_has_are_refused():
    with pytest.raises(InputError, match="gives 3 kinds, but the tree has 2 levels of inner nodes; give at most 2"):
        from_array(CS188_ARRAY, branching=3, levels=parse_levels("max,chance,min"))


def test_fewer_levels_repeat_down_the_tree():
    tree = from_array(list(range(15)), levels=parse_levels("max"))  # every inner node MAX: the largest leaf wins
    assert [tree.player(node) for node in range(7)] == [Player.MAX] * 7
    assert expectimax(tree) == 14
    tree = from_array(list(range(31)), levels=parse_levels("max,min,min"))  # depth 3 is max again
    assert [tree.player(node) for node in (0, 1, 3, 7)] == [Player.MAX, Player.MIN, Player.MIN, Player.MAX]


def test_max_and_chance_levels_need_not_alternate():
    # max,chance,max over 0..14: D = max(7, 8) = 8, E = 10, F = 12, G = 14; B = (8 + 10) / 2 = 9,
    # C = (12 + 14) / 2 = 13; A = max(9, 13) = 13.
    tree = from_array(list(range(15)), levels=parse_levels("max,chance,max"))
    assert tree.player(3) is Player.MAX and tree.player(1) is Player.CHANCE
    assert expectimax(tree) == 13


def test_levels_that_disagree_with_the_root_or_are_misspelt_are_refused():
    with pytest.raises(InputError, match="starts with max, but min moves first"):
        from_array(CS188_ARRAY, branching=3, levels=parse_levels("max,chance"), root=Player.MIN)
    with pytest.raises(InputError, match="'chnce' at position 2"):
        parse_levels("max,chnce")
    with pytest.raises(InputError, match="the tree has a single leaf"):
        from_array([4], levels=parse_levels("max"))


def test_a_chance_node_is_never_the_root():
    with pytest.raises(InputError, match="--levels starts with chance, but the root must be max or min"):
        from_array(CS188_ARRAY, branching=3, levels=parse_levels("chance,max"))
    with pytest.raises(InputError, match=r"top level is a chance node.*put it in a list: \[\{\"chance\""):
        from_nested({"chance": [[0.5, 1], [0.5, 2]]})
    assert search(from_nested([{"chance": [[0.5, 1], [0.5, 2]]}]), "expectimax") == 1.5  # the advised form


# -- against the reference, over many trees -------------------------------------------------------------------


def _weights(count: int) -> st.SearchStrategy[list[int]]:
    """`count` positive whole numbers that add up to 8 (probabilities in eighths: float sums stay exact)."""
    cuts = st.lists(st.integers(1, 7), min_size=count - 1, max_size=count - 1, unique=True).map(sorted)
    return cuts.map(lambda points: [high - low for low, high in zip([0, *points], [*points, 8])])


def _chance(children: st.SearchStrategy) -> st.SearchStrategy[dict]:
    outcomes = st.lists(children, min_size=1, max_size=3)
    return outcomes.flatmap(
        lambda subtrees: _weights(len(subtrees)).map(
            lambda weights: {"chance": [[weight / 8, subtree] for weight, subtree in zip(weights, subtrees)]}
        )
    )


chance_trees = st.recursive(
    st.integers(-9, 9), lambda children: st.lists(children, min_size=1, max_size=3) | _chance(children), max_leaves=12
).map(lambda tree: [tree] if isinstance(tree, dict) else tree)
"""Small nested trees mixing MAX/MIN lists and chance nodes with probabilities in eighths (a chance node
at the top goes below a root of one child: the root is MAX or MIN)."""


@settings(max_examples=150, deadline=None)  # trees of up to 12 leaves; the level trees below add 150 more
@given(chance_trees, st.booleans())
def test_expectimax_equals_the_reference_on_random_chance_trees(nested, maximizing):
    tree = from_nested(nested, root=Player.MAX if maximizing else Player.MIN)
    assert search(tree, "expectimax") == expectimax_value(nested, maximizing)  # exact: eighths add up exactly


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 3),
    st.integers(0, 2**32 - 1),
    st.sampled_from(
        ["max,chance", "min,chance", "max,chance,min", "max,min,chance", "min,chance,chance", "min,chance,max,chance"]
    ),
)
def test_expectimax_equals_the_reference_on_random_level_trees(branching, seed, text):
    levels = text.split(",")
    tree = random_tree(
        depth=len(levels),
        branching=branching,
        seed=seed,
        levels=parse_levels(text),
        root=Player(next(level for level in levels if level != "chance")),
    )
    nested = array_to_nested(list(tree.values), branching, levels)
    maximizing = tree.root_player is Player.MAX
    trace = trace_search(tree, "expectimax")
    assert trace.summary.value == pytest.approx(float(expectimax_value(nested, maximizing)), abs=1e-9)
    chance_ids = [node for node in range(len(tree)) if tree.player(node) is Player.CHANCE]
    expected = [float(value) for value in chance_node_values(nested, maximizing)]
    assert [trace.nodes[node].value for node in chance_ids] == pytest.approx(expected, abs=1e-9)


@settings(max_examples=100, deadline=None)
@given(
    st.integers(1, 12),
    st.integers(2, 3),
    st.integers(0, 2**32 - 1),
    st.sampled_from([Player.MAX, Player.MIN]),
    st.none() | st.integers(0, 3),
)
def test_expectimax_is_minimax_on_trees_without_chance_nodes(leaves, branching, seed, root, depth):
    tree = random_tree(leaves=leaves, branching=branching, seed=seed, root=root)
    expecti, mini = trace_search(tree, "expectimax", depth=depth), trace_search(tree, "minimax", depth=depth)
    assert expecti.summary.value == mini.summary.value
    assert expecti.summary.visit_order == mini.summary.visit_order
    assert [event.value for event in expecti.events] == [event.value for event in mini.events]
