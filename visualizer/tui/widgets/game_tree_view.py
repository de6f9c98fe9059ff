"""Provides `GameTreeView`: the searched tree drawn like a textbook figure that fits the view, or an outline when
too big."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static, Tree

from visualizer.games.base import Player
from visualizer.shown_text import escaped, escaped_lines
from visualizer.steps.describe import format_probability
from visualizer.steps.replay import Replay
from visualizer.tracing.trace import Trace
from visualizer.tui.node_labels import MARKERS, VIEW_LEGEND
from visualizer.tui.tree_layout import (
    DEFAULT_MAX_WIDTH,
    Density,
    TreeDrawing,
    TreePlan,
    all_label_widths,
    draw_tree,
    fit_tree,
    plan_tree,
)
from visualizer.tui.widgets.static_update import update_static
from visualizer.tui.widgets.tree_outline import TreeOutline

__all__ = ["TREE_VIEW_BINDINGS", "ZOOMS", "GameTreeView", "TreeDrawingScroll", "fit_alike"]

ZOOMS: tuple[Density | None, ...] = (None, Density.FULL, Density.COMPACT, Density.NAMES)
"""The zoom levels `z` cycles through: None fits the view (the fullest labels that fit), then each density."""

PAN_COLUMNS = 4  # columns one sideways pan moves the view


TREE_VIEW_BINDINGS = [
    Binding("z", "zoom", "Zoom"),
    Binding("v", "predict", "Predict"),
    Binding("h", "pan(-1, 0)", "Pan", key_display="hjkl"),
    Binding("l", "pan(1, 0)", "Pan right", show=False),
    Binding("k", "pan(0, -1)", "Pan up", show=False),
    Binding("j", "pan(0, 1)", "Pan down", show=False),
    Binding("shift+left", "pan(-1, 0)", "Pan left", show=False),
    Binding("shift+right", "pan(1, 0)", "Pan right", show=False),
    Binding("shift+up", "pan(0, -1)", "Pan up", show=False),
    Binding("shift+down", "pan(0, 1)", "Pan down", show=False),
]
"""The tree's keys, for the screens that show one (`action_zoom`, `action_predict` and `action_pan` are theirs)."""


class TreeDrawingScroll(ScrollableContainer, inherit_bindings=False):
    """Scrolls a drawing larger than the view; leaves left/right and home/end to the screen's stepping keys.

    The screens bind the panning keys (shift+arrows, h/j/k/l), so that compare mode pans both trees at once.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "scroll_up", "Scroll up", show=False),
        Binding("down", "scroll_down", "Scroll down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
    ]


class FittedTree(Widget):
    """A tree drawn in a `TreeDrawingScroll` (beside which a board may show) and planned anew for the widget's
    width at each resize; subclasses choose the plan for a width (`_plan_for`) and draw it (`_redraw`)."""

    plan: TreePlan | None = None
    """The drawing's layout, None when the tree is not drawn."""
    drawing: TreeDrawing | None = None
    """The drawing on screen (None when the tree is not drawn or before the first one)."""

    def _plan_for(self, width: int, height: int) -> TreePlan | None:
        raise NotImplementedError

    def _redraw(self) -> None:
        raise NotImplementedError

    def on_resize(self, event: events.Resize) -> None:
        """Fits the drawing to the new size."""
        # within the resize, a new size would not be laid out
        self.call_after_refresh(self._redraw if self._fit() else self._kept)

    def _kept(self) -> None:
        """After a resize that kept the plan (the drawing may now fit, or no longer)."""

    def _room(self) -> tuple[int, int]:
        """The columns and rows the drawing has: the widget's, less what else it shows (a board)."""
        scroll = self.query_one(TreeDrawingScroll)
        width, height = self.size
        return width, height - sum(child.outer_size.height for child in self.displayed_children if child is not scroll)

    def _fit(self) -> bool:
        """Chooses the plan for the widget's width; True when it changed."""
        if self.plan is None or not self.is_mounted:
            return False
        scroll = self.query_one(TreeDrawingScroll)
        width, height = self._room()
        if self.plan.height > height:  # too tall: a vertical scroll bar takes some columns
            width -= scroll.styles.scrollbar_size_vertical
        if width <= 0:
            return False
        plan = self._plan_for(width, height)
        if plan is None or (plan.widths, plan.centres, plan.density, plan.level_height) == (
            self.plan.widths,
            self.plan.centres,
            self.plan.density,
            self.plan.level_height,
        ):
            return False
        self.plan = plan
        return True

    def _show_label(self, node_id: int) -> None:
        """Scrolls the drawing so that the node's two label lines are in view."""
        if self.drawing is not None:
            region = Region(*self.drawing.box(node_id))
            self.query_one(TreeDrawingScroll).scroll_to_region(region, animate=False, immediate=True)


class GameTreeView(FittedTree):
    """The tree of one trace at the replay's current step, with the board of the node in view for games.

    The drawing has the fullest labels that fit the view's width (`fit_tree`) unless a zoom level fixes them;
    trees wider than `max_width` with full labels are shown as a `TreeOutline`.
    """

    DEFAULT_CSS = """
    GameTreeView {
        height: 1fr;
        layout: vertical;
    }
    GameTreeView > TreeDrawingScroll, GameTreeView > TreeOutline {
        height: 1fr;
    }
    GameTreeView > TreeDrawingScroll {
        align: center middle;
    }
    GameTreeView #tree-drawing {
        width: auto;
        height: auto;
    }
    GameTreeView > #tree-board {
        height: auto;
        padding: 0 1;
        border-top: solid $secondary;
    }
    """

    def __init__(self, trace: Trace, *, max_width: int = DEFAULT_MAX_WIDTH, **kwargs) -> None:
        super().__init__(**kwargs)
        self.trace = trace
        self.max_width = max_width
        self.plan = plan_tree(trace, max_width=max_width)  # None: the tree is shown as an outline
        self.label_widths = all_label_widths(trace) if self.plan is not None else {}
        """Each node's widest label by density, for fitting the drawing."""
        self.zoom: Density | None = None  # the density the user chose with `cycle_zoom`, None to fit the view
        self.fullest: Density | None = None
        """The fullest labels a fit may choose (compare mode: what fits the other pane too); None: any."""
        self.show_leaf_values = True
        """True to show an explicit tree's leaf values before they are evaluated (False: predict mode)."""
        self.board_node: int | None = None  # the id of the node whose board is on show (None for trees without boards)
        self.replay: Replay | None = None
        self.show_pv = False

    def compose(self) -> ComposeResult:
        if self.plan is not None:
            with TreeDrawingScroll(id="tree-scroll"):
                yield Static(id="tree-drawing")
        else:
            yield TreeOutline(self.trace, id="tree-outline")
        board = Static(id="tree-board")
        board.display = self.trace.root.board is not None
        yield board

    def on_mount(self) -> None:
        if self.replay is None:
            self.replay = Replay(self.trace)
        self._update_subtitle()
        self._refresh_view()

    def _redraw(self) -> None:
        """Names the zoom level in the border and redraws the tree at the replay's step."""
        self._update_subtitle()
        if self.replay is not None and self.is_mounted:
            self._refresh_view()

    def _plan_for(self, width: int, height: int) -> TreePlan | None:
        """The plan at the zoom level's density, or with the fullest labels that fit `width` columns; its levels
        spread out to fill `height` rows."""
        fit = partial(
            fit_tree,
            self.trace,
            width,
            max_width=max(self.max_width, width),
            label_widths=self.label_widths,
            height=height,
        )
        zoomed = None if self.zoom is None else fit(densities=[self.zoom])
        densities = list(Density)
        return zoomed or fit(densities=densities[densities.index(self.fullest) :] if self.fullest else densities)

    def cycle_zoom(self) -> Density | None:
        """Moves to the next zoom level (see `ZOOMS`) and redraws; returns the new level."""
        self.zoom = ZOOMS[(ZOOMS.index(self.zoom) + 1) % len(ZOOMS)]
        self._fit()
        self._redraw()
        return self.zoom

    def set_leaf_values(self, shown: bool) -> None:
        """Shows or hides (predict mode) an explicit tree's leaf values before they are evaluated."""
        self.show_leaf_values = shown
        self._redraw()

    @property
    def has_leaf_values(self) -> bool:
        """True for explicit trees, whose leaves carry their values from the start."""
        return self.trace.root.board is None

    def pan(self, columns: int, rows: int) -> None:
        """Scrolls the drawing (or the outline) by `columns` pans sideways and `rows` rows."""
        scroller = self.query_one(TreeOutline) if self.plan is None else self.query_one(TreeDrawingScroll)
        scroller.scroll_relative(x=columns * PAN_COLUMNS, y=rows, animate=False, immediate=True)

    def _update_subtitle(self) -> None:
        """Names the zoom level, predict mode and, for negamax, whose view the values are from in the view's border."""
        parts = []
        if self.plan is not None:
            density = self.plan.density.value
            if not self._fits():
                parts.append(f"z: {density}, scroll to see all")
            else:
                parts.append(f"z: {density}" if self.zoom is not None else f"z: fit ({density})")
        if self.has_leaf_values:
            parts.append("v: values shown" if self.show_leaf_values else "v: PREDICT MODE")
        if self.trace.is_negamax:
            parts.append(VIEW_LEGEND)
        self.border_subtitle = "  ".join(parts)

    def _fits(self) -> bool:
        """True when the whole drawing is in view (before the first layout: assumed)."""
        if self.plan is None or not self.is_mounted or not self.size.width:
            return True
        width, height = self._room()
        return self.plan.width <= width and self.plan.height <= height

    def _kept(self) -> None:
        self._update_subtitle()

    def show(self, replay: Replay, *, show_pv: bool = False) -> None:
        """Shows the tree as it stands at `replay`'s current step; `show_pv` marks the principal variation."""
        self.replay, self.show_pv = replay, show_pv
        if self.is_mounted:
            self._refresh_view()

    def _refresh_view(self) -> None:
        replay = self.replay
        assert replay is not None
        current = 0 if replay.current is None else replay.current
        if self.plan is None:
            outline = self.query_one(TreeOutline)
            outline.show_leaf_values = self.show_leaf_values
            outline.follow(replay, show_pv=self.show_pv)
            outline.call_after_refresh(outline.scroll_to_node, outline.loaded[current], animate=False)
        else:
            drawing = draw_tree(self.plan, replay, show_pv=self.show_pv, show_leaf_values=self.show_leaf_values)
            shown = self.drawing  # the same columns and rows at every step of one plan
            resized = shown is None or (shown.width, len(shown.lines)) != (drawing.width, len(drawing.lines))
            self.drawing = drawing
            update_static(self.query_one("#tree-drawing", Static), drawing.text(), layout=resized)
            self.call_after_refresh(self._show_label, current)
        self._show_board(current)

    def on_tree_node_highlighted(self, event: Tree.NodeHighlighted[int]) -> None:
        """Shows the board of the node under the outline's cursor."""
        if event.node.data is not None:
            self._show_board(event.node.data)

    def _show_board(self, node_id: int) -> None:
        if node_id == self.board_node:  # a board shows only its node, so it is on screen already
            return
        node = self.trace.nodes[node_id]
        if node.board is None:
            return
        self.board_node = node_id
        mover = "" if "to move" in node.board else f"  {node.player.value.upper()} to move"
        if node.player is Player.CHANCE:
            mover = "  CHANCE draws the move"
        drawn = "" if node.probability is None else f"  (probability {format_probability(node.probability)})"
        heading = Text(escaped(f"{MARKERS[node.player]}{node.name}{mover}{drawn}"), style="bold")
        board = Text(escaped_lines(node.board))
        update_static(self.query_one("#tree-board", Static), Text("\n").join([heading, board]))


def fit_alike(views: Sequence[GameTreeView]) -> None:
    """Fits the drawn trees of `views` (those the user has not zoomed) with one density, the sparsest of the ones
    each fits alone, so that they read alike and name one zoom level; a tree whose plan changed is drawn again."""
    fitted = [view for view in views if view.plan is not None and view.zoom is None]
    drawn = [view.plan for view in fitted]
    for view in fitted:
        view.fullest = None
        view._fit()
    densities = list(Density)
    fullest = max((view.plan.density for view in fitted if view.plan), key=densities.index, default=None)
    for view, plan in zip(fitted, drawn):
        view.fullest = fullest
        view._fit()
        if view.plan is not plan:
            view._redraw()
