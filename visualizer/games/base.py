"""Provides the `Game` protocol every tree source implements, `Player` and `Value`, and the optional
capabilities a game may offer (`Playable`, `SuggestsDepth`, `Evaluated`, ...) with `offers`, which tells."""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast, runtime_checkable

from visualizer.errors import InputError

if TYPE_CHECKING:
    from typing_extensions import TypeIs


Value = int | float
"""A static or backed-up value; always from MAX's point of view unless said otherwise."""

MAX_DIGITS = 18
"""The most digits a whole number in a tree or a trace may have (values, ids, counts, seeds: well within 64
bits): a source with a longer one is refused, so every tree makes a trace file the reader takes back."""


def too_long(value: object) -> bool:
    """True for a whole number of more than `MAX_DIGITS` digits."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_DIGITS


def format_value(value: Value | None, *, missing: str = "-") -> str:
    """A value as people read it: "3", "2.5" (whole floats lose their ".0"), "+inf", "-inf", `missing` for None."""
    if value is None:
        return missing
    if isinstance(value, float):
        if value in (float("inf"), float("-inf")):
            return "+inf" if value > 0 else "-inf"
        return str(int(value)) if value.is_integer() else f"{value:g}"
    return str(value)


ROOT_NAME = "root"
"""The name of the root of a game (board) tree; explicit trees name their root themselves."""


class Player(enum.Enum):
    """Who is to move at a node: MAX wants high values, MIN low ones, and at a CHANCE node the move
    is drawn at random (each edge below it carries its probability; its value is the expectation).

    Values are always from MAX's view. A tree's `root` (MAX or MIN, never CHANCE) says who moves first.

    Examples:
        >>> from visualizer import Player, from_array
        >>> tree = from_array([0, 3, 5], root=Player.MIN)
        >>> tree.player(0), tree.player(0).other
        (<Player.MIN: 'min'>, <Player.MAX: 'max'>)
        >>> Player.parse("max"), Player.MIN.value
        (<Player.MAX: 'max'>, 'min')
    """

    MAX = "max"
    MIN = "min"
    CHANCE = "chance"

    @property
    def other(self) -> Player:
        """The opponent (a ValueError for CHANCE, which has none)."""
        if self is Player.CHANCE:
            raise ValueError("a chance node has no opponent")
        return Player.MIN if self is Player.MAX else Player.MAX

    @property
    def sign(self) -> int:
        """-1 for MIN, else +1: turns a MAX-view value into this player's view (negamax); values at
        chance nodes are expectations from MAX's view."""
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

    MAX and MIN usually take turns; a game where one moves twice in a row (several MIN agents) says so with
    `alternates` False (see `takes_turns`), and the searches that need turns (negamax) refuse it.
    """

    @property
    def is_explicit(self) -> bool:
        """True for trees that hold all their nodes (`ExplicitNodes`)."""

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
        """The move as reported to users (`best_move`), a JSON scalar: a child's name, a square, a count."""

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
        """The move as it appears in node names."""
        return str(move)

    def move_labels(self, states: Iterable[Any], moves: Sequence[Any], depths: Collection[int]) -> Iterable[str]:
        """`move_label` of each state and move, in bulk; `depths` are those of the nodes the moves lead to."""
        return map(self.move_label, states, moves)

    def move_value(self, move: Any) -> Any:
        return move

    def move_from_value(self, value: Any) -> Any:
        """The inverse of `move_value`."""
        return value

    @classmethod
    def default_root(cls, spec: dict[str, Any]) -> Player:
        """MAX: who moves at the root of a board game unless its spec says otherwise."""
        return Player.MAX


@runtime_checkable
class ExplicitNodes(Protocol):
    """A tree that holds all its nodes: the ints 0..n-1 in level order, the root 0."""

    values: Sequence[Value | None]
    """The static value of each node (None where the source gave none, e.g. nested interiors)."""
    children: Sequence[Sequence[int]]
    """Each node's children, in the order the search tries them."""
    names: Sequence[str]
    depths: Sequence[int]

    def __len__(self) -> int:
        """The number of nodes."""

    def parent(self, node: int) -> int | None:
        """The parent's id, None for the root."""


def explicit_tree(game: Game) -> ExplicitNodes | None:
    """`game` as the tree of all its nodes when it holds them (`Game.is_explicit`), else None."""
    return cast(ExplicitNodes, game) if game.is_explicit else None


@runtime_checkable
class ChanceMoves(Protocol):
    """A game with CHANCE nodes, where the move is drawn at random (players then need not alternate)."""

    def probability(self, state: Any, move: Any) -> float:
        """The probability that `move` is drawn at the chance node `state` (they sum to 1)."""


@runtime_checkable
class SuggestsDepth(Protocol):
    """A game too big to search to the end that proposes a look-ahead of its own (`lookahead`)."""

    def suggested_depth(self) -> int | None:
        """The look-ahead to use when the user gives none (None: to the end of the game)."""


@runtime_checkable
class SuggestsSearch(Protocol):
    """A game whose source names the search to run when the user names none (a CS188 test's `alg`)."""

    def suggested_search(self) -> tuple[str, bool] | None:
        """The algorithm's name and whether it cuts strictly (`--strict`); None: the usual default."""


@runtime_checkable
class GraphStates(Protocol):
    """A tree whose nodes stand for the states of a graph, one state at several nodes (a CS188 graph game);
    only methods, so that `issubclass` can check a class."""

    def state_of(self, name: str) -> str:
        """The state of the node called `name`."""


def lookahead(game: Game, depth: int | None) -> int | None:
    """`depth`, or when it is None the game's suggested look-ahead (None: to the end)."""
    if depth is None and offers(game, SuggestsDepth):
        return game.suggested_depth()
    return depth


@runtime_checkable
class PhrasesMoves(Protocol):
    """A game that says its moves in words (`best-move` reports)."""

    def move_phrase(self, state: Any, move: Any) -> str:
        """The move in words, e.g. "X at square 5 (row 2, column 2)" or "take 2 (4 left)"."""

    def move_from_value(self, value: Any) -> Any:
        """The inverse of `move_value`."""


@runtime_checkable
class TellsOutcomes(Protocol):
    """A game whose values at game ends say who wins (NIM, grid games)."""

    knows_outcomes: bool
    """True when a full search's value says who wins (its sign)."""

    def is_decisive(self, value: Value) -> bool:
        """True when `value` can only come from a won or lost game end (not from a heuristic guess)."""


@runtime_checkable
class Evaluated(Protocol):
    """A game valued by a named static evaluator (a key of `EVALUATORS`) from the MAX mark's view."""

    evaluator: str
    max_mark: str


@runtime_checkable
class Playable(Protocol):
    """A game the user can play against the engine; only methods, so that `issubclass` can check a class."""

    def winner(self, state: Any) -> str | None:
        """The mark that has won at `state`, else None."""

    def play(self, move: Any) -> Game:
        """The same game from the position after `move` at the root."""

    def legal_moves(self) -> list[Any]:
        """The moves at the root."""


@runtime_checkable
class GameClass(Protocol):
    """What the game registry needs of a game class."""

    @classmethod
    def from_spec(cls, spec: Any, *, where: str = "the trace's source") -> Game:
        """The game of `spec`, or an InputError naming the field that is wrong."""

    @classmethod
    def slug(cls, spec: dict[str, Any]) -> str:
        """The file-name stem of a trace of this kind's `spec`, e.g. "nim6"."""

    @classmethod
    def default_root(cls, spec: dict[str, Any]) -> Player:
        """The `Player` at the root unless the spec says otherwise."""


@runtime_checkable
class FromOptions(Protocol):
    """A game class built from its options (`GameKind.options`)."""

    @classmethod
    def from_options(cls, options: Mapping[str, Any], root: Player | None) -> Game:
        """The game of its options by name (None where not given); `root` None: the game's default."""


def _unwrapped(game: object) -> object:
    """The game inside `game` when it is built around another (`OrderedGame`), else `game`."""
    while (inner := getattr(game, "inner", None)) is not None:
        game = inner
    return game


def takes_turns(game: object) -> bool:
    """True unless `game` (or the game it wraps) says a player may move twice in a row (`alternates` False)."""
    return bool(getattr(_unwrapped(game), "alternates", True))


def suggested_search(game: object) -> tuple[str, bool] | None:
    """The search `game`'s source names (`SuggestsSearch`): the algorithm and whether it cuts strictly; None."""
    return game.suggested_search() if offers(game, SuggestsSearch) else None


_Capability = TypeVar("_Capability")


def offers(game: object, capability: Callable[..., _Capability]) -> TypeIs[_Capability]:
    """True when `game` has `capability` (one of the protocols above), itself or through the game it wraps.

    `capability` is typed as a callable because mypy accepts no protocol class where a `type` is expected.
    """
    return isinstance(_unwrapped(game), cast(type, capability))
