"""Monte Carlo tree search (UCT, `-a mcts`): known answers, reproducible seeded traces, visit counts that add
up, and a plain UCT written here (dicts and recursion, no tracer) that must choose the same as the library.

Hand-worked answers:
- Root MAX over three leaves 3, 5, 1 (`from_nested([3, 5, 1])`): iterations 1-3 expand the leaves in move order
  (no playout moves: each is a leaf), so the means are 3, 5, 1 and the root's 3, 4, 3. Iteration 4 (N = 3,
  every n = 1): UCB1 = mean + 1.414 x sqrt(ln 3 / 1) = mean + 1.482, so the second leaf (6.482) is selected;
  iteration 5 (N = 4): 3 + 1.414 x sqrt(ln 4) = 4.665 against 5 + 1.414 x sqrt(ln 4 / 2) = 6.177, the second
  again. After 5 iterations: visits 1, 3, 1 and the root's mean (3 + 5 + 1 + 5 + 5) / 5 = 3.8.
- The same tree with MIN at the root and C = 0: after the three expansions MIN takes the lowest mean, 1,
  every time: after 6 iterations visits 1, 1, 4 and the root's mean (3 + 5 + 1 + 1 + 1 + 1) / 6 = 2.
- `XX./OO./...`, X to move: X3 (top right) wins at once; every other move lets O win at 6 (X9 blocks
  nothing, ...), so MCTS must settle on 3.
- The built-in 15-node tree (MIN root): minimax's move is C (value 2). Measured over seeds 0-99, MCTS with
  the default C = 1.41 picks C from 325 iterations on for every seed; the test runs 1000 (3x margin).
"""

from __future__ import annotations

import itertools
import json
import math
import random as random_module
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toys import CHANCE_GAME, ExpectimaxExample

from visualizer.errors import InputError
from visualizer.games import Player, TicTacToe
from visualizer.games import registered as registered_game
from visualizer.games.explicit import builtin_example
from visualizer.games.nested import from_nested
from visualizer.games.random_tree import random_tree
from visualizer.readwrite.check import check_trace
from visualizer.readwrite.trace_json import read_json, write_json
from visualizer.search import OPTIONS, find_algorithm, trace_search
from visualizer.search.mcts import DEFAULT_EXPLORATION, DEFAULT_ITERATIONS
from visualizer.steps.describe import describe
from visualizer.steps.replay import Replay
from visualizer.steps.visits import DEFAULT_EXPLORATION as TRACED_EXPLORATION
from visualizer.steps.visits import format_mean, is_monte_carlo, visit_counts
from visualizer.tracing.events import EventKind

WIN_NOW = "XX./OO./..."


def record(game: Any, **options: Any):
    return trace_search(game, "mcts", **options)


def final_visits(trace) -> dict[int, int]:
    """Each node's visits at the end, read from the events plainly (the last backpropagation's count)."""
    counts: dict[int, int] = {}
    for event in trace.events:
        if event.kind is EventKind.BACKPROPAGATE:
            counts[event.node] = event.visits
    return counts


# -- a plain UCT, written independently: dicts keyed by the moves from the root, recursion, no tracer ----------


def plain_uct(game: Any, iterations: int, seed: int, exploration: float, depth: int | None = None):
    """UCT as the textbook states it; returns {node name: (visits, total)} for every node added to the tree.

    Same conventions as the library: untried children are added in move order, ties go to the first
    child in move order, playouts draw `random.Random(seed).choice(successors)`.
    """
    rng = random_module.Random(seed)
    root = game.root_name()
    stats: dict[str, list] = {root: [0, 0]}
    states: dict[str, Any] = {root: game.root()}

    def at_end(state: Any, ply: int) -> bool:
        return game.is_terminal(state) or (depth is not None and ply >= depth)

    for _ in range(iterations):
        path = [root]
        while True:  # selection
            name = path[-1]
            state = states[name]
            if at_end(state, len(path) - 1):
                break
            kids = [(game.child_name(name, state, move), child) for move, child in game.successors(state)]
            untried = [(kid, child) for kid, child in kids if kid not in stats]
            if untried:  # expansion
                kid, child = untried[0]
                stats[kid], states[kid] = [0, 0], child
                path.append(kid)
                break
            parent_visits = stats[name][0]
            sign = 1 if game.player(state) is Player.MAX else -1
            scores = [
                sign * stats[kid][1] / stats[kid][0] + exploration * math.sqrt(math.log(parent_visits) / stats[kid][0])
                for kid, _child in kids
            ]
            path.append(kids[scores.index(max(scores))][0])
        state, ply = states[path[-1]], len(path) - 1
        while not at_end(state, ply):  # simulation
            _move, state = rng.choice(list(game.successors(state)))
            ply += 1
        result = game.static_value(state)
        for name in path:  # back-propagation
            stats[name][0] += 1
            stats[name][1] += result
    return stats


def traced_stats(trace) -> dict[str, tuple[int, float]]:
    """The library trace's tree as {node name: (visits, mean)}."""
    return {trace.nodes[node].name: (count, trace.nodes[node].value) for node, count in final_visits(trace).items()}


# -- known answers ----------------------------------------------------------------------------------------------


def test_defaults_agree_with_the_option_table():
    assert OPTIONS["iterations"].default == DEFAULT_ITERATIONS == 1000
    assert OPTIONS["exploration"].default == DEFAULT_EXPLORATION == TRACED_EXPLORATION == math.sqrt(2)
    assert OPTIONS["seed"].default == 0
    algorithm = find_algorithm("uct")
    assert algorithm.name == "mcts" and algorithm.revisits and algorithm.estimates and not algorithm.windowed
    assert set(algorithm.options) == {"iterations", "seed", "exploration"}


def test_five_iterations_over_three_leaves_by_hand():
    trace = record(from_nested([3, 5, 1]), iterations=5)
    root = trace.root
    assert [final_visits(trace)[child] for child in root.children] == [1, 3, 1]
    assert trace.summary.value == pytest.approx(3.8)
    assert trace.summary.best_child == root.children[1]
    kinds = [event.kind.value for event in trace.events]
    assert kinds[:5] == ["select", "expand", "simulate", "backpropagate", "backpropagate"]
    selects = [event for event in trace.events if event.kind is EventKind.SELECT and event.node != 0]
    assert [trace.nodes[event.node].name for event in selects] == ["C", "C"]  # the root is A, its leaves B, C, D
    assert selects[0].score == pytest.approx(5 + math.sqrt(2) * math.sqrt(math.log(3)))
    assert selects[1].score == pytest.approx(5 + math.sqrt(2) * math.sqrt(math.log(4) / 2))
    assert [event.playout for event in trace.events if event.kind is EventKind.SIMULATE] == [()] * 5


def test_min_chooses_the_lowest_mean_with_no_exploration():
    trace = record(from_nested([3, 5, 1], root=Player.MIN), iterations=6, exploration=0)
    assert [final_visits(trace)[child] for child in trace.root.children] == [1, 1, 4]
    assert trace.summary.value == 2
    assert trace.options == {"iterations": 6, "exploration": 0}


@pytest.mark.parametrize("seed", [0, 1, 2, 7, 12345])
def test_it_finds_the_winning_move_on_tictactoe(seed):
    trace = record(TicTacToe(WIN_NOW), seed=seed)
    assert trace.summary.best_move == 3
    assert final_visits(trace)[0] == DEFAULT_ITERATIONS


@pytest.mark.parametrize("seed", range(10))
def test_it_picks_the_minimax_move_on_the_15_node_tree_with_enough_iterations(seed):
    minimax = trace_search(builtin_example(), "minimax")
    trace = record(builtin_example(), iterations=1000, seed=seed)
    assert trace.summary.best_move == minimax.summary.best_move == "C"


def test_too_few_iterations_is_an_estimate_that_can_be_wrong():
    wrong = [seed for seed in range(30) if record(builtin_example(), iterations=10, seed=seed).summary.best_move != "C"]
    assert wrong, "with 10 iterations some seed should still prefer B (why 1000 are needed above)"


# -- reproducible ----------------------------------------------------------------------------------------------


def test_the_same_seed_gives_the_identical_trace_events_included():
    first, again = (
        record(TicTacToe(".X./O../..."), iterations=200, seed=5),
        record(TicTacToe(".X./O../..."), iterations=200, seed=5),
    )
    assert first == again
    assert list(first.events) == list(again.events)
    other = record(TicTacToe(".X./O../..."), iterations=200, seed=6)
    assert [event.playout for event in other.events] != [event.playout for event in first.events]


# -- visits add up ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [TicTacToe(".X./O../..."), builtin_example()], ids=["tictactoe", "explicit"])
def test_visits_are_the_childrens_plus_the_nodes_own_playouts(game):
    trace = record(game, iterations=300, seed=3)
    visits = final_visits(trace)
    own = {}
    for event in trace.events:
        if event.kind is EventKind.SIMULATE:
            own[event.node] = own.get(event.node, 0) + 1
    for node, count in visits.items():
        assert count == own.get(node, 0) + sum(visits.get(child, 0) for child in trace.nodes[node].children)
    assert visits[0] == 300
    assert trace.summary.leaves_evaluated == 300  # one playout per iteration


def test_visit_counts_at_every_step_match_a_plain_count():
    trace = record(TicTacToe(".X./O../..."), iterations=40, seed=1)
    counts, running = visit_counts(trace), {}
    for event in trace.events:
        if event.kind is EventKind.BACKPROPAGATE:
            running[event.node] = running.get(event.node, 0) + 1
        for node in range(len(trace.nodes)):
            assert counts.at(node, event.step) == running.get(node, 0)
    assert counts.at(0, 0) == 0 and counts.final(0) == 40
    assert is_monte_carlo(trace) and not is_monte_carlo(trace_search(builtin_example(), "alphabeta"))


def test_the_line_follows_the_most_visited_child():
    trace = record(TicTacToe("X../.O./..."), iterations=300, seed=2)
    visits = final_visits(trace)
    line = trace.summary.principal_variation
    for parent, child in itertools.pairwise(line):
        assert visits[child] == max(visits.get(kid, 0) for kid in trace.nodes[parent].children)


# -- the same search as a plain UCT ------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    tree_seed=st.integers(0, 10_000),
    iterations=st.integers(1, 60),
    exploration=st.sampled_from([0, 0.5, math.sqrt(2), 3]),
)
def test_it_builds_the_same_tree_as_a_plain_uct_on_random_trees(seed, tree_seed, iterations, exploration):
    game = random_tree(depth=3, branching=3, seed=tree_seed)
    trace = record(game, iterations=iterations, seed=seed, exploration=exploration)
    plain = plain_uct(game, iterations, seed, exploration)
    traced = traced_stats(trace)
    assert set(traced) == set(plain)
    for name, (visits, total) in plain.items():
        assert traced[name][0] == visits
        assert traced[name][1] == pytest.approx(total / visits)


@pytest.mark.parametrize("board,depth", [(".X./O../...", None), ("X../.O./...", 3)])
def test_it_builds_the_same_tree_as_a_plain_uct_on_tictactoe(board, depth):
    game = TicTacToe(board)
    trace = record(game, iterations=150, seed=11, depth=depth)
    plain = plain_uct(game, 150, 11, math.sqrt(2), depth)
    traced = traced_stats(trace)
    assert {name: visits for name, (visits, _) in plain.items()} == {name: count for name, (count, _) in traced.items()}


def test_playouts_stop_at_the_depth_limit_and_take_the_static_value():
    game = TicTacToe("X../.O./...")
    trace = record(game, iterations=60, depth=3)
    for event in trace.events:
        assert event.depth <= 3
        if event.kind is EventKind.SIMULATE:
            assert event.depth + len(event.playout) <= 3


# -- a trace like any other ------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [TicTacToe(WIN_NOW), builtin_example()], ids=["tictactoe", "explicit"])
def test_the_trace_passes_the_checker_and_survives_a_json_round_trip(game, tmp_path):
    trace = record(game, iterations=50, seed=4, exploration=1)
    check_trace(trace)
    path = write_json(trace, tmp_path / "mcts.json")
    again = read_json(path)
    assert again == trace
    written = json.loads(path.read_text())["graph"]["options"]
    assert {name: written[name] for name in ("iterations", "seed", "exploration")} == {
        "iterations": 50,
        "seed": 4,
        "exploration": 1,
    }
    replay = Replay(again, interval=7)
    replay.seek(replay.count)
    assert replay.views[0].value == pytest.approx(trace.summary.value)
    assert visit_counts(again).final(0) == 50


def test_chance_games_and_bad_options_are_refused_in_one_line():
    with pytest.raises(InputError, match="mcts cannot search chance nodes"), registered_game(CHANCE_GAME):
        trace_search(ExpectimaxExample(), "mcts")
    with pytest.raises(InputError, match="look-ahead must be 0 or more"):
        trace_search(builtin_example(), "mcts", depth=-1)
    with pytest.raises(InputError, match="--exploration does not apply to alphabeta"):
        trace_search(builtin_example(), "alphabeta", exploration=2)


def test_a_root_at_the_end_of_the_game_plays_out_nothing():
    game = TicTacToe("XXX/OO./...")
    trace = record(game, iterations=3)
    assert [event.kind.value for event in trace.events] == ["select", "simulate", "backpropagate"] * 3
    assert trace.summary.value == game.static_value(game.root()) != 0
    assert trace.summary.best_move is None


# -- words ---------------------------------------------------------------------------------------------------------


def test_the_log_says_each_step_in_words():
    trace = record(from_nested([3, 5, 1]), iterations=5)
    sentences = [describe(trace, event) for event in trace.events]
    assert sentences[:5] == [
        "Iteration 1: start at A.",
        "Expand B (new): it joins the tree at depth 1.",
        "B is a leaf: result 3.",
        "B takes 3: 1 visit, mean 3.",
        "A takes 3: 1 visit, mean 3.",
    ]
    assert sentences[15] == "Iteration 4: start at A (mean 3, 3 visits)."
    assert sentences[16] == "Select C: UCT 6.482 = MAX's mean 5 + 1.414 x sqrt(ln 3 / 1), the highest of 3."
    assert sentences[-1] == (
        "A takes 5: 5 visits, mean 3.8. Done: A = 3.8 after 5 iterations, best move C (most visited: 3 visits)."
    )


def test_playouts_read_as_moves_with_the_outcome():
    trace = record(TicTacToe(".X./O../..."), iterations=30, seed=2)
    playouts = [describe(trace, event) for event in trace.events if event.kind is EventKind.SIMULATE]
    assert all(sentence.startswith("Playout from ") or " ends the game: " in sentence for sentence in playouts)
    assert any(sentence.endswith("(MAX wins).") for sentence in playouts)
    assert any(sentence.endswith("(MIN wins).") for sentence in playouts)
    limited = record(TicTacToe(".X./O../..."), iterations=5, depth=3)
    assert any("stops at the depth limit: static value" in describe(limited, event) for event in limited.events)
    explicit = record(builtin_example(), iterations=2)
    assert describe(explicit, explicit.events[2]).startswith("Playout from B: ")
    assert ", reaches leaf " in describe(explicit, explicit.events[2])


def test_means_show_three_decimals_at_most():
    assert format_mean(2 / 3) == "0.667" and format_mean(1.0) == "1" and format_mean(None) == "-"
    assert format_mean(-0.5) == "-0.5" and format_mean(7) == "7"


def test_a_tree_label_shows_visits_and_the_mean_when_given():
    from visualizer.tui.node_labels import Density, node_label, node_line

    trace = record(builtin_example(), iterations=6)
    replay = Replay(trace)
    replay.seek(replay.count)
    root, view = trace.nodes[0], replay.views[0]
    label = node_label(root, view, visits=visit_counts(trace).at(0, replay.step))
    assert (label.top, label.bottom) == (" ▼A n=6 ", "6")  # mean (4 + 8 + 7 + 4 + 6 + 7) / 6, hand-summed
    assert node_label(root, view).top.startswith(" ▼A #")  # without visits: the label of before
    unseen = node_label(trace.nodes[13], replay.views[13], visits=0, density=Density.FULL)
    assert (unseen.top, unseen.bottom) == (" ▲N ", "·")
    assert node_line(root, view, visits=6).plain.startswith("▼A n=6  6")
