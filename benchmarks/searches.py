"""Provides the search rows: tracing overhead, and the engine's speed against the reference and easyAI.

Every search starts from the same tic-tac-toe position (the empty board by default) with the
engine's defaults: win-loss values, no symmetry merging, squares tried 0..8. Before any timing the
engine, the reference search and easyAI are run once with node counting, and the reference must
enter as many nodes as the engine and find the same value (`AgreementError` otherwise).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

from benchmarks.measure import Timing, best_of, best_of_pairs
from benchmarks.peer import INSTALL_HINT, is_easyai_installed, peer_negamax
from benchmarks.reference import SearchResult, reference_alphabeta, reference_minimax
from benchmarks.report import Row
from visualizer.games import TicTacToe
from visualizer.games.evaluators import geometry
from visualizer.search import search, trace_search
from visualizer.tracing import NodeCounter, Trace

__all__ = [
    "ALGORITHMS",
    "Agreement",
    "AgreementError",
    "FIRST_READ_NOTE",
    "TRACING_TARGETS",
    "SearchOutcome",
    "SearchSettings",
    "check_agreement",
    "first_read_seconds",
    "time_traced",
    "search_rows",
]

ALGORITHMS = ("minimax", "alphabeta")
"""The engine's algorithms that are measured; the reference and easyAI have a match for each."""

TIMING_ORDER = ("alphabeta", "minimax")
"""The order the algorithms are timed in: minimax, whose trace is kept for the exports, last."""

TRACING_TARGETS = {"minimax": 1.5, "alphabeta": 1.8}
"""Traced / untraced search, at most (issue 31)."""

_REFERENCE = {"minimax": reference_minimax, "alphabeta": reference_alphabeta}
_PRUNING = {"minimax": False, "alphabeta": True}


class AgreementError(AssertionError):
    """The reference search and the engine disagree on a node count or a value."""


@dataclass(frozen=True)
class SearchSettings:
    """What every search row measures.

    Attributes:
        board: the tic-tac-toe position (9 characters of X, O and '.').
        depth: the look-ahead (None: to the end of the game).
        repeat: the most runs of each timing (the best is kept).
        budget: seconds after which a timing starts no further run.
        progress: called with one line per phase.
    """

    board: str
    depth: int | None
    repeat: int
    budget: float
    progress: Callable[[str], None]

    def game(self) -> TicTacToe:
        return TicTacToe(self.board)


@dataclass(frozen=True)
class Agreement:
    """One algorithm's (value, nodes) on each side; `peer` is None when easyAI is not installed."""

    engine: SearchResult
    reference: SearchResult
    peer: SearchResult | None

    def to_dict(self) -> dict[str, object]:
        sides = {"engine": self.engine, "reference": self.reference, "peer": self.peer}
        return {name: None if side is None else side._asdict() for name, side in sides.items()}


class SearchOutcome(NamedTuple):
    """The search rows, and the traced minimax search that the export rows measure against.

    Attributes:
        tracing: traced / untraced, one row per algorithm.
        throughput: against the reference and against easyAI, two rows per algorithm.
        trace: the full traced minimax search (the export rows write it).
        traced_seconds: how long that traced search took (best run).
    """

    tracing: list[Row]
    throughput: list[Row]
    trace: Trace
    traced_seconds: float


def _clear_caches() -> None:
    """Forgets the engine's shared winner cache, so that every timed run pays for it as a fresh
    process does (each run also builds a new game, whose position caches start empty)."""
    geometry(3, 3, 3, False).winner.cache_clear()


def _search_new_game(settings: SearchSettings, algorithm: str, *, traced: bool) -> object:
    """One search of a game made for this run (a game caches the positions it has seen)."""
    run = trace_search if traced else search
    return run(settings.game(), algorithm, depth=settings.depth)


def check_agreement(settings: SearchSettings) -> dict[str, Agreement]:
    """Counts nodes on each side for each algorithm; raises `AgreementError` if the reference differs."""
    agreements = {}
    for algorithm in ALGORITHMS:
        counter = NodeCounter()
        value = search(settings.game(), algorithm, depth=settings.depth, tracer=counter)
        engine = SearchResult(value, counter.nodes)
        reference = _REFERENCE[algorithm](settings.board, depth=settings.depth)
        if tuple(reference) != tuple(engine):
            raise AgreementError(
                f"{algorithm}: the reference search found value {reference.value} in {reference.nodes:,} nodes, "
                f"the engine value {engine.value} in {engine.nodes:,} nodes"
            )
        peer = None
        if is_easyai_installed():
            peer = peer_negamax(settings.board, depth=settings.depth, pruning=_PRUNING[algorithm])
        agreements[algorithm] = Agreement(engine, reference, peer)
        peer_text = "easyAI not installed" if peer is None else f"easyAI {peer.nodes:,} nodes, value {peer.value}"
        settings.progress(
            f"{algorithm}: engine and reference {engine.nodes:,} nodes, value {engine.value}; {peer_text}"
        )
    return agreements


def _time(settings: SearchSettings, what: str, function: Callable[[], object]) -> Timing:
    timing = best_of(function, repeat=settings.repeat, budget=settings.budget, before=_clear_caches)
    settings.progress(f"{what}: best of {timing.runs}: {timing.seconds:.3f} s")
    return timing


PAIRED_LEAST, PAIRED_MOST = 1.0, 12
"""An untraced and a traced search are timed again until their runs have taken this many seconds, in at
most this many pairs (quick ones are timed more often), unless `--repeat 1` asks for one run of each."""


def time_traced(settings: SearchSettings, what: str, run: Callable[..., object]) -> tuple[Timing, Timing]:
    """The untraced and the traced search (`run(traced=...)`), timed in turns (`best_of_pairs`)."""
    untraced, traced = best_of_pairs(
        partial(run, traced=False),
        partial(run, traced=True),
        repeat=settings.repeat,
        budget=settings.budget,
        least=PAIRED_LEAST,
        most=PAIRED_MOST if settings.repeat > 1 else 1,
        before=_clear_caches,
    )
    settings.progress(
        f"{what}: best of {traced.runs} in turns: untraced {untraced.seconds:.3f} s, traced {traced.seconds:.3f} s"
    )
    return untraced, traced


def search_rows(settings: SearchSettings, agreements: dict[str, Agreement]) -> SearchOutcome:
    """Times every search: untraced and traced engine, the reference search and easyAI.

    Minimax is timed last and its traced search last of all: a finished trace holds millions of
    objects, which every later garbage collection would walk, so no other timing shares the heap
    with it.
    """
    measured = {algorithm: _algorithm_rows(settings, algorithm, agreements[algorithm]) for algorithm in TIMING_ORDER}
    tracing = [measured[algorithm][0] for algorithm in ALGORITHMS]
    throughput = [row for algorithm in ALGORITHMS for row in measured[algorithm][1]]
    traced = measured["minimax"][2]
    return SearchOutcome(tracing, throughput, traced.result, traced.seconds)


def _algorithm_rows(settings: SearchSettings, algorithm: str, agreement: Agreement) -> tuple[Row, list[Row], Timing]:
    """One algorithm's tracing row and throughput rows, and the timing of its traced search (timed last:
    no other timing shares the heap with its trace)."""
    nodes = agreement.engine.nodes
    reference = _time(
        settings, f"reference {algorithm}", partial(_REFERENCE[algorithm], settings.board, depth=settings.depth)
    )
    peer = None
    if agreement.peer is not None:
        pruning = _PRUNING[algorithm]
        peer = _time(
            settings,
            f"easyAI {algorithm}",
            partial(peer_negamax, settings.board, depth=settings.depth, pruning=pruning),
        )
    untraced, traced = time_traced(settings, algorithm, partial(_search_new_game, settings, algorithm))
    engine_rate = nodes / untraced.seconds
    reference_rate = reference.result.nodes / reference.seconds
    throughput = [
        Row(
            key=f"reference-{algorithm}",
            what=f"minimal reference / untraced engine, nodes/s, {algorithm}",
            figures={"engine_nodes_per_s": engine_rate, "reference_nodes_per_s": reference_rate, "nodes": nodes},
            measured=reference_rate / engine_rate,
            target=2.0,
        ),
        _peer_row(algorithm, agreement, peer, engine_rate),
    ]
    tracing = Row(
        key=f"tracing-{algorithm}",
        what=f"traced / untraced search, {algorithm}",
        figures={
            "traced_s": traced.seconds,
            "untraced_s": untraced.seconds,
            "first_read_s": first_read_seconds(traced.result),
            "nodes": nodes,
        },
        measured=traced.seconds / untraced.seconds,
        target=TRACING_TARGETS[algorithm],
        note=FIRST_READ_NOTE,
    )
    if algorithm != "minimax":
        traced = Timing(traced.seconds, traced.runs, None)  # only the minimax trace is kept
    return tracing, throughput, traced


FIRST_READ_NOTE = "first read: the summary read once after, which files the log (not in traced)"
"""What the `first_read_s` figure of a tracing row is."""


def first_read_seconds(trace: Trace) -> float:
    """How long the first read of `trace`'s summary takes: the recorder files the log then (`filing`)."""
    start = time.perf_counter()
    trace.summary.principal_variation  # noqa: B018 (read for its cost)
    return time.perf_counter() - start


def _peer_row(algorithm: str, agreement: Agreement, peer: Timing | None, engine_rate: float) -> Row:
    """easyAI's nodes per second (timed as `peer`, None when not installed) over the engine's (below 1:
    the engine is faster)."""
    name = "Negamax" if algorithm == "minimax" else "Negamax alpha-beta"
    row = Row(
        key=f"peer-{algorithm}",
        what=f"easyAI {name} / untraced engine, nodes/s, {algorithm}",
        comparison="<",
        target=1.0,
    )
    if peer is None or agreement.peer is None:
        row.note = INSTALL_HINT
        return row
    peer_rate = peer.result.nodes / peer.seconds
    row.figures = {"engine_nodes_per_s": engine_rate, "easyAI_nodes_per_s": peer_rate, "nodes": agreement.engine.nodes}
    if agreement.peer.nodes != agreement.engine.nodes:
        row.figures["easyAI_nodes"] = agreement.peer.nodes
        row.note = "easyAI entered a different number of nodes; each side's rate is over its own count"
    row.measured = peer_rate / engine_rate
    return row
