"""Provides `read_canvas` and `read_positions`: an SVG written by `to_svg` read back, to find where each
item (by its `data-key`) was drawn."""

from __future__ import annotations

from xml.etree import ElementTree

__all__ = ["read_canvas", "read_positions"]


def _root(svg_text: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg_text.encode("utf-8"))


def read_canvas(svg_text: str) -> tuple[float, float]:
    """The canvas `(width, height)` of an SVG written by `to_svg`, in points, read from its view box."""
    _, _, width, height = (float(part) for part in _root(svg_text).get("viewBox", "").split())
    return width, height


def read_positions(svg_text: str) -> dict[str, tuple[float, ...]]:
    """Where each item of an SVG written by `to_svg` was drawn, by key: a polygon's or polyline's points
    as x1, y1, x2, y2, ..., a text's (x, y). ValueError when two elements carry the same key."""
    positions: dict[str, tuple[float, ...]] = {}
    for element in _root(svg_text).iter():
        key = element.get("data-key")
        if key is None:
            continue
        if key in positions:
            raise ValueError(f"the key {key!r} is drawn twice")
        tag = element.tag.rpartition("}")[2]
        if tag == "text":
            positions[key] = (float(element.attrib["x"]), float(element.attrib["y"]))
        else:
            pairs = element.get("points", "").split()
            positions[key] = tuple(float(value) for pair in pairs for value in pair.split(","))
    return positions
