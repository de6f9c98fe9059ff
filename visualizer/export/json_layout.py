"""Provides the two layouts of trace JSON: `compact_chunks` (no spaces, big lists a chunk at a time)
and `readable_text` (indented; a list or object of plain values on one line)."""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator

import msgspec

__all__ = ["Big", "Records", "compact_chunks", "readable_text", "materialised", "list_text", "CHUNK_ITEMS", "NAN_MESSAGE"]

CHUNK_ITEMS = 100_000
"""Items of a big list turned into text at a time: keeps the work in C and the memory flat."""

NAN_MESSAGE = "a trace value is NaN; values must be numbers or +/-infinity"
_COMPACT = {"separators": (",", ":"), "ensure_ascii": False, "allow_nan": False, "sort_keys": True}
_EXACT = {int, type(None), bool, str}
"""The item types msgspec writes exactly as `json.dumps(ensure_ascii=False)` does (not floats: msgspec
writes 1e+16 as 1e16); strings are escaped alike for every code point but lone surrogates."""
_READABLE = {"separators": (", ", ": "), "ensure_ascii": False, "allow_nan": False, "sort_keys": True}


class Big:
    """A big list of the document: `length` items, `items(start, end)` giving them as plain data;
    `whole` when they are known to be whole numbers (written by msgspec without a look)."""

    def __init__(self, length: int, items: Callable[[int, int], list[Any]], *, whole: bool = False):
        self.length, self.items, self.whole = length, items, whole


class Records(Big):
    """A big list whose compact text (items without the brackets) `text(start, end)` makes straight
    from the columns (its items, for the indented layout, are read back from that text)."""

    def __init__(self, length: int, text: Callable[[int, int], str]):
        super().__init__(length, lambda start, end: json.loads("[" + text(start, end) + "]"))
        self.text = text


def _dumps(value: Any, options: dict[str, Any]) -> str:
    try:
        return json.dumps(value, **options)
    except ValueError as error:  # NaN or an infinity the columns did not catch
        raise ValueError(NAN_MESSAGE) from error


def compact_chunks(value: Any) -> Iterator[str]:
    """`value` as JSON without spaces, `Big`s written a chunk at a time."""
    if isinstance(value, Records):
        yield "["
        for start in range(0, value.length, _chunk()):
            text = value.text(start, min(value.length, start + _chunk()))
            yield text if start == 0 else "," + text
        yield "]"
    elif isinstance(value, Big):
        yield "["
        for start in range(0, value.length, _chunk()):
            text = list_text(value.items(start, min(value.length, start + _chunk())), value.whole)[1:-1]
            yield text if start == 0 else "," + text
        yield "]"
    elif isinstance(value, dict) and _holds_big(value):
        separator = "{"
        for key in sorted(value):
            yield separator + json.dumps(key, ensure_ascii=False) + ":"
            yield from compact_chunks(value[key])
            separator = ","
        yield "}" if value else "{}"
    elif isinstance(value, list) and _holds_big(value):
        separator = "["
        for item in value:
            yield separator
            yield from compact_chunks(item)
            separator = ","
        yield "]" if value else "[]"
    else:
        yield _dumps(value, _COMPACT)


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
        items = [json.dumps(key, ensure_ascii=False) + ": " + readable_text(value[key], level + 1)
                 for key in sorted(value)]
        return "{" + inner + ("," + inner).join(items) + "\n" + " " * level + "}"
    if isinstance(value, list) and any(isinstance(item, (dict, list)) for item in value):
        inner = "\n" + " " * (level + 1)
        items = [readable_text(item, level + 1) for item in value]
        return "[" + inner + ("," + inner).join(items) + "\n" + " " * level + "]"
    return _dumps(value, _READABLE)


def list_text(items: list[Any], whole: bool = False) -> str:
    """A list as compact JSON: by msgspec when it holds only whole numbers, nulls, booleans and strings
    (the same text, several times faster than the standard library, which writes every other list).

    Args:
        items: plain values.
        whole: the items are known to be whole numbers or nulls (no look at their types).

    Raises:
        ValueError: an item is NaN.
    """
    if whole or set(map(type, items)) <= _EXACT:
        try:
            return msgspec.json.encode(items).decode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate, which only the standard library passes through
            pass
    return _dumps(items, _COMPACT)


def _chunk() -> int:
    """`CHUNK_ITEMS`, read when used (tests make it small)."""
    return CHUNK_ITEMS
