"""Provides NIM as a game tree: one pile, take 1..K, misere (last taker loses) or normal rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from visualizer.errors import InputError
from visualizer.games.base import PathNamedGame, Player
from visualizer.games.game_options import GameOption
from visualizer.games.spec_fields import REQUIRED, SpecFields

RULES = ("misere", "normal")
MAX_PILE = 10_000
_SETTINGS = ("pile", "max_take", "rules")
"""What a game of NIM is set by, beside who moves first: its spec's fields and its options."""

NIM_OPTIONS = (
    GameOption("--pile", "NIM: the pile (6)", int, "N", label="Pile", hint="6"),
    GameOption("--max-take", "NIM: take 1..K each move (3)", int, "K", label="Most to take", hint="3"),
    GameOption("--rules", "NIM: whoever takes the last one loses (misere) or wins", choices=RULES, label="Rules"),
)
"""NIM's command-line options and New-tree fields."""


class NimState(NamedTuple):
    """How many are left and who is to move."""

    pile: int
    player: Player


class Nim(PathNamedGame):
    """NIM with one pile; takes of 1, 2, ... are tried in that order. Values are +1/-1 for a MAX win/loss,
    0 for an unfinished pile at the depth limit; nodes are named by the takes along their path ("1.3").

    Args:
        pile: how many objects are in the pile at the start.
        max_take: the most a player may take in one move (at least 1).
        rules: "misere" (who takes the last one loses) or "normal" (who takes the last one wins).
        root: who moves first.

    Raises:
        InputError: `pile` or `max_take` is below 1, `pile` is over `MAX_PILE`, or `rules` is neither.

    Examples:
        >>> from visualizer import Nim, trace_search
        >>> game = Nim(6)
        >>> game.describe()
        'NIM pile 6, take 1..3, misere'
        >>> trace = trace_search(game, "minimax")
        >>> trace.summary.value, trace.names(trace.summary.principal_variation)
        (1, ['root', '1', '1.1', '1.1.3', '1.1.3.1'])
    """

    def __init__(self, pile: int = 6, *, max_take: int = 3, rules: str = "misere", root: Player = Player.MAX):
        if pile < 1:
            raise InputError(f"--pile is {pile}; it must be 1 or more")
        if pile > MAX_PILE:
            raise InputError(f"--pile is {pile:,}; piles are limited to {MAX_PILE:,}")
        if max_take < 1:
            raise InputError(f"--max-take is {max_take}; it must be 1 or more")
        if rules not in RULES:
            raise InputError(f"--rules is {rules!r}; use misere or normal")
        self.pile, self.max_take, self.rules, self.root_player = pile, max_take, rules, root

    def root(self) -> NimState:
        return NimState(self.pile, self.root_player)

    def successors(self, state: NimState) -> list[tuple[int, NimState]]:
        pile, player = state
        after = player.other
        return [(take, NimState(pile - take, after)) for take in range(1, min(self.max_take, pile) + 1)]

    def is_terminal(self, state: NimState) -> bool:
        return state.pile == 0

    def player(self, state: NimState) -> Player:
        return state.player

    def static_value(self, state: NimState) -> int:
        if state.pile:
            return 0
        # The player to move faces an empty pile: the opponent took the last one.
        mover_wins = self.rules == "misere"
        return state.player.sign if mover_wins else -state.player.sign

    knows_outcomes = True

    def is_decisive(self, value: int) -> bool:
        """True for +1/-1, which only game ends give (an unfinished pile is worth 0)."""
        return value != 0

    def move_phrase(self, state: NimState, move: int) -> str:
        """The move in words, e.g. "take 2 (4 left)"."""
        return f"take {move} ({state.pile - move} left)"

    def board_text(self, state: NimState) -> str:
        sticks = "|" * state.pile + " " if state.pile <= 40 else ""
        return f"{sticks}({state.pile} left, {state.player.value.upper()} to move)"

    def describe(self) -> str:
        return f"NIM pile {self.pile}, take 1..{self.max_take}, {self.rules}"

    def spec(self) -> dict[str, Any]:
        return {"kind": "nim", **{name: getattr(self, name) for name in _SETTINGS}, "root": self.root_player.value}

    @classmethod
    def from_spec(cls, spec: Any, *, where: str = "the trace's source") -> Nim:
        fields = SpecFields(spec, where)
        root = fields.player()
        return fields.build(
            cls,
            fields.whole("pile", REQUIRED, minimum=1, maximum=MAX_PILE),
            max_take=fields.whole("max_take", 3, minimum=1),
            rules=fields.text("rules", "misere", f"write one of {', '.join(RULES)}"),
            root=root,
        )

    @classmethod
    def from_options(cls, options: Mapping[str, Any], root: Player | None) -> Nim:
        given = {name: options[name] for name in _SETTINGS if options[name] is not None}
        return cls(**given, root=root or Player.MAX)

    @classmethod
    def to_options(cls, spec: dict[str, Any]) -> dict[str, Any]:
        return {name: spec[name] for name in _SETTINGS}

    @classmethod
    def slug(cls, spec: dict[str, Any]) -> str:
        """The file-name stem of its traces: "nim" and the pile, e.g. "nim6"."""
        return f"nim{spec['pile']}"
