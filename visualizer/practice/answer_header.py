"""Provides the header of an answer file: the fields that name the exercise, each read with its type checked.

Both forms take the same words, JSON its own types besides: `exercise` a code, `source` a spec object,
`depth` a whole number or `full` (JSON: also null), `strict` yes/no, true/false or 1/0, and `cut_window`
(text: `cut-window raised`) kept or raised. Anything else is refused with one line naming the field.
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

from visualizer.errors import InputError, shown
from visualizer.practice.code import MAX_CODE_TEXT
from visualizer.practice.exercise import CUT_WINDOWS

__all__ = ["HEADER_FIELDS", "TEXT_KEYWORDS", "header_value", "read_header_line"]

STRICT_WORDS = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}
"""The words for `strict`."""

HEADER_FIELDS = ("exercise", "source", "depth", "strict", "cut_window")
"""The fields that name the exercise (and the convention it is checked with), in the order files write them."""

TEXT_KEYWORDS = {"cut-window": "cut_window"}
"""Header keywords the text form writes otherwise than the field's name."""

_DIGITS = re.compile(r"[0-9]+")
"""A depth as the text form writes it (ASCII digits only)."""


def read_header_line(header: dict[str, Any], keyword: str, rest: str, at: str) -> None:
    """Reads one header line of the text form (`keyword` and the `rest` of the line) into `header`."""
    if keyword == "source":
        try:
            source = json.loads(rest)
        except (ValueError, RecursionError):  # not JSON, nested too deeply, or a number with too many digits
            raise InputError(f"{at}: the source is not JSON; copy the line from the answer sheet again") from None
        header["source"] = header_value("source", source, at)
    else:
        header[keyword] = header_value(keyword, rest.split("#", 1)[0].strip(), at)


def header_value(field: str, given: Any, at: str) -> Any:
    """A header field's value, checked: the text form's word (a str) or any JSON value."""
    if field == "exercise":
        code = given.strip() if isinstance(given, str) else ""
        if not code:
            raise InputError(f'{at}: exercise is {shown(given)}; write the exercise code as text, e.g. "3RT7-KQ2M-5"')
        if len(code) > MAX_CODE_TEXT:
            raise InputError(
                f"{at}: the exercise code has {len(code):,} characters; codes have a dozen or so, copy it again"
            )
        return code
    if field == "source":
        if not isinstance(given, dict):
            raise InputError(
                f"{at}: the source is {shown(given)}; copy the source line (an object) from the answer sheet again"
            )
        return given
    if field == "depth":
        return _read_depth(given, at)
    if field == "cut_window":
        refusal = "write kept (the window as the cut came) or raised (the bound moved to the value first)"
        return _read_word(
            given, {word: word for word in CUT_WINDOWS}, f"{at}: the cut window is {shown(given)}; {refusal}"
        )
    if isinstance(given, bool):  # strict, as JSON writes it
        return given
    return _read_word(given, STRICT_WORDS, f"{at}: strict is {shown(given)}; write yes (cut only past the bound) or no")


def _read_depth(given: Any, at: str) -> int | None:
    """A look-ahead: a whole number 0 or more, or "full" (JSON: also null) for no limit (None)."""
    word = given.strip().lower() if isinstance(given, str) else None
    if given is None or word == "full":
        return None
    if word is not None and _DIGITS.fullmatch(word):
        with contextlib.suppress(ValueError):  # more digits than Python reads
            return int(word)
    if isinstance(given, int) and not isinstance(given, bool) and given >= 0:
        return given
    raise InputError(f"{at}: depth is {shown(given)}; write a whole number 0 or more, or 'full' for no limit")


def _read_word(given: Any, words: dict[str, Any], refusal: str) -> Any:
    """What `given`, one of `words` in any case, means; an InputError saying `refusal` otherwise."""
    word = given.strip().lower() if isinstance(given, str) else ""
    if word not in words:
        raise InputError(refusal)
    return words[word]
