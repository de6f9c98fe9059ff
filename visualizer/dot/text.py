"""Provides DOT statement text: attribute values and lists (`dot_value`, `dot_attributes`), a drawing's
header (`dot_header`) and the attribute pieces of the streamed node statements.

Every DOT file the visualizer writes has one layout: the graph's attributes one a line, the node and
edge defaults, the node statements, then the edge statements, each ending in ";" (as pydot writes).
"""

from __future__ import annotations

import re

from visualizer.dot.labels import BOARD_FONT, EDGE_HEAD, FONT, PV_WIDTH, SHAPES, STATUS_LOOKS, quote_label
from visualizer.games.base import Player
from visualizer.tracing.trace_records import NodeStatus

__all__ = ["BOLD", "COURIER", "SHAPE_PIECES", "STATUS_STYLES", "dot_attributes", "dot_header", "dot_value"]

_KEYWORDS = {"graph", "subgraph", "digraph", "node", "edge", "strict"}
_IDENTIFIER = re.compile(r"[_a-zA-Z][a-zA-Z0-9_]*|[0-9]+|[0-9]*\.[0-9]+")


def dot_value(text: str) -> str:
    """An attribute value as written: an identifier, a number or a string quoted by `quote_label`."""
    quoted = len(text) >= 2 and text[0] == text[-1] == '"'
    if quoted or (_IDENTIFIER.fullmatch(text) and text.lower() not in _KEYWORDS):
        return text
    raise ValueError(f"{text!r} is not a DOT identifier, number or quoted string")


def dot_attributes(**attributes: str) -> str:
    """' [key=value, ...]' in the given order; empty without attributes."""
    if not attributes:
        return ""
    return " [" + ", ".join(f"{key}={dot_value(value)}" for key, value in attributes.items()) + "]"


def dot_header(title: str, **more: str) -> str:
    """The start of a drawing: its first line, the graph's attributes one a line (`title` on top, then
    `more`), then the node and edge defaults (`FONT` for every text, edges ending in `EDGE_HEAD`)."""
    graph = {"ordering": "out", "labelloc": "t", "fontname": FONT, "label": quote_label(title), **more}
    lines = ["digraph trace {\n"]
    lines += [f"{key}={dot_value(value)};\n" for key, value in graph.items()]
    lines.append(f"node{dot_attributes(fontname=FONT)};\n")
    lines.append(f"edge{dot_attributes(fontname=FONT, arrowhead=EDGE_HEAD)};\n")
    return "".join(lines)


SHAPE_PIECES = {player: f' [shape={dot_value(SHAPES[player.value])}, tooltip="' for player in Player}
"""The start of a node's attributes up to its tooltip's text, by player."""

COURIER, BOLD = f", fontname={dot_value(BOARD_FONT)}", f", penwidth={dot_value(PV_WIDTH)}"
"""The font attribute of a node whose label draws a board, the pen of a node on the principal variation."""

STATUS_STYLES = {NodeStatus.VISITED: ""} | {
    NodeStatus(status): f", style={line}, color={colour}, fontcolor={colour}"
    for status, (line, colour) in STATUS_LOOKS.items()
    if status != "unseen"  # per-step drawings only
}
"""The style attributes of a node by its status (none for a visited node)."""
