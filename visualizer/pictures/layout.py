"""Provides `place_tree`, the one tree layout (the app's text drawing uses it too), and `TreeLayout`:
where every node of a trace goes in a figure, computed once for all its frames.

Every node the trace knows is placed (pruned and unreached ones too), so a node keeps its place and
the canvas its size on every frame; each depth is one row, each node one slot as wide as the widest
thing any node can show. A node is drawn as a stack centred on its x: the name, the triangle (MAX
points up, MIN down; CHANCE is a circle) with the value inside and the visit number to its right,
the window, the board.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from visualizer.games.base import Player, format_value
from visualizer.pictures.collapse import Collapsed
from visualizer.pictures.drawing import text_width
from visualizer.shown_text import escaped, escaped_lines
from visualizer.tracing.trace import Trace

__all__ = [
    "BOARD_SIZE",
    "GLYPH_HEIGHT",
    "GLYPH_WIDTH",
    "NAME_SIZE",
    "SMALL_SIZE",
    "TreeLayout",
    "VALUE_SIZE",
    "glyph",
    "place_tree",
    "subtree_glyph",
    "subtree_label",
    "subtree_top",
    "SUBTREE_HEIGHT",
    "SUBTREE_WIDTH",
    "value_height",
    "value_size",
]

NAME_SIZE, VALUE_SIZE, SMALL_SIZE, BOARD_SIZE = 10.0, 11.0, 9.0, 9.0
"""Font sizes in points: node names, the value inside a triangle, visit numbers and windows, boards."""

GLYPH_WIDTH, GLYPH_HEIGHT = 40.0, 30.0
"""A node's triangle."""

LINE_GAP = 1.3
"""Line pitch as a multiple of the font size."""

SLOT_GAP, ROW_GAP, VISIT_GAP = 12.0, 30.0, 3.0
"""Space between two neighbouring leaves, between a parent's stack and its children's (where the
edges run), and between a triangle and the visit number on its right."""

SUBTREE_WIDTH, SUBTREE_HEIGHT = 28.0, 12.0
"""The triangle that stands for a collapsed subtree (its size is written under it, in the row gap)."""

Length = TypeVar("Length", int, float)
"""A width or an x: points (float) in a picture, columns (int) in the app's text drawing."""

CIRCLE_CORNERS = 32
"""A CHANCE node's circle is drawn as a polygon of this many corners."""


def _widest(texts: Iterable[str], size: float) -> float:
    return max((text_width(text, size) for text in texts), default=0.0)


@dataclass(frozen=True)
class TreeLayout:
    """Node positions (`xs` centres, `tops` of stacks, by id) and the sizes of a node's stack, for one trace."""

    xs: tuple[float, ...]
    tops: tuple[float, ...]
    width: float
    height: float
    half_width: float
    """Half the widest text centred on a node (window, board lines, and, once placed, the names drawn)."""
    reach: float
    """How far right of a node's centre its visit number ends: a node's room is `half_width` to its left and
    the larger of the two to its right."""
    has_windows: bool
    board_lines: int
    glyph_width: float
    """A node's triangle: `GLYPH_WIDTH`, wider where a value is too long to fit it at `SMALL_SIZE`."""

    @classmethod
    def of(cls, trace: Trace) -> TreeLayout:
        """The layout of every node `trace` knows (`placed` places only those a collapse draws)."""
        columns = trace.columns
        has_windows = any(alpha is not None for alpha in columns.alpha)
        boards = [escaped_lines(board).split("\n") for board in columns.board if board is not None]
        board_lines = max((len(lines) for lines in boards), default=0)
        valued = (columns.value, columns.static_value)
        longest_value = max((len(format_value(value)) for column in valued for value in column), default=1)
        windows = (columns.alpha, columns.beta)
        longest = max(longest_value, *(len(format_value(value)) for column in windows for value in column))  # None: "-"
        longest = max(longest, len("+inf") if has_windows else 1)
        window = "[" + "9" * longest + ", " + "9" * longest + "]" if has_windows else ""
        visits = "#" + "9" * len(str(max(1, len(columns.name), len(trace.summary.visit_order))))  # entered again: more
        glyph_width = max(GLYPH_WIDTH, SMALL_SIZE * longest_value)  # see value_size
        half = max(
            _widest([window], SMALL_SIZE) / 2,
            _widest((line for lines in boards for line in lines), BOARD_SIZE) / 2,
            glyph_width / 2,
        )
        reach = glyph_width / 2 + VISIT_GAP + text_width(visits, SMALL_SIZE)
        return cls((), (), 0.0, 0.0, half, reach, has_windows, board_lines, glyph_width).placed(trace)

    def placed(self, trace: Trace, collapsed: Collapsed | None = None) -> TreeLayout:
        """This layout's node sizes, with every node of `trace` placed, or the nodes `collapsed` draws.

        A collapsed node's subtree is drawn in the room below it (`subtree_top`), where its edges would
        run: the bottom row gets that room too.
        """
        columns = trace.columns
        drawn = columns.name if collapsed is None else [columns.name[node] for node in collapsed.shown]
        half = max(self.half_width, _widest(map(escaped, drawn), NAME_SIZE) / 2)  # names as the figure writes them
        right = max(half, self.reach)
        slot, stack, depths = half + right + SLOT_GAP, self.stack, columns.depth
        shift = (right - half) / 2  # from the middle of a node's room to its centre, left of it
        if collapsed is None:
            xs, width = place_tree(columns.children, [slot] * len(depths), 0.0)
            deepest, room = max(depths, default=0), 0.0
        else:  # each collapsed subtree keeps the room under its node clear, as a child would
            children = collapsed.children(columns.children)
            widths = [slot if node in collapsed.shown else 0.0 for node in range(len(depths))]
            for node, hidden in collapsed.hidden.items():
                children[node] = (len(widths),)
                children.append(())
                label = max(SUBTREE_WIDTH, text_width(subtree_label(hidden), SMALL_SIZE))
                widths.append(label + SLOT_GAP + 2 * shift)  # centred on the node, not on its room
            xs, width = place_tree(children, widths, 0.0)
            xs = xs[: len(depths)]
            deepest = max(depths[node] for node in collapsed.shown)
            room = ROW_GAP if any(depths[node] == deepest for node in collapsed.hidden) else 0.0
        tops = tuple(depth * (stack + ROW_GAP) for depth in depths)
        height = (deepest + 1) * stack + deepest * ROW_GAP + room
        return replace(self, xs=tuple(x - shift for x in xs), tops=tops, width=width, height=height)

    @property
    def stack(self) -> float:
        """The height of one node's stack."""
        return stack_height(self.has_windows, self.board_lines)


def name_y(top: float) -> float:
    """The middle of the name line of a stack starting at `top`."""
    return top + NAME_SIZE * LINE_GAP / 2


def glyph_top(top: float) -> float:
    """The top of the triangle."""
    return top + NAME_SIZE * LINE_GAP + 2


def window_y(top: float) -> float:
    """The middle of the window line (below the triangle)."""
    return glyph_top(top) + GLYPH_HEIGHT + 3 + SMALL_SIZE * LINE_GAP / 2


def board_y(top: float, line: int, has_windows: bool) -> float:
    """The middle of the board's line `line` (0 first)."""
    below = glyph_top(top) + GLYPH_HEIGHT + 4 + (SMALL_SIZE * LINE_GAP if has_windows else 0)
    return below + BOARD_SIZE * LINE_GAP * (line + 0.5)


def subtree_top(top: float, stack: float) -> float:
    """The apex of the triangle that stands for a collapsed node's subtree, under its stack."""
    return top + stack + 3


def subtree_label(hidden: int) -> str:
    """What is written under a collapsed subtree's triangle: "127 nodes"."""
    return f"{hidden:,} node{'' if hidden == 1 else 's'}"


def subtree_glyph(x: float, apex: float) -> tuple[tuple[float, float], ...]:
    """The corners of the triangle that stands for a collapsed subtree, its apex at (`x`, `apex`)."""
    return ((x, apex), (x + SUBTREE_WIDTH / 2, apex + SUBTREE_HEIGHT), (x - SUBTREE_WIDTH / 2, apex + SUBTREE_HEIGHT))


def stack_height(has_windows: bool, board_lines: int) -> float:
    """The height of a node's stack: name, triangle, window line (if any), board lines."""
    return board_y(0, board_lines, has_windows) - BOARD_SIZE * LINE_GAP / 2 + 2


def place_tree(
    children: Sequence[Sequence[int]], widths: Sequence[Length], gap: Length, *, bars: bool = False
) -> tuple[list[Length], Length]:
    """Each node's centre x (node 0 is the root, the tree's left edge is 0) and the tree's width.

    The one layout of the pictures and the app. A tidy tree (after Reingold and Tilford): going up
    from the leaves, each child's subtree is set to the right of its elder siblings' as near as,
    depth by depth, no two boxes come closer than `gap`; a parent is centred over its first and last
    child. With whole-number widths (the app's columns) every x is whole, halves rounded down, and a
    parent sits right over its middle child when that is at most a column off.

    Args:
        children: each node's children, by node id, in order.
        widths: each node's width: points in a picture, columns in the app.
        gap: the least room between two boxes side by side.
        bars: keep the row under each parent clear where a text drawing runs the edges (`┌──┴──┐`).
    """
    count = len(widths)
    if not count:
        return [], 0
    offsets: list[Length] = [0] * count  # a child's x relative to its parent
    outlines: list[list[tuple[Length, Length]] | None] = [None] * count  # per depth below: (left, right) around x
    order: list[int] = []
    stack = [0]
    while stack:  # pre-order, reversed below into children-before-parents
        node = stack.pop()
        order.append(node)
        stack.extend(children[node])
    for node in reversed(order):
        own = (_half(widths[node]) - widths[node], _half(widths[node]))
        merged: list[tuple[Length, Length]] = []
        places = []
        for child in children[node]:
            outline = outlines[child]
            assert outline is not None
            shift = max((right - left + gap for (_, right), (left, _) in zip(merged, outline)), default=0)
            places.append(shift)
            for depth, (left, right) in enumerate(outline):
                if depth < len(merged):
                    merged[depth] = (min(merged[depth][0], left + shift), max(merged[depth][1], right + shift))
                else:
                    merged.append((left + shift, right + shift))
            outlines[child] = None  # no longer needed
        middle = _half(places[0] + places[-1]) if places else 0
        if isinstance(middle, int) and len(places) % 2 and abs(places[len(places) // 2] - middle) <= 1:
            middle = places[len(places) // 2]  # whole columns: right over the middle child, not a column off
        for child, place in zip(children[node], places):
            offsets[child] = place - middle
        if bars and places:  # the box reaches over the bar, columns x - 1 of the first and last child
            own = (min(own[0], places[0] - middle - 1), max(own[1], places[-1] - middle))
        outlines[node] = [own] + [(left - middle, right - middle) for left, right in merged]
    xs: list[Length] = [0] * count
    for node in order:  # parents before children
        for child in children[node]:
            xs[child] = xs[node] + offsets[child]
    left = min(x - (width - _half(width)) for x, width in zip(xs, widths))
    xs = [x - left for x in xs]
    return xs, max(x + _half(width) for x, width in zip(xs, widths))


def _half(length: Length) -> Length:
    """Half of `length`, whole (rounded down) when `length` is."""
    return length // 2 if isinstance(length, int) else length / 2


def value_size(text: str, glyph_width: float) -> float:
    """The font size of a value `text` inside a node's triangle: smaller for a long one, to fit."""
    return min(VALUE_SIZE, glyph_width / max(1, len(text)))


def glyph(x: float, top: float, width: float, height: float, player: Player) -> tuple[tuple[float, float], ...]:
    """The corners of a node's glyph in the box centred on `x` below `top`: a triangle, or a circle for CHANCE."""
    if player is not Player.CHANCE:  # a triangle pointing up for MAX, down for MIN
        left, right, bottom = x - width / 2, x + width / 2, top + height
        return (
            ((x, top), (right, bottom), (left, bottom))
            if player is Player.MAX
            else ((left, top), (right, top), (x, bottom))
        )
    radius, middle = min(width, height) / 2, top + height / 2
    turns = (2 * math.pi * corner / CIRCLE_CORNERS for corner in range(CIRCLE_CORNERS))
    return tuple((x + radius * math.sin(turn), middle - radius * math.cos(turn)) for turn in turns)


def value_height(player: Player) -> float:
    """Where a value sits in a node's glyph, as a fraction of its height (in a triangle's wide part)."""
    return 0.64 if player is Player.MAX else 0.36 if player is Player.MIN else 0.5
