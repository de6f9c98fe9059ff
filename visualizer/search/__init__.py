"""Provides the search algorithms and `trace_search`, which runs one with a recorder."""

from __future__ import annotations

from typing import Callable

from visualizer.errors import InputError
from visualizer.games.base import Game, Value
from visualizer.games.ordering import at_lookahead
from visualizer.search.alphabeta import alphabeta
from visualizer.search.iterative import iterative_search
from visualizer.search.minimax import minimax
from visualizer.search.negamax import negamax
from visualizer.search.negamax_ab import negamax_ab
from visualizer.tracing.recorder import DEFAULT_MAX_NODES, Recorder, paused_gc
from visualizer.tracing.trace import Trace
from visualizer.tracing.tracer import NULL_TRACER, Tracer

__all__ = [
    "ALGORITHMS",
    "alphabeta",
    "iterative_search",
    "minimax",
    "negamax",
    "negamax_ab",
    "parse_algorithm",
    "search",
    "trace_search",
]

ALGORITHMS = ("minimax", "alphabeta", "negamax", "negamax-ab")
_PRUNING = {"alphabeta": alphabeta, "negamax-ab": negamax_ab}
_PLAIN = {"minimax": minimax, "negamax": negamax}
_ALIASES = {
    "alpha-beta": "alphabeta",
    "ab": "alphabeta",
    "negamaxab": "negamax-ab",
    "negamax-alphabeta": "negamax-ab",
    "negamax-alpha-beta": "negamax-ab",
}


def parse_algorithm(name: str) -> str:
    """A user's algorithm name ("alpha-beta", "negamax_ab", ...) to one of `ALGORITHMS`."""
    key = name.strip().lower().replace("_", "-")
    key = _ALIASES.get(key, key)
    if key not in ALGORITHMS:
        raise InputError(f"unknown algorithm {name!r}; choose one of {', '.join(ALGORITHMS)}")
    return key


def search(
    game: Game,
    algorithm: str,
    *,
    depth: int | None = None,
    strict: bool = False,
    iterative: bool = False,
    tracer: Tracer = NULL_TRACER,
) -> Value:
    """Runs one algorithm, recursive or iterative, and returns the root's value (MAX's view).

    A game in best or worst order is sorted for this look-ahead (`at_lookahead`).
    """
    algorithm = parse_algorithm(algorithm)
    game = at_lookahead(game, depth)
    if iterative:
        return iterative_search(game, algorithm, depth=depth, strict=strict, tracer=tracer)
    if algorithm in _PRUNING:
        return _PRUNING[algorithm](game, depth=depth, strict=strict, tracer=tracer)
    return _PLAIN[algorithm](game, depth=depth, tracer=tracer)


def trace_search(
    game: Game,
    algorithm: str,
    *,
    depth: int | None = None,
    strict: bool = False,
    iterative: bool = False,
    max_nodes: int = DEFAULT_MAX_NODES,
    progress: Callable[[int], None] | None = None,
) -> Trace:
    """Runs one algorithm with a `Recorder` and returns the finished `Trace`.

    The trace records `iterative` among its options. The garbage collector is paused meanwhile
    (see `paused_gc`).
    """
    recorder = Recorder(max_nodes=max_nodes, progress=progress, iterative=iterative)
    with paused_gc():
        search(game, algorithm, depth=depth, strict=strict, iterative=iterative, tracer=recorder)
        return recorder.result()
