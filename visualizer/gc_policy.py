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


def freeze_heap() -> None:
    """Moves every object alive now into the cyclic collector's permanent generation, so that full
    collections (with a big trace open, one slow step in twenty) do not walk them."""
    gc.freeze()


def refreeze_heap() -> None:
    """Freezes the heap afresh once the app has let go of what it froze (frozen widgets hold cycles, so
    they would stay in memory until exit otherwise)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def thaw_heap() -> None:
    """Hands every frozen object back to the collector (when the app exits)."""
    gc.unfreeze()
