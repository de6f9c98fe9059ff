"""Provides bulk text for the trace writers (JSON and DOT): many lines made column by column
(`interleave`) and whole numbers written in C (`int_texts`)."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from typing import Any

from visualizer.readwrite.decode import msgspec

__all__ = ["WHOLE_TYPECODES", "Column", "int_texts", "interleave"]

Column = str | Iterable[str]
"""A piece of every line: one text for all of them, or one text per line."""

_ENCODE = msgspec.json.Encoder().encode

WHOLE_TYPECODES = frozenset("bBhHiIlLqQ")
"""The `array` typecodes of whole numbers."""


def interleave(count: int, pieces: Sequence[Column | range | array[int]], between: str = "") -> str:
    """`count` lines, line i the concatenation of piece i of each column (a text alone is the same in
    every line), with `between` between two lines; ValueError when a column does not give `count` texts.

    Example: `interleave(2, ["n", range(2), ";\\n"])` is "n0;\\nn1;\\n" (a range or an array of whole
    numbers is a column of their texts).
    """
    merged: list[str | list[str]] = []
    for piece in pieces:
        if isinstance(piece, (range, array)):
            piece = int_texts(piece) or []
        elif not isinstance(piece, (str, list)):
            piece = list(piece)
        if isinstance(piece, str) and merged and isinstance(merged[-1], str):
            merged[-1] += piece  # neighbouring constants become one part
        else:
            merged.append(piece)
    if count <= 0 or not merged:
        return ""
    head = tail = ""
    if isinstance(first := merged[0], str):
        head = first
        del merged[0]
    if merged and isinstance(last := merged[-1], str):
        tail = last
        del merged[-1]
    if not merged:
        return between.join([head + tail] * count)
    width = len(merged) + 1
    parts = [tail + between + head] * (count * width)  # the end of one line and the start of the next
    for index, piece in enumerate(merged):
        parts[index::width] = [piece] * count if isinstance(piece, str) else piece
    parts[-1] = tail
    return head + "".join(parts)


def int_texts(numbers: Sequence[Any], prefix: str = "") -> list[str] | None:
    """Each number of `numbers` as `str` writes it, after `prefix` (which holds no comma); None when
    they are not all plain ints (`str(True)` is "True", and a subclass may write itself its own way).

    A range or an array of a whole-number type holds nothing else, and is not checked.
    """
    if type(numbers) is range:
        numbers = list(numbers)
    elif type(numbers) is array and numbers.typecode in WHOLE_TYPECODES:
        numbers = numbers.tolist()
    else:
        numbers = numbers if type(numbers) is list else list(numbers)
        if not set(map(type, numbers)) <= {int}:
            return None
    if not numbers:
        return []
    text = str(memoryview(_ENCODE(numbers))[1:-1], "ascii")
    if prefix:  # one pass over the text instead of one string per number
        text = prefix + text.replace(",", "," + prefix)
    return text.split(",")
