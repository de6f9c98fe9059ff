"""Provides `RecordedColumns`: the columns of a recorded pass, filed from its log and worked out on first use.

The recorder's hooks only log the search's calls (`SearchLog`); the first read of any column files
the whole log at once (`filing.file_log`). The names, moves as users see them, players, static values,
probabilities, boards, statuses and children are worked out here when first read.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cached_property
from itertools import islice
from typing import Any

import numpy as np

from visualizer.games.base import ChanceMoves, Game, Player, Value, offers
from visualizer.gc_policy import paused_gc
from visualizer.memo import Memo
from visualizer.tracing.filing import file_log
from visualizer.tracing.search_log import FiledLog, SearchLog
from visualizer.tracing.trace_columns import ChildIndex, Nones, TraceColumns, players_by_depth, statuses
from visualizer.tracing.trace_records import NodeStatus

__all__ = ["RecordedColumns"]

_FILED = frozenset(
    (
        "parent",
        "depth",
        "alpha",
        "beta",
        "event_node",
        "event_value",
        "event_alpha",
        "event_beta",
        "event_child",
        "event_skipped",
        "event_extra",
    )
)
"""The columns that are the filed log's own (set on the first read of any)."""


class RecordedColumns(TraceColumns):
    """The columns of a recorded pass; the log is filed, and names, moves, players, boards and statuses
    made, on first use.

    Args:
        game: the searched game.
        log: the pass's log.
        negamax: values are from the view of the player to move.
        revisits: the algorithm may enter a node again.
    """

    def __init__(self, game: Game, log: SearchLog, *, negamax: bool, revisits: bool):
        self.game, self._log, self._negamax, self._revisits = game, log, negamax, revisits
        self.event_kind = log.event_kind

    @cached_property
    def _filed(self) -> FiledLog:
        """The log, filed into columns."""
        with paused_gc():
            return file_log(self._log, self.game, revisits=self._revisits)

    def __getattr__(self, name: str) -> Any:
        """Sets the filed columns (`_FILED`) on the first read of any of them."""
        if name not in _FILED:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        filed, count, steps = self._filed, self.node_count, len(self.event_kind)
        self.parent, self.depth = filed.parents, filed.depths
        self.event_node, self.event_value, self.event_child = filed.event_node, filed.event_value, filed.event_child
        self.event_skipped, self.event_extra = filed.event_skipped, filed.event_extra
        windows = (filed.alphas, filed.betas, filed.event_alpha, filed.event_beta)
        if filed.alphas is None:  # a search without a window: every alpha and beta is None
            windows = (Nones(count), Nones(count), Nones(steps), Nones(steps))
        self.alpha, self.beta, self.event_alpha, self.event_beta = windows
        return getattr(self, name)

    @property
    def node_count(self) -> int:
        return len(self._filed.parents)

    def carried_children(self) -> Sequence[int]:
        """The child of each event whose kind carries one, in step order."""
        return self._filed.children_taken

    @cached_property
    def visit(self) -> _ZeroIsNone:
        return _ZeroIsNone(self._filed.visit_numbers)

    @cached_property
    def static_value(self) -> list[Value | None]:
        """The evaluator's value of each node it was asked about (MAX's view), from the evaluations' events."""
        statics = np.empty(self.node_count, dtype=object)
        statics[:] = self.game.values if self.game.is_explicit else None
        nodes, values = self._filed.evaluated
        if self._negamax and len(nodes):  # the mover's view: turned to MAX's
            values = values * np.array([player.sign for player in self.player], dtype=object)[nodes]
        statics[nodes] = values
        return statics.tolist()

    @cached_property
    def player(self) -> list[Player]:
        game = self.game
        if game.is_explicit:
            return [game.player(node) for node in range(len(game))]
        if offers(game, ChanceMoves):  # chance nodes break the alternation: ask at every node
            return list(map(Memo(game.player).__getitem__, self._filed.states))
        return players_by_depth(game.player(self._filed.states[0]), self.depth)

    @cached_property
    def probability(self) -> Sequence[float | None]:
        """The probability of each node's edge from a CHANCE parent (None elsewhere)."""
        game = self.game
        if not offers(game, ChanceMoves):
            return Nones(self.node_count)
        chance, players, parents = Player.CHANCE, self.player, self.parent
        states, moves = self._filed.states, self._filed.moves
        return [
            None if parent is None or players[parent] is not chance else game.probability(states[parent], moves[node])
            for node, parent in enumerate(parents)
        ]

    @cached_property
    def value(self) -> list[Value | None]:
        """Final values from MAX's view (None for nodes not visited)."""
        values = self._filed.values
        if not self._negamax:
            return values
        signs = [player.sign for player in self.player]
        return [None if value is None else value * sign for value, sign in zip(values, signs)]

    @cached_property
    def name(self) -> list[str]:
        """Each node's name: an explicit tree's own; a game's the path of move labels from the root
        (`PathNamedGame`), made a level at a time."""
        game, filed = self.game, self._filed
        if game.is_explicit:
            return list(game.names)
        count = self.node_count - 1
        parent = np.fromiter(islice(filed.parents, 1, None), dtype=np.intp, count=count)
        depth = np.fromiter(islice(filed.depths, 1, None), dtype=np.intp, count=count)
        labels = game.move_labels(map(filed.states.__getitem__, parent), filed.moves[1:], depth)
        dotted = Memo(".".__add__)  # each distinct label's ".label" made once
        suffixes = np.fromiter(map(dotted.__getitem__, labels), dtype=object, count=len(parent))
        return path_names(game.root_name(), parent, depth, suffixes)

    @cached_property
    def move(self) -> list[Any]:
        moves = self._filed.moves[1:]  # the root (node 0) is reached by no move
        try:
            return [None, *map(Memo(self.game.move_value).__getitem__, moves)]  # each distinct move once
        except TypeError:  # unhashable moves
            return [None, *map(self.game.move_value, moves)]

    @cached_property
    def board(self) -> list[str | None] | _Boards:
        if self.game.is_explicit:
            return Nones(self.node_count)
        return _Boards(self.game, self._filed.states)

    @cached_property
    def children(self) -> list[tuple[int, ...]] | ChildIndex:
        if self.game.is_explicit:
            return [tuple(kids) for kids in self.game.children]
        return ChildIndex(self.parent)

    @cached_property
    def pruned_by_cutoff(self) -> list[tuple[int, ...]]:
        """For each cut-off, its skipped children and all their known descendants, in id order.

        Explicit trees know every descendant, those below the depth limit too: all of them are pruned.
        A game knows only the nodes its search entered or skipped.
        """
        filed = self._filed
        if filed.one_visit_each:  # a game's pass that enters no node twice: a skipped node has no children
            return [tuple(sorted(skipped)) for _node, _step, _child, skipped in filed.cutoffs]
        result = []
        for _node, _step, _child, skipped in filed.cutoffs:
            pruned, frontier = [], list(skipped)
            while frontier:
                pruned.extend(frontier)
                frontier = [kid for node in frontier for kid in self.children[node]]
            result.append(tuple(sorted(pruned)))
        return result

    @cached_property
    def pruned_nodes(self) -> set[int]:
        return set().union(*self.pruned_by_cutoff)

    def unreached(self) -> tuple[int, ...]:
        """The nodes neither visited nor pruned, in id order (games register no others).

        They lie below the depth limit; a node below it inside a skipped subtree is pruned instead.
        """
        if not self.game.is_explicit:
            return ()
        return tuple(node for node, visit in enumerate(self.visit) if visit is None and node not in self.pruned_nodes)

    @cached_property
    def status(self) -> list[NodeStatus]:
        if self.game.is_explicit:
            return statuses(self.visit, self.pruned_nodes)
        status = [NodeStatus.VISITED] * self.node_count  # games know only the nodes entered or skipped
        visit = self.visit
        for node in self.pruned_nodes:
            if visit[node] is None:  # a search that revisits may search a child it skipped before
                status[node] = NodeStatus.PRUNED
        return status


def path_names(root: str, parent: np.ndarray, depth: np.ndarray, suffixes: np.ndarray) -> list[str]:
    """The names of nodes 0, 1, ...: `root`, then each node's parent's name and its suffix (".label").
    The root's children are named by their labels alone (`PathNamedGame.child_name`).

    Args:
        root: the root's name.
        parent, depth, suffixes: of nodes 1, 2, ... (arrays: the suffixes an object array).

    The nodes of each depth are named together, in C.
    """
    names = np.empty(len(parent) + 1, dtype=object)
    names[0] = root
    by_depth = np.argsort(depth, kind="stable")
    start = 0
    for level, end in enumerate(np.searchsorted(depth[by_depth], np.arange(1, depth.max(initial=0) + 1), "right"), 1):
        nodes, start = by_depth[start:end], end
        if level == 1:
            names[nodes + 1] = [suffix[1:] for suffix in suffixes[nodes]]
        else:
            names[nodes + 1] = names[parent[nodes]] + suffixes[nodes]
    return names.tolist()


class _ZeroIsNone(Sequence):
    """A column of positive ints held as an array, where 0 stands for None."""

    def __init__(self, numbers: array):
        self.numbers = numbers

    def __len__(self) -> int:
        return len(self.numbers)

    def __getitem__(self, index):
        if isinstance(index, slice):
            part = self.numbers[index]
            return [number or None for number in part] if 0 in part else part.tolist()
        return self.numbers[index] or None


class _Boards(Sequence):
    """The board column of a game trace: each node's position drawn as text when asked for.

    Positions repeat (tic-tac-toe has 5,478 but its full tree 549,946 nodes), so each is drawn once;
    a slice is cut from the whole column, made on the first slice (the exports read it all, twice).
    """

    def __init__(self, game: Game, states: Sequence[Any]):
        self.states = states
        self.texts = Memo(game.board_text)

    def __len__(self) -> int:
        return len(self.states)

    @cached_property
    def _column(self) -> list[str | None]:
        return list(map(self.texts.__getitem__, self.states))

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self._column[index]
        return self.texts[self.states[index]]
