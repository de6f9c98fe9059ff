"""Provides the `export` command's work: the registry of what it writes (`EXPORT_FORMATS`) and
`write_trace_files`, which writes a trace's files together. Names are imported when first used."""

from visualizer.lazy import lazy_names

_NAMES = {
    "EXPORT_FORMATS": "visualizer.export.formats",
    "ExportFormat": "visualizer.export.formats",
    "PictureOptions": "visualizer.export.formats",
    "fresh_stem": "visualizer.export.files",
    "trace_slug": "visualizer.export.files",
    "write_trace_files": "visualizer.export.files",
}
__all__ = list(_NAMES)
__getattr__, __dir__ = lazy_names(__name__, _NAMES)
