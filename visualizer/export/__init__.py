"""Provides the trace exporters: networkx graphs, strict JSON (and back), DOT, and the pictures of `Figure`.

Each name is imported from its module when first asked for, so a command that writes JSON does not
load the picture, TikZ and schema modules (about 60 ms of a start-up).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from visualizer.export.render import render  # bound now: once its module loads, `render` would name the module

_MODULES = {
    "write_bytes_atomic": "atomic",
    "write_text_atomic": "atomic",
    "to_dot": "dot_format",
    "write_dot": "dot_format",
    "write_frames": "dot_frames",
    "quote_label": "dot_labels",
    "unquote_label": "dot_labels",
    "GraphvizMissing": "errors",
    "RenderError": "errors",
    "TraceFileError": "errors",
    "Figure": "figure",
    "trace_slug": "files",
    "write_trace_files": "files",
    "EXPORT_FORMATS": "formats",
    "PictureOptions": "formats",
    "FORMAT": "graph",
    "FORMAT_VERSION": "graph",
    "to_networkx": "graph",
    "from_json": "json_format",
    "read_json": "json_format",
    "to_json": "json_format",
    "write_json": "json_format",
    "GRAPHVIZ_FORMATS": "render",
    "is_graphviz_installed": "render",
    "load_schema": "schema",
    "validate": "schema",
}
"""The module of each name the package offers."""

__all__ = [
    "FORMAT",
    "EXPORT_FORMATS",
    "Figure",
    "GRAPHVIZ_FORMATS",
    "PictureOptions",
    "FORMAT_VERSION",
    "GraphvizMissing",
    "RenderError",
    "TraceFileError",
    "from_json",
    "is_graphviz_installed",
    "load_schema",
    "quote_label",
    "read_json",
    "render",
    "to_dot",
    "trace_slug",
    "to_json",
    "to_networkx",
    "unquote_label",
    "validate",
    "write_bytes_atomic",
    "write_dot",
    "write_frames",
    "write_json",
    "write_text_atomic",
    "write_trace_files",
]


def __getattr__(name: str) -> Any:
    """The name from its module, imported now (and kept here, so this runs once per name)."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f"{__name__}.{module}"), name)
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
