"""Provides `GradeReport`: every tree's verdict on a student's function, as text for the student and as JSON
for an autograder, with the misconception that explains the most trees."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from visualizer.games.base import format_value
from visualizer.grading.misconceptions import Misconception
from visualizer.grading.models import Convention
from visualizer.grading.record import Failure
from visualizer.grading.verdict import Verdict

__all__ = ["MAX_SHOWN", "GradeReport"]

MAX_SHOWN = 10
"""The text report details this many trees that differ; --json has them all."""

ALL_SHOWN = 25
"""Up to this many trees, the text report has a line for every tree, passes included."""

_FAILURE_WORDS = {
    Failure.ERROR: "raised an exception",
    Failure.TIMEOUT: "ran out of time",
    Failure.MEMORY: "ran out of memory",
    Failure.RECURSION: "recursed too deep",
    Failure.CRASHED: "stopped the process",
}


@dataclass(frozen=True)
class GradeReport:
    """A student's function (the file graded, and the call's signature) on every tree, one verdict each."""

    source: str
    signature: str
    algorithm: str
    convention: Convention
    verdicts: tuple[Verdict, ...]

    @property
    def passed(self) -> int:
        return sum(verdict.passed for verdict in self.verdicts)

    @property
    def exit_code(self) -> int:
        """0 when every tree passes, 1 otherwise."""
        return 0 if self.passed == len(self.verdicts) else 1

    def diagnosis(self) -> list[tuple[Misconception, int]]:
        """The misconceptions found, each with the number of trees it explains, the most first."""
        return Counter(found for verdict in self.verdicts for found in verdict.misconceptions).most_common()

    def to_text(self) -> str:
        """The report a student reads."""
        total = len(self.verdicts)
        rules = "minimax" if self.algorithm == "minimax" else f"alpha-beta, {self.convention.describe()}"
        lines = [f"grade: {self.source}, {self.signature} | {rules}"]
        differing = [verdict for verdict in self.verdicts if not verdict.passed]
        told: dict[str, str] = {}  # a failure's message -> the tree it was first shown for
        for verdict in self.verdicts if total <= ALL_SHOWN else differing[:MAX_SHOWN]:
            lines.extend(_verdict_lines(verdict, told))
        if total > ALL_SHOWN and len(differing) > MAX_SHOWN:
            lines.append(f"  ... and {len(differing) - MAX_SHOWN} more trees that differ (--json lists them all)")
        lines.append(f"{self.passed} of {_trees(total)} {'passes' if total == 1 else 'pass'}.")
        failures = Counter(verdict.run.failure for verdict in differing if verdict.run.failure is not None)
        for failure, count in failures.items():
            lines.append(f"Your code {_FAILURE_WORDS.get(failure, failure)} on {_trees(count)}.")
        mismatched = sum(verdict.divergence is not None for verdict in differing)
        diagnosis = self.diagnosis()
        differ = f"of the {_trees(mismatched)} that {'differs' if mismatched == 1 else 'differ'}"
        for misconception, count in diagnosis:
            if count == diagnosis[0][1]:  # the ones that explain the most trees; --json lists every one
                lines.append(f"Likely misconception: {misconception.words} (it explains {count} {differ}).")
        if mismatched and not diagnosis:
            lines.append("No known misconception explains the differences: look at the first difference above.")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, Any]:
        """The report for an autograder."""
        return {
            "source": self.source,
            "signature": self.signature,
            "algorithm": self.algorithm,
            "convention": {"strict": self.convention.strict, "fail_hard": self.convention.fail_hard},
            "passed": self.passed,
            "total": len(self.verdicts),
            "all_passed": self.exit_code == 0,
            "misconceptions": [{"name": m.name, "words": m.words, "trees": count} for m, count in self.diagnosis()],
            "trees": [verdict.to_json() for verdict in self.verdicts],
        }


def _verdict_lines(verdict: Verdict, told: dict[str, str]) -> list[str]:
    label, run = verdict.case.label, verdict.run
    if verdict.passed:
        return [f"  pass  {label}: {len(run.touches)} visits, value {format_value(verdict.case.trace.summary.value)}"]
    if run.failure is not None:
        head = f"  FAIL  {label}: your code {_FAILURE_WORDS.get(run.failure, run.failure)}"
        if run.message in told:
            return [f"{head} (as on {told[run.message]})"]
        told[run.message] = label
        return [head] + [f"        {line}" for line in run.message.splitlines()]
    assert verdict.divergence is not None
    lines = [f"  FAIL  {label}: {verdict.divergence.text()}"]
    words = [misconception.words for misconception in verdict.misconceptions]
    if words:
        lines.append(f"        likely: {'; or '.join(words)}")
    return lines


def _trees(count: int) -> str:
    return f"{count} tree{'s' if count != 1 else ''}"
