"""Provides the picture primitives every image format draws: `Shape`, `Path`, `Text` on a `Drawing`.

A `Drawing` is a canvas in points (1/72 inch), y growing downwards, and the items on it in painting
order; each format (SVG, PNG/PDF/GIF, TikZ) only paints the items it is given. Each item's `key`
names what it draws ("node:3", "edge:0:3", "title"), the same on every frame. Colours are "#rrggbb";
text is monospace, centred vertically on `y`, a character `CHAR_WIDTH` times the font size wide.
The geometry the painters share (dashes, baselines, numbers) lives here too, so every format of one
drawing looks alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "CENTRAL_RISE",
    "CHAR_WIDTH",
    "FONT_FAMILY",
    "Drawing",
    "Item",
    "Path",
    "Shape",
    "Text",
    "clean_text",
    "dash_pattern",
    "is_zero_slash",
    "number",
    "text_width",
    "with_zero_slashes",
]

CHAR_WIDTH = 0.6
"""The advance of one monospace character, as a fraction of the font size."""

FONT_FAMILY = ("DejaVu Sans Mono", "Menlo", "Consolas", "monospace")
"""The fonts a format asks for, best first: all monospace (each 0 is slashed as well: `with_zero_slashes`)."""

Dash = Literal["solid", "dashed", "dotted"]
Anchor = Literal["start", "middle", "end"]
Point = tuple[float, float]


def text_width(text: str, size: float) -> float:
    """How wide `text` is drawn at font size `size`, in points."""
    return len(text) * CHAR_WIDTH * size


@dataclass(frozen=True, slots=True)
class Shape:
    """A closed polygon through `points` (a node's triangle, a background), outlined in `stroke` and
    filled with `fill` (None for no outline, no fill)."""

    key: str
    points: tuple[Point, ...]
    stroke: str | None
    fill: str | None
    width: float = 1.0
    dash: Dash = "solid"


@dataclass(frozen=True, slots=True)
class Path:
    """An open line through two or more `points` (an edge, a cut mark)."""

    key: str
    points: tuple[Point, ...]
    colour: str
    width: float = 1.0
    dash: Dash = "solid"


@dataclass(frozen=True, slots=True)
class Text:
    """One line of monospace text, centred vertically on `y`; `anchor` says which end of it `x` is."""

    key: str
    x: float
    y: float
    text: str
    size: float
    colour: str
    anchor: Anchor = "middle"
    bold: bool = False


Item = Shape | Path | Text


@dataclass(frozen=True, slots=True)
class Drawing:
    """A canvas (`width` by `height` points) and its items in painting order; `title` is plain text."""

    width: float
    height: float
    background: str
    items: tuple[Item, ...]
    title: str = ""


CENTRAL_RISE = (1901 - 483) / 2 / 2048
"""How far the baseline lies below a text's `y`, in ems: half of DejaVu Sans Mono's ascent less its
descent, as browsers place `dominant-baseline="central"` (an explicit `dy`: librsvg differs)."""

_UNSAFE = re.compile("[\x00-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


ZERO_KEY = ":zero:"
"""In the key of a stroke across a 0: "caption:0:zero:12" crosses the 13th character of "caption:0"."""

ZERO_SLASH = (0.17, 0.25, 0.07)
"""The stroke across a digit 0: half its width and half its height, and its line width, in ems."""


def with_zero_slashes(items: Iterable[Item]) -> tuple[Item, ...]:
    """`items` with a stroke across every digit 0 of their text, after the text: a monospace font tells its 0
    from its O by a dot or a narrower oval, which a slide's small text loses ("X6.O4 [0, 1]")."""
    marked: list[Item] = []
    for item in items:
        marked.append(item)
        if isinstance(item, Text) and "0" in item.text:
            advance = CHAR_WIDTH * item.size
            left = item.x - advance * len(item.text) * {"start": 0.0, "middle": 0.5, "end": 1.0}[item.anchor]
            half_x, half_y, width = (share * item.size for share in ZERO_SLASH)
            for index, character in enumerate(item.text):
                if character == "0":
                    x = left + advance * (index + 0.5)
                    points = ((x - half_x, item.y + half_y), (x + half_x, item.y - half_y))
                    bold = 1.5 if item.bold else 1.0
                    marked.append(Path(f"{item.key}{ZERO_KEY}{index}", points, item.colour, width * bold))
    return tuple(marked)


def is_zero_slash(item: Item) -> bool:
    """True for a stroke `with_zero_slashes` added."""
    return isinstance(item, Path) and ZERO_KEY in item.key


def number(value: float) -> str:
    """`value` written compactly and always alike: two decimals at most, no trailing zeros, no "-0"."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def clean_text(text: str) -> str:
    """`text` with every control character (and anything else XML cannot hold) replaced by U+FFFD."""
    return _UNSAFE.sub("\ufffd", text)


def dash_pattern(dash: str, width: float) -> tuple[float, ...]:
    """The on/off lengths in points of a line pattern: () for solid; dots are round caps."""
    scale = max(width, 1.0)
    if dash == "dashed":
        return (5 * scale, 3 * scale)
    if dash == "dotted":
        return (0.1, 2.5 * scale)
    return ()
