"""Provides the two layouts of trace JSON: `compact_chunks` (no spaces, big lists a chunk at a time,
as UTF-8 bytes) and `readable_text` (indented; a list or object of plain values on one line)."""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator, Optional, Union

from visualizer.export.safe_msgspec import msgspec

__all__ = [
    "Big", "Records", "compact_chunks", "readable_text", "materialised", "list_bytes", "exact_list", "encoded",
    "CHUNK_ITEMS", "NAN_MESSAGE",
]

CHUNK_ITEMS = 100_000
"""Items of a big list turned into text at a time: keeps the work in C and the memory flat."""

NAN_MESSAGE = "a trace value is NaN; values must be numbers or +/-infinity"
_COMPACT = {"separators": (",", ":"), "ensure_ascii": False, "allow_nan": False, "sort_keys": True}
_READABLE = {"separators": (", ", ": "), "ensure_ascii": False, "allow_nan": False, "sort_keys": True}
_EXACT = list[Optional[Union[int, str]]]
"""The items msgspec writes exactly as `json.dumps(ensure_ascii=False)` does: whole numbers, nulls and
strings (not floats: msgspec writes 1e+16 as 1e16, and an infinity as null; not booleans, which are
rare enough to leave to the standard library). Strings are escaped alike for every code point but
lone surrogates, which msgspec refuses."""


class Big:
    """A big list of the document: `length` items, `items(start, end)` giving them as plain data;
    `whole` when they are known to be whole numbers (written by msgspec without a look); `part(start,
    end)`, when given, the same items as the column holds them (an array, a list)."""

    def __init__(self, length: int, items: Callable[[int, int], list[Any]], *, whole: bool = False,
                 part: Callable[[int, int], Any] | None = None):
        self.length, self.items, self.whole, self.part = length, items, whole, part


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
    if value.part is not None:
        part = value.part(start, end)
        if type(part) is list:  # made once only
            return list_bytes(part, value.whole, errors)
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
        items = [json.dumps(key, ensure_ascii=False) + ": " + readable_text(value[key], level + 1)
                 for key in sorted(value)]
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
