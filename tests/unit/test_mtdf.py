"""MTD(f) (`-a mtdf`): null-window alpha-beta passes converging on the value, worked by hand on the 15-node
example, the log's verdict per pass, and, on random trees and tic-tac-toe positions, minimax's value and a
best move that reaches it, against plain references written here.

Hand-worked, the 15-node example (root A MIN; B C MAX; D E F G MIN; leaves H..O = 6 7 3 4 2 8 1 2; value 2):
- Pass 1, first guess 0: window [-1, 0], "is the value 0 or more?". D = 6 >= 0 at B cuts E; F = min(2, 8) = 2
  and C = 2 >= 0 cuts G; A = min(6, 2) = 2 >= 0: fails high, the value is at least 2. Visits A B D H I C F L M.
- Pass 2 tests 3 or more: window [2, 3]. B = 6 (E cut); F: L = 2 <= 2 cuts M; G: N = 1 <= 2 cuts O; C = 2,
  A = 2 <= 2: fails low, at most 2. The bounds meet: 2. Visits A B D H I C F L G N.
- With --tt, pass 2 tries the table's best move at A first (C, from pass 1): C = 2 <= alpha 2 cuts B at once.
- With --window 0:10 the first guess is 5: [4, 5] fails low with 2 (at most 2; the lower bound is LO = 0), so
  the next test is [1, 2]: A = 2 >= 2, fails high, at least 2: the value is 2.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_pvs import alphabeta, game_minimax, minimax, random_positions, trees

from visualizer.games import from_nested
from visualizer.games.base import Player
from visualizer.games.explicit import builtin_example
from visualizer.readwrite.check import check_trace
from visualizer.readwrite.trace_json import read_json, write_json
from visualizer.search import find_algorithm, trace_search
from visualizer.search.mtdf import first_guess
from visualizer.steps.describe import describe
from visualizer.tracing.events import EventKind

INFINITY = float("inf")


def windows(trace) -> list[tuple[Any, Any]]:
    return [(single.events[0].alpha, single.events[0].beta) for single in trace.passes]


def visited(trace) -> str:
    return "".join(trace.names(trace.summary.visit_order))


def subtree(tree: Any, moves: list[int]) -> Any:
    for move in moves:
        tree = tree[move]
    return tree


# -- the 15-node example, by hand ------------------------------------------------------------------------------


def test_the_15_node_example_takes_two_passes():
    trace = trace_search(builtin_example(), "mtdf")
    assert trace.summary.value == 2 and trace.summary.best_move == "C"
    assert windows(trace) == [(-1, 0), (2, 3)]
    assert [single.summary.value for single in trace.passes] == [2, 2]
    assert [visited(single) for single in trace.passes] == ["ABDHICFLM", "ABDHICFLGN"]
    for single in trace.passes:
        check_trace(single)


def test_the_log_says_what_each_pass_tested_and_learnt():
    first, last = trace_search(builtin_example(), "mtdf").passes
    assert describe(first, first.events[0]) == (
        "Enter A (MIN, depth 0) with null window [-1, 0]: this pass tests whether A's value is 0 or more."
    )
    assert describe(first, first.events[-1]) == "A = 2 >= beta 0: this pass fails high, so the value is at least 2."
    assert describe(last, last.events[-1]) == (
        "A = 2 <= alpha 2: this pass fails low, so the value is at most 2. Done: the value is 2, best move C."
    )
    assert describe(last, last.events[1]) == (
        "Enter B (MAX, depth 1) with null window [2, 3]: a test, is B's value 3 or more?"
    )


def test_with_tt_the_second_pass_tries_the_stored_best_move_first():
    trace = trace_search(builtin_example(), "mtdf", tt=True)
    assert trace.summary.value == 2 and trace.options == {"tt": True}
    assert [visited(single) for single in trace.passes] == ["ABDHICFLM", "ACFLGN"]
    assert [trace.nodes[cut.node].name for cut in trace.summary.cutoffs][-1] == "A"


def test_a_window_gives_the_first_guess_and_the_starting_bounds():
    trace = trace_search(builtin_example(), "mtdf", window=(0, 10))
    assert windows(trace) == [(4, 5), (1, 2)]
    assert trace.summary.value == 2 and trace.options == {"window": (0, 10)}
    assert describe(trace, trace.events[-1]).endswith(
        "this pass fails high, so the value is at least 2. Done: the value is 2, best move C."
    )


@pytest.mark.parametrize(
    ("window", "guess"),
    [
        (None, 0),
        ((-5, 5), 0),
        ((0, 10), 5),
        ((-5, 4), -1),
        ((0.5, 1.0), 0.75),
        ((-INFINITY, 5), 0),
        ((2, INFINITY), 2),
        ((-INFINITY, -3), -3),
    ],
)
def test_first_guess(window, guess):
    assert first_guess(window) == guess


def test_registered_with_tt_and_window():
    record = find_algorithm("mtd-f")
    assert record.name == "mtdf" and record.windowed and not record.movers_view and not record.revisits
    assert record.options == ("tt", "window")


# -- properties against the references -------------------------------------------------------------------------


def check_answer(tree: Any, root_max: bool, trace) -> None:
    """The value is minimax's, and the best move's subtree is worth it too."""
    value = minimax(tree, root_max)
    assert trace.summary.value == value
    index = trace.nodes[0].children.index(trace.summary.best_child)
    assert minimax(subtree(tree, [index]), not root_max) == value


@settings(max_examples=150, deadline=None)
@given(tree=trees(), root_max=st.booleans(), tt=st.booleans())
def test_mtdf_gives_minimax_s_value_and_a_best_move(tree, root_max, tt):
    game = from_nested(tree, root=Player.MAX if root_max else Player.MIN)
    trace = trace_search(game, "mtdf", tt=tt)
    check_answer(tree, root_max, trace)
    assert len(trace.passes) >= 2 or not any(single.nodes[0].children for single in trace.passes)
    for single in trace.passes:
        check_trace(single)


@settings(max_examples=150, deadline=None)
@given(tree=trees(st.integers(0, 12).map(lambda quarter: quarter / 4)), root_max=st.booleans(), tt=st.booleans())
def test_mtdf_gives_minimax_s_value_on_non_whole_values(tree, root_max, tt):
    game = from_nested(tree, root=Player.MAX if root_max else Player.MIN)
    check_answer(tree, root_max, trace_search(game, "mtdf", tt=tt))


@settings(max_examples=150, deadline=None)
@given(tree=trees(), root_max=st.booleans(), low=st.integers(-10, 9), width=st.integers(1, 8), tt=st.booleans())
def test_mtdf_with_a_window_fails_to_the_same_side_as_alphabeta(tree, root_max, low, width, tt):
    game = from_nested(tree, root=Player.MAX if root_max else Player.MIN)
    window, value = (low, low + width), minimax(tree, root_max)
    result = trace_search(game, "mtdf", window=window, tt=tt).summary.value
    bound = alphabeta(tree, root_max, *window)
    if window[0] < value < window[1]:
        assert result == value == bound
    elif value <= window[0]:
        assert value <= result <= window[0] and bound <= window[0]
    else:
        assert window[1] <= result <= value and bound >= window[1]


@settings(max_examples=30, deadline=None)
@given(tree=trees(), tt=st.booleans())
def test_every_pass_survives_a_json_round_trip(tree, tt):
    trace = trace_search(from_nested(tree), "mtdf", tt=tt)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "mtdf.json")
        write_json(trace, path)
        back = read_json(path)
    assert back == trace and len(back.passes) == len(trace.passes)


@pytest.mark.parametrize("tt", [False, True], ids=["plain", "tt"])
def test_mtdf_gives_minimax_s_value_on_tic_tac_toe_positions(tt):
    for game in random_positions(12, seed=20):
        trace = trace_search(game, "mtdf", tt=tt)
        assert trace.summary.value == game_minimax(game, game.root(), {}), game.describe()
        best = next(
            child for move, child in game.successors(game.root()) if game.move_value(move) == trace.summary.best_move
        )
        assert game_minimax(game, best, {}) == trace.summary.value


def test_tt_carries_over_between_passes():
    game = random_positions(1, seed=3)[0]
    plain, table = trace_search(game, "mtdf"), trace_search(game, "mtdf", tt=True)
    assert plain.summary.value == table.summary.value
    carried = [
        event
        for single in table.passes[1:]
        for event in single.events
        if event.kind is EventKind.TRANSPOSITION and event.ref is None
    ]  # stored by an earlier pass
    assert carried
    assert sum(len(single.summary.visit_order) for single in table.passes) < sum(
        len(single.summary.visit_order) for single in plain.passes
    )


def test_values_too_far_apart_for_a_float_step_still_end_with_minimax_value():
    """Next to 1e20 a float cannot hold 1e20 + 1e-7: the null window's top is the next float up, and a
    test that can prove nothing new is followed by one last pass with the bounds as its window."""
    from visualizer.games import from_array
    from visualizer.search import search, trace_search

    for values in ([1e20, 1e-7, 2.25, 1e20, -2.25, 0.5, 2.0], [1e20, 1e20, 1e-7, 1e20, 5, 1e20, 3]):
        tree = from_array(values, branching=2)
        expected = search(tree, "minimax")
        for algorithm in ("pvs", "mtdf"):
            for tt in (False, True):
                assert search(tree, algorithm, tt=tt) == expected, (values, algorithm, tt)
        assert len(trace_search(tree, "mtdf").passes) <= 4


def test_the_node_budget_counts_every_pass():
    import pytest as _pytest

    from visualizer.errors import NodeBudgetExceeded
    from visualizer.games import builtin_example
    from visualizer.search import trace_search

    passes = trace_search(builtin_example(), "mtdf").passes
    total = sum(one.summary.nodes_visited for one in passes)
    assert len(passes) > 1 and all(one.summary.nodes_visited < total - 1 for one in passes)
    with _pytest.raises(NodeBudgetExceeded):
        trace_search(builtin_example(), "mtdf", max_nodes=total - 1)  # no single pass is that big
    assert len(trace_search(builtin_example(), "mtdf", max_nodes=total + 1).passes) == len(passes)
