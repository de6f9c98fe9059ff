"""The App decides which screen comes next: screens post navigation messages and never look at the screen stack."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest
from textual.screen import Screen

from visualizer.games import TicTacToe
from visualizer.tui import make_app, make_play_app
from visualizer.tui.screens import PlayScreen, SearchScreen
from visualizer.tui.screens.app_screen import AppScreen

SCREENS = Path(importlib.import_module("visualizer.tui.screens").__file__).parent


def _screen_modules() -> list[Path]:
    return sorted(path for path in SCREENS.glob("*.py") if path.name != "__init__.py")


def test_there_are_screen_modules_to_check():
    assert {path.stem for path in _screen_modules()} >= {"play_screen", "search_screen", "practice_screen"}


def test_no_screen_reads_the_screen_stack():
    for path in _screen_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        reads = [
            node.lineno for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr == "screen_stack"
        ]
        assert reads == [], f"{path.name} reads screen_stack at lines {reads}"


def test_no_screen_imports_another_screen():
    for path in _screen_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("visualizer.tui.screens"):
                module = importlib.import_module(node.module)
                for alias in node.names:
                    imported = getattr(module, alias.name)
                    is_screen = (
                        isinstance(imported, type) and issubclass(imported, Screen) and imported is not AppScreen
                    )
                    assert not is_screen, f"{path.name} imports the screen {alias.name}"


@pytest.mark.asyncio
async def test_the_first_screen_has_no_way_back_and_escape_keeps_it():
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        first = app.screen
        assert isinstance(first, SearchScreen) and first.can_go_back is False
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is first


@pytest.mark.asyncio
async def test_a_screen_the_app_opens_over_another_goes_back_to_it():
    app = make_play_app(TicTacToe(), depth=1)
    async with app.run_test(size=(110, 32)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, PlayScreen) and game.can_go_back is False
        await pilot.press("5")
        for _ in range(50):  # the engine answers in a worker
            await pilot.pause()
            if game.match.last_engine_turn() is not None and not game.thinking:
                break
        await pilot.press("t")
        await pilot.pause()
        search = app.screen
        assert isinstance(search, SearchScreen) and search.can_go_back is True
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game  # the same game, not a new one
