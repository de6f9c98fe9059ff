"""Provides the app rows: the time to open a saved trace in the app, and the 95th percentile of one step.

`time_app` drives the app with Textual's Pilot: it loads the trace file (`read_json`), builds the
app (`make_app(trace=...)`), waits until the search screen is up and drawn (the open time), lets
the replay's checkpoints be built (a thread the app starts once its first screen is up), then
presses "right" N times, timing each press and `pilot.pause()`.

The Pilot waits for the app to fall idle by sleeping in slices of 20 ms (`textual._wait`), at
least three of them per press and pause, so a Pilot round trip never takes less than about 60 ms
however little the app does. The step row therefore holds the step's CPU time (`process_time`:
the app's own work, handling the key and drawing the screen, which sleeping does not count) against
the target, and reports the wall-clock round trip and the round trip of a key that does nothing
(the Pilot's floor) beside it.

Run as `python -m benchmarks.app_timing FILE --steps N` it prints the timing as JSON, which is how
`app_rows` measures it in a child process (a fresh heap, and a time limit).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from benchmarks.measure import percentile
from benchmarks.report import Row

__all__ = ["APP_SIZE", "AppTiming", "app_rows", "main", "time_app"]

APP_SIZE = (120, 40)
"""The terminal the app is measured in (columns, rows)."""

IDLE_KEY = "f12"
"""A key that no screen binds: pressing it costs only the Pilot's round trip."""


@dataclass(frozen=True)
class AppTiming:
    """How long the app took to open a trace and to take each step.

    Attributes:
        load_s: `read_json` of the file.
        open_s: from building the app until the search screen is up and drawn.
        step_wall_s: each step's Pilot round trip (press "right", then pause), wall-clock.
        step_cpu_s: each step's CPU time over the same span.
        idle_wall_s: round trips of a key that no screen binds (the Pilot's own cost).
        idle_cpu_s: the CPU time of those round trips.
        final_step: the replay's step after the presses (the number of steps taken).
    """

    load_s: float
    open_s: float
    step_wall_s: list[float]
    step_cpu_s: list[float]
    idle_wall_s: list[float]
    idle_cpu_s: list[float]
    final_step: int


async def time_app(path: Path, *, steps: int = 100, budget: float = 60.0, idle_presses: int = 10) -> AppTiming:
    """Opens the trace file in the app and steps through it with the Pilot.

    Args:
        path: a trace written by `write_json`.
        steps: the most steps to time.
        budget: seconds after which no further step starts (at least 20 are always taken).
        idle_presses: round trips of an unbound key to time.
    """
    from visualizer.readwrite.trace_json import read_json
    from visualizer.tui import make_app
    from visualizer.tui.screens import SearchScreen
    from visualizer.tui.screens.search_screen import CHECKPOINTS_AFTER

    start = time.perf_counter()
    trace = read_json(path)
    loaded = time.perf_counter()
    app = make_app(trace=trace)
    async with app.run_test(size=APP_SIZE) as pilot:
        opened = await _first_screen(app, SearchScreen)
        # The replay's checkpoints are built in a thread from CHECKPOINTS_AFTER seconds after the
        # screen is up: the steps are timed once that is over, or its CPU time would count in theirs.
        await asyncio.sleep(CHECKPOINTS_AFTER + 0.1)
        await app.workers.wait_for_complete()
        await pilot.pause()
        idle_walls, idle_cpus = [], []
        for _ in range(idle_presses):
            wall, cpu = time.perf_counter(), time.process_time()
            await pilot.press(IDLE_KEY)
            await pilot.pause()
            idle_walls.append(time.perf_counter() - wall)
            idle_cpus.append(time.process_time() - cpu)
        walls, cpus = [], []
        while len(walls) < steps and (len(walls) < 20 or sum(walls) < budget):
            wall, cpu = time.perf_counter(), time.process_time()
            await pilot.press("right")
            await pilot.pause()
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        final_step = app.screen.session.replay.step
    return AppTiming(loaded - start, opened - loaded, walls, cpus, idle_walls, idle_cpus, final_step)


async def _first_screen(app: Any, screen_type: type, *, limit: float = 60.0) -> float:
    """The `perf_counter` time at which the app has drawn its first `screen_type` screen.

    The app is polled, not paused with the Pilot: `pilot.pause()` waits until the whole process is
    idle, and a thread the app starts after its first screen (the checkpoints) would count as
    loading time.
    """
    deadline = time.perf_counter() + limit
    while not isinstance(app.screen, screen_type):
        if time.perf_counter() > deadline:
            raise RuntimeError(f"the app showed {type(app.screen).__name__}, not the search screen")
        await asyncio.sleep(0.002)
    drawn = asyncio.Event()
    app.screen.call_after_refresh(drawn.set)
    await drawn.wait()
    return time.perf_counter()


OPEN_WHAT = "app: open the saved trace (read_json + start)"
STEP_WHAT = "app: one step (right), 95th percentile of CPU time"


def _rows(timing: AppTiming) -> list[Row]:
    """The open row and the step row of one timing."""
    p95_cpu_ms = percentile(timing.step_cpu_s, 0.95) * 1000
    return [
        Row(
            key="app-open",
            what=OPEN_WHAT,
            figures={"read_json_s": timing.load_s, "start_s": timing.open_s},
            measured=timing.load_s + timing.open_s,
            unit="s",
            target=3.0,
        ),
        Row(
            key="app-step",
            what=STEP_WHAT,
            figures={
                "steps": len(timing.step_cpu_s),
                "p95_wall_ms": percentile(timing.step_wall_s, 0.95) * 1000,
                "median_cpu_ms": percentile(timing.step_cpu_s, 0.5) * 1000,
                "pilot_wall_ms": percentile(timing.idle_wall_s, 0.5) * 1000,
                "pilot_cpu_ms": percentile(timing.idle_cpu_s, 0.5) * 1000,
            },
            measured=p95_cpu_ms,
            unit="ms",
            target=50.0,
        ),
    ]


def app_rows(path: Path, *, steps: int, timeout: float, progress: Callable[[str], None]) -> list[Row]:
    """Times the app on the trace file in a child process; rows that say so when it takes too long."""
    command = [sys.executable, "-m", "benchmarks.app_timing", str(path), "--steps", str(steps)]
    started = time.perf_counter()
    try:
        done = subprocess.run(
            command,
            cwd=Path(__file__).resolve().parent.parent,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        progress(f"app: stopped after {timeout:.0f} s")
        return [
            Row(
                key="app-open",
                what=OPEN_WHAT,
                measured=timeout,
                unit="s",
                target=3.0,
                note=f"stopped after {timeout:.0f} s (the figure is a lower bound)",
            ),
            Row(
                key="app-step",
                what=STEP_WHAT,
                unit="ms",
                target=50.0,
                note="not measured: the app did not open in time",
            ),
        ]
    if done.returncode != 0:
        raise RuntimeError(f"the app timing failed:\n{done.stderr[-3000:]}")
    timing = AppTiming(**json.loads(done.stdout))
    progress(
        f"app: opened in {timing.load_s + timing.open_s:.2f} s, {len(timing.step_cpu_s)} steps "
        f"in {time.perf_counter() - started:.1f} s"
    )
    rows = _rows(timing)
    if timing.final_step != len(timing.step_cpu_s):
        rows[1].note = f"the replay reached step {timing.final_step} after {len(timing.step_cpu_s)} presses"
    return rows


def main(argv: list[str] | None = None) -> int:
    """`python -m benchmarks.app_timing FILE [--steps N]`: prints the `AppTiming` as JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.app_timing", description=main.__doc__)
    parser.add_argument("file", type=Path, help="a trace written by the JSON export")
    parser.add_argument("--steps", type=int, default=100, help="steps to time (100)")
    args = parser.parse_args(argv)
    timing = asyncio.run(time_app(args.file, steps=args.steps))
    print(json.dumps(asdict(timing)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
