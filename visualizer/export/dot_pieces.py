"""Provides the DOT stream's bulk text tools: `interleave` (lines from columns of pieces), `int_texts`.

Half a million DOT statements made one f-string at a time cost about 0.4 microseconds each, most of
it the interpreter going round the loop. Here a chunk of lines is made column by column instead:
every piece of every line goes into one list by slice assignment (`parts[i::width] = column`) and
one `str.join` makes the text, so the loop over the lines runs in C. Whole numbers are written by
msgspec's encoder and split apart again, about twice as fast as `str` on each.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from typing import Any

from visualizer.export.safe_msgspec import msgspec

__all__ = ["Column", "int_texts", "interleave"]

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
