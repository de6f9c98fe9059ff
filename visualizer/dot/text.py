"""Provides DOT statement text: attribute values and lists (`dot_value`, `dot_attributes`), a drawing's
header (`dot_header`), the attribute pieces of the streamed node and edge statements, and the bulk text
tools that make a chunk of statements at once (`interleave`, `int_texts`).

Every DOT file the visualizer writes is made of these pieces, in one layout: the graph's attributes
one a line, the node and edge defaults, the node statements, then the edge statements, each ending
in ";" (the layout pydot writes, so files read back by Graphviz and pydot alike).

Half a million DOT statements made one f-string at a time cost about 0.4 microseconds each, most of
it the interpreter going round the loop. `interleave` makes a chunk of lines column by column instead:
every piece of every line goes into one list by slice assignment (`parts[i::width] = column`) and
one `str.join` makes the text, so the loop over the lines runs in C. Whole numbers are written by
msgspec's encoder and split apart again, about twice as fast as `str` on each.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Iterable, Sequence
from typing import Any

from visualizer.dot.labels import BOARD_FONT, CUT, GREY, PV_WIDTH, SHAPES, quote_label
from visualizer.games.base import Player
from visualizer.readwrite.decode import msgspec
from visualizer.tracing.trace_records import NodeStatus

__all__ = [
    "BOLD",
    "COURIER",
    "Column",
    "SHAPE_PIECES",
    "STATUS_STYLES",
    "dot_attributes",
    "dot_header",
    "dot_value",
    "edge_attributes",
    "int_texts",
    "interleave",
]

_KEYWORDS = {"graph", "subgraph", "digraph", "node", "edge", "strict"}
_IDENTIFIER = re.compile(r"[_a-zA-Z][a-zA-Z0-9_]*|[0-9]+|[0-9]*\.[0-9]+")


def dot_value(text: str) -> str:
    """An attribute value as written: an identifier, a number or a double-quoted string (`quote_label`).

    Anything else is a mistake of the caller: it would need quoting, and every text a node shows is
    quoted by `quote_label` before it gets here.
    """
    quoted = len(text) >= 2 and text[0] == text[-1] == '"'
    if quoted or (_IDENTIFIER.fullmatch(text) and text.lower() not in _KEYWORDS):
        return text
    raise ValueError(f"{text!r} is not a DOT identifier, number or quoted string")


def dot_attributes(**attributes: str) -> str:
    """' [key=value, ...]' in the given order; empty without attributes."""
    if not attributes:
        return ""
    return " [" + ", ".join(f"{key}={dot_value(value)}" for key, value in attributes.items()) + "]"


def dot_header(graph: dict[str, str], *, font: str, arrowhead: str) -> str:
    """The start of a drawing: its first line, the graph's attributes one a line, then the node and
    edge defaults (`font` for every text, edges ending in `arrowhead`)."""
    lines = ["digraph trace {\n"]
    lines += [f"{key}={dot_value(value)};\n" for key, value in graph.items()]
    lines.append(f"node{dot_attributes(fontname=font)};\n")
    lines.append(f"edge{dot_attributes(fontname=font, arrowhead=arrowhead)};\n")
    return "".join(lines)


SHAPE_PIECES = {player: f' [shape={dot_value(SHAPES[player.value])}, tooltip="' for player in Player}
"""The start of a node's attributes up to its tooltip's text, by player."""

COURIER = f", fontname={dot_value(BOARD_FONT)}"
"""The font attribute of a node whose label draws a board."""

BOLD = f", penwidth={dot_value(PV_WIDTH)}"
"""The pen attribute of a node on the principal variation."""

STATUS_STYLES = {
    NodeStatus.VISITED: "",
    NodeStatus.PRUNED: ", " + dot_attributes(style="dashed", color=GREY, fontcolor=GREY)[2:-1],
    NodeStatus.UNREACHED: ", " + dot_attributes(style="dotted", color=GREY, fontcolor=GREY)[2:-1],
}
"""The style attributes of a node by its status (none for a visited node)."""


def edge_attributes(*, pruned: bool, unreached: bool, probability: str | None, cut: bool, bold: bool) -> str:
    """The attributes of an edge to a pruned or unreached child, out of a chance node (`probability`,
    the label), a cut, or on the principal variation."""
    attributes: dict[str, str] = {}
    if pruned:
        attributes.update(style="dashed", color=GREY)
    elif unreached:
        attributes.update(style="dotted", color=GREY)
    if probability is not None:
        attributes["label"] = quote_label(probability)
    if cut:
        attributes.update(label=quote_label("cut"), color=CUT, fontcolor=CUT)
    if bold:
        attributes["penwidth"] = PV_WIDTH
    return dot_attributes(**attributes)


# -- chunks of statements, column by column -----------------------------------------------------

Column = str | Iterable[str]
"""A piece of every line: one text for all of them, or one text per line."""

_ENCODE = msgspec.json.Encoder().encode

_INT_TYPECODES = frozenset("bBhHiIlLqQ")
"""The array typecodes of whole numbers."""


def interleave(count: int, pieces: Sequence[Column | range | array]) -> str:
    """`count` lines, line i the concatenation of piece i of each column (a text alone is the same in every line).

    Example: `interleave(2, ["n", ["0", "1"], ";\\n"])` is "n0;\\nn1;\\n"; so is
    `interleave(2, ["n", range(2), ";\\n"])`: a range or an array of whole numbers is a column of
    their texts.

    Args:
        count: the number of lines.
        pieces: the columns in line order; each iterable gives exactly `count` texts.

    Returns:
        The lines joined, without separators between them.

    Raises:
        ValueError: a column does not give `count` texts.
    """
    pieces = [piece if isinstance(piece, (str, list, range, array)) else list(piece) for piece in pieces]
    pieces = [int_texts(piece) if isinstance(piece, (range, array)) else piece for piece in pieces]
    merged: list[Column] = []
    for piece in pieces:  # neighbouring constants become one, so the list holds fewer parts
        if isinstance(piece, str) and merged and isinstance(merged[-1], str):
            merged[-1] += piece
        else:
            merged.append(piece)
    if count <= 0 or not merged:  # no lines, or lines of nothing
        return ""
    head = merged.pop(0) if isinstance(merged[0], str) else ""
    tail = merged.pop() if merged and isinstance(merged[-1], str) else ""
    if not merged:
        return (head + tail) * count
    glue = tail + head  # the end of one line and the start of the next, a single part
    width = len(merged) + 1
    parts = [glue] * (count * width)
    for index, piece in enumerate(merged):
        parts[index::width] = [piece] * count if isinstance(piece, str) else piece
    parts[-1] = tail
    return head + "".join(parts)


def int_texts(numbers: Sequence[Any], prefix: str = "") -> list[str] | None:
    """Each number of `numbers` as `str` writes it, after `prefix` (which holds no comma); None when
    they are not all plain ints (then use `str`).

    Ints only: `str(True)` is "True" but JSON writes "true", and subclasses may write themselves
    their own way. A range or an array of a whole-number type holds nothing else, and is not checked.
    """
    if type(numbers) is range:
        numbers = list(numbers)
    elif type(numbers) is array and numbers.typecode in _INT_TYPECODES:
        numbers = numbers.tolist()
    else:
        numbers = numbers if type(numbers) is list else list(numbers)
        if not set(map(type, numbers)) <= {int}:
            return None
    if not numbers:
        return []
    text = _ENCODE(numbers)[1:-1].decode("ascii")
    if prefix:  # one pass over the text instead of one string per number
        text = prefix + text.replace(",", "," + prefix)
    return text.split(",")
