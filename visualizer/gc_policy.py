"""Provides the garbage-collector policy: `paused_gc` while a trace is built, `freeze_heap` and kin while it is shown.

Traces are millions of small objects that hold no cycles, so the cyclic collector only costs time walking
them; reference counting frees everything as usual throughout.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["freeze_heap", "paused_gc", "refreeze_heap", "thaw_heap"]


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pauses Python's cyclic garbage collector (if it is on) while recording."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


FREEZE_FROM_STEPS = 50_000
"""A trace of fewer steps leaves the collector alone: walking its objects costs less than the full collection
that the next search needs once the heap is frozen."""


_froze = False
"""True once `freeze_heap` froze the heap, until `refreeze_heap` or `thaw_heap` hands it back: a heap frozen by
whoever hosts the app (a notebook, the test suite) stays frozen."""


def freeze_heap(steps: int) -> None:
    """With a trace of `steps` steps on screen, FREEZE_FROM_STEPS or more, moves every object alive now into the
    cyclic collector's permanent generation, so that full collections (with a big trace open, one slow step in
    twenty) do not walk them."""
    global _froze
    if steps >= FREEZE_FROM_STEPS:
        gc.freeze()
        _froze = True


def refreeze_heap(steps: int) -> None:
    """Once the app has let go of what it froze, frees it (frozen widgets hold cycles, so they would stay in memory
    until exit otherwise), then freezes the heap afresh for the new trace of `steps` steps (`freeze_heap`)."""
    if _froze:
        thaw_heap()
        gc.collect()
    freeze_heap(steps)


def thaw_heap() -> None:
    """Hands every frozen object back to the collector (when the app exits), if `freeze_heap` froze them."""
    global _froze
    if _froze:
        gc.unfreeze()
        _froze = False
