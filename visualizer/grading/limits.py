"""Provides the default limits on a student's run, per tree: time, memory and recursion depth."""

from __future__ import annotations

from visualizer.errors import InputError

__all__ = ["DEFAULT_MEMORY_MB", "DEFAULT_RECURSION", "DEFAULT_TIMEOUT", "LIMIT_RANGES", "check_limit", "shown_number"]

DEFAULT_TIMEOUT = 10.0
"""Seconds a student's function may run on one tree."""

DEFAULT_MEMORY_MB = 512
"""Megabytes of address space the student's process may hold."""

DEFAULT_RECURSION = 10_000
"""How deep the student's recursion may go."""

LIMIT_RANGES = {"timeout": (0.001, 3600), "memory": (64, 65_536), "recursion": (100, 1_000_000)}
"""The values `grade --timeout`, `--memory` and `--recursion` accept, least and most: below 64 MB the worker
cannot start (Python and its threads take about 35 MB of address space); an hour, 64 GB and a million
frames are past any exercise, so a larger number is a typo (1e308 seconds once crashed the grader)."""


def shown_number(value: float) -> str:
    """A limit as the user reads it: 10,000 or 0.001 or 1e+308."""
    return f"{value:,}" if isinstance(value, int) else f"{value:,g}"


def check_limit(flag: str, value: float, least: float, most: float) -> None:
    """Refuses `value` outside `least`..`most` (NaN included) in one line naming `flag` and the range."""
    if not least <= value <= most:
        shown = (shown_number(bound) for bound in (value, least, most))
        raise InputError("{} is {}; give a number from {} to {}".format(flag, *shown))
