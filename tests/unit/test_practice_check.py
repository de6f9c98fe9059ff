"""The checker on the built-in example, worked by hand, and its invariants on random trees.

The example (level order 1,3,5,5,3,1,2,6,7,3,4,2,8,1,2, root A minimizes): D = min(H 6, I 7) = 6; E gets
[6, inf] from B, J = 3 <= 6 cuts K; B = 6; C gets [-inf, 6]; F = min(L 2, M 8) = 2 so C's alpha is 2; G gets
[2, 6], N = 1 <= 2 cuts O; C = 2; A = min(6, 2) = 2. Steps counted by hand: 14 B takes D's 6, 16 enter E,
21 the cut-off at E, 28 enter F, 40 C's alpha becomes 2, 46 the cut-off at G.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.errors import InputError
from visualizer.games import Player, TicTacToe, builtin_example
from visualizer.games.random_tree import random_tree
from visualizer.practice.answers import Answers, NodeAnswer, key_answers
from visualizer.practice.check import Problem, check
from visualizer.practice.exercise import Exercise
from visualizer.tracing.events import EventKind

INF = math.inf

# Value, alpha, beta as each node leaves alpha-beta (leaves: the window they are entered with).
HAND_KEY = {
    "A": (2, -INF, 2),
    "B": (6, 6, INF),
    "D": (6, -INF, 6),
    "H": (None, -INF, INF),
    "I": (None, -INF, 6),
    "E": (3, 6, INF),
    "J": (None, 6, INF),
    "K": "pruned",
    "C": (2, 2, 6),
    "F": (2, -INF, 2),
    "L": (None, -INF, 6),
    "M": (None, -INF, 2),
    "G": (1, 2, 6),
    "N": (None, 2, 6),
    "O": "pruned",
}


def hand_answers(**changes) -> Answers:
    nodes = {}
    for name, answer in {**HAND_KEY, **changes}.items():
        nodes[name] = NodeAnswer(pruned=True) if answer == "pruned" else NodeAnswer(*answer)
    return Answers({}, nodes)


@pytest.fixture(scope="module")
def example() -> Exercise:
    return Exercise.from_game(builtin_example())


def test_the_key_is_the_hand_worked_answer(example):
    assert [node.name for node in example.key] == list("ABDHIEJKCFLMGNO")
    assert check(example, key_answers(example)).percent == 100
    assert key_answers(example).nodes == hand_answers().nodes


def test_a_fully_correct_answer_scores_100(example):
    report = check(example, hand_answers())
    assert (report.right, report.total, report.percent) == (15, 15, 100)
    assert report.mistakes == [] and report.missing_cutoffs == [] and report.extra_cutoffs == []


def test_values_alone_are_enough_alpha_and_beta_are_optional(example):
    values_only = {name: answer if answer == "pruned" else (answer[0],) for name, answer in HAND_KEY.items()}
    assert check(example, hand_answers(**values_only)).percent == 100


def test_a_missing_prune_is_reported_at_the_cutoff(example):
    report = check(example, hand_answers(K=(None,)))
    (mistake,) = report.mistakes
    assert (mistake.node.name, mistake.problems, mistake.step) == ("K", (Problem.SHOULD_BE_PRUNED,), 21)
    assert report.missing_cutoffs == ["K"] and report.extra_cutoffs == []
    assert report.score == "14/15 nodes right (93%)"


def test_an_extra_prune_covers_the_subtree_and_is_reported_where_it_is_entered(example):
    report = check(example, hand_answers(F="pruned"))
    assert {check.node.name: check.step for check in report.mistakes} == {"F": 28, "L": 29, "M": 34}
    assert all(check.problems == (Problem.SHOULD_BE_VISITED,) for check in report.mistakes)
    assert report.extra_cutoffs == ["F"] and report.missing_cutoffs == []
    assert report.right == 12


def test_wrong_alpha_and_beta_are_reported_separately(example):
    report = check(example, hand_answers(E=(3, -INF, INF), C=(2, 2, INF)))
    found = {check.node.name: (check.problems, check.step) for check in report.mistakes}
    assert found == {"E": ((Problem.WRONG_ALPHA,), 16), "C": ((Problem.WRONG_BETA,), 40)}


def test_wrong_and_missing_values(example):
    report = check(example, hand_answers(B=(7,), G=(None,), H=(5,)))
    found = {check.node.name: check.problems for check in report.mistakes}
    assert found == {"B": (Problem.WRONG_VALUE,), "G": (Problem.MISSING_VALUE,), "H": (Problem.WRONG_VALUE,)}
    assert report.of("B").step == 14
    assert "you wrote 7" in report.explain(report.of("B")) and "it is 6" not in report.explain(report.of("B"))
    revealed = report.explain(report.of("B"), reveal=True)
    assert "it is 6" in revealed and "B takes D = 6" in revealed


def test_a_pruned_mark_covers_the_nodes_below_it(example):
    report = check(example, hand_answers(C="pruned"))
    assert [check.node.name for check in report.mistakes] == ["C", "F", "L", "M", "G", "N"]
    assert report.of("O").is_right  # pruned by alpha-beta and under the mark
    assert report.extra_cutoffs == ["C"]


def test_answers_naming_nodes_the_exercise_lacks_are_refused(example):
    with pytest.raises(InputError, match="Z"):
        check(example, Answers({}, {"Z": NodeAnswer(3)}))


def test_the_json_report_carries_the_score_and_every_node(example):
    data = check(example, hand_answers(K=(None,), E=(3, -INF, INF))).to_json()
    assert data["score"] == {"right": 13, "nodes": 15, "percent": 86}
    assert data["missing_cutoffs"] == ["K"]
    by_node = {node["node"]: node for node in data["nodes"]}
    assert by_node["E"]["problems"] == ["wrong_alpha"] and by_node["E"]["expected"]["alpha"] == 6
    assert by_node["E"]["given"]["alpha"] == "-inf"
    assert by_node["K"]["expected"]["pruned"] is True and by_node["K"]["given"]["pruned"] is False


def reference_alphabeta(tree, strict: bool) -> tuple[dict[str, tuple], set[str]]:
    """An independent alpha-beta over an explicit tree: each visited node's (value, alpha, beta) as it
    returns, and the names of the pruned nodes (whole subtrees)."""
    windows: dict[str, tuple] = {}
    pruned: set[str] = set()

    def prune(node: int) -> None:
        pruned.add(tree.names[node])
        for child in tree.children[node]:
            prune(child)

    def visit(node: int, alpha, beta):
        children = tree.children[node]
        if not children:
            windows[tree.names[node]] = (tree.values[node], alpha, beta)
            return tree.values[node]
        maximizing = tree.player(node) is Player.MAX
        value = -INF if maximizing else INF
        for index, child in enumerate(children):
            got = visit(child, alpha, beta)
            value = max(value, got) if maximizing else min(value, got)
            bound = beta if maximizing else alpha
            closed = (
                (value > bound if strict else value >= bound)
                if maximizing
                else (value < bound if strict else value <= bound)
            )
            if closed:
                for rest in children[index + 1 :]:
                    prune(rest)
                break
            if maximizing:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
        windows[tree.names[node]] = (value, alpha, beta)
        return value

    visit(0, -INF, INF)
    return windows, pruned


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 10_000),
    st.integers(2, 3),
    st.integers(1, 4),
    st.booleans(),
    st.sampled_from((Player.MAX, Player.MIN)),
)
def test_the_key_agrees_with_an_independent_alphabeta(seed, branching, depth, strict, root):
    tree = random_tree(depth=depth, branching=branching, seed=seed, root=root)
    exercise = Exercise.from_game(tree, strict=strict)
    windows, pruned = reference_alphabeta(tree, strict)
    assert {node.name for node in exercise.key if node.pruned} == pruned
    assert {node.name: (node.value, node.alpha, node.beta) for node in exercise.key if not node.pruned} == windows
    assert check(exercise, key_answers(exercise)).percent == 100


def test_game_nodes_below_a_skipped_move_are_pruned_with_it():
    # Alpha-beta never generates the positions below a skipped move; the exercise still lists them.
    exercise = Exercise.from_game(TicTacToe(evaluator="open-lines", symmetry=True), depth=3)
    below = [node for node in exercise.key if node.pruned and exercise.by_name[node.parent].pruned]
    assert below, "the example should have pruned subtrees"
    for node in below:
        parent = exercise.by_name[node.parent]
        assert node.cutoff_step == parent.cutoff_step is not None
        event = exercise.solution.events[node.cutoff_step - 1]
        assert event.kind is EventKind.CUTOFF
    marked_top = key_answers(exercise)
    for node in below:  # the mark on the skipped move alone covers its subtree
        marked_top = marked_top.with_answer(node.name, NodeAnswer())
    assert check(exercise, marked_top).percent == 100


def test_trees_too_big_to_work_by_hand_are_refused():
    with pytest.raises(InputError, match="too many to work by hand"):
        Exercise.from_game(TicTacToe(), depth=4)
