"""Shared by the UI tests: wait for the app's background workers to finish and reach the screen."""

from __future__ import annotations

from collections.abc import Callable


async def wait_while(app, pilot, busy: Callable[[], bool], what: str, *, attempts: int = 200) -> None:
    """Lets workers finish and the screen catch up until `busy()` is false; fails naming `what`."""
    for _ in range(attempts):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not busy():
            return
    raise AssertionError(f"{what} did not finish")
