"""Provides the text of trace JSON: the two layouts (`compact_chunks`, no spaces, big lists a chunk at a
time as UTF-8 bytes; `readable_text`, indented, a list or object of plain values on one line), the
compact text of trace columns a chunk at a time (values with infinities written "+inf"/"-inf", plain
columns, codes), and `encode_value`/`decode_value`, the text form of one search value.
"""

from __future__ import annotations

import json
import math
from array import array
from collections.abc import Callable, Iterator, Sequence
from itertools import repeat
from operator import is_not
from typing import Any

from visualizer.games.base import Value
from visualizer.readwrite.decode import msgspec
from visualizer.tracing.trace_columns import Nones

__all__ = [
    "Big",
    "CHUNK_ITEMS",
    "MINUS_INF",
    "NAN_MESSAGE",
    "PLUS_INF",
    "Records",
    "coded_column",
    "compact_chunks",
    "decode_value",
    "encode_value",
    "encoded",
    "exact_list",
    "letter_codes",
    "list_bytes",
    "materialised",
    "maybe_column",
    "plain_column",
    "readable_text",
    "small_codes_column",
    "values_column",
]


PLUS_INF = "+inf"
"""How +infinity (an open beta) is written in trace files and labels."""

MINUS_INF = "-inf"
"""How -infinity (an open alpha) is written in trace files and labels."""


def encode_value(value: Value | None) -> Value | str | None:
    """A value as strict JSON allows it: infinities become "+inf"/"-inf", finite numbers stay.

    Raises:
        ValueError: for NaN, which no search produces and JSON cannot hold.
    """
    if isinstance(value, float) and not math.isfinite(value):
        if math.isnan(value):
            raise ValueError("a trace value is NaN; values must be numbers or +/-infinity")
        return PLUS_INF if value > 0 else MINUS_INF
    return value


def decode_value(value: Any) -> Value | None:
    """The inverse of `encode_value`: "+inf"/"-inf" back to float infinities."""
    if value == PLUS_INF:
        return math.inf
    if value == MINUS_INF:
        return -math.inf
    return value


CHUNK_ITEMS = 100_000
"""Items of a big list turned into text at a time: keeps the work in C and the memory flat."""

NAN_MESSAGE = "a trace value is NaN; values must be numbers or +/-infinity"
_COMPACT = {"separators": (",", ":"), "ensure_ascii": False, "allow_nan": False, "sort_keys": True}
_READABLE = {"separators": (", ", ": "), "ensure_ascii": False, "allow_nan": False, "sort_keys": True}
_EXACT = list[int | str | None]
"""The items msgspec writes exactly as `json.dumps(ensure_ascii=False)` does: whole numbers, nulls and
strings (not floats: msgspec writes 1e+16 as 1e16, and an infinity as null; not booleans, which are
rare enough to leave to the standard library). Strings are escaped alike for every code point but
lone surrogates, which msgspec refuses."""


class Big:
    """A big list of the document: `length` items, `items(start, end)` giving them as plain data;
    `whole` when they are known to be whole numbers (written by msgspec without a look)."""

    def __init__(self, length: int, items: Callable[[int, int], list[Any]], *, whole: bool = False):
        self.length, self.items, self.whole = length, items, whole


class Records(Big):
    """A big list whose compact text `text(start, end)` makes straight from the columns: the items'
    JSON list, brackets included, as a bytearray of UTF-8 that `compact_chunks` may change in place
    (its items, for the indented layout, are read back from that text)."""

    def __init__(self, length: int, text: Callable[[int, int], bytearray]):
        super().__init__(length, lambda start, end: json.loads(text(start, end)))
        self.text = text


def _dumps(value: Any, options: dict[str, Any]) -> str:
    try:
        return json.dumps(value, **options)
    except ValueError as error:  # NaN or an infinity the columns did not catch
        raise ValueError(NAN_MESSAGE) from error


def compact_chunks(value: Any, errors: str = "strict") -> Iterator[bytes]:
    """`value` as UTF-8 JSON without spaces, `Big`s written a chunk at a time (bytes end to end:
    msgspec makes bytes, and the file takes bytes).

    Args:
        value: plain data holding `Big`s.
        errors: how text the standard library writes is encoded: "strict" refuses a lone surrogate
            (UnicodeEncodeError), "surrogatepass" keeps it for a caller that decodes the same way.
    """
    if isinstance(value, Big):
        text = value.text if isinstance(value, Records) else lambda start, end: _big_text(value, start, end, errors)
        for start in range(0, value.length, _chunk()):  # each chunk's list, its brackets made the joins in place
            part = text(start, min(value.length, start + _chunk()))
            if start:
                part[0] = _COMMA
            del part[-1]
            yield part
        yield b"]" if value.length else b"[]"
    elif isinstance(value, dict) and _holds_big(value):
        separator = "{"
        for key in sorted(value):
            yield (separator + json.dumps(key, ensure_ascii=False) + ":").encode("utf-8", errors)
            yield from compact_chunks(value[key], errors)
            separator = ","
        yield b"}" if value else b"{}"
    elif isinstance(value, list) and _holds_big(value):
        separator = b"["
        for item in value:
            yield separator
            yield from compact_chunks(item, errors)
            separator = b","
        yield b"]" if value else b"[]"
    else:
        yield _dumps(value, _COMPACT).encode("utf-8", errors)


_COMMA = ord(",")


def _big_text(value: Big, start: int, end: int, errors: str) -> bytearray:
    return list_bytes(value.items(start, end), value.whole, errors)


def _holds_big(value: Any) -> bool:
    items = value.values() if isinstance(value, dict) else value
    return any(isinstance(item, Big) or isinstance(item, (dict, list)) and _holds_big(item) for item in items)


def materialised(value: Any) -> Any:
    """`value` with every `Big` made a plain list (for small traces only)."""
    if isinstance(value, Big):
        return value.items(0, value.length)
    if isinstance(value, dict):
        return {key: materialised(item) for key, item in value.items()}
    if isinstance(value, list):
        return [materialised(item) for item in value]
    return value


def readable_text(value: Any, level: int) -> str:
    """`value` indented one space a level; a list or object of plain values stays on one line."""
    if isinstance(value, dict) and any(isinstance(item, (dict, list)) for item in value.values()):
        inner = "\n" + " " * (level + 1)
        items = [
            json.dumps(key, ensure_ascii=False) + ": " + readable_text(value[key], level + 1) for key in sorted(value)
        ]
        return "{" + inner + ("," + inner).join(items) + "\n" + " " * level + "}"
    if isinstance(value, list) and any(isinstance(item, (dict, list)) for item in value):
        inner = "\n" + " " * (level + 1)
        items = [readable_text(item, level + 1) for item in value]
        return "[" + inner + ("," + inner).join(items) + "\n" + " " * level + "]"
    return _dumps(value, _READABLE)


def exact_list(items: list[Any], kind: Any = _EXACT) -> list[Any] | None:
    """`items` as a list msgspec writes exactly as the standard library does, or None when one is not
    of `kind` (by default: a whole number, a string or None). Checked in C by `msgspec.convert`,
    several times faster than a look at each item's type; int subclasses come back as ints."""
    try:
        return msgspec.convert(items, kind, strict=True)
    except msgspec.ValidationError:
        return None


def encoded(items: Any) -> bytearray:
    """`items` as msgspec's JSON, in a new bytearray (which `compact_chunks` changes in place)."""
    text = bytearray()
    _ENCODER.encode_into(items, text)
    return text


_ENCODER = msgspec.json.Encoder()


def list_bytes(items: list[Any], whole: bool = False, errors: str = "strict") -> bytearray:
    """A list as compact UTF-8 JSON, in a new bytearray: by msgspec when it holds only whole numbers,
    nulls and strings (the same text, several times faster than the standard library, which writes
    every other list).

    Args:
        items: plain values.
        whole: the items are known to be whole numbers or nulls (no look at their types).
        errors: as `compact_chunks`, for a lone surrogate (which only the standard library writes).

    Raises:
        ValueError: an item is NaN.
        UnicodeEncodeError: a string holds a lone surrogate and `errors` is "strict".
    """
    exact = items if whole else exact_list(items)
    if exact is not None:
        try:
            return encoded(exact)
        except (UnicodeEncodeError, TypeError):  # a lone surrogate, or a str subclass msgspec refuses
            pass
    return bytearray(_dumps(items, _COMPACT).encode("utf-8", errors))


def _chunk() -> int:
    """`CHUNK_ITEMS`, read when used (tests make it small)."""
    return CHUNK_ITEMS


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


_WHOLE_OR_NONE = list[int | None]
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
    """A column written as it is; `whole` when it holds only whole numbers (ids, codes, depths)."""
    return Big(len(column), lambda start, end: _listed(column[start:end]), whole=whole)


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
    else but commas and brackets goes). Where a table has no such letters, or the text does not come out as one
    digit per item, the codes are looked up by identity (C-fast, but a Python int per item).
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
        letter = next(
            (
                letter
                for letter in value
                if value.count(letter) == 1 and not any(letter in other for other in table if other != value)
            ),
            None,
        )
        if letter is None:
            return None
        translation[ord(letter)] = ord("0") + code
        kept.add(ord(letter))
    return bytes(translation), bytes(byte for byte in range(256) if byte not in kept and chr(byte) not in ",[]")
