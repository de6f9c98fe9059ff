"""Provides the game registry: one `GameKind` record per kind of tree source, and `from_spec` through it.

A kind is what `Game.spec()` writes as "kind" and a trace keeps in its `source`. Its record says which
class rebuilds it (`from_spec`), names its traces (`slug`), and which options it takes (`GameOption`):
the command line makes a flag of each and the app's New-tree dialog a field, and both build the game
with `from_options`. Adding a game is writing its class and one `register(GameKind(...))` (see README,
Development).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from visualizer.games.base import FromOptions, Game, GameClass, Playable, Player
from visualizer.games.connect4 import CONNECT4_OPTIONS, ConnectFour
from visualizer.games.explicit_spec import (
    ARRAY_OPTIONS,
    NESTED_OPTIONS,
    RANDOM_OPTIONS,
    ArrayKind,
    NestedKind,
    RandomKind,
)
from visualizer.games.game_options import GameOption
from visualizer.games.nim import NIM_OPTIONS, Nim
from visualizer.games.ordering import ORDERS, OrderedGame
from visualizer.games.spec_fields import REQUIRED, SpecFields
from visualizer.games.tictactoe import TICTACTOE_OPTIONS, TicTacToe

__all__ = [
    "BUILT_IN_KINDS",
    "GameKind",
    "GameOption",
    "cli_games",
    "cli_options",
    "default_root",
    "find_game_kind",
    "from_spec",
    "game_kinds",
    "register",
    "registered",
    "slug",
    "unregister",
]


@dataclass(frozen=True)
class GameKind:
    """One kind of tree source.

    Attributes:
        name: the kind as specs and traces write it ("array", "nim").
        game_class: rebuilds a game from a spec (`from_spec`) and names its traces (`slug`,
            `default_root`): see `base.GameClass`. With `from_options(options, root)` it builds
            the game of its options (a kind with a `--game` name must have it), and with
            `to_options(spec)` it gives them back, for the New-tree form to show.
        label: the kind as the app's source selector shows it ("NIM").
        cli_name: its `--game` choice, None for the trees that have an option of their own.
        options: its settings: a command-line flag each, which every other kind refuses, and, those with a
            label, the fields of its New-tree panel.
        selected_by: the name of an option that alone asks for this kind: without a `--game` name, its
            own source flag (`--array`, `--random`); with one, the flag that does without `--game`
            (`--board` for tic-tac-toe, `--pile` for NIM); None if there is none.
        hints: what to do instead when an option of another kind is given with this one, by option
            name (`--levels` with `--nested`); otherwise the message says to remove it.
    """

    name: str
    game_class: type
    label: str
    cli_name: str | None = None
    options: tuple[GameOption, ...] = ()
    selected_by: str | None = None
    hints: tuple[tuple[str, str], ...] = ()

    @property
    def cli_source(self) -> str:
        """How the command line asks for it, in messages ("--array", "--game nim")."""
        if self.cli_name is None and self.selected_by is not None:
            return self.option(self.selected_by).flag
        return f"--game {self.cli_name or self.name}"

    def option(self, name: str) -> GameOption:
        """Its option called `name` (StopIteration if it has none)."""
        return next(option for option in self.options if option.name == name)

    @property
    def is_playable(self) -> bool:
        """True when the user can play this kind against the engine (`visualizer play`)."""
        return issubclass(self.game_class, Playable)

    @property
    def is_buildable(self) -> bool:
        """True when it builds games from its options (`from_options`): the command line and the form offer it."""
        return issubclass(self.game_class, FromOptions)

    def build(self, options: Mapping[str, Any], root: Player | None = None) -> Game:
        """The game of parsed `options` by name, e.g. {"pile": 6} (its own that are missing are None; others,
        such as a random tree's "depth", pass through), with `root` (None: the kind's default) to move first.

        Raises:
            InputError: an option the game cannot use (the message names its flag).
        """
        return self.game_class.from_options({**{option.name: None for option in self.options}, **options}, root)


_KINDS: dict[str, GameKind] = {}
"""Every registered kind by name, in the order registered (the order messages list them in)."""


def register(kind: GameKind) -> GameKind:
    """Adds a kind to the registry; returns it.

    Raises:
        ValueError: a kind of that name, or a game of that `--game` name, is already registered, or an option's
            flag is another kind's option read another way.
        TypeError: the class lacks `from_spec`, `slug` or `default_root` (see `base.GameClass`), or
            `from_options` when the kind has a `--game` name.
    """
    if kind.name in _KINDS:
        raise ValueError(f"the game kind {kind.name!r} is already registered")
    if kind.cli_name is not None and kind.cli_name in cli_games():
        raise ValueError(f"the --game name {kind.cli_name!r} is already registered")
    if not issubclass(kind.game_class, GameClass):
        raise TypeError(f"{kind.game_class.__name__} needs from_spec, slug and default_root classmethods")
    if kind.cli_name is not None and not kind.is_buildable:
        raise TypeError(f"{kind.game_class.__name__} has a --game name, so it needs a from_options classmethod")
    taken = {option.flag: option for option in cli_options()}
    for option in kind.options:
        shared = taken.get(option.flag, option)
        if (shared.parse, shared.switch, shared.choices) != (option.parse, option.switch, option.choices):
            raise ValueError(f"the flag {option.flag} is another kind's option, read another way; give yours another")
    _KINDS[kind.name] = kind
    return kind


def unregister(name: str) -> None:
    """Removes a kind from the registry (tests register toy games for a while).

    Raises:
        KeyError: no kind of that name is registered.
    """
    del _KINDS[name]


@contextmanager
def registered(kind: GameKind) -> Iterator[GameKind]:
    """Registers `kind` for the `with` block and removes it afterwards."""
    register(kind)
    try:
        yield kind
    finally:
        unregister(kind.name)


def find_game_kind(name: Any) -> GameKind | None:
    """The record of the kind called `name`, None when no kind has that name."""
    return _KINDS.get(name) if isinstance(name, str) else None


def game_kinds() -> tuple[GameKind, ...]:
    """Every registered kind, in the order registered."""
    return tuple(_KINDS.values())


def cli_games() -> tuple[str, ...]:
    """The choices of `--game`, in the order registered."""
    return tuple(kind.cli_name for kind in _KINDS.values() if kind.cli_name is not None)


def cli_options() -> tuple[GameOption, ...]:
    """Every kind's options, each flag once (as the first kind to list it gives it), in the order registered."""
    options: dict[str, GameOption] = {}
    for kind in _KINDS.values():
        for option in kind.options:
            options.setdefault(option.flag, option)
    return tuple(options.values())


def from_spec(spec: Any, *, where: str = "the trace's source") -> Game:
    """Rebuilds the game of a spec such as {"kind": "array", "values": [...], "branching": 2, "root": "min"}.

    The kind's class reads its own fields (those it does not use are ignored, `root` defaults to "max");
    this reads `order` ("natural" by default, with `order_seed` for a random order and `order_depth` for
    the look-ahead best and worst orders sort for) and wraps the game in that order.

    Args:
        spec: any JSON value (normally what `Game.spec()` wrote).
        where: names the spec in messages, e.g. "the source in answers.json".

    Returns:
        The game, built as the tree source's own constructor builds it.

    Raises:
        InputError: the spec is not an object, lacks a field its kind needs, or has a field of the
            wrong type or value (the message names the field).
    """
    fields = SpecFields(spec, where)
    names = ", ".join(_KINDS)
    kind = find_game_kind(fields.text("kind", REQUIRED, f"write one of {names}"))
    if kind is None:
        fields.refuse("kind", f"this kind is unknown, write one of {names}")
    order = fields.text("order", "natural", f"write one of {', '.join(ORDERS)}")
    if order not in ORDERS:
        fields.refuse("order", f"write one of {', '.join(ORDERS)}")
    seed = fields.whole("order_seed", None)
    sorted_for = fields.whole("order_depth", None, minimum=0)  # the look-ahead best and worst orders sort for
    game = kind.game_class.from_spec(spec, where=where)
    return game if order == "natural" else OrderedGame(game, order, seed, depth=sorted_for)


def slug(spec: dict[str, Any]) -> str:
    """The file-name stem of a trace of `spec`'s source by its kind ("nim6"); an unknown kind's own name."""
    kind = find_game_kind(spec.get("kind", "tree"))
    return spec.get("kind", "tree") if kind is None else kind.game_class.slug(spec)


def default_root(spec: dict[str, Any]) -> Player:
    """Who moves at the root of `spec`'s source unless it says otherwise (MAX for unknown kinds)."""
    kind = find_game_kind(spec.get("kind"))
    return Player.MAX if kind is None else kind.game_class.default_root(spec)


BUILT_IN_KINDS = (
    GameKind("array", ArrayKind, "array", options=ARRAY_OPTIONS, selected_by="array"),
    GameKind(
        "nested",
        NestedKind,
        "nested list",
        options=NESTED_OPTIONS,
        selected_by="nested",
        hints=(("levels", 'in --nested write a chance node as {"chance": [[0.5, subtree], [0.5, subtree]]}'),),
    ),
    GameKind("random", RandomKind, "random", options=RANDOM_OPTIONS, selected_by="random"),
    GameKind("tictactoe", TicTacToe, "tic-tac-toe", "tictactoe", TICTACTOE_OPTIONS, "board"),
    GameKind("connect4", ConnectFour, "connect four", "connect4", CONNECT4_OPTIONS),
    GameKind("nim", Nim, "NIM", "nim", NIM_OPTIONS, "pile"),
)
"""The kinds this package provides, registered on import in this order."""

for _built_in in BUILT_IN_KINDS:
    register(_built_in)
