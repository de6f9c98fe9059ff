"""Provides `freeze_heap`, `refreeze_heap` and `thaw_heap`: keep what the app holds out of Python's full collections."""

from __future__ import annotations

import gc

__all__ = ["freeze_heap", "refreeze_heap", "thaw_heap"]


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
