"""Provides `SearchLog`: the lists a `Recorder` fills while a search runs, read by `RecordedColumns` after it.

It sits in a module of its own so that the recorder (which fills it) and the lazy columns (which
read it) both import it, neither the other.
"""

from __future__ import annotations

import copy
from array import array
from typing import Any

from visualizer.games.base import Game, Value
from visualizer.tracing.events import SPARSE_FIELDS

__all__ = ["SearchLog"]


class SearchLog:
    """The lists a `Recorder` fills while one search runs: per node (by id) and per event (by step - 1).

    The lists are made before the search is known, so hooks bound to them are valid from the start.
    """

    def __init__(self) -> None:
        self.parents: list[int | None] = []
        self.moves: list[Any] = []
        self.depths: list[int] = []
        self.statics: dict[int, Value] = {}  # the nodes evaluated, MAX's view
        self.states: list[Any] = []
        self.values: list[Value | None] = []  # running values of open nodes, final values of closed ones
        self.best: dict[int, int] = {}  # the child that last changed each node's value
        self.alphas: list[Value | None] = []  # both stay empty without a window
        self.betas: list[Value | None] = []
        self.visit_order: list[int] = []
        self.stack: list[Any] = []
        self.cutoffs: list[tuple[int, int, int, tuple[int, ...]]] = []  # node, step, child, skipped
        self.event_kind = bytearray()
        self.event_node = array("i")  # node ids as machine ints: half a list's size, no int objects
        self.event_value: list[Value | None] = []
        self.event_alpha: list[Value | None] = []  # both stay empty without a window
        self.event_beta: list[Value | None] = []
        self.children_taken: list[int] = []  # the child of each back-up and cut-off, in step order
        self.event_skipped: dict[int, tuple[int, ...]] = {}
        self.visit_counts: dict[int, int] = {}  # Monte Carlo: each node's visits after its last backpropagation
        self.event_extra: dict[str, dict[int, Any]] = {name: {} for name in SPARSE_FIELDS}
        self.windowed = True
        self.root_value: Value | None = None

    def take(self) -> SearchLog:
        """A new log holding everything recorded so far; this one is emptied in place (the hooks
        bound to its lists stay valid) for the next pass of the search."""
        taken = SearchLog()
        for key, held in list(vars(self).items()):
            setattr(taken, key, copy.copy(held))
            if isinstance(held, dict):
                held.clear()
            elif isinstance(held, (list, array, bytearray)):
                del held[:]
        self.event_extra = {name: {} for name in SPARSE_FIELDS}  # its inner dicts went with `taken`
        self.root_value = None
        return taken

    def start(self, game: Game, *, windowed: bool) -> None:
        """Fills the node lists of explicit trees for all their nodes (once per pass: `take` empties them)."""
        if self.stack:
            raise RuntimeError("a search began before the last one ended; a Recorder records one search at a time")
        self.windowed = windowed
        self.stack.append(None)  # a sentinel under the open nodes: stack[-1] is the parent
        if game.is_explicit:
            count = len(game)
            self.parents.extend(game.parent(node) for node in range(count))
            self.moves.extend([None] + list(range(1, count)))
            self.depths.extend(game.depths)
            for column in (self.values, *((self.alphas, self.betas) if windowed else ())):
                column.extend([None] * count)
