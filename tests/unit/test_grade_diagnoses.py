"""Diagnoses a student can act on (issue 33): two mistakes named together, what the record cannot tell apart,
the textbook's mixed return rule, and irregular trees among the standard ones. Every expected value is worked
by hand on the tree in the test's docstring."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from cli_helpers import run_cli

from visualizer.games import builtin_example, from_nested
from visualizer.grading.cases import TEXTBOOK_TREE, standard_cases
from visualizer.grading.misconceptions import diagnose
from visualizer.grading.models import Convention
from visualizer.grading.record import Call, Run
from visualizer.grading.reference import Case
from visualizer.grading.report import GradeReport
from visualizer.grading.verdict import judge

INF = math.inf
STUDENTS = Path(__file__).resolve().parents[1] / "students"
EVERY_NODE = tuple("ABDHIEJKCFLMGNO")
"""The 15-node example's nodes in search order: [[[6,7],[3,4]],[[2,8],[1,2]]], root MIN (value 2)."""

MINIMAX_VALUES = dict(zip(EVERY_NODE, (2, 6, 6, 6, 7, 3, 3, 4, 2, 2, 2, 8, 1, 1, 2)))
"""Each node's value when nothing is pruned (D = 6, E = 3, B = 6; F = 2, G = 1, C = 2; A = 2)."""


def names(explanations) -> list[tuple[str, ...]]:
    return [explanation.names for explanation in explanations]


def report_of(*verdicts, signature: str = "alphabeta(node, alpha, beta, maximizing)") -> GradeReport:
    return GradeReport("student.py", signature, "alphabeta", verdicts[0].case.convention, verdicts)


def never_pruning(windows: dict[str, tuple[float, float]]) -> Run:
    """A run on the 15-node example that visits every node, with these windows (else [-inf, +inf])."""
    calls = tuple(
        Call(node, *windows.get(node, (-INF, INF)), node in "BCHIJKLMNO", MINIMAX_VALUES[node]) for node in EVERY_NODE
    )
    return Run(EVERY_NODE, calls, 2)


# Two mistakes ------------------------------------------------------------------------------------------


def never_prunes_wrong_bound_run() -> Run:
    """tests/students/never_prunes_wrong_bound.py on the 15-node example, by hand: no cut-off test, and MIN
    raises alpha like MAX. No window is ever lowered: A, B, D, H get [-inf, +inf]; D raises alpha to H's 6
    for I; B raises it to D's 6 for E, J, K; A (MIN) raises it to B's 6 for C and all below."""
    return never_pruning(dict.fromkeys("IEJKCFLMGNO", (6, INF)))


def test_a_student_with_two_mistakes_gets_both_named():
    case = Case("15-node example", builtin_example())
    verdict = judge(case, never_prunes_wrong_bound_run())
    assert verdict.divergence.text() == "visit 5: your call on I has window [6, +inf]; alpha-beta passes [-inf, 6]"
    # neither alone: never pruning keeps I's window [-inf, 6]; MIN raising alpha alone cuts K (J = 3 <= alpha 6)
    assert names(verdict.explanations) == [("never_prunes", "wrong_bound")]
    assert [m.name for m in verdict.misconceptions] == ["never_prunes", "wrong_bound"]
    text = report_of(verdict).to_text()
    assert (
        "Likely misconceptions, together: never prunes: it searches every node, as minimax does; and updates the "
        "wrong bound: MIN raises alpha or MAX lowers beta (MAX raises alpha, MIN lowers beta) (together they "
        "explain 1 of the 1 tree that differs)."
    ) in text.splitlines()
    data = report_of(verdict).to_json()
    assert [(found["names"], found["trees"]) for found in data["explanations"]] == [
        (["never_prunes", "wrong_bound"], 1)
    ]
    assert [found["name"] for found in data["misconceptions"]] == ["never_prunes", "wrong_bound"]
    assert data["trees"][0]["explanations"][0]["names"] == ["never_prunes", "wrong_bound"]


def test_pairs_are_tried_only_when_no_single_mistake_explains():
    """Never pruning, with every window recorded (A..O as alpha-beta passes them but never cut): one name."""
    case = Case("15-node example", builtin_example())
    windows = {"I": (-INF, 6), "E": (6, INF), "J": (6, INF), "K": (6, 3), "C": (-INF, 6), "F": (-INF, 6)}
    windows |= {"L": (-INF, 6), "M": (-INF, 2), "G": (2, 6), "N": (2, 6), "O": (2, 1)}
    explanations = diagnose(never_pruning(windows), case)
    assert names(explanations) == [("never_prunes",)] and explanations[0].undecided == ()


def test_a_slip_no_pair_explains_stays_unexplained():
    case = Case("15-node example", builtin_example())
    right = case.reference
    calls = tuple(call if call.node != "D" else Call("D", -INF, INF, False, 5) for call in right.calls)
    assert diagnose(Run(right.touches, calls, right.value), case) == []


# What the record cannot tell apart ---------------------------------------------------------------------


def test_with_only_the_visits_what_cannot_be_told_apart_is_said_so():
    """Every node visited, nothing else known: code with no cut-off test does that, whatever it does with the
    window (passes it or not, updates the wrong bound, sets beta from alpha) and even with the same player at
    every node. Fail-hard returns change nothing on this tree (each best lies in its window): not named.
    Right to left or stopping after one child would visit otherwise: ruled out."""
    case = Case("15-node example", builtin_example())
    verdict = judge(case, Run(EVERY_NODE))
    assert names(verdict.explanations) == [("never_prunes",)]
    undecided = ["window_not_passed", "same_player", "wrong_bound", "beta_from_alpha"]
    assert [m.name for m in verdict.explanations[0].undecided] == undecided
    assert {"right_to_left", "first_child_only"} <= {m.name for m in verdict.explanations[0].told_apart}
    line = (
        "Likely misconception: never prunes: it searches every node, as minimax does (it explains 1 of the 1 tree "
        "that differs); whether it also does not pass the updated window, does not switch between MAX and MIN, "
        "updates the wrong bound or sets beta from alpha could not be told apart."
    )
    report = report_of(verdict, signature="visited nodes")
    assert line in report.to_text().splitlines()
    assert report.to_json()["explanations"][0]["undecided"] == undecided


def test_the_report_names_as_undecided_only_what_no_tree_tells_apart():
    """Tree 1: the 15-node example, visits only (as above). Tree 2: the textbook tree, every node visited and
    the root's value 3 known (code that recurses through helpers): the same player at every node would return
    14, the largest leaf, so the report drops it; the window's mistakes stay undecided on both."""
    textbook = Case("textbook", from_nested(TEXTBOOK_TREE))
    second = judge(textbook, Run(tuple("ABEFGCHIJDKLM"), (Call("A", -INF, INF, True, 3),), 3))
    assert "same_player" in [m.name for m in second.explanations[0].told_apart]
    first = judge(Case("15-node example", builtin_example()), Run(EVERY_NODE))
    report = report_of(first, second)
    [(explanation, count)] = report.explanations()
    assert (explanation.names, count) == (("never_prunes",), 2)
    assert [m.name for m in explanation.undecided] == ["window_not_passed", "wrong_bound", "beta_from_alpha"]
    likely = [line for line in report.to_text().splitlines() if line.startswith("Likely")]
    assert likely == [
        "Likely misconception: never prunes: it searches every node, as minimax does (it explains 2 of the 2 trees "
        "that differ); whether it also does not pass the updated window, updates the wrong bound or sets beta from "
        "alpha could not be told apart."
    ]


def test_a_visits_file_says_what_could_not_be_told_apart(capsys, tmp_path):
    visits = tmp_path / "visits.txt"
    visits.write_text(" ".join(EVERY_NODE) + "\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, "grade", "--visits", str(visits), "--json")
    tree = json.loads(out)["trees"][0]
    assert code == 1 and tree["explanations"][0]["names"] == ["never_prunes"]
    assert tree["explanations"][0]["undecided"] == [
        "window_not_passed",
        "same_player",
        "wrong_bound",
        "beta_from_alpha",
    ]
    assert tree["misconceptions"] == [
        {"name": "never_prunes", "words": "never prunes: it searches every node, as minimax does"}
    ]


# The textbook's mixed return rule ----------------------------------------------------------------------

MIXED_TREE = "[[3,5],[[1,2],4],[0,9]]"
"""A (MAX): B = [E 3, F 5], C = [G [K 1, L 2], H 4], D = [I 0, J 9]. Alpha-beta: B = 3, so C and D get
[3, +inf]; G's K and L stay below alpha 3, so C cuts H; D's I = 0 cuts J. Visits A B E F C G K L D I."""

MIXED_WINDOWS = {"F": (-INF, 3)} | dict.fromkeys("CGKLDI", (3, INF))
MAXIMIZING = {"A", "E", "F", "G", "I"}  # (the leaves below a MIN node are MAX nodes)


def mixed_case(**convention) -> Case:
    return Case("mixed", from_nested(MIXED_TREE), convention=Convention(**convention))


def run_returning(**returned) -> Run:
    """A run that visits as alpha-beta does, with each node's window, returning `returned` at G, C and D."""
    values = {"A": 3, "B": 3, "E": 3, "F": 5, "K": 1, "L": 2, "I": 0} | returned
    touches = tuple("ABEFCGKLDI")
    calls = tuple(
        Call(node, *MIXED_WINDOWS.get(node, (-INF, INF)), node in MAXIMIZING, values[node]) for node in touches
    )
    return Run(touches, calls, 3)


MIXED = {"G": 3, "C": 3, "D": 0}  # G fails low: its bound alpha 3; C cuts with G's 3; D cuts with I's 0
SOFT = {"G": 2, "C": 2, "D": 0}  # each its best value
HARD = {"G": 3, "C": 3, "D": 3}  # each its bound


@pytest.mark.parametrize("returns, expected", [("mixed", MIXED), ("soft", SOFT), ("hard", HARD)])
def test_the_reference_of_each_return_rule_is_the_hand_worked_one(returns, expected):
    reference = mixed_case(returns=returns).reference
    assert reference == run_returning(**expected)


@pytest.mark.parametrize(
    "returns, student, text, name",
    [
        ("mixed", MIXED, None, None),
        ("soft", MIXED, "visit 6: a wrong value at G: 3; alpha-beta backs up 2", "returns_bound"),
        ("hard", MIXED, "visit 9: a wrong value at D: 0; alpha-beta backs up 3", "returns_value"),
        ("mixed", SOFT, "visit 6: a wrong value at G: 2; alpha-beta backs up 3", "returns_value_uncut"),
        ("mixed", HARD, "visit 9: a wrong value at D: 3; alpha-beta backs up 0", "returns_bound_at_cut"),
    ],
)
def test_the_mixed_rule_is_a_convention_and_each_other_rule_is_named_under_it(returns, student, text, name):
    verdict = judge(mixed_case(returns=returns), run_returning(**student))
    if text is None:
        assert verdict.passed
    else:
        assert verdict.divergence.text() == text
        assert [m.name for m in verdict.misconceptions] == [name]


def test_checking_only_the_visits_passes_any_return_rule_and_still_catches_a_wrong_visit():
    for student in (MIXED, SOFT, HARD):
        assert judge(mixed_case(checks="visits"), run_returning(**student)).passed
    wrong_window = run_returning(**SOFT)
    wrong_window = Run(wrong_window.touches, (Call("A", 0, 1, True, 3), *wrong_window.calls[1:]), 3)
    assert judge(mixed_case(checks="visits"), wrong_window).passed
    every = tuple("ABEFCGKLHDIJ")  # never prunes: H and J too
    verdict = judge(mixed_case(checks="visits"), Run(every, (Call("A", -INF, INF, True, 3),), 3))
    assert verdict.divergence.text().startswith("visit 9: your code visits H; alpha-beta prunes it")
    report = report_of(verdict)
    assert report.to_text().startswith(
        "grade: student.py, alphabeta(node, alpha, beta, maximizing) | alpha-beta, cut on equality, fail-soft, "
        "visits and the root's value only\n"
    )
    assert report.to_json()["convention"] == {
        "strict": False,
        "fail_hard": False,
        "returns": "soft",
        "checks": "visits",
    }


@pytest.mark.parametrize(
    "argv, words",
    [
        (("--fail-hard", "--returns", "mixed"), "--fail-hard is --returns hard, not --returns mixed"),
        (("--algorithm", "minimax", "--returns", "hard"), "--returns is a rule of alpha-beta"),
        (("--returns", "both"), "invalid choice: 'both'"),
        (("--check", "windows"), "invalid choice: 'windows'"),
    ],
)
def test_return_and_check_options_refuse_what_they_cannot_mean(capsys, argv, words):
    code, out, err = run_cli(capsys, "grade", str(STUDENTS / "mixed_returns.py"), *argv)
    assert code == 2 and out == "" and words in err and "Traceback" not in err


# Irregular trees -----------------------------------------------------------------------------------------


def test_every_fourth_random_tree_is_irregular_and_the_seed_gives_it_again():
    """Seed 4's irregular tree: [[-8, 7, [-7, -2]], [7, [-10, 10]]], leaves at depths 2 and 3, 2 or 3 children.
    A (MAX): B (MIN) = [D -8, E 7, F [I -7, J -2]]: D sets beta -8, F's I = -7 reaches it, so J is cut; B = -8.
    C (MIN, [-8, +inf]) = [G 7, H [K -10, L 10]]: G sets beta 7, H's L = 10 reaches it (H's last child); C = 7."""
    cases = standard_cases(trees=8, seed=1)
    labels = [case.label for case in cases[2:]]
    assert labels[0] == "random tree 1 (seed 1)" and labels[3] == "irregular random tree 4 (seed 4)"
    assert [label.startswith("irregular") for label in labels] == [False, False, False, True] * 2
    irregular = cases[5]
    assert irregular.game.to_nested() == [[-8, 7, [-7, -2]], [7, [-10, 10]]]
    assert " ".join(irregular.reference.touches) == "A B D E F I C G H K L" and irregular.reference.value == 7
    again = standard_cases(trees=4, seed=1)[5]
    assert again.game.to_nested() == irregular.game.to_nested()
    assert len(standard_cases()) == 22  # the default: 2 examples and 20 random trees, 5 of them irregular


# The student files, in the sandbox (two runs) ------------------------------------------------------------


def test_the_student_with_two_mistakes_is_told_both(capsys):
    code, out, _ = run_cli(capsys, "grade", str(STUDENTS / "never_prunes_wrong_bound.py"), "--trees", "0")
    fails = [line for line in out.splitlines() if line.startswith("  FAIL")]
    assert code == 1 and fails == [  # the two trees fail alike (other visit, node and window): one line
        "  FAIL  2 trees, first 15-node example (root MIN): visit 5: your call on I has window [6, +inf]; "
        "alpha-beta passes [-inf, 6]"
    ]
    together = "Likely misconceptions, together: never prunes: it searches every node, as minimax does; and updates"
    assert out.splitlines()[-1].startswith(together)
    assert out.splitlines()[-1].endswith("(together they explain 2 of the 2 trees that differ).")


def test_the_mixed_return_rule_passes_as_a_convention_on_the_standard_and_irregular_trees(capsys):
    argv = ("grade", str(STUDENTS / "mixed_returns.py"), "--returns", "mixed", "--trees", "8", "--seed", "1", "--json")
    code, out, _ = run_cli(capsys, *argv)
    report = json.loads(out)
    assert (code, report["passed"], report["total"]) == (0, 10, 10)
    assert (
        report["convention"]["returns"] == "mixed" and report["trees"][5]["tree"] == "irregular random tree 4 (seed 4)"
    )
    assert report["trees"][5]["visits"] == list("ABDEFICGHKL")  # as worked by hand above


def test_trees_that_fail_alike_but_for_their_nodes_and_numbers_are_one_line_with_a_count(capsys):
    """wrong_bound.py on the 15-node example and 8 random trees (seed 1): every difference is a call with the
    window its MIN parent raised, at other visits, nodes and bounds: one FAIL line for all that fail so."""
    code, out, _ = run_cli(capsys, "grade", str(STUDENTS / "wrong_bound.py"), "--trees", "8", "--seed", "1")
    fails = [line for line in out.splitlines() if line.startswith("  FAIL")]
    assert code == 1 and len(fails) == 1
    assert (
        fails[0].startswith("  FAIL  ")
        and " trees, first 15-node example (root MIN): visit 5: your call on I" in fails[0]
    )
