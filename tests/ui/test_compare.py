"""Compare mode: minimax and alpha-beta side by side in lockstep."""

import pytest
from ui_helpers import resize, wait_while

from visualizer.tracing.events import EventKind
from visualizer.tui import make_app
from visualizer.tui.node_labels import Density
from visualizer.tui.screens.compare_screen import CompareScreen

pytestmark = pytest.mark.asyncio


async def test_compare_mode_shows_both_searches_and_the_difference():
    app = make_app()
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.press("m")
        assert isinstance(app.screen, CompareScreen)
        assert "same value 2 | visited by minimax only: K, O | visited by alphabeta only: none" in app.screen.text
        await pilot.press("end")
        left, right = app.screen.replays
        assert (left.visited, right.visited) == (15, 13)
        assert (left.step, right.step) == (left.count, right.count)
        titles = [str(app.screen.query_one(f"#{side}-title").render()) for side in ("left", "right")]
        assert titles == [
            "minimax: visited 15/15, evaluated 8/8, cut-offs 0/0",
            "alphabeta: visited 13/13, evaluated 6/6, cut-offs 2/2",
        ]
        await pilot.press("home")
        for _ in range(22):  # into K in minimax; alpha-beta waits on its cut-off at E
            await pilot.press("right")
        assert right.trace.nodes[right.current].name == "E" and right.step == 21
        await pilot.press("m")
        assert not isinstance(app.screen, CompareScreen)


async def test_compare_mode_plays_both_searches_and_jumps_to_either_ones_cutoffs():
    app = make_app()
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.press("m")
        screen = app.screen
        left, right = screen.replays  # minimax leads (it visits more); alpha-beta cuts at E and at G
        cuts = [cutoff.step for cutoff in right.trace.summary.cutoffs]
        assert len(cuts) == 2 and left.next_cutoff() is None
        for cut in cuts:
            await pilot.press("c")
            assert right.step == cut and right.event.kind is EventKind.CUTOFF
            assert screen.steps[left.step - 1] < cut  # the first of minimax's steps that brings it there
        await pilot.press("c")  # none left: nothing moves
        assert right.step == cuts[-1]
        await pilot.press("home", "plus", "plus", "plus", "plus", "space")
        assert screen.playing and "playing 64/s" in screen.text
        await wait_while(app, pilot, lambda: screen.playing, "the play", attempts=400)
        assert (left.step, right.step) == (left.count, right.count) and screen.text.endswith("paused")
        await pilot.press("space", "left")  # play again from the start, then a step key pauses it
        assert not screen.playing and left.step < left.count


async def test_both_panes_name_one_zoom_level_at_every_size():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        left, right = app.screen.views
        seen = []
        for size in [(80, 24), (120, 40), (80, 24)]:
            await resize(app, pilot, *size)
            assert left.plan.density == right.plan.density and left.border_subtitle == right.border_subtitle, size
            assert max(left.plan.width, right.plan.width) <= left.size.width  # and both fit their panes
            seen.append(left.plan.density)
        assert seen == [Density.COMPACT] * 3  # the windows of inner nodes show at 80x24 too


async def test_at_80x24_alphabeta_shows_its_windows_and_at_120x40_the_trees_fill_their_panes():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m", *["right"] * 6)
        await pilot.pause()
        left, right = app.screen.views
        assert right.drawing.label(3) == ("▼D", "·[-∞,∞]")  # D, entered with the full window, not yet valued
        assert right.drawing.label(7)[1] == "6"  # a leaf (H) shows its value alone
        await resize(app, pilot, 120, 40)
        for view in (left, right):
            inside = view.query_one("#tree-scroll").size
            assert view.plan.width >= inside.width * 0.8 and view.plan.height >= inside.height * 0.55
