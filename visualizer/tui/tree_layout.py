"""Provides `plan_tree` and `draw_tree`: a searched tree drawn top-down as text, like a textbook figure, placed by
the pictures' one layout (`place_tree`) in columns, with `node_labels`'s labels."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from visualizer.pictures.layout import place_tree
from visualizer.steps.replay import NodeView, Phase, Replay
from visualizer.steps.visits import is_monte_carlo, visit_counts
from visualizer.tracing.trace import NodeStatus, Trace, TraceNode
from visualizer.tui.node_labels import Density, NodeLabel, node_label

__all__ = [
    "DEFAULT_MAX_WIDTH",
    "MAX_DRAWN_NODES",
    "TARGET_WIDTH",
    "Density",
    "NodeLabel",
    "TreeDrawing",
    "TreePlan",
    "all_label_widths",
    "draw_labels",
    "draw_tree",
    "fit_tree",
    "plan_tree",
]

MAX_DRAWN_NODES = 63  # trees with more nodes than this (a perfect binary tree of depth 5) are shown as an outline

DEFAULT_MAX_WIDTH = 200  # drawings wider than this many columns are not drawn

TARGET_WIDTH = 78  # the width to stay within when a tighter spacing allows it: an 80-column terminal less a border

LEVEL_HEIGHT = 3  # rows per level: the two label lines and one row of edges

MAX_LEVEL_HEIGHT = 6  # rows per level in a tall view: the edges run down further (`│`), so the tree fills it

GAPS = (6, 4, 3, 2, 1)  # columns between neighbouring subtrees: the widest that fits the view

_BOX = " ╶╴─╷┌┐┬╵└┘┴│├┤┼"  # the box-drawing character joining the directions 8 up + 4 down + 2 left + 1 right


@dataclass(frozen=True)
class TreePlan:
    """Where every node of a trace goes (computed once, drawn at every step): by node id, the column of its
    centre (where its edges meet) and the width of its label box (its widest label during the replay)."""

    trace: Trace
    centres: tuple[int, ...]
    widths: tuple[int, ...]
    width: int
    depth: int
    density: Density = Density.FULL
    level_height: int = LEVEL_HEIGHT
    """Rows from one level's labels to the next's: the two label lines, the edges, and more rows of edges in
    a tall view."""

    @property
    def height(self) -> int:
        """Rows of the whole drawing."""
        return self.depth * self.level_height + 2


@dataclass(frozen=True)
class TreeDrawing:
    """A tree drawn at one step: its lines, and by node id (row of its first label line, column of its
    centre) and the width of its label box."""

    lines: tuple[Text, ...]
    positions: dict[int, tuple[int, int]]
    widths: tuple[int, ...]
    width: int

    def box(self, node_id: int) -> tuple[int, int, int, int]:
        """Where a node's two label lines are: (column, row, width, height), a Textual `Region`'s fields."""
        row, centre = self.positions[node_id]
        return centre - (self.widths[node_id] - 1) // 2, row, self.widths[node_id], 2

    def label(self, node_id: int) -> tuple[str, str]:
        """The two label lines of a node as drawn, stripped."""
        left, row, width, _ = self.box(node_id)
        top, bottom = (line.plain[left : left + width].strip() for line in self.lines[row : row + 2])
        return top, bottom

    def text(self) -> Text:
        """All lines as one rich `Text`."""
        return Text("\n").join(self.lines)

    @property
    def plain(self) -> str:
        """The drawing without styles or trailing spaces."""
        return "\n".join(line.plain.rstrip() for line in self.lines)


def all_label_widths(trace: Trace, densities: Collection[Density] = tuple(Density)) -> dict[Density, list[int]]:
    """The widest label each node shows at any step, leaf values shown or not, for each density (one replay)."""
    movers_view = trace.is_negamax
    counts = visit_counts(trace) if is_monte_carlo(trace) else None
    step = 0

    def width(node: TraceNode, view: NodeView, density: Density) -> int:
        visits = None if counts is None else counts.at(node.id, step)
        return max(
            node_label(
                node, view, density=density, show_leaf_values=shown, movers_view=movers_view, visits=visits
            ).width
            for shown in (False, True)
        )

    first = [NodeView(Phase.PRUNED if node.status is NodeStatus.PRUNED else Phase.UNSEEN) for node in trace.nodes]
    widths = {
        density: [width(node, view, density) for node, view in zip(trace.nodes, first, strict=True)]
        for density in densities
    }
    replay = Replay(trace)
    while replay.forward():
        step = replay.step
        node = trace.nodes[trace.columns.event_node[step - 1]]
        for density, column in widths.items():
            column[node.id] = max(column[node.id], width(node, replay.views[node.id], density))
    return widths


def plan_tree(
    trace: Trace,
    *,
    max_width: int = DEFAULT_MAX_WIDTH,
    label_widths: Sequence[int] | None = None,
    density: Density = Density.FULL,
    target_width: int = TARGET_WIDTH,
    target_height: int | None = None,
) -> TreePlan | None:
    """Lays out `trace`'s tree, or None when it has over `MAX_DRAWN_NODES` nodes or needs over `max_width` columns.

    Subtrees are as far apart as `GAPS` allows with the drawing still `target_width` columns wide at most
    (else `GAPS[-1]`); a node's box is as wide as its widest label of `density` (or `label_widths[id]`).
    Levels are `LEVEL_HEIGHT` rows apart, more (up to `MAX_LEVEL_HEIGHT`) where the drawing still fits
    `target_height` rows.
    """
    if len(trace.nodes) > MAX_DRAWN_NODES:
        return None
    widths = all_label_widths(trace, (density,))[density] if label_widths is None else list(label_widths)
    children = [node.children for node in trace.nodes]
    placements = [place_tree(children, widths, gap, bars=True) for gap in GAPS]
    fitting = [placed for placed in placements if placed[1] <= target_width] or placements[-1:]
    xs, width = fitting[0]
    if width > max_width:
        return None
    depth = max(node.depth for node in trace.nodes)
    level = LEVEL_HEIGHT
    if target_height is not None and depth:
        level = max(LEVEL_HEIGHT, min(MAX_LEVEL_HEIGHT, (target_height - 2) // depth))
    centres = tuple(x - 1 for x in xs)  # a box's middle column, the left one of two (see `place_tree`)
    return TreePlan(trace, centres, tuple(widths), width, depth, density, level)


def fit_tree(
    trace: Trace,
    width: int,
    *,
    max_width: int = DEFAULT_MAX_WIDTH,
    label_widths: Mapping[Density, Sequence[int]] | None = None,
    densities: Collection[Density] = tuple(Density),
    height: int | None = None,
) -> TreePlan | None:
    """The plan with the fullest labels of `densities` that fits `width` columns (and grows to fill `height`
    rows), else the narrowest; None as `plan_tree` (`label_widths`: from `all_label_widths`, computed when
    None)."""
    if len(trace.nodes) > MAX_DRAWN_NODES:
        return None
    widths = all_label_widths(trace) if label_widths is None else label_widths
    plans = [
        plan_tree(
            trace,
            max_width=max_width,
            label_widths=widths[density],
            density=density,
            target_width=width,
            target_height=height,
        )
        for density in densities
    ]
    drawn = [plan for plan in plans if plan is not None]
    if not drawn:
        return None
    return next((plan for plan in drawn if plan.width <= width), min(drawn, key=lambda plan: plan.width))


def draw_tree(plan: TreePlan, replay: Replay, *, show_pv: bool = False, show_leaf_values: bool = False) -> TreeDrawing:
    """Draws the planned tree in `replay`'s current state; `show_pv` marks the principal variation,
    `show_leaf_values` shows an explicit tree's leaf values before they are evaluated (see `node_label`)."""
    trace = plan.trace
    on_pv = set(trace.summary.principal_variation) if show_pv else set()
    counts = visit_counts(trace) if is_monte_carlo(trace) else None
    labels = [
        node_label(
            node,
            replay.views[node.id],
            is_current=node.id == replay.current,
            on_pv=node.id in on_pv,
            density=plan.density,
            show_leaf_values=show_leaf_values,
            movers_view=trace.is_negamax,
            visits=None if counts is None else counts.at(node.id, replay.step),
        )
        for node in trace.nodes
    ]
    pruned = {node for node, view in enumerate(replay.views) if view.phase is Phase.PRUNED}
    return draw_labels(plan, labels, dimmed_edges=pruned, bold_edges=on_pv - {trace.root.id})


def draw_labels(
    plan: TreePlan, labels: Sequence[NodeLabel], *, dimmed_edges: Collection[int] = (), bold_edges: Collection[int] = ()
) -> TreeDrawing:
    """Draws the planned tree with the given label of each node (by id; each fits its planned width), the edges
    to `dimmed_edges` dim (pruned nodes) and to `bold_edges` bold (the principal variation)."""
    trace = plan.trace
    height = plan.height
    cells = [[" "] * plan.width for _ in range(height)]
    styles: list[list[tuple[int, int, str]]] = [[] for _ in range(height)]
    positions = {}
    for node in trace.nodes:
        row, centre, width = node.depth * plan.level_height, plan.centres[node.id], plan.widths[node.id]
        positions[node.id] = (row, centre)
        label = labels[node.id]
        for offset, line in enumerate((label.top, label.bottom)):
            start = centre - (cell_len(line) - 1) // 2
            cells[row + offset][start : start + len(line)] = line
            style = label.bottom_style if offset and label.bottom_style is not None else label.style
            if style:
                left = centre - (width - 1) // 2
                styles[row + offset].append((left, left + width, style))
        if node.children:
            _draw_edges(plan, node, cells[row + 2], styles[row + 2], dimmed_edges, bold_edges)
            for below in range(row + 3, row + plan.level_height):  # a tall view: the edges run on down
                for child in node.children:
                    cells[below][plan.centres[child]] = "│"
                    _style_edge(styles[below], plan.centres[child], child, dimmed_edges, bold_edges)
    lines = [Text("".join(row_cells)) for row_cells in cells]
    for drawn, row_styles in zip(lines, styles, strict=True):
        for start, end, style in row_styles:
            drawn.stylize(style, start, end)
    return TreeDrawing(tuple(lines), positions, plan.widths, plan.width)


def _draw_edges(
    plan: TreePlan,
    node: TraceNode,
    cells: list[str],
    styles: list[tuple[int, int, str]],
    dimmed: Collection[int],
    bold: Collection[int],
) -> None:
    """Joins `node` to its children on the edge row below it: `┌───┴───┐`."""
    top = plan.centres[node.id]
    below = {plan.centres[child]: child for child in node.children}
    low, high = min(top, *below), max(top, *below)
    for column in range(low, high + 1):
        cells[column] = _BOX[8 * (column == top) + 4 * (column in below) + 2 * (column > low) + (column < high)]
    for column, child in below.items():
        _style_edge(styles, column, child, dimmed, bold)


def _style_edge(
    styles: list[tuple[int, int, str]], column: int, child: int, dimmed: Collection[int], bold: Collection[int]
) -> None:
    """Dims the edge down to a pruned child in `column`, or makes it bold on the principal variation."""
    if child in dimmed:
        styles.append((column, column + 1, "dim"))
    elif child in bold:
        styles.append((column, column + 1, "bold"))
