"""Provides DOT label text (quoting any node name safely, the lines a node's label shows) and the diagram's look."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from visualizer.games.base import Value, format_value
from visualizer.shown_text import escaped_lines
from visualizer.steps.visits import format_mean

__all__ = [
    "quote_label",
    "escape_label",
    "node_label",
    "look_label",
    "summary_title",
    "step_title",
    "edge_attributes",
    "STATUS_LOOKS",
    "SHAPES",
    "EDGE_HEAD",
    "FONT",
    "FONT_SIZE",
    "BOARD_FONT",
    "PV_WIDTH",
    "GREY",
    "UNSEEN",
    "CURRENT_FILL",
    "LAST_CHILD",
    "CUT",
    "TITLE_LINES",
    "TRANSPOSITION_LINK",
]

if TYPE_CHECKING:
    from visualizer.pictures.scene import NodeLook
    from visualizer.tracing.trace import Trace

_QUOTE = str.maketrans({"\\": "\\\\", '"': '\\"', "\n": "\\n", "&": "&amp;"})

SHAPES = {"max": "box", "min": "ellipse", "chance": "circle"}
"""Node shape by player."""

FONT, BOARD_FONT = "Helvetica", "Courier"
"""The font of the title and the labels, and that of game nodes, whose labels draw a board."""

FONT_SIZE = 14.0
"""Graphviz's default font size, in points: per-step drawings size their nodes for it."""

PV_WIDTH, GREY = "3", "grey55"
"""The pen width of the principal variation; the colour of pruned and unreached nodes and their edges."""

UNSEEN, CURRENT_FILL, LAST_CHILD = "grey75", "gold", "blue"
"""Per-step drawings: nodes not entered yet, the fill of the event's node, the edge to the child just backed up."""

STATUS_LOOKS = {"pruned": ("dashed", GREY), "unreached": ("dotted", GREY), "unseen": ("", UNSEEN)}
"""The line style and colour of a node by status, and of the edge to it: pruned nodes dashed and grey,
unreached ones dotted and grey, those not entered yet (per-step drawings) light grey."""

EDGE_HEAD = "none"
"""Tree edges end at the child without an arrowhead (a head covered a short pruned node's name)."""

CUT = "red"
"""The edge where a cut-off happened and its "cut" label."""

TITLE_LINES = 3
"""Per-step drawings: the title always has this many lines (wrapped, cut, or padded), so its height never changes."""

TRANSPOSITION_LINK = {
    "label": '"same position"',
    "style": "dashed",
    "color": GREY,
    "fontcolor": GREY,
    "constraint": "false",
}
"""The link from a node found in the transposition table to the earlier node of its position, kept
out of the layout (`constraint=false`) so the drawing keeps the tree's shape."""


def quote_label(text: str) -> str:
    """`text` as a double-quoted DOT string that Graphviz shows literally.

    Backslashes are doubled, quotes escaped, line breaks become "\\n", and "&" becomes "&amp;"
    (Graphviz reads HTML entities such as "&#65;" in any label); any other control character, and a lone
    surrogate, is shown as its escape (`escaped_lines`: "\\x1b", "\\ud800"), so every file can be written.
    """
    return f'"{escape_label(text)}"'


def escape_label(text: str) -> str:
    """`quote_label(text)` without the enclosing quotes: what goes between them."""
    return escaped_lines(text).translate(_QUOTE)


def node_label(
    name: str,
    *,
    board: str | None = None,
    visit: int | None = None,
    value: Value | None = None,
    static_value: Value | None = None,
    window: tuple[Value | None, Value | None] | None = None,
    visits: int | None = None,
) -> str:
    """The plain text of a node's label, one fact a line: the name, the board, "#visit  v=value" for a
    visited node ("n=visits  v=mean" for Monte Carlo) or "(static)" for one not visited, the window."""
    lines = [name]
    if board is not None:
        lines.append(board)
    if visit is not None and visits is not None:
        lines.append(f"n={visits}  v={format_mean(value)}")
    elif visit is not None:
        lines.append(f"#{visit}  v={format_value(value, missing='?')}")
    elif static_value is not None:
        lines.append(f"({format_value(static_value)})")
    if window is not None and window[0] is not None:
        lines.append(f"[{format_value(window[0])}, {format_value(window[1])}]")
    return "\n".join(lines)


def summary_title(trace: Trace) -> str:
    """The title of a finished search's drawing: "algorithm: description", then "value V, best move M"."""
    summary = trace.summary
    best = f", best move {summary.best_move}" if summary.best_child is not None else ""
    return f"{trace.algorithm}: {trace.description}\nvalue {format_value(summary.value)}{best}"


def look_label(name: str, look: NodeLook, *, board: str | None = None) -> str:
    """The plain text of a node's label on a per-step drawing, as `node_label` ("v=?" before the node
    has a value); a leaf's static value not evaluated yet is shown dimmed as "(3)"."""
    lines = [name]
    if board is not None:
        lines.append(board)
    dimmed = None if look.dimmed is None else f"({format_value(look.dimmed)})"
    if look.visit is not None:
        value = f"{look.visit_text}  v={format_value(look.value, missing='?')}"
        lines.append(value if dimmed is None else f"{value} {dimmed}")
    elif dimmed is not None:
        lines.append(dimmed)
    if look.window:
        lines.append(look.window)
    return "\n".join(lines)


def step_title(algorithm: str, caption: str, *, width: int) -> str:
    """The title of a per-step drawing: "alphabeta, step 20 of 52: E takes J = 3, ...", wrapped at `width`
    and cut or padded to `TITLE_LINES` lines, so it is as tall on every frame."""
    if caption[:1].isupper() and caption[1:2].islower():
        caption = caption[0].lower() + caption[1:]
    joined = f"{algorithm}, {caption}" if caption.startswith("step ") else f"{algorithm}: {caption}"
    lines = textwrap.wrap(joined, width) or [""]
    if len(lines) > TITLE_LINES:
        lines = lines[:TITLE_LINES]
        lines[-1] = lines[-1][: width - 3].rstrip() + "..."
    return "\n".join(lines + [" "] * (TITLE_LINES - len(lines)))


def edge_attributes(status: str, *, probability: float | None = None, cut: bool = False) -> dict[str, str]:
    """The attributes of the edge to a child of `status` (see `STATUS_LOOKS`), out of a chance node
    (`probability`, the label) or where a cut-off happened (`cut`)."""
    attributes: dict[str, str] = {}
    line, colour = STATUS_LOOKS.get(status, ("", ""))
    if line:
        attributes["style"] = line
    if colour:
        attributes["color"] = colour
    if probability is not None:
        attributes["label"] = quote_label(f"{probability:.3g}")  # 3 significant digits: "0.333"
    if cut:
        attributes.update(label=quote_label("cut"), color=CUT, fontcolor=CUT)
    return attributes
