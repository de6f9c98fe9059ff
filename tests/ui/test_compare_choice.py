"""Compare mode with any two searches: the dialog (M) takes an algorithm with options for each side."""

import pytest

from visualizer.tui import make_app
from visualizer.tui.dialogs import SearchChoiceDialog
from visualizer.tui.screens.compare_screen import CompareScreen

pytestmark = pytest.mark.asyncio


def titles(screen):
    return [str(screen.query_one(f"#{side}-title").render()) for side in ("left", "right")]


async def test_the_dialog_opens_with_minimax_and_the_search_on_screen_and_compares_what_is_typed():
    app = make_app(algorithm="negamax")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("M")
        dialog = app.screen
        assert isinstance(dialog, SearchChoiceDialog)
        fields = [dialog.query_one(f"#{side}-search").value for side in ("left", "right")]
        assert fields == ["minimax", "negamax"]
        dialog.query_one("#right-search").value = "negamax-ab"
        await pilot.pause()
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        await pilot.press("end")
        assert titles(screen) == [
            "minimax: visited 15/15, evaluated 8/8, cut-offs 0/0",
            "negamax-ab: visited 13/13, evaluated 6/6, cut-offs 2/2",
        ]
        await pilot.press("escape")
        await pilot.press("m")  # m compares the last pair again, without asking
        assert isinstance(app.screen, CompareScreen) and app.screen.labels == ("minimax", "negamax-ab")


async def test_a_mistake_is_shown_in_the_dialog_and_ok_waits_for_a_fix():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("M")
        dialog = app.screen
        dialog.query_one("#left-search").value = "minmax"
        await pilot.pause()
        assert "unknown algorithm 'minmax'" in dialog.message
        assert dialog.query_one("#ok").disabled
        await pilot.press("enter")
        assert app.screen is dialog  # still asking
        dialog.query_one("#left-search").value = "minimax+tt"
        await pilot.pause()
        assert dialog.message.startswith("--tt does not apply to minimax")
        await pilot.press("escape")
        assert not isinstance(app.screen, (SearchChoiceDialog, CompareScreen))


async def test_the_longer_search_leads_whichever_side_it_is_on():
    app = make_app()
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.press("M")
        dialog = app.screen
        dialog.query_one("#left-search").value = "alphabeta"
        dialog.query_one("#right-search").value = "minimax"
        await pilot.pause()
        await pilot.press("enter")
        screen = app.screen
        assert screen.lead == 1  # minimax, on the right, visits more nodes: alpha-beta waits for it
        await pilot.press("end")
        left, right = screen.replays
        assert (left.step, right.step) == (left.count, right.count)
        assert titles(screen)[0].startswith("alphabeta: visited 13/13")


async def test_switching_algorithm_goes_past_one_that_cannot_search_this_tree():
    from visualizer.errors import InputError
    from visualizer.search import ALGORITHMS, Algorithm, registered

    def refuses(game, *, depth=None, tracer=None):
        raise InputError("toy-refuses cannot search this tree")

    with registered(Algorithm("toy-refuses", refuses, windowed=False, movers_view=False)):
        app = make_app(algorithm=ALGORITHMS[-2])
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("a")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.screen.session.algorithm == ALGORITHMS[-2]  # the refusal leaves the search on screen
            await pilot.press("a")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert app.screen.session.algorithm == ALGORITHMS[0]  # past the one that refused


async def test_o_searches_again_with_the_algorithm_and_options_typed():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        dialog = app.screen
        assert isinstance(dialog, SearchChoiceDialog)
        assert dialog.query_one("#search-search").value == "alphabeta"
        dialog.query_one("#search-search").value = "negamax"
        await pilot.pause()
        await pilot.press("enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.session.algorithm == "negamax"
        assert app.screen.session.trace.algorithm == "negamax"


async def test_a_side_whose_window_failed_is_not_called_the_same_value():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("M")
        dialog = app.screen
        dialog.query_one("#left-search").value = "alphabeta+window=3:6"
        await pilot.pause()
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        # The 15-node example is worth 2: fail-soft with the window 3:6, its root fails low with 2, a bound.
        assert "alphabeta window 3:6 = 2 is a bound: the root fails low: the value is at most 2" in screen.text
        assert "same value" not in screen.text and "VALUES DIFFER" not in screen.text
