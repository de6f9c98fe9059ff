"""Provides `RosterRow` and the class roster as CSV (for any gradebook) and JSON: one row per student, from the
student's `GradeReport.to_json()`, or the reason the submission could not be graded."""

from __future__ import annotations

import csv
import io
from dataclasses import asdict, dataclass
from typing import Any

from visualizer.grading.report import escaped

__all__ = ["COLUMNS", "VERDICTS", "RosterRow", "roster_csv", "roster_json", "row_of"]

COLUMNS = (
    "student",
    "file",
    "passed",
    "total",
    "score",
    "verdict",
    "first_failing_tree",
    "first_failure",
    "misconceptions",
    "seconds",
    "report",
)
"""The roster's columns, in order (CSV header and JSON keys)."""

VERDICTS = ("passed", "failed", "interfered", "unusable", "stopped")
"""A row's verdict: every tree passes; some differ or fail; the submission wrote to the grader's channel;
the file cannot be graded (no entry file, a syntax error, no such function); the grading itself was stopped
(it ran past the class's time limit, or the grading process died)."""


@dataclass(frozen=True)
class RosterRow:
    """One student's line of the roster. `score` is the percentage of trees passed (0 when not graded)."""

    student: str
    file: str
    passed: int
    total: int
    score: float
    verdict: str
    first_failing_tree: str
    first_failure: str
    misconceptions: tuple[str, ...]
    seconds: float
    report: str


def row_of(
    student: str,
    file: str,
    report: dict[str, Any] | None,
    *,
    problem: str = "",
    verdict: str = "unusable",
    seconds: float = 0.0,
    total: int = 0,
    report_file: str = "",
) -> RosterRow:
    """The row of a student whose grading gave `report` (a `GradeReport.to_json()`), or, with no report, of one
    that was not graded: `verdict` and `problem` say why, and `total` trees count as not passed."""
    if report is None:
        return RosterRow(
            student, file, 0, total, 0.0, verdict, "", escaped(problem), (), round(seconds, 2), report_file
        )
    trees = report["trees"]
    failing = next((tree for tree in trees if not tree["passed"]), None)
    passed, total = report["passed"], report["total"]
    interfered = any(tree["failure"] == "interfered" for tree in trees)
    verdict = "interfered" if interfered else "passed" if failing is None else "failed"
    first = "" if failing is None else _failure_words(failing)
    return RosterRow(
        student,
        file,
        passed,
        total,
        round(100 * passed / total, 1) if total else 0.0,
        verdict,
        "" if failing is None else escaped(failing["tree"]),
        escaped(first),
        tuple(found["name"] for found in report["misconceptions"]),
        round(seconds, 2),
        report_file,
    )


def _failure_words(tree: dict[str, Any]) -> str:
    """What went wrong on one tree, in one line."""
    if tree["divergence"] is not None:
        return str(tree["divergence"]["text"])
    lines = (tree["message"] or "").strip().split("\n")
    message = lines[-1] if tree["failure"] == "error" else lines[0]  # the exception, after its traceback
    return f"{tree['failure']}: {message}" if message else str(tree["failure"])


def roster_csv(rows: list[RosterRow]) -> str:
    """The roster as CSV, a header then a row per student. A cell that a spreadsheet would take for a formula
    (it starts with =, +, - or @) starts with an apostrophe: a file name cannot run anything in the gradebook."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for row in rows:
        cells = asdict(row)
        cells["misconceptions"] = ";".join(row.misconceptions)
        writer.writerow(_inert(cells[column]) for column in COLUMNS)
    return buffer.getvalue()


def _inert(cell: object) -> object:
    if isinstance(cell, str) and cell.startswith(("=", "+", "-", "@", "\t", "\r")):
        return "'" + cell
    return cell


def roster_json(rows: list[RosterRow], **about: Any) -> dict[str, Any]:
    """The roster as one JSON object: what was graded (`about`: seed, algorithm, ...), then the rows."""
    students = [dict(asdict(row), misconceptions=list(row.misconceptions)) for row in rows]
    return {**about, "students": students}
