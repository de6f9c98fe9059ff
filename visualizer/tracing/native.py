"""Provides `compiled_replay`: the compiled replay of the light hooks' log (`_replay.c`), or None.

The extension is optional: `pip install` builds it when a C compiler is at hand, and the Python
loop in `recording_hooks.sync` does the same work without it. A build older than its source (an
editable install whose `_replay.c` changed since) is not used; `pip install -e .` rebuilds it.
Set `VISUALIZER_PURE_PYTHON=1` to run the Python loop even when the extension is there.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path
from types import ModuleType

__all__ = ["SOURCE", "compiled_replay", "is_stale"]

SOURCE = Path(__file__).with_name("_replay.c")
"""The extension's source: present in a source checkout, absent from an installed wheel."""

try:
    from visualizer.tracing import _replay
except ImportError:  # not built: no compiler, or a platform without one
    _replay = None


@cache
def is_stale() -> bool:
    """True when the built extension was compiled from another version of the source next to it."""
    if _replay is None or not SOURCE.exists():
        return False
    return _replay.SOURCE_DIGEST != hashlib.sha256(SOURCE.read_bytes()).hexdigest()


def compiled_replay() -> ModuleType | None:
    """The compiled module when it is built, fresh and not switched off; otherwise None."""
    if _replay is None or os.environ.get("VISUALIZER_PURE_PYTHON") or is_stale():
        return None
    return _replay
