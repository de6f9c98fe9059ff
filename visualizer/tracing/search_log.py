"""Provides `SearchLog`, what a `Recorder`'s hooks log while one pass of a search runs, in call order, and
`FiledLog`, the columns `filing.file_log` works out from it when the trace is first read."""

from __future__ import annotations

import copy
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from visualizer.games.base import Value
from visualizer.tracing.events import EVENT_KINDS, SPARSE_FIELDS, Effect
from visualizer.tracing.trace_columns import KIND_CODES

__all__ = ["CLOSING_CODES", "FiledLog", "OPENING_CODES", "SearchLog"]

OPENING_CODES = bytes(KIND_CODES[kind] for kind, spec in EVENT_KINDS.items() if spec.effect is Effect.OPEN)
"""The kinds that open a node (enter, select, expand)."""

CLOSING_CODES = bytes(KIND_CODES[kind] for kind, spec in EVENT_KINDS.items() if spec.effect is Effect.CLOSE)
"""The kinds that close a node (exit, backpropagate)."""


class SearchLog:
    """The calls of one pass, as the hooks log them.

    Attributes:
        event_kind: one `KIND_CODES` byte per event.
        entered_states, entered_moves, entered_alphas, entered_betas: one entry per node opened
            (enter, select, expand), in call order; the alphas and betas only with a window. When
            `entries_are_nodes`, each cut-off also logs its skipped children here, so that the entries
            are the pass's nodes in id order. (A node's depth is its place on the stack.)
        logged_values: the value of each event whose kind reports one, in step order.
        logged_alphas, logged_betas: the window of each update, in step order.
        logged_cuts: (step, skipped) of each cut-off: the skipped (move, child) pairs, or how many
            there are when they were logged as entries.
        event_extra: the sparse fields the hooks are told ({field: {step: value}}); `ref` is worked
            out when the log is filed.
        windowed: the search keeps a window (its alphas and betas are logged).
        entries_are_nodes: a game's pass that enters no node twice: node ids are entry indices.
        root_value: what the search returned for the root (`Tracer.end`).
    """

    def __init__(self) -> None:
        self.event_kind = bytearray()
        self.entered_states: list[Any] = []
        self.entered_moves: list[Any] = []
        self.entered_alphas: list[Value | None] = []
        self.entered_betas: list[Value | None] = []
        self.logged_values: list[Value] = []
        self.logged_alphas: list[Value] = []
        self.logged_betas: list[Value] = []
        self.logged_cuts: list[tuple[int, Any]] = []
        self.event_extra: dict[str, dict[int, Any]] = {name: {} for name in SPARSE_FIELDS}
        self.windowed = True
        self.entries_are_nodes = False
        self.root_value: Value | None = None

    def open_nodes(self) -> int:
        """How many nodes are open (opened and not closed yet)."""
        kinds = self.event_kind
        return sum(map(kinds.count, OPENING_CODES)) - sum(map(kinds.count, CLOSING_CODES))

    def take(self) -> SearchLog:
        """A new log holding everything logged so far; this one is emptied in place (the hooks bound to
        its lists stay valid) for the next pass of the search."""
        taken = copy.copy(self)
        for key, held in vars(self).items():
            if isinstance(held, (list, bytearray)):
                setattr(taken, key, held[:])
                held.clear()
        self.event_extra = {name: {} for name in SPARSE_FIELDS}  # the hooks look it up at each use
        self.root_value = None
        return taken


@dataclass
class FiledLog:
    """The columns of one pass, worked out from its log (see `TraceColumns` for what they mean).

    Attributes:
        parents, states, moves, depths: per node, by id (an explicit tree's states are its ids).
        alphas, betas: each node's last window (None for a search without one).
        values: each node's last value, in the search's view (None for a node never visited).
        visit_order: the node of each opening, in step order.
        visit_numbers: each node's last position in `visit_order`, from 1 (0: never visited).
        visit_counts: Monte Carlo: each node's visits after its last backpropagation.
        cutoffs: (node, step, child, skipped ids) of each cut-off, in step order.
        evaluated: the nodes evaluated (each once) and their last static values, in the search's view.
        event_node, event_value, event_alpha, event_beta, event_child, event_skipped, event_extra:
            per event (`event_child` is `NO_CHILD` for kinds without one).
        children_taken: the child of each event whose kind carries one, in step order.
        one_visit_each: a game's pass that enters no node twice (node ids are the order of entering).
    """

    parents: list[int | None]
    states: Sequence[Any]
    moves: Sequence[Any]
    depths: Sequence[int]
    alphas: list[Value | None] | None
    betas: list[Value | None] | None
    values: list[Value | None]
    visit_order: np.ndarray
    visit_numbers: array[int]
    visit_counts: dict[int, int]
    cutoffs: list[tuple[int, int, int, tuple[int, ...]]]
    evaluated: tuple[np.ndarray, np.ndarray]
    event_node: array[int]
    event_value: list[Value | None]
    event_alpha: list[Value | None] | None
    event_beta: list[Value | None] | None
    event_child: array[int]
    children_taken: array[int]
    event_skipped: dict[int, tuple[int, ...]]
    event_extra: dict[str, dict[int, Any]]
    one_visit_each: bool
