"""Provides the event kinds a search reports, what each one carries (`EVENT_KINDS`), and the `Event` record.

A new kind is an `EventKind` member and its `KindSpec` here, and a sentence in `describe.py`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from visualizer.games.base import Value


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
    TRANSPOSITION = "transposition"
    """The node's position is in the transposition table: it takes the stored value (or bound)."""
    RESEARCH = "research"
    """The child just searched with a null window failed high: it is entered again, with a wider window (PVS)."""
    CHANCE_CUTOFF = "chance_cutoff"
    """At a chance node, the leaf bounds prove the expectation is outside the window whatever the
    remaining children score: they are skipped (Star1)."""
    SELECT = "select"
    """Monte Carlo tree search descends into a node already in its tree (the child with the best UCT score)."""
    EXPAND = "expand"
    """Monte Carlo tree search adds a new node to its tree and opens it."""
    SIMULATE = "simulate"
    """Monte Carlo tree search plays random moves from the node to the end of the game (its result: the value)."""
    BACKPROPAGATE = "backpropagate"
    """The playout's result is added to the node, which leaves the path (Monte Carlo tree search)."""


class Effect(enum.Enum):
    """What an event does to the node it happens at, as `Replay` and the trace checker read it."""

    OPEN = "open"
    """The node is entered: it goes on the stack of open nodes."""
    EVALUATE = "evaluate"
    CHANGE = "change"
    """The open node's value or window changes."""
    PRUNE = "prune"
    """The open node's remaining children are skipped: they and their subtrees are pruned."""
    CLOSE = "close"
    """The open node is finished with its final value and leaves the stack."""


class Bound(enum.Enum):
    """What a stored value says about a position (transposition tables)."""

    EXACT = "exact"
    """The position's value."""
    LOWER = "lower"
    """The value is at least this (the search of the position failed high)."""
    UPPER = "upper"
    """The value is at most this (the search of the position failed low)."""


@dataclass(frozen=True)
class EventField:
    """A field some event kinds carry beyond step, kind, node, depth, alpha, beta and value: what it
    `holds` is "node" (written as the node's name), "nodes", "bound", "value", "count" or "moves"."""

    name: str
    holds: str
    doc: str


EVENT_FIELDS: dict[str, EventField] = {
    field.name: field
    for field in (
        EventField("child", "node", "the child whose value was taken (back-ups and cut-offs)"),
        EventField("skipped", "nodes", "the children a cut-off skipped, in order"),
        EventField("ref", "node", "the earlier node with the same position (transpositions)"),
        EventField(
            "bound",
            "bound",
            "whether the stored value is exact, a lower or an upper bound (transpositions); "
            "which limit made a chance node's cut-off safe (chance cut-offs)",
        ),
        EventField("limit", "value", "the most (upper) or least (lower) a chance node can be worth (chance cut-offs)"),
        EventField("score", "value", "the UCT score that chose the node (selections; none at the root)"),
        EventField("playout", "moves", "the moves of the random playout, as move labels (simulations)"),
        EventField("visits", "count", "the node's visits after the result is added (backpropagations)"),
    )
}
"""Every field an event kind may carry, by name."""

SPARSE_FIELDS = ("ref", "bound", "limit", "score", "playout", "visits")
"""Fields held as {step: value} and written to files only when some event has them; `child` and
`skipped` are written for every event."""


@dataclass(frozen=True)
class KindSpec:
    """What one kind of event is: its effect, the fields of `EVENT_FIELDS` it `carries`, and whether only
    some searches make it (`optional`: window updates, cut-offs, table hits)."""

    kind: EventKind
    effect: Effect
    carries: tuple[str, ...] = ()
    optional: bool = False


EVENT_KINDS: dict[EventKind, KindSpec] = {
    spec.kind: spec
    for spec in (
        KindSpec(EventKind.ENTER, Effect.OPEN),
        KindSpec(EventKind.EVALUATE, Effect.EVALUATE),
        KindSpec(EventKind.BACK_UP, Effect.CHANGE, carries=("child",)),
        KindSpec(EventKind.UPDATE, Effect.CHANGE, optional=True),
        KindSpec(EventKind.CUTOFF, Effect.PRUNE, carries=("child", "skipped"), optional=True),
        KindSpec(EventKind.EXIT, Effect.CLOSE),
        KindSpec(EventKind.TRANSPOSITION, Effect.CHANGE, carries=("ref", "bound"), optional=True),
        KindSpec(EventKind.RESEARCH, Effect.CHANGE, carries=("child",), optional=True),
        KindSpec(EventKind.CHANCE_CUTOFF, Effect.PRUNE, carries=("child", "skipped", "bound", "limit"), optional=True),
        KindSpec(EventKind.SELECT, Effect.OPEN, carries=("score",)),
        KindSpec(EventKind.EXPAND, Effect.OPEN),
        KindSpec(EventKind.SIMULATE, Effect.EVALUATE, carries=("playout",)),
        KindSpec(EventKind.BACKPROPAGATE, Effect.CLOSE, carries=("visits",)),
    )
}
"""Every event kind and what it carries, in `EventKind` order."""


@dataclass(frozen=True, slots=True)
class Event:
    """One step of a trace; one event is one animation step.

    `step` counts from 1. Alpha, beta and value are the node's after the step (None without a window,
    value None on enter); negamax's are from the view of the player to move, all others from MAX's.
    The fields after `value` are those of `EVENT_FIELDS`.
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
    ref: int | None = None
    bound: Bound | None = None
    limit: Value | None = None
    score: Value | None = None
    playout: tuple[str, ...] | None = None
    visits: int | None = None
