"""Practice mode driven by the Pilot: answers typed with the keyboard, checked, revealed, replayed and saved."""

from __future__ import annotations

import pytest

from visualizer.games import builtin_example
from visualizer.practice.answers import parse_answer, read_answers
from visualizer.practice.check import check
from visualizer.practice.code import RandomExercise
from visualizer.practice.exercise import Exercise
from visualizer.tui import make_practice_app
from visualizer.tui.screens import SearchScreen
from visualizer.tui.screens.practice_screen import PracticeScreen

pytestmark = pytest.mark.asyncio

# The built-in example worked by hand (see tests/unit/test_practice_check.py), in the table's order:
# a value (and window) to type, "x" to mark pruned, "" to leave a leaf as given.
HAND_ANSWERS = [
    ("A", "2 -inf 2"),
    ("B", "6 6 inf"),
    ("D", "6 -inf 6"),
    ("H", ""),
    ("I", ""),
    ("E", "3 6 inf"),
    ("J", ""),
    ("K", "x"),
    ("C", "2 2 6"),
    ("F", "2 -inf 2"),
    ("L", ""),
    ("M", ""),
    ("G", "1 2 6"),
    ("N", ""),
    ("O", "x"),
]

KEYS = {" ": "space", "-": "minus", "+": "plus"}


async def type_answers(pilot, answers) -> None:
    """Walks the table from the top: types each value (enter saves and moves down), x marks pruned."""
    for _, typed in answers:
        if typed == "x":
            await pilot.press("x", "down")
        elif typed:
            await pilot.press(*[KEYS.get(char, char) for char in typed], "enter")
        else:
            await pilot.press("down")


def table_row(screen, name: str) -> dict[str, str]:
    table = screen.answer_table
    row = table.get_row(name)
    return {column.label.plain: str(cell) for column, cell in zip(table.ordered_columns, row)}


def fill_in(screen) -> None:
    """Sets the hand-worked answers directly (typing them all is the first test's job)."""
    for name, typed in HAND_ANSWERS:
        screen.practice.set_answer(name, parse_answer(typed, name))
    screen.refresh_view()


async def retype(pilot, screen, name: str, typed: str) -> None:
    """Selects a node and types its answer with the keyboard ("x" toggles the pruned mark)."""
    screen.answer_table.select(name)
    await pilot.pause()
    if typed == "x":
        await pilot.press("x")
        return
    await pilot.press("delete", *[KEYS.get(char, char) for char in typed], "enter")


def example_app():
    return make_practice_app(Exercise.from_game(builtin_example()))


async def test_a_fully_correct_answer_scores_100():
    app = example_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await type_answers(pilot, HAND_ANSWERS)
        await pilot.press("c")
        screen = app.screen
        assert isinstance(screen, PracticeScreen)
        assert screen.practice.report.score == "9/9 nodes right (100%)"  # the given leaves H I J L M N are not scored
        assert "9/9 nodes right (100%)" in str(screen.status_line.render())
        given = set("HIJLMN")
        assert all(table_row(screen, name)["check"] == ("given" if name in given else "✓") for name, _ in HAND_ANSWERS)
        assert "✗" not in screen.tree_view.plain and screen.tree_view.plain.count("✓") == 9


async def test_a_missing_prune_is_reported_and_jump_replays_alphabeta_from_its_step_and_escape_comes_back():
    app = example_app()
    async with app.run_test(size=(100, 40)) as pilot:
        fill_in(app.screen)
        await retype(pilot, app.screen, "K", "x")  # takes the mark away
        await pilot.press("c")
        screen = app.screen
        assert screen.practice.report.missing_cutoffs == ["K"] and screen.practice.report.extra_cutoffs == []
        row = table_row(screen, "K")
        assert (row["check"], row["problem"], row["step"]) == ("✗", "visited, but should have been pruned", "21")
        assert "missing cut-offs: K  extra cut-offs: none" in str(screen.status_line.render())
        assert "8/9" in screen.practice.report.score
        await pilot.press("j")
        assert isinstance(app.screen, SearchScreen)
        replay = app.screen.session.replay
        assert replay.step == 21 and replay.event.kind.value == "cutoff"
        assert app.screen.session.trace.algorithm == "alphabeta"
        await pilot.press("escape")
        assert isinstance(app.screen, PracticeScreen) and app.screen.practice.report is not None


async def test_an_extra_prune_is_reported_for_the_whole_subtree():
    app = example_app()
    async with app.run_test(size=(100, 40)) as pilot:
        fill_in(app.screen)
        await retype(pilot, app.screen, "F", "x")
        await pilot.press("c")
        screen = app.screen
        assert screen.practice.report.extra_cutoffs == ["F"]
        assert table_row(screen, "F")["pruned"] == "x" and table_row(screen, "L")["pruned"] == "(x)"
        for name in "FLM":
            assert table_row(screen, name)["problem"] == "pruned, but should have been visited"
        assert "extra cut-offs: F" in str(screen.status_line.render())


async def test_wrong_alpha_and_beta_are_reported_and_the_answer_shown_on_request():
    app = example_app()
    async with app.run_test(size=(100, 40)) as pilot:
        fill_in(app.screen)
        await retype(pilot, app.screen, "E", "3 -inf inf")
        await retype(pilot, app.screen, "C", "2 2 inf")
        await pilot.press("c")
        screen = app.screen
        assert table_row(screen, "E")["problem"] == "wrong alpha"
        assert table_row(screen, "C")["problem"] == "wrong beta"
        assert table_row(screen, "E")["answer"] == ""  # not until asked
        screen.answer_table.select("E")
        await pilot.press("v")
        assert table_row(screen, "E")["answer"] == "3 [6, +inf]"
        assert table_row(screen, "C")["answer"] == ""


async def test_an_edit_after_a_check_asks_for_a_new_check():
    app = example_app()
    async with app.run_test(size=(100, 40)) as pilot:
        fill_in(app.screen)
        await pilot.press("c")
        app.screen.answer_table.select("B")
        await pilot.press("delete")  # clears B's answer
        assert app.screen.practice.answers.get("B").is_blank
        await pilot.press("5", "enter")
        screen = app.screen
        assert screen.practice.answers.get("B").value == 5 and screen.practice.report is None
        assert "c checks again" in str(screen.status_line.render())
        await pilot.press("c")
        assert screen.practice.report.of("B").words() == "wrong value"


async def test_escape_cancels_an_edit_and_bad_text_is_refused():
    app = example_app()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        await pilot.press("3", "escape")
        assert screen.practice.answers.get("A").is_blank and not screen.answer_input.display
        await pilot.press("3", "space", "4", "enter")  # two numbers: value and alpha without beta
        assert screen.answer_input.display and screen.practice.answers.get("A").is_blank
        await pilot.press("space", "5", "enter")
        assert screen.practice.answers.get("A").value == 3 and screen.practice.answers.get("A").beta == 5


async def test_saved_answers_check_the_same_headlessly(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings = RandomExercise(2, 3, (-10, 10), 11)
    app = make_practice_app(Exercise.from_random(settings))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("7", "enter", "x", "c", "w")
        in_app = app.screen.practice.report
    saved = tmp_path / f"practice-{settings.code}.txt"
    answers = read_answers(str(saved))
    assert answers.header == {"exercise": settings.code}
    headless = check(Exercise.from_code(settings.code), answers)
    assert [c.problems for c in headless.checks] == [c.problems for c in in_app.checks]
    assert headless.score == in_app.score


async def test_new_draws_another_tree_with_the_same_settings():
    settings = RandomExercise(2, 3, (-10, 10), 11)
    app = make_practice_app(Exercise.from_random(settings))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        fresh = app.screen.practice.exercise.random
        assert fresh.seed != settings.seed or fresh.code != settings.code
        assert (fresh.branching, fresh.depth, fresh.value_range) == (2, 3, (-10, 10))
        assert app.screen.answer_table.row_count == 15
        assert fresh.code in str(app.screen.title_bar.render())


async def test_drill_opens_on_the_solution_and_new_is_only_for_random_trees():
    from visualizer.tui.screens.drill_screen import DrillScreen

    app = example_app()
    async with app.run_test(size=(100, 40)) as pilot:
        assert app.screen.check_action("new_exercise", ()) is False
        await pilot.press("d")
        assert isinstance(app.screen, DrillScreen)


async def test_a_tree_too_big_to_draw_is_worked_in_the_table():
    app = make_practice_app(Exercise.from_random(RandomExercise(3, 4, (-10, 10), 3)))  # 121 nodes
    async with app.run_test(size=(100, 40)) as pilot:
        screen = app.screen
        assert screen.tree_view.plan is None and screen.answer_table.row_count == 121
        assert "too big to draw" in str(screen.tree_view.query_one("#practice-drawing").render())
        await pilot.press("4", "enter", "c")
        assert screen.practice.report.total == 90 and screen.practice.answered == 1  # 121 less the 31 given leaves
