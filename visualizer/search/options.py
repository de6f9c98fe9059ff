"""Provides the search options beyond the look-ahead and the cut rule (`OPTIONS`): each one's flag,
default, how its text is read, and how a run that sets it is named. An algorithm's function takes each
option it lists (`Algorithm.options`) as a keyword argument of the same name."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from visualizer.errors import InputError
from visualizer.games.base import Value, format_value


def _number(text: str, flag: str, example: str) -> Value:
    try:
        number = float(text)
        if math.isnan(number):
            raise ValueError(text)
    except ValueError:
        raise InputError(f"{flag} needs numbers, not {text!r}; e.g. {flag} {example}") from None
    return int(number) if number.is_integer() and "inf" not in text.lower() else number


def parse_interval(text: str, flag: str, *, closed: bool = False) -> tuple[Value, Value]:
    """ "LO:HI" as two numbers, LO below HI (or equal, when `closed`); "-inf" and "inf" are allowed."""
    example = "-10:10"
    parts = text.strip().split(":")
    if len(parts) != 2 or not all(part.strip() for part in parts):
        raise InputError(f"{flag} takes LO:HI, not {text!r}; e.g. {flag} {example}")
    low, high = (_number(part.strip(), flag, example) for part in parts)
    if low > high or (low == high and not closed):
        relation = "above" if low > high else "equal to"
        raise InputError(f"{flag} has LO {format_value(low)} {relation} HI {format_value(high)}; e.g. {flag} {example}")
    return low, high


def _int(text: str, flag: str, example: str = "7") -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"{flag} takes a whole number, not {text!r}; e.g. {flag} {example}") from None


def _positive_int(text: str, flag: str) -> int:
    number = _int(text, flag, "1000")
    if number < 1:
        raise InputError(f"{flag} must be 1 or more, not {number}; e.g. {flag} 1000")
    return number


def _exploration(text: str, flag: str) -> float:
    number = _number(text, flag, "1.41")
    if not 0 <= number < math.inf:
        raise InputError(f"{flag} must be 0 or more (and finite), not {text}; e.g. {flag} 1.41")
    return number


@dataclass(frozen=True)
class SearchOption:
    """One option an algorithm may take, by the keyword its function takes (`name`, e.g. "fail_hard").

    `parse` is None for a switch (True when given). `refused`: a run that sets it for an algorithm
    that does not take it is refused; False for a flag with another use too (`--seed`).
    """

    name: str
    flag: str
    default: Any
    help: str
    parse: Callable[[str, str], Any] | None = None
    refused: bool = True
    metavar: str | None = None

    def read(self, text: str) -> Any:
        """The option's value from the text after its flag (or after "=" in a compare run)."""
        if self.parse is None:
            raise InputError(f"{self.flag} is a switch; it takes no value")
        return self.parse(text, self.flag)


OPTIONS: dict[str, SearchOption] = {
    option.name: option
    for option in (
        SearchOption(
            "fail_hard",
            "--fail-hard",
            False,
            "alpha-beta returns the bound it failed against instead of the best value found (fail-soft)",
        ),
        SearchOption(
            "window",
            "--window",
            None,
            "the root's starting window (an aspiration window), e.g. -5:5",
            lambda text, flag: parse_interval(text, flag),
            metavar="LO:HI",
        ),
        SearchOption(
            "tt", "--tt", False, "a transposition table: a position met again takes its stored value or bound"
        ),
        SearchOption(
            "bounds",
            "--bounds",
            None,
            "Star1: every leaf value lies in LO:HI, e.g. -10:10",
            lambda text, flag: parse_interval(text, flag, closed=True),
            metavar="LO:HI",
        ),
        SearchOption(
            "iterations", "--iterations", 1000, "Monte Carlo tree search: iterations (1000)", _positive_int, metavar="N"
        ),
        SearchOption(
            "seed",
            "--seed",
            0,
            "Monte Carlo tree search: the playouts' random seed (0)",
            _int,
            refused=False,
            metavar="S",
        ),
        SearchOption(
            "exploration",
            "--exploration",
            math.sqrt(2),
            "Monte Carlo tree search: UCT's exploration constant C (1.41)",
            _exploration,
            metavar="C",
        ),
    )
}
"""Every search option by name, in the order help lists them."""


def changed_options(settings: dict[str, Any]) -> dict[str, Any]:
    """The options in `settings` that differ from their defaults (unknown names are an error)."""
    return {name: value for name, value in settings.items() if value != OPTIONS[name].default}


def option_label(name: str, value: Any) -> str:
    """How a run that sets an option is named: "fail-hard", "tt", "window -5:5", "iterations 500"."""
    word = OPTIONS[name].flag.lstrip("-")
    if value is True:
        return word
    if isinstance(value, tuple):
        return f"{word} {':'.join(format_value(part) for part in value)}"
    return f"{word} {format_value(value)}"


def parse_option(text: str) -> tuple[str, Any]:
    """One option of a compare run, "tt", "fail-hard" or "window=-5:5", as (name, value)."""
    word, _, value = text.partition("=")
    flag = "--" + word.strip().lower().replace("_", "-")
    option = next((option for option in OPTIONS.values() if option.flag == flag), None)
    if option is None:
        known = ", ".join(option.flag.lstrip("-") for option in OPTIONS.values())
        raise InputError(f"unknown search option {word.strip()!r}; use one of {known}, e.g. alphabeta+tt")
    if option.parse is None:
        if value:
            raise InputError(f"{word.strip()} is a switch and takes no value; write {option.flag.lstrip('-')}")
        return option.name, True
    if not value.strip():
        raise InputError(f"{word.strip()} needs a value, e.g. {option.flag.lstrip('-')}=...")
    return option.name, option.read(value.strip())
