"""Provides `PracticeTree`: the exercise's tree drawn with the student's answers and, once checked, the verdicts."""

from __future__ import annotations

from collections.abc import Mapping

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widgets import Static

from visualizer.games.base import Value
from visualizer.practice.answers import Answers
from visualizer.practice.check import Report
from visualizer.practice.exercise import Exercise, KeyNode
from visualizer.shown_text import escaped
from visualizer.tracing.trace_records import NodeStatus
from visualizer.tui.node_labels import MARKERS, Density, NodeLabel, compact_value
from visualizer.tui.tree_layout import TARGET_WIDTH, TreePlan, draw_labels, fit_tree
from visualizer.tui.widgets.game_tree_view import FittedTree, TreeDrawingScroll
from visualizer.tui.widgets.static_update import update_static

__all__ = ["PracticeTree", "practice_label"]

RIGHT, WRONG = "✓", "✗"  # the verdict marks after a check (the table says what is wrong in words)

VERDICT_ROOM = {Density.FULL: 0, Density.COMPACT: 2, Density.NAMES: 1}
"""Columns the verdict adds to the value line: none at full density (it follows the name), " ✓" or "✓"."""


def practice_label(
    node: KeyNode,
    answers: Answers,
    report: Report | None,
    *,
    marked_pruned: bool,
    selected: bool,
    density: Density = Density.FULL,
) -> NodeLabel:
    """A node's label: ">" when selected, "x" when marked pruned, ▲/▼, the name; below, the given leaf value
    or the student's value ("?" while blank); and ✓/✗ once checked (none on a given leaf nobody answered).

    At full density the verdict follows the name (">▲B✓" over "6"); the denser labels keep the top line
    as narrow as the name and put it after the value instead ("6 ✓" compact, "6✓" names).
    """
    answer, name = answers.get(node.name), escaped(node.name)
    mark = ">" if selected else "x" if marked_pruned else " "
    verdict = ""
    if report is not None and report.of(node.name).is_scored:  # a given leaf's value is no answer
        verdict = RIGHT if report.of(node.name).is_right else WRONG
    value: Value | None = answer.value if answer.value is not None else node.leaf_value
    shown = "?" if value is None else compact_value(value)
    if density is Density.FULL:
        top, bottom = f"{mark}{MARKERS[node.player]}{name}{verdict or ' '}", shown
    else:
        top = f"{mark}{MARKERS[node.player]}{name}"
        space = " " if density is Density.COMPACT and verdict else ""
        bottom = f"{shown}{space}{verdict}"
    styles = ["dim strike"] if marked_pruned else []
    if selected:
        styles.append("bold reverse")
    return NodeLabel(top, bottom, " ".join(styles))


def _fitted(label: NodeLabel, width: int) -> NodeLabel:
    """The label cut to `width` columns: a typed value wider than planned loses its end to "…", not its verdict."""
    if cell_len(label.bottom) <= width:
        return label
    verdict = label.bottom[-1] if label.bottom[-1] in (RIGHT, WRONG) else ""
    value = label.bottom[: len(label.bottom) - len(verdict)].rstrip()
    return NodeLabel(label.top, value[: max(0, width - len(verdict) - 1)] + "…" + verdict, label.style)


class PracticeTree(FittedTree):
    """The exercise's tree as a textbook figure with the fullest labels that fit (only the table when it is too
    big to draw); the selected node is scrolled into view at every change."""

    def __init__(self, exercise: Exercise, **kwargs) -> None:
        super().__init__(**kwargs)
        self.exercise = exercise
        self.label_widths = {density: self._widths(density) for density in Density}
        """Each node's widest label by density."""
        self.plan = fit_tree(exercise.tree, TARGET_WIDTH, label_widths=self.label_widths)  # None: too big to draw
        self.shown: tuple[Answers, Report | None, Mapping[str, bool], str | None] | None = None
        """What the last `show` drew: the answers, the report, the pruned marks and the selected node."""

    def _widths(self, density: Density) -> list[int]:
        """Room for the widest label each node can show at `density`: any value of the exercise at full density,
        else a leaf's own value, with the verdict."""
        tree = self.exercise.tree
        values = [node.leaf_value for node in self.exercise.key if node.leaf_value is not None]
        value_width = max((cell_len(compact_value(value)) for value in values), default=1)
        if density is Density.FULL:
            return [max(cell_len(escaped(node.name)) + 3, value_width + 1) for node in tree.nodes]
        by_name = self.exercise.by_name
        widths = []
        for node in tree.nodes:
            key = by_name.get(node.name)
            given = None if key is None else key.leaf_value
            own = value_width if given is None else cell_len(compact_value(given))
            widths.append(max(cell_len(escaped(node.name)) + 2, own + VERDICT_ROOM[density]))
        return widths

    def compose(self) -> ComposeResult:
        with TreeDrawingScroll(id="practice-scroll"):
            text = "" if self.plan is not None else "(too big to draw: answer in the table below)"
            yield Static(text, id="practice-drawing")

    def _plan_for(self, width: int, height: int) -> TreePlan | None:
        return fit_tree(self.exercise.tree, width, label_widths=self.label_widths)  # its box is as tall as the tree

    def _redraw(self) -> None:
        if self.shown is not None:
            self.show(*self.shown)

    def show(self, answers: Answers, report: Report | None, marked: Mapping[str, bool], selected: str | None) -> None:
        """Draws the tree with these answers, verdicts (None before a check) and selection."""
        self.shown = (answers, report, marked, selected)
        if self.plan is None:
            return
        plan = self.plan
        labels = []
        by_name = self.exercise.by_name
        for node in self.exercise.tree.nodes:
            key = by_name.get(node.name)
            if key is None or node.status is NodeStatus.UNREACHED:  # below the look-ahead: not in the exercise
                labels.append(NodeLabel(" ", "", "dim"))
                continue
            label = practice_label(
                key,
                answers,
                report,
                marked_pruned=marked[node.name],
                selected=node.name == selected,
                density=plan.density,
            )
            labels.append(_fitted(label, plan.widths[node.id]))
        dimmed = {by_name[name].id for name, pruned in marked.items() if pruned}
        self.drawing = draw_labels(plan, labels, dimmed_edges=dimmed)
        update_static(self.query_one("#practice-drawing", Static), self.drawing.text(), layout=True)
        if selected is not None:
            self.call_after_refresh(self._show_label, by_name[selected].id)

    @property
    def plain(self) -> str:
        """The drawing without styles (for tests)."""
        return "" if self.drawing is None else self.drawing.plain
