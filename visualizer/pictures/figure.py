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
from dataclasses import replace
from functools import cached_property

from visualizer.games.base import Player, format_value
from visualizer.pictures.collapse import (
    MIN_TEXT_PX,
    SLIDE_SIZE,
    Collapse,
    Collapsed,
    Run,
    collapse_tree,
    collapsed_runs,
    frame_steps,
)
from visualizer.pictures.drawing import (
    Anchor,
    Dash,
    Drawing,
    Item,
    Path,
    Point,
    Shape,
    Text,
    text_width,
    with_zero_slashes,
)
from visualizer.pictures.layout import (
    BOARD_SIZE,
    GLYPH_HEIGHT,
    NAME_SIZE,
    SMALL_SIZE,
    SUBTREE_HEIGHT,
    VISIT_GAP,
    TreeLayout,
    board_y,
    glyph,
    glyph_top,
    name_y,
    subtree_glyph,
    subtree_label,
    subtree_top,
    value_height,
    value_size,
    window_y,
)
from visualizer.pictures.legend import LEGEND_SIZE, STEP_ONLY, LegendEntry, chance_fill, legend_items, legend_rows
from visualizer.pictures.scene import NodeLook, Scene, blank_scene, finished_scene, inner_nodes, scene_at
from visualizer.pictures.themes import DEFAULT_THEME, Theme, find_theme
from visualizer.shown_text import escaped
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

TREE_TOP = MARGIN + TITLE_SIZE * 1.4 + CAPTION_SIZE * 1.3 * CAPTION_LINES + 12
"""Where the tree starts, below the title and the caption."""

SMALLEST_TEXT = min(SMALL_SIZE, LEGEND_SIZE)
"""The smallest font a figure uses (visit numbers, windows, the legend; a value never gets smaller), in points."""

CUT_OFFSET = 8.0
"""How far the word "cut" sits beside the middle of its edge."""

_DASHES: dict[str, Dash] = {"pruned": "dashed", "unreached": "dotted"}


class Figure:
    """The pictures of one trace, all on one canvas; `title` replaces the algorithm and the source.

    `still()` draws the finished search and `frame(step)` the search after one step; `to_svg` turns either
    into an SVG document.

    Args:
        trace: the trace to draw.
        theme: "light", "dark" or "print" (greyscale), or a `Theme`.
        title: the title over the tree; None: the algorithm and the tree's description.
        collapse: which nodes a big tree draws (`Collapse`); None draws every node.

    Raises:
        InputError: `theme` names no theme.

    Examples:
        >>> from visualizer import Figure, builtin_example, trace_search
        >>> figure = Figure(trace_search(builtin_example(), "alphabeta"), theme="print")
        >>> figure.steps, figure.title
        (52, 'alphabeta: array tree, 15 nodes, branching 2')
        >>> still = figure.still()
        >>> still.width, still.height
        (700.8, 483.2)
        >>> frame = figure.frame(21)  # the search after step 21, the first cut-off
    """

    def __init__(
        self,
        trace: Trace,
        *,
        theme: Theme | str = DEFAULT_THEME,
        title: str | None = None,
        collapse: Collapse | None = None,
    ):
        self.trace = trace
        self.theme = theme if isinstance(theme, Theme) else find_theme(theme)
        depth = "" if trace.depth_limit is None else f", depth {trace.depth_limit}"
        passes = len(trace.earlier_passes) + 1
        last_pass = f", last of {passes} passes" if passes > 1 else ""  # the figure shows the last pass only
        self.title = escaped(f"{trace.algorithm}{depth}{last_pass}: {trace.description}" if title is None else title)
        layout = TreeLayout.of(trace)
        self.collapsed: Collapsed | None = None
        """The nodes drawn, when a `collapse` leaves some out (None: every node)."""
        if collapse is not None:
            legend = legend_items(trace, self.theme, layout.has_windows, collapsed=True)
            collapsed = collapse_tree(trace, collapse, lambda shown: self.legible(layout.placed(trace, shown), legend))
            if collapsed.hidden_count:
                self.collapsed, layout = collapsed, layout.placed(trace, collapsed)
        self.layout = layout
        self.legend = legend_items(trace, self.theme, layout.has_windows, collapsed=self.collapsed is not None)
        """What the frames show, together; the still leaves out the marks of a step (`STEP_ONLY`)."""
        inner, self.width, self.height = self._canvas(layout, self.legend)  # the frames' legend rows, the most
        self.caption_chars = max(20, int(inner // text_width("x", CAPTION_SIZE)))
        self.tree_left = MARGIN + (inner - self.layout.width) / 2
        self._xs = [self.tree_left + x for x in self.layout.xs]  # each node's centre, and the top of its stack
        self._tops = [TREE_TOP + top for top in self.layout.tops]
        legend_top = TREE_TOP + self.layout.height + 16
        self.legend_rows = legend_rows(self.legend, inner)
        still_rows = legend_rows([entry for entry in self.legend if entry.key not in STEP_ONLY], inner)
        self._legend_items = tuple(self._place_legend(self.legend_rows, legend_top))
        self._still_legend = tuple(self._place_legend(still_rows, legend_top))
        self._cache: dict[tuple[int, NodeLook], tuple[Item, ...]] = {}
        self._replay: Replay | None = None
        self._inner = inner_nodes(trace)
        self._has_chance = trace.columns.has_chance

    def _canvas(self, layout: TreeLayout, legend: list[LegendEntry]) -> tuple[float, float, float]:
        """The width inside the margins, and the canvas's width and height, of a figure of `layout`."""
        inner = max(MIN_WIDTH, layout.width, text_width(self.title, TITLE_SIZE), *(entry.width for entry in legend))
        rows = len(legend_rows(legend, inner))
        return inner, inner + 2 * MARGIN, TREE_TOP + layout.height + 16 + rows * LEGEND_SIZE * 2.2 + MARGIN

    def legible(self, layout: TreeLayout, legend: list[LegendEntry]) -> bool:
        """True when a figure of `layout` fits a slide (`SLIDE_SIZE`) with its smallest text `MIN_TEXT_PX` high."""
        _inner, width, height = self._canvas(layout, legend)
        return SMALLEST_TEXT * min(SLIDE_SIZE[0] / width, SLIDE_SIZE[1] / height) >= MIN_TEXT_PX

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
        scene = scene_at(self.trace, self._replay, inner=self._inner)
        run = self._runs.get(step)
        if run is not None:
            scene = self._run_scene(scene, run)
        return self._drawing(scene)

    @cached_property
    def frame_steps(self) -> tuple[int, ...]:
        """The steps the frames show, in order: every step; with nodes collapsed, each step at a drawn node,
        and of each run of steps inside one collapsed subtree, its last (the subtree searched)."""
        return frame_steps(self.steps, self._runs)

    def frames(self, *, progress: Callable[[int, int], None] | None = None) -> Iterator[Drawing]:
        """One drawing per frame step (`frame_steps`) in order, made as read; `progress(done, total)` after each."""
        steps = self.frame_steps
        for done, step in enumerate(steps, start=1):
            yield self.frame(step)
            if progress is not None:
                progress(done, len(steps))

    @cached_property
    def _runs(self) -> dict[int, Run]:
        """The runs of steps inside collapsed subtrees, by their last step."""
        return {} if self.collapsed is None else collapsed_runs(self.trace, self.collapsed)

    def _run_scene(self, scene: Scene, run: Run) -> Scene:
        """The frame of a run of steps inside a collapsed subtree: its node marked, the run told."""
        looks = list(scene.looks)
        looks[run.node] = replace(looks[run.node], current=True)
        value = looks[run.node].value
        shown = "no value yet" if value is None else f"value {format_value(value)}"
        name, total = self.trace.columns.name[run.node], len(self.trace.events)
        under = self.collapsed.hidden[run.node] if self.collapsed is not None else 0
        searched = f"searched {run.entered:,} of the {under:,} nodes under it"
        caption = f"Steps {run.first}-{run.last} of {total:,}: {name}: {searched}, {shown}."
        return replace(scene, looks=tuple(looks), caption=caption, last_edge=None)

    def _drawing(self, scene: Scene, *, title: str | None = None, legend: tuple[Item, ...] | None = None) -> Drawing:
        theme, looks, caption = self.theme, scene.looks, scene.caption
        title = self.title if title is None else escaped(title)
        items: list[Item] = [
            Text("title", MARGIN, MARGIN + TITLE_SIZE * 0.7, title, TITLE_SIZE, theme.ink, anchor="start", bold=True)
        ]
        lines = textwrap.wrap(escaped(caption), self.caption_chars) or [""]  # (a sentence: names as escapes)
        if len(lines) > CAPTION_LINES:
            lines = lines[:CAPTION_LINES]
            lines[-1] = lines[-1][: self.caption_chars - 3].rstrip() + "..."
        caption_top = MARGIN + TITLE_SIZE * 1.4
        for index, line in enumerate(lines):
            y = caption_top + CAPTION_SIZE * 1.3 * (index + 0.5)
            items.append(Text(f"caption:{index}", MARGIN, y, line, CAPTION_SIZE, theme.ink, anchor="start"))
        items.extend(self._edges(looks, scene.cuts, scene.bold, scene.last_edge))
        shown = None if self.collapsed is None else self.collapsed.shown
        for node, look in enumerate(looks):
            if shown is not None and node not in shown:
                continue
            key = (node, look)
            node_items = self._cache.get(key)
            if node_items is None:
                node_items = self._cache[key] = self._node(node, look)
            items.extend(node_items)
        items.extend(self._legend_items if legend is None else legend)
        return Drawing(self.width, self.height, theme.background, with_zero_slashes(items), title=title)

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
        shown = None if self.collapsed is None else self.collapsed.shown
        for parent, child in zip(parents, children):
            if shown is not None and child not in shown:
                continue
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
            Shape(
                f"node:{node}",
                glyph(x, top_of_glyph, self.layout.glyph_width, GLYPH_HEIGHT, player),
                stroke,
                fill,
                width,
                dash,
            ),
            Text(f"name:{node}", x, name_y(top), escaped(columns.name[node]), NAME_SIZE, text_colour, bold=visited),
        ]
        shown = look.value if look.value is not None else look.dimmed
        if shown is not None:
            text = format_value(shown)
            size = value_size(text, self.layout.glyph_width)
            value_y = top_of_glyph + GLYPH_HEIGHT * value_height(player)
            colour = ink if look.value is not None else theme.muted
            items.append(Text(f"value:{node}", x, value_y, text, size, colour, bold=look.value is not None))
        if look.visit is not None:
            visit_x, visit_y = x + self.layout.glyph_width / 2 + VISIT_GAP, top_of_glyph + SMALL_SIZE * 0.7
            items.append(Text(f"visit:{node}", visit_x, visit_y, look.visit_text, SMALL_SIZE, ink, anchor="start"))
        if look.window:
            items.append(Text(f"window:{node}", x, window_y(top), look.window, SMALL_SIZE, ink, bold=look.current))
        board = columns.board[node]
        if board is not None:
            for line, row in enumerate(board.split("\n")):
                y = board_y(top, line, self.layout.has_windows)
                items.append(Text(f"board:{node}:{line}", x, y, escaped(row), BOARD_SIZE, text_colour))
        hidden = None if self.collapsed is None else self.collapsed.hidden.get(node)
        if hidden is not None:  # its subtree, as one triangle and its size
            apex = subtree_top(top, self.layout.stack)
            corners = subtree_glyph(x, apex)
            items.append(Shape(f"subtree:{node}", corners, stroke, theme.background, theme.line, dash))
            size_y = apex + SUBTREE_HEIGHT + SMALL_SIZE * 0.75
            items.append(Text(f"subtree-size:{node}", x, size_y, subtree_label(hidden), SMALL_SIZE, text_colour))
        return tuple(items)

    @property
    def notice(self) -> str:
        """One line telling what was collapsed, or "" when every node is drawn."""
        if self.collapsed is None:
            return ""
        subtrees, count = len(self.collapsed.hidden), len(self.trace.columns.name)
        return (
            f"collapsed {subtrees} subtree{'' if subtrees == 1 else 's'} ({self.collapsed.hidden_count:,} of "
            f"{count:,} nodes) to keep the text legible on a {SLIDE_SIZE[0]}x{SLIDE_SIZE[1]} slide; open more with "
            "--draw-levels N or --expand NAME, or draw every node with --whole-tree"
        )

    def _place_legend(self, rows: list[list[LegendEntry]], top: float) -> Iterator[Item]:
        for row, entries in enumerate(rows):
            x = MARGIN
            y = top + LEGEND_SIZE * 2.2 * (row + 0.5)
            for entry in entries:
                yield from entry.place(x, y)
                x += entry.width
