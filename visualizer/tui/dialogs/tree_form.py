"""Provides `TreeForm` and `PRESETS`: the New-tree form's fields as text, built into a game by the library."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import Any

from visualizer.errors import InputError
from visualizer.games import (
    ORDERS,
    ConnectFour,
    Game,
    Nim,
    Player,
    TicTacToe,
    builtin_example,
    from_array,
    from_nested,
    parse_array,
    with_order,
)
from visualizer.games.base import format_value
from visualizer.games.random_tree import parse_range, random_tree
from visualizer.games.registry import find_game_kind

__all__ = ["FORM_KINDS", "KINDS", "PRESETS", "TreeForm"]

FORM_KINDS = ("array", "nested", "random", "tictactoe", "connect4", "nim")
"""The kinds of source this form has fields for, in the order the selector lists them."""

KINDS = tuple((find_game_kind(kind).label, kind) for kind in FORM_KINDS)
"""The sources as (label, kind) pairs, labelled as the game registry names them."""


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


def _seed(text: str, what: str, fresh_seed: int | None) -> int:
    """`text` as a seed; when blank, `fresh_seed` (or a new random seed when that is None)."""
    if text.strip():
        return _whole(text, what, 0)
    return random.SystemRandom().randrange(1_000_000) if fresh_seed is None else fresh_seed


def _slashes(board: str, cols: int) -> str:
    """A row-major board as rows split by '/'."""
    return "/".join(board[start : start + cols] for start in range(0, len(board), cols))


@dataclass(frozen=True)
class TreeForm:
    """Everything the New-tree dialog shows, as the text the user typed.

    Blank numeric fields mean the library's default (the dialog shows it as a placeholder); a blank
    seed means a fresh random seed (see `build`).

    Attributes:
        kind: "array", "nested", "random", "tictactoe", "connect4" or "nim".
        array: level-order values, e.g. "1,3,5".
        branching: children per node of the array tree.
        nested: nested lists as JSON, e.g. "[[3,12,8],[2,4,6]]".
        leaves: leaves of the random tree.
        random_branching: children per node of the random tree.
        value_range: "LO:HI" for the random values.
        seed: the random seed.
        board: nine squares of X, O and '.', rows optionally split by '/'.
        rows: connect four's rows.
        cols: connect four's columns.
        connect: how many in a row win connect four.
        connect4_board: connect four's cells, rows top to bottom split by '/' (blank: the empty board).
        evaluator: a name in `EVALUATORS` for tic-tac-toe and connect four (blank: the game's default).
        symmetry: whether tic-tac-toe and connect four merge moves that lead to mirror-image positions.
        pile: NIM's starting pile.
        max_take: the most NIM lets a player take.
        rules: "misere" or "normal".
        root: "max" or "min".
        order: the move order, one of `ORDERS`: "natural", "best", "worst" or "random".
        order_seed: the seed of a random move order.
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
    rows: str = ""
    cols: str = ""
    connect: str = ""
    connect4_board: str = ""
    evaluator: str = ""
    symmetry: bool = False
    pile: str = ""
    max_take: str = ""
    rules: str = "misere"
    root: str = "max"
    order: str = "natural"
    order_seed: str = ""

    def build(self, *, fresh_seed: int | None = None) -> Game:
        """The game these fields describe, in their move order.

        Args:
            fresh_seed: the seed for a blank seed field, of the random tree or of a random move order
                (None: a new random one on every call).

        Raises:
            InputError: with the library's one-line message when a field cannot be used.
        """
        game = self._source(fresh_seed)
        if self.order not in ORDERS:
            raise InputError(f"the move order is {self.order!r}; choose one of {', '.join(ORDERS)}")
        seed = _seed(self.order_seed, "the order seed", fresh_seed) if self.order == "random" else None
        return with_order(game, self.order, seed)

    def _source(self, fresh_seed: int | None) -> Game:
        """The game of the source fields, in its natural move order."""
        root = Player.parse(self.root)
        if self.kind == "array":
            values = parse_array(self.array)
            return from_array(values, branching=_whole(self.branching, "the branching", 2), root=root)
        if self.kind == "nested":
            if not self.nested.strip():
                raise InputError("the nested list is empty; write it like [[3,12,8],[2,4,6]]")
            return from_nested(self.nested, root=root)
        if self.kind == "random":
            return random_tree(
                leaves=_whole(self.leaves, "the leaf count", 8),
                branching=_whole(self.random_branching, "the branching", 2),
                value_range=parse_range(self.value_range) if self.value_range.strip() else (-10, 10),
                seed=_seed(self.seed, "the seed", fresh_seed),
                root=root,
            )
        options = {"root": root, "evaluator": self.evaluator or None, "symmetry": self.symmetry}
        if self.kind == "tictactoe":
            return TicTacToe(self.board, **options)
        if self.kind == "connect4":
            return ConnectFour(
                self.connect4_board if self.connect4_board.strip() else None,
                rows=_whole(self.rows, "the row count", 6),
                cols=_whole(self.cols, "the column count", 7),
                connect=_whole(self.connect, "the number to connect", 4),
                **options,
            )
        if self.kind == "nim":
            pile = _whole(self.pile, "the pile", 6)
            return Nim(pile, max_take=_whole(self.max_take, "the most to take", 3), rules=self.rules, root=root)
        raise InputError(f"the source is {self.kind!r}; choose one of {', '.join(kind for _, kind in KINDS)}")

    @classmethod
    def from_game(cls, game: Game | None) -> TreeForm:
        """The fields that rebuild `game` (the array form of the built-in example for None)."""
        return cls.from_spec((builtin_example() if game is None else game).spec())

    @classmethod
    def from_spec(cls, spec: dict[str, Any]) -> TreeForm:
        """The fields for a game's `spec()`; node names are not part of the form and are dropped."""
        order = spec.get("order", "natural")
        seed = spec.get("order_seed") if order == "random" else None
        form = cls._source_fields(spec)
        return replace(form, order=order, order_seed="" if seed is None else str(seed))

    @classmethod
    def _source_fields(cls, spec: dict[str, Any]) -> TreeForm:
        """The source fields for a spec (the move order left natural)."""
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
        grid = {"evaluator": spec.get("eval", ""), "symmetry": spec.get("symmetry", False), "root": root}
        if kind == "tictactoe":
            return cls(kind, board=spec["board"], **grid)
        if kind == "connect4":
            board = "" if set(spec["board"]) <= {"."} else _slashes(spec["board"], spec["cols"])
            return cls(
                kind,
                rows=str(spec["rows"]),
                cols=str(spec["cols"]),
                connect=str(spec["connect"]),
                connect4_board=board,
                **grid,
            )
        if kind == "nim":
            return cls(kind, pile=str(spec["pile"]), max_take=str(spec["max_take"]), rules=spec["rules"], root=root)
        return cls.from_game(None)  # a source the form cannot show: start from the example


PRESETS: dict[str, tuple[str, TreeForm]] = {
    "example": ("15-node example", TreeForm.from_game(builtin_example())),
    "textbook": ("textbook 3x3 tree", TreeForm("nested", nested="[[3,12,8],[2,4,6],[14,5,2]]")),
    "nim": ("NIM 6", TreeForm("nim", pile="6", max_take="3", rules="misere")),
    "tictactoe": ("tic-tac-toe opening", TreeForm("tictactoe", board="." * 9)),
    "opening": ("textbook opening figure", TreeForm("tictactoe", board="." * 9, evaluator="open-lines", symmetry=True)),
    "connect4": ("connect four 4x5, connect 3", TreeForm("connect4", rows="4", cols="5", connect="3")),
    "random": (
        "random tree with seed",
        TreeForm("random", leaves="8", random_branching="2", value_range="-10:10", seed="42"),
    ),
}
"""Ready-made forms by key: (label, fields)."""
