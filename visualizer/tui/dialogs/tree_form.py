"""Provides `TreeForm` and `PRESETS`: the New-tree form's fields as the user set them, built into a game through
the game registry (each field read as the command line reads its flag)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from visualizer.errors import InputError
from visualizer.games import (
    ConnectFour,
    Game,
    GameKind,
    GameOption,
    Nim,
    Player,
    TicTacToe,
    builtin_example,
    find_game_kind,
    from_nested,
    game_kinds,
    parse_order,
    random_tree,
    with_order,
)
from visualizer.games.random_tree import fresh_seed

__all__ = ["PRESETS", "TreeForm", "form_kinds", "read_field"]


def form_kinds() -> tuple[GameKind, ...]:
    """The kinds the form offers, in the order registered: each one that builds its games from its options."""
    return tuple(kind for kind in game_kinds() if kind.is_buildable)


def _text(option: GameOption, value: Any) -> str | bool:
    """How a field shows an option's value: a tick box's True or False, else text ("" for None)."""
    return bool(value) if option.switch else "" if value is None else str(value)


def read_field(option: GameOption, value: str | bool, seed: int | None = None) -> Any:
    """A field's value as `from_options` takes it: a tick box's True (None when not ticked), None for a blank
    field (`seed`, or a new random seed, for a `fresh` one), else the text read as the command line reads its
    flag (an InputError naming the flag when it cannot be)."""
    if option.switch or isinstance(value, bool):
        return True if value else None
    if not value.strip():
        return (fresh_seed() if seed is None else seed) if option.fresh else None
    try:
        return option.parse(value)
    except ValueError:  # built-in types such as int; an option's own parse says what is wrong itself
        expected = "a whole number" if option.parse is int else f"a {getattr(option.parse, '__name__', 'valid')} value"
        raise InputError(
            f"{option.flag} is {value[:20] + '...' if len(value) > 20 else value!r}; give {expected}"
        ) from None


@dataclass(frozen=True)
class TreeForm:
    """Everything the New-tree dialog shows, as the user set it.

    Attributes:
        kind: the source, a kind of `form_kinds` ("array", "nim", ...).
        fields: the kind's labelled options by name: the text typed, or a tick box's True or False; blank or
            missing means the default (a blank seed: a fresh random seed, see `build`).
        root: "max" or "min".
        order: "natural", "best", "worst" or "random", and `order_seed` the seed of a random one.
    """

    kind: str = "array"
    fields: dict[str, Any] = field(default_factory=dict)
    root: str = "max"
    order: str = "natural"
    order_seed: str = ""

    def build(self, *, fresh_seed: int | None = None) -> Game:
        """The game these fields describe, in their move order, or the library's InputError; `fresh_seed` is the
        seed for a blank seed field (None: a new random one on every call)."""
        kind = find_game_kind(self.kind)
        if kind not in form_kinds():
            names = ", ".join(kind.name for kind in form_kinds())
            raise InputError(f"the source is {self.kind!r}; choose one of {names}")
        fields = {
            option.name: read_field(option, self.fields.get(option.name, ""), fresh_seed)
            for option in kind.options
            if option.label
        }
        game = kind.build(fields, kind.fixed_root or Player.parse(self.root))
        typed = self.order_seed.strip() if self.order == "random" else ""
        order, seed = parse_order(f"{self.order}:{typed}" if typed else self.order)  # read as --order reads it
        return with_order(game, order, fresh_seed if seed is None and order == "random" else seed)

    @classmethod
    def from_game(cls, game: Game | None) -> TreeForm:
        """The fields that rebuild `game` (the array form of the built-in example for None)."""
        return cls.from_spec((builtin_example() if game is None else game).spec())

    @classmethod
    def from_spec(cls, spec: dict[str, Any]) -> TreeForm:
        """The fields for a game's `spec()`, from its kind's `to_options` (node names and levels are not part of
        the form and are dropped); a kind the form cannot show opens on the built-in example."""
        kind = find_game_kind(spec.get("kind"))
        if kind not in form_kinds() or not hasattr(kind.game_class, "to_options"):
            return cls.from_game(None)
        given = kind.game_class.to_options(spec)
        fields = {option.name: _text(option, given.get(option.name)) for option in kind.options if option.label}
        order = spec.get("order", "natural")
        seed = spec.get("order_seed") if order == "random" else None
        return cls(kind.name, fields, spec.get("root", "max"), order, "" if seed is None else str(seed))


PRESETS: dict[str, tuple[str, TreeForm]] = {
    key: (label, TreeForm.from_game(game))
    for key, label, game in (
        ("example", "15-node example", builtin_example()),
        ("textbook", "textbook 3x3 tree", from_nested("[[3,12,8],[2,4,6],[14,5,2]]")),
        ("nim", "NIM 6", Nim(6)),
        ("tictactoe", "tic-tac-toe opening", TicTacToe()),
        ("opening", "textbook opening figure", TicTacToe(evaluator="open-lines", symmetry=True)),
        ("connect4", "connect four 4x5, connect 3", ConnectFour(rows=4, cols=5, connect=3)),
        ("random", "random tree with seed", random_tree(leaves=8, seed=42)),
    )
}
"""Ready-made forms by key: (label, fields)."""
