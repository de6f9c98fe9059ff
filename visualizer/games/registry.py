"""Provides the game registry: one `GameKind` record per kind of tree source, and `from_spec` through it.

A kind is what `Game.spec()` writes as "kind". Its record says which class rebuilds it, names its
traces and which options it takes (the command line's flags, the New-tree dialog's fields). Adding a
game is writing its class and one `register(GameKind(...))`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from visualizer.games.base import FromOptions, Game, GameClass, Playable, Player
from visualizer.games.connect4 import CONNECT4_OPTIONS, ConnectFour
from visualizer.games.cs188 import CS188_OPTIONS, Cs188Tree
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


@dataclass(frozen=True)
class GameKind:
    """One kind of tree source.

    Attributes:
        name: the kind as specs and traces write it ("array", "nim").
        game_class: the class (`base.GameClass`); with `from_options(options, root)` (`base.FromOptions`,
            needed with a `--game` name) it builds the game of its options, `to_options(spec)` gives them back.
        label: the kind as the app's source selector shows it ("NIM").
        cli_name: its `--game` choice, None for the trees that have an option of their own.
        options: its settings: a command-line flag each (every other kind refuses them) and form fields.
        selected_by: the name of an option that alone asks for this kind (`--array`, `--board`), or None.
        hints: what to do instead when an option of another kind is given with this one, by option name.
        fixed_root: the player who always moves at the root (a CS188 test: Pacman, MAX), None when the user
            chooses (`--root`, the form's Root).
    """

    name: str
    game_class: type[GameClass]
    label: str
    cli_name: str | None = None
    options: tuple[GameOption, ...] = ()
    selected_by: str | None = None
    hints: tuple[tuple[str, str], ...] = ()
    fixed_root: Player | None = None

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
        such as a random tree's "depth", pass through), with `root` (None: the kind's default) to move first."""
        if not issubclass(self.game_class, FromOptions):
            raise TypeError(f"{self.game_class.__name__} builds no game from options")
        return self.game_class.from_options({**{option.name: None for option in self.options}, **options}, root)


_KINDS: dict[str, GameKind] = {}
"""Every registered kind by name, in the order registered (the order messages list them in)."""


def register(kind: GameKind) -> GameKind:
    """Adds a kind to the registry and returns it; a ValueError for a name or flag taken, a TypeError for a
    class that lacks a classmethod it needs."""
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
    """Removes a kind from the registry (tests register toy games for a while)."""
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

    The kind's class reads its own fields; this reads `order` (with `order_seed` and `order_depth`) and
    wraps the game in that order. A spec that is wrong gives an InputError naming the field (`where`
    names the spec, e.g. "the source in answers.json").
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
    name: str = spec.get("kind", "tree")
    kind = find_game_kind(name)
    return name if kind is None else kind.game_class.slug(spec)


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
        hints=(
            (
                "levels",
                'in --nested give a node its kind: {"min": [subtree, ...]} or {"chance": [[0.5, subtree], ...]}',
            ),
        ),
    ),
    GameKind("random", RandomKind, "random", options=RANDOM_OPTIONS, selected_by="random"),
    GameKind("tictactoe", TicTacToe, "tic-tac-toe", "tictactoe", TICTACTOE_OPTIONS, "board"),
    GameKind("connect4", ConnectFour, "connect four", "connect4", CONNECT4_OPTIONS),
    GameKind("nim", Nim, "NIM", "nim", NIM_OPTIONS, "pile"),
    GameKind(
        "cs188",
        Cs188Tree,
        "CS188 test",
        options=CS188_OPTIONS,
        selected_by="cs188",
        hints=(
            ("levels", "a CS188 test's agents take turns as num_agents says (agent 0 MAX, the ghosts MIN); drop it"),
        ),
        fixed_root=Player.MAX,
    ),
)

for _built_in in BUILT_IN_KINDS:
    register(_built_in)
