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
from dataclasses import dataclass
from typing import TypeVar

from visualizer.games.base import Player, format_value
from visualizer.pictures.drawing import text_width
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
    "value_height",
]

NAME_SIZE, VALUE_SIZE, SMALL_SIZE, BOARD_SIZE = 10.0, 11.0, 8.0, 9.0
"""Font sizes in points: node names, the value inside a triangle, visit numbers and windows, boards."""

GLYPH_WIDTH, GLYPH_HEIGHT = 40.0, 30.0
"""A node's triangle."""

LINE_GAP = 1.3
"""Line pitch as a multiple of the font size."""

SLOT_GAP, ROW_GAP, VISIT_GAP = 12.0, 30.0, 3.0
"""Space between two neighbouring leaves, between a parent's stack and its children's (where the
edges run), and between a triangle and the visit number on its right."""

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
    has_windows: bool
    board_lines: int

    @classmethod
    def of(cls, trace: Trace) -> TreeLayout:
        """The layout of every node `trace` knows."""
        columns = trace.columns
        has_windows = any(alpha is not None for alpha in columns.alpha)
        boards = [board.split("\n") for board in columns.board if board is not None]
        board_lines = max((len(lines) for lines in boards), default=0)
        searched = (columns.value, columns.static_value, columns.alpha, columns.beta)
        longest = max((len(format_value(value)) for column in searched for value in column), default=1)  # None: "-"
        longest = max(longest, len("+inf") if has_windows else 1)
        window = "[" + "9" * longest + ", " + "9" * longest + "]" if has_windows else ""
        visits = "#" + "9" * len(str(max(1, len(columns.name), len(trace.summary.visit_order))))  # entered again: more
        half = max(
            _widest(columns.name, NAME_SIZE) / 2,
            _widest([window], SMALL_SIZE) / 2,
            _widest((line for lines in boards for line in lines), BOARD_SIZE) / 2,
            GLYPH_WIDTH / 2 + VISIT_GAP + text_width(visits, SMALL_SIZE),
        )
        slot = 2 * half + SLOT_GAP
        stack = stack_height(has_windows, board_lines)
        xs, width = place_tree(columns.children, [slot] * len(columns.name), 0.0)
        depths = columns.depth
        tops = tuple(depth * (stack + ROW_GAP) for depth in depths)
        height = (max(depths, default=0) + 1) * stack + max(depths, default=0) * ROW_GAP
        return cls(tuple(xs), tops, width, height, half, has_windows, board_lines)

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
