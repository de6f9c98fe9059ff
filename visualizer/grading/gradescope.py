"""Provides `gradescope_results`: a student's grading as the results.json that Gradescope's autograder reads
(https://gradescope-autograders.readthedocs.io/en/latest/specs/): the score, and one test per tree with what
went wrong on it."""

from __future__ import annotations

from typing import Any

from visualizer.grading.report import escaped

__all__ = ["gradescope_results", "gradescope_unusable"]


def gradescope_results(report: dict[str, Any], text: str, *, points: float | None = None) -> dict[str, Any]:
    """results.json for `report` (a `GradeReport.to_json()`) and its text (the submission's output). Each tree
    is a test worth `points` / trees (one point each when `points` is None)."""
    trees = report["trees"]
    each = 1.0 if points is None or not trees else points / len(trees)
    tests: list[dict[str, Any]] = [
        {
            "name": escaped(tree["tree"]),
            "number": str(number),
            "score": round(each if tree["passed"] else 0.0, 4),
            "max_score": round(each, 4),
            "status": "passed" if tree["passed"] else "failed",
            "output": _output(tree),
            "output_format": "text",
            "visibility": "visible",
        }
        for number, tree in enumerate(trees, 1)
    ]
    return {
        "score": round(each * sum(tree["passed"] for tree in trees), 4),
        "max_score": round(each * len(trees), 4),
        "execution_time": round(sum(tree["seconds"] for tree in trees)),
        "output": text,
        "output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "extra_data": {"seed": report["seed"], "misconceptions": [m["name"] for m in report["misconceptions"]]},
        "tests": tests,
    }


def gradescope_unusable(reason: str, *, points: float) -> dict[str, Any]:
    """results.json for a submission that could not be graded: a score of 0 of `points`, and why."""
    return {
        "score": 0.0,
        "max_score": points,
        "output": escaped(reason) + "\n",
        "output_format": "text",
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": [],
    }


def _output(tree: dict[str, Any]) -> str:
    """A tree's test output: its value and visits when it passes; else the difference, the failure's message
    and the likely misconceptions."""
    if tree["passed"]:
        return f"{len(tree['visits'])} visits, value {tree['value']}"
    lines = []
    if tree["divergence"] is not None:
        lines.append(tree["divergence"]["text"])
    if tree["message"]:
        lines += tree["message"].rstrip("\n").split("\n")
    lines += [f"likely: {found['words']}" for found in tree["misconceptions"]]
    return "\n".join(map(escaped, lines))
