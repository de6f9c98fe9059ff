"""Provides the compact JSON text of trace columns, a chunk at a time, as `Big`s and `Records` of
`json_layout`: values (infinities as "+inf"/"-inf"), plain columns, codes and enum members as codes."""

from __future__ import annotations

import math
from array import array
from itertools import repeat
from operator import is_not
from typing import Any, Optional, Sequence

from visualizer.export.json_layout import Big, Records, encoded, exact_list, list_bytes
from visualizer.export.values import MINUS_INF, PLUS_INF
from visualizer.tracing.trace_columns import Nones

__all__ = ["values_column", "plain_column", "maybe_column", "small_codes_column", "coded_column", "letter_codes"]


def values_column(column: Sequence[Any], errors: str) -> Records | None:
    """A column of search values (numbers, None, infinities written "+inf"/"-inf"); None when all are None."""
    if _all_none(column):
        return None

    def text(start: int, end: int) -> bytearray:
        part = _listed(column[start:end])
        exact = exact_list(part, _WHOLE_OR_NONE)  # the usual case (games score in whole numbers), checked in C
        if exact is not None:
            return encoded(exact)
        if math.inf in part or -math.inf in part:
            part = [PLUS_INF if value == math.inf else MINUS_INF if value == -math.inf else value for value in part]
        return list_bytes(part, errors=errors)

    return Records(len(column), text)


_WHOLE_OR_NONE = list[Optional[int]]
"""Values that cannot be an infinity: a part holding only these is written as it is, by msgspec."""


def _all_none(column: Sequence[Any]) -> bool:
    if isinstance(column, Nones):
        return True
    return not any(map(is_not, column, repeat(None)))  # in C, stopping at the first value


def _listed(part: Any) -> list[Any]:
    """A slice of a column as a list (an array's `tolist` is the fastest way out of one)."""
    if isinstance(part, list):
        return part
    return part.tolist() if isinstance(part, array) else list(part)


def plain_column(column: Sequence[Any], *, whole: bool = False) -> Big:
    """A column written as it is; `whole` when it holds only whole numbers (ids, codes, depths).
    Parts of whole numbers and nulls are written straight from the column (`Big.part`)."""
    return Big(len(column), lambda start, end: _listed(column[start:end]), whole=whole,
               part=lambda start, end: column[start:end])


def maybe_column(column: Sequence[Any]) -> Big | None:
    """A column of plain values, or None when every one is None."""
    return None if _all_none(column) else plain_column(column)


def small_codes_column(column: Sequence[int]) -> Records:
    """A column of codes (the event kinds, a bytearray): when every code is one digit, the text is
    the column itself with each byte made its digit and commas between (no Python int is made)."""

    def text(start: int, end: int) -> bytearray:
        part = column[start:end]
        if not part or not isinstance(part, (bytes, bytearray)) or part.translate(None, _ONE_DIGIT):
            return encoded(_listed(part))
        digits = bytearray(b",") * (2 * len(part) + 1)  # "[" d "," d ... d "]"
        digits[0], digits[-1] = ord("["), ord("]")
        digits[1::2] = part.translate(_DIGITS)
        return digits

    return Records(len(column), text)


_ONE_DIGIT = bytes(range(10))
"""The codes written as one digit (`bytes.translate` deletes them: whatever is left is not one)."""

_DIGITS = bytes(range(ord("0"), ord("9") + 1)) + bytes(246)
"""A translation of the codes 0..9 to the digits "0".."9"."""


def coded_column(column: Sequence[Any], table: tuple[str, ...]) -> Records:
    """A column of enum members as their codes in `table`.

    msgspec writes the members as their JSON strings; `letter_codes` then turns each string into its code
    by one `bytearray.translate` (a letter found only in that value becomes its digit, everything
    else but commas and brackets goes). Where a table has no such letters, or the text does not come out as one digit per item,
    the codes are looked up by identity (C-fast, but a Python int per item).
    """
    members = type(column[0]) if len(column) else ()
    codes = {id(member): table.index(member.value) for member in members}
    letters = letter_codes(table)

    def text(start: int, end: int) -> bytearray:
        part = column[start:end]
        if letters is not None:
            digits = encoded(_listed(part)).translate(*letters)
            if len(digits) == 2 * len(part) + 1:
                return digits
        return encoded(list(map(codes.__getitem__, map(id, part))))

    return Records(len(column), text)


def letter_codes(table: tuple[str, ...]) -> tuple[bytes, bytes] | None:
    """The `bytes.translate` arguments that turn the JSON strings of `table`'s values into their
    codes: each value's first letter found once in it and in no other value becomes the digit of
    its code; every other byte but the comma and the brackets is deleted. None when a value has no such letter (or is
    not plain ASCII letters, or the table has more than ten values)."""
    if len(table) > 10 or not all(value.isascii() and value.isalpha() for value in table):
        return None
    translation, kept = bytearray(range(256)), set()
    for code, value in enumerate(table):
        letter = next((letter for letter in value if value.count(letter) == 1
                       and not any(letter in other for other in table if other != value)), None)
        if letter is None:
            return None
        translation[ord(letter)] = ord("0") + code
        kept.add(ord(letter))
    return bytes(translation), bytes(byte for byte in range(256) if byte not in kept and chr(byte) not in ",[]")
