"""Provides `logged_line` and `logged_cutoffs`: a search's line and cut-offs read straight from the light hooks' log.

A recording made only of enters, evaluations, back-ups, exits, window updates and cut-offs (minimax,
expectimax, negamax, alpha-beta on a game) is summed up without replaying it: node ids are the order
the nodes were entered (or skipped) in, so a node's subtree is the run of ids after it that lie
deeper, and the few events the summary needs (the back-ups along the line, the nodes around each
cut-off) are found with byte searches in the kind column. Reading the whole recording is left for
when the trace is first read.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate

from visualizer.games.base import Value
from visualizer.tracing.recording_hooks import BACK_UP, CUTOFF, ENTER, EVALUATE, EXIT

__all__ = ["logged_cutoffs", "logged_line"]

_CHUNK = 1024
"""Events per chunk of the kind column whose marked kinds are counted ahead (to find the k-th one)."""

_SKIPPED = 255
"""The level (depth byte) of a skipped node: it is the child of none of the levels searched."""

_OPENS = bytes(code == ENTER for code in range(256))
"""A `bytes.translate` table: 1 for ENTER, 0 for the others."""

_VALUED = bytes(code in (EVALUATE, BACK_UP, EXIT) for code in range(256))
"""A `bytes.translate` table: 1 for the kinds that log a value, 0 for the others."""

_CUT_AFTER_BACK_UP = bytes((EXIT, BACK_UP, CUTOFF))
"""A cut-off right after a child's exit and its back-up."""


def logged_line(
    kinds: bytearray,
    values: Sequence[Value],
    depths: Sequence[int | None],
    *,
    stops: Callable[[int], bool],
    skipped: Sequence[tuple[int, int]] = (),
) -> tuple[int, ...] | None:
    """The principal variation of a recording of enters, evaluations, back-ups and exits (and of
    window updates and cut-offs, which log no value).

    A node's best child is the one whose back-up last changed its value (as `sync` reads the log),
    and the line follows best children from the root until a node without one or one that `stops`.

    Args:
        kinds: the kind of each event; no kind but ENTER, EVALUATE, BACK_UP, EXIT, UPDATE and CUTOFF.
        values: the value of each evaluation, back-up and exit, in step order.
        depths: the depth of each node, in the order the nodes were entered (their ids); None for a
            skipped node.
        stops: True for a node the line ends at, whatever its children (chance nodes).
        skipped: the (first id, count) of each run of skipped nodes, in id order.

    Returns:
        The node ids along the line, or None when a node backs up a value before any child of its
        own has exited (the caller then replays the log instead).
    """
    levels = levels_of(depths, skipped)
    openings, valued = _Tally(kinds, _OPENS), _Tally(kinds, _VALUED)
    starts = [start for start, _count in skipped]
    before = list(accumulate((count for _start, count in skipped), initial=0))

    def opening(node: int) -> int:
        """The step index of `node`'s enter: the enters before it are the ids before it that are not skipped."""
        return openings.position(node - before[bisect_right(starts, node)])

    line, node, end = [0], 0, len(depths)
    while not stops(node):
        children = _children(levels, node, end)
        best = _best_child(kinds, values, depths, opening, valued, node, end, children)
        if best is _UNSURE:
            return None
        if best is None:
            break
        following = children.index(best) + 1
        node, end = best, children[following] if following < len(children) else end
        line.append(node)
    return tuple(line)


def levels_of(depths: Sequence[int | None], skipped: Sequence[tuple[int, int]] = ()) -> Sequence[int]:
    """The depths as bytes (searched in C), skipped nodes at `_SKIPPED`; as a list when one is 255 or more."""
    if skipped:
        depths = list(depths)
        for start, count in skipped:
            depths[start : start + count] = [_SKIPPED] * count
    try:
        levels = bytes(depths)
    except ValueError:
        return depths
    if levels.count(_SKIPPED) != sum(count for _start, count in skipped):  # a node 255 deep
        return depths
    return levels


def logged_cutoffs(
    kinds: bytearray, depths: Sequence[int | None], cuts: Sequence[tuple[int, int]]
) -> list[tuple[int, int, int, tuple[int, ...]]] | None:
    """Each cut-off's (node, step, child, skipped ids), read from a log without replaying it.

    A cut-off's skipped children are logged as nodes at once, after the nodes entered before it;
    the child whose value closed the window exited just before the cut-off's back-up, so it is the
    last node entered before them at the depth of the nodes open then; the cut-off's node is the
    last one entered before that child one level up.

    Args:
        kinds: the kind of each event.
        depths: the depth of each node, in id order; None for a skipped node.
        cuts: the (step, number of skipped children) of each cut-off, in step order.

    Returns:
        The cut-offs, or None when one does not follow an exit and a back-up, or when the depths
        are too deep to search as bytes (the caller then replays the log).
    """
    if kinds.count(_CUT_AFTER_BACK_UP) != len(cuts):  # each pattern holds one cut-off: all of them follow one
        return None
    runs, entered, opened, previous, skipped_before = [], 0, 0, 0, 0
    count_kind = kinds.count
    for step, count in cuts:
        enters = count_kind(ENTER, previous, step)
        opened += enters - count_kind(EXIT, previous, step)  # the nodes open at the cut-off
        entered += enters
        runs.append((entered + skipped_before, count, opened))
        skipped_before += count
        previous = step
    levels = levels_of(depths, [(start, count) for start, count, _opened in runs])
    if not isinstance(levels, bytes):
        return None
    root, find, found = levels[0], levels.rfind, []
    for (step, _count), (start, count, opened) in zip(cuts, runs):
        child = find(root + opened, 0, start)
        found.append((find(root + opened - 1, 0, child), step, child, tuple(range(start, start + count))))
    return found


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


def _best_child(
    kinds: bytearray,
    values: Sequence[Value],
    depths: Sequence[int | None],
    opening: Callable[[int], int],
    valued: _Tally,
    node: int,
    end: int,
    children: list[int],
) -> int | None:
    """The child of `node` whose back-up last changed its value, None if none did, or `_UNSURE`."""
    if not children:
        return None
    # The node's own events: before its first child, between its children, and after its last one.
    first = opening(children[0])
    runs = [(opening(node) + 1, first, None)]
    for child, following in zip(children, children[1:]):
        at = opening(following)
        runs.append((kinds.rfind(EXIT, 0, at) + 1, at, child))
    closing = opening(end) if end < len(depths) else len(kinds)
    for _ in range(depths[node] + 1 - (depths[end] if end < len(depths) else 0)):  # the exits down to this node's
        closing = kinds.rfind(EXIT, 0, closing)
    runs.append((kinds.rfind(EXIT, 0, closing) + 1, closing, children[-1]))
    value: Value | None = None
    best = None
    for start, stop, child in runs:
        index = valued.count_before(start)  # the index in `values` of the next value logged
        for step in range(start, stop):
            kind = kinds[step]
            if kind == BACK_UP:
                if child is None:
                    return _UNSURE
                if value != values[index]:
                    best = child
                value = values[index]
            elif kind == EVALUATE:
                value = values[index]
            elif kind != EXIT:
                continue
            index += 1
    return best


class _Tally:
    """Marks one set of kinds, counts them per chunk of steps once, then finds or counts them in C."""

    def __init__(self, kinds: bytearray, table: bytes):
        self.marks = marks = kinds.translate(table)
        self.before = list(
            accumulate((marks.count(1, start, start + _CHUNK) for start in range(0, len(marks), _CHUNK)), initial=0)
        )

    def position(self, number: int) -> int:
        """The step index of marked kind number `number` (0-based)."""
        chunk = bisect_right(self.before, number) - 1
        at, find = chunk * _CHUNK - 1, self.marks.find
        for _ in range(number - self.before[chunk] + 1):
            at = find(1, at + 1)
        return at

    def count_before(self, step: int) -> int:
        """The number of marked kinds before step index `step`."""
        chunk = min(step // _CHUNK, len(self.before) - 1)
        return self.before[chunk] + self.marks.count(1, chunk * _CHUNK, step)
