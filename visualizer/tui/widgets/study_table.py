"""Provides `StudyTable`: the pruned-tree study, one row per tree size and search."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from visualizer.analysis.report import measures, percent
from visualizer.analysis.study import Study

__all__ = ["COLUMNS", "StudyTable"]

COLUMNS = {
    "leaves": "leaves",
    "depth": "depth",
    "search": "search",
    "evaluated": "evaluated",
    "saved": "saved",
    "knuth-moore": "Knuth-Moore",
    "nodes": "nodes",
    "nodes-saved": "nodes saved",
}
"""Column key -> label. The leaves evaluated and their reference come first, so they fit 80 columns."""

LEFT = {"search"}
"""Columns of words; the numbers are right-aligned."""


class StudyTable(DataTable):
    """Per size: minimax, then alpha-beta in each order; the size and Knuth-Moore on the size's first row.

    The measures are the mean ± standard deviation over the trials; "saved" is the fraction of minimax's
    leaves (or nodes) alpha-beta did not need on the same trees.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.lines: list[tuple[str, ...]] = []
        """The cells shown, one tuple a row (for tests)."""

    def on_mount(self) -> None:
        for key, label in COLUMNS.items():
            self.add_column(label if key in LEFT else Text(label, justify="right"), key=key)

    def show(self, study: Study) -> None:
        """Lists the study's rows (replacing what was shown)."""
        rows = study.rows
        self.lines = []
        for row, evaluated, nodes in zip(rows, measures(rows, "leaves"), measures(rows, "nodes")):
            first = row.algorithm == "minimax"
            minimal = study.knuth_moore(row.size)
            self.lines.append((
                str(row.size.leaves) if first else "",
                (str(row.size.depth) if row.size.is_uniform else "-") if first else "",
                row.label,
                evaluated,
                "-" if first else percent(row.leaves_saved),
                ("-" if minimal is None else str(minimal)) if first else "",
                nodes,
                "-" if first else percent(row.nodes_saved),
            ))
        self.clear()
        for line in self.lines:
            self.add_row(*(cell if key in LEFT else Text(cell, justify="right")
                           for key, cell in zip(COLUMNS, line)))
