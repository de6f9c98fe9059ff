"""Provides `SearchLog`, the lists a `Recorder` fills while a search runs (read by `RecordedColumns` after
it), and `PositionIndex`, which finds the earlier node of a position for transposition events.

They sit in a module of their own so that the recorder (which fills the log) and the lazy columns (which
read it) both import it, neither the other.
"""

from __future__ import annotations

import copy
from array import array
from typing import Any

from visualizer.games.base import Game, Value
from visualizer.tracing.events import SPARSE_FIELDS

__all__ = ["PositionIndex", "SearchLog"]


class SearchLog:
    """The lists a `Recorder` fills while one search runs: per node (by id) and per event (by step - 1).

    The light hooks only log their calls (the `entered_*` lists and `logged_values`, besides
    `event_kind`); `sync` files them into the other lists. The lists are made before the search is
    known, so hooks bound to them are valid from the start. In a game's pass where no node is
    entered twice, node ids are the order nodes were entered in (or skipped), so `states`, `moves`,
    `depths`, `alphas` and `betas` are the very `entered_*` lists; otherwise they are the
    `node_*` lists (`start` chooses).
    """

    def __init__(self) -> None:
        self.parents: list[int | None] = []
        self.node_moves: list[Any] = []
        self.node_depths: list[int] = []
        self.node_states: list[Any] = []
        self.node_alphas: list[Value | None] = []  # both stay empty without a window
        self.node_betas: list[Value | None] = []
        self.values: list[Value | None] = []  # running values of open nodes, final values of closed ones
        self.best: dict[int, int] = {}  # the child that last changed each node's value
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
        # What the light hooks log, in call order, until `sync` files it into the lists above.
        self.entered_states: list[Any] = []  # per opening event (and skipped node): state, move, depth, window
        self.entered_moves: list[Any] = []
        self.entered_depths: list[int] = []
        self.entered_alphas: list[Value | None] = []  # both stay empty without a window
        self.entered_betas: list[Value | None] = []
        self.logged_values: list[Value] = []  # the values evaluations, back-ups and exits report
        self.logged_windows: list[tuple[Value, Value]] = []  # the (alpha, beta) of each window update
        self.logged_cuts: list[tuple[int, Any]] = []  # (step, skipped) of each cut-off: a count if logged as nodes
        self.windowed = True
        self.shares_entered = False
        self.root_value: Value | None = None
        self._point_node_lists()

    def _point_node_lists(self) -> None:
        """Points `states`, `moves`, `depths`, `alphas` and `betas` at the lists `shares_entered` says."""
        prefix = "entered" if self.shares_entered else "node"
        for field in ("states", "moves", "depths", "alphas", "betas"):
            setattr(self, field, getattr(self, f"{prefix}_{field}"))

    def take(self) -> SearchLog:
        """A new log holding everything recorded so far; this one is emptied in place (the hooks
        bound to its lists stay valid) for the next pass of the search."""
        taken = SearchLog()
        for key, held in list(vars(self).items()):
            if key in ("states", "moves", "depths", "alphas", "betas"):
                continue  # other names for lists taken below
            setattr(taken, key, copy.copy(held))
            if isinstance(held, dict):
                held.clear()
            elif isinstance(held, (list, array, bytearray)):
                del held[:]
        taken._point_node_lists()
        self.event_extra = {name: {} for name in SPARSE_FIELDS}  # its inner dicts went with `taken`
        self.root_value = None
        return taken

    def start(self, game: Game, *, windowed: bool, revisits: bool) -> None:
        """Gets ready for a pass: fills the node lists of explicit trees for all their nodes (once per
        pass: `take` empties them), and chooses where node fields are kept (see the class)."""
        if self.stack:
            raise RuntimeError("a search began before the last one ended; a Recorder records one search at a time")
        self.windowed = windowed
        self.shares_entered = not game.is_explicit and not revisits
        self._point_node_lists()
        self.stack.append(None)  # a sentinel under the open nodes: stack[-1] is the parent
        if game.is_explicit:
            count = len(game)
            self.parents.extend(game.parent(node) for node in range(count))
            self.moves.extend([None] + list(range(1, count)))
            self.depths.extend(game.depths)
            for column in (self.values, *((self.alphas, self.betas) if windowed else ())):
                column.extend([None] * count)


class PositionIndex:
    """Finds the latest earlier node of a game pass with the same position, for transposition events.

    Built only when a search reports a transposition, and brought up to date at each one, so a
    search without a table pays nothing for it.
    """

    def __init__(self, rec: SearchLog):
        self.rec = rec
        self.latest: dict[Any, int] = {}
        self.indexed = 0

    def reset(self) -> None:
        """Forgets the positions of the pass before (a new pass has begun)."""
        self.latest.clear()
        self.indexed = 0

    def earlier(self, node: int) -> int | None:
        """The last node before `node` whose position equals `node`'s and that has exited, or None."""
        rec = self.rec
        if not rec.states:  # explicit trees: every node is its own position
            return None
        states, latest, entered = rec.states, self.latest, rec.visit_order
        for earlier in entered[self.indexed : -1]:  # the nodes entered before this one (not those skipped)
            latest[states[earlier]] = earlier
        self.indexed = len(entered) - 1
        found = latest.get(states[node])
        return None if found is None or found in rec.stack else found
