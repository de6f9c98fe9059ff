"""Practice and worksheets on trees where MAX and MIN do not take turns (`--levels max,min,min`, issue 35 point 4):
the key, the sheet's kinds, answer checking, exercise codes that carry the levels, worksheets, one-line refusals."""

from __future__ import annotations

import csv
import itertools
import json
from xml.etree import ElementTree

import pytest
from cli_helpers import run_cli
from hypothesis import given
from hypothesis import strategies as st

from visualizer.errors import InputError
from visualizer.games import Player
from visualizer.games.explicit import from_array
from visualizer.practice.answers import from_text, key_answers, to_text
from visualizer.practice.check import check
from visualizer.practice.code import MAX_DEPTH, RandomExercise
from visualizer.practice.exercise import Exercise
from visualizer.practice.worksheet import WorksheetRequest, check_request, deep_cutoffs, deep_depth, most_cutoffs
from visualizer.search import trace_search

MAX, MIN = Player.MAX, Player.MIN
ARRAY = "1,3,5,5,3,1,2,6,7,3,4,2,8,1,2"
LEVELS = ("--array", ARRAY, "--levels", "max,min,min")

# The 15-node array with --levels max,min,min, worked by hand: A is MAX, B..G are all MIN, H..O leaves
# 6 7 3 4 2 8 1 2. Alpha-beta, cut on equality, windows as each node leaves:
#   A MAX (-inf, inf) enters B MIN (-inf, inf) enters D MIN (-inf, inf): H 6, beta 6; I 7 (no cut:
#     7 > alpha -inf); D = 6, leaves (-inf, 6). B = 6, beta 6.
#   B enters E MIN (-inf, 6): J 3, beta 3; K 4; E = 3 (-inf, 3). B = min(6, 3) = 3, leaves (-inf, 3).
#   A = 3, alpha 3. A enters C MIN (3, inf) enters F MIN (3, inf): L 2 <= alpha 3, cut: M pruned;
#     F = 2, leaves (3, inf). C = 2 <= 3, cut: G pruned (and N, O). C = 2 (3, inf). A = 3 (3, inf).
# Two cut-offs: F's is deep (its alpha 3 was set at A, its grandparent: C, a MIN, never moves alpha);
# C's is not (A, its parent, set it). An alternating tree would make D, E, F, G MAX.
HAND_KEY = """\
A 3 3 +inf
B 3 -inf 3
D 6 -inf 6
H 6 -inf +inf
I 7 -inf 6
E 3 -inf 3
J 3 -inf 6
K 4 -inf 3
C 2 3 +inf
F 2 3 +inf
L 2 3 +inf
M pruned
G pruned
N pruned
O pruned
"""


def levels_exercise() -> Exercise:
    game = from_array([int(value) for value in ARRAY.split(",")], levels=(MAX, MIN, MIN))
    return Exercise.from_game(game)


def test_the_key_is_the_hand_worked_one():
    exercise = levels_exercise()
    hand = from_text(HAND_KEY).nodes
    assert [node.name for node in exercise.key] == list(hand)  # depth first, left to right
    for node in exercise.key:
        assert (node.value, node.alpha, node.beta, node.pruned) == tuple(vars(hand[node.name]).values()), node.name
    assert [node.name for node in exercise.key if node.pruned] == ["M", "G", "N", "O"]
    assert [exercise.by_name[name].player for name in "ABCDEFG"] == [MAX] + [MIN] * 6
    assert not exercise.alternates and exercise.shows_kinds
    assert deep_cutoffs(exercise.solution) == 1 and len(exercise.solution.summary.cutoffs) == 2


def test_the_sheet_and_the_key_say_each_inner_node_s_kind(capsys):
    code, sheet, _ = run_cli(capsys, "practice", *LEVELS, "--sheet")
    assert code == 0
    lines = {line.split()[0]: line for line in sheet.splitlines() if line.startswith(" ") or line.startswith("A")}
    assert lines["A"].endswith("# MAX") and lines["A"].split()[:2] == ["A", "?"]
    assert all(lines[name].endswith("# MIN") for name in "BCDEFG")
    assert all("#" not in lines[name] for name in "HIJKLMNO")  # leaves: no kind
    code, key, _ = run_cli(capsys, "practice", *LEVELS, "--key")
    assert code == 0 and "    D  6 -inf 6       # MIN" in key.splitlines()
    assert "levels max,min,min" in key.splitlines()[0]


def test_an_alternating_sheet_shows_no_kinds(capsys):
    code, sheet, _ = run_cli(capsys, "practice", "--array", ARRAY, "--sheet")
    assert code == 0 and "# MAX" not in sheet and "# MIN" not in sheet and "levels" not in sheet
    lines = sheet.splitlines()
    assert lines[lines.index("A  ?") : lines.index("A  ?") + 3] == ["A  ?", "  B  ?", "    D  ?"]


def test_a_right_answer_file_passes_and_a_wrong_one_fails(capsys, tmp_path):
    right, wrong, filled = tmp_path / "right.txt", tmp_path / "wrong.txt", tmp_path / "filled.txt"
    right.write_text(HAND_KEY, encoding="utf-8")
    code, out, _ = run_cli(capsys, "practice", *LEVELS, "--answers", str(right))
    assert code == 0 and "15/15 nodes right (100%)" in out
    # The sheet the command printed, filled in with the key's lines: its kind comments are read as comments.
    run_cli(capsys, "practice", *LEVELS, "--key")
    _, key_text, _ = run_cli(capsys, "practice", *LEVELS, "--key")
    filled.write_text(key_text, encoding="utf-8")
    assert run_cli(capsys, "practice", "--answers", str(filled))[0] == 0  # its own header names the tree
    # A student who lets MAX and MIN take turns makes D a MAX (7) and never cuts at F.
    wrong.write_text(HAND_KEY.replace("D 6 -inf 6", "D 7 7 +inf").replace("M pruned", "M 8 3 +inf"), encoding="utf-8")
    code, out, _ = run_cli(capsys, "practice", *LEVELS, "--answers", str(wrong), "--json")
    report = json.loads(out)
    assert code == 1 and report["score"] == {"right": 13, "nodes": 15, "percent": 86}
    wrong_nodes = {node["node"]: node["problems"] for node in report["nodes"] if not node["right"]}
    assert wrong_nodes == {"D": ["wrong_value", "wrong_alpha", "wrong_beta"], "M": ["should_be_pruned"]}
    assert report["missing_cutoffs"] == ["M"] and report["misconceptions"] == []


def test_the_alternating_key_is_wrong_on_the_levels_tree():
    exercise = levels_exercise()
    alternating = Exercise.from_game(from_array([int(value) for value in ARRAY.split(",")]))
    report = check(exercise, key_answers(alternating))
    assert report.right < report.total and report.misconceptions == []  # no model of alternating habits applies
    assert report.missing_cutoffs == ["M", "G"]


# Exercise codes --------------------------------------------------------------------------------------------


def test_random_exercises_carry_their_levels_in_the_code(capsys):
    shape = RandomExercise(2, 4, (-10, 10), 7, levels=(MAX, MIN, MIN))
    again = RandomExercise.from_code(shape.code)
    assert again == shape and again.levels == (MAX, MIN, MIN)
    tree = Exercise.from_code(shape.code).tree
    kinds = [tree.nodes[node].player for node in tree.summary.visit_order if tree.nodes[node].children]
    by_depth = {tree.nodes[node].depth: tree.nodes[node].player for node in tree.summary.visit_order}
    assert [by_depth[depth] for depth in range(4)] == [MAX, MIN, MIN, MAX] and kinds.count(MAX) == 1 + 8
    code, sheet, _ = run_cli(capsys, "practice", "--levels", "max,min,min", "--seed", "7", "--sheet")
    assert code == 0 and f"exercise {shape.code}" in sheet and "levels max,min,min" in sheet
    assert run_cli(capsys, "practice", "--code", shape.code, "--sheet")[1] == sheet


def test_old_codes_and_alternating_levels_keep_the_format_1_code():
    assert RandomExercise(2, 4, (-10, 10), 7).code == "XN1A-77S"  # pinned in test_practice_code.py too
    assert RandomExercise.from_code("XN1A-77S").levels is None
    for levels in ((MAX, MIN), (MAX, MIN, MAX, MIN)):  # MAX and MIN take turns: the tree of no levels
        assert RandomExercise(2, 4, (-10, 10), 7, levels=levels).code == "XN1A-77S"


def test_levels_are_kept_in_their_shortest_form():
    assert RandomExercise(2, 4, (-10, 10), 7, levels=(MAX, MIN, MIN, MAX)).levels == (MAX, MIN, MIN)
    assert RandomExercise(2, 3, (-10, 10), 7, levels=(MAX,)).levels == (MAX,)
    assert RandomExercise(2, 2, (-10, 10), 7, levels=(MAX, MIN)).levels is None


@given(
    st.integers(1, 4),
    st.integers(2, MAX_DEPTH),
    st.integers(0, 10**6),
    st.lists(st.sampled_from((MAX, MIN)), min_size=1, max_size=MAX_DEPTH),
    st.booleans(),
)
def test_every_code_with_levels_round_trips(branching, depth, seed, levels, strict):
    levels = levels[:depth]
    shape = RandomExercise(branching, depth, (-9, 9), seed, levels[0], strict, tuple(levels))
    assert RandomExercise.from_code(shape.code) == shape


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--levels", "max,mn,min"), "--levels has 'mn' at position 2"),
        (("--levels", "max,chance,min"), "no chance nodes"),
        (("--levels", "max,min,min", "--root", "min"), "--levels starts with max, but min moves first"),
        (("--levels", "max,min,min,max,min", "--depth", "4"), "--levels gives 5 kinds"),
        (("--code", "XN1A-77S", "--levels", "max,min,min"), "--code names the whole exercise; drop --levels"),
        (("--array", ARRAY, "--levels", "max,chance"), "no chance nodes"),
    ],
)
def test_practice_refuses_wrong_levels_in_one_line(capsys, argv, message):
    code, out, err = run_cli(capsys, "practice", *argv, "--sheet")
    assert code == 2 and out == "" and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


# Worksheets ------------------------------------------------------------------------------------------------


def test_a_worksheet_with_levels_writes_trees_of_those_kinds(capsys, tmp_path):
    argv = ("worksheet", "--levels", "max,min,min", "--depth", "3", "--count", "2", "--seed", "5")
    code, out, _ = run_cli(capsys, *argv, "--cutoffs", "2", "--deep-cutoff", "--out", str(tmp_path), "--json")
    index = json.loads(out)
    assert code == 0 and index["settings"]["levels"] == ["max", "min", "min"]
    rows = list(csv.DictReader((tmp_path / "index.csv").open(encoding="utf-8")))
    assert [row["levels"] for row in rows] == ["max min min"] * 2
    for row in index["exercises"]:
        assert row["levels"] == ["max", "min", "min"] and row["cutoffs"] == 2 and row["deep_cutoffs"] >= 1
        tree = Exercise.from_code(row["code"]).tree
        assert {node.depth: node.player for node in tree.nodes if node.children} == {0: MAX, 1: MIN, 2: MIN}
    markdown = (tmp_path / "worksheet.md").read_text(encoding="utf-8")
    assert "root MAX, levels max,min,min" in markdown and "    D  ?      # MIN" in markdown
    # The picture draws each node's kind: B and D point down (MIN), A up (MAX).
    svg = ElementTree.parse(tmp_path / "exercise-01-sheet.svg").getroot()
    glyphs = {element.get("data-key"): element.get("points") for element in svg.iter() if element.get("points")}

    def points_down(node: int) -> bool:
        (_, first), (_, second), (_, third) = (map(float, pair.split(",")) for pair in glyphs[f"node:{node}"].split())
        return first == second < third  # a flat top: the apex below

    assert not points_down(0) and points_down(1) and points_down(3)


def test_an_alternating_worksheet_keeps_its_index_columns(capsys, tmp_path):
    code, _, _ = run_cli(capsys, "worksheet", "--count", "1", "--seed", "5", "--out", str(tmp_path), "--format", "md")
    assert code == 0
    assert (tmp_path / "index.csv").read_text().splitlines()[0].endswith(",leaves,value")
    assert "# MIN" not in (tmp_path / "worksheet.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--levels", "max,chance"), "no chance nodes"),
        (("--levels", "max,min,mni"), "--levels has 'mni' at position 3"),
        (("--levels", "min,max,max", "--root", "max"), "--levels starts with min, but max moves first"),
        (("--levels", "max,min,min", "--depth", "2", "--deep-cutoff"), "--levels gives 3 kinds"),
        (("--levels", "max,min,min", "--depth", "2"), "--levels gives 3 kinds"),
        (("--levels", "max", "--deep-cutoff"), "--deep-cutoff needs a bound set by the other player"),
        (("--levels", "max,min", "--depth", "3", "--deep-cutoff"), "--deep-cutoff needs a tree of --depth 4"),
        (("--levels", "max,min,min", "--depth", "3", "--cutoffs", "3"), "at most 2 there"),
    ],
)
def test_worksheet_refuses_wrong_levels_in_one_line(capsys, tmp_path, argv, message):
    code, out, err = run_cli(capsys, "worksheet", "--out", str(tmp_path / "out"), *argv)
    assert code == 2 and out == "" and message in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_min_agents_start_the_root_when_no_root_is_given():
    shape = RandomExercise(2, 3, (-5, 5), 1, MIN, levels=(MIN, MAX, MAX))
    assert shape.code != RandomExercise(2, 3, (-5, 5), 1, MIN).code
    request = WorksheetRequest(1, shape, deep=True)
    check_request(request)  # depth 3 is deep enough for MIN, MAX, MAX


# The shape's limits with levels, by enumerating every tree --------------------------------------------------


@pytest.mark.parametrize(
    ("branching", "depth", "levels"),
    [(2, 3, (MAX, MIN, MIN)), (2, 3, (MAX, MAX, MIN)), (3, 2, (MAX, MAX)), (2, 3, (MAX,)), (2, 3, (MIN, MIN, MAX))],
)
def test_most_cutoffs_and_deep_depth_match_every_tree(branching, depth, levels):
    most = deep = 0
    inner = (branching**depth - 1) // (branching - 1)
    for leaves in itertools.product(range(2), repeat=branching**depth):  # two values: ties make every cut-off
        values = [0] * inner + list(leaves)
        game = from_array(values, branching=branching, root=levels[0], levels=levels)
        for strict in (False, True):
            trace = trace_search(game, "alphabeta", strict=strict)
            most = max(most, len(trace.summary.cutoffs))
            deep = max(deep, deep_cutoffs(trace))
    assert most == most_cutoffs(branching, depth, levels)
    shallowest = deep_depth(levels)
    assert (deep > 0) == (shallowest is not None and depth >= shallowest)


def test_deep_depth_by_hand():
    assert deep_depth(None) == deep_depth((MAX, MIN)) == 4  # alternating: the bound comes from three levels up
    assert deep_depth((MAX, MIN, MIN)) == 3  # F cuts on A's alpha, two levels up
    assert deep_depth((MAX,)) is None  # MAX alone never has a finite beta: no cut-off at all
    with pytest.raises(InputError, match="--levels has chance"):
        RandomExercise(2, 3, (-5, 5), 1, levels=(MAX, Player.CHANCE))


def test_text_form_round_trips_with_kind_comments():
    exercise = levels_exercise()
    text = to_text(key_answers(exercise), exercise)
    assert "  B  3 -inf 3         # MIN" in text.splitlines()
    assert check(exercise, from_text(text)).percent == 100
    assert from_text(text).nodes["B"] == key_answers(exercise).nodes["B"]
