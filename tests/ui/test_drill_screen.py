"""The "predict the next node" drill screen, driven by the Pilot: answering, scoring, playing and leaving."""

from __future__ import annotations

import pytest

from visualizer.games import builtin_example
from visualizer.search import trace_search
from visualizer.tui import make_app
from visualizer.tui.screens import SearchScreen
from visualizer.tui.screens.drill_screen import DrillScreen
from visualizer.tui.screens.search_screen import SPEEDS
from visualizer.tui.widgets.panels import EventLog

pytestmark = pytest.mark.asyncio

QUESTIONS = 14
"""Alpha-beta on the built-in example enters 12 nodes after the root and cuts off twice (tests/unit/test_drill.py)."""


async def open_drill(app, pilot, algorithm: str = "alphabeta") -> DrillScreen:
    screen = DrillScreen(trace_search(builtin_example(), algorithm))
    await app.push_screen(screen)
    await pilot.pause()
    return screen


async def to_question(pilot, screen: DrillScreen) -> None:
    """Skips the playback to the waiting question (space), without waiting for the timer."""
    await pilot.press("space")
    assert screen.asking, screen.status_text


async def until(pilot, condition, what: str, *, attempts: int = 200) -> None:
    """Lets the play timer run until `condition()` holds; fails naming `what` after `attempts` pauses."""
    for _ in range(attempts):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError(f"{what} did not happen")


def option_texts(screen: DrillScreen) -> list[str]:
    return [str(option.prompt) for option in screen.choices.options]


def labels(screen: DrillScreen) -> set[str]:
    """The choices on screen without their numbers (they are shuffled)."""
    return {text.split(". ", 1)[1] for text in option_texts(screen)}


def key_of(screen: DrillScreen, label: str) -> str:
    """The number key that picks the choice labelled `label`."""
    (number,) = [text.split(". ", 1)[0] for text in option_texts(screen) if text.split(". ", 1)[1] == label]
    return number


def right_key(screen: DrillScreen) -> str:
    return key_of(screen, screen.drill.current.answer.label)


async def test_answering_every_question_right_scores_full_marks():
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_drill(app, pilot)
        screen.speed_index = 0  # a step every 2 s: the timer cannot step between an answer and its check
        for number in range(QUESTIONS):
            await to_question(pilot, screen)
            if number == 0:  # keys that pick no choice answer nothing: the first question has two choices
                await pilot.press("4", "9")
                assert screen.drill.asked == 0 and screen.asking and screen.verdict_text == ""
            question = screen.drill.current
            assert question is not None and screen.replay.step == question.step - 1
            assert screen.prompt_text.startswith(
                f"Question {number + 1} of {QUESTIONS}: what does step {question.step}"
            )
            assert option_texts(screen) == [
                f"{index}. {choice.label}" for index, choice in enumerate(question.choices, 1)
            ]
            index = question.choices.index(question.answer)
            if number % 2:  # by its number
                await pilot.press(str(index + 1))
            else:  # with the cursor
                for _ in range(index):
                    await pilot.press("down")
                await pilot.press("enter")
            assert screen.verdict_text == f"Right: {question.outcome}."
            assert screen.replay.step == question.step
        await pilot.press("space")  # past the last question, to the end
        assert screen.is_done and screen.replay.step == screen.replay.count == 52
        assert screen.drill.asked == QUESTIONS
        assert screen.status_text.startswith(f"{QUESTIONS}/{QUESTIONS} right (100%)  step 52/52  finished")
        assert screen.prompt_text.startswith(f"Done: {QUESTIONS}/{QUESTIONS} right (100%)")
        assert screen.verdict_text == "Right: a cut-off at G prunes O."
        assert screen.choices.option_count == 0


async def test_a_wrong_answer_is_reported_with_the_right_one_and_lowers_the_score():
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_drill(app, pilot)
        await to_question(pilot, screen)
        assert labels(screen) == {"enter B", "enter C"}  # nothing searched yet: no window can close
        await pilot.press(key_of(screen, "enter C"))  # C is A's second child: the search goes into B first
        assert screen.verdict_text == "No: the next step enters B."
        assert screen.verdict.has_class("-wrong")
        assert screen.status_text.startswith("0/1 right (0%)  step 2/52")
        assert screen.query_one(EventLog).lines[-1].startswith("2. Enter B")
        # Right on to the cut-off at E, then say the search goes into K.
        while screen.drill.current.step < 21:
            await to_question(pilot, screen)
            await pilot.press(right_key(screen))
        await to_question(pilot, screen)
        assert option_texts(screen)[-1] == "3. a cut-off at E (the rest of E's children are pruned)"
        await pilot.press(key_of(screen, "enter K"))
        assert screen.verdict_text == "No: a cut-off at E prunes K."
        assert screen.status_text.startswith("5/7 right (71%)  step 21/52")
        await to_question(pilot, screen)
        await pilot.press(key_of(screen, "enter C"))  # right again
        assert screen.verdict_text == "Right: the next step enters C."
        assert screen.verdict.has_class("-right") and not screen.verdict.has_class("-wrong")
        assert screen.drill.score == "6/8 right (75%)"


async def test_the_timer_plays_on_to_the_next_question():
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_drill(app, pilot)
        for _ in SPEEDS:
            await pilot.press("plus")
        assert screen.speed_index == len(SPEEDS) - 1
        assert screen.status_text.endswith(f"speed {SPEEDS[-1]:g}/s")
        await until(pilot, lambda: screen.asking, "playing to the first question")
        assert screen.replay.step == 1
        await pilot.press(right_key(screen))  # enter B, then D: each question follows the last at once
        await pilot.press(right_key(screen))
        assert screen.asking and not screen.playing and screen.replay.step == 3
        screen.action_pick(
            int(right_key(screen))
        )  # enter H, called directly so the timer cannot tick before the checks
        assert screen.drill.right == 3 and screen.replay.step == 4
        assert not screen.asking and screen.playing and "playing" in screen.status_text
        await until(pilot, lambda: screen.asking, "playing to the question before I")
        assert screen.replay.step == 8 and not screen.playing  # evaluate H, leave H, D takes H, D's beta
        assert "enter I" in labels(screen)
        await pilot.press("minus")
        assert screen.status_text.endswith(f"speed {SPEEDS[-2]:g}/s")


async def test_minimax_drill_offers_no_cutoff():
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_drill(app, pilot, "minimax")
        await to_question(pilot, screen)
        assert labels(screen) == {"enter B", "enter C"}
        assert screen.prompt_text.startswith("Question 1 of 14:")


async def test_escape_returns_to_the_previous_screen():
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        previous = app.screen
        assert isinstance(previous, SearchScreen)
        screen = await open_drill(app, pilot)
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is previous
        assert not screen.playing
