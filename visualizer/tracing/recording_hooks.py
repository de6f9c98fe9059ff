"""Provides `bind_hooks`: the `Recorder`'s hooks, closures that log each call with an append or two.

A hook only logs what it is told (`SearchLog`); which node each event is at, its parent, its child and
the node's running value and window follow from the order of the kinds (`filing.file_log`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from visualizer.games.base import Value
from visualizer.tracing.events import Bound, EventKind
from visualizer.tracing.search_log import SearchLog
from visualizer.tracing.trace_columns import KIND_CODES
from visualizer.tracing.tracer import Tracer

_CODES = [KIND_CODES[kind] for kind in EventKind]  # in `EventKind` order
ENTER, EVALUATE, BACK_UP, UPDATE, CUTOFF, EXIT, TRANSPOSITION = _CODES[:7]
RESEARCH, CHANCE_CUTOFF, SELECT, EXPAND, SIMULATE, BACKPROPAGATE = _CODES[7:]

LOGS_VALUE = bytes((EVALUATE, BACK_UP, EXIT, TRANSPOSITION, SIMULATE, BACKPROPAGATE))
"""The kinds whose hook logs a value (into `SearchLog.logged_values`)."""


def bind_hooks(target: Tracer, log: SearchLog, checkpoint: Callable[[int], int]) -> Callable[[bool], None]:
    """Sets `target`'s hooks (instance attributes shadow the `Tracer` methods) as closures over the lists
    of `log`; `checkpoint(entered)` returns the count to call it again at. Returns `configure(with_window)`,
    which gets the hooks ready for a pass."""
    kinds, add_kind = log.event_kind, log.event_kind.append
    entered_states, log_state = log.entered_states, log.entered_states.append
    log_move = log.entered_moves.append
    log_alpha, log_beta = log.entered_alphas.append, log.entered_betas.append
    log_value, log_cut = log.logged_values.append, log.logged_cuts.append
    log_window_alpha, log_window_beta = log.logged_alphas.append, log.logged_betas.append
    windowed = entries_are_nodes = False
    next_check = 0
    skipped_count = 0  # the entries that are skipped nodes, not entered ones

    def configure(with_window: bool) -> None:
        nonlocal windowed, entries_are_nodes, next_check, skipped_count
        windowed, entries_are_nodes = with_window, log.entries_are_nodes
        next_check = skipped_count = 0

    def enter(state: Any, move: Any, *, depth: int, alpha: Value | None, beta: Value | None) -> None:
        # The one body of every opening kind: SELECT and EXPAND log through it and retag the kind
        nonlocal next_check
        entered = len(entered_states)
        if entered >= next_check:
            next_check = checkpoint(entered - skipped_count) + skipped_count
        add_kind(ENTER)
        log_state(state)
        log_move(move)
        if windowed:
            log_alpha(alpha)
            log_beta(beta)

    def evaluate(state: Any, value: Value) -> None:
        add_kind(EVALUATE)
        log_value(value)

    def back_up(state: Any, child: Any, value: Value) -> None:
        add_kind(BACK_UP)
        log_value(value)

    def exit(state: Any, value: Value) -> None:
        add_kind(EXIT)
        log_value(value)

    def update(state: Any, *, alpha: Value, beta: Value) -> None:
        add_kind(UPDATE)
        log_window_alpha(alpha)
        log_window_beta(beta)

    def cutoff(
        state: Any, skipped: Sequence[tuple[Any, Any]], *, alpha: Value, beta: Value, kind: int = CUTOFF
    ) -> None:
        nonlocal skipped_count, next_check
        add_kind(kind)
        if not entries_are_nodes:  # the filing registers them
            log_cut((len(kinds), tuple(skipped)))
            return
        for move, child in skipped:  # logged as entries now, to keep ids in order
            log_state(child)
            log_move(move)
            if windowed:
                log_alpha(None)
                log_beta(None)
        log_cut((len(kinds), len(skipped)))
        skipped_count += len(skipped)
        next_check += len(skipped)  # the budget counts the nodes entered only

    def chance_cutoff(
        state: Any, skipped: Sequence[tuple[Any, Any]], *, bound: Bound, limit: Value, alpha: Value, beta: Value
    ) -> None:
        cutoff(state, skipped, alpha=alpha, beta=beta, kind=CHANCE_CUTOFF)
        log.event_extra["bound"][len(kinds)] = Bound(bound)
        log.event_extra["limit"][len(kinds)] = limit

    def transposition(state: Any, value: Value, *, bound: Bound) -> None:
        add_kind(TRANSPOSITION)
        log_value(value)
        log.event_extra["bound"][len(kinds)] = Bound(bound)

    def research(state: Any, child: Any) -> None:
        add_kind(RESEARCH)

    def select(state: Any, move: Any, *, depth: int, score: Value | None) -> None:
        enter(state, move, depth=depth, alpha=None, beta=None)
        kinds[-1] = SELECT
        if score is not None:
            log.event_extra["score"][len(kinds)] = score

    def expand(state: Any, move: Any, *, depth: int) -> None:
        enter(state, move, depth=depth, alpha=None, beta=None)
        kinds[-1] = EXPAND

    def simulate(state: Any, playout: Sequence[str], value: Value) -> None:
        add_kind(SIMULATE)
        log_value(value)
        log.event_extra["playout"][len(kinds)] = tuple(playout)

    def backpropagate(state: Any, value: Value, *, visits: int) -> None:
        add_kind(BACKPROPAGATE)
        log_value(value)
        log.event_extra["visits"][len(kinds)] = visits

    vars(target).update(
        (hook.__name__, hook)
        for hook in (enter, evaluate, back_up, update, cutoff, exit, transposition, research, chance_cutoff)
        + (select, expand, simulate, backpropagate)
    )
    return configure
