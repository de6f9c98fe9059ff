"""Provides the hypothesis profiles ("ci", derandomized, when $CI is set; else "dev"), no Textual animations and
shorter Pilot waits."""

import gc
import os

import textual._wait
import textual.constants
import textual.screen
from hypothesis import settings
from textual._styles_cache import StylesCache

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=100)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile("ci" if "CI" in os.environ else "dev")

# As TEXTUAL_ANIMATIONS=none does for a user: scrolls and panels land at once. The UI tests check where
# things land, not the frames between; each app reads the level when it is made.
textual.constants.TEXTUAL_ANIMATIONS = "none"

# Pilot waits twice after every key until the process looks idle: it sleeps SLEEP_GRANULARITY (20 ms) at a time until
# a slice used under SLEEP_IDLE (1 ms) of CPU, and a screen redraws at most every UPDATE_PERIOD (1/60 s). Slices of
# 3 ms and redraws every 1/360 s keep those rules (a redraw still lands within a slice) and leave a core idle for 6 ms
# a key instead of 40: the step-through tests took 12% less time, with the same CPU time.
textual._wait.SLEEP_GRANULARITY = 0.003
textual._wait.SLEEP_IDLE = 0.001
textual.screen.UPDATE_PERIOD = 1 / 360


def freeze_imported_heap() -> None:
    """Moves what the test modules imported (Textual, hypothesis, numpy, matplotlib) out of full collections, which
    otherwise walk it again and again, and collects the young generation every 10,000 allocations instead of 700
    (most of a test's objects die before that). The app's heap policy (visualizer.gc_policy) leaves this freeze
    alone, unless a test makes the app freeze a trace: the app thaws the whole heap at exit, and the teardown freezes
    it again."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


_thawed = False
"""True once a test has called `gc.unfreeze` (the app's exit, after it froze a trace), until the teardown freezes again.
Asking `gc.get_freeze_count()` instead walks every frozen object: 10-30 ms a test, 90 CPU-s over the suite."""
_unfreeze = gc.unfreeze


def _noted_unfreeze() -> None:
    global _thawed
    _thawed = True
    _unfreeze()


gc.unfreeze = _noted_unfreeze


def pytest_collection_finish(session):
    freeze_imported_heap()


def pytest_runtest_teardown(item, nextitem):
    """Lets go of the apps' drawn lines: Textual 8 memoises `StylesCache.get_inner_outer` per widget cache (1,024
    of them, each holding its widget's lines), so without this every test walks the last ones' in full collections.
    Then freezes the heap again if a test thawed it."""
    getattr(StylesCache.get_inner_outer, "cache_clear", lambda: None)()  # gone once Textual fixes it
    global _thawed
    if _thawed:
        _thawed = False
        freeze_imported_heap()
