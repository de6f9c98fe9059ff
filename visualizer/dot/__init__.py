"""Provides Graphviz DOT drawings of traces (`to_dot`, `write_dot`, `write_frames`) and `render`, which
runs Graphviz on a DOT file. Names are imported when first used."""

from visualizer.lazy import lazy_names

_NAMES = {
    "quote_label": "visualizer.dot.labels",
    "render": "visualizer.dot.render",
    "to_dot": "visualizer.dot.write",
    "write_dot": "visualizer.dot.write",
    "write_frames": "visualizer.dot.frames",
}
__all__ = list(_NAMES)
__getattr__, __dir__ = lazy_names(__name__, _NAMES)
