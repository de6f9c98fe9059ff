"""Provides `TraceColumns`, a trace held as one list per field, and the lazy sequence views over it.

A full tic-tac-toe minimax trace has 549,946 nodes and 1,905,005 events. Held as objects they take
gigabytes and keep the garbage collector busy; held as columns (a list per field, node ids instead of
references, event kinds as one byte each) they take tens of megabytes, and exporters can stream them
without building an object per record. `NodeSequence` and `EventSequence` give the usual
`trace.nodes[i]` / `trace.events[i]` access by building the `TraceNode` or `Event` on demand.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from functools import cached_property
from itertools import compress, islice, repeat
from typing import Any, overload

import numpy as np

from visualizer.games.base import Player
from visualizer.tracing.events import EVENT_KINDS, SPARSE_FIELDS, Event, EventKind
from visualizer.tracing.trace_records import NodeStatus, TraceNode

__all__ = [
    "TraceColumns",
    "ChildIndex",
    "NodeSequence",
    "EventSequence",
    "KINDS",
    "KIND_CODES",
    "NO_CHILD",
    "HAS_CHILD",
    "Nones",
    "int_array",
]

KINDS: tuple[EventKind, ...] = tuple(EventKind)
"""Event kinds by code: the `event_kind` column holds indices into this tuple."""

KIND_CODES = {kind: code for code, kind in enumerate(KINDS)}
"""The code of each event kind."""

NO_CHILD = -1
"""The `event_child` entry of events without a child."""

HAS_CHILD = bytes(code < len(KINDS) and "child" in EVENT_KINDS[KINDS[code]].carries for code in range(256))
"""A `bytes.translate` table: 1 for the codes of kinds that carry a child, 0 for the others."""

NODE_FIELDS = (
    "name",
    "parent",
    "children",
    "move",
    "depth",
    "player",
    "static_value",
    "value",
    "alpha",
    "beta",
    "visit",
    "status",
    "board",
    "probability",
)
"""The node columns, in `TraceNode` field order (`id` is the index)."""


class TraceColumns:
    """A trace's nodes and events as parallel lists, indexed by node id and by step - 1.

    Node columns (one entry per node, see `TraceNode` for their meaning): name, parent, children,
    move, depth, player, static_value, value, alpha, beta, visit, status, board, probability.
    Event columns (one entry per event, see `Event`): event_kind (a bytearray of `KINDS` codes),
    event_node, event_value, event_alpha, event_beta, event_child (`NO_CHILD` for none) and
    event_skipped ({step: skipped ids}, only for events that skipped children). The fields of
    `SPARSE_FIELDS` are in `event_extra`, {field: {step: value}}, only for the events that have them.
    An event's depth is its node's depth.

    `probability` (all None without chance nodes) and `event_extra` (empty) may be left out.
    Subclasses may compute some columns on first use (the recorder's names and boards, for one).
    """

    def __init__(self, **columns: Any):
        for key, column in columns.items():
            setattr(self, key, column)
        if "probability" not in columns and not hasattr(type(self), "probability"):  # a subclass may work it out
            self.probability = Nones(len(self.depth))
        if "event_extra" not in columns:
            self.event_extra = {}

    @classmethod
    def from_records(cls, nodes: Sequence[TraceNode], events: Sequence[Event]) -> TraceColumns:
        """The columns of nodes and events held as objects (node i must have id i)."""
        columns: dict[str, Any] = {field: [getattr(node, field) for node in nodes] for field in NODE_FIELDS}
        columns["event_kind"] = bytearray(KIND_CODES[event.kind] for event in events)
        columns["event_node"] = [event.node for event in events]
        columns["event_value"] = [event.value for event in events]
        columns["event_alpha"] = [event.alpha for event in events]
        columns["event_beta"] = [event.beta for event in events]
        columns["event_child"] = [NO_CHILD if event.child is None else event.child for event in events]
        columns["event_skipped"] = {event.step: event.skipped for event in events if event.skipped}
        columns["event_extra"] = {
            name: extra
            for name in SPARSE_FIELDS
            if (extra := {event.step: getattr(event, name) for event in events if getattr(event, name) is not None})
        }
        return cls(**columns)

    @property
    def has_chance(self) -> bool:
        """True when some edge has a probability (the trace has chance nodes)."""
        probability = self.probability
        return not isinstance(probability, Nones) and any(value is not None for value in probability)

    @property
    def node_count(self) -> int:
        return len(self.depth)

    @property
    def event_count(self) -> int:
        return len(self.event_kind)

    def edges(self) -> tuple[Sequence[int], Sequence[int], Sequence[int]]:
        """(parent, order among its siblings, child) of every edge: by parent id, children in order."""
        children = self.children
        if isinstance(children, ChildIndex):
            return children.edges()
        parents = [parent for parent, kids in enumerate(children) for _ in kids]
        orders = [order for kids in children for order in range(len(kids))]
        return parents, orders, [child for kids in children for child in kids]

    def node(self, node: int) -> TraceNode:
        """Node `node` as a `TraceNode`."""
        return TraceNode(
            node,
            self.name[node],
            self.parent[node],
            self.children[node],
            self.move[node],
            self.depth[node],
            self.player[node],
            self.static_value[node],
            self.value[node],
            self.alpha[node],
            self.beta[node],
            self.visit[node],
            self.status[node],
            self.board[node],
            self.probability[node],
        )

    def event(self, index: int) -> Event:
        """Event `index` (0-based; its step is index + 1) as an `Event`."""
        node = self.event_node[index]
        return Event(
            index + 1,
            KINDS[self.event_kind[index]],
            node,
            self.depth[node],
            self.event_alpha[index],
            self.event_beta[index],
            self.event_value[index],
            self.event_child_at(index),
            self.event_skipped.get(index + 1, ()),
            **{name: extra.get(index + 1) for name, extra in self.event_extra.items()},
        )

    def carried_children(self) -> Sequence[int]:
        """The child of each event whose kind carries one (`EVENT_KINDS`), in step order."""
        return list(compress(self.event_child, self.event_kind.translate(HAS_CHILD)))

    def event_child_at(self, index: int) -> int | None:
        """The child of event `index` (back-ups and cut-offs), None for other events."""
        child = self.event_child[index]
        return None if child == NO_CHILD else child


class ChildIndex(Sequence):
    """The children column of a game trace, from the parent column: one array of child ids
    grouped by parent (in id order, which is search order) and each parent's first index into it."""

    def __init__(self, parents: Sequence[int | None]):
        self.parents = parents
        above = np.fromiter(islice(parents, 1, None), dtype=np.intp, count=max(len(parents) - 1, 0))
        order = np.argsort(above, kind="stable")  # each parent's children together, in id order
        starts = np.zeros(len(parents) + 1, dtype=np.intc)
        np.cumsum(np.bincount(above, minlength=len(parents)), out=starts[1:])
        self.ids, self.starts = int_array(order + 1), int_array(starts)
        self._sorted_parents = above[order]

    def __len__(self) -> int:
        return len(self.starts) - 1

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[node] for node in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        return tuple(self.ids[self.starts[index] : self.starts[index + 1]])

    def edges(self) -> tuple[Sequence[int], Sequence[int], Sequence[int]]:
        """(parent, order among its siblings, child) of every edge: by parent, children in order.

        Listed once and kept: the JSON and DOT writers both read them, and the index does not change.
        """
        return self._edges

    @cached_property
    def _edges(self) -> tuple[array, array, array]:
        ids, parents = self.ids, self._sorted_parents  # (the ids first: a subclass may build the index then)
        orders = np.arange(len(parents)) - np.frombuffer(self.starts, dtype=np.intc)[parents]
        return int_array(parents), int_array(orders), ids


def int_array(numbers: np.ndarray) -> array:
    """Whole numbers as an `array` of C ints (no Python int per number)."""
    result = array("i")
    result.frombytes(memoryview(np.ascontiguousarray(numbers, dtype=np.intc)).cast("B"))
    return result


class _View(Sequence):
    """A read-only sequence that builds its items from columns on demand."""

    def __init__(self, columns: TraceColumns):
        self.columns = columns

    def _item(self, index: int) -> Any:
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...
    def __getitem__(self, index: int | slice) -> Any:
        count = len(self)
        if isinstance(index, slice):
            return [self._item(position) for position in range(*index.indices(count))]
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError(f"index {index} is outside 0..{count - 1}")
        return self._item(index)

    def __iter__(self) -> Iterator[Any]:
        return map(self._item, range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(mine == theirs for mine, theirs in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self):,}>"


class NodeSequence(_View):
    """`trace.nodes`: the nodes by id, each a `TraceNode` built on access."""

    def __len__(self) -> int:
        return self.columns.node_count

    def _item(self, index: int) -> TraceNode:
        return self.columns.node(index)


class EventSequence(_View):
    """`trace.events`: the events in step order, each an `Event` built on access."""

    def __len__(self) -> int:
        return self.columns.event_count

    def _item(self, index: int) -> Event:
        return self.columns.event(index)


class Nones(Sequence):
    """A column of `length` Nones that takes no memory."""

    def __init__(self, length: int):
        self.length = length

    def __len__(self) -> int:
        return self.length

    def __iter__(self):
        return repeat(None, self.length)  # in C: `Sequence.__iter__` calls `__getitem__` per item

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [None] * len(range(*index.indices(self.length)))
        if not -self.length <= index < self.length:
            raise IndexError(index)
        return None


def players_by_depth(root: Player, depths: Sequence[int]) -> list[Player]:
    """The player at each node when players alternate from `root` (the `Game` protocol's rule)."""
    by_parity = (root, root.other)
    return [by_parity[depth & 1] for depth in depths]


def statuses(visits: Sequence[int | None], pruned: set[int]) -> list[NodeStatus]:
    """Each node's status: visited if it has a visit number, pruned if in `pruned`, else unreached.

    `pruned` holds every node of the subtrees cut-offs skipped, those below the depth limit too, so
    pruned wins over unreached (see `NodeStatus`).
    """
    return [
        NodeStatus.VISITED if visit is not None else NodeStatus.PRUNED if node in pruned else NodeStatus.UNREACHED
        for node, visit in enumerate(visits)
    ]
