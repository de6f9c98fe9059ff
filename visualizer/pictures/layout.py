"""Provides `TreeLayout`: where every node of a trace goes in a figure, computed once for all its frames.

Every node the trace knows is placed (pruned and unreached ones too), so a node keeps its place and
the canvas its size from the first step to the finished search. Leaves sit in equal slots, left
to right in search order; a parent is centred over its first and last child; each depth is one row.
A slot is as wide as the widest thing any node can show on any frame: its name, its board, the
widest window its values allow, the visit number beside the triangle.

A node is drawn as a stack, centred on its x: the name, the triangle (MAX points up, MIN down, as
the app's ▲/▼; a CHANCE node is a circle, as in the DOT) with the value inside and the visit number
to its right, the window, the board.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

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
    "triangle",
    "value_height",
]

NAME_SIZE = 10.0
"""The font size of node names, in points."""

VALUE_SIZE = 11.0
"""The font size of the value inside a triangle."""

SMALL_SIZE = 8.0
"""The font size of visit numbers and windows."""

BOARD_SIZE = 9.0
"""The font size of a game node's board."""

GLYPH_WIDTH = 40.0
GLYPH_HEIGHT = 30.0
"""A node's triangle."""

LINE_GAP = 1.3
"""Line pitch as a multiple of the font size."""

SLOT_GAP = 12.0
"""Space between the widest contents of two neighbouring leaves."""

ROW_GAP = 30.0
"""Vertical space between a parent's stack and its children's, where the edges run."""

VISIT_GAP = 3.0
"""Space between a triangle and the visit number on its right."""

CIRCLE_CORNERS = 32
"""A CHANCE node's circle is drawn as a polygon of this many corners (every format paints polygons)."""


def _widest(texts: Iterable[str], size: float) -> float:
    return max((text_width(text, size) for text in texts), default=0.0)


@dataclass(frozen=True)
class TreeLayout:
    """Node positions and the sizes of the parts of a node's stack, for one trace.

    Attributes:
        xs: each node's centre x, by id (the tree's left edge is 0).
        tops: each node's stack top y (the root's is 0).
        width: from the left of the first slot to the right of the last.
        height: from the root's top to the bottom of the deepest stack.
        half_width: half the widest node stack (a slot is twice this plus `SLOT_GAP`).
        has_windows: the trace has alpha-beta windows, so stacks keep a line for them.
        board_lines: the most lines any node's board has.
    """

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
        values = [
            value
            for column in (columns.value, columns.static_value, columns.alpha, columns.beta)
            for value in column
            if value is not None
        ]
        longest = max((len(format_value(value)) for value in values), default=1)
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
        xs = _place(trace, slot)
        depths = columns.depth
        tops = tuple(depth * (stack + ROW_GAP) for depth in depths)
        width = max(xs, default=0.0) + slot / 2 if xs else 0.0
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


def _place(trace: Trace, slot: float) -> list[float]:
    """Each node's centre x: subtrees packed side by side as closely as their outlines allow.

    A tidy-tree layout (after Reingold and Tilford): going up from the leaves, each child's subtree
    is set to the right of its elder siblings' as near as, depth by depth, no two nodes come closer
    than `slot`; a parent is centred over its first and last child. A tree whose leaves all have one
    depth gets equal slots in search order; a game tree with early game ends packs much narrower.
    Iterative, so a deep game tree cannot hit the recursion limit.
    """
    columns = trace.columns
    count = len(columns.name)
    children: list[tuple[int, ...]] = [()] * count
    parents, _orders, kids = columns.edges()
    grouped: dict[int, list[int]] = {}
    for parent, child in zip(parents, kids):
        grouped.setdefault(parent, []).append(child)
    for parent, group in grouped.items():
        children[parent] = tuple(group)
    if not count:
        return []
    half = slot / 2
    offsets = [0.0] * count  # a child's x relative to its parent
    outlines: list[list[tuple[float, float]] | None] = [None] * count  # per depth below: (left, right) around x
    order: list[int] = []
    stack = [0]
    while stack:  # pre-order, reversed below into children-before-parents
        node = stack.pop()
        order.append(node)
        stack.extend(children[node])
    for node in reversed(order):
        kids_here = children[node]
        if not kids_here:
            outlines[node] = [(-half, half)]
            continue
        merged: list[tuple[float, float]] = []
        places = []
        for child in kids_here:
            outline = outlines[child]
            shift = 0.0
            if merged:
                shift = max(right - outline[depth][0] for depth, (_left, right) in enumerate(merged[: len(outline)]))
            places.append(shift)
            for depth, (left, right) in enumerate(outline):
                if depth < len(merged):
                    merged[depth] = (min(merged[depth][0], left + shift), max(merged[depth][1], right + shift))
                else:
                    merged.append((left + shift, right + shift))
            outlines[child] = None  # no longer needed
        middle = (places[0] + places[-1]) / 2
        for child, place in zip(kids_here, places):
            offsets[child] = place - middle
        outlines[node] = [(-half, half)] + [(left - middle, right - middle) for left, right in merged]
    xs = [0.0] * count
    for node in order:  # parents before children
        for child in children[node]:
            xs[child] = xs[node] + offsets[child]
    left = min(xs) - half
    return [x - left for x in xs]


def glyph(x: float, top: float, width: float, height: float, player: Player) -> tuple[tuple[float, float], ...]:
    """The corners of a node's glyph in the box `width` x `height` centred on `x` below `top`: the
    triangle of MAX or MIN, or for CHANCE a circle as wide as the box is high."""
    if player is not Player.CHANCE:
        return triangle(x, top, width, height, player)
    radius, middle = min(width, height) / 2, top + height / 2
    turns = (2 * math.pi * corner / CIRCLE_CORNERS for corner in range(CIRCLE_CORNERS))
    return tuple((x + radius * math.sin(turn), middle - radius * math.cos(turn)) for turn in turns)


def value_height(player: Player) -> float:
    """Where a value sits in a node's glyph, as a fraction of its height: in the wide part of a triangle
    (low for MAX, high for MIN), in the middle of a circle."""
    return 0.64 if player is Player.MAX else 0.36 if player is Player.MIN else 0.5


def triangle(x: float, top: float, width: float, height: float, player: Player) -> tuple[tuple[float, float], ...]:
    """The corners of a node's triangle: pointing up for MAX, down for MIN."""
    left, right, bottom = x - width / 2, x + width / 2, top + height
    if player is Player.MAX:
        return ((x, top), (right, bottom), (left, bottom))
    return ((left, top), (right, top), (x, bottom))
