"""Tests the "predict the next node" drill: known questions on the built-in example, invariants, scoring.

The built-in example (level order A..O, values 1 3 5 5 3 1 2 6 7 3 4 2 8 1 2, root A is MIN):

                      A(1)
              B(3)              C(5)
          D(5)    E(3)      F(1)    G(2)
         H6 I7   J3 K4     L2 M8   N1 O2
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.games import Nim, Player, TicTacToe, builtin_example, random_tree
from visualizer.practice.drill import CUTOFF, ENTER, Choice, Drill, Question, iter_questions
from visualizer.search import ALGORITHMS, trace_search
from visualizer.steps.replay import Phase, Replay
from visualizer.tracing import Trace
from visualizer.tracing.traits import traits_of


def questions(trace: Trace) -> list[Question]:
    """Every question of a finished trace, in step order."""
    return list(iter_questions(trace))


DRILLED = [name for name in ALGORITHMS if not traits_of(name).revisits]
"""The searches the drill can follow: each node entered once (not PVS's re-searches, not Monte Carlo)."""


def test_a_search_that_enters_nodes_again_is_refused() -> None:
    with pytest.raises(ValueError, match="pvs enters nodes again"):
        questions(trace_search(builtin_example(), "pvs"))


# Alpha-beta on the example, worked out by hand, one event per line (window [alpha, beta]):
#   1 enter A [-inf,+inf]            (the root: not asked)
#   2 enter B [-inf,+inf]            ?
#   3 enter D [-inf,+inf]            ?
#   4 enter H; 5 H = 6; 6 leave H; 7 D takes 6; 8 D's beta = 6
#   9 enter I                        ? (alpha is -inf, so D cannot cut: it goes on to I)
#  10 I = 7; 11 leave I; 12 D takes min(6, 7) = 6 (no update); 13 leave D = 6
#  14 B takes 6; 15 B's alpha = 6
#  16 enter E [6,+inf]               ?
#  17 enter J                        ?
#  18 J = 3; 19 leave J; 20 E takes 3
#  21 cut-off at E: 3 <= alpha 6     ? (K is pruned)
#  22 leave E = 3; 23 B takes max(6, 3) = 6; 24 leave B = 6; 25 A takes 6; 26 A's beta = 6
#  27 enter C [-inf,6]               ?
#  28 enter F [-inf,6]               ?
#  29 enter L                        ?
#  30 L = 2; 31 leave L; 32 F takes 2; 33 F's beta = 2
#  34 enter M                        ? (alpha is -inf, so F cannot cut: M is searched)
#  35 M = 8; 36 leave M; 37 F takes min(2, 8) = 2; 38 leave F = 2; 39 C takes 2; 40 C's alpha = 2
#  41 enter G [2,6]                  ? (2 < beta 6: no cut at C)
#  42 enter N                        ?
#  43 N = 1; 44 leave N; 45 G takes 1
#  46 cut-off at G: 1 <= alpha 2     ? (O is pruned)
#  47 leave G = 1; 48 C takes 2; 49 leave C = 2; 50 A takes 2; 51 A's beta = 2; 52 leave A = 2
# So 12 nodes entered after the root and 2 cut-offs: 14 questions.
EXAMPLE_QUESTIONS = [
    (2, ENTER, "B"),
    (3, ENTER, "D"),
    (4, ENTER, "H"),
    (9, ENTER, "I"),
    (16, ENTER, "E"),
    (17, ENTER, "J"),
    (21, CUTOFF, "E"),
    (27, ENTER, "C"),
    (28, ENTER, "F"),
    (29, ENTER, "L"),
    (34, ENTER, "M"),
    (41, ENTER, "G"),
    (42, ENTER, "N"),
    (46, CUTOFF, "G"),
]


@pytest.fixture(scope="module")
def example() -> Trace:
    return trace_search(builtin_example(), "alphabeta")


def test_the_example_asks_the_hand_worked_questions(example: Trace) -> None:
    asked = [
        (question.step, question.answer.kind, example.nodes[question.answer.node].name)
        for question in questions(example)
    ]
    assert asked == EXAMPLE_QUESTIONS
    assert len(example.events) == 52


def offered(question: Question) -> tuple[list[str], str | None]:
    """The nodes a question offers to enter, sorted, and its cut-off option (always last), if any."""
    cutoff = question.choices[-1].label if question.choices[-1].kind == CUTOFF else None
    return sorted(choice.label for choice in question.choices if choice.kind == ENTER), cutoff


def test_the_example_offers_the_open_nodes_remaining_children_then_a_cutoff(example: Trace) -> None:
    by_step = {question.step: question for question in questions(example)}
    # The root is open with B and C ahead; nothing is searched yet, so no window can close.
    assert offered(by_step[2]) == (["enter B", "enter C"], None)
    # Open: A (C left), B (E left), D (I left, H searched): D could cut.
    assert offered(by_step[9]) == (
        ["enter C", "enter E", "enter I"],
        "a cut-off at D (the rest of D's children are pruned)",
    )
    # Open: A (C left), B (none left), E (K left): the answer is the cut-off.
    assert offered(by_step[21]) == (["enter C", "enter K"], "a cut-off at E (the rest of E's children are pruned)")
    assert (
        by_step[21].answer == by_step[21].choices[-1] == Choice(CUTOFF, example.node("E").id, offered(by_step[21])[1])
    )
    # Open: A (nothing left), C (nothing left), G (O left).
    assert offered(by_step[46]) == (["enter O"], "a cut-off at G (the rest of G's children are pruned)")
    # Open: A alone, with C left (A took B = 6 and could not cut with alpha -inf): C or a cut-off at A.
    assert offered(by_step[27]) == (["enter C"], "a cut-off at A (the rest of A's children are pruned)")


def test_the_right_answer_is_not_always_the_first_choice(example: Trace) -> None:
    asked = [question for question in questions(example) if len(question.choices) > 1]
    positions = [question.choices.index(question.answer) for question in asked]
    assert positions.count(0) < len(positions)
    assert questions(example) == questions(example)  # shuffled the same way every time


def test_the_example_says_what_each_step_does(example: Trace) -> None:
    outcomes = {question.step: question.outcome for question in questions(example)}
    assert outcomes[2] == "the next step enters B"
    assert outcomes[21] == "a cut-off at E prunes K"
    assert outcomes[46] == "a cut-off at G prunes O"


def test_minimax_on_the_example_asks_for_every_node_and_offers_no_cutoff() -> None:
    trace = trace_search(builtin_example(), "minimax")
    asked = questions(trace)
    assert [trace.nodes[question.answer.node].name for question in asked] == list("BDHIEJKCFLMGNO")
    assert all(choice.kind == ENTER for question in asked for choice in question.choices)
    # Before K: D is done, so the open nodes are A (C left), B (nothing left) and E (K left).
    before_k = next(question for question in asked if question.answer.label == "enter K")
    assert offered(before_k) == (["enter C", "enter K"], None)


@st.composite
def traces(draw: st.DrawFn) -> Trace:
    """Traces of every algorithm on small seeded random trees, with and without a depth limit."""
    tree = random_tree(
        depth=draw(st.integers(min_value=0, max_value=4)),
        branching=draw(st.integers(min_value=1, max_value=3)),
        value_range=(-draw(st.sampled_from([1, 3, 20])), 20),
        seed=draw(st.integers(min_value=0, max_value=2**32 - 1)),
        root=draw(st.sampled_from([Player.MAX, Player.MIN])),
    )
    algorithm = draw(st.sampled_from(DRILLED))
    depth = draw(st.none() | st.integers(min_value=1, max_value=3))
    return trace_search(tree, algorithm, depth=depth, strict=draw(st.booleans()))


def expected_choices(trace: Trace, replay: Replay) -> tuple[set[tuple[str, int]], tuple[str, int] | None]:
    """The choices worked out from the replay: the unseen children of open nodes, and a cut-off at the
    deepest open node when it has searched a child and has one left."""
    children = trace.columns.children
    enters = {
        (ENTER, child) for node in replay.stack for child in children[node] if replay.views[child].phase is Phase.UNSEEN
    }
    top = children[replay.stack[-1]]
    could_cut = (
        trace.traits.windowed
        and any(replay.views[child].phase is Phase.DONE for child in top)
        and any(replay.views[child].phase is Phase.UNSEEN for child in top)
    )
    return enters, (CUTOFF, replay.stack[-1]) if could_cut else None


def check_questions(trace: Trace) -> None:
    asked = questions(trace)
    summary = trace.summary
    assert len(asked) == summary.nodes_visited - 1 + len(summary.cutoffs) == Drill(trace).total
    replay = Replay(trace)
    for question in asked:
        event = trace.events[question.step - 1]
        assert question.answer == Choice(question.answer.kind, event.node, question.answer.label)
        assert question.answer.kind == event.kind.value
        assert question.answer in question.choices
        assert len(set(question.choices)) == len(question.choices)
        replay.seek(question.step - 1)
        pairs = [(choice.kind, choice.node) for choice in question.choices]
        cutoff = pairs[-1] if pairs[-1][0] == CUTOFF else None
        enters = set(pairs[:-1] if cutoff else pairs)
        assert (enters, cutoff) == expected_choices(trace, replay)


@given(traces())
def test_the_answer_is_always_among_the_choices_the_replay_allows(trace: Trace) -> None:
    check_questions(trace)


@pytest.mark.parametrize("algorithm", DRILLED)
def test_game_traces_ask_answerable_questions(algorithm: str) -> None:
    check_questions(trace_search(Nim(7), algorithm))
    check_questions(trace_search(TicTacToe(), algorithm, depth=2))


@pytest.mark.parametrize("algorithm", ["minimax", "negamax"])
def test_searches_that_do_not_prune_offer_no_cutoff(algorithm: str) -> None:
    for seed in range(20):
        trace = trace_search(random_tree(depth=3, branching=3, seed=seed), algorithm)
        assert all(choice.kind == ENTER for question in questions(trace) for choice in question.choices)


def test_questions_come_one_at_a_time_on_a_big_trace() -> None:
    trace = trace_search(random_tree(depth=10, branching=2, seed=7), "alphabeta")
    assert len(trace.nodes) == 2047
    first = next(iter_questions(trace))
    assert first.step == 2 and first.answer.label == f"enter {trace.nodes[1].name}"
    assert len(questions(trace)) == trace.summary.nodes_visited - 1 + len(trace.summary.cutoffs)


def test_the_drill_keeps_score(example: Trace) -> None:
    drill = Drill(example)
    assert (drill.asked, drill.right, drill.score, drill.total) == (0, 0, "0/0 right", 14)
    results = []
    for number in range(9):
        question = drill.current
        assert question is not None and question.step == EXAMPLE_QUESTIONS[number][0]
        wrong = next(choice for choice in question.choices if choice != question.answer)
        results.append(drill.answer(wrong if number in (2, 5) else question.answer))
    assert results == [True, True, False, True, True, False, True, True, True]
    assert (drill.right, drill.asked, drill.score) == (7, 9, "7/9 right (78%)")


def test_the_drill_ends_after_the_last_question(example: Trace) -> None:
    drill = Drill(example)
    while drill.current is not None:
        assert drill.answer(drill.current.answer)
    assert drill.is_done and drill.score == "14/14 right (100%)"
    with pytest.raises(ValueError):
        drill.answer(Choice(ENTER, 1, "enter B"))


def test_a_root_alone_asks_nothing() -> None:
    drill = Drill(trace_search(random_tree(depth=0, seed=1), "alphabeta"))
    assert drill.is_done and drill.total == 0


def test_the_drill_imports_no_textual() -> None:
    report = (
        "import sys, visualizer.practice.drill; print(any(name.split('.')[0] == 'textual' for name in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", report], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
