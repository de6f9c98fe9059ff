"""Provides DOT label text: quoting any node name safely, and the lines a node's label shows."""

from __future__ import annotations

from visualizer.games.base import format_value
from visualizer.games.base import Value

__all__ = ["quote_label", "unquote_label", "node_label", "LINE_BREAKS"]

_QUOTE = str.maketrans({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r"})

LINE_BREAKS = {"n": "\n", "l": "\n", "r": "\r"}
"""Graphviz's line-break escapes in labels (centred, left- and right-justified) and what they decode to."""


def quote_label(text: str) -> str:
    """`text` as a double-quoted DOT string that Graphviz shows literally.

    Backslashes are doubled (so "\\N" and friends are not expanded), quotes are escaped, and line
    breaks become "\\n". Inside quotes, `<>`, `:`, `{}` and non-ASCII text need no escaping: they are
    neither HTML labels nor ports in a plain label.
    """
    return f'"{text.translate(_QUOTE)}"'


def unquote_label(quoted: str) -> str:
    """The inverse of `quote_label`: a quoted DOT string (as pydot parses it back) to its text.

    `\\l` also decodes to a newline; an escape Graphviz does not know is kept as written.
    """
    if len(quoted) >= 2 and quoted[0] == quoted[-1] == '"':
        quoted = quoted[1:-1]
    text, index = [], 0
    while index < len(quoted):
        char = quoted[index]
        if char == "\\" and index + 1 < len(quoted):
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
