"""Principal variation search (`-a pvs`): the 15-node example worked by hand, its null windows and re-search in
the log, and, on random trees and tic-tac-toe positions, minimax's value (alpha-beta's with a window) against
plain references written here.

Hand-worked, the 15-node example (root A MIN; B C MAX; D E F G MIN; leaves H..O = 6 7 3 4 2 8 1 2), in the
negamax form, each node's values from its mover's view:
- A's first child B gets the full window; so does D, whose first leaf H gives D = -6 (MIN's view). I gets the
  null window [5, 6] (MAX's view: "is I 6 or more?"): 7, so D keeps -6 and B = 6.
- E is only tested, with [-7, -6]: J = 3 gives E = -3 >= -6, so K is cut; B keeps 6. A = -6 (MIN's view).
- C is tested with A's null window [-6, -5], [5, 6] from C's view: F (L = 2, M cut) gives 2, G (N = 1, O cut) 1,
  so C = 2 < 5: from A's view -2 > alpha -6 and < beta +inf: C is better, by an amount the test does not
  tell. A RESEARCH event, then C is entered again with [-2, +inf] from A's view ([-inf, 2] from C's).
- The re-search: F with the full window [-2, +inf]: L = -2, then M (null window [1, 2], MAX's view) = 8, so
  F = -2; C = 2 >= beta 2 cuts G. A = -2, which is 2 from MAX's view; best move C.
Visits: A B D H I E J C F L G N, then C F L M again: 16 entries of 13 nodes.
"""

from __future__ import annotations

import os
import random
import tempfile
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.games import TicTacToe, from_nested
from visualizer.games.base import Player
from visualizer.games.explicit import builtin_example
from visualizer.readwrite.check import check_trace
from visualizer.readwrite.trace_json import read_json, write_json
from visualizer.search import find_algorithm, trace_search
from visualizer.search.pvs import null_window_step, step_above
from visualizer.steps.describe import describe
from visualizer.tracing.events import EventKind

INFINITY = float("inf")


# -- plain references (no library search code) --------------------------------------------------------------


def minimax(tree: Any, maximizing: bool) -> float:
    """Minimax over nested lists."""
    if not isinstance(tree, list):
        return tree
    values = [minimax(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def alphabeta(tree: Any, maximizing: bool, alpha: float, beta: float) -> float:
    """Fail-soft alpha-beta over nested lists (cut when a value reaches a bound)."""
    if not isinstance(tree, list):
        return tree
    value = -INFINITY if maximizing else INFINITY
    for child in tree:
        child_value = alphabeta(child, not maximizing, alpha, beta)
        if maximizing:
            value = max(value, child_value)
            if value >= beta:
                return value
            alpha = max(alpha, value)
        else:
            value = min(value, child_value)
            if value <= alpha:
                return value
            beta = min(beta, value)
    return value


def game_minimax(game: Any, state: Any, memo: dict) -> float:
    """Minimax over a game's states, remembered by position."""
    if state not in memo:
        if game.is_terminal(state):
            memo[state] = game.static_value(state)
        else:
            values = [game_minimax(game, child, memo) for _, child in game.successors(state)]
            memo[state] = max(values) if game.player(state) is Player.MAX else min(values)
    return memo[state]


def trees(values=st.integers(-9, 9), depth: int = 4) -> st.SearchStrategy:
    """Nested lists of 1 to 3 children a node, at most `depth` levels, with a list at the root."""
    leaf_or_list = st.recursive(values, lambda inner: st.lists(inner, min_size=1, max_size=3), max_leaves=depth * 6)
    return st.lists(leaf_or_list, min_size=1, max_size=3)


def visited(trace) -> list[str]:
    return trace.names(trace.summary.visit_order)


# -- the 15-node example, by hand ------------------------------------------------------------------------------


def test_the_15_node_example_searches_c_again():
    trace = trace_search(builtin_example(), "pvs")
    assert trace.summary.value == 2 and trace.summary.best_move == "C"
    assert visited(trace) == list("ABDHIEJCFLGN") + list("CFLM")
    assert len(trace.nodes) == 15 and len(set(trace.summary.visit_order)) == 13
    research = [event for event in trace.events if event.kind is EventKind.RESEARCH]
    assert [(trace.nodes[event.node].name, trace.nodes[event.child].name) for event in research] == [("A", "C")]
    again = trace.events[research[0].step]  # the event right after it enters C once more
    assert again.kind is EventKind.ENTER and trace.nodes[again.node].name == "C"
    assert (again.alpha, again.beta) == (-INFINITY, 2)  # C's view of A's [-2, +inf]
    assert describe(trace, research[0]) == (
        "A: -C = -2 > alpha -6 in the null window [-6, -5] (MIN's view): C is better, but -2 is only a bound "
        "on it, so C is searched again with [-2, +inf]."
    )
    assert [trace.nodes[cut.node].name for cut in trace.summary.cutoffs] == ["E", "F", "G", "C"]
    check_trace(trace)


def test_the_log_names_the_null_window_tests():
    trace = trace_search(builtin_example(), "pvs")
    tested = [
        trace.nodes[event.node].name
        for event in trace.events
        if event.kind is EventKind.ENTER and "null window" in describe(trace, event)
    ]
    assert tested == list("IEJCFLGNM")
    enter_c = next(event for event in trace.events if event.kind is EventKind.ENTER and event.node == 2)
    assert describe(trace, enter_c) == (
        "Enter C (MAX, depth 1) with null window [5, 6] (MAX's view): a test, is C's value 6 or more?"
    )
    first = trace.events[0]
    assert describe(trace, first) == "Enter A (MIN, depth 0) with window [-inf, +inf] (MIN's view)."


def test_alphabeta_s_log_does_not_call_its_windows_null():
    trace = trace_search(from_nested([[3, 4], [5, 2]]), "alphabeta")
    assert not any("null" in describe(trace, event) for event in trace.events)


def test_registered_as_a_revisiting_negamax_that_takes_tt_and_window():
    record = find_algorithm("negascout")
    assert record.name == "pvs" and record.revisits and record.movers_view and record.windowed
    assert record.options == ("tt", "window") and not record.accepts_strict


# -- the null window's step ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("nested", "step"),
    [([[3, 12, 8], [2, 4, 6]], 1), ([[2.5, 3.25], [1, 4]], 0.25), ([[0.1, 0.3], [0.7]], 0.1), ([[2.0, 4.0], [6]], 1)],
)
def test_the_step_is_the_values_granularity(nested, step):
    assert null_window_step(from_nested(nested)) == step


def test_a_game_s_step_is_one_and_windows_stay_readable():
    assert null_window_step(TicTacToe()) == 1
    assert step_above(0.1)(0.2) == 0.3 and step_above(1)(-6) == -5 and step_above(1)(-INFINITY) == -INFINITY


def test_non_whole_values_get_a_null_window_of_their_step():
    trace = trace_search(from_nested([[2.5, 3.25], [1, 4.75]]), "pvs")
    assert trace.summary.value == 2.5
    windows = {
        event.beta - event.alpha
        for event in trace.events
        if event.kind is EventKind.ENTER and "null window" in describe(trace, event)
    }
    assert windows == {0.25}


# -- properties against the references -------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(tree=trees(), root_max=st.booleans(), tt=st.booleans())
def test_pvs_gives_minimax_s_value(tree, root_max, tt):
    game = from_nested(tree, root=Player.MAX if root_max else Player.MIN)
    trace = trace_search(game, "pvs", tt=tt)
    assert trace.summary.value == minimax(tree, root_max)
    check_trace(trace)


@settings(max_examples=150, deadline=None)
@given(tree=trees(st.integers(0, 12).map(lambda quarter: quarter / 4)), root_max=st.booleans())
def test_pvs_gives_minimax_s_value_on_non_whole_values(tree, root_max):
    game = from_nested(tree, root=Player.MAX if root_max else Player.MIN)
    assert trace_search(game, "pvs").summary.value == minimax(tree, root_max)


@settings(max_examples=150, deadline=None)
@given(tree=trees(), root_max=st.booleans(), low=st.integers(-10, 9), width=st.integers(1, 8), tt=st.booleans())
def test_pvs_with_a_window_gives_alphabeta_s_value_with_that_window(tree, root_max, low, width, tt):
    game = from_nested(tree, root=Player.MAX if root_max else Player.MIN)
    window = (low, low + width)
    trace = trace_search(game, "pvs", window=window, tt=tt)
    assert trace.summary.value == alphabeta(tree, root_max, *window)
    assert trace.options == ({"window": window, "tt": True} if tt else {"window": window})
    check_trace(trace)


@settings(max_examples=40, deadline=None)
@given(tree=trees(), tt=st.booleans())
def test_every_trace_survives_a_json_round_trip(tree, tt):
    trace = trace_search(from_nested(tree), "pvs", tt=tt)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "pvs.json")
        write_json(trace, path)
        assert read_json(path) == trace


def random_positions(count: int, seed: int) -> list[TicTacToe]:
    """Tic-tac-toe positions after 2 to 5 random moves that have not ended the game."""
    rng, positions = random.Random(seed), []
    while len(positions) < count:
        game = TicTacToe()
        state = game.root()
        for _ in range(rng.randint(2, 5)):
            if game.is_terminal(state):
                break
            state = rng.choice(game.successors(state))[1]
        if not game.is_terminal(state):
            board = "".join(state.board) if not isinstance(state.board, str) else state.board
            positions.append(TicTacToe(board))
    return positions


@pytest.mark.parametrize("tt", [False, True], ids=["plain", "tt"])
def test_pvs_gives_minimax_s_value_on_tic_tac_toe_positions(tt):
    for game in random_positions(12, seed=19):
        trace = trace_search(game, "pvs", tt=tt)
        assert trace.summary.value == game_minimax(game, game.root(), {}), game.describe()
        check_trace(trace)


def test_tt_on_tic_tac_toe_takes_stored_values_and_saves_nodes():
    game = random_positions(1, seed=5)[0]
    plain, table = trace_search(game, "pvs"), trace_search(game, "pvs", tt=True)
    assert plain.summary.value == table.summary.value
    hits = [event for event in table.events if event.kind is EventKind.TRANSPOSITION]
    assert hits and len(table.summary.visit_order) < len(plain.summary.visit_order)
