"""Provides the optional capabilities a game may have beyond `Game`, as declared protocols, and `offers`.

Code that uses a capability asks `offers(game, Capability)` instead of probing attributes one by one:
the protocol lists everything the capability brings, and `offers` also looks through a wrapper such as
`OrderedGame`, which forwards what it does not reorder to the game it wraps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from visualizer.games.base import Game, Value

__all__ = [
    "ChanceMoves",
    "Evaluated",
    "ExplicitNodes",
    "FromOptions",
    "GameClass",
    "PhrasesMoves",
    "Playable",
    "SuggestsDepth",
    "TellsOutcomes",
    "Wrapper",
    "offers",
]


@runtime_checkable
class ExplicitNodes(Protocol):
    """A tree that holds all its nodes: the ints 0..n-1 in level order, the root 0 (array, nested, random).

    Such a game also sets `is_explicit = True` (the flag the recorder reads); the trace then takes its
    nodes, names, static values and shape from these members instead of from the search.
    """

    values: Sequence[Value | None]
    """The static value of each node (None where the source gave none, e.g. nested interiors)."""
    children: Sequence[Sequence[int]]
    """Each node's children, in the order the search tries them."""
    names: Sequence[str]
    """Each node's display name, unique in the tree."""
    depths: Sequence[int]
    """Each node's depth, the root's 0."""

    def __len__(self) -> int:
        """The number of nodes."""

    def parent(self, node: int) -> int | None:
        """The parent's id, None for the root."""


@runtime_checkable
class ChanceMoves(Protocol):
    """A game with CHANCE nodes: `player(state)` is `Player.CHANCE` where the move is drawn at random.

    Players then need not alternate, so traces ask `player` at every node instead of alternating
    from the root.
    """

    def probability(self, state: Any, move: Any) -> float:
        """The probability that the move `move` is drawn at the chance node `state` (they sum to 1)."""


@runtime_checkable
class SuggestsDepth(Protocol):
    """A game too big to search to the end that proposes a look-ahead of its own (`lookahead`)."""

    def suggested_depth(self) -> int | None:
        """The look-ahead to use when the user gives none (None: to the end of the game)."""


@runtime_checkable
class PhrasesMoves(Protocol):
    """A game that says its moves in words (`best-move` reports)."""

    def move_phrase(self, state: Any, move: Any) -> str:
        """The move in words, e.g. "X at square 5 (row 2, column 2)" or "take 2 (4 left)"."""

    def move_from_value(self, value: Any) -> Any:
        """The game's move for a reported one (a trace's `best_move`): the inverse of `move_value`."""


@runtime_checkable
class TellsOutcomes(Protocol):
    """A game whose values at game ends say who wins (NIM, grid games)."""

    knows_outcomes: bool
    """True when a full search's value says who wins (its sign)."""

    def is_decisive(self, value: Value) -> bool:
        """True when `value` can only come from a won or lost game end (not from a heuristic guess)."""


@runtime_checkable
class Evaluated(Protocol):
    """A game valued by a named static evaluator from the view of one side's mark (grid games)."""

    evaluator: str
    """A key of `EVALUATORS`."""
    max_mark: str
    """The mark ("X" or "O") whose view the values take: the MAX player."""


@runtime_checkable
class Playable(Protocol):
    """A game the user can play against the engine (`visualizer play`): its moves can be made one by one.

    Only methods, so that a registered class can be checked before a game is built (`issubclass`).
    """

    def winner(self, state: Any) -> str | None:
        """The mark that has won at `state`, else None."""

    def play(self, move: Any) -> Game:
        """The same game from the position after `move` at the root."""

    def legal_moves(self) -> list[Any]:
        """The moves at the root."""


@runtime_checkable
class Wrapper(Protocol):
    """A game built around another one (`OrderedGame`): it forwards every attribute it does not define."""

    inner: Game
    """The wrapped game."""


@runtime_checkable
class GameClass(Protocol):
    """What the game registry needs of a game class: to rebuild a game from its spec and to name its traces."""

    @classmethod
    def from_spec(cls, spec: Any, *, where: str = "the trace's source") -> Game:
        """The game of `spec` (what `Game.spec()` wrote), or an InputError naming the field that is wrong."""

    @classmethod
    def slug(cls, spec: dict[str, Any]) -> str:
        """The file-name stem of a trace of this kind's `spec`, e.g. "nim6" (`export.trace_slug`)."""

    @classmethod
    def default_root(cls, spec: dict[str, Any]) -> Any:
        """The `Player` at the root unless the spec says otherwise; a trace's name mentions any other."""


@runtime_checkable
class FromOptions(Protocol):
    """A game class the command line builds from its own options (a kind with a `--game` name)."""

    @classmethod
    def from_options(cls, options: Mapping[str, Any], root: Any) -> Game:
        """The game of the options its `GameKind` owns, by attribute (None where not given), with `root`
        (a `Player`) to move at the root."""


def offers(game: Any, capability: type) -> bool:
    """True when `game` has `capability` (one of the protocols above), itself or through the game it wraps.

    `isinstance` alone would not see what a wrapper forwards (Python 3.12 looks attributes up statically).
    """
    while isinstance(game, Wrapper):
        game = game.inner
    return isinstance(game, capability)
