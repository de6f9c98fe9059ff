"""Provides `RecordedColumns`: the columns a `Recorder` filled, with the rest made on first use.

The recorder's hooks only log the search's calls; the log is filed into per-node and per-event
lists (parents, values, windows, the events' nodes and children) by the recorder's `sync`, which
these columns call before the first read of any of them when the trace was made without it. The
names, moves as users see them, players, static values, probabilities, boards, statuses and
children are worked out here when the finished trace is first read.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from functools import cached_property
from itertools import compress
from typing import TYPE_CHECKING, Any

from visualizer.games.base import ChanceMoves, Game, Player, Value, offers
from visualizer.memo import Memo
from visualizer.tracing.events import EventKind
from visualizer.tracing.trace_columns import (
    HAS_CHILD,
    KIND_CODES,
    NO_CHILD,
    ChildIndex,
    Nones,
    TraceColumns,
    players_by_depth,
    statuses,
)
from visualizer.tracing.trace_records import NodeStatus

if TYPE_CHECKING:
    from visualizer.tracing.search_log import SearchLog

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
        "event_skipped",
        "event_extra",
    )
)
"""The columns a recording holds as they are once its log is filed (set on the first read of any)."""


_IS_EVALUATE = bytes(code == KIND_CODES[EventKind.EVALUATE] for code in range(256))
"""A `bytes.translate` table: 1 for the code of EVALUATE, 0 for the others."""


class RecordedColumns(TraceColumns):
    """The columns of a recording; names, moves, players, boards and statuses are made on first use.

    Args:
        game: the searched game.
        rec: the recording's log.
        negamax: values are from the view of the player to move.
        sync: files the rest of the log into `rec`'s columns; called before the first read of
            any of them (None: they are filed already).
        node_count: the number of nodes (by default, that of `rec`'s node columns).
    """

    def __init__(
        self,
        game: Game,
        rec: SearchLog,
        *,
        negamax: bool,
        sync: Callable[[], None] | None = None,
        node_count: int | None = None,
    ):
        self.game, self._log, self._negamax, self._sync = game, rec, negamax, sync
        self._node_count = len(rec.depths) if node_count is None else node_count
        self.event_kind = rec.event_kind

    @cached_property
    def _rec(self) -> SearchLog:
        """The log, its calls filed into columns."""
        if self._sync is not None:
            self._sync()
        return self._log

    def __getattr__(self, name: str) -> Any:
        """Sets the filed columns (`_FILED`) on the first read of any of them."""
        if name not in _FILED:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        rec, count, steps = self._rec, self._node_count, len(self.event_kind)
        self.parent, self.depth = rec.parents, rec.depths
        self.alpha, self.beta = (rec.alphas, rec.betas) if rec.windowed else (Nones(count), Nones(count))
        self.event_node, self.event_value = rec.event_node, rec.event_value
        self.event_alpha, self.event_beta = (
            (rec.event_alpha, rec.event_beta) if rec.windowed else (Nones(steps), Nones(steps))
        )
        self.event_skipped = rec.event_skipped
        self.event_extra = {field: extra for field, extra in rec.event_extra.items() if extra}
        return getattr(self, name)

    @property
    def node_count(self) -> int:
        return self._node_count

    @cached_property
    def event_child(self) -> array:
        """The child of each event that carries one (`EVENT_KINDS`), `NO_CHILD` for the others.

        The recorder keeps only the children, in step order, of the events that have one; here they
        are spread out over all the events, once, on first use (reading one event builds the column).
        """
        column = array("i", [NO_CHILD]) * self.event_count
        steps = compress(range(self.event_count), self.event_kind.translate(HAS_CHILD))
        for index, child in zip(steps, self._rec.children_taken):
            column[index] = child
        return column

    def carried_children(self) -> list[int]:
        """The child of each event whose kind carries one, in step order: as the recorder keeps them."""
        return self._rec.children_taken

    @cached_property
    def visit(self) -> _ZeroIsNone:
        rec = self._rec
        if rec.shares_entered and len(rec.visit_order) == self.node_count:
            # Ids are the order of entry and no node was skipped: node k was the (k+1)-th visited
            return _ZeroIsNone(array("i", range(1, self.node_count + 1)))
        visits = array("i", bytes(4 * self.node_count))  # 0: not visited
        for number, node in enumerate(rec.visit_order, start=1):
            visits[node] = number
        return _ZeroIsNone(visits)

    @cached_property
    def static_value(self) -> list[Value | None]:
        """The evaluator's value of each node it was asked about (MAX's view), from the evaluations' events."""
        statics: list[Value | None] = list(self.game.values) if self.game.is_explicit else [None] * self.node_count
        evaluations = self.event_kind.translate(_IS_EVALUATE)
        evaluated = zip(compress(self.event_node, evaluations), compress(self.event_value, evaluations))
        if self._negamax:  # the mover's view: turned to MAX's
            players = self.player
            evaluated = ((node, value * players[node].sign) for node, value in evaluated)
        for node, value in evaluated:
            statics[node] = value
        return statics

    @cached_property
    def player(self) -> list[Player]:
        game = self.game
        if game.is_explicit:
            return [game.player(node) for node in range(len(game))]
        if offers(game, ChanceMoves):  # chance nodes break the alternation: ask at every node
            return list(map(Memo(game.player).__getitem__, self._rec.states))
        return players_by_depth(game.player(self._rec.states[0]), self.depth)

    @cached_property
    def probability(self) -> Sequence[float | None]:
        """The probability of each node's edge from a CHANCE parent (None elsewhere)."""
        game = self.game
        if not offers(game, ChanceMoves):
            return Nones(self.node_count)
        chance, players, parents = Player.CHANCE, self.player, self.parent
        states = range(self.node_count) if game.is_explicit else self._rec.states
        moves = self._rec.moves
        return [
            None if parent is None or players[parent] is not chance else game.probability(states[parent], moves[node])
            for node, parent in enumerate(parents)
        ]

    @cached_property
    def value(self) -> list[Value | None]:
        """Final values from MAX's view (None for nodes not visited)."""
        values = self._rec.values
        if not self._negamax:
            return values
        signs = [player.sign for player in self.player]
        return [None if value is None else value * sign for value, sign in zip(values, signs)]

    @cached_property
    def name(self) -> list[str]:
        game, rec = self.game, self._rec
        if game.is_explicit:
            return list(game.names)
        names: list[str] = [game.root_name()]
        child_name, states, moves = game.child_name, rec.states, rec.moves
        for node in range(1, len(rec.depths)):
            parent = rec.parents[node]
            names.append(child_name(names[parent], states[parent], moves[node]))
        return names

    @cached_property
    def move(self) -> list[Any]:
        moves = self._rec.moves[1:]  # the root (node 0) is reached by no move
        try:
            return [None, *map(Memo(self.game.move_value).__getitem__, moves)]  # each distinct move once
        except TypeError:  # unhashable moves
            return [None, *map(self.game.move_value, moves)]

    @cached_property
    def board(self) -> list[str | None] | _Boards:
        if self.game.is_explicit:
            return Nones(self.node_count)
        return _Boards(self.game, self._rec.states)

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
        rec = self._rec
        if rec.shares_entered:  # a game's pass that enters no node twice: a skipped node has no children
            return [tuple(sorted(skipped)) for _node, _step, _child, skipped in rec.cutoffs]
        result = []
        for _node, _step, _child, skipped in rec.cutoffs:
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


class _ZeroIsNone(Sequence):
    """A column of positive ints held as an array, where 0 stands for None."""

    def __init__(self, numbers: array):
        self.numbers = numbers

    def __len__(self) -> int:
        return len(self.numbers)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [number or None for number in self.numbers[index]]
        return self.numbers[index] or None


class _Boards(Sequence):
    """The board column of a game trace: each node's position drawn as text when asked for.

    Positions repeat (tic-tac-toe has 5,478 but its full tree 549,946 nodes), so each is drawn once.
    """

    def __init__(self, game: Game, states: list[Any]):
        self.states = states
        self.texts = Memo(game.board_text)

    def __len__(self) -> int:
        return len(self.states)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return list(map(self.texts.__getitem__, self.states[index]))
        return self.texts[self.states[index]]
