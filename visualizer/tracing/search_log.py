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

OPENING_CODES = bytes(KIND_CODES[kind] for kind, spec in EVENT_KINDS.items() if spec.effect is Effect.OPEN)
"""The kinds that open a node (enter, select, expand)."""

CLOSING_CODES = bytes(KIND_CODES[kind] for kind, spec in EVENT_KINDS.items() if spec.effect is Effect.CLOSE)
"""The kinds that close a node (exit, backpropagate)."""


class SearchLog:
    """The calls of one pass, as the hooks log them.

    Attributes:
        entered_states: one entry per node opened, in call order (with its move, and window when
            `windowed`); when `entries_are_nodes`, each cut-off also logs its skipped children here,
            so that the entries are the pass's nodes in id order.
        logged_values: the value of each event whose kind reports one, in step order.
        logged_cuts: (step, skipped) of each cut-off: the skipped (move, child) pairs, or how many
            there are when they were logged as entries.
        event_extra: the sparse fields the hooks are told ({field: {step: value}}).
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

    def take(self) -> SearchLog:
        """A new log holding everything logged so far; this one is emptied in place for the next pass."""
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
    """The columns of one pass, worked out from its log (see `TraceColumns` for what they mean): per node
    by id, per event, and `visit_numbers` (each node's last place in `visit_order`, from 1; 0: never)."""

    parent: list[int | None]
    states: Sequence[Any]
    moves: Sequence[Any]
    depth: Sequence[int]
    alpha: Sequence[Value | None]
    beta: Sequence[Value | None]
    values: list[Value | None]
    visit_order: np.ndarray
    visit_numbers: array[int]
    visit_counts: dict[int, int]
    cutoffs: list[tuple[int, int, int, tuple[int, ...]]]
    evaluated: tuple[np.ndarray, np.ndarray]
    event_node: array[int]
    event_value: list[Value | None]
    event_alpha: Sequence[Value | None]
    event_beta: Sequence[Value | None]
    event_child: array[int]
    event_skipped: dict[int, tuple[int, ...]]
    event_extra: dict[str, dict[int, Any]]
