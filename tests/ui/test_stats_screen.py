"""The stats screen driven by the Pilot: the default study on opening, new settings, bad input, leaving mid-study."""

from __future__ import annotations

import asyncio
import threading

import pytest
from textual.widgets import Input, Select
from ui_helpers import wait_while

from visualizer.analysis.study import parse_leaves, run_study
from visualizer.tui import make_app
from visualizer.tui.screens import SearchScreen, StatsScreen
from visualizer.tui.widgets.study import StudyPlot, StudyRequest, StudySettings, StudyTable

KNUTH_MOORE_BINARY = {8: 5, 16: 7, 32: 11, 64: 15, 128: 23, 256: 31}
"""2^ceil(d/2) + 2^floor(d/2) - 1 for the default sizes, worked out by hand (d = log2 of the leaves)."""

LABELS = ("minimax", "alphabeta (natural)", "alphabeta (best)", "alphabeta (worst)")


async def settle(app, pilot) -> None:
    """Waits until the running study (if any) has reached the screen."""
    await wait_while(app, pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.running, "the study")


async def open_stats(app, pilot) -> StatsScreen:
    """Presses t on the search screen and waits for the default study."""
    await pilot.press("t")
    for _ in range(200):
        await settle(app, pilot)
        screen = app.screen
        if isinstance(screen, StatsScreen) and screen.study is not None:
            return screen
        await pilot.pause(0.01)
    raise AssertionError("the default study did not appear")


def table_rows(screen: StatsScreen) -> list[dict[str, str]]:
    """The table's rows as {column label: cell}, read from the DataTable itself."""
    table = screen.query_one(StudyTable)
    labels = [str(column.label) for column in table.ordered_columns]
    return [dict(zip(labels, (str(cell) for cell in table.get_row_at(index)))) for index in range(table.row_count)]


def by_size(rows: list[dict[str, str]]) -> dict[int, dict[str, dict[str, str]]]:
    """{leaves: {search label: row}}; the size is written on the first row of each group only."""
    groups: dict[int, dict[str, dict[str, str]]] = {}
    leaves = 0
    for row in rows:
        leaves = int(row["leaves"]) if row["leaves"] else leaves
        groups.setdefault(leaves, {})[row["search"]] = row
    return groups


def set_fields(screen: StatsScreen, **texts: str) -> None:
    """Types into the form's fields without moving the focus (it stays on Run)."""
    for field, text in texts.items():
        screen.query_one(f"#study-{field}", Input).value = text


@pytest.mark.asyncio
async def test_t_opens_the_default_study_with_known_answers_and_escape_goes_back():
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_stats(app, pilot)
        groups = by_size(table_rows(screen))
        assert list(groups) == [8, 16, 32, 64, 128, 256]
        for leaves, rows in groups.items():
            assert tuple(rows) == LABELS
            minimax, best = rows["minimax"], rows["alphabeta (best)"]
            # Minimax evaluates every leaf of the perfect binary tree and enters all 2L - 1 nodes, every trial.
            assert minimax["depth"] == str(leaves.bit_length() - 1)
            assert minimax["evaluated"].split() == [f"{leaves}.0", "±", "0.0"]
            assert minimax["nodes"].split() == [f"{2 * leaves - 1}.0", "±", "0.0"]
            assert minimax["saved"] == minimax["nodes saved"] == "-"
            assert minimax["Knuth-Moore"] == str(KNUTH_MOORE_BINARY[leaves])
            # Ordered best-first, alpha-beta evaluates exactly the Knuth-Moore minimal tree.
            assert best["evaluated"].split() == [f"{KNUTH_MOORE_BINARY[leaves]}.0", "±", "0.0"]
            assert best["saved"] == f"{1 - KNUTH_MOORE_BINARY[leaves] / leaves:.0%}"  # all 10% or more
        assert screen.message.startswith("At 256 leaves alpha-beta evaluated ")
        assert "12% (best)" in screen.message and "perfect ordering: 12% (Knuth-Moore 31)" in screen.message
        assert "20 trees per size, seed 1." in screen.message
        assert screen.query_one(StudyPlot).study is screen.study
        await pilot.press("escape")
        assert isinstance(app.screen, SearchScreen)


@pytest.mark.asyncio
async def test_a_new_seed_and_trials_run_again_with_r():
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_stats(app, pilot)
        before = table_rows(screen)
        set_fields(screen, trials="5", seed="7", range="-1000000:1000000", sizes="8,64,512")
        await pilot.press("r")
        await settle(app, pilot)
        study = screen.study
        assert (study.trials, study.seed, study.value_range) == (5, 7, (-1_000_000, 1_000_000))
        rows = table_rows(screen)
        assert rows != before and len(rows) == 3 * 4
        # The same settings through the library give the same numbers.
        expected = run_study(
            parse_leaves("8,64,512", 2),
            trials=5,
            value_range=(-1_000_000, 1_000_000),
            seed=7,
            orders=("natural", "best", "worst"),
        )
        assert [row["evaluated"].split() for row in rows] == [
            [f"{row.leaves.mean:.1f}", "±", f"{row.leaves.sd:.1f}"] for row in expected.rows
        ]
        # With values this spread the leaves are distinct, and best-first ordering meets Knuth-Moore exactly.
        minimal = {8: 5, 64: 15, 512: 47}  # 2^ceil(d/2) + 2^floor(d/2) - 1 for d = 3, 6, 9
        for leaves, group in by_size(rows).items():
            assert group["minimax"]["Knuth-Moore"] == str(minimal[leaves])
            assert group["alphabeta (best)"]["evaluated"].split() == [f"{minimal[leaves]}.0", "±", "0.0"]
        assert "5 trees per size, seed 7." in screen.message


@pytest.mark.asyncio
async def test_enter_in_a_field_runs_a_depth_range():
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_stats(app, pilot)
        screen.query_one("#study-size-kind", Select).value = "depths"
        await pilot.pause()
        sizes = screen.query_one("#study-sizes", Input)
        assert sizes.value == "2:8"  # the depth range's own default replaces the leaf counts
        set_fields(screen, sizes="2:4", branching="3", trials="4", orders="best")
        sizes.focus()
        await pilot.press("enter")
        await settle(app, pilot)
        groups = by_size(table_rows(screen))
        assert list(groups) == [9, 27, 81]
        minimal = {2: 5, 3: 11, 4: 17}  # 3^ceil(d/2) + 3^floor(d/2) - 1
        for depth, (leaves, rows) in enumerate(groups.items(), start=2):
            assert tuple(rows) == ("minimax", "alphabeta (best)")
            assert rows["minimax"]["depth"] == str(depth)
            assert rows["minimax"]["evaluated"].split()[0] == f"{leaves}.0"
            assert rows["minimax"]["Knuth-Moore"] == str(minimal[depth])
        screen.query_one("#study-size-kind", Select).value = "leaves"
        await pilot.pause()
        assert sizes.value == "8,16,32,64,128,256"  # the leaf counts come back


BAD_INPUTS = [
    ({"sizes": "8,x"}, "The Sizes field is '8,x'; give whole numbers separated by commas"),
    ({"trials": "0"}, "The trial count is 0; it must be 1 or more"),
    ({"branching": "two"}, "The branching is 'two'; give a whole number, e.g. 2"),
    ({"range": "5:1"}, "The Range field 5:1 has LO above HI"),
    (
        {"orders": "natural,sideways"},
        "The Orders field is 'natural,sideways'; choose from natural, best, worst, random",
    ),
    # Refused by the study itself (in the worker), before it searches a tree.
    (
        {"sizes": "65536", "trials": "1000"},
        "This study would search about 131,072,000 nodes per order; lower the trials or the sizes",
    ),
]
"""Each bad field with its message; one app meets them in turn, putting the form right after each."""


@pytest.mark.asyncio
async def test_bad_input_shows_the_message_and_keeps_the_last_study():
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_stats(app, pilot)
        for fields, message in BAD_INPUTS:
            study, rows = screen.study, table_rows(screen)
            set_fields(screen, **fields)
            run = screen.query_one("#study-run")
            for _ in range(20):  # Textual's button ignores a click while it shows the last one (0.2 s)
                if not run.has_class("-active"):
                    break
                await pilot.pause(0.05)
            await pilot.click("#study-run")
            await settle(app, pilot)
            assert screen.message.startswith(message), fields
            assert screen.query_one("#stats-message").has_class("-error")
            assert screen.study is study and table_rows(screen) == rows and not screen.running
            # Put right, it runs again and the message goes.
            set_fields(screen, sizes="8,16", trials="20", branching="2", range="-10:10", orders="natural,best,worst")
            await pilot.press("r")
            await settle(app, pilot)
            assert screen.study is not study and len(table_rows(screen)) == 2 * 4, fields
            assert not screen.query_one("#stats-message").has_class("-error")


@pytest.mark.asyncio
async def test_closing_the_screen_mid_study_stops_the_study(monkeypatch):
    stopped = threading.Event()
    run = StudyRequest.run

    def watched_run(request, progress=None):
        try:
            return run(request, progress)
        finally:
            stopped.set()

    monkeypatch.setattr(StudyRequest, "run", watched_run)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # 12,000 trees: many seconds of work, so it is still running when the screen closes.
        screen = StatsScreen(StudySettings(trials="2000"))
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.running
        worker = next(iter(app.workers))
        await pilot.press("escape")
        assert isinstance(app.screen, SearchScreen) and worker.is_cancelled
        # The thread gives up at its next tree rather than finishing the study.
        assert await asyncio.to_thread(stopped.wait, 3.0)
        await pilot.pause()
        assert screen.study is None  # nothing reached the closed screen
        # The app goes on: the stats screen opens afresh and finishes its default study.
        reopened = await open_stats(app, pilot)
        assert reopened is not screen and reopened.study.trials == 20


@pytest.mark.asyncio
async def test_a_report_on_its_way_when_the_screen_closed_is_dropped():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = StatsScreen(StudySettings(trials="2000"))
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("escape")
        assert isinstance(app.screen, SearchScreen) and not screen.query("ProgressBar")  # its widgets are gone
        run = screen.runs  # a study whose end has not been seen yet, as in the thread's race with escape
        screen._progress(run, 5)  # a late report, answer or error touches nothing (it raised NoMatches)
        screen._failed(run, "late")
        screen._finished(run, run_study(parse_leaves("8", 2), trials=1, seed=1))
        assert screen.study is None and screen.message.startswith("Searching")


def test_snapshot_of_the_default_study(snap_compare):
    # The form, the summary, the plot (the CLI's drawing) and the first rows of the table, at seed 1.
    async def open_the_study(pilot):
        await open_stats(pilot.app, pilot)

    assert snap_compare(make_app(), run_before=open_the_study, terminal_size=(100, 40))
