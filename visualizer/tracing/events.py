"""Provides the event kinds a search reports and the immutable `Event` record of one step."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from visualizer.games.base import Value

__all__ = ["EventKind", "Event"]


class EventKind(enum.Enum):
    """What happened at one step of a search."""

    ENTER = "enter"
    """The search opens a node (with its alpha/beta window for pruning searches)."""
    EVALUATE = "evaluate"
    """A leaf, a finished game or the depth limit: the node gets its static value."""
    BACK_UP = "back_up"
    """A child's value has been taken into the node's value."""
    UPDATE = "update"
    """The node's alpha or beta has changed."""
    CUTOFF = "cutoff"
    """The window has closed: the remaining children are skipped (pruned)."""
    EXIT = "exit"
    """The node is finished with its final value."""


@dataclass(frozen=True, slots=True)
class Event:
    """One step of a trace; one event is one animation step.

    Attributes:
        step: 1-based position in the trace.
        kind: what happened.
        node: id of the node it happened at.
        depth: the node's depth (the root is 0).
        alpha: the node's alpha after the step (None for searches without a window).
        beta: the node's beta after the step (None for searches without a window).
        value: the node's value after the step (None on enter). Negamax values are from the view
            of the player to move at the node; all others from MAX's view.
        child: for BACK_UP and CUTOFF, the child whose value was taken.
        skipped: for CUTOFF, the children skipped, in order.
    """

    step: int
    kind: EventKind
    node: int
    depth: int
    alpha: Value | None = None
    beta: Value | None = None
    value: Value | None = None
    child: int | None = None
    skipped: tuple[int, ...] = ()
