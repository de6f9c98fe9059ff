"""Shared by the registry tests: a toy game (two-pile NIM) and a toy algorithm (minimax from the right),
written outside the library so that registering them proves a new game or algorithm needs no other file."""

from __future__ import annotations

from typing import Any, NamedTuple

from visualizer.games import GameKind, Player
from visualizer.games.base import Game, PathNamedGame, Value
from visualizer.games.spec_fields import REQUIRED, SpecFields
from visualizer.search import Algorithm
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
        piles = fields.typed("piles", REQUIRED, "write two whole numbers, e.g. [2, 1]",
                             lambda value: isinstance(value, list) and len(value) == 2)
        return cls(tuple(piles), misere=fields.flag("misere"), root=root)

    @classmethod
    def from_options(cls, options: dict[str, Any], root: Player) -> TwoPileNim:
        return cls(root=root)

    @classmethod
    def slug(cls, spec: dict[str, Any]) -> str:
        piles = spec["piles"]
        return f"nim2-{piles[0]}-{piles[1]}" + ("-misere" if spec.get("misere") else "")


TOY_GAME = GameKind("nim2", TwoPileNim, "two-pile NIM", "--game nim2", cli_name="nim2")
"""The toy game's registry record: `--game nim2`."""


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
