"""The practice screen says what a check's pattern of mistakes points to: the likely misconception, or the other
cut window; and a practice app started with --cut-window raised checks (and draws new trees) with it.

The built-in example by hand (see tests/unit/test_practice_misconceptions.py): alpha-beta cuts K below E and
O below G. A student who never prunes visits them, and going on past the cut lowers E's beta to 3 (E 3 6 3)
and G's to 1 (G 1 2 1): exactly the windows --cut-window raised expects at those two cut-offs.
"""

from __future__ import annotations

import pytest

from visualizer.games import builtin_example
from visualizer.practice.answers import NodeAnswer, key_answers
from visualizer.practice.code import RandomExercise
from visualizer.practice.exercise import Exercise
from visualizer.tui import make_practice_app
from visualizer.tui.screens.practice_screen import PracticeScreen

pytestmark = pytest.mark.asyncio

KEYS = {" ": "space", "-": "minus", "+": "plus"}

NEVER_PRUNES = (
    "Likely misconception: never prunes: it searches every node, as minimax does - it explains the "
    "mistakes at E, K, G, O"
)


def screen_text(app) -> str:
    """The screen as a person reads it, rows joined with spaces (a sentence may wrap)."""
    return " ".join(" ".join(strip.text.split()) for strip in app.screen._compositor.render_strips())


async def retype(pilot, screen: PracticeScreen, name: str, typed: str) -> None:
    """Selects a node and types its answer; "x" toggles its pruned mark."""
    screen.answer_table.select(name)
    await pilot.pause()
    if typed == "x":
        await pilot.press("x")
    else:
        await pilot.press("delete", *[KEYS.get(char, char) for char in typed], "enter")


async def start_from_the_key(pilot, app) -> PracticeScreen:
    """Sets the key's answers (typing them all is tests/ui/test_practice.py's job)."""
    screen = app.screen
    assert isinstance(screen, PracticeScreen)
    for name, answer in key_answers(screen.practice.exercise).nodes.items():
        screen.practice.set_answer(name, answer)
    screen.refresh_view()
    await pilot.pause()
    return screen


async def test_a_never_pruning_sheet_names_the_misconception_at_80x24():
    app = make_practice_app(Exercise.from_game(builtin_example()))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_from_the_key(pilot, app)
        for name, typed in (("E", "3 6 3"), ("K", "x"), ("G", "1 2 1"), ("O", "x")):  # K and O: marks taken off
            await retype(pilot, screen, name, typed)
        assert not screen.practice.answers.get("K").pruned
        await pilot.press("c")
        await pilot.pause()
        report = screen.practice.report
        assert [diagnosis.misconception.name for diagnosis in report.misconceptions] == ["never_prunes"]
        assert NEVER_PRUNES in " ".join(str(screen.status_line.render()).split())
        assert NEVER_PRUNES in screen_text(app)  # the whole sentence on screen, the score above it
        assert "11/15 nodes right (73%)" in screen_text(app)


async def test_a_slip_names_no_misconception():
    app = make_practice_app(Exercise.from_game(builtin_example()))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start_from_the_key(pilot, app)
        await retype(pilot, screen, "C", "5 2 6")
        await pilot.press("c")
        await pilot.pause()
        assert screen.practice.report.right == 14
        assert "Likely" not in screen_text(app) and "cut-window" not in screen_text(app)


async def test_raised_windows_are_right_with_cut_window_raised_and_named_without_it():
    for cut_window, right in (("raised", True), (None, False)):
        app = make_practice_app(Exercise.from_game(builtin_example()), cut_window=cut_window)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await start_from_the_key(pilot, app)
            await retype(pilot, screen, "E", "3 6 3")
            await retype(pilot, screen, "G", "1 2 1")
            await pilot.press("c")
            await pilot.pause()
            report = screen.practice.report
            assert (report.right == report.total) is right
            text = screen_text(app)
            if right:
                assert "15/15 nodes right (100%)" in text and "Likely" not in text
            else:
                assert "as --cut-window raised checks" in text and report.misconceptions == []


async def test_new_exercise_keeps_the_cut_window():
    exercise = Exercise.from_random(RandomExercise(2, 3, (-9, 9), 11))
    app = make_practice_app(exercise, cut_window="raised")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert "bound raised at a cut" in screen.title_text
        await pilot.press("n")
        await pilot.pause()
        assert screen.practice.exercise.code != exercise.code
        assert screen.practice.exercise.cut_window == "raised"
        screen.practice.set_answer("A", NodeAnswer(1))
        assert screen.practice.exercise.header()["cut_window"] == "raised"
