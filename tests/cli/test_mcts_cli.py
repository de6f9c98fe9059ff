"""`-a mcts` through the command line: `run` (text and --json) reports the root's children by visits and
the most visited as the best move, `export` writes JSON that reads back equal and DOT, seeded runs repeat
exactly, and mistakes are refused in one line.

Hand-worked answers: on `XX./OO./...` X to move, X3 (top right) wins at once (square 3), so MCTS with
the default 1000 iterations settles on 3; on the built-in 15-node tree minimax's move is C (see
tests/unit/test_mcts.py for how many iterations that takes).
"""

from __future__ import annotations

import json

import pytest
from cli_helpers import run_cli

from visualizer.readwrite.trace_json import read_json


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, "run", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_run_text_lists_the_roots_children_by_visits(capsys):
    code, out, err = run_cli(capsys, "run", "--game", "tictactoe", "--board", "XX./OO./...", "-a", "mcts")
    assert code == 0, err
    assert "best move:           3\n" in out
    assert "iterations:          1,000\n" in out
    lines = out.splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith("root's children"))
    table = lines[start + 1 :]
    assert table[0].split() == ["child", "move", "visits", "mean"]
    assert table[1].split()[0] == "X3" and table[1].endswith("chosen")
    visits = [int(line.split()[2].replace(",", "")) for line in table[1:]]
    assert visits == sorted(visits, reverse=True) and sum(visits) == 1000  # the root's playouts all go below it


def test_run_json_has_the_value_the_move_and_the_childrens_visits(capsys):
    data = run_json(capsys, "-a", "mcts", "--iterations", "1000", "--seed", "3")
    assert data["algorithm"] == "mcts" and data["best_move"] == "C"
    assert data["iterations"] == 1000 and data["stats"]["leaves_evaluated"] == 1000
    children = data["children"]
    assert [child["child"] for child in children] == ["C", "B"]
    assert sum(child["visits"] for child in children) == 1000
    total = sum(child["visits"] * child["mean"] for child in children)
    assert data["value"] == pytest.approx(total / 1000)  # the root's mean is its children's, weighted by visits


def test_the_same_seed_repeats_and_another_differs(capsys):
    first = run_json(
        capsys, "--game", "tictactoe", "--board", ".X./O../...", "-a", "mcts", "--iterations", "100", "--seed", "9"
    )
    again = run_json(
        capsys, "--game", "tictactoe", "--board", ".X./O../...", "-a", "mcts", "--iterations", "100", "--seed", "9"
    )
    other = run_json(
        capsys, "--game", "tictactoe", "--board", ".X./O../...", "-a", "mcts", "--iterations", "100", "--seed", "10"
    )
    assert first == again
    assert first["visit_order"] != other["visit_order"] or first["children"] != other["children"]


def test_export_writes_json_that_reads_back_and_dot(capsys, tmp_path):
    code, _out, err = run_cli(
        capsys,
        "export",
        "-a",
        "mcts",
        "--iterations",
        "40",
        "--seed",
        "2",
        "--format",
        "json,dot",
        "--out",
        str(tmp_path),
    )
    assert code == 0, err
    trace = read_json(next(tmp_path.glob("*.json")))
    assert trace.algorithm == "mcts" and trace.options == {"iterations": 40, "seed": 2}
    assert sum(1 for event in trace.events if event.kind.value == "simulate") == 40
    assert next(tmp_path.glob("*.dot")).read_text().startswith("digraph")


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--iterations", "0"], "--iterations must be 1 or more, not 0"),
        (["--iterations", "many"], "--iterations takes a whole number, not 'many'"),
        (["--exploration", "-1"], "--exploration must be 0 or more"),
        (["--depth", "-1"], "the look-ahead must be 0 or more"),
        (["--tt"], "--tt does not apply to mcts"),
        (["--iterative"], "mcts has no explicit-stack version"),
    ],
)
def test_mistakes_are_refused_in_one_line(capsys, argv, message):
    code, out, err = run_cli(capsys, "run", "-a", "mcts", *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_options_for_mcts_on_another_algorithm_are_refused(capsys):
    code, _out, err = run_cli(capsys, "run", "-a", "alphabeta", "--exploration", "2")
    assert code == 2 and "--exploration does not apply to alphabeta; drop it, or choose -a mcts" in err
    code, _out, err = run_cli(capsys, "run", "-a", "mtcs")
    assert code == 2 and "unknown algorithm 'mtcs'" in err and "mcts" in err


def test_best_move_claims_no_outcome_from_an_estimate(capsys):
    # X in a corner, O to move: a draw with best play; 50 iterations of MCTS estimate -0.4 for O, which
    # must not be reported as "X wins with best play". Alpha-beta on the same position proves the draw.
    argv = ("best-move", "--board", "X../.../...", "--json")
    code, out, err = run_cli(capsys, *argv, "-a", "mcts", "--iterations", "50", "--seed", "3")
    assert code == 0, err
    assert json.loads(out)["outcome"] is None
    code, out, err = run_cli(capsys, *argv)
    assert code == 0, err
    assert json.loads(out)["outcome"] == "a draw with best play"
