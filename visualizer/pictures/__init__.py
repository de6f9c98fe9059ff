"""Provides pictures of traces: one drawing model (`Figure`: the scene each node shows, laid out once)
painted as SVG, PNG and PDF, GIF and MP4 animations, and beamer overlays in TikZ. Names are imported
when first used."""

from visualizer.lazy import lazy_names

_NAMES = {"Figure": "visualizer.pictures.figure", "to_svg": "visualizer.pictures.svg"}
__all__ = list(_NAMES)
__getattr__, __dir__ = lazy_names(__name__, _NAMES)
