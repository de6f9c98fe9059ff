"""The window at a cut-off is a checking option: kept (the engine's, the default) or raised (MAX's alpha, MIN's
beta moved to the value that met the bound, before the cut).

By hand on the built-in example: E (MIN, entered with [6, inf]) meets J = 3 <= 6 and cuts K; kept, E leaves
with [6, inf]; raised, beta goes to 3 first: [6, 3]. G (MIN, [2, 6]) meets N = 1 <= 2: kept [2, 6], raised
[2, 1]. Every other node leaves the same way under both.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.errors import InputError
from visualizer.games import Player, builtin_example
from visualizer.practice.answers import Answers, from_json, from_text, key_answers, read_answers, to_text
from visualizer.practice.check import check
from visualizer.practice.code import RandomExercise
from visualizer.practice.exercise import Exercise

INF = math.inf


def plain_cut_nodes(exercise: Exercise) -> dict[str, tuple[object, object]]:
    """An independent alpha-beta over the key's shape: the inner nodes where the cut test held (a child's value
    met the bound, whether or not children were left to skip), each with its raised window."""
    children: dict[str, list[str]] = {node.name: [] for node in exercise.key}
    for node in exercise.key:
        if node.parent is not None:
            children[node.parent].append(node.name)
    leaves = {node.name: node.leaf_value for node in exercise.key if node.leaf_value is not None}
    cut: dict[str, tuple[object, object]] = {}

    def meets(low, high) -> bool:
        return low > high if exercise.strict else low >= high

    def visit(name: str, alpha, beta, is_max: bool):
        if name in leaves:
            return leaves[name]
        best = -INF if is_max else INF
        for child in children[name]:
            value = visit(child, alpha, beta, not is_max)
            if is_max:
                best = max(best, value)
                if meets(best, beta):
                    cut[name] = (max(alpha, best), beta)
                    return best
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                if meets(alpha, best):
                    cut[name] = (alpha, min(beta, best))
                    return best
                beta = min(beta, best)
        return best

    root = exercise.key[0]
    visit(root.name, -INF, INF, root.player is Player.MAX)
    return cut


@pytest.fixture(scope="module")
def example() -> Exercise:
    return Exercise.from_game(builtin_example())


def test_the_raised_key_of_the_example_worked_by_hand(example):
    kept, raised = example.by_name, example.with_cut_window("raised").by_name
    assert (kept["E"].alpha, kept["E"].beta, raised["E"].alpha, raised["E"].beta) == (6, INF, 6, 3)
    assert (kept["G"].alpha, kept["G"].beta, raised["G"].alpha, raised["G"].beta) == (2, 6, 2, 1)
    assert [name for name in kept if kept[name] != raised[name]] == ["E", "G"]
    assert raised["E"].window_step == 21 and raised["G"].window_step == 46  # the cut-offs (hand-counted steps)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 100_000),
    branching=st.integers(1, 4),
    depth=st.integers(0, 4),
    strict=st.booleans(),
    root=st.sampled_from([Player.MAX, Player.MIN]),
)
def test_the_raised_key_differs_exactly_at_the_cut_nodes(seed, branching, depth, strict, root):
    exercise = Exercise.from_random(RandomExercise(branching, depth, (-5, 5), seed, root, strict))
    raised = exercise.with_cut_window("raised")
    cut = plain_cut_nodes(exercise)
    differ = {node.name for node, other in zip(exercise.key, raised.key) if node != other}
    assert differ == set(cut)
    for name, window in cut.items():
        assert (raised.by_name[name].alpha, raised.by_name[name].beta) == window
        assert raised.by_name[name].value == exercise.by_name[name].value
    for own in (exercise, raised):
        report = check(own, key_answers(own))
        assert report.right == report.total and report.findings() == []
    if cut:  # each convention's key checked under the other: the windows at the cut nodes, and the sentence
        for own, other, option in ((exercise, raised, "raised"), (raised, exercise, "kept")):
            report = check(own, key_answers(other))
            assert {check.node.name for check in report.mistakes} == set(cut)
            assert report.other_cut_window and report.misconceptions == []
            assert f"--cut-window {option} checks" in report.findings()[0]


def test_a_raised_sheet_checked_as_kept_names_the_option(example):
    report = check(example, key_answers(example.with_cut_window("raised")))
    assert report.other_cut_window == ("E", "G")
    assert report.to_text().splitlines()[-1] == (
        "Your alpha/beta at the cut-offs E, G move the bound to the value before the cut, as --cut-window raised "
        "checks; this check keeps the window as the cut came (--cut-window kept)"
    )
    data = report.to_json()
    assert data["other_cut_window"]["cut_window"] == "raised" and data["other_cut_window"]["nodes"] == ["E", "G"]
    assert data["misconceptions"] == []


def test_a_mixed_sheet_is_no_convention(example):
    """Raised at E but kept at G: a slip at E, not the other convention."""
    raised = key_answers(example.with_cut_window("raised"))
    sheet = key_answers(example).with_answer("E", raised.get("E"))
    report = check(example, sheet)
    assert [check.node.name for check in report.mistakes] == ["E"] and report.other_cut_window == ()


def test_the_default_is_kept_byte_for_byte(example):
    """The kept sheet and key read as before: no cut-window line, the same header, the same JSON fields."""
    text = to_text(key_answers(example), example)
    assert "cut-window" not in text and "bound raised" not in text
    assert example.header() == {"source": example.game.spec(), "depth": None, "strict": False}
    assert "cut_window" not in json.loads(key_answers(example).to_json(example))
    assert Exercise.from_header(example.header()).cut_window == "kept"


def test_the_answer_file_records_raised_in_both_forms(example, tmp_path):
    raised = example.with_cut_window("raised")
    text = to_text(key_answers(raised), raised)
    assert "\ncut-window raised\n" in text and "E  3 6 3" in text
    for answers in (from_text(text), from_json(key_answers(raised).to_json(raised))):
        assert answers.header["cut_window"] == "raised"
        assert Exercise.from_header(answers.header).cut_window == "raised"
    path = tmp_path / "raised.txt"
    path.write_text(text.replace("cut-window raised", "cut-window sideways"))
    with pytest.raises(InputError, match="the cut window is .sideways.; write kept"):
        read_answers(str(path))


def test_a_coded_exercise_keeps_its_code_under_either_window():
    settings = RandomExercise(2, 3, (-5, 5), 7)
    kept, raised = Exercise.from_random(settings), Exercise.from_random(settings, cut_window="raised")
    assert kept.code == raised.code == settings.code
    assert raised.header() == {"exercise": settings.code, "cut_window": "raised"}
    with pytest.raises(InputError, match="write kept"):
        Exercise.from_random(settings, cut_window="up")


# -- the command line ------------------------------------------------------------------------------------------
def run(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "visualizer", "practice", *args], capture_output=True, text=True, cwd=cwd, check=False
    )


def test_the_command_line_option(tmp_path):
    key = run("--example", "--key", "--cut-window", "raised")
    assert key.returncode == 0 and "cut-window raised" in key.stdout and "    E  3 6 3" in key.stdout
    path = tmp_path / "raised.txt"
    path.write_text(key.stdout)
    assert run("--answers", str(path)).returncode == 0  # the file's own convention
    kept = run("--answers", str(path), "--cut-window", "kept")  # the option overrides the file's
    assert kept.returncode == 1 and "as --cut-window raised checks" in kept.stdout
    typo = run("--example", "--key", "--cut-window", "rasied")
    assert typo.returncode == 2 and typo.stderr.count("\n") == 1 and "--cut-window" in typo.stderr
    blank = tmp_path / "blank.txt"
    blank.write_text(
        Answers({}, {})
        .to_json(Exercise.from_game(builtin_example()))
        .replace('"answers"', '"cut_window": "raised", "answers"')
    )
    assert "bound raised at a cut" in run("--answers", str(blank)).stdout
