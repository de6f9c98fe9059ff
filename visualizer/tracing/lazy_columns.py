"""Provides `RecordedColumns`: the columns of a recorded pass, filed from its log and worked out on first use."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from functools import cached_property
from itertools import islice
from typing import Any, cast, overload

import numpy as np

from visualizer.games.base import ChanceMoves, ExplicitNodes, Game, PathNamedGame, Player, Value, explicit_tree, offers
from visualizer.gc_policy import paused_gc
from visualizer.memo import Memo
from visualizer.tracing.filing import file_log
from visualizer.tracing.search_log import FiledLog, SearchLog
from visualizer.tracing.trace_columns import ChildIndex, Nones, TraceColumns, is_plain
from visualizer.tracing.trace_records import NodeStatus

_FILED = frozenset(
    ("parent", "depth", "alpha", "beta", "event_node", "event_value", "event_alpha", "event_beta", "event_child")
    + ("event_skipped", "event_extra")
)
"""The columns that are the filed log's own, named alike (set on the first read of any)."""


class RecordedColumns(TraceColumns):
    """The columns of a recorded pass, each made on its first read (`negamax`: values from the mover's view)."""

    def __init__(self, game: Game, log: SearchLog, *, negamax: bool, revisits: bool):
        self.game, self.log, self.negamax, self.revisits = game, log, negamax, revisits
        self.event_kind = log.event_kind

    @cached_property
    def filed(self) -> FiledLog:
        """The log, filed into columns."""
        with paused_gc():
            return file_log(self.log, self.game, revisits=self.revisits)

    def __getattr__(self, name: str) -> Any:
        """Makes a column on its first read (the filed log's own all at once)."""
        if name in _FILED:
            filed = self.filed
            vars(self).update((column, getattr(filed, column)) for column in _FILED)
        elif name in _MADE:
            setattr(self, name, _MADE[name](self))
        else:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return vars(self)[name]

    @cached_property
    def tree(self) -> ExplicitNodes | None:
        """The searched game when it holds all its nodes (an explicit tree), else None."""
        return explicit_tree(self.game)

    def _visit(self) -> Sequence[int | None]:
        return _ZeroIsNone(self.filed.visit_numbers)

    def _static_value(self) -> list[Value | None]:
        """The evaluator's value of each node it was asked about (MAX's view), from the evaluations' events."""
        statics = np.empty(self.node_count, dtype=object)
        statics[:] = None if self.tree is None else self.tree.values
        nodes, values = self.filed.evaluated
        if self.negamax and len(nodes):  # the mover's view: turned to MAX's
            values = values * np.array([player.sign for player in self.player], dtype=object)[nodes]
        statics[nodes] = values
        column: list[Value | None] = statics.tolist()
        return column

    def _player(self) -> list[Player]:
        game, states = self.game, self.filed.states
        if self.tree is not None:
            return list(map(game.player, states))
        if offers(game, ChanceMoves):  # chance nodes break the alternation: asked at every node
            return list(map(Memo(game.player).__getitem__, states))
        by_parity = (game.player(states[0]), game.player(states[0]).other)
        return [by_parity[depth & 1] for depth in self.depth]

    def _probability(self) -> Sequence[float | None]:
        """The probability of each node's edge from a CHANCE parent (None elsewhere)."""
        if not offers(self.game, ChanceMoves):
            return Nones(self.node_count)
        chance, players, probability = Player.CHANCE, self.player, self.game.probability
        states, moves = self.filed.states, self.filed.moves
        return [
            None if parent is None or players[parent] is not chance else probability(states[parent], moves[node])
            for node, parent in enumerate(self.parent)
        ]

    def _value(self) -> list[Value | None]:
        """Final values from MAX's view (None for nodes not visited)."""
        values = self.filed.values
        if not self.negamax:
            return values
        signs = [player.sign for player in self.player]
        return [None if value is None else value * sign for value, sign in zip(values, signs)]

    def _name(self) -> list[str]:
        """An explicit tree's own names; a game's the paths of move labels from the root (`PathNamedGame`)."""
        if self.tree is not None:
            return list(self.tree.names)
        filed, count = self.filed, self.node_count - 1
        parent = np.fromiter(islice(filed.parent, 1, None), dtype=np.intp, count=count)
        depth = np.fromiter(islice(filed.depth, 1, None), dtype=np.intp, count=count)
        game = cast(PathNamedGame, self.game)  # (a game that does not hold its nodes names them by path)
        labels = game.move_labels(map(filed.states.__getitem__, parent), filed.moves[1:], depth)
        dotted = Memo(".".__add__)  # each distinct label's ".label" made once
        suffixes = np.fromiter(map(dotted.__getitem__, labels), dtype=object, count=count)
        root = game.root_name()
        names = path_names(root, parent, depth, suffixes)
        if _unique_paths(root, parent, suffixes, dotted):  # then `check_names` need not hash them
            self.checked_names = list(names)
        self.plain_names = is_plain(root) and all(map(is_plain, dotted))  # each name is the root or labels and dots
        return names

    def _move(self) -> list[Any]:
        moves = self.filed.moves[1:]  # the root (node 0) is reached by no move
        try:
            return [None, *map(Memo(self.game.move_value).__getitem__, moves)]  # each distinct move once
        except TypeError:  # unhashable moves
            return [None, *map(self.game.move_value, moves)]

    def _board(self) -> Sequence[str | None]:
        return Nones(self.node_count) if self.tree is not None else _Boards(self.game, self.filed.states)

    def _children(self) -> Sequence[tuple[int, ...]]:
        if self.tree is not None:
            return [tuple(kids) for kids in self.tree.children]
        return ChildIndex(self.parent)

    def _status(self) -> list[NodeStatus]:
        """Visited, else pruned or, for an explicit tree's nodes below the look-ahead, unreached."""
        unvisited = NodeStatus.VISITED if self.tree is None else NodeStatus.UNREACHED  # games know only nodes met
        codes = np.full(self.node_count, 2)
        codes[list(self.pruned_nodes)] = 1
        codes[np.frombuffer(self.filed.visit_numbers, dtype=np.intc) > 0] = 0
        statuses = np.array([NodeStatus.VISITED, NodeStatus.PRUNED, unvisited], dtype=object)
        column: list[NodeStatus] = statuses[codes].tolist()
        return column

    @cached_property
    def pruned_by_cutoff(self) -> list[tuple[int, ...]]:
        """For each cut-off, its skipped children and all their known descendants, in id order (a game
        knows only the nodes its search entered or skipped)."""
        filed, result = self.filed, []
        for _node, _step, _child, skipped in filed.cutoffs:
            pruned, frontier = [], list(skipped)
            while frontier and not self.log.entries_are_nodes:  # (a node skipped in such a pass has no children)
                pruned.extend(frontier)
                frontier = [kid for node in frontier for kid in self.children[node]]
            result.append(tuple(sorted(pruned + frontier)))
        return result

    @cached_property
    def pruned_nodes(self) -> set[int]:
        return set().union(*self.pruned_by_cutoff)

    def unreached(self) -> tuple[int, ...]:
        """The explicit tree's nodes neither visited nor pruned, in id order (below the look-ahead)."""
        if self.tree is None:
            return ()
        return tuple(node for node, status in enumerate(self.status) if status is NodeStatus.UNREACHED)


_MADE: dict[str, Callable[[RecordedColumns], Any]] = {
    name: getattr(RecordedColumns, f"_{name}")
    for name in ("visit", "static_value", "player", "probability", "value", "name", "move", "board", "children")
    + ("status",)
}
"""How each column that is not the filed log's own is made."""


def path_names(root: str, parent: np.ndarray, depth: np.ndarray, suffixes: np.ndarray) -> list[str]:
    """The names of nodes 0, 1, ...: `root`, then each node's parent's name and its suffix (".label"), a depth
    at a time; the root's children by their labels alone. `parent`, `depth` and `suffixes` are of nodes 1, 2, ..."""
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
    column: list[str] = names.tolist()
    return column


def _unique_paths(root: str, parent: np.ndarray, suffixes: np.ndarray, dotted: dict[str, str]) -> bool:
    """True when `path_names` are sure to be unique and non-empty: `root` and the labels (`dotted`'s keys) dotless
    and non-empty, `root` no label, and no two siblings with the same suffix (`dotted` makes one per label)."""
    if not root or "." in root or root in dotted or not all(label and "." not in label for label in dotted):
        return False
    distinct = np.sort(np.fromiter(map(id, dotted.values()), dtype=np.intp, count=len(dotted)))
    labels = np.searchsorted(distinct, np.fromiter(map(id, suffixes), dtype=np.intp, count=len(suffixes)))
    pairs = np.sort(parent * len(distinct) + labels)  # (parent, label) as one number
    return not np.any(pairs[1:] == pairs[:-1])


class _ZeroIsNone(Sequence[int | None]):
    """A column of positive ints held as an array, where 0 stands for None."""

    def __init__(self, numbers: array[int]):
        self.numbers = numbers

    def __len__(self) -> int:
        return len(self.numbers)

    @overload
    def __getitem__(self, index: int) -> int | None: ...
    @overload
    def __getitem__(self, index: slice) -> list[int | None]: ...
    def __getitem__(self, index: int | slice) -> int | None | list[int | None]:
        if isinstance(index, slice):
            part = self.numbers[index]
            return [number or None for number in part] if 0 in part else list(part)
        return self.numbers[index] or None


class _Boards(Sequence[str | None]):
    """The board column of a game trace: each position drawn once, when asked for."""

    def __init__(self, game: Game, states: Sequence[Any]):
        self.states = states
        self.texts = Memo(game.board_text)

    def __len__(self) -> int:
        return len(self.states)

    @cached_property
    def _column(self) -> list[str | None]:
        return list(map(self.texts.__getitem__, self.states))

    @overload
    def __getitem__(self, index: int) -> str | None: ...
    @overload
    def __getitem__(self, index: slice) -> list[str | None]: ...
    def __getitem__(self, index: int | slice) -> str | None | list[str | None]:
        if isinstance(index, slice):
            return self._column[index]
        text: str | None = self.texts[self.states[index]]
        return text
