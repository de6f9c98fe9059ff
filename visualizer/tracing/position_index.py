"""Provides `PositionIndex`: the latest earlier node of a pass with the same position, for transposition events."""

from __future__ import annotations

from typing import Any

from visualizer.tracing.search_log import SearchLog

__all__ = ["PositionIndex"]


class PositionIndex:
    """Finds the latest earlier node of a game pass with the same position, for transposition events.

    Built only when a search reports a transposition, and brought up to date at each one, so a
    search without a table pays nothing for it.
    """

    def __init__(self, rec: SearchLog):
        self.rec = rec
        self.latest: dict[Any, int] = {}
        self.indexed = 0

    def reset(self) -> None:
        """Forgets the positions of the pass before (a new pass has begun)."""
        self.latest.clear()
        self.indexed = 0

    def earlier(self, node: int) -> int | None:
        """The last node before `node` whose position equals `node`'s and that has exited, or None."""
        rec = self.rec
        if not rec.states:  # explicit trees: every node is its own position
            return None
        states, latest, entered = rec.states, self.latest, rec.visit_order
        for earlier in entered[self.indexed : -1]:  # the nodes entered before this one (not those skipped)
            latest[states[earlier]] = earlier
        self.indexed = len(entered) - 1
        found = latest.get(states[node])
        return None if found is None or found in rec.stack else found
