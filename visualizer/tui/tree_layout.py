"""Provides `layout_tree`: a searched tree drawn top-down as text, root at the top, like a textbook figure."""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from visualizer.games.base import Player, Value, format_value
from visualizer.tracing.replay import NodeView, Phase, Replay
from visualizer.tracing.trace import NodeStatus, Trace, TraceNode

__all__ = [
    "DEFAULT_MAX_WIDTH", "MARKERS", "MAX_DRAWN_NODES", "TARGET_WIDTH", "VIEW_LEGEND", "Density", "NodeLabel",
    "TreeDrawing", "TreePlan", "all_label_widths", "compact_value", "draw_labels", "draw_tree", "fit_tree",
    "layout_tree", "node_label", "node_line", "plan_tree", "shown_value",
]

MAX_DRAWN_NODES = 63
"""Trees with more nodes than this (a perfect binary tree of depth 5) are shown as an outline instead."""

DEFAULT_MAX_WIDTH = 200
"""Drawings wider than this many columns are not drawn."""

TARGET_WIDTH = 78
"""The width to stay within when a tighter spacing allows it: an 80-column terminal less a border."""

MARKERS = {Player.MAX: "▲", Player.MIN: "▼"}
"""Who moves at a node, shown without colour."""

LEVEL_HEIGHT = 3
"""Rows per level: the two label lines and one row of edges."""

GAPS = (2, 1)
"""Columns between neighbouring subtrees: roomy when the drawing fits `TARGET_WIDTH`, else tight."""

VIEW_LEGEND = "values: mover's view"
"""Says whose view a negamax trace's labels show their values and windows from."""

PHASE_WORDS = {Phase.OPEN: "open", Phase.DONE: "done"}
"""The phases an outline line names in words (pruned nodes already say "pruned")."""

_BOX = {  # (up, down, left, right) -> the box-drawing character joining those directions
    (False, False, True, True): "─",
    (True, False, True, True): "┴",
    (False, True, True, True): "┬",
    (True, True, True, True): "┼",
    (False, True, False, True): "┌",
    (False, True, True, False): "┐",
    (True, False, False, True): "└",
    (True, False, True, False): "┘",
    (True, True, False, False): "│",
    (True, True, False, True): "├",
    (True, True, True, False): "┤",
}


class Density(enum.Enum):
    """How much a drawn label says, from the most to the fewest columns."""

    FULL = "full"
    """">▼E #6 " over "3 [6,∞]": the mark, who moves, the name, the visit, the value and the window."""
    COMPACT = "compact"
    """">▼E" over "3[6,∞]": no visit number, no spaces."""
    NAMES = "names"
    """">▼E" over "3": the name with the value beneath (the window is left to the node table)."""


def compact_value(value: Value | None) -> str:
    """A value in few columns: infinities as "∞" and "-∞", "·" for None, else as `format_value` writes it."""
    if value is None:
        return "·"
    if value == float("inf"):
        return "∞"
    if value == float("-inf"):
        return "-∞"
    return format_value(value)


@dataclass(frozen=True)
class NodeLabel:
    """A node's two label lines and their rich style.

    Attributes:
        top: a mark (">" current, "x" pruned, else a space), ▲/▼, the name, " #visit" once visited,
            and "*" on the principal variation (else a space).
        bottom: the value and window ("3 [6,∞]"), "·" while unknown, "pruned" for pruned nodes; an
            explicit tree's leaf not yet evaluated may show its value in brackets, "(3)".
        style: e.g. "bold reverse" for the current node, "dim strike" for pruned ones, "dim" for
            unreached ones (below the depth limit, in no pruned subtree: pruned wins, see
            `NodeStatus`), "" for none.
        bottom_style: the bottom line's style when it differs from `style` (a dim "(3)"), else None.
    """

    top: str
    bottom: str
    style: str
    bottom_style: str | None = None

    @property
    def width(self) -> int:
        """Columns the wider line takes."""
        return max(cell_len(self.top), cell_len(self.bottom))


def shown_value(node: TraceNode, value: Value | None, *, movers_view: bool) -> Value | None:
    """A value of `node` from MAX's view, as `Replay` and `TraceNode` keep values, as a label shows it.

    Args:
        node: the node the value belongs to.
        value: the value from MAX's view, or None.
        movers_view: show it from the view of the player to move at `node` (negamax traces, whose
            windows are kept from that view): MIN's values are negated. False leaves it as it is.
    """
    if value is None or not movers_view:
        return value
    return value * node.player.sign


def _leaf_value(node: TraceNode, view: NodeView, *, movers_view: bool) -> str | None:
    """An explicit tree's leaf value in brackets, "(3)", while the replay has not evaluated it; else None."""
    if node.children or node.board is not None or node.static_value is None or view.value is not None:
        return None
    return f"({compact_value(shown_value(node, node.static_value, movers_view=movers_view))})"


def node_label(
    node: TraceNode,
    view: NodeView,
    *,
    is_current: bool = False,
    on_pv: bool = False,
    short: bool = False,
    density: Density = Density.FULL,
    show_leaf_values: bool = False,
    movers_view: bool = False,
) -> NodeLabel:
    """The label of `node` in the state `view`; nothing in it relies on colour.

    Args:
        node: the node labelled.
        view: what the node shows at the replay's step.
        is_current: the node of the step (marked ">").
        on_pv: the node is on the principal variation (marked "*").
        short: name a game node by its last move only (see `node_line`).
        density: how much the label says.
        show_leaf_values: show an explicit tree's leaf values, dim and in brackets, before they are evaluated.
        movers_view: show the values from the view of the player to move at the node, as negamax keeps
            them (`view` holds them from MAX's view, see `shown_value`); the window is shown as `view`
            holds it, which for negamax traces is from the mover's view already.
    """
    pruned = view.phase is Phase.PRUNED
    name = node.name.rsplit(".", 1)[-1] if short and node.board is not None else node.name
    leaf_value = _leaf_value(node, view, movers_view=movers_view) if show_leaf_values else None
    if density is Density.FULL:
        mark = ">" if is_current else "x" if pruned else " "
        visit = "" if view.visit is None else f" #{view.visit}"
        top = f"{mark}{MARKERS[node.player]}{name}{visit}{'*' if on_pv else ' '}"
    else:  # one mark: the current node, then a pruned one, then the principal variation
        mark = ">" if is_current else "x" if pruned else "*" if on_pv else " "
        top = f"{mark}{MARKERS[node.player]}{name}"
    if pruned:
        bottom = "pruned" if density is Density.FULL else leaf_value or "x"
    elif leaf_value is not None:
        bottom = leaf_value
    elif view.phase is Phase.UNSEEN:
        bottom = "·"
    else:
        bottom = compact_value(shown_value(node, view.value, movers_view=movers_view))
        if view.alpha is not None and view.beta is not None and density is not Density.NAMES:
            window = f"[{compact_value(view.alpha)},{compact_value(view.beta)}]"
            bottom += f" {window}" if density is Density.FULL else window
    styles = []
    if pruned:
        styles.append("dim strike")
    elif view.phase is Phase.UNSEEN and node.status is NodeStatus.UNREACHED:
        styles.append("dim")
    elif view.phase is Phase.OPEN:
        styles.append("bold")
    if is_current:
        styles.append("bold reverse")
    if on_pv:
        styles.append("underline")
    style = " ".join(styles)
    bottom_style = None
    if leaf_value is not None and bottom == leaf_value and "dim" not in style:
        bottom_style = " ".join(["dim", *styles])
    return NodeLabel(top, bottom, style, bottom_style)


def node_line(
    node: TraceNode,
    view: NodeView,
    *,
    is_current: bool = False,
    on_pv: bool = False,
    short: bool = False,
    show_leaf_values: bool = False,
    movers_view: bool = False,
) -> Text:
    """The label on one line, with the phase in words, e.g. ">▼E #6  3 [6,∞]  open" ("unreached" for
    a node below the depth limit that no cut-off skipped).

    With `short`, a game node is named by its last move only ("O8" for "X4.O8"), as in an outline;
    `show_leaf_values` and `movers_view` (pass `trace.is_negamax`): see `node_label`.
    """
    label = node_label(
        node,
        view,
        is_current=is_current,
        on_pv=on_pv,
        short=short,
        show_leaf_values=show_leaf_values,
        movers_view=movers_view,
    )
    words = [label.top.strip(), label.bottom]
    if view.phase in PHASE_WORDS:
        words.append(PHASE_WORDS[view.phase])
    elif view.phase is Phase.UNSEEN and node.status is NodeStatus.UNREACHED:
        words.append(NodeStatus.UNREACHED.value)
    return Text("  ".join(words), style=label.style)


@dataclass(frozen=True)
class TreePlan:
    """Where every node of a trace goes; computed once per trace, drawn at every step.

    Attributes:
        trace: the trace laid out.
        centres: the column of each node's centre, by node id (the column its edges meet).
        widths: the width of each node's label box, wide enough for every label it shows during the replay.
        width: columns of the whole drawing.
        depth: the deepest level.
        density: how much each label says.
    """

    trace: Trace
    centres: tuple[int, ...]
    widths: tuple[int, ...]
    width: int
    depth: int
    density: Density = Density.FULL

    @property
    def height(self) -> int:
        """Rows of the whole drawing."""
        return (self.depth + 1) * LEVEL_HEIGHT - 1


@dataclass(frozen=True)
class TreeDrawing:
    """A tree drawn at one step.

    Attributes:
        lines: the rows of the drawing, all `width` columns wide.
        positions: node id -> (row of its first label line, column of its centre).
        widths: the width of each node's label box, by node id.
        width: columns of the drawing.
    """

    lines: tuple[Text, ...]
    positions: dict[int, tuple[int, int]]
    widths: tuple[int, ...]
    width: int

    def label(self, node_id: int) -> tuple[str, str]:
        """The two label lines of a node as drawn, stripped."""
        row, centre = self.positions[node_id]
        left = centre - (self.widths[node_id] - 1) // 2
        right = left + self.widths[node_id]
        return self.lines[row].plain[left:right].strip(), self.lines[row + 1].plain[left:right].strip()

    def text(self) -> Text:
        """All lines as one rich `Text`."""
        return Text("\n").join(self.lines)

    @property
    def plain(self) -> str:
        """The drawing without styles or trailing spaces."""
        return "\n".join(line.plain.rstrip() for line in self.lines)


def all_label_widths(trace: Trace, densities: Collection[Density] = tuple(Density)) -> dict[Density, list[int]]:
    """The widest label each node shows at any step, leaf values shown or not, for each density (one replay).

    Negamax traces' labels are measured as drawn, from the mover's view (see `node_label`).
    """
    movers_view = trace.is_negamax

    def width(node: TraceNode, view: NodeView, density: Density) -> int:
        return max(
            node_label(node, view, density=density, show_leaf_values=shown, movers_view=movers_view).width
            for shown in (False, True)
        )

    first = [NodeView(Phase.PRUNED if node.status is NodeStatus.PRUNED else Phase.UNSEEN) for node in trace.nodes]
    widths = {
        density: [width(node, view, density) for node, view in zip(trace.nodes, first, strict=True)]
        for density in densities
    }
    replay = Replay(trace)
    while replay.forward():
        node = trace.nodes[replay.current]
        for density, column in widths.items():
            column[node.id] = max(column[node.id], width(node, replay.views[node.id], density))
    return widths


def _children_span(node: TraceNode, spans: list[int], gap: int) -> int:
    return sum(spans[child] for child in node.children) + gap * (len(node.children) - 1)


def _over_children(columns: list[int]) -> int:
    """Midway between the outer children, or right over the middle child when that is at most a column off."""
    middle = (columns[0] + columns[-1]) // 2
    if len(columns) % 2 and abs(columns[len(columns) // 2] - middle) <= 1:
        return columns[len(columns) // 2]
    return middle


def _place(trace: Trace, widths: list[int], gap: int) -> tuple[list[int], int]:
    """Each node's centre column and the total width, leaves left to right, parents over their children."""
    deepest_first = sorted(trace.nodes, key=lambda node: node.depth, reverse=True)
    spans = [0] * len(trace.nodes)  # the band of columns each subtree owns
    for node in deepest_first:
        spans[node.id] = max(widths[node.id], _children_span(node, spans, gap) if node.children else 0)
    lefts = [0] * len(trace.nodes)
    for node in reversed(deepest_first):  # parents first: children share the parent's band, centred in it
        column = lefts[node.id] + (spans[node.id] - _children_span(node, spans, gap)) // 2
        for child in node.children:
            lefts[child] = column
            column += spans[child] + gap
    centres = [0] * len(trace.nodes)
    for node in deepest_first:  # children first: a parent sits midway between its outer children
        width, left = widths[node.id], lefts[node.id]
        lowest = left + (width - 1) // 2
        highest = left + spans[node.id] - width + (width - 1) // 2
        wanted = _over_children([centres[child] for child in node.children]) if node.children else lowest
        centres[node.id] = min(max(wanted, lowest), highest)
    return centres, spans[0]


def plan_tree(
    trace: Trace,
    *,
    max_width: int = DEFAULT_MAX_WIDTH,
    label_widths: Sequence[int] | None = None,
    density: Density = Density.FULL,
    target_width: int = TARGET_WIDTH,
) -> TreePlan | None:
    """Lays out `trace`'s tree, or None when it has over `MAX_DRAWN_NODES` nodes or needs over `max_width` columns.

    Subtrees are `GAPS[0]` columns apart when the drawing then fits `target_width`, else `GAPS[-1]`.
    Each node's box is as wide as its widest label of `density` during the replay (leaf values shown
    or not), or `label_widths[id]` when given.
    """
    if len(trace.nodes) > MAX_DRAWN_NODES:
        return None
    widths = all_label_widths(trace, (density,))[density] if label_widths is None else list(label_widths)
    placements = [_place(trace, widths, gap) for gap in GAPS]
    fitting = [placed for placed in placements if placed[1] <= target_width] or placements[-1:]
    centres, width = fitting[0]
    if width > max_width:
        return None
    depth = max(node.depth for node in trace.nodes)
    return TreePlan(trace, tuple(centres), tuple(widths), width, depth, density)


def fit_tree(
    trace: Trace,
    width: int,
    *,
    max_width: int = DEFAULT_MAX_WIDTH,
    label_widths: Mapping[Density, Sequence[int]] | None = None,
) -> TreePlan | None:
    """The plan with the fullest labels that fits `width` columns, else the narrowest; None as `plan_tree`.

    Args:
        trace: the trace to lay out.
        width: the columns the view has.
        max_width: the widest drawing allowed.
        label_widths: each node's label width by density (from `all_label_widths`), computed when None.
    """
    if len(trace.nodes) > MAX_DRAWN_NODES:
        return None
    widths = all_label_widths(trace) if label_widths is None else label_widths
    plans = [
        plan_tree(trace, max_width=max_width, label_widths=widths[density], density=density, target_width=width)
        for density in Density
    ]
    drawn = [plan for plan in plans if plan is not None]
    if not drawn:
        return None
    return next((plan for plan in drawn if plan.width <= width), min(drawn, key=lambda plan: plan.width))


def draw_tree(plan: TreePlan, replay: Replay, *, show_pv: bool = False, show_leaf_values: bool = False) -> TreeDrawing:
    """Draws the planned tree in `replay`'s current state with the plan's density.

    `show_pv` marks the principal variation; `show_leaf_values` shows the values of an explicit tree's
    leaves before the search evaluates them (see `node_label`). A negamax trace's labels show values
    and windows from the mover's view, as negamax computes them; the others from MAX's view.
    """
    trace = plan.trace
    on_pv = set(trace.summary.principal_variation) if show_pv else set()
    labels = [
        node_label(
            node,
            replay.views[node.id],
            is_current=node.id == replay.current,
            on_pv=node.id in on_pv,
            density=plan.density,
            show_leaf_values=show_leaf_values,
            movers_view=trace.is_negamax,
        )
        for node in trace.nodes
    ]
    pruned = {node for node, view in enumerate(replay.views) if view.phase is Phase.PRUNED}
    return draw_labels(plan, labels, dimmed_edges=pruned, bold_edges=on_pv - {trace.root.id})


def draw_labels(
    plan: TreePlan,
    labels: Sequence[NodeLabel],
    *,
    dimmed_edges: Collection[int] = (),
    bold_edges: Collection[int] = (),
) -> TreeDrawing:
    """Draws the planned tree with the given label of each node (by id).

    Args:
        plan: where the nodes go; each label must fit its node's planned width.
        labels: the two lines and style of each node.
        dimmed_edges: nodes whose edge from their parent is dim (pruned ones).
        bold_edges: nodes whose edge from their parent is bold (the principal variation's).
    """
    trace = plan.trace
    height = plan.height
    cells = [[" "] * plan.width for _ in range(height)]
    styles: list[list[tuple[int, int, str]]] = [[] for _ in range(height)]
    positions = {}
    for node in trace.nodes:
        row, centre, width = node.depth * LEVEL_HEIGHT, plan.centres[node.id], plan.widths[node.id]
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
    lines = []
    for row_cells, row_styles in zip(cells, styles, strict=True):
        line = Text("".join(row_cells))
        for start, end, style in row_styles:
            line.stylize(style, start, end)
        lines.append(line)
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
        cells[column] = _BOX[(column == top, column in below, column > low, column < high)]
    for column, child in below.items():
        if child in dimmed:
            styles.append((column, column + 1, "dim"))
        elif child in bold:
            styles.append((column, column + 1, "bold"))


def layout_tree(
    trace: Trace, replay: Replay, *, show_pv: bool, max_width: int = DEFAULT_MAX_WIDTH
) -> TreeDrawing | None:
    """The tree drawn at `replay`'s step, or None when it is too big to draw (see `plan_tree`)."""
    plan = plan_tree(trace, max_width=max_width)
    return None if plan is None else draw_tree(plan, replay, show_pv=show_pv)
