"""The practice check names the misconception behind a pattern of mistakes, as `grade` does.

Each student's sheet is built here by a plain alpha-beta written in this file (`student_sheet`), with one
habit changed the way a student with the misconception works by hand; the check must name that
misconception and no other. A right sheet, a blank one and a single slip name none.

The built-in example worked by hand (level order 1,3,5,5,3,1,2,6,7,3,4,2,8,1,2, root A minimizes): alpha-beta
cuts K (J = 3 <= alpha 6 at E) and O (N = 1 <= alpha 2 at G). A student who never prunes visits K and O and,
going on past the cut, lowers E's beta to 3 and G's to 1 (E = min(3, 4) = 3, G = min(1, 2) = 1).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.games import Player, builtin_example, from_nested
from visualizer.practice.answers import Answers, NodeAnswer, from_text, key_answers, to_text
from visualizer.practice.check import check
from visualizer.practice.code import RandomExercise
from visualizer.practice.exercise import Exercise

INF = math.inf


# -- an independent plain alpha-beta, written the way a student works it by hand ------------------------------
def structure(exercise: Exercise) -> tuple[str, dict[str, list[str]], dict[str, object], bool]:
    """The root's name, each node's children left to right, the leaves' values and whether the root is MAX."""
    children: dict[str, list[str]] = {node.name: [] for node in exercise.key}
    for node in exercise.key:
        if node.parent is not None:
            children[node.parent].append(node.name)
    leaves = {node.name: node.leaf_value for node in exercise.key if node.leaf_value is not None}
    root = exercise.key[0]
    return root.name, children, leaves, root.player is Player.MAX


def student_sheet(
    exercise: Exercise,
    *,
    strict: bool | None = None,
    prunes: bool = True,
    passes_window: bool = True,
    left_to_right: bool = True,
    returns_bound: bool = False,
    alternates: bool = True,
    raised: bool = False,
) -> Answers:
    """The sheet a student with these habits fills in: every value and window, unvisited nodes marked pruned."""
    strict = exercise.strict if strict is None else strict
    root, children, leaves, root_max = structure(exercise)
    sheet: dict[str, NodeAnswer] = {}

    def cuts(low, high) -> bool:
        return prunes and (low > high if strict else low >= high)

    def visit(name: str, alpha, beta, is_max: bool):
        if name in leaves:
            sheet[name] = NodeAnswer(None, alpha, beta)
            return leaves[name]
        entry_alpha, entry_beta = alpha, beta
        order = children[name] if left_to_right else children[name][::-1]
        best = -INF if is_max else INF
        result = None
        for index, child in enumerate(order):
            given_alpha = alpha if passes_window else entry_alpha
            given_beta = beta if passes_window else entry_beta
            value = visit(child, given_alpha, given_beta, (not is_max) if alternates else is_max)
            if is_max:
                best = max(best, value)
                if cuts(best, beta):
                    if raised:
                        alpha = max(alpha, best)
                    result = beta if returns_bound else best
                    for skipped in order[index + 1 :]:
                        sheet[skipped] = NodeAnswer(pruned=True)
                    break
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                if cuts(alpha, best):
                    if raised:
                        beta = min(beta, best)
                    result = alpha if returns_bound else best
                    for skipped in order[index + 1 :]:
                        sheet[skipped] = NodeAnswer(pruned=True)
                    break
                beta = min(beta, best)
        if result is None:
            result = (alpha if is_max else beta) if returns_bound else best
        sheet[name] = NodeAnswer(result, alpha, beta)
        return result

    visit(root, -INF, INF, root_max)
    return Answers(exercise.header(), sheet)


def names(report) -> list[str]:
    return [diagnosis.misconception.name for diagnosis in report.misconceptions]


@pytest.fixture(scope="module")
def example() -> Exercise:
    return Exercise.from_game(builtin_example())


# -- the plain student agrees with the key when its habits are right --------------------------------------------
def test_the_plain_student_with_the_right_habits_fills_in_the_key(example):
    assert student_sheet(example).nodes == key_answers(example).nodes
    raised = example.with_cut_window("raised")
    assert student_sheet(raised, raised=True).nodes == key_answers(raised).nodes


# -- the built-in example, by hand -------------------------------------------------------------------------------
def test_never_prunes_on_the_example(example):
    sheet = student_sheet(example, prunes=False)
    assert sheet.get("K") == NodeAnswer(None, 6, 3) and sheet.get("E") == NodeAnswer(3, 6, 3)  # worked by hand
    report = check(example, sheet)
    assert names(report) == ["never_prunes"]
    assert report.misconceptions[0].nodes == ("E", "K", "G", "O")
    assert report.to_text().splitlines()[-1] == (
        "Likely misconception: never prunes: it searches every node, as "
        "minimax does - it explains the mistakes at E, K, G, O"
    )
    data = report.to_json()["misconceptions"]
    assert data == [
        {
            "name": "never_prunes",
            "words": "never prunes: it searches every node, as minimax does",
            "nodes": ["E", "K", "G", "O"],
        }
    ]


def test_never_prunes_with_values_only(example):
    """A student who writes no windows and marks nothing pruned: the cut leaves K and O are the evidence."""
    values = {name: NodeAnswer(answer.value) for name, answer in student_sheet(example, prunes=False).nodes.items()}
    report = check(example, Answers(example.header(), values))
    assert names(report) == ["never_prunes"] and report.misconceptions[0].nodes == ("K", "O")


def test_returns_the_bound_on_the_example(example):
    """Fail-hard by hand: E returns alpha 6 (not 3), G returns alpha 2 (not 1); B = max(6, 6), C = max(2, 2)."""
    sheet = student_sheet(example, returns_bound=True)
    assert (sheet.get("E").value, sheet.get("G").value, sheet.get("A").value) == (6, 2, 2)
    report = check(example, sheet)
    assert names(report) == ["returns_bound"] and report.misconceptions[0].nodes == ("E", "G")
    assert "returns the bound (fail-hard) where fail-soft is expected" in report.to_text()


def test_right_to_left_on_the_example(example):
    report = check(example, student_sheet(example, left_to_right=False))
    assert names(report) == ["right_to_left"]
    assert "visits children right to left" in report.to_text()


def test_window_not_passed_on_the_example(example):
    """B passes its entry window (-inf, inf) to E, not (6, inf): J = 3 cuts nothing, so K is visited."""
    sheet = student_sheet(example, passes_window=False)
    assert not sheet.get("K").pruned and sheet.get("J") == NodeAnswer(None, -INF, INF)
    report = check(example, sheet)
    assert names(report) == ["window_not_passed"]


TIES = [[3, 5], [3, 9], [1, 7]]
"""A tree with one tie: the second 3 meets MAX's alpha 3."""


def test_prunes_on_equality_in_a_strict_exercise_with_ties():
    """Root MAX over TIES: B = 3 raises alpha to 3; at C, 3 <= 3 cuts the 9 only on equality; at D, 1 < 3 cuts
    the 7 under either rule."""
    exercise = Exercise.from_game(from_nested(TIES), strict=True)
    sheet = student_sheet(exercise, strict=False)
    assert sum(answer.pruned for answer in sheet.nodes.values()) == 2
    assert sum(answer.pruned for answer in key_answers(exercise).nodes.values()) == 1
    report = check(exercise, sheet)
    assert names(report) == ["prunes_on_equality"]
    assert "prunes on equality (your course prunes only on strict inequality)" in report.to_text()


def test_prunes_only_past_the_bound_in_an_exercise_that_cuts_on_equality():
    exercise = Exercise.from_game(from_nested(TIES))
    report = check(exercise, student_sheet(exercise, strict=True))
    assert names(report) == ["prunes_only_past_bound"]


# -- none: right, blank, a slip -------------------------------------------------------------------------------------
def test_a_right_sheet_a_blank_sheet_and_a_values_only_right_sheet_name_none(example):
    assert check(example, key_answers(example)).misconceptions == []
    blank = check(example, Answers({}, {}))
    assert blank.misconceptions == [] and "Likely" not in blank.to_text()
    assert blank.to_json()["misconceptions"] == []


def test_a_single_slip_names_none(example):
    report = check(example, key_answers(example).with_answer("C", NodeAnswer(200, 2, 6)))
    assert len(report.mistakes) == 1 and report.misconceptions == []
    assert report.to_text().splitlines()[-1].startswith("missing cut-offs")


HABITS = {
    "never_prunes": {"prunes": False},
    "right_to_left": {"left_to_right": False},
    "returns_bound": {"returns_bound": True},
    "window_not_passed": {"passes_window": False},
    "same_player": {"alternates": False},
}


def random_exercise(seed: int, branching: int, depth: int, root: Player, strict: bool, raised: bool) -> Exercise:
    settings = RandomExercise(
        branching=branching, depth=depth, value_range=(-5, 5), seed=seed, root=root, strict=strict
    )
    return Exercise.from_random(settings, cut_window="raised" if raised else "kept")


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    branching=st.integers(2, 3),
    depth=st.integers(2, 4),
    root=st.sampled_from([Player.MAX, Player.MIN]),
    strict=st.booleans(),
    raised=st.booleans(),
)
def test_each_misconception_is_named_on_random_trees(seed, branching, depth, root, strict, raised):
    """Wherever a student's habit changes the sheet, the check names that habit's misconception among the ones
    it names; with ties, the cut rule the exercise does not use is tried too."""
    exercise = random_exercise(seed, branching, depth, root, strict, raised)
    right = student_sheet(exercise, raised=raised)
    other = student_sheet(exercise, raised=not raised)
    assert check(exercise, right).right == check(exercise, right).total  # the plain student is right
    habits = dict(HABITS)
    habits["prunes_on_equality" if strict else "prunes_only_past_bound"] = {"strict": not strict}
    for name, changed in habits.items():
        sheet = student_sheet(exercise, raised=raised, **changed)
        if sheet.nodes in (right.nodes, other.nodes):
            continue  # this tree cannot tell the habit apart (never pruning where each cut comes at the last child
            # only moves the bound as the other cut window does)
        report = check(exercise, sheet)
        assert name in names(report), (name, exercise.code, report.to_text())


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    depth=st.integers(2, 4),
    strict=st.booleans(),
    slip=st.integers(0, 30),
    raised=st.booleans(),
)
def test_a_single_slip_names_nothing_on_random_trees(seed, depth, strict, slip, raised):
    exercise = random_exercise(seed, 2, depth, Player.MAX, strict, raised)
    sheet = key_answers(exercise)
    inner = [node for node in exercise.key if not node.pruned and not node.is_leaf]
    node = inner[slip % len(inner)]
    answer = sheet.get(node.name)
    report = check(exercise, sheet.with_answer(node.name, NodeAnswer(node.value + 100, answer.alpha, answer.beta)))
    assert report.misconceptions == [] and report.other_cut_window == ()


def test_the_answer_file_round_trip_keeps_the_diagnosis(example, tmp_path):
    """A never-pruning student's sheet written in the text form and read back gets the same diagnosis."""
    sheet = student_sheet(example, prunes=False)
    read = from_text(to_text(sheet, example))
    assert names(check(example, read)) == ["never_prunes"]
