"""Provides `Figure`: a trace as pictures, the finished search (`still`) and one `Drawing` per step (`frames`).

This is the one drawing model of the exporters: SVG, PNG, PDF, GIF, MP4 and TikZ only paint the
`Drawing`s it makes, every frame on the same canvas. Top to bottom: the title, a caption (the step
as a sentence, as the app says it), the tree, and a legend. Leaf values are shown from the first
frame, dimmed until the search evaluates them. Pruned nodes are dashed, unreached ones dotted, the
edge of a cut-off is marked "cut", the principal variation is thick; on a frame, the node of the
step is filled and the edge of a child just backed up is coloured.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Iterator, Sequence

from visualizer.games.base import Player, format_value
from visualizer.pictures.drawing import Anchor, Dash, Drawing, Item, Path, Point, Shape, Text, text_width
from visualizer.pictures.layout import (
    BOARD_SIZE,
    GLYPH_HEIGHT,
    GLYPH_WIDTH,
    NAME_SIZE,
    SMALL_SIZE,
    VALUE_SIZE,
    VISIT_GAP,
    TreeLayout,
    board_y,
    glyph,
    glyph_top,
    name_y,
    value_height,
    window_y,
)
from visualizer.pictures.legend import LEGEND_SIZE, STEP_ONLY, LegendEntry, chance_fill, legend_items, legend_rows
from visualizer.pictures.scene import NodeLook, Scene, blank_scene, finished_scene, inner_nodes, scene_at
from visualizer.pictures.themes import DEFAULT_THEME, Theme, find_theme
from visualizer.steps.describe import format_probability
from visualizer.steps.replay import Replay
from visualizer.tracing.trace import Trace

__all__ = ["Figure", "MAX_INLINE_NODES"]

MAX_INLINE_NODES = 5000
"""A notebook shows a trace inline as its figure up to this many nodes (as `export --max-image-nodes`)."""

MARGIN = 16.0
"""Space around everything, in points."""

TITLE_SIZE, CAPTION_SIZE = 12.0, 10.0
CAPTION_LINES = 2
"""The caption is wrapped to the canvas and cut after this many lines, so it never changes the canvas."""

MIN_WIDTH = 360.0
"""The narrowest canvas (a beamer frame is 364 pt wide): room for the caption of a small tree."""

CUT_OFFSET = 8.0
"""How far the word "cut" sits beside the middle of its edge."""

_DASHES: dict[str, Dash] = {"pruned": "dashed", "unreached": "dotted"}


class Figure:
    """The pictures of one trace, all on one canvas; `title` replaces the algorithm and the source.

    Raises:
        InputError: `theme` names no theme.
    """

    def __init__(self, trace: Trace, *, theme: Theme | str = DEFAULT_THEME, title: str | None = None):
        self.trace = trace
        self.theme = theme if isinstance(theme, Theme) else find_theme(theme)
        self.layout = TreeLayout.of(trace)
        depth = "" if trace.depth_limit is None else f", depth {trace.depth_limit}"
        passes = len(trace.earlier_passes) + 1
        last_pass = f", last of {passes} passes" if passes > 1 else ""  # the figure shows the last pass only
        self.title = f"{trace.algorithm}{depth}{last_pass}: {trace.description}" if title is None else title
        self.legend = legend_items(trace, self.theme, self.layout.has_windows)
        """What the frames show, together; the still leaves out the marks of a step (`STEP_ONLY`)."""
        legend_widths = (entry.width for entry in self.legend)
        inner = max(MIN_WIDTH, self.layout.width, text_width(self.title, TITLE_SIZE), *legend_widths)
        self.width = inner + 2 * MARGIN
        self.caption_chars = max(20, int(inner // text_width("x", CAPTION_SIZE)))
        self.tree_left = MARGIN + (inner - self.layout.width) / 2
        self.tree_top = MARGIN + TITLE_SIZE * 1.4 + CAPTION_SIZE * 1.3 * CAPTION_LINES + 12
        self._xs = [self.tree_left + x for x in self.layout.xs]  # each node's centre, and the top of its stack
        self._tops = [self.tree_top + top for top in self.layout.tops]
        legend_top = self.tree_top + self.layout.height + 16
        self.legend_rows = legend_rows(self.legend, inner)
        still_rows = legend_rows([entry for entry in self.legend if entry.key not in STEP_ONLY], inner)
        self.height = legend_top + len(self.legend_rows) * LEGEND_SIZE * 2.2 + MARGIN  # the frames' rows, the most
        self._legend_items = tuple(self._place_legend(self.legend_rows, legend_top))
        self._still_legend = tuple(self._place_legend(still_rows, legend_top))
        self._cache: dict[tuple[int, NodeLook], tuple[Item, ...]] = {}
        self._replay: Replay | None = None
        self._inner = inner_nodes(trace)
        self._has_chance = trace.columns.has_chance

    @property
    def steps(self) -> int:
        """The number of steps, which is the number of frames."""
        return len(self.trace.events)

    # The drawings --------------------------------------------------------------------------

    def still(self) -> Drawing:
        """The finished search: final values and windows, the principal variation thick."""
        return self._drawing(finished_scene(self.trace), legend=self._still_legend)

    def blank(self, caption: str, *, title: str | None = None) -> Drawing:
        """The tree as a blank exercise sheet (see `blank_scene`) on the same canvas, `caption` (the
        instructions) under `title`, and a legend of the shapes alone."""
        shapes = tuple(item for item in self._legend_items if item.key.startswith(("legend:max:", "legend:min:")))
        return self._drawing(blank_scene(self.trace, caption), title=title, legend=shapes)

    def frame(self, step: int) -> Drawing:
        """The search after step `step` (1..steps; 0 is before the first step, the last is the still)."""
        if not 0 <= step <= self.steps:
            raise ValueError(f"step {step} is outside 0..{self.steps}")
        if step == self.steps and step:
            return self.still()
        if self._replay is None:
            self._replay = Replay(self.trace)
        self._replay.seek(step)  # one cursor for every call: a step next to the last one is quick
        return self._drawing(scene_at(self.trace, self._replay, inner=self._inner))

    def frames(self, *, progress: Callable[[int, int], None] | None = None) -> Iterator[Drawing]:
        """One drawing per step, steps 1..`steps` in order, made as read; `progress(done, total)` after each."""
        for step in range(1, self.steps + 1):
            yield self.frame(step)
            if progress is not None:
                progress(step, self.steps)

    def _drawing(self, scene: Scene, *, title: str | None = None, legend: tuple[Item, ...] | None = None) -> Drawing:
        theme, looks, caption = self.theme, scene.looks, scene.caption
        title = self.title if title is None else title
        items: list[Item] = [
            Text("title", MARGIN, MARGIN + TITLE_SIZE * 0.7, title, TITLE_SIZE, theme.ink, anchor="start", bold=True)
        ]
        lines = textwrap.wrap(caption, self.caption_chars) or [""]
        if len(lines) > CAPTION_LINES:
            lines = lines[:CAPTION_LINES]
            lines[-1] = lines[-1][: self.caption_chars - 3].rstrip() + "..."
        caption_top = MARGIN + TITLE_SIZE * 1.4
        for index, line in enumerate(lines):
            y = caption_top + CAPTION_SIZE * 1.3 * (index + 0.5)
            items.append(Text(f"caption:{index}", MARGIN, y, line, CAPTION_SIZE, theme.ink, anchor="start"))
        items.extend(self._edges(looks, scene.cuts, scene.bold, scene.last_edge))
        for node, look in enumerate(looks):
            key = (node, look)
            node_items = self._cache.get(key)
            if node_items is None:
                node_items = self._cache[key] = self._node(node, look)
            items.extend(node_items)
        items.extend(self._legend_items if legend is None else legend)
        return Drawing(self.width, self.height, theme.background, tuple(items), title=title)

    # The parts -----------------------------------------------------------------------------

    def _edges(
        self,
        looks: Sequence[NodeLook],
        cuts: frozenset[tuple[int, int]],
        bold: frozenset[int],
        last: tuple[int, int] | None,
    ) -> Iterator[Item]:
        theme, stack, xs, tops = self.theme, self.layout.stack, self._xs, self._tops
        columns = self.trace.columns
        parents, _orders, children = columns.edges()
        probabilities = columns.probability if self._has_chance else None  # written beside the edges of chance
        for parent, child in zip(parents, children):
            start, end = (xs[parent], tops[parent] + stack + 1), (xs[child], tops[child] - 1)
            status = looks[child].status
            width, dash = theme.line, _DASHES.get(status, "solid")
            colour = theme.muted if status in _DASHES else theme.unseen if status == "unseen" else theme.ink
            if parent in bold and child in bold:
                width = theme.bold_line
            if (parent, child) == last:
                colour, width = theme.last_child, theme.bold_line
            if (parent, child) in cuts:
                colour, width, dash = theme.cut, theme.bold_line * 0.75, "solid"
            yield Path(f"edge:{parent}:{child}", (start, end), colour, width, dash)
            if (parent, child) in cuts:
                yield from self._cut_mark(f"{parent}:{child}", start, end)
            if probabilities is not None and (probability := probabilities[child]) is not None:
                yield self._probability_label(f"{parent}:{child}", start, end, probability, status)

    def _probability_label(self, edge: str, start: Point, end: Point, probability: float, status: str) -> Text:
        """The probability of edge "parent:child" beside its middle, on its upper side (right of a vertical edge)."""
        middle_x, middle_y = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
        leftwards = end[0] < start[0] - 0.5
        y = middle_y + (0.0 if abs(end[0] - start[0]) <= 0.5 else -SMALL_SIZE * 0.6)  # higher beside a slanted edge
        colour = self.theme.ink if status == "visited" else self.theme.muted
        anchor: Anchor = "end" if leftwards else "start"
        x = middle_x + (-4 if leftwards else 4)
        return Text(f"probability:{edge}", x, y, format_probability(probability), SMALL_SIZE, colour, anchor=anchor)

    def _cut_mark(self, edge: str, start: Point, end: Point) -> Iterator[Item]:
        """A stroke across the middle of the cut-off edge "parent:child" and "cut" beside it, on the upper side."""
        theme = self.theme
        middle_x, middle_y = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
        across_x, across_y = end[0] - start[0], end[1] - start[1]
        length = math.hypot(across_x, across_y) or 1.0
        normal_x, normal_y = across_y / length, -across_x / length  # perpendicular, pointing up
        if normal_y > 0 or (normal_y == 0 and normal_x < 0):
            normal_x, normal_y = -normal_x, -normal_y
        half_x, half_y = normal_x * 6.0, normal_y * 6.0  # the tick is 12 pt long
        tick = ((middle_x - half_x, middle_y - half_y), (middle_x + half_x, middle_y + half_y))
        yield Path(f"cutmark:{edge}", tick, theme.cut, theme.bold_line)
        anchor: Anchor = "start" if normal_x > 0.2 else "end" if normal_x < -0.2 else "middle"
        x = middle_x + normal_x * CUT_OFFSET + (3 if anchor == "start" else -3 if anchor == "end" else 0)
        y = middle_y + normal_y * CUT_OFFSET - (4 if anchor == "middle" else 0)
        yield Text(f"cutlabel:{edge}", x, y, "cut", SMALL_SIZE + 1, theme.cut, anchor=anchor, bold=True)

    def _node(self, node: int, look: NodeLook) -> tuple[Item, ...]:
        theme, ink, columns = self.theme, self.theme.ink, self.trace.columns
        x, top = self._xs[node], self._tops[node]
        player = columns.player[node]
        status = look.status
        visited = status == "visited"
        stroke = ink if visited else theme.unseen if status == "unseen" else theme.muted
        fills = {Player.MAX: theme.max_fill, Player.MIN: theme.min_fill, Player.CHANCE: chance_fill(theme)}
        fill = theme.current_fill if look.current else fills[player] if visited else theme.background
        width = theme.bold_line if look.bold or look.current else theme.line
        dash = _DASHES.get(status, "solid")
        top_of_glyph = glyph_top(top)
        text_colour = ink if visited else theme.muted
        items: list[Item] = [
            Shape(f"node:{node}", glyph(x, top_of_glyph, GLYPH_WIDTH, GLYPH_HEIGHT, player), stroke, fill, width, dash),
            Text(f"name:{node}", x, name_y(top), columns.name[node], NAME_SIZE, text_colour, bold=visited),
        ]
        shown = look.value if look.value is not None else look.dimmed
        if shown is not None:
            text = format_value(shown)
            size = min(VALUE_SIZE, GLYPH_WIDTH * 0.6 / max(1, len(text)) / 0.6)
            value_y = top_of_glyph + GLYPH_HEIGHT * value_height(player)
            colour = ink if look.value is not None else theme.muted
            items.append(Text(f"value:{node}", x, value_y, text, size, colour, bold=look.value is not None))
        if look.visit is not None:
            visit_x, visit_y = x + GLYPH_WIDTH / 2 + VISIT_GAP, top_of_glyph + SMALL_SIZE * 0.7
            items.append(Text(f"visit:{node}", visit_x, visit_y, look.visit_text, SMALL_SIZE, ink, anchor="start"))
        if look.window:
            items.append(Text(f"window:{node}", x, window_y(top), look.window, SMALL_SIZE, ink, bold=look.current))
        board = columns.board[node]
        if board is not None:
            for line, row in enumerate(board.split("\n")):
                y = board_y(top, line, self.layout.has_windows)
                items.append(Text(f"board:{node}:{line}", x, y, row, BOARD_SIZE, text_colour))
        return tuple(items)

    def _place_legend(self, rows: list[list[LegendEntry]], top: float) -> Iterator[Item]:
        for row, entries in enumerate(rows):
            x = MARGIN
            y = top + LEGEND_SIZE * 2.2 * (row + 0.5)
            for entry in entries:
                yield from entry.place(x, y)
                x += entry.width
