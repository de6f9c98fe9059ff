"""Provides the picture primitives every image format draws: `Shape`, `Path`, `Text` on a `Drawing`.

A `Drawing` is a canvas in points (1/72 inch), y growing downwards, and the items on it in painting
order. It holds no trace and no layout logic: `figure` computes one drawing per step of a search,
and each format (SVG, PNG/PDF/GIF through matplotlib, TikZ) only paints the items it is given. Each
item carries a `key` naming what it draws ("node:3", "edge:0:3", "title", ...): the same thing has
the same key on every frame, so a format that animates (beamer overlays) can tell what changed, and
a test can find a node's place in an exported file.

Colours are "#rrggbb" strings (a theme is already applied); line widths are in points; `dash` is
"solid", "dashed" or "dotted". Text is always monospace (DejaVu Sans Mono where available, which tells O
from 0), centred vertically on `y`, so every format measures it alike: a character is `CHAR_WIDTH`
times the font size wide.

The geometry the painters share lives here too, so an SVG, a PNG and a TikZ picture of one drawing
look alike: where an arrowhead goes (`arrow_geometry`), how a dash looks (`dash_pattern`), where a
text's baseline lies (`CENTRAL_RISE`), how a number is written (`number`) and which characters a
text cannot hold (`clean_text`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "CENTRAL_RISE",
    "CHAR_WIDTH",
    "DASHES",
    "FONT_FAMILY",
    "Drawing",
    "Item",
    "Path",
    "Shape",
    "Text",
    "arrow_geometry",
    "arrowhead_length",
    "clean_text",
    "dash_pattern",
    "number",
    "text_width",
]

CHAR_WIDTH = 0.6
"""The advance of one monospace character, as a fraction of the font size (DejaVu Sans Mono: 0.602)."""

FONT_FAMILY = ("DejaVu Sans Mono", "Menlo", "Consolas", "monospace")
"""The fonts a format asks for, best first: all monospace, all with a 0 unlike O."""

DASHES = ("solid", "dashed", "dotted")
"""The line patterns an item may have."""

Dash = Literal["solid", "dashed", "dotted"]
Anchor = Literal["start", "middle", "end"]
Point = tuple[float, float]


def text_width(text: str, size: float) -> float:
    """How wide `text` is drawn at font size `size`, in points."""
    return len(text) * CHAR_WIDTH * size


@dataclass(frozen=True, slots=True)
class Shape:
    """A closed polygon (a node's triangle, a background, a legend swatch).

    Attributes:
        key: what it draws, the same on every frame.
        points: the corners, in order.
        stroke: the outline colour, or None for no outline.
        fill: the fill colour, or None for none.
        width: the outline width in points.
        dash: the outline pattern.
    """

    key: str
    points: tuple[Point, ...]
    stroke: str | None
    fill: str | None
    width: float = 1.0
    dash: Dash = "solid"


@dataclass(frozen=True, slots=True)
class Path:
    """An open line through `points` (an edge, a cut mark), optionally ending in an arrowhead.

    Attributes:
        key: what it draws, the same on every frame.
        points: two or more points.
        colour: the line colour.
        width: the line width in points.
        dash: the line pattern.
        arrow: an arrowhead at the last point.
    """

    key: str
    points: tuple[Point, ...]
    colour: str
    width: float = 1.0
    dash: Dash = "solid"
    arrow: bool = False


@dataclass(frozen=True, slots=True)
class Text:
    """One line of monospace text, centred vertically on `y`.

    Attributes:
        key: what it draws, the same on every frame.
        x: where the text starts, is centred or ends (see `anchor`).
        y: the vertical middle of the line.
        text: one line (no line breaks).
        size: the font size in points.
        colour: the text colour.
        anchor: which end of the text `x` is.
        bold: drawn in the bold face.
    """

    key: str
    x: float
    y: float
    text: str
    size: float
    colour: str
    anchor: Anchor = "middle"
    bold: bool = False

    @property
    def width(self) -> float:
        """The text's width in points."""
        return text_width(self.text, self.size)


Item = Shape | Path | Text


@dataclass(frozen=True, slots=True)
class Drawing:
    """A canvas and what is painted on it, first to last.

    Attributes:
        width: the canvas width in points.
        height: the canvas height in points.
        background: the canvas colour.
        items: the shapes, lines and texts, in painting order.
        title: a plain-text description (an SVG's <title>, a PDF's title).
    """

    width: float
    height: float
    background: str
    items: tuple[Item, ...]
    title: str = ""


CENTRAL_RISE = (1901 - 483) / 2 / 2048
"""How far the baseline lies below a text's `y`, in ems: half of DejaVu Sans Mono's ascent (1901 units of
2048) less its descent (483), as browsers place `dominant-baseline="central"`. Written as an explicit
`dy` rather than that property, which librsvg places about a third of an em higher."""

_UNSAFE = re.compile("[\x00-\x1f\x7f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 forbids or a one-line text cannot hold (control characters, lone surrogates)."""


def number(value: float) -> str:
    """`value` written compactly and always alike: two decimals at most, no trailing zeros, no "-0"."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def clean_text(text: str) -> str:
    """`text` with every control character (and anything else XML cannot hold) replaced by U+FFFD."""
    return _UNSAFE.sub("\ufffd", text)


def dash_pattern(dash: str, width: float) -> tuple[float, ...]:
    """The on/off lengths in points of a line pattern: () for solid.

    Dashes are 5 by 3 line widths; dots are round caps (drawn with a near-zero dash) 2.5 widths
    apart. Lines thinner than one point get the pattern of a one-point line, so it still reads.
    """
    scale = max(width, 1.0)
    if dash == "dashed":
        return (5 * scale, 3 * scale)
    if dash == "dotted":
        return (0.1, 2.5 * scale)
    return ()


def arrowhead_length(width: float) -> float:
    """How long an arrowhead on a line `width` points wide is, from base to tip, in points."""
    return 4.0 + 4.0 * width


def arrow_geometry(path: Path) -> tuple[tuple[Point, ...], tuple[Point, ...] | None]:
    """Where a path's line and its arrowhead go: the line (cut back under the head) and the head's corners.

    The head is a triangle whose tip is the path's last point, pointing along the last segment of
    non-zero length; the line stops halfway into it, so the line's square end never shows beside the
    tip. A path without an arrow, or whose points all coincide, is returned unchanged with no head.
    """
    points = path.points
    if not path.arrow or len(points) < 2:
        return points, None
    tip_x, tip_y = points[-1]
    last = next((index for index in range(len(points) - 2, -1, -1) if points[index] != points[-1]), None)
    if last is None:
        return points, None
    previous = points[last]
    run, rise = tip_x - previous[0], tip_y - previous[1]
    distance = math.hypot(run, rise)
    length = arrowhead_length(path.width)
    along_x, along_y = run / distance, rise / distance
    base_x, base_y = tip_x - along_x * length, tip_y - along_y * length
    half = 0.35 * length
    head = (
        (tip_x, tip_y),
        (base_x - along_y * half, base_y + along_x * half),
        (base_x + along_y * half, base_y - along_x * half),
    )
    cut_back = min(length / 2, distance)
    line = (*points[: last + 1], (tip_x - along_x * cut_back, tip_y - along_y * cut_back))
    return line, head
