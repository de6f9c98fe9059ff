"""The grader's reference, models, first differences and diagnoses, without running any student's code."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.games import Player, builtin_example, from_nested
from visualizer.games.random_tree import random_tree
from visualizer.grading.cases import TEXTBOOK_TREE, standard_cases
from visualizer.grading.misconceptions import MISCONCEPTIONS, diagnose
from visualizer.grading.models import RETURNS, Convention, Habits, model_run
from visualizer.grading.record import Call, Failure, Run
from visualizer.grading.reference import Case
from visualizer.grading.report import GradeReport
from visualizer.grading.verdict import judge

CONVENTIONS = [Convention(strict=strict, returns=returns) for strict in (False, True) for returns in RETURNS]


def example(convention: Convention = Convention()) -> Case:
    return Case("15-node example", builtin_example(), convention=convention)


def textbook(convention: Convention = Convention()) -> Case:
    return Case("textbook", from_nested(TEXTBOOK_TREE), convention=convention)


def habits_run(case: Case, **changes) -> Run:
    return model_run(case.tree, case.maximizing, replace(Habits.of(case.convention), **changes))


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    depth=st.integers(0, 4),
    branching=st.integers(1, 4),
    root=st.sampled_from([Player.MAX, Player.MIN]),
    convention=st.sampled_from(CONVENTIONS),
)
def test_the_right_habits_do_what_the_engine_does(seed, depth, branching, root, convention):
    """The model of right alpha-beta (written apart from the engine) makes the engine's calls, windows and values."""
    game = random_tree(depth=depth, branching=branching, value_range=(-3, 3), seed=seed, root=root)
    case = Case("random", game, convention=convention)
    assert model_run(case.tree, case.maximizing, Habits.of(convention)) == case.reference
    minimax = Case("random", game, algorithm="minimax")
    assert model_run(minimax.tree, minimax.maximizing, Habits.of(convention, windowed=False)) == minimax.reference


def test_the_reference_of_the_15_node_example_is_the_hand_worked_one():
    reference = example().reference
    assert " ".join(reference.touches) == "A B D H I E J C F L M G N"
    windows = {call.node: (call.alpha, call.beta) for call in reference.calls}
    assert windows["E"] == (6, math.inf) and windows["G"] == (2, 6) and windows["I"] == (-math.inf, 6)
    assert {call.node: call.returned for call in reference.calls}["E"] == 3  # fail-soft: J's 3, below alpha 6
    assert reference.value == 2


@pytest.mark.parametrize(
    "changes, text, name",
    [
        (
            {"prunes": False},
            "visit 8: your code visits K; alpha-beta prunes it (E: J = 3 <= alpha 6, so K is pruned)",
            "never_prunes",
        ),
        (
            {"passes_window": False},
            "visit 5: your call on I has window [-inf, +inf]; alpha-beta passes [-inf, 6]",
            "window_not_passed",
        ),
        ({"returns": "bound"}, "visit 6: a wrong value at E: 6; alpha-beta backs up 3", "returns_bound"),
        (
            {"left_to_right": False},
            "visit 2: your code visits C; alpha-beta visits B here and C at visit 8",
            "right_to_left",
        ),
        ({"alternates": False}, "visit 2: your call on B has maximizing=False; B is a MAX node", "same_player"),
    ],
)
def test_each_mistake_on_the_15_node_example_gets_its_first_difference_and_its_name(changes, text, name):
    verdict = judge(example(), habits_run(example(), **changes))
    assert not verdict.passed
    assert verdict.divergence.text() == text
    assert [m.name for m in verdict.misconceptions] == [name]


def test_pruning_on_equality_shows_on_the_textbook_tree_with_a_tie():
    """[[3,12,8],[5,3,6],[14,5,2]]: at C, I = 3 ties alpha 3: cutting on equality skips J, strictly it does not."""
    game = from_nested("[[3,12,8],[5,3,6],[14,5,2]]")
    strict = Case("tie", game, convention=Convention(strict=True))
    verdict = judge(strict, model_run(strict.tree, strict.maximizing, Habits(strict=False)))
    assert verdict.divergence.text() == (
        "visit 9: your code skips J (it visits D next); alpha-beta visits J here "
        "with window [3, 3], closed to a point: a value that only reaches the bound "
        "does not cut"
    )
    assert [m.name for m in verdict.misconceptions] == ["prunes_on_equality"]
    tie = Case("tie", game)
    verdict = judge(tie, model_run(tie.tree, tie.maximizing, Habits(strict=True)))
    # the tie is this tree's only cut-off, so cutting only past the bound is here the same as never cutting
    assert [m.name for m in verdict.misconceptions] == ["prunes_only_past_bound", "never_prunes"]


def test_fail_soft_where_the_course_is_fail_hard():
    case = example(Convention(returns="hard"))
    verdict = judge(case, habits_run(case, returns="value"))
    assert verdict.divergence.text() == "visit 6: a wrong value at E: 3; alpha-beta backs up 6"
    assert [m.name for m in verdict.misconceptions] == ["returns_value"]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000), convention=st.sampled_from(CONVENTIONS), name=st.sampled_from(sorted(MISCONCEPTIONS))
)
def test_a_mistake_that_changes_the_run_is_diagnosed_and_the_right_run_never_is(seed, convention, name):
    case = Case("random", random_tree(depth=3, branching=3, value_range=(-4, 4), seed=seed), convention=convention)
    right = Habits.of(convention)
    assert judge(case, model_run(case.tree, case.maximizing, right)).passed
    misconception = MISCONCEPTIONS[name]
    if not misconception.applies(convention):
        return
    for habits in misconception.habits(right):
        run = model_run(case.tree, case.maximizing, habits)
        verdict = judge(case, run)
        if run == case.reference:
            assert verdict.passed
        else:
            assert not verdict.passed and misconception in verdict.misconceptions


def test_a_slip_at_one_node_is_a_wrong_value_and_no_misconception():
    case = example()
    right = case.reference
    calls = tuple(Call(c.node, c.alpha, c.beta, c.maximizing, 5 if c.node == "D" else c.returned) for c in right.calls)
    verdict = judge(case, Run(right.touches, calls, right.value))
    assert verdict.divergence.text() == "visit 3: a wrong value at D: 5; alpha-beta backs up 6"
    assert verdict.misconceptions == ()


def test_a_value_that_is_no_number_and_a_node_called_twice():
    case = example()
    right = case.reference
    calls = tuple(
        Call(c.node, c.alpha, c.beta, c.maximizing, "None" if c.node == "H" else c.returned) for c in right.calls
    )
    text = judge(case, Run(right.touches, calls, right.value)).divergence.text()
    assert text == (
        "visit 4: H returned None: a path through your function ends with no `return`; alpha-beta's value there is 6"
    )
    twice = Run(right.touches, right.calls[:3] + right.calls[2:], right.value)
    assert "calls itself on D twice" in judge(case, twice).divergence.text()


def test_helper_function_students_are_judged_by_their_visits_and_value():
    """Code that recurses through other functions leaves only the top call: visits and value still count."""
    case = textbook()
    assert judge(case, Run(case.reference.touches, (), 3)).passed
    verdict = judge(case, Run(case.reference.touches, (), 2))
    assert verdict.divergence.text() == "visit 1: your function returns 2 for the root A; alpha-beta's value is 3"


def test_a_failure_is_reported_as_such_and_diagnoses_nothing():
    run = Run(("A",), failure=Failure.TIMEOUT, message="stopped after 10 s")
    verdict = judge(example(), run)
    assert not verdict.passed and verdict.divergence is None and verdict.misconceptions == ()
    assert diagnose(run, example()) == []


def test_report_text_and_json():
    cases = standard_cases(trees=2)
    runs = [case.reference for case in cases[:-1]] + [habits_run(cases[-1], prunes=False)]
    report = GradeReport(
        "student.py",
        "alphabeta(node, alpha, beta, maximizing)",
        "alphabeta",
        Convention(),
        tuple(judge(case, run) for case, run in zip(cases, runs)),
    )
    differs = report.verdicts[-1].passed is False
    text = report.to_text()
    assert text.startswith("grade: student.py, alphabeta(node, alpha, beta, maximizing) | alpha-beta, cut on equality")
    assert "  pass  15-node example (root MIN): 13 visits, value 2" in text
    if differs:
        assert report.exit_code == 1 and "3 of 4 trees pass." in text
        assert "Likely misconception: never prunes" in text
    data = report.to_json()
    assert data["total"] == 4 and data["trees"][0]["passed"] is True
    assert data["trees"][0]["visits"] == list("ABDHIEJCFLMGN")
