"""Provides `LevelChunk`: a chunk of a search's events sorted by level, and the running maxima over that order.

An opening kind puts a node on the stack of open nodes and a closing kind takes it off, so the number
of nodes open at each event, its *level*, is a running count, and an event happens at the node opened
last at its level. Sorted by level (stably), each stay of a node on the stack, a *visit*, is a run of
events that starts with its opening; so "the node's last opening (or value, or window) at this event"
is a running maximum over the sorted events. A chunk starts with stand-ins for the nodes left open
before it, one per level from the root down.
"""

from __future__ import annotations

import numpy as np

from visualizer.tracing.search_log import CLOSING_CODES, OPENING_CODES


def is_kind(kinds: np.ndarray, codes: bytes) -> np.ndarray:
    """True for the events whose kind is one of `codes` (a comparison per code: faster than a table lookup)."""
    found: np.ndarray = kinds == codes[0]
    for code in codes[1:]:
        found |= kinds == code
    return found


class LevelChunk:
    """The events of one chunk behind stand-ins for the nodes open before it, and their order by level.

    Extended index i is stand-in i for i below `open` (the number of stand-ins), else event i - `open`;
    `extended` holds the stand-ins' levels (1, 2, ...), then the events', and `order` sorts them stably.
    """

    def __init__(self, kinds: np.ndarray, open_before: int):
        self.open = open_before
        self.opens, self.closes = is_kind(kinds, OPENING_CODES), is_kind(kinds, CLOSING_CODES)
        rise = self.opens.astype(np.int64)
        rise[1:] -= self.closes[:-1]
        self.level = open_before + np.cumsum(rise)
        self.extended = np.concatenate((np.arange(1, open_before + 1), self.level))
        small = self.extended.max() < 1 << 16
        self.order = np.argsort(self.extended.astype(np.uint16) if small else self.extended, kind="stable")
        self.sorted_levels = self.extended[self.order]
        self.left_open = int(self.level[-1] - self.closes[-1])

    def carried(self, marked: np.ndarray, stand_ins: np.ndarray, column: np.ndarray) -> np.ndarray:
        """For each extended index, `column` (after `stand_ins`, the stand-ins' entries) at the last index at its
        level, at or before it, that `marked` marks (every stand-in counts as marked, and must every opening)."""
        marks = np.concatenate((np.ones(self.open, dtype=bool), marked))[self.order]
        carried = np.maximum.accumulate(np.where(marks, np.arange(len(self.order)), 0))
        result = np.empty(len(self.order), dtype=np.int64)
        result[self.order] = np.concatenate((stand_ins, column))[self.order[carried]]
        return result

    def parents(self, visit_of: np.ndarray) -> np.ndarray:
        """The visit (of `visit_of`, extended) of each opening's parent, in step order (-1 at the root): the
        last event or stand-in one level up before it."""
        size = len(self.order)
        keys = self.sorted_levels * size + self.order
        openings = self.order[np.concatenate((np.zeros(self.open, dtype=bool), self.opens))[self.order]]
        above = np.searchsorted(keys, (self.extended[openings] - 1) * size + openings) - 1
        parents = np.empty(len(openings), dtype=np.int64)
        parents[np.cumsum(self.opens)[openings - self.open] - 1] = np.where(
            self.extended[openings] > 1, visit_of[self.order[above]], -1
        )  # (the openings back in step order)
        return parents

    def left(self, column: np.ndarray) -> np.ndarray:
        """`column` (extended) at the last index of each level that is still open after the chunk."""
        ends = np.searchsorted(self.sorted_levels, np.arange(1, self.left_open + 1), "right") - 1
        return column[self.order[ends]]
