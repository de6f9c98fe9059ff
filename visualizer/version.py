"""Provides `__version__`, the visualizer's version (what trace files record as their `tool_version`)."""

__version__ = "0.1.0"
