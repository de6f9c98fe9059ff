"""Provides `lockstep`: which step of a pruning search matches each step of a full one, event by event."""

from __future__ import annotations

from visualizer.tracing.events import EVENT_KINDS, Event, EventKind
from visualizer.tracing.trace import Trace

__all__ = ["lockstep"]

_OWN = frozenset(kind for kind, spec in EVENT_KINDS.items() if spec.optional)
"""Events only some searches make (`KindSpec.optional`): taken as soon as the event before them is."""


def _key(trace: Trace, event: Event) -> tuple[EventKind, str, str | None]:
    child = None if event.child is None else trace.nodes[event.child].name
    return event.kind, trace.nodes[event.node].name, child


def lockstep(full: Trace, pruning: Trace) -> list[int]:
    """For each step s of `full` (0..N), the step of `pruning` to show beside it.

    `pruning` takes an enter, evaluation, back-up or exit once `full` has taken the same one (nodes matched by
    name), and its own optional events (window updates, cut-offs, table hits) straight after: so it waits at a
    cut-off while `full` searches the children it skipped. Only the last pass of each trace is matched.
    """
    done: set[tuple[EventKind, str, str | None]] = set()
    keys = [_key(pruning, event) for event in pruning.events]
    position = 0

    def catch_up() -> int:
        nonlocal position
        while position < len(keys) and (keys[position][0] in _OWN or keys[position] in done):
            position += 1
        return position

    steps = [catch_up()]
    for event in full.events:
        done.add(_key(full, event))
        steps.append(catch_up())
    return steps
