"""`Comparison`: aligned visit orders keep every search's own order, and the differences are exact."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.analysis.compare import Comparison, Run
from visualizer.games import random_tree, with_order
from visualizer.search import trace_search

trees = st.builds(
    lambda seed, depth, branching: random_tree(depth=depth, branching=branching, seed=seed),
    st.integers(0, 10_000),
    st.integers(1, 4),
    st.integers(2, 3),
)


def runs_of(tree, *searches: tuple[str, str]) -> Comparison:
    return Comparison(
        [
            Run(f"{algorithm} {order}", order, trace_search(with_order(tree, order, 1), algorithm))
            for algorithm, order in searches
        ]
    )


@settings(max_examples=40, deadline=None)
@given(trees)
def test_alpha_beta_aligns_inside_minimax_without_extra_columns(tree):
    comparison = runs_of(tree, ("minimax", "natural"), ("alphabeta", "natural"))
    minimax, alphabeta = (run.visit_order for run in comparison.runs)
    assert comparison.columns == minimax
    rows = comparison.aligned()
    assert [name for name, steps in rows if steps[1] is not None] == alphabeta
    assert comparison.only(0, 1) == [name for name in minimax if name not in set(alphabeta)]
    assert comparison.only(1, 0) == []


@settings(max_examples=40, deadline=None)
@given(trees)
def test_every_search_keeps_its_own_order_across_move_orders(tree):
    searches = [("alphabeta", "natural"), ("alphabeta", "best"), ("alphabeta", "worst"), ("minimax", "random")]
    comparison = runs_of(tree, *searches)
    rows = comparison.aligned()
    for index, run in enumerate(comparison.runs):
        assert [name for name, steps in rows if steps[index] is not None] == run.visit_order
        assert [steps[index] for _, steps in rows if steps[index] is not None] == list(
            range(1, len(run.visit_order) + 1)
        )
    by_node = comparison.by_node()
    names = [name for name, _ in by_node]
    visited = [set(run.visit_order) for run in comparison.runs]
    assert len(names) == len(set(names)) and set(names) == set().union(*visited)
    for name, steps in by_node:
        for index, run in enumerate(comparison.runs):
            assert steps[index] == tuple(step for step, seen in enumerate(run.visit_order, 1) if seen == name)
    for first, second, names in comparison.differences():
        assert set(names) == visited[first] - visited[second]
    assert comparison.values_agree


def test_tree_order_lists_parents_before_children_in_natural_order():
    tree = random_tree(depth=2, seed=4)
    comparison = runs_of(tree, ("alphabeta", "worst"), ("minimax", "natural"))
    # the first run (worst order) fixes the order of the children it visits; minimax adds the rest
    names = [name for name, _ in comparison.by_node()]
    assert names[0] == "A" and sorted(names) == sorted(tree.names)
    for name in names[1:]:
        parent = tree.names[tree.parent(tree.names.index(name))]
        assert names.index(parent) < names.index(name)


def test_a_node_searched_again_keeps_both_visit_numbers():
    # `visualizer run -a pvs` on the 15-node example (root MIN) visits A B D H I E J, then tests C with a
    # null window: C F L G N (steps 8-12; M and O cut). The test fails, so PVS searches C again: C F L M
    # (steps 13-16; F = 2 cuts G). Alpha-beta visits A B D H I E J C F L M G N, once each.
    from visualizer.games import builtin_example

    runs = [Run(name, "natural", trace_search(builtin_example(), name)) for name in ("alphabeta", "pvs")]
    rows = dict(Comparison(runs).by_node())
    assert rows["C"] == [(8,), (8, 13)]
    assert rows["F"] == [(9,), (9, 14)]
    assert rows["M"] == [(11,), (16,)]
    assert rows["G"] == [(12,), (11,)]
    assert "K" not in rows  # pruned by both
