"""Provides `TraceColumns`, a trace held as one list per field (a full tic-tac-toe trace as objects would take
gigabytes), and the lazy sequence views over it that build a `TraceNode` or an `Event` on access."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from functools import cached_property
from itertools import islice, repeat
from typing import Any, Generic, TypeVar, overload

import numpy as np

from visualizer.games.base import Player, Value
from visualizer.tracing.events import EVENT_KINDS, Event, EventKind
from visualizer.tracing.trace_records import NodeStatus, TraceNode

KINDS: tuple[EventKind, ...] = tuple(EventKind)
"""Event kinds by code: the `event_kind` column holds indices into this tuple."""

KIND_CODES = {kind: code for code, kind in enumerate(KINDS)}
"""The code of each event kind."""

NO_CHILD = -1
"""The `event_child` entry of events without a child."""

HAS_CHILD = bytes(code < len(KINDS) and "child" in EVENT_KINDS[KINDS[code]].carries for code in range(256))
"""A `bytes.translate` table: 1 for the codes of kinds that carry a child, 0 for the others."""

NODE_FIELDS = tuple(name for name in TraceNode.__slots__ if name != "id")
"""The node columns, in `TraceNode` field order (`id` is the index)."""

T = TypeVar("T")

_ESCAPED = ('"', "\\", "&")
"""Printable characters that a JSON string or a DOT label writes escaped."""


def is_plain(text: str) -> bool:
    """True when JSON and DOT write `text` as it is: printable (no control character, no line break), with no
    quote, backslash or ampersand."""
    return text.isprintable() and not any(character in text for character in _ESCAPED)


class TraceColumns:
    """A trace's nodes and events as parallel columns, indexed by node id and by step - 1, named as the
    `TraceNode` and `Event` fields. `event_kind` holds `KINDS` codes, `event_skipped` is {step: skipped
    ids} and `event_extra` {field: {step: value}}; `probability` and `event_extra` may be left out."""

    name: Sequence[str]
    parent: Sequence[int | None]
    children: Sequence[tuple[int, ...]]
    move: Sequence[Any]
    depth: Sequence[int]
    player: Sequence[Player]
    static_value: Sequence[Value | None]
    value: Sequence[Value | None]
    alpha: Sequence[Value | None]
    beta: Sequence[Value | None]
    visit: Sequence[int | None]
    status: Sequence[NodeStatus]
    board: Sequence[str | None]
    probability: Sequence[float | None]
    event_kind: bytearray
    event_node: Sequence[int]
    event_value: Sequence[Value | None]
    event_alpha: Sequence[Value | None]
    event_beta: Sequence[Value | None]
    event_child: Sequence[int]
    event_skipped: dict[int, tuple[int, ...]]
    event_extra: dict[str, dict[int, Any]]
    checked_names: list[str] | None = None
    """The names that last passed `check_names` (a copy), to compare with instead of checking them again."""
    plain_names = False
    """True when no name holds a character that JSON or DOT writes escaped (`is_plain`): known when the names
    were made from plain parts, so that the writers need not look at each one."""

    def __init__(self, **columns: Any):
        self.probability = Nones(len(columns["depth"]))
        self.event_extra = {}
        vars(self).update(columns)

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
            return children.edges
        parents = [parent for parent, kids in enumerate(children) for _ in kids]
        orders = [order for kids in children for order in range(len(kids))]
        return parents, orders, [child for kids in children for child in kids]

    def node(self, node: int) -> TraceNode:
        """Node `node` as a `TraceNode`."""
        return TraceNode(node, *(getattr(self, field)[node] for field in NODE_FIELDS))

    def event(self, index: int) -> Event:
        """Event `index` (0-based; its step is index + 1) as an `Event`."""
        node, child = self.event_node[index], self.event_child[index]
        return Event(
            index + 1,
            KINDS[self.event_kind[index]],
            node,
            self.depth[node],
            self.event_alpha[index],
            self.event_beta[index],
            self.event_value[index],
            None if child == NO_CHILD else child,
            self.event_skipped.get(index + 1, ()),
            **{name: extra.get(index + 1) for name, extra in self.event_extra.items()},
        )


class ChildIndex(Sequence[tuple[int, ...]]):
    """The children column of a game trace, from the parent column, built on first use."""

    def __init__(self, parents: Sequence[int | None]):
        self.parents = parents

    @cached_property
    def _index(self) -> tuple[array[int], array[int], np.ndarray]:
        """(ids, starts, the parent of each of `ids`)."""
        parents = self.parents
        above = np.fromiter(islice(parents, 1, None), dtype=np.intp, count=max(len(parents) - 1, 0))
        order = np.argsort(above, kind="stable")  # each parent's children together, in id order
        starts = np.zeros(len(parents) + 1, dtype=np.intc)
        np.cumsum(np.bincount(above, minlength=len(parents)), out=starts[1:])
        return int_array(order + 1), int_array(starts), above[order]

    def __len__(self) -> int:
        return len(self.parents)

    @overload
    def __getitem__(self, index: int) -> tuple[int, ...]: ...
    @overload
    def __getitem__(self, index: slice) -> list[tuple[int, ...]]: ...
    def __getitem__(self, index: int | slice) -> tuple[int, ...] | list[tuple[int, ...]]:
        if isinstance(index, slice):
            return [self[node] for node in range(*index.indices(len(self)))]
        ids, starts, _parents = self._index
        if index < 0:
            index += len(self)
        return tuple(ids[starts[index] : starts[index + 1]])

    @cached_property
    def edges(self) -> tuple[array[int], array[int], array[int]]:
        """(parent, order among its siblings, child) of every edge: by parent, children in order."""
        ids, starts, parents = self._index
        orders = np.arange(len(parents)) - np.frombuffer(starts, dtype=np.intc)[parents]
        return int_array(parents), int_array(orders), ids


def int_array(numbers: np.ndarray) -> array[int]:
    """Whole numbers as an `array` of C ints (no Python int per number)."""
    result = array("i")
    result.frombytes(np.ascontiguousarray(numbers, dtype=np.intc).tobytes())
    return result


class RecordSequence(Sequence[T], Generic[T]):
    """A read-only sequence that builds its items from columns on demand: `trace.nodes` (a `TraceNode` by id)
    and `trace.events` (an `Event` by step - 1)."""

    def __init__(self, item: Callable[[int], T], length: Callable[[], int]):
        self._item, self._length = item, length

    def __len__(self) -> int:
        return self._length()

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        count = len(self)
        if isinstance(index, slice):
            return [self._item(position) for position in range(*index.indices(count))]
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError(f"index {index} is outside 0..{count - 1}")
        return self._item(index)

    def __iter__(self) -> Iterator[T]:
        return map(self._item, range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(mine == theirs for mine, theirs in zip(self, other))

    __hash__ = None  # type: ignore[assignment]  # (typeshed declares __hash__ a method; None makes it unhashable)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self):,}>"


class Nones(Sequence[None]):
    """A column of `length` Nones that takes no memory."""

    def __init__(self, length: int):
        self.length = length

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Iterator[None]:
        return repeat(None, self.length)  # in C: `Sequence.__iter__` calls `__getitem__` per item

    @overload
    def __getitem__(self, index: int) -> None: ...
    @overload
    def __getitem__(self, index: slice) -> list[None]: ...
    def __getitem__(self, index: int | slice) -> list[None] | None:
        if isinstance(index, slice):
            return [None] * len(range(*index.indices(self.length)))
        if not -self.length <= index < self.length:
            raise IndexError(index)
        return None
