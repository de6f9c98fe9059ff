"""Provides `SpecFields`: a spec's fields (a JSON object people may edit) read one by one, each checked for type,
so that any JSON value gives a game or an `InputError` naming the field, its value and what to write."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar, cast

from visualizer.errors import InputError, shown
from visualizer.games.base import Player

_Built = TypeVar("_Built")

REQUIRED = object()
"""The default of a field that must be given."""


def is_whole(value: Any) -> bool:
    """True for an int that is not a boolean."""
    return isinstance(value, int) and not isinstance(value, bool)


class SpecFields:
    """A spec's fields, each read with its type checked; `where` names the spec in messages."""

    def __init__(self, spec: Any, where: str):
        if not isinstance(spec, dict):
            raise InputError(
                f'{where} is {shown(spec)}; write an object such as {{"kind": "array", "values": [1, 2, 3]}}'
            )
        self.spec, self.where = spec, where

    def refuse(self, key: str, hint: str) -> NoReturn:
        """Raises the InputError for a field that is present but wrong: its name, its value and `hint`."""
        raise InputError(f"{self.where} has {key} {shown(self.spec[key])}; {hint}")

    def field(self, key: str, default: Any, hint: str) -> Any:
        """A field's value, `default` when absent (an InputError when the field is `REQUIRED`)."""
        if key in self.spec:
            return self.spec[key]
        if default is REQUIRED:
            raise InputError(f"{self.where} lacks {key!r}; {hint}")
        return default

    def typed(self, key: str, default: Any, hint: str, accepts: Callable[[Any], bool]) -> Any:
        """A field's value, refused unless it is absent (`default`) or `accepts` it."""
        value = self.field(key, default, hint)
        if value is not default and not accepts(value):
            self.refuse(key, hint)
        return value

    def text(self, key: str, default: Any, hint: str) -> Any:
        """A string field (`default` when absent)."""
        return self.typed(key, default, hint, lambda value: isinstance(value, str))

    def optional_text(self, key: str, hint: str) -> str | None:
        """A string field that may be null or absent."""
        return cast("str | None", self.typed(key, None, hint, lambda value: value is None or isinstance(value, str)))

    def whole(self, key: str, default: Any, *, minimum: int | None = None, maximum: int | None = None) -> Any:
        """A whole-number field (not a boolean), within the bounds when given; null counts as absent."""
        bounds = f"{minimum} or more" if maximum is None else f"from {minimum} to {maximum:,}"
        hint = "write a whole number" + (f", {bounds}" if minimum is not None else "")
        value = self.field(key, default, hint)
        if value is None and default is None:
            return None
        if not is_whole(value) or minimum is not None and value < minimum or maximum is not None and value > maximum:
            self.refuse(key, hint)
        return value

    def build(self, constructor: Callable[..., _Built], *args: Any, **kwargs: Any) -> _Built:
        """`constructor(*args, **kwargs)`; its own InputError (a board of the wrong shape, ...) gets `where` first."""
        try:
            return constructor(*args, **kwargs)
        except InputError as error:
            raise InputError(f"{self.where}: {error}") from None
        except (OverflowError, RecursionError):  # e.g. an integer too large to compare with a float
            message = f"{self.where} has a number or a nesting too large to read; write smaller values"
            raise InputError(message) from None

    def flag(self, key: str) -> bool:
        """A true/false field, false when absent."""
        return self.typed(key, False, "write true or false", lambda value: isinstance(value, bool)) is True

    def player(self) -> Player:
        """The `root` field: "max" (the default) or "min"."""
        text = self.text("root", "max", 'write "max" or "min"')
        if text.strip().lower() not in ("max", "min"):
            self.refuse("root", 'write "max" or "min"')
        return Player.parse(text)

    def names(self) -> list[str] | None:
        """The optional `names` field: one non-empty string per node (checked by the tree)."""
        hint = 'write a list of node names, e.g. ["A", "B", "C"]'
        names: list[str] | None = self.typed(
            "names", None, hint, lambda value: isinstance(value, list) and all(isinstance(name, str) for name in value)
        )
        return names

    def values(self) -> list[int | float]:
        """The `values` field: a non-empty list of finite numbers."""
        hint = "write a non-empty list of numbers, e.g. [1, 3, 5]"
        values: list[int | float] = self.typed(
            "values", REQUIRED, hint, lambda value: isinstance(value, list) and bool(value)
        )
        for position, value in enumerate(values, start=1):
            if not (is_whole(value) or isinstance(value, float) and math.isfinite(value)):
                raise InputError(f"{self.where} has values item {position} {shown(value)}; {hint}")
        return values

    def board_options(self) -> dict[str, Any]:
        """The settings every grid game's spec carries: `player`, `eval` (as `evaluator`) and `symmetry`."""
        return {
            "player": self.optional_text("player", 'write "X" or "O"'),
            "evaluator": self.optional_text("eval", 'write an evaluator\'s name, e.g. "win-loss"'),
            "symmetry": self.flag("symmetry"),
        }
