"""Shared by the UI tests: wait for the app's background workers to finish and reach the screen; read a box's rows."""

from __future__ import annotations

from collections.abc import Callable

from textual.geometry import Region


async def wait_while(app, pilot, busy: Callable[[], bool], what: str, *, attempts: int = 200) -> None:
    """Lets workers finish and the screen catch up until `busy()` is false; fails naming `what`."""
    for _ in range(attempts):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not busy():
            return
    raise AssertionError(f"{what} did not finish")


def box_rows(widget) -> list[str]:
    """The rows inside a bordered widget's box, as text without the border and the indent."""
    return [strip.text.strip("│ ") for strip in widget.render_lines(Region(0, 0, *widget.outer_size))][1:-1]


async def resize(app, pilot, width: int, height: int) -> None:
    """Resizes the terminal and waits until the screen has its new size and is laid out again (under load one
    pause is not always enough for the resize to arrive)."""
    await pilot.resize_terminal(width, height)
    await wait_while(app, pilot, lambda: tuple(app.screen.size) != (width, height), f"the resize to {width}x{height}")
    await pilot.pause()
