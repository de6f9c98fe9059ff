"""The headless CLI: outputs on hand-checked examples, JSON shape, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import run_cli


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, "run", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_default_prints_table_and_both_searches(capsys):
    code, out, _ = run_cli(capsys)
    assert code == 0
    # The tutorial's node table: name, parent, children, value with '-' where missing.
    assert "A     -       B C       MIN     1" in out
    assert "H     D       -         MAX     6" in out
    assert "visit order:         A B D H I E J K C F L M G N O" in out
    assert "visit order:         A B D H I E J C F L M G N" in out
    assert "E (MIN): J brings it to 3 <= alpha 6, so K is pruned" in out
    assert "visiting 13 of minimax's 15 nodes (2 fewer: K O)" in out


def test_run_json_builtin_alphabeta(capsys):
    result = run_json(capsys)
    assert result["value"] == 2
    assert result["best_move"] == "C"
    assert result["principal_variation"] == ["A", "C", "F", "L"]
    assert result["visit_order"] == list("ABDHIEJCFLMGN")
    assert result["cutoffs"] == [
        {"node": "E", "child": "J", "skipped": ["K"], "pruned": ["K"]},
        {"node": "G", "child": "N", "skipped": ["O"], "pruned": ["O"]},
    ]
    assert result["pruned"] == ["K", "O"]
    assert result["stats"] == {"nodes_visited": 13, "leaves_evaluated": 6, "cutoffs": 2}


def test_run_json_builtin_minimax_and_root_max(capsys):
    result = run_json(capsys, "--algorithm", "minimax")
    assert result["visit_order"] == list("ABDHIEJKCFLMGNO")
    assert result["stats"]["nodes_visited"] == 15
    result = run_json(capsys, "--root", "max")
    assert result["value"] == 4
    assert result["cutoffs"] == [] and result["pruned"] == []


def test_run_nested_textbook_tree(capsys):
    result = run_json(capsys, "--nested", "[[3,12,8],[2,4,6],[14,5,2]]")
    assert (result["value"], result["best_move"], result["pruned"]) == (3, "B", ["I", "J"])
    positional = run_json(capsys, "[[3,12,8],[2,4,6],[14,5,2]]")
    assert positional["visit_order"] == result["visit_order"]


def test_pruned_subtree_listed_under_its_cutoff(capsys):
    # MAX root A: B = min(D, E) with D = max(5, 6) = 6, E = max(7, 8) = 8, so B = 6.
    # C = min(F, G): F = max(1, 2) = 2 <= alpha 6, so G and its leaves N, O are pruned.
    result = run_json(capsys, "--array", "0,0,0,0,0,0,0,5,6,7,8,1,2,3,4")
    assert result["value"] == 6
    assert result["cutoffs"][-1] == {"node": "C", "child": "F", "skipped": ["G"], "pruned": ["G", "N", "O"]}


def test_depth_limit_uses_static_values_and_reports_unreached(capsys):
    # Root MIN at depth 1 sees B = 3 and C = 5 as static values: value 3.
    result = run_json(capsys, "--depth", "1", "--algorithm", "minimax")
    assert result["value"] == 3
    assert result["visit_order"] == ["A", "B", "C"]
    assert result["unreached"] == list("DEFGHIJKLMNO") and result["pruned"] == []


def test_strict_visits_the_tie(capsys):
    tie = "[[3,5],[3,9]]"  # MAX root: B = 3; C's first leaf 3 ties alpha 3.
    assert run_json(capsys, tie)["pruned"] == ["G"]
    assert run_json(capsys, tie, "--strict")["pruned"] == []


def test_iterative_gives_the_same_result(capsys):
    for algorithm in ("minimax", "alphabeta", "negamax", "negamax-ab"):
        iterative, recursive = run_json(capsys, "-a", algorithm, "--iterative"), run_json(capsys, "-a", algorithm)
        assert (iterative.pop("iterative"), recursive.pop("iterative")) == (True, False)
        assert iterative == recursive


def test_nim_and_tictactoe_moves(capsys):
    nim = run_json(capsys, "--game", "nim", "--pile", "6", "-a", "minimax")
    assert (nim["value"], nim["best_move"], nim["stats"]["nodes_visited"]) == (1, 1, 52)
    # X to move wins only by completing the top row at square 3 (of 1-9); any other move lets O win
    # at square 6.
    ttt = run_json(capsys, "--board", "XX./OO./...")
    assert (ttt["value"], ttt["best_move"], ttt["principal_variation"]) == (1, 3, ["root", "X3"])


def test_random_tree_is_reproducible(capsys):
    first = run_json(capsys, "--random", "--leaves", "16", "--seed", "5")
    again = run_json(capsys, "--random", "--leaves", "16", "--seed", "5")
    assert first == again
    assert first["spec"]["seed"] == 5 and first["source"].endswith("seed 5")


def test_random_tree_without_seed_reports_the_seed(capsys):
    code, out, _ = run_cli(capsys, "show", "--random", "--depth", "2")
    assert code == 0 and ", seed " in out.splitlines()[0]


def test_show_facts(capsys):
    code, out, _ = run_cli(capsys, "show")
    assert code == 0
    for line in (
        "complete:    yes",
        "perfect:     yes",
        "max-heap:    no",
        "pre-order:   A B D H I E J K C F L M G N O",
        "in-order:    H D I B J E K A L F M C N G O",
        "post-order:  H I D J K E B L M F N O G C A",
    ):
        assert line in out
    code, out, _ = run_cli(capsys, "show", "--array", "9,5,7,1,2,3")
    assert "max-heap:    yes" in out and "perfect:     no" in out and "complete:    yes" in out


def test_show_game_tree(capsys):
    code, out, _ = run_cli(capsys, "show", "--game", "nim", "--pile", "6")
    assert code == 0 and "(52 nodes;" in out


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["run", "--array", "1,,x"], "array item 2 is empty"),
        (["run", "--array", "1,2,x"], "array item 3 is 'x'"),
        (["run", "--array", ""], "--array is empty"),
        (["run", "--array", " "], "--array is empty"),
        (["run", "--name", ""], "--names is empty"),
        (["run", "-a", ""], "--algorithm is empty"),
        (["run", "--game", "tictactoe", "--eval", ""], "--eval is empty"),
        (["stats", "--leaves", ""], "--leaves is empty"),
        (["stats", "--leaves", "8,,16"], "--leaves '8,,16' has an empty item"),
        (["stats", "--leaves", "8,16,"], "has an empty item"),
        (["export", "--format", "json,,dot"], "--format 'json,,dot' has an empty item"),
        (["compare", "-A", "minimax,"], "--algorithms 'minimax,' has an empty item"),
        (["run", "--names", "A,\udcff,C", "--array", "1,2,3"], "--names is not valid UTF-8"),
        (["run", "-a", "minimax", "--strict"], "minimax never cuts"),
        (["run", "-a", "negamax", "--strict"], "choose -a negamax-ab"),
        (["export", "--examples", "--array", "1,2,3"], "drop --array"),
        (["export", "--examples", "--strict"], "drop --strict"),
        (["export", "--examples", "--levels", "max,min"], "drop --levels"),
        (["export", "--examples", "--tt"], "drop --tt"),
        (["export", "--examples", "--depth", "0", "--seed", "0"], "drop --seed, --depth"),
        (["export", "--name", "x" * 300], "--name is 300 bytes long"),
        (["export", "--game", "tictactoe", "--depth", "3", "-a", "minimax", "--frames"], "--max-frames"),
        (
            ["export", "--game", "tictactoe", "--depth", "3", "--format", "svg", "--max-image-nodes", "100"],
            "or allow it with --max-image-nodes",
        ),
        (["serve", "--port", "70000"], "70000 is not a port number"),
        (["serve", "--port", "-1"], "-1 is not a port number"),
        (["serve", "--host", "no.such.host.invalid"], "is not a known address"),
        (["play"], "play needs a terminal"),
        (["run", "--nested", "[[1,2],[3"], "not valid JSON"),
        (["run", "--nested", '[[1,"a"]]'], "leaves must be numbers"),
        (["run", "--board", "XX."], "the board has 3 cells"),
        (["run", "--board", "XQ......."], "'Q' at square 2"),
        (["run", "--board", "XXX......"], "X must have as many pieces as O"),
        (["run", "--board", "XXX/OOO/X.."], "both X and O"),
        (["run", "--depth", "-1"], "--depth is -1"),
        (["run", "--game", "nim", "--pile", "0"], "--pile is 0"),
        (["run", "--algorithm", "best-first"], "unknown algorithm 'best-first'"),
        (["run", "--array", "1,2", "--nested", "[1]"], "conflicting sources"),
        (["run", "--random", "--game", "nim"], "conflicting sources"),
        (["run", "--game", "tictactoe", "--max-nodes", "500"], "--max-nodes"),
        (["run", "--depth", "two"], "invalid int value"),
        (["run", "--nested", "[[1,[2,3]],4]", "--depth", "1"], "node B has no value"),
        (["run", "--game", "nim", "--pile", "3000", "--max-take", "1"], "--iterative"),
        (["show", "--leaves", "3"], "--leaves applies only to --random"),
    ],
)
def test_bad_input_is_one_line_with_exit_code_2(capsys, argv, fragment):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and fragment in err, err
    assert "Traceback" not in err


def test_budget_error_suggests_depth(capsys):
    code, _, err = run_cli(capsys, "run", "--game", "tictactoe", "--max-nodes", "500")
    assert code == 2 and "--depth" in err


SCRIPT = str(Path(sys.executable).with_name("visualizer"))


@pytest.mark.parametrize("command", [[sys.executable, "-m", "visualizer"], [SCRIPT]])
def test_entry_points_run(command):
    done = subprocess.run([*command, "run", "--json"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["value"] == 2


def test_bad_input_from_a_real_process_has_no_traceback():
    done = subprocess.run(
        [sys.executable, "-m", "visualizer", "run", "--board", "XXXX"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr.startswith("visualizer: error: the board has 4 cells") and "Traceback" not in done.stderr


def test_bad_show_prints_nothing_but_the_error(capsys):
    code, out, err = run_cli(capsys, "show", "--game", "nim", "--depth", "-2")
    assert code == 2 and out == "" and err.count("\n") == 1


@pytest.mark.parametrize("given", [["--range", "-5:-1"], ["--range=-5:-1"], ["--range", "-5:5"]])
def test_a_negative_range_after_a_space_is_a_value_not_an_option(capsys, given):
    low, high = (int(part) for part in given[-1].split("=")[-1].split(":"))
    code, out, err = run_cli(capsys, "show", "--random", "--seed", "3", *given)
    assert code == 0, err
    shown = [int(line.split()[-1]) for line in out.splitlines()[2:17]]
    assert len(shown) == 15 and all(low <= value <= high for value in shown), shown
    assert low <= run_json(capsys, "--random", "--seed", "3", *given)["value"] <= high
