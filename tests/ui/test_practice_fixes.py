"""Practice fixes from issue 16: pasted or fast-typed answers keep every number, `n` asks before discarding
answers, and a blank sheet scores 0 (the leaves the drawing gives are data, not answers).

The built-in example (see tests/unit/test_practice_check.py) has 15 nodes: inner A B C D E F G, visited leaves
H I J L M N whose values are given, and pruned leaves K and O. So 9 nodes are scored when the leaves are left
as given: the 7 inner nodes, and K and O (the student must mark them pruned).
"""

from __future__ import annotations

import pytest
from textual import events

from visualizer.games import builtin_example
from visualizer.practice.answers import Answers, NodeAnswer, key_answers
from visualizer.practice.check import Problem, check
from visualizer.practice.code import RandomExercise
from visualizer.practice.exercise import Exercise
from visualizer.tui import make_practice_app
from visualizer.tui.screens.practice_screen import PracticeScreen

INF = float("inf")

# Values only, worked by hand (the test_practice_check module's docstring): leaves left as given.
HAND_VALUES = {"A": 2, "B": 6, "D": 6, "E": 3, "C": 2, "F": 2, "G": 1}

KEY_NAMES = {" ": "space", "-": "minus", "\r": "enter"}


def example() -> Exercise:
    return Exercise.from_game(builtin_example())


def values_only(**changes: NodeAnswer) -> Answers:
    nodes = {name: NodeAnswer(value) for name, value in HAND_VALUES.items()}
    nodes |= {"K": NodeAnswer(pruned=True), "O": NodeAnswer(pruned=True)}
    return Answers({}, {**nodes, **changes})


def burst(app, text: str) -> None:
    """Posts every key at once, as a terminal pasting key by key (or a fast typist) delivers them."""
    for character in text:
        app.post_message(events.Key(KEY_NAMES.get(character, character), None if character == "\r" else character))


async def settle(pilot) -> None:
    for _ in range(4):
        await pilot.pause()


def table_cell(screen: PracticeScreen, name: str, column: str) -> str:
    table = screen.answer_table
    cells = dict(zip((column.label.plain for column in table.ordered_columns), table.get_row(name)))
    return str(cells[column])


# -- the score -----------------------------------------------------------------------------------------------
def test_a_blank_sheet_scores_zero_of_the_nine_asked():
    report = check(example(), Answers({}, {}))
    assert (report.right, report.total, report.percent) == (0, 9, 0)
    assert report.score == "0/9 nodes right (0%)"
    assert {check.node.name for check in report.checks if not check.is_scored} == set("HIJLMN")


def test_the_leaves_written_out_as_given_still_score_zero():
    # The printed sheet repeats each leaf's value ("H 6"): that is the drawing's data, not an answer.
    given = {name: NodeAnswer(value) for name, value in zip("HIJLMN", (6, 7, 3, 2, 8, 1))}
    assert check(example(), Answers({}, given)).score == "0/9 nodes right (0%)"


def test_values_alone_score_full_marks_and_one_missing_prune_loses_one_of_nine():
    assert check(example(), values_only()).score == "9/9 nodes right (100%)"
    report = check(example(), values_only(K=NodeAnswer()))
    assert report.score == "8/9 nodes right (88%)" and report.missing_cutoffs == ["K"]


def test_a_leaf_the_answer_says_more_about_is_scored():
    exercise = example()
    assert check(exercise, key_answers(exercise)).score == "15/15 nodes right (100%)"  # windows on the leaves
    report = check(exercise, values_only(H=NodeAnswer(None, -INF, 5)))  # H leaves with [-inf, +inf]
    assert (report.right, report.total) == (9, 10) and report.of("H").problems == (Problem.WRONG_BETA,)
    marked = check(exercise, values_only(F=NodeAnswer(pruned=True)))  # the mark covers L and M
    assert (marked.right, marked.total) == (8, 11)
    assert all(marked.of(name).is_scored and not marked.of(name).is_right for name in "FLM")


def test_a_single_leaf_tree_has_nothing_to_score_and_reads_all_right():
    exercise = Exercise.from_random(RandomExercise(2, 0, (-5, 5), 1))
    report = check(exercise, Answers({}, {}))
    assert (report.right, report.total, report.percent) == (0, 0, 100)


@pytest.mark.asyncio
async def test_the_app_scores_a_blank_sheet_zero_and_marks_given_leaves_as_given():
    app = make_practice_app(example())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("c")
        screen = app.screen
        assert "0/9 nodes right (0%)" in str(screen.status_line.render())
        assert table_cell(screen, "H", "check") == "given" and table_cell(screen, "A", "check") == "✗"


# -- typing and pasting --------------------------------------------------------------------------------------
@pytest.mark.asyncio
async def test_a_bracketed_paste_on_the_table_keeps_value_alpha_and_beta():
    app = make_practice_app(example())
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        screen.answer_table.select("B")
        await pilot.pause()
        app.post_message(events.Paste("7 1 2\n"))
        await settle(pilot)
        assert screen.answer_input.display and screen.answer_input.value == "7 1 2"
        await pilot.press("enter")
        assert screen.practice.answers.get("B") == NodeAnswer(7, 1, 2)
        assert screen.selected == "D"


@pytest.mark.asyncio
async def test_keys_pasted_one_by_one_keep_all_three_numbers():
    app = make_practice_app(example())
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        burst(app, "7 1 2")
        await settle(pilot)
        assert screen.answer_input.value == "7 1 2"
        await pilot.press("enter")
        assert screen.practice.answers.get("A") == NodeAnswer(7, 1, 2)


@pytest.mark.asyncio
async def test_a_fast_burst_of_answers_and_enters_saves_each_to_its_own_row():
    app = make_practice_app(example())
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        screen.answer_table.select("D")
        await pilot.pause()
        burst(app, "5 -inf 5\r4\r3\r")
        await settle(pilot)
        answers = screen.practice.answers
        assert (answers.get("D"), answers.get("H"), answers.get("I")) == (
            NodeAnswer(5, -INF, 5),
            NodeAnswer(4),
            NodeAnswer(3),
        )
        assert screen.selected == "E" and not screen.answer_input.display


@pytest.mark.asyncio
async def test_enter_then_a_digit_in_a_burst_opens_the_editor_with_the_digit_and_saves_nothing():
    app = make_practice_app(example())
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        burst(app, "\r5")
        await settle(pilot)
        assert screen.answer_input.display and screen.answer_input.value == "5"
        assert screen.practice.answers.get("A") == NodeAnswer() and screen.selected == "A"


# -- a new tree ----------------------------------------------------------------------------------------------
def random_app():
    return make_practice_app(Exercise.from_random(RandomExercise(2, 2, (-5, 5), 11)))


@pytest.mark.asyncio
async def test_n_with_answers_typed_warns_and_keeps_them_until_pressed_again():
    app = random_app()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        code = screen.practice.exercise.code
        await pilot.press("4", "enter", "n")
        assert screen.practice.exercise.code == code and screen.practice.answered == 1
        assert "n again discards your 1 answer" in str(screen.status_line.render())
        await pilot.press("n")
        screen = app.screen
        assert screen.practice.exercise.code != code and screen.practice.answered == 0


@pytest.mark.asyncio
async def test_another_key_after_the_warning_keeps_the_answers():
    app = random_app()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        code = screen.practice.exercise.code
        await pilot.press("4", "enter", "n", "down", "n")
        assert screen.practice.exercise.code == code and screen.practice.answered == 1
        assert "n again discards" in str(screen.status_line.render())  # the second n warned afresh


@pytest.mark.asyncio
async def test_n_on_an_untouched_sheet_draws_a_new_tree_at_once():
    app = random_app()
    async with app.run_test(size=(100, 40)) as pilot:
        code = app.screen.practice.exercise.code
        await pilot.press("n")
        assert app.screen.practice.exercise.code != code
