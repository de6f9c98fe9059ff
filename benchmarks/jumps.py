"""Provides the jump row: how long a replay takes to jump (Home, End, random steps) on the traced search.

`time_jumps` makes a fresh `Replay` of the trace, as the app does, and times:

- the first End (`seek(count)`), the one pass that builds every checkpoint;
- then Home, End again, and a seeded set of jumps: Home and End ten times each and 180 random steps,
  in a shuffled order, each from wherever the one before left the cursor.

As in the app (`visualizer.gc_policy`), the heap is frozen before the replay starts, so that full
collections do not walk the trace. The memory figures come from `tracemalloc` on a second replay:
what the checkpoints hold once the cursor is back at step 0 (the views of the segments and the
undo log, beyond a fresh replay's), and the peak of the first End on top of what the trace holds.
"""

from __future__ import annotations

import random
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.measure import percentile
from benchmarks.report import Row
from visualizer.gc_policy import refreeze_heap, thaw_heap
from visualizer.steps.replay import CHECKPOINT_INTERVAL, Replay
from visualizer.tracing import Trace

__all__ = ["JUMP_TARGET_MS", "JumpTiming", "jump_rows", "time_jumps"]

JUMP_TARGET_MS = 200.0
"""The most the 95th percentile of a jump may take, in milliseconds (issue 16: well under a second)."""

RANDOM_JUMPS = 180
"""Random steps among the timed jumps (with ten Home and ten End)."""

SEED = 16
"""The seed of the jumps' order and steps."""


@dataclass(frozen=True)
class JumpTiming:
    """How long a replay's jumps took, and the memory its checkpoints hold.

    Attributes:
        events: the trace's events (the last step).
        interval: steps between checkpoints.
        first_end_s: the first End, which builds the checkpoints.
        home_s: Home right after it.
        end_s: End again.
        jump_s: each timed jump (Home, End and random steps).
        held_mb: what the checkpoints hold at step 0 after the first End, beyond a fresh replay.
        peak_mb: the peak during the first End, beyond a fresh replay.
    """

    events: int
    interval: int
    first_end_s: float
    home_s: float
    end_s: float
    jump_s: list[float]
    held_mb: float
    peak_mb: float


def _timed(replay: Replay, step: int) -> float:
    start = time.perf_counter()
    replay.seek(step)
    return time.perf_counter() - start


def _checkpoint_memory(trace: Trace, interval: int) -> tuple[float, float]:
    """MiB held at step 0 after a first End, and the peak during it, both beyond a fresh replay."""
    tracemalloc.start()
    try:
        replay = Replay(trace, interval=interval)
        fresh, _ = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        replay.seek(replay.count)
        _, peak = tracemalloc.get_traced_memory()
        replay.seek(0)
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return (held - fresh) / 2**20, (peak - fresh) / 2**20


def time_jumps(trace: Trace, *, interval: int = CHECKPOINT_INTERVAL, random_jumps: int = RANDOM_JUMPS) -> JumpTiming:
    """Times the first End, Home, End and a seeded set of jumps on a fresh replay of `trace`.

    Args:
        trace: the finished trace.
        interval: steps between checkpoints.
        random_jumps: random steps among the timed jumps.
    """
    refreeze_heap(len(trace.columns.event_kind))  # as the app does with a trace of that many steps
    try:
        replay = Replay(trace, interval=interval)
        count = replay.count
        first_end, home, end = _timed(replay, count), _timed(replay, 0), _timed(replay, count)
        chooser = random.Random(SEED)
        targets = [0, count] * 10 + [chooser.randint(0, count) for _ in range(random_jumps)]
        chooser.shuffle(targets)
        jumps = [_timed(replay, step) for step in targets]
        del replay
    finally:
        thaw_heap()
    held, peak = _checkpoint_memory(trace, interval)
    return JumpTiming(count, interval, first_end, home, end, jumps, held, peak)


JUMPS_WHAT = "replay: one jump (Home, End, a step), 95th percentile"


def jump_rows(trace: Trace, *, progress: Callable[[str], None]) -> list[Row]:
    """The jump row of the traced search's trace."""
    progress(f"replay: jumps over {len(trace.events):,} events")
    timing = time_jumps(trace)
    progress(f"replay: first End {timing.first_end_s:.2f} s, then {len(timing.jump_s)} jumps")
    return [
        Row(
            key="replay-jumps",
            what=JUMPS_WHAT,
            figures={
                "jumps": len(timing.jump_s),
                "median_ms": percentile(timing.jump_s, 0.5) * 1000,
                "max_ms": max(timing.jump_s) * 1000,
                "first_End_s": timing.first_end_s,
                "Home_s": timing.home_s,
                "End_s": timing.end_s,
                "checkpoints_held_mb": timing.held_mb,
                "first_End_peak_mb": timing.peak_mb,
                "interval": timing.interval,
            },
            measured=percentile(timing.jump_s, 0.95) * 1000,
            unit="ms",
            target=JUMP_TARGET_MS,
        )
    ]
