"""The app driven by Textual's Pilot: stepping, playing, cut-offs, switching, export and replay."""

from __future__ import annotations

from pathlib import Path

import pytest

import visualizer
from visualizer.games import from_nested
from visualizer.readwrite.trace_json import read_json
from visualizer.search import ALGORITHMS, REGISTRY
from visualizer.tui import make_app
from visualizer.tui.screens import SearchScreen
from visualizer.tui.screens.search_screen import SPEEDS
from visualizer.tui.widgets.node_table import NodeTable
from visualizer.tui.widgets.panels import CallStack, EventLog, StatusBar

pytestmark = pytest.mark.asyncio


def screen_state(app) -> tuple:
    """Everything the user reads, as plain data."""
    screen = app.screen
    table = screen.query_one(NodeTable)
    rows = tuple(table.rows)
    return (
        screen.query_one(StatusBar).text,
        tuple(screen.query_one(EventLog).lines),
        tuple(screen.query_one(CallStack).lines),
        rows,
        table.cursor_row,
    )


async def press_and_search(app, pilot, key: str) -> None:
    """Presses a key that searches again, and waits for the worker to hand over the new trace."""
    await pilot.press(key)
    await app.workers.wait_for_complete()
    for _ in range(50):
        await pilot.pause()
        if not app.screen.searching:
            return
    raise AssertionError("the search did not finish")


def row_of(app, name: str) -> tuple[str, ...]:
    table = app.screen.query_one(NodeTable)
    for row in table.rows:
        if row[0] == name:
            return row
    raise AssertionError(f"no row {name}")


async def test_starts_paused_at_step_zero_and_end_and_home_jump():
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SearchScreen)
        status = app.screen.query_one(StatusBar).text
        assert "alphabeta" in status and "step 0/" in status and "paused" in status
        assert "visited 0/13" in status and "cut-offs 0/2" in status
        await pilot.press("end")
        replay = app.screen.session.replay
        assert replay.step == replay.count
        await pilot.press("home")
        assert replay.step == 0 and "step 0/" in app.screen.query_one(StatusBar).text


async def test_stepping_forward_reaches_the_expected_node_and_row_and_back_restores_the_state():
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(7):
            await pilot.press("right")
        # Hand count: enter A, B, D, H; H's value 6; leave H; step 7 is "D takes H = 6".
        assert app.screen.query_one(EventLog).lines[-1].endswith("D takes H = 6, so D = 6.")
        table = app.screen.query_one(NodeTable)
        assert table.rows[table.cursor_row][0] == "D"
        name, value, alpha, beta, status, visit, player, static, parent, children = row_of(app, "D")
        assert (parent, children, player, static, value, status, visit) == ("B", "H I", "MIN", "5", "6", "open", "3")
        assert app.screen.query_one(CallStack).lines == [
            "▼A [-inf, +inf] = -",
            "  ▲B [-inf, +inf] = -",
            "    ▼D [-inf, +inf] = 6",
        ]
        for _ in range(13):  # on to step 20
            await pilot.press("right")
        before = screen_state(app)
        await pilot.press("right")  # the cut-off at E
        assert screen_state(app) != before
        await pilot.press("left")
        assert screen_state(app) == before


async def test_c_lands_on_the_cutoff_at_E():
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("c")
        assert app.screen.session.replay.step == 21
        assert app.screen.query_one(EventLog).lines[-1].endswith("E: J = 3 <= alpha 6, so K is pruned (cut-off).")
        assert row_of(app, "K")[4] == "pruned"
        assert "cut-offs 1/2" in app.screen.query_one(StatusBar).text
        await pilot.press("c")
        assert app.screen.query_one(EventLog).lines[-1].endswith("G: N = 1 <= alpha 2, so O is pruned (cut-off).")


async def test_play_reaches_the_end():
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(4):
            await pilot.press("plus")  # 64 steps a second
        assert SPEEDS[app.screen.speed_index] == 64
        replay = app.screen.session.replay
        app.screen.action_toggle_play()  # not a key press: under load a press can outlast all 52 steps
        assert app.screen.playing and "playing 64/s" in app.screen.query_one(StatusBar).text
        for _ in range(200):  # up to 10 s on a slow machine; the loop ends as soon as play stops
            if replay.step == replay.count and "paused" in app.screen.query_one(StatusBar).text:
                break
            await pilot.pause(0.05)
        assert replay.step == replay.count
        status = app.screen.query_one(StatusBar).text
        assert "paused" in status and "value 2" in status and "visited 13/13" in status
        assert app.screen.query_one(EventLog).lines[-1].endswith("Done: A = 2, best move C.")
        for _ in range(7):
            await pilot.press("minus")  # 0.5 steps a second: the first tick is 2 s away
        await pilot.press("space")  # from the end, play starts again at the beginning
        assert app.screen.playing and replay.step <= 1
        await pilot.press("space")
        assert not app.screen.playing and "paused" in app.screen.query_one(StatusBar).text


async def test_switching_algorithm_and_root():
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        seen = {}
        for _ in range(len(ALGORITHMS)):  # alphabeta -> negamax -> ... -> minimax -> alphabeta
            await press_and_search(app, pilot, "a")
            await pilot.press("end")
            trace = app.screen.session.trace
            seen[trace.algorithm] = app.screen.query_one(StatusBar).text
        assert "visited 15/15" in seen["minimax"] and "visited 13/13" in seen["alphabeta"]
        assert "visited 13/13" in seen["negamax-ab"] and "visited 15/15" in seen["negamax"]
        assert set(seen) == set(ALGORITHMS) and app.screen.session.algorithm == "alphabeta"
        assert all("value 2" in status for name, status in seen.items() if not REGISTRY[name].estimates)
        await press_and_search(app, pilot, "r")  # root MAX: value 4, no cut-off
        await pilot.press("end")
        status = app.screen.query_one(StatusBar).text
        assert "root MAX" in status and "value 4" in status and "cut-offs 0/0" in status


async def test_export_writes_valid_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = make_app(from_nested("[[3,12,8],[2,4,6],[14,5,2]]"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("e")
        await pilot.pause()
    trace = read_json(tmp_path / "nested13-alphabeta.json")
    assert trace.summary.value == 3 and trace.names(trace.summary.pruned) == ["I", "J"]
    assert (tmp_path / "nested13-alphabeta.dot").read_text().startswith("digraph")
    from svg_reading import read_positions

    figure = read_positions((tmp_path / "nested13-alphabeta.svg").read_text())
    assert sum(key.startswith("node:") for key in figure) == 13 and "cutlabel:2:8" in figure  # C's cut skips I and J


async def test_export_of_a_game_position_says_what_its_svg_collapsed(tmp_path, monkeypatch):
    from visualizer.games import TicTacToe

    shown = []
    monkeypatch.setattr(SearchScreen, "notify", lambda screen, message, **options: shown.append(message))
    monkeypatch.chdir(tmp_path)
    app = make_app(TicTacToe("X.O/.X./..O"))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("e")
        await pilot.pause()
    (saved,) = [message for message in shown if message.startswith("Saved")]
    assert "The SVG collapsed 8 subtrees (105 of 115 nodes)" in saved and "--whole-tree of visualizer export" in saved
    assert sorted(path.suffix for path in tmp_path.iterdir()) == [".dot", ".json", ".svg"]


async def test_export_never_writes_into_the_package(monkeypatch):
    package = Path(visualizer.__file__).resolve().parent

    def files() -> list[Path]:
        return sorted(path for path in package.rglob("*") if "__pycache__" not in path.parts)

    before, shown = files(), []
    monkeypatch.setattr(SearchScreen, "notify", lambda screen, message, **options: shown.append(message))
    monkeypatch.chdir(package / "tui")
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("e")
        await pilot.pause()
    assert files() == before
    assert any("inside the visualizer's package" in message for message in shown), shown


async def test_replay_opens_an_exported_trace(tmp_path):
    from visualizer.games import builtin_example
    from visualizer.readwrite.trace_json import write_json
    from visualizer.search import trace_search

    path = write_json(trace_search(builtin_example(), "minimax"), tmp_path / "saved.json")
    app = make_app(trace=read_json(path))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("end")
        status = app.screen.query_one(StatusBar).text
        assert "minimax" in status and "visited 15/15" in status and "value 2" in status
        await press_and_search(app, pilot, "a")  # the saved tree can be searched again
        assert app.screen.session.trace.algorithm == "alphabeta"


async def test_a_long_search_runs_in_a_worker_and_shows_progress():
    from visualizer.games import TicTacToe

    app = make_app(TicTacToe("X........"), algorithm=ALGORITHMS[-1])
    async with app.run_test(size=(100, 32)) as pilot:
        seen = []
        status = app.screen.query_one(StatusBar)
        original = status.show_progress

        def spy(algorithm, nodes):
            seen.append(nodes)
            original(algorithm, nodes)

        status.show_progress = spy
        await press_and_search(app, pilot, "a")  # the last -> minimax: 59,705 nodes from X in a corner
        assert app.screen.session.trace.algorithm == "minimax"
        assert seen[0] == 0 and max(seen) >= 25_000  # progress reported while it ran
        assert "step 0/" in app.screen.query_one(StatusBar).text


async def test_new_tree_and_depth_keys_search_again():
    from visualizer.tui.dialogs import DepthDialog, NewTreeDialog

    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewTreeDialog)
        app.screen.dismiss(from_nested("[[3,12,8],[2,4,6],[14,5,2]]"))
        await app.workers.wait_for_complete()
        for _ in range(20):
            await pilot.pause()
        await pilot.press("end")
        assert "value 3" in app.screen.query_one(StatusBar).text
        await pilot.press("d")
        assert isinstance(app.screen, DepthDialog)
        await pilot.press("1", "enter")
        await app.workers.wait_for_complete()
        for _ in range(20):
            await pilot.pause()
        # Depth 1 on a nested tree stops at interior nodes without values: refused, options restored.
        assert app.screen.session.depth is None
        assert app.screen.session.trace.depth_limit is None


async def test_every_key_is_in_the_command_palette():
    app = make_app()
    async with app.run_test(size=(100, 32)) as pilot:
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        for title in (
            "Play/pause",
            "Step",
            "Back",
            "Next cut-off",
            "Algorithm",
            "Root MAX/MIN",
            "Compare",
            "New tree",
            "Depth",
            "Export",
            "Screenshot",
            "Help",
        ):
            assert title in commands, title
        assert commands["Next cut-off"].help == "key c"
        await commands["Next cut-off"].callback()
        await pilot.pause()
        assert app.screen.session.replay.step == 21


async def test_screenshots_never_overwrite_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        (first,) = tmp_path.glob("screenshot-*.svg")
        first.write_text("a teacher's file")  # the same second's name is now taken by someone else's file
        await pilot.press("s")
        await pilot.pause()
    shots = sorted(tmp_path.glob("screenshot-*.svg"))
    assert len(shots) == 2 and first.read_text() == "a teacher's file"
    (second,) = [shot for shot in shots if shot != first]
    assert "<svg" in second.read_text()
    assert not list(tmp_path.glob(".*.tmp"))
