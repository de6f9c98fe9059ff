"""Provides the trace exporters: networkx graphs, strict JSON (and back), DOT, and the pictures of `Figure`."""

from visualizer.export.atomic import write_bytes_atomic, write_text_atomic
from visualizer.export.dot_format import graph_to_dot, to_dot, write_dot
from visualizer.export.dot_frames import write_frames
from visualizer.export.dot_labels import quote_label, unquote_label
from visualizer.export.errors import GraphvizMissing, RenderError, TraceFileError
from visualizer.export.files import trace_slug, write_trace_files
from visualizer.export.graph import FORMAT, FORMAT_VERSION, to_networkx
from visualizer.export.json_format import from_json, read_json, to_json, write_json
from visualizer.export.rebuild import from_networkx
from visualizer.export.figure import Figure
from visualizer.export.formats import EXPORT_FORMATS, PictureOptions
from visualizer.export.render import GRAPHVIZ_FORMATS, is_graphviz_installed, render
from visualizer.export.schema import load_schema, validate

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
    "from_networkx",
    "graph_to_dot",
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
