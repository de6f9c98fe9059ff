"""Provides the measuring tools: best-of-K timing, a child process's peak RSS, percentiles, machine facts."""

from __future__ import annotations

import datetime
import gc
import math
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["ChildRun", "Timing", "best_of", "best_of_pairs", "machine_facts", "peak_rss", "percentile"]


@dataclass(frozen=True)
class Timing:
    """The best of some runs of one call.

    Attributes:
        seconds: the fastest run's wall-clock time (`time.perf_counter`).
        runs: how many runs were made.
        result: what the last run returned.
    """

    seconds: float
    runs: int
    result: Any


def best_of(
    function: Callable[[], Any], *, repeat: int, budget: float = math.inf, before: Callable[[], None] | None = None
) -> Timing:
    """Times `function()` up to `repeat` times and keeps the fastest run.

    Runs stop early once they have taken `budget` seconds in all (there is always at least one),
    so that calls of a minute are not repeated. Garbage from the previous run is collected, and
    `before()` called, outside the timed part.

    Args:
        function: the call to time.
        repeat: the most runs.
        budget: the seconds after which no further run starts.
        before: resets state between runs (e.g. clears a cache), not timed.

    Returns:
        The fastest time, the number of runs and the last run's result.
    """
    best, spent, runs, result = math.inf, 0.0, 0, None
    while runs < max(repeat, 1) and (runs == 0 or spent < budget):
        result = None  # let the previous result go before the next run
        seconds, result = _timed(function, before)
        best, spent, runs = min(best, seconds), spent + seconds, runs + 1
    return Timing(best, runs, result)


def best_of_pairs(
    first: Callable[[], Any],
    second: Callable[[], Any],
    *,
    repeat: int,
    budget: float = math.inf,
    least: float = 0.0,
    most: int = 1,
    before: Callable[[], None] | None = None,
) -> tuple[Timing, Timing]:
    """Times `first()` and `second()` in turns and keeps each one's fastest run, so that a change in the
    machine's load while they run falls on both alike.

    At least `repeat` pairs run, and more (up to `most` pairs) while all the runs so far took under `least`
    seconds (a quick call is timed often enough for its best to be steady); no pair starts once they have
    taken `budget` seconds. Garbage is collected, and `before()` called, outside the timed part, as `best_of` does, and
    no result is kept past the next call but the last one of `second`.

    Returns:
        The timings of `first` (without a result) and of `second` (with its last run's result).
    """
    best, spent, pairs, kept = [math.inf, math.inf], 0.0, 0, None
    while pairs < max(repeat, 1) or (spent < least and pairs < most):
        if pairs and spent >= budget:
            break
        for index, function in enumerate((first, second)):
            kept = None  # no result shares the heap with the next call
            seconds, result = _timed(function, before)
            kept, result = (result if index else None), None
            best[index], spent = min(best[index], seconds), spent + seconds
        pairs += 1
    return Timing(best[0], pairs, None), Timing(best[1], pairs, kept)


@dataclass(frozen=True)
class ChildRun:
    """One child process: its peak resident memory, its wall-clock time and how it ended.

    Attributes:
        peak_mb: the child's own peak RSS in MiB (`ru_maxrss`).
        seconds: from start to exit, the launcher's start included.
        returncode: the exit code (negative: killed by that signal; None: timed out and killed).
        output: the tail of its standard error, for messages when it failed.
    """

    peak_mb: float
    seconds: float
    returncode: int | None
    output: str


_LAUNCHER = """\
import resource, subprocess, sys
try:
    code = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, timeout=float(sys.argv[1])).returncode
except subprocess.TimeoutExpired:
    code = None
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)
"""
"""Runs the command given after the timeout, then prints its peak RSS (KiB) and its exit code."""


def peak_rss(command: Sequence[str], *, cwd: Path, timeout: float, env: dict[str, str] | None = None) -> ChildRun:
    """Runs `command` and returns its own peak RSS.

    The command is started by a small launcher process, which reads the peak with
    `getrusage(RUSAGE_CHILDREN)` once the command has exited. Started straight from this process,
    the command's `ru_maxrss` would start at this process's own resident size: Linux carries the
    parent's high-water mark into the child through fork (and vfork) and exec, so a benchmark that
    still holds a 6 GB heap would see at least 6 GB for every child. The launcher starts small, and
    it runs one command, so the peak is that command's alone.

    Args:
        command: the program and its arguments.
        cwd: the folder it runs in.
        timeout: seconds after which it is killed (`returncode` is then None).
        env: its environment (None: this process's).
    """
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _LAUNCHER, str(timeout), *command],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    peak_kb, code = done.stdout.split()[-2:]
    seconds = time.perf_counter() - start
    return ChildRun(int(peak_kb) / 1024, seconds, None if code == "None" else int(code), done.stderr[-2000:])


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile: the smallest value with at least `fraction` of them at or below it."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def machine_facts() -> dict[str, Any]:
    """Where and when the figures were measured: CPUs, memory, Python, platform, date."""
    try:
        memory_gb = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 1024**3
    except (ValueError, OSError, AttributeError):
        memory_gb = None
    return {
        "cpu_count": os.cpu_count(),
        "processor": platform.processor() or platform.machine(),
        "memory_gb": None if memory_gb is None else round(memory_gb, 1),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "executable": sys.executable,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def _timed(function: Callable[[], Any], before: Callable[[], None] | None) -> tuple[float, Any]:
    """One run of `function()`: its seconds and its result; garbage collected and `before()` called untimed."""
    gc.collect()
    if before is not None:
        before()
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result
