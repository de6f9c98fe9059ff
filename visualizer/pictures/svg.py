"""Provides `to_svg`: a `Drawing` painted as a standalone SVG 1.1 document.

Equal drawings give the same bytes: numbers with at most two decimals, attributes in a fixed order,
no date and no generated ids. Every item's element carries `data-key="..."` (its key), so a test or
a script can find where a node was drawn on every frame.
"""

from __future__ import annotations

import functools

from visualizer.pictures.drawing import (
    CENTRAL_RISE,
    FONT_FAMILY,
    Drawing,
    Path,
    Shape,
    Text,
    clean_text,
    dash_pattern,
    number,
    text_width,
)

__all__ = ["to_svg"]

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
_FONT_FAMILY = ", ".join(name if name == "monospace" else f"'{name}'" for name in FONT_FAMILY)
"""`FONT_FAMILY` as `font-family` says it: names quoted, the generic family not."""

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})


def _escape(text: str) -> str:
    return clean_text(text).translate(_ESCAPES)


def _stroke(colour: str | None, width: float, dash: str, *, is_line: bool) -> str:
    if colour is None or width <= 0:
        return ' stroke="none"'
    attributes = f' stroke="{_escape(colour)}" stroke-width="{number(width)}"'
    pattern = dash_pattern(dash, width)
    if pattern:
        attributes += f' stroke-dasharray="{",".join(number(length) for length in pattern)}"'
    if dash == "dotted":
        attributes += ' stroke-linecap="round"'
    if is_line:
        attributes += ' stroke-linejoin="round"'
    return attributes


@functools.lru_cache(maxsize=1 << 16)  # a frame of an animation redraws mostly the items of the frame before
def _outline(item: Shape | Path) -> str:
    """A `Shape` as a polygon, a `Path` as an open polyline."""
    if isinstance(item, Shape):
        tag, fill, colour = "polygon", "none" if item.fill is None else _escape(item.fill), item.stroke
    else:
        tag, fill, colour = "polyline", "none", item.colour
    stroke = _stroke(colour, item.width, item.dash, is_line=tag == "polyline")
    points = " ".join(f"{number(x)},{number(y)}" for x, y in item.points)
    return f'<{tag} data-key="{_escape(item.key)}" points="{points}" fill="{fill}"{stroke}/>'


@functools.lru_cache(maxsize=1 << 16)
def _text(item: Text) -> str:
    """A text as wide as the drawing reckons (`text_width`) in whichever monospace font the viewer has, so that
    it fits its place and the strokes across its zeros land on them."""
    bold = ' font-weight="bold"' if item.bold else ""
    length = f' textLength="{number(text_width(item.text, item.size))}" lengthAdjust="spacing"' if item.text else ""
    return (
        f'<text data-key="{_escape(item.key)}" x="{number(item.x)}" y="{number(item.y)}" '
        f'font-family="{_FONT_FAMILY}" font-size="{number(item.size)}" fill="{_escape(item.colour)}" '
        f'text-anchor="{item.anchor}" dy="{CENTRAL_RISE:.3f}em"{length}{bold}>{_escape(item.text)}</text>'
    )


def to_svg(drawing: Drawing) -> str:
    """`drawing` as a standalone SVG 1.1 document (one unit is one point): the background, then every
    item in painting order.

    Args:
        drawing: what to paint, e.g. `Figure(trace).still()` or `Figure(trace).frame(step)`.

    Returns:
        The SVG text, ending in a newline.

    Raises:
        TypeError: an item is not a `Shape`, a `Path` or a `Text`.

    Examples:
        >>> import pathlib, tempfile
        >>> from visualizer import Figure, builtin_example, to_svg, trace_search
        >>> figure = Figure(trace_search(builtin_example(), "alphabeta"))
        >>> svg = to_svg(figure.still())
        >>> print(svg.splitlines()[2])
        <title>alphabeta: array tree, 15 nodes, branching 2</title>
        >>> "Step 21 of 52: E: J = 3 &lt;= alpha 6, so K is pruned (cut-off)." in to_svg(figure.frame(21))
        True
        >>> path = pathlib.Path(tempfile.mkdtemp(), "example15-alphabeta.svg")
        >>> path.write_text(svg, encoding="utf-8") == len(svg)
        True
    """
    width, height = number(drawing.width), number(drawing.height)
    title = _escape(drawing.title.replace("\t", " ").replace("\r\n", " ").replace("\n", " ").replace("\r", " "))
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (
            f'<svg xmlns="{SVG_NAMESPACE}" version="1.1" width="{width}pt" height="{height}pt" '
            f'viewBox="0 0 {width} {height}" xml:space="preserve">'
        ),
        f"<title>{title}</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{_escape(drawing.background)}"/>',
    ]
    for item in drawing.items:
        if not isinstance(item, (Shape, Path, Text)):
            raise TypeError(f"cannot draw a {type(item).__name__} in SVG; items are Shape, Path or Text")
        lines.append(_text(item) if isinstance(item, Text) else _outline(item))
    lines.append("</svg>")
    return "\n".join(lines) + "\n"
