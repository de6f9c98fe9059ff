"""The node table fits (value, window and status on screen at 80 and 120 columns), the rest is reachable by
keyboard, and the keys can be found: `?` in the footer at every width, `?` and escape close the help panel."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import HelpPanel
from ui_helpers import box_rows, wait_while

from visualizer.games import from_nested
from visualizer.readwrite.trace_json import read_json
from visualizer.tui import make_app
from visualizer.tui.screens import SearchScreen
from visualizer.tui.widgets.node_table import NAME_WIDTH, NodeTable

pytestmark = pytest.mark.asyncio

TRACES = Path(__file__).resolve().parents[2] / "traces"


def screen_lines(app) -> list[str]:
    """The composited screen as text, one string per row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def table_lines(app) -> list[str]:
    """The table's rows as drawn inside its border and scrollbars: the header first."""
    region = app.screen.query_one(NodeTable).scrollable_content_region
    lines = screen_lines(app)[region.y : region.bottom]
    return [line[region.x : region.right] for line in lines]


def header(app) -> list[str]:
    return table_lines(app)[0].split()


def row(app, name: str) -> list[str]:
    """The visible cells of the row whose first cell is `name`."""
    for line in table_lines(app)[1:]:
        cells = line.split()
        if cells and cells[0] == name:
            return cells
    raise AssertionError(f"no visible row {name}: {table_lines(app)}")


def footer_line(app) -> str:
    return screen_lines(app)[-1]


async def step(pilot, times: int) -> None:
    for _ in range(times):
        await pilot.press("right")
    await pilot.pause()


async def test_at_80x24_the_table_shows_name_value_window_and_status():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await step(pilot, 7)  # hand count: enter A, B, D, H; H = 6; leave H; step 7 is "D takes H = 6"
        assert header(app)[:5] == ["name", "value", "α", "β", "status"]
        # D (MIN, visit 3) has taken 6 and still has the window it was entered with.
        assert row(app, "D")[:5] == ["D", "6", "-inf", "+inf", "open"]


async def test_at_120x40_a_tic_tac_toe_table_shows_value_window_and_status():
    trace = read_json(TRACES / "tictactoe-opening-minimax-d2.json")
    app = make_app(trace=trace)
    async with app.run_test(size=(120, 40)) as pilot:
        await step(pilot, 4)  # enter root, X1, X1.O2 (squares from 1); X1.O2 is at the depth limit
        shown = header(app)
        assert shown[:5] == ["name", "value", "α", "β", "status"]
        assert shown.index("children") == len(shown) - 1  # the long lists come last
        assert row(app, "X1.O2")[:6] == ["X1.O2", "1", "-", "-", "open", "3"]  # minimax: no window


async def test_at_80x24_a_long_name_keeps_the_value_columns_on_screen():
    names = ["root", "a-very-long-node-name-left", "a-very-long-node-name-right"]
    app = make_app(from_nested("[3, 5]", names=names))
    async with app.run_test(size=(80, 24)) as pilot:
        await step(pilot, 3)  # enter root, enter the left child, its static value 3
        assert header(app)[:5] == ["name", "value", "α", "β", "status"]
        shortened = "…" + names[1][-(NAME_WIDTH - 1) :]
        assert row(app, shortened)[:5] == [shortened, "3", "-inf", "+inf", "open"]


async def test_the_focused_table_scrolls_sideways_by_keyboard_and_arrows_still_step():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(NodeTable)
        table.focus()
        await step(pilot, 2)  # left/right still step the search with the table focused
        assert app.screen.session.replay.step == 2
        assert "children" not in header(app)
        for _ in range(6):
            await pilot.press("shift+right")
        await pilot.pause()
        shown = header(app)
        assert shown[0] == "name" and "parent" in shown and "children" in shown  # the name column stays
        assert row(app, "A")[-2:] == ["B", "C"] and row(app, "B")[-2:] == ["D", "E"]  # the children columns
        for _ in range(6):
            await pilot.press("shift+left")
        await pilot.pause()
        assert header(app)[:5] == ["name", "value", "α", "β", "status"]
        assert app.screen.session.replay.step == 2


async def test_question_mark_opens_and_closes_the_help_panel_and_so_does_escape_before_the_screen():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert len(app.screen.query(HelpPanel)) == 1
        await pilot.press("question_mark")
        await pilot.pause()
        assert len(app.screen.query(HelpPanel)) == 0
        await pilot.press("question_mark")
        await pilot.pause()
        assert len(app.screen.query(HelpPanel)) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert len(app.screen.query(HelpPanel)) == 0 and isinstance(app.screen, SearchScreen)
        await pilot.press("n")  # a dialog: with no help panel, escape is the dialog's cancel again
        await pilot.pause()
        assert not isinstance(app.screen, SearchScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SearchScreen)


@pytest.mark.parametrize("key", [None, "m", "p", "t"], ids=["search", "compare", "play", "stats"])
async def test_help_lists_the_screens_own_keys_first(key):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        if key is not None:
            await pilot.press(key)
            await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        screen = app.screen
        panel = screen.query_one(HelpPanel)
        rows = [cell.plain.strip() for cell in panel.query_one("BindingsTable").render().columns[1].cells]
        own = [binding.description for binding in type(screen).BINDINGS if binding.description]  # the screen's keys
        assert rows[0] == "Help" and rows.index("Focus Next") > max(rows.index(label) for label in own if label in rows)
        assert "Scroll up" not in rows or rows.index("Scroll up") > rows.index("Focus Next")  # a widget's keys after


async def footer_help(app, pilot) -> str:
    """The footer line once it shows the help key (a loaded machine may draw it a refresh late)."""
    await wait_while(app, pilot, lambda: "? Help" not in footer_line(app), "the footer's ? Help", attempts=50)
    return footer_line(app)


async def test_the_footer_shows_help_at_120_columns():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        assert "? Help" in await footer_help(app, pilot)


async def test_the_footer_shows_help_at_80_columns_and_after_each_new_search():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert "? Help" in await footer_help(app, pilot)
        for key in ("a", "r"):  # another algorithm, then the other root player
            await pilot.press(key)
            await wait_while(app, pilot, lambda: app.screen.searching, "the search")
            assert "? Help" in await footer_help(app, pilot), key


async def test_b_gives_a_small_terminal_a_longer_table_and_whole_sentences():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(30):
            await pilot.press("right")
        screen = app.screen
        table, log = screen.query_one(NodeTable), screen.event_log
        assert table.size.height - 1 < 8  # the header and 5 rows beside the tree
        await pilot.press("b")
        await pilot.pause()
        assert not screen.tree_view.display or screen.tree_view.size.height == 0
        assert table.size.height - 1 >= 8
        shown = " ".join(" ".join(row.split()) for row in box_rows(log))
        for sentence in log.lines[-2:]:  # the two newest, whole
            assert " ".join(sentence.split()) in shown, (sentence, shown)
        await pilot.press("b")
        await pilot.pause()
        assert screen.tree_view.size.height > 0 and table.size.height - 1 < 8
