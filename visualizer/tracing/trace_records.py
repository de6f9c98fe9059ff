"""Provides the records a trace is read as: `TraceNode`, `NodeStatus`, `Cutoff` and `Summary`."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from visualizer.games.base import Player, Value

__all__ = ["TraceNode", "NodeStatus", "Cutoff", "Summary"]


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

    Attributes:
        id: the node's id (level order for explicit trees, discovery order for games).
        name: unique display name.
        parent: the parent's id, None at the root.
        children: ids of the children the trace knows, in search order.
        move: the move that leads here from the parent, as users see it (None at the root).
        depth: the root is 0.
        player: who moves at this node.
        static_value: the evaluator's value (MAX's view); for games only where it was evaluated.
        value: the backed-up value (MAX's view), None if the node was not visited.
        alpha: the node's final alpha (None without a window; negamax: mover's view).
        beta: the node's final beta (likewise).
        visit: 1-based position in the visit order, None if not visited.
        status: visited, pruned or unreached.
        board: the position as text for game nodes, None for explicit trees.
        probability: the probability of the edge from a CHANCE parent to this node (None under
            MAX and MIN nodes, and at the root).
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
    """A cut-off: at `node` (step `step`), `child`'s value closed the window.

    Attributes:
        skipped: the children not searched.
        pruned: the skipped children and, for explicit trees, all their descendants.
    """

    node: int
    step: int
    child: int
    skipped: tuple[int, ...]
    pruned: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Summary:
    """The outcome of a search.

    Attributes:
        value: the root's value from MAX's view.
        best_child: the root's child the search chose (None at a leaf root).
        best_move: that child's move as users see it (a name, a square, a count).
        principal_variation: node ids from the root along the chosen line.
        visit_order: node ids in the order they were entered.
        leaves_evaluated: number of static evaluations (leaves, game ends and depth-limit nodes).
        cutoffs: the cut-offs in the order they happened.
        pruned: every node left out by cut-offs (explicit trees: whole subtrees), in id order.
        unreached: explicit-tree nodes below the depth limit and in no pruned subtree, in id order.
    """

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
        """A summary of the fields in `known`, whose other fields are those of `later()`, called on the
        first read of any of them (a trace whose summary nobody reads never pays for it)."""
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
            try:
                object.__getattribute__(self, one)
            except AttributeError:
                object.__setattr__(self, one, object.__getattribute__(full, one))
        object.__setattr__(self, "_later", None)
        return object.__getattribute__(self, name)

    @property
    def nodes_visited(self) -> int:
        """Nodes entered, root and leaves included."""
        return len(self.visit_order)


_DEFERRABLE = tuple(one.name for one in fields(Summary) if one.init)
"""The fields a deferred summary may leave to its `later`."""
