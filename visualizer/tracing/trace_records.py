"""Provides the records a trace is read as: `TraceNode`, `NodeStatus`, `Cutoff` and `Summary`."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from visualizer.games.base import Player, Value


class NodeStatus(enum.Enum):
    """What the search did with a node. Pruned wins: a node inside a subtree a cut-off skipped is
    pruned, whatever its depth; unreached is only for nodes below the look-ahead that no cut-off skipped.
    """

    VISITED = "visited"
    PRUNED = "pruned"
    """Skipped by a cut-off, or below a node that was (below the depth limit too)."""
    UNREACHED = "unreached"
    """Below the depth limit and in no subtree a cut-off skipped (explicit trees only)."""


@dataclass(frozen=True, slots=True)
class TraceNode:
    """One node of the searched tree as the trace knows it.

    Ids are level order for explicit trees, discovery order for games. `static_value` and `value` are
    MAX's view (a game's static value only where it was evaluated); alpha and beta are the node's final
    window (negamax: the mover's view); `visit` counts from 1; `probability` is that of the edge from a
    CHANCE parent (None elsewhere).
    """

    id: int
    name: str
    parent: int | None
    children: tuple[int, ...]
    move: Any
    depth: int
    player: Player
    static_value: Value | None
    value: Value | None
    alpha: Value | None
    beta: Value | None
    visit: int | None
    status: NodeStatus
    board: str | None = None
    probability: float | None = None


@dataclass(frozen=True, slots=True)
class Cutoff:
    """A cut-off: at `node` (step `step`), `child`'s value closed the window; `pruned` holds the `skipped`
    children and, for explicit trees, all their descendants."""

    node: int
    step: int
    child: int
    skipped: tuple[int, ...]
    pruned: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Summary:
    """The outcome of a search: the root's value (MAX's view), the child it chose and that child's move
    (None at a leaf root), the line from the root, the visit order, and the nodes cut-offs left out
    (`pruned`) or that lay below the look-ahead in no pruned subtree (`unreached`), in id order."""

    value: Value
    best_child: int | None
    best_move: Any
    principal_variation: tuple[int, ...]
    visit_order: tuple[int, ...]
    leaves_evaluated: int
    cutoffs: tuple[Cutoff, ...]
    pruned: tuple[int, ...]
    unreached: tuple[int, ...]
    _later: Callable[[], Summary] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def deferred(cls, later: Callable[[], Summary], **known: Any) -> Summary:
        """A summary of the fields in `known`, whose other fields are those of `later()` (which agrees with
        `known`), called on the first read of any of them."""
        summary = object.__new__(cls)
        for name, value in known.items():
            object.__setattr__(summary, name, value)
        object.__setattr__(summary, "_later", later)
        return summary

    def __getattr__(self, name: str) -> Any:
        """Works a deferred summary's fields out (called only for a field not set yet)."""
        later = object.__getattribute__(self, "_later") if name in _DEFERRABLE else None
        if later is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        full = later()
        for one in _DEFERRABLE:
            object.__setattr__(self, one, getattr(full, one))
        object.__setattr__(self, "_later", None)
        return object.__getattribute__(self, name)

    @property
    def nodes_visited(self) -> int:
        """Nodes entered, root and leaves included."""
        return len(self.visit_order)


_DEFERRABLE = tuple(one.name for one in fields(Summary) if one.init)
"""The fields a deferred summary may leave to its `later`."""
