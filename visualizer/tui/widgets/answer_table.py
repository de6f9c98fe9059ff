"""Provides `AnswerTable`: one row per node of an exercise with the student's answer and, once checked, the verdict."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from visualizer.games.base import format_value
from visualizer.practice.answers import Answers
from visualizer.practice.check import Report
from visualizer.practice.exercise import Exercise, KeyNode
from visualizer.shown_text import escaped

__all__ = ["COLUMNS", "GIVEN", "AnswerTable"]

COLUMNS = ("node", "player", "value", "alpha", "beta", "pruned", "check", "step", "answer", "problem")
"""The table's columns: the last four fill in after a check (the right answer only on request)."""

GIVEN = "given"  # the check column of a leaf whose given value is all the answer says: the score leaves it out


class AnswerTable(DataTable):
    """The exercise's nodes in the order minimax visits them, indented by depth; leaves show their given value, dim."""

    def __init__(self, exercise: Exercise, **kwargs) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.exercise = exercise
        self.shown: dict[str, tuple[str | Text, ...]] = {}  # node name -> the cells its row shows

    def on_mount(self) -> None:
        for column in COLUMNS:
            self.add_column(column, key=column)

    @property
    def selected(self) -> KeyNode:
        """The node under the cursor."""
        return self.exercise.key[self.cursor_row]

    def select(self, name: str) -> None:
        """Moves the cursor to the node called `name`."""
        self.move_cursor(row=self.get_row_index(name), animate=False)

    def show(self, answers: Answers, report: Report | None, marked: dict[str, bool], revealed: set[str]) -> None:
        """Shows every node's answer, and after a check its verdict and (for `revealed` nodes) the right answer."""
        for node in self.exercise.key:
            cells = self._cells(node, answers, report, marked, revealed)
            if node.name not in self.shown:
                self.add_row(*cells, key=node.name)
            elif self.shown[node.name] != cells:
                for column, old, new in zip(COLUMNS, self.shown[node.name], cells):
                    if old != new:
                        self.update_cell(node.name, column, new, update_width=True)
            self.shown[node.name] = cells

    @staticmethod
    def _cells(
        node: KeyNode, answers: Answers, report: Report | None, marked: dict[str, bool], revealed: set[str]
    ) -> tuple[str | Text, ...]:
        answer = answers.get(node.name)
        value = answer.value if answer.value is not None else node.leaf_value
        pruned = "x" if answer.pruned else "(x)" if marked[node.name] else ""
        check = answer_text = step = problem = ""
        if report is not None:
            verdict = report.of(node.name)
            check = GIVEN if not verdict.is_scored else "✓" if verdict.is_right else "✗"
            problem = "" if verdict.is_right else verdict.words()
            step = format_value(verdict.step, missing="")
            if node.name in revealed:
                answer_text = right_answer(node)
        return (
            Text("  " * node.depth + escaped(node.name)),  # (a str cell would be read as markup)
            node.player.value.upper(),
            Text(format_value(value), style="dim")
            if node.is_leaf and answer.value is None
            else format_value(value, missing="?"),
            format_value(answer.alpha, missing=""),
            format_value(answer.beta, missing=""),
            pruned,
            check,
            step,
            answer_text,
            Text(escaped(problem)),
        )


def right_answer(node: KeyNode) -> str:
    """The key's answer for a node: "pruned", or "3 [-inf, 3]" (value and the window it leaves with)."""
    if node.pruned:
        return "pruned"
    return f"{format_value(node.value)} [{format_value(node.alpha)}, {format_value(node.beta)}]"
