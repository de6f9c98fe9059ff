"""Provides `TreeForm` and `PRESETS`: the New-tree form's fields as text, built into a game by the library."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from visualizer.errors import InputError
from visualizer.games import Game, Nim, Player, TicTacToe, builtin_example, from_array, from_nested, parse_array
from visualizer.games.base import format_value
from visualizer.games.random_tree import parse_range, random_tree

__all__ = ["KINDS", "PRESETS", "TreeForm"]

KINDS = (
    ("array", "array"),
    ("nested list", "nested"),
    ("random", "random"),
    ("tic-tac-toe", "tictactoe"),
    ("NIM", "nim"),
)
"""The sources as (label, kind) pairs, in the order the selector lists them."""


def _whole(text: str, what: str, default: int) -> int:
    """`text` as an int (`default` when blank), or an InputError naming the field."""
    text = text.strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise InputError(f"{what} is {shown!r}; give a whole number, e.g. {default}") from None


@dataclass(frozen=True)
class TreeForm:
    """Everything the New-tree dialog shows, as the text the user typed.

    Blank numeric fields mean the library's default (the dialog shows it as a placeholder); a blank
    seed means a fresh random seed (see `build`).

    Attributes:
        kind: "array", "nested", "random", "tictactoe" or "nim".
        array: level-order values, e.g. "1,3,5".
        branching: children per node of the array tree.
        nested: nested lists as JSON, e.g. "[[3,12,8],[2,4,6]]".
        leaves: leaves of the random tree.
        random_branching: children per node of the random tree.
        value_range: "LO:HI" for the random values.
        seed: the random seed.
        board: nine squares of X, O and '.', rows optionally split by '/'.
        pile: NIM's starting pile.
        max_take: the most NIM lets a player take.
        rules: "misere" or "normal".
        root: "max" or "min".
    """

    kind: str = "array"
    array: str = ""
    branching: str = ""
    nested: str = ""
    leaves: str = ""
    random_branching: str = ""
    value_range: str = ""
    seed: str = ""
    board: str = "........."
    pile: str = ""
    max_take: str = ""
    rules: str = "misere"
    root: str = "max"

    def build(self, *, fresh_seed: int | None = None) -> Game:
        """The game these fields describe.

        Args:
            fresh_seed: the seed for a blank seed field (None: a new random one on every call).

        Raises:
            InputError: with the library's one-line message when a field cannot be used.
        """
        root = Player.parse(self.root)
        if self.kind == "array":
            values = parse_array(self.array)
            return from_array(values, branching=_whole(self.branching, "the branching", 2), root=root)
        if self.kind == "nested":
            if not self.nested.strip():
                raise InputError("the nested list is empty; write it like [[3,12,8],[2,4,6]]")
            return from_nested(self.nested, root=root)
        if self.kind == "random":
            if self.seed.strip():
                seed = _whole(self.seed, "the seed", 0)
            else:
                seed = random.SystemRandom().randrange(1_000_000) if fresh_seed is None else fresh_seed
            return random_tree(
                leaves=_whole(self.leaves, "the leaf count", 8),
                branching=_whole(self.random_branching, "the branching", 2),
                value_range=parse_range(self.value_range) if self.value_range.strip() else (-10, 10),
                seed=seed,
                root=root,
            )
        if self.kind == "tictactoe":
            return TicTacToe(self.board, root=root)
        if self.kind == "nim":
            pile = _whole(self.pile, "the pile", 6)
            return Nim(pile, max_take=_whole(self.max_take, "the most to take", 3), rules=self.rules, root=root)
        raise InputError(f"the source is {self.kind!r}; choose one of {', '.join(kind for _, kind in KINDS)}")

    @classmethod
    def from_game(cls, game: Game | None) -> TreeForm:
        """The fields that rebuild `game` (the array form of the built-in example for None)."""
        return cls.from_spec((game or builtin_example()).spec())

    @classmethod
    def from_spec(cls, spec: dict[str, Any]) -> TreeForm:
        """The fields for a game's `spec()`; node names are not part of the form and are dropped."""
        kind, root = spec["kind"], spec.get("root", "max")
        if kind == "array":
            values = ",".join(format_value(value) for value in spec["values"])
            return cls(kind, array=values, branching=str(spec.get("branching", 2)), root=root)
        if kind == "nested":
            return cls(kind, nested=json.dumps(spec["nested"], separators=(",", ":")), root=root)
        if kind == "random":
            low, high = spec["range"]
            return cls(
                kind,
                leaves=str(spec["leaves"]),
                random_branching=str(spec["branching"]),
                value_range=f"{low}:{high}",
                seed=str(spec["seed"]),
                root=root,
            )
        if kind == "tictactoe":
            return cls(kind, board=spec["board"], root=root)
        if kind == "nim":
            return cls(kind, pile=str(spec["pile"]), max_take=str(spec["max_take"]), rules=spec["rules"], root=root)
        return cls.from_game(None)  # a source the form cannot show: start from the example


PRESETS: dict[str, tuple[str, TreeForm]] = {
    "example": ("15-node example", TreeForm.from_game(builtin_example())),
    "textbook": ("textbook 3x3 tree", TreeForm("nested", nested="[[3,12,8],[2,4,6],[14,5,2]]")),
    "nim": ("NIM 6", TreeForm("nim", pile="6", max_take="3", rules="misere")),
    "tictactoe": ("tic-tac-toe opening", TreeForm("tictactoe", board="." * 9)),
    "random": (
        "random tree with seed",
        TreeForm("random", leaves="8", random_branching="2", value_range="-10:10", seed="42"),
    ),
}
"""Ready-made forms by key: (label, fields)."""
