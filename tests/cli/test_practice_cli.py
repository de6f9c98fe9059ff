"""`visualizer practice`: the sheet, the key, the headless checker's report, and one-line errors."""

from __future__ import annotations

import json

import pytest
from cli_helpers import run_cli

from visualizer.games import Player
from visualizer.practice.code import RandomExercise
from visualizer.tui.app import VisualizerApp

# The built-in example worked by hand (see tests/unit/test_practice_check.py): NAME VALUE ALPHA BETA.
EXAMPLE_KEY = """\
A 2 -inf 2
B 6 6 inf
D 6 -inf 6
H 6 -inf inf
I 7 -inf 6
E 3 6 inf
J 3 6 inf
K pruned
C 2 2 6
F 2 -inf 2
L 2 -inf 6
M 8 -inf 2
G 1 2 6
N 1 2 6
O pruned
"""


def answer_file(tmp_path, text: str, name: str = "answers.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def report(capsys, path: str, *options: str) -> tuple[int, dict]:
    code, out, err = run_cli(capsys, "practice", "--example", "--answers", path, "--json", *options)
    assert err == ""
    return code, json.loads(out)


def test_a_fully_correct_answer_scores_100_and_exits_0(capsys, tmp_path):
    code, data = report(capsys, answer_file(tmp_path, EXAMPLE_KEY))
    assert code == 0
    assert data["score"] == {"right": 15, "nodes": 15, "percent": 100}
    assert all(node["right"] for node in data["nodes"])


def test_a_missing_prune_is_reported(capsys, tmp_path):
    code, data = report(capsys, answer_file(tmp_path, EXAMPLE_KEY.replace("K pruned", "K 4")))
    assert code == 1
    assert data["missing_cutoffs"] == ["K"] and data["extra_cutoffs"] == []
    (wrong,) = [node for node in data["nodes"] if not node["right"]]
    assert (wrong["node"], wrong["problems"], wrong["step"]) == ("K", ["should_be_pruned"], 21)


def test_an_extra_prune_is_reported(capsys, tmp_path):
    text = EXAMPLE_KEY.replace("F 2 -inf 2", "F pruned").replace("L 2 -inf 6", "L ?").replace("M 8 -inf 2", "M ?")
    code, data = report(capsys, answer_file(tmp_path, text))
    assert code == 1
    assert data["extra_cutoffs"] == ["F"] and data["missing_cutoffs"] == []
    assert {node["node"]: node["problems"] for node in data["nodes"] if not node["right"]} == {
        "F": ["should_be_visited"],
        "L": ["should_be_visited"],
        "M": ["should_be_visited"],
    }


def test_wrong_alpha_and_beta_are_reported(capsys, tmp_path):
    text = EXAMPLE_KEY.replace("E 3 6 inf", "E 3 -inf inf").replace("C 2 2 6", "C 2 2 inf")
    code, data = report(capsys, answer_file(tmp_path, text))
    assert code == 1
    wrong = {node["node"]: (node["problems"], node["expected"]) for node in data["nodes"] if not node["right"]}
    assert wrong == {
        "E": (["wrong_alpha"], {"pruned": False, "value": 3, "alpha": 6, "beta": "+inf"}),
        "C": (["wrong_beta"], {"pruned": False, "value": 2, "alpha": 2, "beta": 6}),
    }
    assert data["score"]["right"] == 13


def test_the_text_report_hides_right_values_unless_revealed(capsys, tmp_path):
    path = answer_file(tmp_path, EXAMPLE_KEY.replace("B 6 6 inf", "B 7"))
    code, out, _ = run_cli(capsys, "practice", "--example", "--answers", path)
    assert code == 1
    assert "14/15 nodes right (93%)" in out and "B: wrong value (you wrote 7); see step 14" in out
    code, out, _ = run_cli(capsys, "practice", "--example", "--answers", path, "--reveal")
    assert "you wrote 7, it is 6" in out and "B takes D = 6" in out


def test_the_key_of_a_code_checks_100_and_the_blank_sheet_does_not(capsys, tmp_path):
    exercise_code = RandomExercise(3, 3, (0, 20), 42).code
    code, key, _ = run_cli(capsys, "practice", "--code", exercise_code, "--key")
    assert code == 0 and f"exercise {exercise_code}" in key
    code, out, _ = run_cli(capsys, "practice", "--answers", answer_file(tmp_path, key), "--json")
    data = json.loads(out)
    assert code == 0 and data["exercise"] == exercise_code and data["score"]["percent"] == 100
    code, sheet, _ = run_cli(capsys, "practice", "--code", exercise_code, "--sheet")
    code, out, _ = run_cli(capsys, "practice", "--answers", answer_file(tmp_path, sheet, "sheet.txt"), "--json")
    assert code == 1 and json.loads(out)["score"]["percent"] < 100


def test_the_options_build_the_tree_the_code_names(capsys):
    code, by_options, _ = run_cli(
        capsys, "practice", "--branching", "3", "--depth", "3", "--range", "0:20", "--seed", "42", "--key"
    )
    _, by_code, _ = run_cli(capsys, "practice", "--code", RandomExercise(3, 3, (0, 20), 42).code, "--key")
    assert code == 0 and by_options == by_code


def test_the_app_opens_on_the_exercise(capsys, monkeypatch):
    monkeypatch.setattr("visualizer.cli.practicing.has_terminal", lambda: True)  # pytest's stdout is no terminal
    opened = []
    monkeypatch.setattr(VisualizerApp, "run", lambda self: opened.append(self))
    code, _, _ = run_cli(capsys, "practice", "--seed", "5", "--root", "min", "--drill")
    (app,) = opened
    assert code == 0 and app.drill
    assert app.exercise.random == RandomExercise(2, 4, (-10, 10), 5, root=Player.MIN)
    assert app.exercise.tree.root_player is Player.MIN


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--code", "XN1A-77T"], "has a typo"),
        (["--code", "XN1A-77S", "--seed", "3"], "--code names the whole exercise; drop --seed"),
        (["--json"], "--json is for the report of --answers FILE"),
        (["--sheet", "--key"], "--sheet and --key do different things"),
        (["--leaves", "8"], "give --depth and --branching instead of --leaves"),
        (["--range", "-200:10"], "practice values lie within -99:99"),
        (["--example", "--seed", "3"], "--seed applies only to --random"),
        (["--trace", "x.json"], "instead of --trace"),
        (["--game", "tictactoe", "--sheet"], "too many to work by hand"),
        (["--answers", "missing.txt"], "no answer file"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run_cli(capsys, "practice", *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_answers_for_another_exercise_than_the_options_name_are_refused(capsys, tmp_path):
    path = answer_file(tmp_path, f"exercise {RandomExercise(2, 3, (-10, 10), 1).code}\nA 3\n")
    code, _, err = run_cli(capsys, "practice", "--example", "--answers", path)
    assert code == 2 and "drop the options" in err
    code, _, err = run_cli(capsys, "practice", "--answers", answer_file(tmp_path, "A 3\n", "bare.txt"))
    assert code == 2 and "names no exercise" in err
    code, _, err = run_cli(capsys, "practice", "--example", "--answers", answer_file(tmp_path, "Z 3\n", "z.txt"))
    assert code == 2 and "Z, not in this exercise" in err
