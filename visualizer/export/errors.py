"""Provides the exceptions of the exporters, each carrying one user-facing line."""

from visualizer.errors import InputError

__all__ = ["TraceFileError", "GraphvizMissing", "RenderError"]


class TraceFileError(InputError):
    """A trace file cannot be loaded: not JSON, cut short, not a trace, invalid, or too new."""


class GraphvizMissing(InputError):
    """Graphviz's `dot` program is needed to render SVG or PNG and is not installed."""


class RenderError(InputError):
    """Graphviz's `dot` ran but could not render the file."""
