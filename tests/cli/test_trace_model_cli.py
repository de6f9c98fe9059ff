"""The new trace model through the command line: the toys of tests/toys.py (expectimax on a game with chance
nodes, alpha-beta with a transposition table, iterative deepening) registered and run by `run --json`,
`export` (JSON read back whole, DOT drawn by Graphviz), `compare` and `best-move`, and bad input refused in one line.

Hand-worked answers (see tests/unit/test_trace_model.py for the derivations):
- `--game expect3`: CS188's example; the chance nodes a, b, c are worth 8, 4, 7, so the value is 8 (move a);
  expectimax visits all 13 nodes and evaluates the 9 leaves.
- `--game nim2`: two-pile NIM (2, 1), MAX to move, value +1 by A1. Alpha-beta visits root, A1, A1.A1,
  A1.A1.B1, A1.B1, A1.B1.A1, A2, A2.B1, B1, B1.A1, B1.A1.A1 (11 nodes) and cuts B1.A2 off; without a table it
  evaluates the 4 game ends it reaches, with one only A1.A1.B1 and A2.B1 (the other two are table hits).
  No line of play is longer than 3 moves, so iterative deepening's last pass (look-ahead 3) is that search.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess

import pytest
from cli_helpers import run_cli
from toys import CHANCE_GAME, TOY_DEEPENING, TOY_EXPECTIMAX, TOY_GAME, TOY_TT, ExpectimaxExample, TwoPileNim

from visualizer.dot.labels import SHAPES
from visualizer.games import Player
from visualizer.games import registered as registered_game
from visualizer.readwrite.trace_json import read_json
from visualizer.search import registered as registered_algorithm
from visualizer.search import trace_search
from visualizer.tracing.events import Bound, EventKind

needs_dot = pytest.mark.skipif(
    shutil.which("dot") is None and not os.environ.get("CI"), reason="Graphviz's dot is not installed"
)

NIM_VISITS = ["root", "A1", "A1.A1", "A1.A1.B1", "A1.B1", "A1.B1.A1", "A2", "A2.B1", "B1", "B1.A1", "B1.A1.A1"]


@pytest.fixture
def toys():
    with (
        registered_game(CHANCE_GAME),
        registered_game(TOY_GAME),
        registered_algorithm(TOY_EXPECTIMAX),
        registered_algorithm(TOY_TT),
        registered_algorithm(TOY_DEEPENING),
    ):
        yield


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def assert_one_line_error(code: int, out: str, err: str, *words: str) -> None:
    assert code == 2 and out == ""
    assert err.startswith("visualizer: error: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert all(word in err for word in words), err


# -- run --json ----------------------------------------------------------------------------------------------


def test_run_json_expectimax_on_the_chance_game(capsys, toys):
    result = run_json(capsys, "run", "--game", "expect3", "-a", "toy-expectimax")
    assert result["algorithm"] == "toy-expectimax" and result["spec"]["kind"] == "expect3"
    assert result["value"] == pytest.approx(8) and result["best_move"] == "a"
    assert result["stats"] == {"nodes_visited": 13, "leaves_evaluated": 9, "cutoffs": 0}
    chance_subtrees = [f"{chance}{leaf}" for chance in "abc" for leaf in ("", ".1", ".2", ".3")]
    assert result["visit_order"] == ["root", *chance_subtrees]


def test_run_json_alphabeta_with_a_table(capsys, toys):
    result = run_json(capsys, "run", "--game", "nim2", "-a", "toy-tt")
    assert result["value"] == 1 and result["best_move"] == "A1"
    assert result["visit_order"] == NIM_VISITS and result["pruned"] == ["B1.A2"]
    assert result["stats"] == {"nodes_visited": 11, "leaves_evaluated": 2, "cutoffs": 1}
    plain = run_json(capsys, "run", "--game", "nim2", "-a", "alphabeta")
    assert plain["stats"] == {"nodes_visited": 11, "leaves_evaluated": 4, "cutoffs": 1}


def test_run_json_iterative_deepening_reports_its_last_pass(capsys, toys):
    result = run_json(capsys, "run", "--game", "nim2", "-a", "toy-id")
    assert result["algorithm"] == "toy-id" and result["depth"] == 3
    assert result["value"] == 1 and result["best_move"] == "A1" and result["visit_order"] == NIM_VISITS
    assert result["stats"] == {"nodes_visited": 11, "leaves_evaluated": 2, "cutoffs": 1}


def test_best_move_of_the_chance_game(capsys, toys):
    code, out, err = run_cli(capsys, "best-move", "--game", "expect3", "-a", "toy-expectimax")
    assert code == 0, err
    assert "best move:           a\n" in out and "value:               8 " in out


# -- export: JSON read back whole, DOT drawn -------------------------------------------------------------------


def export(capsys, tmp_path, game: str, algorithm: str, stem: str) -> tuple:
    code, out, err = run_cli(
        capsys, "export", "--game", game, "-a", algorithm, "--format", "json,dot", "--out", str(tmp_path)
    )
    assert code == 0, err
    json_path, dot_path = tmp_path / f"{stem}.json", tmp_path / f"{stem}.dot"
    assert out == f"wrote {json_path} {dot_path}\n"
    return json_path, dot_path


def assert_dot_draws(dot_path) -> None:
    text = dot_path.read_text()
    assert text.startswith("digraph trace {")
    if shutil.which("dot"):
        drawn = subprocess.run(["dot", "-Tsvg", str(dot_path)], capture_output=True, check=False)
        assert drawn.returncode == 0, drawn.stderr
        assert b"<svg" in drawn.stdout


def test_export_of_the_chance_game_reads_back_with_probabilities(capsys, tmp_path, toys):
    json_path, dot_path = export(capsys, tmp_path, "expect3", "toy-expectimax", "expect3-toy-expectimax")
    recorded = trace_search(ExpectimaxExample(), "toy-expectimax")
    trace = read_json(json_path)
    assert trace == recorded
    assert trace.columns.has_chance
    assert [trace.node(name).player for name in ("root", "a", "a.1")] == [Player.MAX, Player.CHANCE, Player.MIN]
    assert trace.node("b.2").probability == pytest.approx(1 / 3) and trace.node("b").probability is None
    assert_dot_draws(dot_path)
    shapes = dict(re.findall(r"^(n\d+) \[shape=(\w+)", dot_path.read_text(), re.MULTILINE))
    chance_shapes = {shapes[f"n{node.id}"] for node in recorded.nodes if node.player is Player.CHANCE}
    assert chance_shapes == {SHAPES["chance"]} and SHAPES["chance"] != SHAPES["min"]


def test_export_of_table_hits_reads_back_with_refs_and_bounds(capsys, tmp_path, toys):
    json_path, dot_path = export(capsys, tmp_path, "nim2", "toy-tt", "nim2-2-1-toy-tt")
    trace = read_json(json_path)
    assert trace == trace_search(TwoPileNim((2, 1)), "toy-tt")
    hits = [
        (trace.nodes[event.node].name, trace.nodes[event.ref].name, event.bound)
        for event in trace.events
        if event.kind is EventKind.TRANSPOSITION
    ]
    assert hits == [("A1.B1.A1", "A1.A1.B1", Bound.EXACT), ("B1.A1.A1", "A1.B1.A1", Bound.EXACT)]
    assert_dot_draws(dot_path)
    code, out, err = run_cli(capsys, "run", "--trace", str(json_path), "--json")
    assert code == 0, err
    assert json.loads(out)["stats"] == {"nodes_visited": 11, "leaves_evaluated": 2, "cutoffs": 1}


def test_export_of_iterative_deepening_reads_back_every_pass(capsys, tmp_path, toys):
    json_path, dot_path = export(capsys, tmp_path, "nim2", "toy-id", "nim2-2-1-toy-id-d3")
    trace = read_json(json_path)
    assert trace == trace_search(TwoPileNim((2, 1)), "toy-id")
    assert [one_pass.depth_limit for one_pass in trace.passes] == [1, 2, 3]
    # Look-ahead 1 sees the root's three children (each a static 0). Look-ahead 2: A1's children give 0; A2's
    # only child is a game end MIN won (-1); B1.A1 is A1.B1's position (a table hit, 0) and cuts B1.A2 off.
    assert [one_pass.names(one_pass.summary.visit_order) for one_pass in trace.passes[:2]] == [
        ["root", "A1", "A2", "B1"],
        ["root", "A1", "A1.A1", "A1.B1", "A2", "A2.B1", "B1", "B1.A1"],
    ]
    assert_dot_draws(dot_path)


# -- compare ---------------------------------------------------------------------------------------------------


def test_compare_the_table_against_alphabeta(capsys, toys):
    code, out, err = run_cli(capsys, "compare", "--game", "nim2", "-A", "toy-tt,alphabeta")
    assert code == 0, err
    assert "values agree: 1" in out
    assert "visited by toy-tt only: none" in out and "visited by alphabeta only: none" in out
    result = run_json(capsys, "compare", "--game", "nim2", "-A", "toy-tt,alphabeta")
    assert result["values_agree"] is True
    runs = {run["algorithm"]: run for run in result["runs"]}
    assert runs["toy-tt"]["visit_order"] == runs["alphabeta"]["visit_order"] == NIM_VISITS
    assert (runs["toy-tt"]["leaves_evaluated"], runs["alphabeta"]["leaves_evaluated"]) == (2, 4)
    assert [only["nodes"] for only in result["only"]] == [[], []]


# -- bad input ---------------------------------------------------------------------------------------------------


def test_a_negative_depth_on_the_chance_game_is_one_line(capsys, toys):
    assert_one_line_error(*run_cli(capsys, "run", "--game", "expect3", "--depth", "-1"), "--depth", "0 or more")


def test_an_option_a_toy_lacks_is_one_line(capsys, toys):
    assert_one_line_error(
        *run_cli(capsys, "run", "--game", "nim2", "-a", "toy-tt", "--iterative"), "toy-tt", "--iterative"
    )
    assert_one_line_error(*run_cli(capsys, "run", "--game", "expect3", "--pile", "3"), "--pile")


def test_stats_takes_a_registered_search_through_its_own_option(capsys, toys):
    code, out, err = run_cli(capsys, "stats", "-a", "toy-tt")
    assert code == 2 and err.startswith("visualizer stats: error: unrecognized arguments: -a toy-tt; did you mean -A?")
    code, out, err = run_cli(capsys, "stats", "-A", "toy-tt", "--leaves", "8", "--trials", "1", "--seed", "1")
    assert code == 0, err
    assert "toy-tt" in out


def test_a_search_that_cannot_take_chance_nodes_refuses_them(capsys, toys):
    assert_one_line_error(
        *run_cli(capsys, "run", "--game", "expect3", "-a", "alphabeta"),
        "alphabeta cannot search chance nodes",
        "choose -a expectimax, star1 or toy-expectimax",
    )
    assert_one_line_error(
        *run_cli(capsys, "compare", "--game", "expect3", "-A", "toy-expectimax,minimax"),
        "minimax cannot search chance nodes",
    )


def test_a_negative_depth_is_refused_for_a_registered_algorithm_too(capsys, toys):
    assert_one_line_error(
        *run_cli(capsys, "run", "--game", "expect3", "-a", "toy-expectimax", "--depth", "-1"),
        "--depth is -1",
        "0 or more",
    )


def test_the_principal_variation_stops_at_a_chance_node(capsys, toys):
    code, out, _err = run_cli(capsys, "run", "--game", "expect3", "-a", "toy-expectimax", "--json")
    assert code == 0
    assert json.loads(out)["principal_variation"] == ["root", "a"]  # chance picks what follows a, not MAX
