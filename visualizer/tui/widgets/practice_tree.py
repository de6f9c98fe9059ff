"""Provides `PracticeTree`: the exercise's tree drawn with the student's answers and, once checked, the verdicts."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from visualizer.games.base import Value
from visualizer.practice.answers import Answers
from visualizer.practice.check import Report
from visualizer.practice.exercise import Exercise, KeyNode
from visualizer.tracing.records import NodeStatus
from visualizer.tui.tree_layout import (
    MARKERS,
    NodeLabel,
    TreeDrawing,
    compact_value,
    draw_labels,
    plan_tree,
)
from visualizer.tui.widgets.game_tree_view import TreeDrawingScroll
from visualizer.tui.widgets.static_update import update_static

__all__ = ["PracticeTree", "practice_label"]

RIGHT, WRONG = "✓", "✗"
"""The verdict marks after a check (the table says what is wrong in words)."""


def practice_label(
    node: KeyNode, answers: Answers, report: Report | None, *, marked_pruned: bool, selected: bool
) -> NodeLabel:
    """A node's label: ">" when selected, "x" when marked pruned, ▲/▼, the name, ✓/✗ once checked (none on a given leaf nobody answered); below,
    the given leaf value or the student's value ("?" while blank)."""
    answer = answers.get(node.name)
    mark = ">" if selected else "x" if marked_pruned else " "
    verdict = " "
    if report is not None and report.of(node.name).is_scored:  # a given leaf's value is no answer
        verdict = RIGHT if report.of(node.name).is_right else WRONG
    top = f"{mark}{MARKERS[node.player]}{node.name}{verdict}"
    value: Value | None = answer.value if answer.value is not None else node.leaf_value
    bottom = "?" if value is None else compact_value(value)
    styles = ["dim strike"] if marked_pruned else []
    if selected:
        styles.append("bold reverse")
    return NodeLabel(top, bottom, " ".join(styles))


class PracticeTree(Widget):
    """The exercise's tree as a textbook figure (only the table when it is too big to draw).

    Args:
        exercise: the exercise shown.
    """

    DEFAULT_CSS = """
    PracticeTree {
        height: auto;
    }
    PracticeTree > TreeDrawingScroll {
        height: auto;
        max-height: 100%;
        align-horizontal: center;
    }
    PracticeTree #practice-drawing {
        width: auto;
        height: auto;
    }
    """

    def __init__(self, exercise: Exercise, **kwargs) -> None:
        super().__init__(**kwargs)
        self.exercise = exercise
        """The exercise drawn."""
        self.plan = plan_tree(exercise.tree, label_widths=self._widths())
        """The layout, None when the tree is too big to draw."""
        self.drawing: TreeDrawing | None = None
        """The drawing on screen."""

    def _widths(self) -> list[int]:
        """Room for the widest label each node can show: any value of the exercise, or a blank."""
        tree = self.exercise.tree
        values = [node.leaf_value for node in self.exercise.key if node.leaf_value is not None]
        value_width = max((cell_len(compact_value(value)) for value in values), default=1) + 1
        return [max(cell_len(node.name) + 3, value_width) for node in tree.nodes]

    def compose(self) -> ComposeResult:
        with TreeDrawingScroll(id="practice-scroll"):
            text = "" if self.plan is not None else "(too big to draw: answer in the table below)"
            yield Static(text, id="practice-drawing")

    def show(self, answers: Answers, report: Report | None, marked: dict[str, bool], selected: str | None) -> None:
        """Draws the tree with these answers, verdicts (None before a check) and selection."""
        if self.plan is None:
            return
        tree = self.exercise.tree
        labels = []
        by_name = self.exercise.by_name
        for node in tree.nodes:
            key = by_name.get(node.name)
            if key is None or node.status is NodeStatus.UNREACHED:  # below the look-ahead: not in the exercise
                labels.append(NodeLabel(" ", "", "dim"))
                continue
            label = practice_label(key, answers, report, marked_pruned=marked[node.name], selected=node.name == selected)
            if cell_len(label.bottom) > self.plan.widths[node.id]:  # a typed value wider than any given one
                label = NodeLabel(label.top, label.bottom[: self.plan.widths[node.id] - 1] + "…", label.style)
            labels.append(label)
        dimmed = {by_name[name].id for name, pruned in marked.items() if pruned}
        self.drawing = draw_labels(self.plan, labels, dimmed_edges=dimmed)
        update_static(self.query_one("#practice-drawing", Static), self.drawing.text(), layout=True)
        if selected is not None:
            self.call_after_refresh(self._scroll_to, by_name[selected].id)

    @property
    def plain(self) -> str:
        """The drawing without styles (for tests)."""
        return "" if self.drawing is None else self.drawing.plain

    def _scroll_to(self, node_id: int) -> None:
        if self.drawing is not None:
            self.query_one(TreeDrawingScroll).scroll_to_label(self.drawing, node_id)
