"""Provides the garbage-collector policy: `paused_gc` while a trace is built, `freeze_heap` and kin while it is shown.

Traces are millions of small objects that hold no cycles, so Python's cyclic collector only costs
time walking them: it is paused while they are made (`paused_gc`), and what stays alive while the
app shows them is moved out of its full collections (`freeze_heap`, `refreeze_heap`, `thaw_heap`).
Reference counting frees everything as usual throughout. The module imports no Textual: the core
(search, replay, export) and the app share it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["freeze_heap", "paused_gc", "refreeze_heap", "thaw_heap"]


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pauses Python's cyclic garbage collector (if it is on) while recording.

    A recording only adds objects that hold no cycles, but millions of them, and every collection
    would walk them all again: about 40 % of a large traced search. Reference counting still frees
    everything as usual.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def freeze_heap() -> None:
    """Moves every object alive now into the cyclic collector's permanent generation.

    A full collection walks every tracked object. With the app up and a big trace open that is
    some 120,000 containers (Textual's widgets and caches, the trace's columns), and the objects a
    step leaves alive for a while start a full collection every 20 or so steps: about 120 ms, the
    one slow step in twenty. Frozen objects are not walked (a full collection then takes about
    10 ms), nor freed by the cyclic collector until `thaw_heap` or `refreeze_heap`; reference counting
    frees them as before. Textual itself pauses the collector during smooth scrolling for the same
    reason.
    """
    gc.freeze()


def refreeze_heap() -> None:
    """Freezes the heap afresh once the app has let go of what it froze (a trace and the widgets showing it).

    Widgets refer to each other in cycles, so frozen widgets, and the trace they hold, would stay in
    memory until the app exits: the frozen objects are handed back, collected, and what is left frozen.
    """
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def thaw_heap() -> None:
    """Hands every frozen object back to the collector (when the app exits)."""
    gc.unfreeze()
