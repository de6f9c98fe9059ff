"""Provides the text of trace JSON: a column's values as compact JSON (`list_text`, `values_text`,
`codes_text`) and a document holding big `Column`s, written without spaces a chunk at a time
(`compact_chunks`) or indented (`readable_text`). The text is the standard library's (`json.dumps`,
`ensure_ascii=False`, sorted keys); msgspec writes the lists it writes alike.
"""

from __future__ import annotations

import json
import math
from array import array
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeGuard

from visualizer.readwrite.bulk_text import WHOLE_TYPECODES
from visualizer.readwrite.decode import msgspec

__all__ = [
    "CHUNK_ITEMS",
    "MINUS_INF",
    "NAN_MESSAGE",
    "PLUS_INF",
    "Column",
    "codes_text",
    "compact_chunks",
    "holds_whole_numbers",
    "list_text",
    "listed",
    "readable_text",
    "values_text",
    "whole_numbers_text",
]

PLUS_INF, MINUS_INF = "+inf", "-inf"
"""How +infinity (an open beta) and -infinity (an open alpha) are written in trace files."""

CHUNK_ITEMS = 100_000
"""Items of a big list turned into text at a time."""

NAN_MESSAGE = "a trace value is NaN; values must be numbers or +/-infinity"
_COMPACT: dict[str, Any] = {"separators": (",", ":"), "ensure_ascii": False, "allow_nan": False, "sort_keys": True}
_READABLE: dict[str, Any] = {**_COMPACT, "separators": (", ", ": ")}
_EXACT = list[int | str | None]
"""What msgspec writes as the standard library does (not floats: msgspec writes 1e+16 as 1e16; not
booleans, which are rare; not lone surrogates or str subclasses, which msgspec refuses)."""
_WHOLE_OR_NONE = list[int | None]
"""Search values that cannot be an infinity."""
_ENCODE = msgspec.json.Encoder().encode


class Column:
    """A big list of a document: `length` items whose compact text, without brackets, `text(start, end)` makes."""

    def __init__(self, length: int, text: Callable[[int, int], str]) -> None:
        self.length, self.text = length, text

    def items(self) -> list[Any]:
        """Every item, read back from the text (for the indented layout)."""
        return list(json.loads("[" + self.text(0, self.length) + "]"))

    def chunks(self) -> Iterator[str]:
        """The whole list, brackets included, `CHUNK_ITEMS` items a piece."""
        yield "["
        for start in range(0, self.length, CHUNK_ITEMS):
            if start:
                yield ","
            yield self.text(start, min(self.length, start + CHUNK_ITEMS))
        yield "]"


def _dumps(value: Any, options: dict[str, Any]) -> str:
    try:
        return json.dumps(value, **options)
    except ValueError as error:  # NaN or an infinity the columns did not catch
        raise ValueError(NAN_MESSAGE) from error


def _encoded(items: list[Any]) -> str:
    return str(memoryview(_ENCODE(items))[1:-1], "utf-8")


def listed(part: Sequence[Any]) -> list[Any]:
    """A slice of a column as a list (an array's `tolist` is the fastest way out of one)."""
    if isinstance(part, list):
        return part
    return part.tolist() if isinstance(part, array) else list(part)


def holds_whole_numbers(column: Sequence[Any]) -> TypeGuard[bytes | bytearray | array[int]]:
    """True when `column` can hold nothing but whole numbers: bytes, or an `array` of a whole-number type."""
    return isinstance(column, (bytes, bytearray)) or isinstance(column, array) and column.typecode in WHOLE_TYPECODES


def whole_numbers_text(part: bytes | bytearray | array[int]) -> str:
    """A slice of a column that `holds_whole_numbers`, as `list_text` writes it (there is nothing to check)."""
    return _encoded(listed(part))


def list_text(items: list[Any]) -> str:
    """`items` as compact JSON without the brackets (ValueError for NaN)."""
    try:
        return _encoded(msgspec.convert(items, _EXACT, strict=True))
    except (msgspec.ValidationError, UnicodeEncodeError, TypeError):
        return _dumps(items, _COMPACT)[1:-1]


def values_text(items: list[Any]) -> str:
    """Search values as `list_text` writes them, infinities as "+inf" and "-inf"."""
    try:
        return _encoded(msgspec.convert(items, _WHOLE_OR_NONE, strict=True))  # the usual case, checked in C
    except msgspec.ValidationError:
        pass
    if math.inf in items or -math.inf in items:
        items = [PLUS_INF if value == math.inf else MINUS_INF if value == -math.inf else value for value in items]
    return list_text(items)


def codes_text(members: Sequence[Any], codes: dict[int, str]) -> str:
    """Enum members as their codes' texts, `codes` mapping a member's id to its text (KeyError for others)."""
    return ",".join(map(codes.__getitem__, map(id, members)))


def compact_chunks(value: Any) -> Iterator[str]:
    """`value` (plain data holding `Column`s) as JSON without spaces, in pieces."""
    if isinstance(value, Column):
        yield from value.chunks()
    elif isinstance(value, dict) and _holds_column(value):
        separator = "{"
        for key in sorted(value):
            yield separator + json.dumps(key, ensure_ascii=False) + ":"
            yield from compact_chunks(value[key])
            separator = ","
        yield "}"
    elif isinstance(value, list) and _holds_column(value):
        for index, item in enumerate(value):
            yield "," if index else "["
            yield from compact_chunks(item)
        yield "]"
    else:
        yield _dumps(value, _COMPACT)


def _holds_column(value: dict[str, Any] | list[Any]) -> bool:
    items = value.values() if isinstance(value, dict) else value
    return any(isinstance(item, Column) or isinstance(item, (dict, list)) and _holds_column(item) for item in items)


def readable_text(value: Any, level: int = 0) -> str:
    """`value` indented one space a level; a list or object of plain values stays on one line."""
    if isinstance(value, Column):
        value = value.items()
    if isinstance(value, dict) and any(isinstance(item, (dict, list, Column)) for item in value.values()):
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
