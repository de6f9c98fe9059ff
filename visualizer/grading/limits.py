"""Provides the default limits on a student's run, per tree: time, memory and recursion depth."""

from __future__ import annotations

__all__ = ["DEFAULT_MEMORY_MB", "DEFAULT_RECURSION", "DEFAULT_TIMEOUT", "LIMIT_RANGES"]

DEFAULT_TIMEOUT = 10.0
"""Seconds a student's function may run on one tree."""

DEFAULT_MEMORY_MB = 512
"""Megabytes of address space the student's process may hold."""

DEFAULT_RECURSION = 10_000
"""How deep the student's recursion may go."""

LIMIT_RANGES = {"timeout": (0.001, 3600), "memory": (64, 65_536), "recursion": (100, 1_000_000)}
"""The values `grade --timeout`, `--memory` and `--recursion` accept, least and most: an hour, 64 GB and a
million frames are past any exercise, and a larger number is a typo (1e308 seconds once crashed the grader)."""
