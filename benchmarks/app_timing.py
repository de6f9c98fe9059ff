"""Provides the app rows: opening a saved trace in the app (time and peak RSS), End pressed at once, and one step.

`time_app` loads the trace file (`read_json`), builds the app (`make_app(trace=...)`) and waits until
the search screen is up and drawn (the open time; the peak RSS so far is the open's). It then
presses End at once, before the replay's checkpoints exist (a thread the app starts once its first
screen is up), and times until the last step is drawn. Once the checkpoints are built it times End
again, goes back to step 0 and presses "right" N times.

Keys go in through `App.simulate_key`, and a key is over when the app has drawn what it changed and
gone idle: a 10 ms slice in which the process used almost no CPU (`process_time`). A step's figure
is its CPU time (the app's own work: Textual handling the key, the widgets' updates, the layout and
the drawing), which waiting does not count; the wall-clock time, which includes the idle slice, is
reported beside it, as is the CPU time of a key that no screen binds. (The Pilot's own `press` and
`pause` post a callback to every widget and wait in 20 ms slices: some 10 ms of CPU and 60 ms of
wall-clock time a key, whatever the app does.)

Run as `python -m benchmarks.app_timing FILE --steps N` it prints the timing as JSON, which is how
`app_rows` measures it in a child process (a fresh heap, and a time limit).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from benchmarks.measure import percentile
from benchmarks.report import Row

__all__ = ["APP_SIZE", "TARGETS", "AppTiming", "app_rows", "main", "time_app"]

APP_SIZE = (120, 40)
"""The terminal the app is measured in (columns, rows)."""

IDLE_KEY = "f12"
"""A key that no screen binds."""

IDLE_SLICE = 0.01
"""Seconds of a slice in which the app counts as idle when it used less than a tenth of them in CPU."""

TARGETS = {"open_s": 3.0, "open_peak_mb": 600.0, "end_s": 1.0, "step_ms": 33.0}
"""The issue's targets: opening the full minimax trace, its peak RSS, End pressed at once, one step (p95)."""


@dataclass(frozen=True)
class AppTiming:
    """How long the app took to open a trace, to show its last step and to take each step.

    Attributes:
        load_s: `read_json` of the file.
        open_s: from building the app until the search screen is up and drawn.
        open_peak_mb: the process's peak resident memory then, in MiB (its own: `VmHWM`).
        end_s: End pressed as soon as the screen was drawn, until the last step is drawn.
        end_built_s: End again once the checkpoints are built.
        step_wall_s: each step's wall-clock time (press "right" until the app is idle).
        step_cpu_s: each step's CPU time over the same span.
        idle_wall_s: the same for a key that no screen binds.
        idle_cpu_s: the CPU time of those keys.
        final_step: the replay's step after the presses (the number of steps taken).
    """

    load_s: float
    open_s: float
    open_peak_mb: float
    end_s: float
    end_built_s: float
    step_wall_s: list[float]
    step_cpu_s: list[float]
    idle_wall_s: list[float]
    idle_cpu_s: list[float]
    final_step: int


async def time_app(path: Path, *, steps: int = 100, budget: float = 60.0, idle_presses: int = 10) -> AppTiming:
    """Opens the trace file in the app, presses End at once, then steps through it from the start.

    Args:
        path: a trace written by `write_json`.
        steps: the most steps to time.
        budget: seconds after which no further step starts (at least 20 are always taken).
        idle_presses: presses of an unbound key to time.
    """
    from visualizer.readwrite.trace_json import read_json
    from visualizer.tui import make_app
    from visualizer.tui.screens import SearchScreen
    from visualizer.tui.screens.search_screen import CHECKPOINTS_AFTER

    start = time.perf_counter()
    trace = read_json(path)
    loaded = time.perf_counter()
    app = make_app(trace=trace)
    async with app.run_test(size=APP_SIZE):
        opened = await _first_screen(app, SearchScreen)
        peak_mb = _peak_mb()
        end_s = await _last_step_drawn(app)
        # The checkpoints are built in a thread from CHECKPOINTS_AFTER seconds after the screen is up:
        # the steps are timed once that is over, or its CPU time would count in theirs.
        await asyncio.sleep(CHECKPOINTS_AFTER + 0.1)
        await app.workers.wait_for_complete()
        await _press(app, "home")
        end_built_s = await _last_step_drawn(app)
        await _press(app, "home")
        idle = [await _press(app, IDLE_KEY) for _ in range(idle_presses)]
        timed: list[tuple[float, float]] = []
        while len(timed) < steps and (len(timed) < 20 or sum(wall for wall, _ in timed) < budget):
            timed.append(await _press(app, "right"))
        final_step = app.screen.session.replay.step
    walls, cpus = [wall for wall, _ in timed], [cpu for _, cpu in timed]
    idle_walls, idle_cpus = [wall for wall, _ in idle], [cpu for _, cpu in idle]
    return AppTiming(
        loaded - start, opened - loaded, peak_mb, end_s, end_built_s, walls, cpus, idle_walls, idle_cpus, final_step
    )


async def _first_screen(app: Any, screen_type: type, *, limit: float = 60.0) -> float:
    """The `perf_counter` time at which the app has drawn its first `screen_type` screen.

    The app is polled: waiting until the whole process is idle would count the thread the app
    starts after its first screen (the checkpoints) as loading time.
    """
    deadline = time.perf_counter() + limit
    while not isinstance(app.screen, screen_type):
        if time.perf_counter() > deadline:
            raise RuntimeError(f"the app showed {type(app.screen).__name__}, not the search screen")
        await asyncio.sleep(0.002)
    await _drawn(app)
    return time.perf_counter()


async def _drawn(app: Any) -> None:
    """Returns once the screen has drawn what it was asked to draw so far."""
    drawn = asyncio.Event()
    app.screen.call_after_refresh(drawn.set)
    await drawn.wait()


async def _last_step_drawn(app: Any, *, limit: float = 120.0) -> float:
    """Presses End and returns the seconds until the last step is on screen (drawn, any long jump over)."""
    screen, start = app.screen, time.perf_counter()
    app.simulate_key("end")
    while screen.jumping or screen.session.replay.step != screen.session.replay.count:
        if time.perf_counter() - start > limit:
            raise RuntimeError(f"End did not reach the last step in {limit:.0f} s")
        await asyncio.sleep(0.001)
    await _drawn(app)
    return time.perf_counter() - start


async def _press(app: Any, key: str) -> tuple[float, float]:
    """Presses `key`; returns the wall-clock and CPU seconds until the app is idle again (less one idle slice)."""
    wall, cpu = time.perf_counter(), time.process_time()
    app.simulate_key(key)
    while True:
        slice_cpu = time.process_time()
        await asyncio.sleep(IDLE_SLICE)
        if time.process_time() - slice_cpu < IDLE_SLICE / 10:
            return time.perf_counter() - wall - IDLE_SLICE, time.process_time() - cpu


def _peak_mb() -> float:
    """This process's peak resident memory in MiB: `VmHWM`, which starts afresh at exec (Linux's `ru_maxrss`
    starts at the parent's resident size; it is the fallback elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


OPEN_WHAT = "app: open the saved trace (read_json + start)"
OPEN_RSS_WHAT = "app: peak RSS once the saved trace is open"
END_WHAT = "app: End pressed at once, until the last step is drawn"
STEP_WHAT = "app: one step (right), 95th percentile of CPU time"


def _rows(timing: AppTiming) -> list[Row]:
    """The open, memory, End and step rows of one timing."""
    return [
        Row(
            key="app-open",
            what=OPEN_WHAT,
            figures={"read_json_s": timing.load_s, "start_s": timing.open_s},
            measured=timing.load_s + timing.open_s,
            unit="s",
            target=TARGETS["open_s"],
        ),
        Row(
            key="app-open-rss",
            what=OPEN_RSS_WHAT,
            measured=timing.open_peak_mb,
            unit="MB",
            target=TARGETS["open_peak_mb"],
        ),
        Row(
            key="app-end",
            what=END_WHAT,
            figures={"End_with_checkpoints_s": timing.end_built_s},
            measured=timing.end_s,
            unit="s",
            target=TARGETS["end_s"],
        ),
        Row(
            key="app-step",
            what=STEP_WHAT,
            figures={
                "steps": len(timing.step_cpu_s),
                "median_cpu_ms": percentile(timing.step_cpu_s, 0.5) * 1000,
                "p95_wall_ms": percentile(timing.step_wall_s, 0.95) * 1000,
                "unbound_key_cpu_ms": percentile(timing.idle_cpu_s, 0.5) * 1000,
            },
            measured=percentile(timing.step_cpu_s, 0.95) * 1000,
            unit="ms",
            target=TARGETS["step_ms"],
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
        note = f"stopped after {timeout:.0f} s: not measured"
        return [
            Row(key=key, what=what, unit=unit, target=TARGETS[target], note=note)
            for key, what, unit, target in (
                ("app-open", OPEN_WHAT, "s", "open_s"),
                ("app-open-rss", OPEN_RSS_WHAT, "MB", "open_peak_mb"),
                ("app-end", END_WHAT, "s", "end_s"),
                ("app-step", STEP_WHAT, "ms", "step_ms"),
            )
        ]
    if done.returncode != 0:
        raise RuntimeError(f"the app timing failed:\n{done.stderr[-3000:]}")
    timing = AppTiming(**json.loads(done.stdout))
    progress(
        f"app: opened in {timing.load_s + timing.open_s:.2f} s, End in {timing.end_s:.2f} s, "
        f"{len(timing.step_cpu_s)} steps; {time.perf_counter() - started:.1f} s in all"
    )
    rows = _rows(timing)
    if timing.final_step != len(timing.step_cpu_s):
        rows[-1].note = f"the replay reached step {timing.final_step} after {len(timing.step_cpu_s)} presses"
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
