"""Provides the rows for the searches after alpha-beta: what a transposition table, PVS, MTD(f) and iterative
deepening cost in nodes against plain alpha-beta, and what tracing costs every other registered algorithm.

The node counts come from untraced searches with a `NodeCounter` (nodes entered, re-searches and every
pass included); each search is timed untraced and traced in turns (`time_traced`), the best of each kept.
"""

from __future__ import annotations

from functools import partial

from benchmarks.report import Row
from benchmarks.searches import FIRST_READ_NOTE, SearchSettings, first_read_seconds, time_traced
from visualizer.search import search, trace_search
from visualizer.search.registry import Configuration, parse_configuration
from visualizer.tracing import NodeCounter

__all__ = ["NODE_SEARCHES", "TRACED_SEARCHES", "beyond_rows"]

NODE_SEARCHES = ("alphabeta+tt", "pvs", "pvs+tt", "mtdf+tt", "id", "id+tt")
"""The searches whose nodes are held against plain alpha-beta's."""

TABLE_TARGET = 1.0
"""The issue's claim: with a table, alpha-beta enters fewer nodes than without (18,297 on the empty board)."""

TRACED_SEARCHES = (
    "alphabeta+tt",
    "negamax",
    "negamax-ab",
    "negamax-ab+tt",
    "expectimax",
    "star1+bounds=-1:1",
    "id",
    "id+tt",
    "pvs",
    "pvs+tt",
    "mtdf",
    "mtdf+tt",
    "mcts",
)
"""The searches whose tracing is timed: every registered algorithm but minimax and alpha-beta (the search rows
time those), some with a transposition table. Tic-tac-toe has no chance nodes, so expectimax and Star1 (told
the win-loss bounds) search it as minimax and alpha-beta do, through their own code; Monte Carlo runs its
default iterations."""

TRACING_TARGET = 2.0
"""Traced / untraced, at most (issue 31)."""


def _nodes(settings: SearchSettings, configuration: Configuration) -> tuple[int, object]:
    counter = NodeCounter()
    value = search(
        settings.game(), configuration.algorithm.name, depth=settings.depth, tracer=counter, **configuration.options
    )
    return counter.nodes, value


def _run(settings: SearchSettings, configuration: Configuration, *, traced: bool) -> object:
    run = trace_search if traced else search
    depth = settings.depth if configuration.algorithm.accepts_depth else None
    return run(settings.game(), configuration.algorithm.name, depth=depth, **configuration.options)


def beyond_rows(settings: SearchSettings) -> list[Row]:
    """One row per search of `NODE_SEARCHES` (nodes against alpha-beta's) and of `TRACED_SEARCHES`
    (traced / untraced time)."""
    plain, plain_value = _nodes(settings, parse_configuration("alphabeta"))
    rows = []
    for text in NODE_SEARCHES:
        configuration = parse_configuration(text)
        nodes, value = _nodes(settings, configuration)
        settings.progress(
            f"{configuration.label}: {nodes:,} nodes, value {value} (alphabeta: {plain:,}, {plain_value})"
        )
        table = configuration.options.get("tt", False) and configuration.algorithm.name == "alphabeta"
        note = "" if value == plain_value else f"VALUE {value} differs from alpha-beta's {plain_value}"
        rows.append(
            Row(
                key=f"nodes-{text}",
                what=f"nodes entered, {configuration.label} / alphabeta",
                figures={"nodes": nodes, "alphabeta_nodes": plain},
                measured=nodes / plain,
                comparison="<",
                target=TABLE_TARGET if table else None,
                note=note,
            )
        )
    for text in TRACED_SEARCHES:
        configuration = parse_configuration(text)
        untraced, traced = time_traced(settings, configuration.label, partial(_run, settings, configuration))
        rows.append(
            Row(
                key=f"tracing-{configuration.algorithm.name}{'+tt' if configuration.options.get('tt') else ''}",
                what=f"traced / untraced search, {configuration.label}",
                figures={
                    "traced_s": traced.seconds,
                    "untraced_s": untraced.seconds,
                    "first_read_s": first_read_seconds(traced.result),
                },
                measured=traced.seconds / untraced.seconds,
                target=TRACING_TARGET,
                note=FIRST_READ_NOTE,
            )
        )
    return rows
