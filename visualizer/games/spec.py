"""Provides `from_spec`: the game a trace's `source` spec describes (the inverse of `Game.spec()`)."""

from __future__ import annotations

from typing import Any

from visualizer.errors import InputError
from visualizer.games.base import Game, Player
from visualizer.games.connect4 import ConnectFour
from visualizer.games.explicit import from_array, from_nested
from visualizer.games.nim import Nim
from visualizer.games.ordering import OrderedGame
from visualizer.games.tictactoe import TicTacToe

__all__ = ["from_spec"]


def from_spec(spec: dict[str, Any]) -> Game:
    """Rebuilds the game of a spec such as {"kind": "array", "values": [...], "branching": 2, "root": "min"}."""
    if spec.get("order", "natural") != "natural":
        inner = from_spec({key: value for key, value in spec.items() if key not in ("order", "order_seed")})
        return OrderedGame(inner, spec["order"], spec.get("order_seed"))
    try:
        kind = spec["kind"]
        root = Player.parse(spec.get("root", "max"))
        if kind in ("array", "random"):
            extra = {key: spec[key] for key in ("seed", "range", "leaves") if key in spec}
            return from_array(spec["values"], branching=spec.get("branching", 2), names=spec.get("names"),
                              root=root, kind=kind, source=extra)
        if kind == "nested":
            tree = from_nested(spec["nested"], root=root)
            return tree.replace(names=tuple(spec["names"])) if "names" in spec else tree
        if kind == "tictactoe":
            return TicTacToe(spec["board"], player=spec.get("player"), root=root, evaluator=spec.get("eval"),
                             symmetry=spec.get("symmetry", False))
        if kind == "connect4":
            return ConnectFour(spec["board"], rows=spec["rows"], cols=spec["cols"], connect=spec["connect"],
                               player=spec.get("player"), root=root, evaluator=spec.get("eval"),
                               symmetry=spec.get("symmetry", False))
        if kind == "nim":
            return Nim(spec["pile"], max_take=spec.get("max_take", 3), rules=spec.get("rules", "misere"), root=root)
    except (KeyError, TypeError) as error:
        raise InputError(f"the trace's source spec lacks {error}; export the trace again") from None
    raise InputError(f"the trace's source kind {kind!r} is unknown; export the trace again")
