"""Provides DOT label text (quoting any node name safely, the lines a node's label shows) and the diagram's look."""

from __future__ import annotations

from typing import Any

from visualizer.games.base import Value, format_value

__all__ = [
    "quote_label", "escape_label", "unquote_label", "node_label", "summary_title", "LINE_BREAKS",
    "SHAPES", "FONT", "BOARD_FONT", "PV_WIDTH", "GREY", "UNSEEN", "CURRENT_FILL", "LAST_CHILD", "CUT",
]

_QUOTE = str.maketrans({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "&": "&amp;"})

_AMPERSAND = "&amp;"
"""How `quote_label` writes "&", so that Graphviz reads no entity in a name."""

SHAPES = {"max": "box", "min": "ellipse"}
"""Node shape by player (triangles were tried: with three-line labels they grow far too large)."""

FONT = "Helvetica"
"""The font of the title, the labels and the edge labels."""

BOARD_FONT = "Courier"
"""The font of game nodes, whose labels draw a board."""

PV_WIDTH = "3"
"""The pen width of the principal variation."""

GREY = "grey55"
"""Pruned and unreached nodes and their edges."""

UNSEEN = "grey75"
"""Per-step drawings: nodes not entered yet."""

CURRENT_FILL = "gold"
"""Per-step drawings: the fill of the event's node."""

LAST_CHILD = "blue"
"""Per-step drawings: the edge to the child just backed up."""

CUT = "red"
"""The edge where a cut-off happened and its "cut" label."""

LINE_BREAKS = {"n": "\n", "l": "\n", "r": "\r"}
"""Graphviz's line-break escapes in labels (centred, left- and right-justified) and what they decode to."""


def quote_label(text: str) -> str:
    """`text` as a double-quoted DOT string that Graphviz shows literally.

    Backslashes are doubled (so "\\N" and friends are not expanded), quotes are escaped, line
    breaks become "\\n", and "&" becomes "&amp;" (Graphviz reads HTML entities such as "&#65;" in
    any label, so a name "&#65;" would be drawn as "A"). Inside quotes, `<>`, `:`, `{}` and
    non-ASCII text need no escaping: they are neither HTML labels nor ports in a plain label.
    """
    return f'"{text.translate(_QUOTE)}"'


def escape_label(text: str) -> str:
    """`quote_label(text)` without the enclosing quotes: what goes between them."""
    return text.translate(_QUOTE)


def unquote_label(quoted: str) -> str:
    """The inverse of `quote_label`: a quoted DOT string (as pydot parses it back) to its text.

    `\\l` also decodes to a newline, "&amp;" to "&"; an escape Graphviz does not know is kept as
    written (as are other entities, which `quote_label` never writes).
    """
    if len(quoted) >= 2 and quoted[0] == quoted[-1] == '"':
        quoted = quoted[1:-1]
    text, index = [], 0
    while index < len(quoted):
        char = quoted[index]
        if char == "&" and quoted.startswith(_AMPERSAND, index):
            text.append("&")
            index += len(_AMPERSAND)
        elif char == "\\" and index + 1 < len(quoted):
            following = quoted[index + 1]
            if following in "\\\"":
                text.append(following)
            elif following in LINE_BREAKS:
                text.append(LINE_BREAKS[following])
            else:
                text.append(char + following)
            index += 2
        else:
            text.append(char)
            index += 1
    return "".join(text)


def node_label(
    name: str,
    *,
    board: str | None = None,
    visit: int | None = None,
    value: Value | None = None,
    static_value: Value | None = None,
    window: tuple[Value | None, Value | None] | None = None,
) -> str:
    """The plain text of a node's label, one fact a line.

    The name comes first; then the board (game nodes); then "#visit  v=value" for a visited node,
    or "(static)" for a node whose static value is known but that was not visited; then the window
    "[alpha, beta]" with "-inf"/"+inf" when there is one.
    """
    lines = [name]
    if board is not None:
        lines.append(board)
    if visit is not None:
        lines.append(f"#{visit}  v={format_value(value, missing='?')}")
    elif static_value is not None:
        lines.append(f"({format_value(static_value)})")
    if window is not None and window[0] is not None:
        lines.append(f"[{format_value(window[0])}, {format_value(window[1])}]")
    return "\n".join(lines)


def summary_title(algorithm: str, description: str, value: Value, best_move: Any, *, has_best_move: bool) -> str:
    """The title of a finished search's drawing: "algorithm: description", then "value V, best move M"."""
    best = f", best move {best_move}" if has_best_move else ""
    return f"{algorithm}: {description}\nvalue {format_value(value)}{best}"
