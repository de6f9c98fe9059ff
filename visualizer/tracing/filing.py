"""Provides `file_log`: one pass's log (`SearchLog`) filed into the columns of its trace, a chunk of events at a time.

Which node each event is at, and the node's visit, value and window at it, follow from the order of the
kinds (`levels`); the nodes left open are carried from one chunk to the next.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import chain
from typing import Any

import numpy as np

from visualizer.games.base import Game, Value, explicit_tree
from visualizer.tracing.events import SPARSE_FIELDS
from visualizer.tracing.levels import LevelChunk, is_kind
from visualizer.tracing.recording_hooks import ENTER, EVALUATE, EXPAND, LOGS_VALUE, TRANSPOSITION, UPDATE
from visualizer.tracing.search_log import OPENING_CODES, FiledLog, SearchLog
from visualizer.tracing.trace_columns import HAS_CHILD, KINDS, NO_CHILD, Nones, int_array

CHUNK = 1 << 15
"""Events filed at a time."""

CARRIES_CHILD = bytes(code for code in range(256) if HAS_CHILD[code])
"""The kinds whose events carry a child (`EVENT_KINDS`)."""

SHOWS_NO_VALUE = bytes((ENTER, EXPAND))
"""The opening kinds whose events show no value (a selection shows the node's mean so far)."""

SHOWS_RUNNING_VALUE = bytes(code for code in range(len(KINDS)) if code not in LOGS_VALUE + SHOWS_NO_VALUE)
"""The kinds whose events show the node's value so far (updates, cut-offs, re-searches, selections)."""


def file_log(log: SearchLog, game: Game, *, revisits: bool) -> FiledLog:
    """The columns of the pass `log` recorded (`revisits`: a node is its path from the root)."""
    filer = _Filer(log, game, revisits)
    kinds = bytes(log.event_kind)
    for start in range(0, len(kinds), CHUNK):
        filer.file(np.frombuffer(kinds, dtype=np.uint8, count=min(CHUNK, len(kinds) - start), offset=start), start)
    return filer.finished()


class _Filer:
    """Files a log a chunk at a time, keeping the nodes left open between chunks: the visit of each,
    and where its value and its window so far are logged (an index, -1 for None)."""

    def __init__(self, log: SearchLog, game: Game, revisits: bool):
        self.log, self.game, self.revisits = log, game, revisits
        self.of_visit = np.zeros(sum(map(log.event_kind.count, OPENING_CODES)), dtype=np.int64)  # each visit's node
        self.open_visits = self.open_values = self.open_windows = np.zeros(0, dtype=np.int64)
        self.shows_running = any(map(log.event_kind.count, SHOWS_RUNNING_VALUE))
        self.opened = self.valued = self.updated = self.skipped = 0  # before the chunk being filed
        self.cut_index = 0  # the next cut-off to file
        self.last_closed = NO_CHILD
        self.values = _pool(log.logged_values)
        if log.windowed:  # the entries' windows, then the updates'
            self.alphas = _pool(log.entered_alphas + log.logged_alphas)
            self.betas = _pool(log.entered_betas + log.logged_betas)
        self.event_node, self.event_child = array("i"), array("i")
        self.event_value: list[Value | None] = []
        self.event_alpha: list[Value | None] = []
        self.event_beta: list[Value | None] = []
        self.skipped_ids: list[tuple[int, ...]] = []  # each cut-off's
        self.closings: list[np.ndarray] = []  # per chunk: the closings' (node, value, window)
        self.evaluations: list[np.ndarray] = []  # per chunk: the evaluations' (node, value)
        self.hits: list[np.ndarray] = []  # per chunk: the table hits' (step, visits opened by then)
        self.new_states: list[Any] = []  # revisits: the states of the nodes named by path, and their moves
        self.new_moves: list[Any] = []
        self.closed_with: dict[int, int] = {}  # revisits: where each node's value was when it last closed
        self.paths: dict[tuple[int | None, Any], int] = {}  # revisits: the node of each (parent, move)
        self.parents: Any  # an array when the entries are the nodes, else a list
        self.depths: Any
        self.states: Sequence[Any]
        self.moves: Sequence[Any]
        tree = explicit_tree(game)
        if log.entries_are_nodes:  # a game's pass that enters no node twice: the entries are its nodes
            entries = len(log.entered_states)
            self.parents, self.depths = np.full(entries, -1), np.zeros(entries, dtype=np.int64)
            self.states, self.moves = log.entered_states, log.entered_moves
        elif tree is not None:
            self.parents = [tree.parent(node) for node in range(len(tree))]
            self.states, self.moves, self.depths = range(len(tree)), [None, *range(1, len(tree))], list(tree.depths)
        else:
            self.parents, self.states, self.moves, self.depths = [], self.new_states, self.new_moves, []

    def file(self, kinds: np.ndarray, start: int) -> None:
        """Files the events of one chunk, the `start`-th event on."""
        log, chunk, count = self.log, LevelChunk(kinds, len(self.open_visits)), len(kinds)
        opened_at = np.flatnonzero(chunk.opens)
        visits = self.opened + np.arange(len(opened_at))
        opening_visits = np.full(count, -1)
        opening_visits[opened_at] = visits
        visit_of = chunk.carried(chunk.opens, self.open_visits, opening_visits)  # extended: the stand-ins first
        self._name(chunk, start, opened_at, visits, chunk.parents(visit_of), visit_of)
        event_node = self.of_visit[visit_of[chunk.open :]]
        closed_at = np.maximum.accumulate(np.where(chunk.closes, np.arange(count), -1))
        child_at = np.where(closed_at >= 0, event_node[closed_at], self.last_closed)  # the node closed last
        carries = is_kind(kinds, CARRIES_CHILD)
        self.event_node.extend(int_array(event_node))
        self.event_child.extend(int_array(np.where(carries, child_at, NO_CHILD)))

        valued = is_kind(kinds, LOGS_VALUE)
        own = np.where(valued, self.valued + np.cumsum(valued) - 1, -1)  # each value's index in the log
        if self.revisits:  # a visit starts with the value its node had when it last closed
            self._start_values(chunk, event_node, own)
        shown = np.where(is_kind(kinds, SHOWS_NO_VALUE), -1, own)
        if self.shows_running:  # (a log without the kinds that show it need not follow the running value)
            running = chunk.carried(valued | chunk.opens, self.open_values, own)  # the node's value after each event
            shown = np.where(is_kind(kinds, SHOWS_RUNNING_VALUE), running[chunk.open :], shown)
            self.open_values = chunk.left(running)
        self.event_value += self.values[shown].tolist()
        window = np.full(chunk.open + count, -1)
        if log.windowed:
            updates = kinds == UPDATE
            sources = np.full(count, -1)  # where an opening's or an update's window is logged
            sources[opened_at] = self.of_visit[visits] if log.entries_are_nodes else visits
            sources[updates] = len(log.entered_alphas) + self.updated + np.arange(np.count_nonzero(updates))
            window = chunk.carried(chunk.opens | updates, self.open_windows, sources)
            self.event_alpha += self.alphas[window[chunk.open :]].tolist()
            self.event_beta += self.betas[window[chunk.open :]].tolist()
            self.updated += int(np.count_nonzero(updates))
            self.open_windows = chunk.left(window)
        closes = np.flatnonzero(chunk.closes)
        self.closings.append(np.stack((event_node[closes], own[closes], window[chunk.open + closes])))
        evaluated = np.flatnonzero(kinds == EVALUATE)
        self.evaluations.append(np.stack((event_node[evaluated], own[evaluated])))
        hits = np.flatnonzero(kinds == TRANSPOSITION)
        self.hits.append(np.stack((start + hits + 1, self.opened + np.cumsum(chunk.opens)[hits])))

        self.open_visits = chunk.left(visit_of)
        if closed_at[-1] >= 0:
            self.last_closed = int(event_node[closed_at[-1]])
        self.opened += len(opened_at)
        self.valued += int(np.count_nonzero(valued))

    def _name(
        self,
        chunk: LevelChunk,
        start: int,
        opened_at: np.ndarray,
        visits: np.ndarray,
        parent_visits: np.ndarray,
        visit_of: np.ndarray,
    ) -> None:
        """Gives each visit opened in the chunk its node, each new node its parent and depth, and each
        cut-off its skipped nodes (`skipped_ids`)."""
        log, cuts, first = self.log, self.log.logged_cuts, self.cut_index
        while self.cut_index < len(cuts) and cuts[self.cut_index][0] <= start + len(chunk.level):
            self.cut_index += 1
        cuts = cuts[first : self.cut_index]  # the chunk's cut-offs: (step, skipped)
        if log.entries_are_nodes:  # each cut-off has logged its skipped children as nodes, after those before
            skipped = np.zeros(len(chunk.level), dtype=np.int64)
            for step, count in cuts:
                skipped[step - 1 - start] = count
            skipped_so_far = self.skipped + np.cumsum(skipped)
            opened_so_far = self.opened + np.cumsum(chunk.opens)
            for step, count in cuts:  # their ids follow the nodes opened and skipped before them
                ids = opened_so_far[step - 1 - start] + skipped_so_far[step - 1 - start] - count
                self.skipped_ids.append(tuple(range(ids, ids + count)))
            self.skipped = int(skipped_so_far[-1])
            nodes = visits + skipped_so_far[opened_at]
            self.of_visit[visits] = nodes
            self.parents[nodes] = np.where(parent_visits >= 0, self.of_visit[parent_visits], -1)
            self.depths[nodes] = chunk.level[opened_at] - 1
        elif self.game.is_explicit:
            self.of_visit[visits] = log.entered_states[self.opened : self.opened + len(visits)]
            self.skipped_ids += [tuple(child for _move, child in skipped) for _step, skipped in cuts]
        else:  # named by path, in step order, the cut-offs' skipped children among the nodes opened
            steps = [(position, visit) for position, visit in zip(opened_at.tolist(), visits.tolist())]
            steps += [(step - 1 - start, -1 - index) for index, (step, _skipped) in enumerate(cuts)]
            parents = dict(zip(visits.tolist(), parent_visits.tolist()))
            for position, visit in sorted(steps):
                if visit >= 0:
                    parent = int(self.of_visit[parents[visit]]) if parents[visit] >= 0 else None
                    entry = (log.entered_states[visit], log.entered_moves[visit], int(chunk.level[position]) - 1)
                    self.of_visit[visit] = self._node(parent, *entry)
                else:
                    at = int(self.of_visit[visit_of[chunk.open + position]])
                    depth = self.depths[at] + 1
                    pairs = cuts[-1 - visit][1]
                    self.skipped_ids.append(tuple(self._node(at, state, move, depth) for move, state in pairs))

    def _node(self, parent: int | None, state: Any, move: Any, depth: int) -> int:
        """The node reached from `parent` by `move`, a new one the first time (its path is the node)."""
        known = self.paths.get((parent, move))
        if known is None:
            known = self.paths[parent, move] = len(self.parents)
            self.parents.append(parent)
            self.new_states.append(state)
            self.new_moves.append(move)
            self.depths.append(depth)
        return known

    def _start_values(self, chunk: LevelChunk, event_node: np.ndarray, own: np.ndarray) -> None:
        """Gives each opening, in `own`, where its node's value was when it last closed (-1 for none)."""
        closed_with = self.closed_with
        for position in np.flatnonzero(chunk.opens | chunk.closes).tolist():
            node = int(event_node[position])
            if chunk.opens[position]:
                own[position] = closed_with.get(node, -1)
            else:
                closed_with[node] = int(own[position])

    def finished(self) -> FiledLog:
        """The columns, once every chunk is filed."""
        log, count = self.log, len(self.parents)
        cutoffs = []
        for (step, _skipped), ids in zip(log.logged_cuts, self.skipped_ids):
            node = self.event_node[step - 1]
            if log.entries_are_nodes:  # the skipped nodes were logged without a parent or a depth
                self.parents[ids[0] : ids[-1] + 1] = node
                self.depths[ids[0] : ids[-1] + 1] = self.depths[node] + 1
            cutoffs.append((node, step, self.event_child[step - 1], ids))
        parents, depths = self.parents, self.depths
        if log.entries_are_nodes:
            parents, depths = parents.tolist(), depths.tolist()
            if parents:
                parents[0] = None  # the root
        nodes, value_at, window_at = _last_of_each(count, self.closings, 3)
        node_value = np.full(count, -1)
        node_value[nodes] = value_at
        alphas = betas = Nones(count)
        if log.windowed:
            node_window = np.arange(count) if log.entries_are_nodes else np.full(count, -1)  # skipped: the entry's
            node_window[nodes] = window_at
            alphas, betas = self.alphas[node_window].tolist(), self.betas[node_window].tolist()
        visit_numbers = np.zeros(count, dtype=np.intc)
        np.maximum.at(visit_numbers, self.of_visit, np.arange(1, len(self.of_visit) + 1, dtype=np.intc))
        evaluated, static_at = _last_of_each(count, self.evaluations, 2)
        refs = _transposition_refs(self, parents, np.concatenate(self.hits, axis=1) if self.hits else None)
        extra = {name: refs if name == "ref" else log.event_extra[name] for name in SPARSE_FIELDS}
        return FiledLog(
            parent=parents,
            states=self.states,
            moves=self.moves,
            depth=depths,
            alpha=alphas,
            beta=betas,
            values=self.values[node_value].tolist(),
            visit_order=self.of_visit,
            visit_numbers=int_array(visit_numbers),
            visit_counts={self.event_node[step - 1]: visits for step, visits in log.event_extra["visits"].items()},
            cutoffs=cutoffs,
            evaluated=(evaluated, self.values[static_at]),
            event_node=self.event_node,
            event_value=self.event_value,
            event_alpha=self.event_alpha if log.windowed else Nones(len(self.event_node)),
            event_beta=self.event_beta if log.windowed else Nones(len(self.event_node)),
            event_child=self.event_child,
            event_skipped={step: skipped for _node, step, _child, skipped in cutoffs},
            event_extra={name: fields for name, fields in extra.items() if fields},
        )


def _transposition_refs(filer: _Filer, parents: list[int | None], hits: np.ndarray | None) -> dict[int, int]:
    """{step: the earlier node} of each table hit (`hits`: steps, and the visits opened by each) whose position
    a node visited before had: the last such node, unless it is still open (the node or an ancestor)."""
    if filer.game.is_explicit or hits is None or not hits.shape[1]:  # an explicit tree's nodes are all positions
        return {}
    states, event_node, visit_order = filer.states, filer.event_node, filer.of_visit.tolist()
    latest: dict[Any, int] = {}  # the last node visited of each position so far
    indexed, refs = 0, {}
    for step, opened in hits.T.tolist():
        node = event_node[step - 1]
        for earlier in visit_order[indexed : opened - 1]:  # the nodes visited before this one
            latest[states[earlier]] = earlier
        indexed = opened - 1
        found = latest.get(states[node])
        ancestor: int | None = node
        while ancestor is not None and ancestor != found:
            ancestor = parents[ancestor]
        if found is not None and ancestor is None:
            refs[step] = found
    return refs


def _last_of_each(count: int, parts: list[np.ndarray], rows: int) -> np.ndarray:
    """The columns of `parts` (rows (node, ...), in step order), each node's last column only, by node."""
    table = np.concatenate(parts, axis=1) if parts else np.zeros((rows, 0), dtype=np.int64)
    last = np.full(count, -1)
    np.maximum.at(last, table[0], np.arange(table.shape[1]))
    return table[:, last[last >= 0]]


def _pool(values: list[Any]) -> np.ndarray:
    """`values` as an object array with a None after them: index -1 reads None."""
    return np.fromiter(chain(values, (None,)), dtype=object, count=len(values) + 1)
