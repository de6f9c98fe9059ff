"""Provides `from_spec`: the game a `source` spec describes (the inverse of `Game.spec()`), checked field by field.

A spec is read from files people can edit (saved traces, answer files), so `from_spec` is total: any
JSON value gives a game or an `InputError` whose one line names the field, its value and what to write.
"""

from __future__ import annotations

import math
from typing import Any, Callable, NoReturn

from visualizer.errors import InputError, shown
from visualizer.games.base import Game, Player
from visualizer.games.connect4 import ConnectFour
from visualizer.games.explicit import from_array, from_nested
from visualizer.games.nim import MAX_PILE, RULES, Nim
from visualizer.games.ordering import ORDERS, OrderedGame
from visualizer.games.tictactoe import TicTacToe

__all__ = ["KINDS", "from_spec"]

KINDS = ("array", "random", "nested", "tictactoe", "connect4", "nim")
"""The `kind` of every tree source a spec can describe."""

_REQUIRED = object()
"""The default of a field that must be given."""


def from_spec(spec: Any, *, where: str = "the trace's source") -> Game:
    """Rebuilds the game of a spec such as {"kind": "array", "values": [...], "branching": 2, "root": "min"}.

    Fields the kind does not use are ignored; `root` defaults to "max" and `order` to "natural" (with
    `order_seed` for a random order and `order_depth` for the look-ahead best and worst orders sort for).

    Args:
        spec: any JSON value (normally what `Game.spec()` wrote).
        where: names the spec in messages, e.g. "the source in answers.json".

    Returns:
        The game, built as the tree source's own constructor builds it.

    Raises:
        InputError: the spec is not an object, lacks a field its kind needs, or has a field of the
            wrong type or value (the message names the field).
    """
    if not isinstance(spec, dict):
        raise InputError(f'{where} is {shown(spec)}; write an object such as {{"kind": "array", "values": [1, 2, 3]}}')
    fields = _Fields(spec, where)
    kind = fields.text("kind", _REQUIRED, f"write one of {', '.join(KINDS)}")
    if kind not in KINDS:
        fields.refuse("kind", f"this kind is unknown, write one of {', '.join(KINDS)}")
    order = fields.text("order", "natural", f"write one of {', '.join(ORDERS)}")
    if order not in ORDERS:
        fields.refuse("order", f"write one of {', '.join(ORDERS)}")
    seed = fields.whole("order_seed", None)
    sorted_for = fields.whole("order_depth", None, minimum=0)  # the look-ahead best and worst orders sort for
    game = _BUILDERS[kind](fields, fields.player())
    return game if order == "natural" else OrderedGame(game, order, seed, depth=sorted_for)


class _Fields:
    """A spec's fields, each read with its type checked."""

    def __init__(self, spec: dict[str, Any], where: str):
        self.spec, self.where = spec, where

    def refuse(self, key: str, hint: str) -> NoReturn:
        """Raises the InputError for a field that is present but wrong: its name, its value and `hint`."""
        raise InputError(f"{self.where} has {key} {shown(self.spec[key])}; {hint}")

    def field(self, key: str, default: Any, hint: str) -> Any:
        """A field's value, `default` when absent (an InputError when the field is required)."""
        if key in self.spec:
            return self.spec[key]
        if default is _REQUIRED:
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
        return self.typed(key, None, hint, lambda value: value is None or isinstance(value, str))

    def whole(self, key: str, default: Any, *, minimum: int | None = None, maximum: int | None = None) -> Any:
        """A whole-number field (not a boolean), within the bounds when given; null counts as absent."""
        bounds = f"{minimum} or more" if maximum is None else f"from {minimum} to {maximum:,}"
        hint = "write a whole number" + (f", {bounds}" if minimum is not None else "")
        value = self.field(key, default, hint)
        if value is None and default is None:
            return None
        too_small = minimum is not None and _is_whole(value) and value < minimum
        too_large = maximum is not None and _is_whole(value) and value > maximum
        if not _is_whole(value) or too_small or too_large:
            self.refuse(key, hint)
        return value

    def build(self, constructor: Callable[..., Game], *args: Any, **kwargs: Any) -> Game:
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
        return self.typed(key, False, "write true or false", lambda value: isinstance(value, bool))

    def player(self) -> Player:
        """The `root` field: "max" (the default) or "min"."""
        text = self.text("root", "max", 'write "max" or "min"')
        if text.strip().lower() not in ("max", "min"):
            self.refuse("root", 'write "max" or "min"')
        return Player.parse(text)

    def names(self) -> list[str] | None:
        """The optional `names` field: one non-empty string per node (checked by the tree)."""
        hint = 'write a list of node names, e.g. ["A", "B", "C"]'
        return self.typed("names", None, hint,
                           lambda value: isinstance(value, list) and all(isinstance(name, str) for name in value))

    def values(self) -> list[int | float]:
        """The `values` field: a non-empty list of finite numbers."""
        hint = "write a non-empty list of numbers, e.g. [1, 3, 5]"
        values = self.typed("values", _REQUIRED, hint, lambda value: isinstance(value, list) and bool(value))
        for position, value in enumerate(values, start=1):
            if not _is_finite_number(value):
                raise InputError(f"{self.where} has values item {position} {shown(value)}; {hint}")
        return values


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_finite_number(value: Any) -> bool:
    if _is_whole(value):
        return True
    return isinstance(value, float) and math.isfinite(value)


def _explicit(fields: _Fields, root: Player) -> Game:
    for key in ("seed", "leaves"):  # facts a random tree records about itself
        fields.whole(key, None)
    fields.typed("range", None, "write [LO, HI] with whole numbers",
                  lambda value: isinstance(value, list) and len(value) == 2 and all(map(_is_whole, value)))
    extra = {key: fields.spec[key] for key in ("seed", "range", "leaves") if fields.spec.get(key) is not None}
    return fields.build(from_array, fields.values(), branching=fields.whole("branching", 2, minimum=1),
                        names=fields.names(), root=root, kind=fields.spec["kind"], source=extra)


def _nested(fields: _Fields, root: Player) -> Game:
    nested = fields.field("nested", _REQUIRED, "write nested lists with numbers at the leaves, e.g. [[3, 12], [2, 4]]")
    return fields.build(from_nested, nested, names=fields.names(), root=root)


def _board_options(fields: _Fields) -> dict[str, Any]:
    return {
        "player": fields.optional_text("player", 'write "X" or "O"'),
        "evaluator": fields.optional_text("eval", "write an evaluator's name, e.g. \"win-loss\""),
        "symmetry": fields.flag("symmetry"),
    }


def _tictactoe(fields: _Fields, root: Player) -> Game:
    board = fields.text("board", _REQUIRED, 'write the board as text of X, O and ., e.g. "X.O/.X./..O"')
    return fields.build(TicTacToe, board, root=root, **_board_options(fields))


def _connect4(fields: _Fields, root: Player) -> Game:
    shape = {key: fields.whole(key, _REQUIRED, minimum=1) for key in ("rows", "cols", "connect")}
    board = fields.optional_text("board", 'write the board as rows of X, O and . split by /, e.g. ".../X.."')
    return fields.build(ConnectFour, board, root=root, **shape, **_board_options(fields))


def _nim(fields: _Fields, root: Player) -> Game:
    return fields.build(
        Nim,
        fields.whole("pile", _REQUIRED, minimum=1, maximum=MAX_PILE),
        max_take=fields.whole("max_take", 3, minimum=1),
        rules=fields.text("rules", "misere", f"write one of {', '.join(RULES)}"),
        root=root,
    )


_BUILDERS: dict[str, Callable[[_Fields, Player], Game]] = {
    "array": _explicit, "random": _explicit, "nested": _nested, "tictactoe": _tictactoe, "connect4": _connect4,
    "nim": _nim,
}
"""Each kind's builder: its fields checked, then the tree source's constructor."""
