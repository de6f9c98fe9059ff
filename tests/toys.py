"""Shared by the registry tests: a toy game (two-pile NIM) and a toy algorithm (minimax from the right),
written outside the library so that registering them proves a new game or algorithm needs no other file."""

from __future__ import annotations

from typing import Any, NamedTuple

from visualizer.errors import InputError
from visualizer.games import GameKind, GameOption, Player
from visualizer.games.base import Game, PathNamedGame, Value
from visualizer.games.spec_fields import REQUIRED, SpecFields
from visualizer.search import Algorithm
from visualizer.tracing.events import Bound
from visualizer.tracing.tracer import NULL_TRACER, Tracer

TOY = "right-minimax"
"""The toy algorithm's name."""


class PilesState(NamedTuple):
    piles: tuple[int, int]
    player: Player


class TwoPileNim(PathNamedGame):
    """NIM with two piles A and B: take 1 or 2 from one pile ("A1", "A2", "B1", "B2", tried in that order).

    Under normal rules whoever takes the last one wins, under misere rules they lose. Values: +1 when MAX
    wins, -1 when MIN wins.
    """

    def __init__(self, piles: tuple[int, int] = (2, 1), *, misere: bool = False, root: Player = Player.MAX):
        self.piles, self.misere, self.root_player = tuple(piles), misere, root

    def root(self) -> PilesState:
        return PilesState(self.piles, self.root_player)

    def successors(self, state: PilesState) -> list[tuple[str, PilesState]]:
        children = []
        for index, pile in enumerate("AB"):
            for take in (1, 2):
                if take <= state.piles[index]:
                    piles = tuple(count - take if at == index else count for at, count in enumerate(state.piles))
                    children.append((f"{pile}{take}", PilesState(piles, state.player.other)))
        return children

    def is_terminal(self, state: PilesState) -> bool:
        return state.piles == (0, 0)

    def player(self, state: PilesState) -> Player:
        return state.player

    def static_value(self, state: PilesState) -> int:
        if not self.is_terminal(state):
            return 0
        last_taker = state.player.other  # the one to move faces empty piles
        winner = state.player if self.misere else last_taker
        return winner.sign

    def board_text(self, state: PilesState) -> str:
        return f"A {state.piles[0]}, B {state.piles[1]}"

    def describe(self) -> str:
        return f"two-pile NIM {self.piles[0]} and {self.piles[1]}, {'misere' if self.misere else 'normal'}"

    def spec(self) -> dict[str, Any]:
        return {"kind": "nim2", "piles": list(self.piles), "misere": self.misere, "root": self.root_player.value}

    @classmethod
    def from_spec(cls, spec: Any, *, where: str = "the trace's source") -> TwoPileNim:
        fields = SpecFields(spec, where)
        root = fields.player()
        piles = fields.typed(
            "piles",
            REQUIRED,
            "write two whole numbers, e.g. [2, 1]",
            lambda value: isinstance(value, list) and len(value) == 2,
        )
        return cls(tuple(piles), misere=fields.flag("misere"), root=root)

    @classmethod
    def from_options(cls, options: dict[str, Any], root: Player | None) -> TwoPileNim:
        piles = (2, 1) if options["piles"] is None else options["piles"]
        return cls(piles, misere=bool(options["misere"]), root=root or Player.MAX)

    @classmethod
    def to_options(cls, spec: dict[str, Any]) -> dict[str, Any]:
        return {"piles": ",".join(map(str, spec["piles"])), "misere": spec.get("misere") or None}

    @classmethod
    def slug(cls, spec: dict[str, Any]) -> str:
        piles = spec["piles"]
        return f"nim2-{piles[0]}-{piles[1]}" + ("-misere" if spec.get("misere") else "")


def parse_piles(text: str) -> tuple[int, int]:
    """'2,1' to the two piles (the toy's `--piles` and its form field read the text alike)."""
    try:
        first, second = (int(part) for part in text.split(","))
    except ValueError:
        raise InputError(f"--piles is {text!r}; give two whole numbers, e.g. 2,1") from None
    if min(first, second) < 0:
        raise InputError(f"--piles is {text!r}; a pile cannot be negative")
    return first, second


TOY_OPTIONS = (
    GameOption("--piles", "two-pile NIM: piles A and B (2,1)", parse_piles, "A,B", label="Piles", hint="2,1"),
    GameOption(
        "--misere",
        "two-pile NIM: whoever takes the last one loses",
        switch=True,
        label="Rules",
        hint="misere: the last to take loses",
    ),
)
"""The toy game's own flags, which are also its fields in the app's New-tree dialog."""

TOY_GAME = GameKind("nim2", TwoPileNim, "two-pile NIM", "nim2", TOY_OPTIONS, selected_by="piles")
"""The toy game's registry record: `--game nim2`, or `--piles` alone."""


def right_to_left_minimax(game: Game, *, depth: int | None = None, tracer: Tracer = NULL_TRACER) -> Value:
    """Minimax that tries each node's children last to first (written here, not in the library)."""

    def node_value(state: Any, move: Any, ply: int) -> Value:
        tracer.enter(state, move, depth=ply, alpha=None, beta=None)
        if (depth is not None and ply >= depth) or game.is_terminal(state):
            value = game.static_value(state)
            tracer.evaluate(state, value)
        else:
            maximizes = game.player(state) is Player.MAX
            value = -float("inf") if maximizes else float("inf")
            for child_move, child in reversed(list(game.successors(state))):
                child_value = node_value(child, child_move, ply + 1)
                value = max(value, child_value) if maximizes else min(value, child_value)
                tracer.back_up(state, child, value)
        tracer.exit(state, value)
        return value

    tracer.begin(game, algorithm=TOY, depth_limit=depth, strict=False)
    value = node_value(game.root(), None, 0)
    tracer.end(value)
    return value


TOY_ALGORITHM = Algorithm(TOY, right_to_left_minimax, windowed=False, movers_view=False, aliases=("rtl",))
"""The toy algorithm's registry record (alias "rtl")."""


# -- toys for the trace model: a game with chance nodes, and searches of the kinds that come after alpha-beta --

CHANCE_LEAVES = ((3, 12, 9), (2, 4, 6), (15, 6, 0))
"""The leaves of CS188's expectimax example: MAX chooses among three chance nodes (values 8, 4 and 7)."""


class ExpectimaxExample(PathNamedGame):
    """CS188's expectimax example as a game: MAX picks a, b or c, then chance draws 1, 2 or 3 (each 1/3).

    States are the moves so far: () for the root, ("a",) for a chance node, ("a", "1") for a leaf.
    """

    def __init__(self, leaves: tuple[tuple[int, ...], ...] = CHANCE_LEAVES):
        self.leaves = tuple(tuple(row) for row in leaves)

    def root(self) -> tuple[str, ...]:
        return ()

    def successors(self, state: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
        if not state:
            return [(letter, (letter,)) for letter in "abc"[: len(self.leaves)]]
        if len(state) == 1:
            return [(str(draw), (*state, str(draw))) for draw in range(1, len(self.leaves[0]) + 1)]
        return []

    def is_terminal(self, state: tuple[str, ...]) -> bool:
        return len(state) == 2

    def player(self, state: tuple[str, ...]) -> Player:
        return Player.MAX if not state else Player.CHANCE if len(state) == 1 else Player.MIN

    def probability(self, state: tuple[str, ...], move: str) -> float:
        return 1 / len(self.leaves[0])

    def static_value(self, state: tuple[str, ...]) -> int:
        if len(state) < 2:
            return 0
        return self.leaves["abc".index(state[0])][int(state[1]) - 1]

    def board_text(self, state: tuple[str, ...]) -> str:
        return " ".join(state) or "start"

    def describe(self) -> str:
        return "expectimax example, 3 chance nodes of 3 leaves"

    def spec(self) -> dict[str, Any]:
        return {"kind": "expect3", "leaves": [list(row) for row in self.leaves], "root": "max"}

    @classmethod
    def from_spec(cls, spec: Any, *, where: str = "the trace's source") -> ExpectimaxExample:
        fields = SpecFields(spec, where)
        fields.player()
        leaves = fields.typed(
            "leaves",
            REQUIRED,
            "write three lists of three numbers",
            lambda value: isinstance(value, list) and all(isinstance(row, list) for row in value),
        )
        return cls(tuple(tuple(row) for row in leaves))

    @classmethod
    def from_options(cls, options: dict[str, Any], root: Player | None) -> ExpectimaxExample:
        return cls()

    @classmethod
    def slug(cls, spec: dict[str, Any]) -> str:
        return "expect3"


CHANCE_GAME = GameKind("expect3", ExpectimaxExample, "expectimax example", "expect3")
"""The chance toy's registry record: `--game expect3`."""

EXPECTIMAX = "toy-expectimax"


def toy_expectimax(game: Game, *, depth: int | None = None, tracer: Tracer = NULL_TRACER) -> Value:
    """Expectimax: MAX and MIN nodes as in minimax, the probability-weighted mean at CHANCE nodes.

    At a chance node each back-up carries the expectation so far (the weighted sum of the children
    searched), so the last one is the node's value.
    """

    def node_value(state: Any, move: Any, ply: int) -> Value:
        tracer.enter(state, move, depth=ply, alpha=None, beta=None)
        if (depth is not None and ply >= depth) or game.is_terminal(state):
            value = game.static_value(state)
            tracer.evaluate(state, value)
        else:
            player = game.player(state)
            value = 0 if player is Player.CHANCE else -float("inf") if player is Player.MAX else float("inf")
            for child_move, child in game.successors(state):
                child_value = node_value(child, child_move, ply + 1)
                if player is Player.CHANCE:
                    value += game.probability(state, child_move) * child_value
                else:
                    value = max(value, child_value) if player is Player.MAX else min(value, child_value)
                tracer.back_up(state, child, value)
        tracer.exit(state, value)
        return value

    tracer.begin(game, algorithm=EXPECTIMAX, depth_limit=depth, strict=False)
    value = node_value(game.root(), None, 0)
    tracer.end(value)
    return value


TOY_EXPECTIMAX = Algorithm(EXPECTIMAX, toy_expectimax, windowed=False, movers_view=False, handles_chance=True)
"""The expectimax toy's registry record."""

TT = "toy-tt"


def toy_tt_alphabeta(
    game: Game,
    *,
    depth: int | None = None,
    tracer: Tracer = NULL_TRACER,
    table: dict[Any, tuple[Value, Bound]] | None = None,
    name: str = TT,
) -> Value:
    """Fail-soft alpha-beta with a transposition table keyed by (position, plies left).

    A stored value answers a node when it is exact, or a lower bound at or above beta, or an upper
    bound at or below alpha; the node then reports a transposition and exits without children.
    """
    table = {} if table is None else table

    def node_value(state: Any, move: Any, ply: int, alpha: Value, beta: Value) -> Value:
        tracer.enter(state, move, depth=ply, alpha=alpha, beta=beta)
        key = (state, None if depth is None else depth - ply)
        if key in table:
            stored, bound = table[key]
            if (
                bound is Bound.EXACT
                or (bound is Bound.LOWER and stored >= beta)
                or (bound is Bound.UPPER and stored <= alpha)
            ):
                tracer.transposition(state, stored, bound=bound)
                tracer.exit(state, stored)
                return stored
        if (depth is not None and ply >= depth) or game.is_terminal(state):
            value = game.static_value(state)
            tracer.evaluate(state, value)
            table[key] = (value, Bound.EXACT)
            tracer.exit(state, value)
            return value
        maximizes = game.player(state) is Player.MAX
        value, low, high = (-float("inf") if maximizes else float("inf")), alpha, beta
        children = list(game.successors(state))
        for index, (child_move, child) in enumerate(children):
            child_value = node_value(child, child_move, ply + 1, low, high)
            value = max(value, child_value) if maximizes else min(value, child_value)
            tracer.back_up(state, child, value)
            if (value >= high) if maximizes else (value <= low):
                if index + 1 < len(children):
                    tracer.cutoff(state, children[index + 1 :], alpha=low, beta=high)
                break
            if maximizes and value > low:
                low = value
                tracer.update(state, alpha=low, beta=high)
            elif not maximizes and value < high:
                high = value
                tracer.update(state, alpha=low, beta=high)
        table[key] = (value, Bound.UPPER if value <= alpha else Bound.LOWER if value >= beta else Bound.EXACT)
        tracer.exit(state, value)
        return value

    tracer.begin(game, algorithm=name, depth_limit=depth, strict=False)
    value = node_value(game.root(), None, 0, -float("inf"), float("inf"))
    tracer.end(value)
    return value


TOY_TT = Algorithm(TT, toy_tt_alphabeta, windowed=True, movers_view=False)
"""The transposition-table toy's registry record."""

DEEPENING = "toy-id"


def toy_iterative_deepening(game: Game, *, depth: int | None = None, tracer: Tracer = NULL_TRACER) -> Value:
    """Alpha-beta to look-ahead 1, 2, ... `depth` (default 3), one pass each (look-ahead 0: one pass
    at 0); the last pass's value."""
    value: Value = 0
    deepest = 3 if depth is None else depth
    for limit in range(min(1, deepest), deepest + 1):
        value = toy_tt_alphabeta(game, depth=limit, tracer=tracer, name=DEEPENING)
    return value


TOY_DEEPENING = Algorithm(DEEPENING, toy_iterative_deepening, windowed=True, movers_view=False)
"""The iterative-deepening toy's registry record: one pass per look-ahead."""
