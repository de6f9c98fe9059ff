"""Provides `painting_order` and `overlay_runs`: how the items of many frames become one list of overlays.

The beamer painter writes each item once per run of frames on which it looks the same; these two
work that out for any sequences, knowing nothing of drawings.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Hashable, Sequence
from typing import TypeVar

__all__ = ["overlay_runs", "painting_order"]

Value = TypeVar("Value")


def painting_order(sequences: Sequence[Sequence[Hashable]]) -> list[Hashable]:
    """Every element of `sequences` once, in an order that keeps each sequence's own order.

    An element that first turns up in a later sequence goes where that sequence has it, not last.
    Elements free to go anywhere, and sequences that disagree (one has a before b, another b
    before a), are settled by first appearance.
    """
    first: dict[Hashable, int] = {}
    for sequence in sequences:
        for element in sequence:
            first.setdefault(element, len(first))
    later: dict[Hashable, set[Hashable]] = {element: set() for element in first}
    waiting = dict.fromkeys(first, 0)
    for sequence in sequences:
        for before, after in itertools.pairwise(sequence):
            if after not in later[before]:
                later[before].add(after)
                waiting[after] += 1
    ready = [(index, element) for element, index in first.items() if waiting[element] == 0]
    heapq.heapify(ready)
    order: list[Hashable] = []
    placed: set[Hashable] = set()
    while len(order) < len(first):
        if ready:
            element = heapq.heappop(ready)[1]
            if element in placed:
                continue
        else:  # the sequences disagree: the earliest unplaced element goes next
            element = min((element for element in first if element not in placed), key=first.__getitem__)
        placed.add(element)
        order.append(element)
        for after in later[element]:
            waiting[after] -= 1
            if waiting[after] == 0 and after not in placed:
                heapq.heappush(ready, (first[after], after))
    return order


def overlay_runs(values: Sequence[Value | None]) -> list[tuple[int, int, Value]]:
    """The runs of equal consecutive values as (first, last, value), numbered from 1 like overlays; None is absent."""
    runs: list[tuple[int, int, Value]] = []
    for overlay, value in enumerate(values, start=1):
        if value is None:
            continue
        if runs and runs[-1][1] == overlay - 1 and runs[-1][2] == value:
            runs[-1] = (runs[-1][0], overlay, value)
        else:
            runs.append((overlay, overlay, value))
    return runs
