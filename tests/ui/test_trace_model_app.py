"""The app on traces of the new model: chance nodes, transposition events and several passes open, step
and show what they mean.

Hand-worked facts (see tests/unit/test_trace_model_display.py): the expectimax example's chance nodes
are worth 8, 4 and 7 and the root 8; step 10 is a's second back-up, 3/3 + 12/3 = 5 so far. The
transposition-table toy on two-pile NIM (2, 1) takes A1.B1.A1 from the table at step 14 (same position
as A1.A1.B1, +1 exact); the root is worth +1. Iterative deepening runs look-aheads 1, 2 and 3; the app
replays the last pass.
"""

from __future__ import annotations

import pytest

from tests.toys import (
    CHANCE_GAME,
    DEEPENING,
    EXPECTIMAX,
    TOY_DEEPENING,
    TOY_EXPECTIMAX,
    TOY_GAME,
    TOY_TT,
    TT,
    ExpectimaxExample,
    TwoPileNim,
    toy_iterative_deepening,
)
from visualizer.games import registered as registered_game
from visualizer.search import registered as registered_algorithm
from visualizer.tracing.recorder import Recorder
from visualizer.tui.app import make_app
from visualizer.tui.widgets.panels import EventLog, StatusBar

pytestmark = pytest.mark.asyncio


@pytest.fixture(autouse=True)
def toys():
    with (
        registered_game(CHANCE_GAME),
        registered_game(TOY_GAME),
        registered_algorithm(TOY_EXPECTIMAX),
        registered_algorithm(TOY_TT),
        registered_algorithm(TOY_DEEPENING),
    ):
        yield


def screen_lines(app) -> list[str]:
    """The composited screen as text, one string per row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def on_screen(app, text: str) -> bool:
    return any(text in line for line in screen_lines(app))


async def step(pilot, steps: int) -> None:
    for _ in range(steps):
        await pilot.press("right")
    await pilot.pause()


async def test_the_expectimax_search_shows_chance_nodes_and_expectations():
    app = make_app(ExpectimaxExample(), algorithm=EXPECTIMAX)
    async with app.run_test(size=(100, 32)) as pilot:
        await step(pilot, 10)
        log = app.screen.query_one(EventLog)
        assert log.lines[-1] == "10. a adds 1/3 x a.2 = 12: expectation so far 5."
        assert on_screen(app, "a adds 1/3 x a.2 = 12")
        assert on_screen(app, "●a") and on_screen(app, "CHANCE")  # the tree's marker, the table's player
        await pilot.press("end")
        await pilot.pause()
        assert "value 8" in app.screen.query_one(StatusBar).text
        assert log.lines[-1] == "47. Done: root = 8, best move a."
        views = app.screen.session.replay.views
        trace = app.screen.session.trace
        assert [views[trace.node(name).id].value for name in "abc"] == [8, 4, 7]


async def test_a_transposition_is_told_in_the_log():
    app = make_app(TwoPileNim((2, 1)), algorithm=TT)
    async with app.run_test(size=(100, 32)) as pilot:
        await step(pilot, 14)
        log = app.screen.query_one(EventLog)
        assert log.lines[-1] == "14. A1.B1.A1: same position as A1.A1.B1, stored value 1 (exact), so A1.B1.A1 = 1."
        assert on_screen(app, "14. A1.B1.A1: same position")  # the log wraps the rest
        await pilot.press("end")
        await pilot.pause()
        assert "value 1" in app.screen.query_one(StatusBar).text
        await pilot.press("home")
        await step(pilot, 14)  # the same step again, after the replay has been to the end and back
        assert log.lines[-1].startswith("14. A1.B1.A1: same position as A1.A1.B1")
        assert app.screen.session.replay.views[app.screen.session.trace.node("A1.B1.A1").id].value == 1


async def test_a_saved_search_of_several_passes_opens_on_its_last_pass():
    recorder = Recorder()
    game = TwoPileNim((2, 1))
    toy_iterative_deepening(game, tracer=recorder)
    trace = recorder.result()
    app = make_app(game, trace=trace)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        status = app.screen.query_one(StatusBar).text
        assert DEEPENING in status and "depth 3" in status and "pass 3/3" in status and "value 1" in status
        assert app.screen.session.replay.step == len(trace.events)
