"""Provides `escaped` and `escaped_lines`: text from a file or an argument (a node's name, a move, a message) as
it may be shown on a terminal, in the app or in a picture, every control character written as its escape."""

from __future__ import annotations

import re

__all__ = ["CONTROL", "escaped", "escaped_lines"]

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
"""Characters that move the cursor, clear the screen, start a line or turn text around on a terminal, and lone
surrogates, which no output can encode."""


def _escape(found: re.Match[str]) -> str:
    return found.group().encode("unicode_escape").decode("ascii")


def escaped(line: str) -> str:
    """`line` with every control character written as its escape ("\\x1b[2J", "\\n", "\\u202e") and a lone
    surrogate as "\\ud800": one line, printable anywhere, that can neither clear the screen nor forge a line.
    Text with nothing to escape comes back as it is (and `escaped` of escaped text changes nothing)."""
    if line.isprintable():  # (no control character, separator or surrogate is printable)
        return line
    return CONTROL.sub(_escape, line)


def escaped_lines(text: str) -> str:
    """`text` of several lines (a board, a label) with each line `escaped` and its line breaks ("\\n") kept."""
    return "\n".join(map(escaped, text.split("\n")))
