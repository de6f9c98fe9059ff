"""Provides `speedups`: the compiled bodies of two tracing loops (`_speedups.c`), or None.

`_speedups.replay` files the light hooks' log (the loop of `recording_hooks.sync` for a pass that
shares its entered lists) and `_speedups.child_index` groups the nodes by parent (`ChildIndex`).
The extension is optional: `pip install` builds it when a C compiler is at hand, and the Python
code does the same work without it, and stays the reference it is tested against. A build older
than its source (an editable install whose `_speedups.c` changed since) is not used;
`pip install -e .` rebuilds it. Set `VISUALIZER_PURE_PYTHON=1` to run the Python code even when the
extension is there.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path
from types import ModuleType

__all__ = ["SOURCE", "is_stale", "speedups"]

SOURCE = Path(__file__).with_name("_speedups.c")
"""The extension's source: present in a source checkout, absent from an installed wheel."""

try:
    from visualizer.tracing import _speedups
except ImportError:  # not built: no compiler at install
    _speedups = None


@cache
def is_stale() -> bool:
    """True when the built extension was compiled from another version of the source next to it."""
    if _speedups is None or not SOURCE.exists():
        return False
    return _speedups.SOURCE_DIGEST != hashlib.sha256(SOURCE.read_bytes()).hexdigest()


def speedups() -> ModuleType | None:
    """The compiled module when it is built, fresh and not switched off; otherwise None."""
    if _speedups is None or os.environ.get("VISUALIZER_PURE_PYTHON") or is_stale():
        return None
    return _speedups
