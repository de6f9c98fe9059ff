"""Provides the `Game` protocol every tree source implements, and the `Player` enum."""

from __future__ import annotations

import enum
from typing import Any, Hashable, Iterable, Iterator, Protocol, Sequence, runtime_checkable

from visualizer.errors import InputError
from visualizer.games.capabilities import SuggestsDepth, offers

__all__ = ["Player", "Game", "PathNamedGame", "ROOT_NAME", "Value", "format_value", "lookahead"]

Value = int | float
"""A static or backed-up value; always from MAX's point of view unless said otherwise."""



def format_value(value: Value | None, *, missing: str = "-") -> str:
    """A value as people read it: "3", "2.5" (whole floats lose their ".0"), "+inf", "-inf", `missing` for None."""
    if value is None:
        return missing
    if isinstance(value, float):
        if value == float("inf"):
            return "+inf"
        if value == float("-inf"):
            return "-inf"
        if value.is_integer():
            return str(int(value))
        return f"{value:g}"
    return str(value)


ROOT_NAME = "root"
"""The name of the root of a game (board) tree; explicit trees name their root themselves."""


class Player(enum.Enum):
    """Who is to move at a node: MAX wants high values, MIN low ones, and at a CHANCE node the move
    is drawn at random (each edge below it carries its probability; its value is the expectation)."""

    MAX = "max"
    MIN = "min"
    CHANCE = "chance"

    @property
    def other(self) -> Player:
        """The opponent.

        Raises:
            ValueError: for CHANCE, which has none.
        """
        if self is Player.CHANCE:
            raise ValueError("a chance node has no opponent")
        return Player.MIN if self is Player.MAX else Player.MAX

    @property
    def sign(self) -> int:
        """+1 for MAX, -1 for MIN: turns a MAX-view value into this player's view (negamax).

        CHANCE has +1: values at chance nodes are expectations from MAX's view.
        """
        return -1 if self is Player.MIN else 1

    @classmethod
    def parse(cls, text: str) -> Player:
        """`"max"` or `"min"` (any case) to a Player (who moves at a root: never chance)."""
        key = text.strip().lower()
        if key not in (cls.MAX.value, cls.MIN.value):
            raise InputError(f"the player is {text!r}; use max or min")
        return cls(key)


@runtime_checkable
class Game(Protocol):
    """A tree source: a root state, ordered successors, players, static values and names.

    Players must alternate from a node to its children (negamax relies on it).
    """

    is_explicit: bool
    """True for trees that hold all their nodes (array, nested, random): ints 0..n-1 in level order, with
    the members of `capabilities.ExplicitNodes`."""

    def root(self) -> Hashable:
        """The state the search starts from."""

    def successors(self, state: Any) -> Sequence[tuple[Any, Any]]:
        """The (move, child state) pairs in the fixed order the search tries them."""

    def is_terminal(self, state: Any) -> bool:
        """True when the state has no successors (game over or a leaf)."""

    def player(self, state: Any) -> Player:
        """Who moves at this state."""

    def static_value(self, state: Any) -> Value:
        """The evaluator's value of the state, from MAX's point of view."""

    def root_name(self) -> str:
        """The name of the root node."""

    def child_name(self, parent_name: str, state: Any, move: Any) -> str:
        """A readable name, unique in the tree, for the child reached by `move` from `state`."""

    def move_value(self, move: Any) -> Any:
        """The move as reported to users (`best_move`): a child's name, a square, a count.

        It must be a JSON scalar (str, int, float or None) so that saved traces round-trip.
        """

    def board_text(self, state: Any) -> str | None:
        """The position drawn as text, or None for explicit trees."""

    def describe(self) -> str:
        """A one-line description for headers, e.g. "array tree, 15 nodes, branching 2"."""

    def spec(self) -> dict[str, Any]:
        """A JSON-able description that is enough to rebuild this game."""


class PathNamedGame:
    """Mixin for board games: nodes are named by the moves along their path ("X5.O1")."""

    is_explicit = False

    def root_name(self) -> str:
        return ROOT_NAME

    def child_name(self, parent_name: str, state: Any, move: Any) -> str:
        label = self.move_label(state, move)
        return label if parent_name == ROOT_NAME else f"{parent_name}.{label}"

    def move_label(self, state: Any, move: Any) -> str:
        """The move as it appears in node names; override for a richer label (and `move_labels` with it)."""
        return str(move)

    def move_labels(self, states: Iterable[Any], moves: Iterable[Any]) -> Iterator[str]:
        """`move_label` of each state and move, in bulk (a whole trace's names are made from them)."""
        return map(self.move_label, states, moves)

    def move_value(self, move: Any) -> Any:
        return move

    def move_from_value(self, value: Any) -> Any:
        """The game's move for a reported one (a trace's `best_move`): the inverse of `move_value`."""
        return value

    @classmethod
    def default_root(cls, spec: dict[str, Any]) -> Player:
        """MAX: who moves at the root of a board game unless its spec says otherwise."""
        return Player.MAX


def lookahead(game: Game, depth: int | None) -> int | None:
    """`depth`, or when it is None the game's suggested look-ahead (board games that are too big to
    search to the end suggest one; None means to the end)."""
    if depth is None and offers(game, SuggestsDepth):
        return game.suggested_depth()
    return depth
