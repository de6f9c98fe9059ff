"""Provides `logged_line`: a search's principal variation read straight from the light hooks' log.

A recording made only of enters, evaluations, back-ups and exits (minimax, expectimax, negamax on
a game) is summed up without replaying it: node ids are the order the nodes were entered in, so a
node's subtree is the run of ids after it that lie deeper, and the few events the line needs (the
back-ups at its nodes) are found with byte searches in the kind column. Reading the whole
recording is left for when the trace is first read.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from typing import Callable, Sequence

from visualizer.games.base import Value
from visualizer.tracing.recording_hooks import BACK_UP, ENTER, EVALUATE, EXIT

__all__ = ["logged_line"]

_CHUNK = 1024
"""Events per chunk of the kind column whose enters are counted ahead (to find the k-th enter)."""


def logged_line(
    kinds: bytearray, values: Sequence[Value], depths: Sequence[int], *, stops: Callable[[int], bool]
) -> tuple[int, ...] | None:
    """The principal variation of a recording of enters, evaluations, back-ups and exits only.

    A node's best child is the one whose back-up last changed its value (as `sync` reads the log),
    and the line follows best children from the root until a node without one or one that `stops`.

    Args:
        kinds: the kind of each event; no kind but ENTER, EVALUATE, BACK_UP and EXIT.
        values: the value of each event but the enters, in step order.
        depths: the depth of each node, in the order the nodes were entered (their ids).
        stops: True for a node the line ends at, whatever its children (chance nodes).

    Returns:
        The node ids along the line, or None when a node backs up a value before any child of its
        own has exited (the caller then replays the log instead).
    """
    openings = _Openings(kinds)
    try:
        levels: Sequence[int] = bytes(depths)  # searched in C; depths past 255 are searched as a list
    except ValueError:
        levels = depths
    line, node, end = [0], 0, len(depths)
    while not stops(node):
        children = _children(levels, node, end)
        best = _best_child(kinds, values, depths, openings, node, end, children)
        if best is _UNSURE:
            return None
        if best is None:
            break
        following = children.index(best) + 1
        node, end = best, children[following] if following < len(children) else end
        line.append(node)
    return tuple(line)


_UNSURE = -2


def _children(levels: Sequence[int], node: int, end: int) -> list[int]:
    """The children of `node`, whose subtree is the ids up to `end`: the ids one level deeper.

    `levels` are the depths by id, as bytes or as a list.
    """
    children, level, start = [], levels[node] + 1, node + 1
    if isinstance(levels, bytes):
        while (child := levels.find(level, start, end)) >= 0:
            children.append(child)
            start = child + 1
        return children
    while start < end:
        try:
            child = levels.index(level, start, end)
        except ValueError:
            break
        children.append(child)
        start = child + 1
    return children


def _best_child(kinds: bytearray, values: Sequence[Value], depths: Sequence[int], openings: _Openings,
                node: int, end: int, children: list[int]) -> int | None:
    """The child of `node` whose back-up last changed its value, None if none did, or `_UNSURE`."""
    if not children:
        return None
    # The node's own events: before its first child, between its children, and after its last one.
    first = openings.position(children[0])
    runs = [(openings.position(node) + 1, first, None, node + 1)]
    for child, following in zip(children, children[1:]):
        at = openings.position(following)
        runs.append((kinds.rfind(EXIT, 0, at) + 1, at, child, following))
    closing = openings.position(end) if end < len(depths) else len(kinds)
    for _ in range(depths[node] + 1 - (depths[end] if end < len(depths) else 0)):  # the exits down to this node's
        closing = kinds.rfind(EXIT, 0, closing)
    runs.append((kinds.rfind(EXIT, 0, closing) + 1, closing, children[-1], end))
    value: Value | None = None
    best = None
    for start, stop, child, entered in runs:
        for step in range(start, stop):
            kind = kinds[step]
            if kind == BACK_UP:
                if child is None:
                    return _UNSURE
                backed_up = values[step - entered]  # the enters before this step are the ids below `entered`
                if value != backed_up:
                    best = child
                value = backed_up
            elif kind == EVALUATE:
                value = values[step - entered]
    return best


class _Openings:
    """Finds the step of the k-th enter: enters are counted per chunk of steps once, then searched."""

    def __init__(self, kinds: bytearray):
        self.kinds = kinds
        self.before = list(accumulate((kinds.count(ENTER, start, start + _CHUNK)
                                       for start in range(0, len(kinds), _CHUNK)), initial=0))

    def position(self, number: int) -> int:
        """The index in `kinds` of enter number `number` (0-based)."""
        chunk = bisect_right(self.before, number) - 1
        at, find = chunk * _CHUNK - 1, self.kinds.find
        for _ in range(number - self.before[chunk] + 1):
            at = find(ENTER, at + 1)
        return at
