"""Provides `RecordedColumns`: the columns a `Recorder` filled, with the rest made on first use.

The recorder keeps only what it must while the search runs (parents, moves, states, depths,
values, windows and the events, each with its child); the names, moves as users see them, players,
probabilities, boards, statuses and children are worked out here when the finished trace is first read.
"""

from __future__ import annotations

from array import array
from functools import cached_property
from itertools import compress
from typing import TYPE_CHECKING, Any, Callable, Sequence

from visualizer.games.base import Game, Player, Value
from visualizer.games.capabilities import ChanceMoves, offers
from visualizer.tracing.events import EVENT_KINDS
from visualizer.tracing.trace_columns import KINDS, NO_CHILD, ChildIndex, Nones, TraceColumns, players_by_depth, statuses
from visualizer.tracing.trace_records import NodeStatus

if TYPE_CHECKING:
    from visualizer.tracing.search_log import SearchLog

__all__ = ["RecordedColumns"]

_HAS_CHILD = bytes(code < len(KINDS) and "child" in EVENT_KINDS[KINDS[code]].carries for code in range(256))
"""A `bytes.translate` table: 1 for the codes of kinds that carry a child, 0 for the others."""

class RecordedColumns(TraceColumns):
    """The columns of a recording; names, moves, players, boards and statuses are made on first use."""

    def __init__(self, game: Game, rec: SearchLog, *, negamax: bool):
        self.game, self._rec, self._negamax = game, rec, negamax
        count = len(rec.depths)
        super().__init__(
            parent=rec.parents, depth=rec.depths,
            alpha=rec.alphas if rec.windowed else Nones(count), beta=rec.betas if rec.windowed else Nones(count),
            event_kind=rec.event_kind, event_node=rec.event_node, event_value=rec.event_value,
            event_alpha=rec.event_alpha if rec.windowed else Nones(len(rec.event_kind)),
            event_beta=rec.event_beta if rec.windowed else Nones(len(rec.event_kind)),
            event_skipped=rec.event_skipped,
            event_extra={name: extra for name, extra in rec.event_extra.items() if extra},
        )

    @cached_property
    def event_child(self) -> array:
        """The child of each event that carries one (`EVENT_KINDS`), `NO_CHILD` for the others.

        The recorder keeps only the children, in step order, of the events that have one; here they
        are spread out over all the events, once, on first use (reading one event builds the column).
        """
        column = array("i", [NO_CHILD]) * self.event_count
        steps = compress(range(self.event_count), self.event_kind.translate(_HAS_CHILD))
        for index, child in zip(steps, self._rec.children_taken):
            column[index] = child
        return column

    @cached_property
    def visit(self) -> _ZeroIsNone:
        visits = array("i", bytes(4 * self.node_count))  # 0: not visited
        for number, node in enumerate(self._rec.visit_order, start=1):
            visits[node] = number
        return _ZeroIsNone(visits)

    @cached_property
    def static_value(self) -> list[Value | None]:
        statics: list[Value | None] = list(self.game.values) if self.game.is_explicit else [None] * self.node_count
        for node, value in self._rec.statics.items():
            statics[node] = value
        return statics

    @cached_property
    def player(self) -> list[Player]:
        game = self.game
        if game.is_explicit:
            return [game.player(node) for node in range(len(game))]
        if offers(game, ChanceMoves):  # chance nodes break the alternation: ask at every node
            return list(map(_Cache(game.player).__getitem__, self._rec.states))
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
            return [None, *map(_Cache(self.game.move_value).__getitem__, moves)]  # each distinct move once
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
        """
        result = []
        for _node, _step, _child, skipped in self._rec.cutoffs:
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


class _Cache(dict):
    """`function(key)` for each key, worked out once (a dict lookup in C afterwards)."""

    def __init__(self, function: Callable[[Any], Any]):
        super().__init__()
        self.function = function

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.function(key)
        return value


class _Boards(Sequence):
    """The board column of a game trace: each node's position drawn as text when asked for.

    Positions repeat (tic-tac-toe has 5,478 but its full tree 549,946 nodes), so each is drawn once.
    """

    def __init__(self, game: Game, states: list[Any]):
        self.states = states
        self.texts = _Cache(game.board_text)

    def __len__(self) -> int:
        return len(self.states)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return list(map(self.texts.__getitem__, self.states[index]))
        return self.texts[self.states[index]]
