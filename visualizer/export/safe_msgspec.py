"""Provides `msgspec`, imported with ctrl+c, SIGTERM and SIGHUP held back: the one place the project imports it.

msgspec (0.22) sets its C module up while it imports `datetime`. A signal whose Python handler raises
at that moment (ctrl+c, or SIGTERM or SIGHUP, which the CLI turns into exceptions) is lost inside that set-up,
the module is left half made, and the next msgspec call crashes the process (a segmentation fault)
instead of the signal ending it cleanly, temporaries removed. Held back until the import is over,
the signal is delivered just after it and stops the program as usual.
"""

from __future__ import annotations

import signal
import threading
from types import ModuleType

__all__ = ["msgspec"]

_HELD = {signal.SIGINT, signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])}
"""ctrl+c, and the signals the CLI turns into exceptions (a `kill`, the terminal closing)."""


def _imported() -> ModuleType:
    """msgspec, imported with `_HELD` blocked where that is possible (in the main thread, which runs
    Python's signal handlers, on platforms with `pthread_sigmask`)."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        import msgspec as module
        return module
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        import msgspec as module
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
    return module


msgspec = _imported()
