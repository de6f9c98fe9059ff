"""Provides the game registry: one `GameKind` record per kind of tree source, and `from_spec` through it.

A kind is what `Game.spec()` writes as "kind" and a trace keeps in its `source`. Its record says which
class rebuilds it (`from_spec`), names its traces (`slug`), and how the command line and the app offer
it. Adding a game is writing its class and one `register(GameKind(...))` (see README, Development).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from visualizer.games.base import FromOptions, Game, GameClass, Playable, Player
from visualizer.games.connect4 import ConnectFour
from visualizer.games.explicit_spec import ExplicitKind
from visualizer.games.nim import Nim
from visualizer.games.ordering import ORDERS, OrderedGame
from visualizer.games.spec_fields import REQUIRED, SpecFields
from visualizer.games.tictactoe import TicTacToe

__all__ = [
    "BUILT_IN_KINDS",
    "GameKind",
    "cli_games",
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
            `default_root`): see `capabilities.GameClass`. With `cli_name` it also has
            `from_options(options, root)`, the game of its command-line options.
        label: the kind as the app's source selector shows it ("NIM").
        cli_source: how the command line asks for it, in messages ("--array", "--game nim").
        cli_name: its `--game` choice, None for the trees that have options of their own.
        options: the command-line options it owns, as (attribute, flag) pairs: any other kind refuses them.
        selected_by: the attribute of an owned option that alone asks for this kind without `--game`
            (`--board` for tic-tac-toe, `--pile` for NIM), None if there is none.
    """

    name: str
    game_class: type
    label: str
    cli_source: str
    cli_name: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    selected_by: str | None = None

    @property
    def is_playable(self) -> bool:
        """True when the user can play this kind against the engine (`visualizer play`)."""
        return issubclass(self.game_class, Playable)


_KINDS: dict[str, GameKind] = {}
"""Every registered kind by name, in the order registered (the order messages list them in)."""


def register(kind: GameKind) -> GameKind:
    """Adds a kind to the registry; returns it.

    Raises:
        ValueError: a kind of that name, or a game of that `--game` name, is already registered.
        TypeError: the class lacks `from_spec`, `slug` or `default_root` (see `capabilities.GameClass`), or
            `from_options` when the kind has a `--game` name.
    """
    if kind.name in _KINDS:
        raise ValueError(f"the game kind {kind.name!r} is already registered")
    if kind.cli_name is not None and kind.cli_name in cli_games():
        raise ValueError(f"the --game name {kind.cli_name!r} is already registered")
    if not issubclass(kind.game_class, GameClass):
        raise TypeError(f"{kind.game_class.__name__} needs from_spec, slug and default_root classmethods")
    if kind.cli_name is not None and not issubclass(kind.game_class, FromOptions):
        raise TypeError(f"{kind.game_class.__name__} has a --game name, so it needs a from_options classmethod")
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


_GRID_OPTIONS = (("board", "--board"), ("player", "--player"), ("eval", "--eval"), ("symmetry", "--symmetry"))

BUILT_IN_KINDS = (
    GameKind("array", ExplicitKind, "array", "--array", options=(("branching", "--branching"), ("names", "--names"))),
    GameKind(
        "random",
        ExplicitKind,
        "random",
        "--random",
        options=(("branching", "--branching"), ("leaves", "--leaves"), ("range", "--range"), ("seed", "--seed")),
    ),
    GameKind("nested", ExplicitKind, "nested list", "--nested", options=(("names", "--names"),)),
    GameKind("tictactoe", TicTacToe, "tic-tac-toe", "--game tictactoe", "tictactoe", _GRID_OPTIONS, "board"),
    GameKind(
        "connect4",
        ConnectFour,
        "connect four",
        "--game connect4",
        "connect4",
        _GRID_OPTIONS + (("rows", "--rows"), ("cols", "--cols"), ("connect", "--connect")),
    ),
    GameKind(
        "nim",
        Nim,
        "NIM",
        "--game nim",
        "nim",
        (("pile", "--pile"), ("max_take", "--max-take"), ("rules", "--rules")),
        "pile",
    ),
)
"""The kinds this package provides, registered on import in this order."""

for _built_in in BUILT_IN_KINDS:
    register(_built_in)
