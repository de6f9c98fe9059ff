"""Provides the default limits on a student's run, per tree: time, memory and recursion depth."""

from __future__ import annotations

__all__ = ["DEFAULT_MEMORY_MB", "DEFAULT_RECURSION", "DEFAULT_TIMEOUT"]

DEFAULT_TIMEOUT = 10.0
"""Seconds a student's function may run on one tree."""

DEFAULT_MEMORY_MB = 512
"""Megabytes of address space the student's process may hold."""

DEFAULT_RECURSION = 10_000
"""How deep the student's recursion may go."""
