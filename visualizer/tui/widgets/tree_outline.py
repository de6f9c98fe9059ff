"""Provides `TreeOutline`: a searched tree too big to draw, as an outline that loads branches when opened."""

from __future__ import annotations

from typing import Any, ClassVar, Self

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from visualizer.steps.replay import NodeView, Replay
from visualizer.steps.visits import is_monte_carlo, visit_counts
from visualizer.tracing.trace import Trace
from visualizer.tui.node_labels import node_line
from visualizer.tui.widgets.node_table import LINE_CACHE_SIZE, node_lookup

__all__ = ["TreeOutline"]


class TreeOutline(Tree[int], inherit_bindings=False):
    """The trace's tree as a Textual `Tree` of node ids, opened along the search's current path; children are
    added only when their parent opens, so a tree of half a million nodes starts at once."""

    ICON_NODE = "+ "  # shown before a closed branch (Tree's ▶/▼ would read as MAX/MIN markers)
    ICON_NODE_EXPANDED = "- "  # shown before an open branch

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", "Open/close", show=False),
        Binding("up", "cursor_up", "Cursor up", show=False),
        Binding("down", "cursor_down", "Cursor down", show=False),
        Binding("shift+left", "cursor_parent", "Cursor to parent", show=False),
        Binding("shift+up", "cursor_previous_sibling", "Previous sibling", show=False),
        Binding("shift+down", "cursor_next_sibling", "Next sibling", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
    ]

    def __init__(self, trace: Trace, **kwargs) -> None:
        super().__init__(node_line(trace.root, NodeView(), short=True), 0, **kwargs)
        self.trace = trace
        self._node = node_lookup(trace)
        self._counts = visit_counts(trace) if is_monte_carlo(trace) else None
        self.replay: Replay | None = None
        self.show_pv = False
        self.show_leaf_values = True
        """True to show an explicit tree's leaf values before they are evaluated (False: predict mode)."""
        self.loaded: dict[int, TreeNode[int]] = {0: self.root}
        """Trace node id -> its outline node, for the nodes added so far."""
        self._opened_by_follow: set[int] = set()
        self._label_states: dict[int, dict[str, Any]] = {}
        """Each loaded node's label options (`_label_state`), so that `follow` relabels only the nodes that changed."""
        self.root.allow_expand = bool(trace.root.children)
        self.following = False  # True while `follow` opens and closes nodes (no layout for each)
        self._drawn: LRUCache[tuple, tuple[object, int, Strip]] = LRUCache(LINE_CACHE_SIZE)
        self._frame: tuple = ()  # what every line drawn now depends on besides its node (`render_lines`)

    def get_label_width(self, node: TreeNode[int]) -> int:
        """The columns of a node's line past the guides (without rendering it, as `Tree` would for every line)."""
        return cell_len(str(node.label)) + (cell_len(self.ICON_NODE) if node.allow_expand else 0)

    def _label_state(self, node_id: int, current: int | None) -> dict[str, Any]:
        """All a node's label depends on besides the node (`node_line`'s options), given the replay's current node."""
        assert self.replay is not None  # `follow` sets it before any node is loaded
        return {
            "view": self.replay.views[node_id],
            "is_current": node_id == current,
            "on_pv": self.show_pv and node_id in self.trace.summary.principal_variation,
            "show_leaf_values": self.show_leaf_values,
            "visits": None if self._counts is None else self._counts.at(node_id, self.replay.step),  # Monte Carlo
        }

    def _label(self, node_id: int, state: dict[str, Any]) -> Text:
        return node_line(self._node(node_id), short=True, movers_view=self.trace.is_negamax, **state)

    def load(self, tree_node: TreeNode[int]) -> None:
        """Adds the children of `tree_node` the first time it is needed."""
        assert tree_node.data is not None  # every outline node holds its trace node's id
        node = self._node(tree_node.data)
        if tree_node.children or not node.children:
            return
        current = None if self.replay is None else self.replay.current
        for child in node.children:
            state = self._label_states[child] = self._label_state(child, current)
            label = self._label(child, state)
            self.loaded[child] = tree_node.add(label, child, allow_expand=bool(self._node(child).children))

    def on_tree_node_expanded(self, event: Tree.NodeExpanded[int]) -> None:
        self.load(event.node)

    def _unload(self, tree_node: TreeNode[int]) -> None:
        """Closes `tree_node` and drops the outline nodes below it."""
        below = list(tree_node.children)
        while below:
            child = below.pop()
            below.extend(child.children)
            assert child.data is not None
            self.loaded.pop(child.data, None)
            self._label_states.pop(child.data, None)
            self._opened_by_follow.discard(child.data)
        tree_node.remove_children()
        tree_node.collapse()

    def path_to(self, node_id: int) -> list[int]:
        """The node ids from the root down to `node_id`."""
        path = [node_id]
        while (parent := self._node(path[-1]).parent) is not None:
            path.append(parent)
        return path[::-1]

    def follow(self, replay: Replay, *, show_pv: bool = False) -> None:
        """Opens the outline along the path to the replay's current node and puts the cursor on it; branches it
        opened earlier and no longer on the path are closed and unloaded.

        `Tree` asks for a layout of the screen at each node added, opened or closed; here the screen is laid
        out only when a scroll bar comes or goes (`_fit_scroll_bars`).
        """
        self.replay, self.show_pv = replay, show_pv
        current = replay.current
        target = 0 if current is None else current
        paths = [self.path_to(target)[:-1] or [0]]  # the root stays open
        if show_pv:
            paths.append(list(self.trace.summary.principal_variation[:-1]))
        wanted = {node_id for path in paths for node_id in path}
        lines, self.following = self.virtual_size, True
        for node_id in sorted(self._opened_by_follow - wanted, key=lambda node_id: -self._node(node_id).depth):
            if node_id in self.loaded:
                self._unload(self.loaded[node_id])
            self._opened_by_follow.discard(node_id)
        for path in paths:
            for node_id in path:
                tree_node = self.loaded[node_id]
                self.load(tree_node)
                if not tree_node.is_expanded:
                    tree_node.expand()
                    self._opened_by_follow.add(node_id)
        for node_id, tree_node in self.loaded.items():  # a new label repaints its line and every line below
            if self._label_states.get(node_id) != (state := self._label_state(node_id, current)):
                self._label_states[node_id] = state
                tree_node.set_label(self._label(node_id, state))
        _ = self.last_line  # reading it rebuilds the lines (and their size), so that the target's line is current
        self.following = False
        self._fit_scroll_bars(lines)
        self.move_cursor(self.loaded[target])

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        """`Widget.refresh`, without the layout `Tree` asks for while `follow` opens and closes nodes."""
        return super().refresh(*regions, repaint=repaint, layout=layout and not self.following, recompose=recompose)

    def _fit_scroll_bars(self, before: Size) -> None:
        """After `follow` changed the lines' size from `before`: the screen is laid out when a scroll bar comes or
        goes (as `Widget` decides it for `overflow: auto`); else a vertical bar is sized for the new lines and the
        scroll position kept within them, as a layout would."""
        lines, (width, height), vertical = self.virtual_size, self.container_size, self.show_vertical_scrollbar
        if lines == before:
            return
        if vertical:
            width -= self.styles.scrollbar_size_vertical
        if self.show_horizontal_scrollbar or not height or (lines.height > height) != vertical or lines.width > width:
            self.refresh(layout=True)
        elif vertical:
            self.vertical_scrollbar.window_virtual_size = lines.height
            self.scroll_to(y=self.scroll_y, animate=False, immediate=True)  # within the new lines

    # -- drawing -------------------------------------------------------------
    def notify_style_update(self) -> None:
        """Drops the drawn lines when the CSS (or the theme) changes."""
        self._drawn.clear()
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        """Draws the lines of `crop`, working out once what all of them depend on besides their node."""
        self._frame = (self.size.width, self.scroll_offset.x, self.rich_style, self.get_pseudo_class_state())
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """Line `y` as `Tree` draws it, drawn again only when what it shows changed (`Tree` draws every line again
        at each node added, opened or closed): the node's label and icon, the cursor, and its ancestors' guides,
        styled after the cursor's node when focused. Under the mouse (`hover_line`) lines are drawn anew."""
        line = y + self.scroll_offset.y
        node = self.get_node_at_line(line)
        if node is None or self.hover_line >= 0:
            return super().render_line(y)
        path = [node]
        while (parent := path[-1].parent) is not None:
            path.append(parent)
        cursor = self.cursor_node
        selected = path.index(cursor) if self.has_focus and cursor in path else -1
        label = node.label
        ends = tuple(step.is_last for step in path)  # which guides go on down
        key = (node.id, id(label), node.is_expanded, node.allow_expand, line == self.cursor_line, selected, ends)
        key += self._frame
        drawn = self._drawn.get(key)
        if drawn is None or drawn[0] is not label:  # the label it was drawn with is kept: its id is not reused
            strip = super().render_line(y)
        elif drawn[1] != line:  # moved up or down: the same look, with the new line number for the mouse
            strip = Strip(
                Segment.apply_style(drawn[2], post_style=Style.from_meta({"line": line})), drawn[2].cell_length
            )
        else:
            return drawn[2]
        self._drawn[key] = (label, line, strip)
        return strip
