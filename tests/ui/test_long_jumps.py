"""Long jumps in the app run in a worker with progress, and keys pressed meanwhile do not pile up."""

from __future__ import annotations

import asyncio
import threading
import time
from functools import partial

import pytest
from ui_helpers import wait_while

from visualizer.games import TicTacToe
from visualizer.steps.replay import Replay
from visualizer.tui import make_app
from visualizer.tui.screens import search_screen

pytestmark = pytest.mark.asyncio


async def test_a_long_jump_shows_progress_and_drops_keys_pressed_meanwhile(monkeypatch):
    monkeypatch.setattr(search_screen, "LONG_JUMP", 5)  # every jump of the 52-step example counts as long
    monkeypatch.setattr(search_screen, "JUMP_CHUNK", 4)
    monkeypatch.setattr(search_screen, "CHECKPOINTS_AFTER", 600)  # no checkpoints built meanwhile
    shown = []
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        original = screen.status_bar.show_jump
        monkeypatch.setattr(
            screen.status_bar, "show_jump", lambda step, fraction: (shown.append(fraction), original(step, fraction))
        )
        screen.go_to(51)  # as a jump to the last cut-off would
        assert screen.jumping
        screen.action_step(-1)  # a key pressed while the jump runs is dropped, not run after it
        screen.action_first()
        await app.workers.wait_for_complete()
        await pilot.pause()
        replay = screen.session.replay
        assert replay.step == 51 and not screen.jumping
        assert shown[-1] == 1.0 and len(shown) > 2 and shown == sorted(shown)
        assert "step 51/52" in screen.status_bar.text
        await pilot.press("left")  # once it is there, keys work again (a short jump, no worker)
        assert replay.step == 50


async def test_end_shows_the_last_step_at_once_and_a_step_back_replays(monkeypatch):
    monkeypatch.setattr(search_screen, "LONG_JUMP", 5)  # every jump of the 52-step example counts as long
    monkeypatch.setattr(search_screen, "CHECKPOINTS_AFTER", 600)
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        await pilot.press("end")  # the last step is the trace's final state: no replay, no worker
        replay = screen.session.replay
        assert replay.step == replay.count == 52 and not screen.jumping and replay.frontier == 0
        assert "step 52/52" in screen.status_bar.text
        await pilot.press("left")  # no undo log at the end: a long jump from the start
        await app.workers.wait_for_complete()
        await pilot.pause()
        stepped, replay = Replay(screen.session.trace), screen.session.replay  # (the background one, if it took over)
        stepped.seek(51)
        assert replay.step == 51 and replay.views == stepped.views and replay.stack == stepped.stack
        assert "step 51/52" in screen.status_bar.text


async def test_short_jumps_stay_immediate():
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("end")
        assert app.screen.session.replay.step == 52 and not app.screen.jumping


async def test_a_big_traces_checkpoints_are_built_in_the_background(monkeypatch):
    monkeypatch.setattr(search_screen, "LONG_JUMP", 5)  # big enough to build for
    app = make_app(TicTacToe())  # alpha-beta from the empty board: more steps than one checkpoint interval
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        await pilot.press("right", "right")
        # The builder starts CHECKPOINTS_AFTER seconds after the screen is up, maybe after the presses.
        await wait_while(app, pilot, lambda: screen.builder is None or not screen.builder.is_finished, "the builder")
        replay = screen.session.replay
        # Two steps alone build no checkpoint: all of them in place means the background cursor took over
        # (whether it finished before the key presses or after them).
        assert replay.frontier == replay.count // replay.interval * replay.interval > 0
        stepped = Replay(screen.session.trace)
        stepped.seek(2)  # what two steps show, whichever cursor took them
        assert replay.step == 2 and replay.views == stepped.views and replay.stack == stepped.stack
        assert replay.frontier > 0 and f"step 2/{replay.count}" in screen.status_bar.text


async def test_the_builder_stops_when_the_app_closes(monkeypatch):
    """A closed terminal ends the app: the checkpoints being built must not keep the process running (the full
    tic-tac-toe trace's take 10-60 s), so the builder stops at its next chunk once its worker is cancelled."""
    monkeypatch.setattr(search_screen, "LONG_JUMP", 5)
    monkeypatch.setattr(search_screen, "CHECKPOINTS_AFTER", 0.01)
    monkeypatch.setattr(search_screen, "JUMP_CHUNK", 50)
    started, ended, seeking = threading.Event(), threading.Event(), Replay.seeking

    def slow_seeking(replay, step, *, chunk):  # some 1,200 chunks of 20 ms: half a minute to the end
        try:
            for fraction in seeking(replay, step, chunk=chunk):
                started.set()
                time.sleep(0.02)
                yield fraction
        finally:
            ended.set()

    monkeypatch.setattr(Replay, "seeking", slow_seeking)
    app = make_app(TicTacToe())  # alpha-beta from the empty board: 60,000 steps
    async with app.run_test(size=(100, 30)):
        assert await asyncio.to_thread(started.wait, 10)
        screen = app.screen
    assert await asyncio.to_thread(ended.wait, 5)  # the app is gone: the builder stopped at once
    assert screen.built < 0.5 and screen.builder.is_cancelled  # (it may stop before its first fraction)


async def test_a_long_jump_waits_for_the_checkpoints_being_built_rather_than_replaying_twice(monkeypatch):
    monkeypatch.setattr(search_screen, "LONG_JUMP", 5)
    monkeypatch.setattr(search_screen, "CHECKPOINTS_AFTER", 0.01)
    release, build = threading.Event(), search_screen.SearchScreen._build_checkpoints

    def held_build(screen):
        release.wait(10)
        build(screen)

    monkeypatch.setattr(search_screen.SearchScreen, "_build_checkpoints", held_build)
    monkeypatch.setattr(search_screen, "Replay", partial(Replay, interval=5))  # the thread's: checkpoints to build
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        for _ in range(200):
            if screen.builder is not None:
                break
            await pilot.pause(0.01)
        await pilot.press("end", "left")  # End needs no replay; a step back from there is a long jump
        first = screen.session.replay
        assert screen.jumping and first.step == 52 and first.frontier == 0  # waiting for the thread, not replaying
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        replay = screen.session.replay
        assert replay is not first and replay.frontier == 50 and replay.step == 51 and not screen.jumping
        stepped = Replay(screen.session.trace)
        stepped.seek(51)
        assert replay.views == stepped.views and "step 51/52" in screen.status_bar.text
