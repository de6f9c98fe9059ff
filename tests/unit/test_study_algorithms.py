"""The pruned-tree study holds any searches against minimax (`stats --algorithms`), not only alpha-beta."""

import pytest

from visualizer.analysis.study import parse_algorithms, parse_leaves, run_study, tree_seed
from visualizer.errors import InputError
from visualizer.games.random_tree import random_tree
from visualizer.search import trace_search

SIZES = parse_leaves("8,27", 3)


def test_each_search_gets_a_row_per_order_after_minimax_and_alphabeta_is_the_default():
    default = run_study(SIZES, branching=3, trials=3, seed=5, orders=("natural", "best"))
    chosen = run_study(
        SIZES,
        branching=3,
        trials=3,
        seed=5,
        orders=("natural", "best"),
        algorithms=parse_algorithms("alphabeta,negamax-ab"),
    )
    assert default.algorithms == ("alphabeta",)
    assert chosen.algorithms == ("alphabeta", "negamax-ab")
    assert [row.label for row in chosen.rows[:5]] == [
        "minimax",
        "alphabeta (natural)",
        "alphabeta (best)",
        "negamax-ab (natural)",
        "negamax-ab (best)",
    ]
    by_label = {(row.size, row.label): row for row in chosen.rows}
    for row in default.rows:  # the same trees: alpha-beta's rows are unchanged
        assert by_label[row.size, row.label].samples == row.samples
    for size in chosen.sizes:  # negamax with pruning enters the same nodes as alpha-beta
        for order in ("natural", "best"):
            assert by_label[size, f"negamax-ab ({order})"].samples == by_label[size, f"alphabeta ({order})"].samples


def test_the_counts_are_those_of_the_recorded_searches():
    study = run_study(parse_leaves("9", 3), branching=3, trials=4, seed=11, algorithms=parse_algorithms("negamax-ab"))
    row = next(row for row in study.rows if row.label == "negamax-ab (natural)")
    for trial, (nodes, leaves) in enumerate(row.samples):
        tree = random_tree(leaves=9, branching=3, seed=tree_seed(11, 9, trial))
        summary = trace_search(tree, "negamax-ab").summary
        assert (nodes, leaves) == (summary.nodes_visited, summary.leaves_evaluated)


@pytest.mark.parametrize(
    "text, message",
    [
        ("minimax", "lists minimax, which every study searches as the baseline"),
        ("alphabeta,foo", "unknown algorithm 'foo'"),
        ("minimax+tt", "--tt does not apply to minimax"),
    ],
)
def test_a_bad_list_is_refused_in_one_line(text, message):
    with pytest.raises(InputError, match=message):
        parse_algorithms(text)


def test_repeats_are_dropped():
    assert [configuration.label for configuration in parse_algorithms("alphabeta,alphabeta,negamax-ab")] == [
        "alphabeta",
        "negamax-ab",
    ]


def test_a_search_whose_value_is_an_estimate_is_refused():
    from visualizer.search import Algorithm, registered

    toy = Algorithm(
        "toy-guess", lambda game, *, depth=None, tracer=None: 0, windowed=False, movers_view=False, estimates=True
    )
    with registered(toy), pytest.raises(InputError, match="toy-guess, whose value is an estimate"):
        parse_algorithms("alphabeta,toy-guess")
