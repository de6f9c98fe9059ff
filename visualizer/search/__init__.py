"""Provides the search algorithms, their registry (`find_algorithm`, `register`) and `trace_search`."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from visualizer.games.base import Game, Value, lookahead
from visualizer.games.ordering import at_lookahead
from visualizer.gc_policy import paused_gc
from visualizer.search.alphabeta import alphabeta as alphabeta
from visualizer.search.minimax import minimax as minimax
from visualizer.search.negamax import negamax as negamax
from visualizer.search.negamax import negamax_ab as negamax_ab
from visualizer.search.options import OPTIONS as OPTIONS
from visualizer.search.options import changed_options
from visualizer.search.registry import ALGORITHMS as ALGORITHMS
from visualizer.search.registry import REGISTRY as REGISTRY
from visualizer.search.registry import Algorithm as Algorithm
from visualizer.search.registry import find_algorithm as find_algorithm
from visualizer.search.registry import register as register
from visualizer.search.registry import registered as registered
from visualizer.search.registry import unregister as unregister
from visualizer.tracing.recorder import DEFAULT_MAX_NODES, Recorder
from visualizer.tracing.trace import Trace
from visualizer.tracing.tracer import NULL_TRACER, Tracer


def parse_algorithm(name: str) -> str:
    """A user's algorithm name ("alpha-beta", "negamax_ab", ...) to one of `ALGORITHMS` (see `find_algorithm`)."""
    return find_algorithm(name).name


def search(
    game: Game,
    algorithm: str,
    *,
    depth: int | None = None,
    strict: bool = False,
    iterative: bool = False,
    tracer: Tracer = NULL_TRACER,
    **options: Any,
) -> Value:
    """Runs one registered algorithm with `OPTIONS` by name and returns the root's value (MAX's view); `depth`
    None searches to the end."""
    record = find_algorithm(algorithm)
    game = at_lookahead(game, depth)
    return record.run(game, depth=depth, strict=strict, iterative=iterative, tracer=tracer, **options)


def trace_search(
    game: Game,
    algorithm: str,
    *,
    depth: int | None = None,
    strict: bool = False,
    iterative: bool = False,
    max_nodes: int = DEFAULT_MAX_NODES,
    progress: Callable[[int], None] | None = None,
    **options: Any,
) -> Trace:
    """Runs one algorithm with a `Recorder` and returns the finished `Trace`, which records the `OPTIONS`
    the algorithm takes that differ from their defaults.

    Args:
        game: the tree or game to search, e.g. `builtin_example()` or `TicTacToe()`.
        algorithm: one of `ALGORITHMS` ("minimax", "alphabeta", "negamax", ...), written as a user would
            ("alpha-beta" and "AlphaBeta" work too).
        depth: look this many moves ahead and take static values there; None takes the game's suggested
            look-ahead (5 plies on a connect-four board of more than 12 empty cells), and searches every
            other game and tree to the end.
        strict: cut only when a value passes the bound (>, <), not when it equals it.
        iterative: run the search with an explicit stack instead of recursion; the events are the same.
        max_nodes: stop with `NodeBudgetExceeded` once the search enters more nodes than this.
        progress: called now and then with the number of nodes entered so far.
        **options: the algorithm's `OPTIONS`, e.g. `fail_hard=True` or `tt=True`.

    Returns:
        The trace of the search (of its last pass, for a search of several passes).

    Raises:
        InputError: the algorithm is unknown, or cannot take an option or this game.
        NodeBudgetExceeded: the search entered more than `max_nodes` nodes.
        NoStaticValue: the depth limit stopped at a node that has no static value.

    Examples:
        >>> from visualizer import builtin_example, trace_search
        >>> trace = trace_search(builtin_example(), "alphabeta")
        >>> trace.summary.value, trace.names(trace.summary.pruned)
        (2, ['K', 'O'])
        >>> shallow = trace_search(builtin_example(), "minimax", depth=2)
        >>> shallow.names(shallow.summary.visit_order)
        ['A', 'B', 'D', 'E', 'C', 'F', 'G']
    """
    recorder = Recorder(max_nodes=max_nodes, progress=progress, iterative=iterative)
    depth = lookahead(game, depth)
    with paused_gc():
        search(game, algorithm, depth=depth, strict=strict, iterative=iterative, tracer=recorder, **options)
        trace = recorder.result()
    taken = changed_options(find_algorithm(algorithm).settings(options))
    if not taken:
        return trace
    earlier = tuple(dataclasses.replace(one, options=taken) for one in trace.earlier_passes)  # every pass's log
    return dataclasses.replace(trace, options=taken, earlier_passes=earlier)
