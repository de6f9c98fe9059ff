"""Provides trace files: strict JSON in networkx node-link form, written (`to_json`, `write_json`) and
read back (`from_json`, `read_json`), plain or gzip, checked against the schema (`validate`) and for
consistency on the way in. Names are imported when first used."""

from visualizer.lazy import lazy_names

_NAMES = {
    "from_json": "visualizer.readwrite.trace_json",
    "load_schema": "visualizer.readwrite.schema",
    "read_json": "visualizer.readwrite.trace_json",
    "to_json": "visualizer.readwrite.trace_json",
    "validate": "visualizer.readwrite.schema",
    "write_json": "visualizer.readwrite.trace_json",
}
__all__ = list(_NAMES)
__getattr__, __dir__ = lazy_names(__name__, _NAMES)
