"""The app on a trace whose names would clear the screen ("B\\x1b[2J\\x1b[31mX") or restyle it ("[bold red]C[/]")
(issue 34, point 6): the tree, the table, the call stack and the log show the first escaped and the second as
written, and nothing raw reaches the terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from visualizer.readwrite.trace_json import read_json
from visualizer.tui import make_app
from visualizer.tui.widgets.panels import CallStack

pytestmark = pytest.mark.asyncio

EXAMPLE = Path(__file__).resolve().parents[2] / "traces" / "example15-alphabeta.json"


def odd_trace(folder: Path):
    """The 15-node example with B named "B<ESC>[2J<ESC>[31mX" and C named "[bold red]C[/]"."""
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace('{"id": 1, "name": "B"}', '{"id": 1, "name": "B\\u001b[2J\\u001b[31mX"}')
    text = text.replace('{"id": 2, "name": "C"}', '{"id": 2, "name": "[bold red]C[/]"}')
    path = folder / "odd.json"
    path.write_text(text, encoding="utf-8")
    return read_json(path)


async def test_names_are_shown_escaped_and_never_as_markup(tmp_path):
    app = make_app(trace=odd_trace(tmp_path))
    async with app.run_test(size=(160, 40)) as pilot:
        for _ in range(2):  # enter A, then B
            await pilot.press("right")
        await pilot.pause()
        screen = app.screen
        lines = [strip.text for strip in screen._compositor.render_strips()]
        drawn = "\n".join(lines)
        assert "\x1b" not in drawn
        assert ">▲B\\x1b[2J\\x1b[31mX #2" in drawn  # the tree's label
        assert "│ …x1b[2J\\x1b[31mX  -" in drawn  # the table's name column, its last 15 cells
        assert "▲[bold red]C[/]" in drawn and "│ [bold red]C[/]    -" in drawn  # the tree's label, the table's row
        assert screen.query_one(CallStack).lines[-1] == "  ▲B\\x1b[2J\\x1b[31mX [-inf, +inf] = -"
        assert screen.event_log.lines[-1].startswith("2. Enter B\\x1b[2J\\x1b[31mX (MAX, depth 1)")
