"""Provides `GradeReport`: every tree's verdict on a student's function, as text for the student and as JSON
for an autograder, with the misconception (or two together) that explains the most trees, and what could not
be told apart beside it (`misconceptions.undecided`)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from visualizer.games.base import format_value
from visualizer.grading.misconceptions import Explanation, Misconception, undecided
from visualizer.grading.models import Convention
from visualizer.grading.record import Failure
from visualizer.grading.verdict import NO_RETURN, Verdict
from visualizer.shown_text import escaped  # (re-exported: graders and the roster import it from here)

__all__ = ["MAX_SHOWN", "GradeReport", "escaped"]

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
    Failure.INTERFERED: "interfered with the grader",
}


@dataclass(frozen=True)
class GradeReport:
    """A student's function (the file graded, and the call's signature) on every tree, one verdict each."""

    source: str
    signature: str
    algorithm: str
    convention: Convention
    verdicts: tuple[Verdict, ...]
    seed: int | None = None
    """The first random tree's seed (None without random trees): `--seed` with it grades on the same trees."""

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

    def explanations(self) -> list[tuple[Explanation, int]]:
        """What explains the trees, one misconception or two together, each with the number of trees it
        explains (the most first) and what could not be told apart beside it on all of them."""
        by_names: dict[tuple[Misconception, ...], list[Explanation]] = {}
        for verdict in self.verdicts:
            for explanation in verdict.explanations:
                by_names.setdefault(explanation.misconceptions, []).append(explanation)
        ranked = sorted(by_names.items(), key=lambda item: -len(item[1]))  # (stable: the first found first)
        return [(Explanation(names, undecided(found)), len(found)) for names, found in ranked]

    @property
    def unchecked(self) -> str | None:
        """What the grading could not check, in words: where the recursion never goes through the function's
        own name (AIMA's `max_value`/`min_value`) nor a function `--record` names, no call's window or return was
        recorded; where `--record` names some of the functions it goes through, not those of the others."""
        ran = [verdict for verdict in self.verdicts if verdict.run.failure is None and verdict.run.touches]
        if self.signature == "visited nodes" or all(len(verdict.case.tree.children) == 0 for verdict in ran):
            return None  # (also single nodes: there was nothing to recurse into)
        helpers: list[str] = next(
            (verdict.run.extra["helpers"] for verdict in ran if verdict.run.extra.get("helpers")), []
        )
        windows = "windows and values" if self.algorithm == "alphabeta" else "values"
        if all(len(verdict.run.calls) <= 1 for verdict in ran):
            function = self.signature.partition("(")[0]
            rules = "windows and fail-soft/hard were" if self.algorithm == "alphabeta" else "each node's value was"
            hint = (
                f"grade with --record {','.join(helpers)} to check them"
                if helpers
                else "--record NAME,NAME records the calls of the module-level functions it goes through"
            )
            return (
                f"the recursion goes through other functions, not {function} itself: {rules} not checked; "
                f"judged by the visits and the root's value ({hint})"
            )
        if helpers and any(set(verdict.run.touches) - {call.node for call in verdict.run.calls} for verdict in ran):
            names = " and ".join(helpers)
            them = "it" if len(helpers) == 1 else "them"
            return (
                f"the calls of {names} were not recorded: the {windows} of the nodes that only {them} called were "
                f"not checked (add {them} to --record)"
            )
        return None

    def to_text(self) -> str:
        """The report a student reads."""
        total = len(self.verdicts)
        rules = "minimax" if self.algorithm == "minimax" else f"alpha-beta, {self.convention.describe()}"
        lines = [f"grade: {self.source}, {self.signature} | {rules}"]
        if self.seed is not None:
            lines.append(f"random trees from seed {self.seed} (--seed {self.seed} grades on the same trees again)")
        differing = [verdict for verdict in self.verdicts if not verdict.passed]
        alike: dict[str, list[Verdict]] = {}  # the trees that fail alike, by the shape of their words
        for verdict in differing:
            alike.setdefault(_failure_kind(verdict), []).append(verdict)
        if total <= ALL_SHOWN:
            lines.extend(_pass_line(verdict) for verdict in self.verdicts if verdict.passed)
        told: set[str] = set()  # the likely misconceptions named so far
        for verdicts in list(alike.values())[:MAX_SHOWN]:  # one line per failure, then its first tree whole
            lines.extend(_failure_lines(_failure_words(verdicts[0]), verdicts, told))
        if len(alike) > MAX_SHOWN:
            more = sum(len(verdicts) for verdicts in list(alike.values())[MAX_SHOWN:])
            lines.append(f"  ... and {_trees(more)} that differ otherwise (--json lists them all)")
        lines.append(f"{self.passed} of {_trees(total)} {'passes' if total == 1 else 'pass'}.")
        failures = Counter(verdict.run.failure for verdict in differing if verdict.run.failure is not None)
        for failure, count in failures.items():
            lines.append(f"Your code {_FAILURE_WORDS.get(failure, failure)} on {_trees(count)}.")
        mismatched = sum(verdict.divergence is not None for verdict in differing)
        explanations = self.explanations()
        differ = f"of the {_trees(mismatched)} that {'differs' if mismatched == 1 else 'differ'}"
        for explanation, count in explanations:
            if count == explanations[0][1]:  # the ones that explain the most trees; --json lists every one
                lines.append(_likely_line(explanation, f"{count} {differ}"))
        if mismatched and not explanations:
            lines.append("No known misconception explains the differences: look at the first difference above.")
        if self.unchecked:
            lines.append(f"Not checked: {self.unchecked}.")
        return "\n".join(map(escaped, lines)) + "\n"

    def to_json(self) -> dict[str, Any]:
        """The report for an autograder."""
        return {
            "source": self.source,
            "signature": self.signature,
            "algorithm": self.algorithm,
            "convention": {
                "strict": self.convention.strict,
                "fail_hard": self.convention.fail_hard,
                "returns": self.convention.returns,
                "checks": self.convention.checks,
            },
            "seed": self.seed,
            "not_checked": self.unchecked,
            "passed": self.passed,
            "total": len(self.verdicts),
            "all_passed": self.exit_code == 0,
            "misconceptions": [{"name": m.name, "words": m.words, "trees": count} for m, count in self.diagnosis()],
            "explanations": [{**explanation.to_json(), "trees": count} for explanation, count in self.explanations()],
            "trees": [verdict.to_json() for verdict in self.verdicts],
        }


def _pass_line(verdict: Verdict) -> str:
    value = format_value(verdict.case.trace.summary.value)
    return f"  pass  {verdict.case.label}: {len(verdict.run.touches)} visits, value {value}"


def _failure_words(verdict: Verdict) -> str:
    """What went wrong on one tree, in words: the same words for the same failure on another tree."""
    run = verdict.run
    if run.failure is not None:
        return f"your code {_FAILURE_WORDS.get(run.failure, run.failure)}"
    assert verdict.divergence is not None
    return verdict.divergence.text()


_NUMBER = re.compile(r"[+-]?(?:inf\b|\d+(?:\.\d+)?)")
"""A number in a difference's words (a visit, a value, a bound): trees that differ only in these fail alike."""


def _failure_kind(verdict: Verdict) -> str:
    """The shape of what went wrong on one tree: its words with the numbers and the names of nodes blanked, so
    that "visit 5: your call on I has window [6, +inf]; ..." and "visit 7: your call on F has window [10, +inf];
    ..." are one failure, told once with its count."""
    names = verdict.case.nodes
    words = _TOKEN.sub(
        lambda found: "\N{MIDDLE DOT}" if found.group() in names else found.group(), _failure_words(verdict)
    )
    return _LIST.sub("\N{MIDDLE DOT}", _NUMBER.sub("#", words))


_TOKEN = re.compile(r"[\w.]+")
_LIST = re.compile("\N{MIDDLE DOT}(?:, \N{MIDDLE DOT})+")


def _failure_lines(words: str, verdicts: list[Verdict], told: set[str]) -> list[str]:
    """One failure: on which trees ("22 trees, first the 15-node example: ..."), then the first tree in full
    (its traceback, or the likely misconception unless `told` holds it already)."""
    first = verdicts[0]
    where = first.case.label if len(verdicts) == 1 else f"{_trees(len(verdicts))}, first {first.case.label}"
    lines = [f"  FAIL  {where}: {words}"]
    if first.run.failure is not None:
        lines += [f"        {line}" for line in first.run.message.split("\n")]  # (only \n: see `to_text`)
        empty = next((call.node for call in first.run.calls if call.returned == "None"), None)  # (a repr)
        if empty is not None:
            lines.append(f"        likely: {NO_RETURN.format(node=empty)}")
    likely = "; or ".join(explanation.text() for explanation in first.explanations)
    if likely and likely not in told:
        told.add(likely)
        lines.append(f"        likely: {likely}")
    return lines


def _likely_line(explanation: Explanation, explained: str) -> str:
    """E.g. "Likely misconception: never prunes: ... (it explains 3 of the 4 trees that differ)."; for two,
    "Likely misconceptions, together: ...; and ... (together they explain ...)"."""
    if len(explanation.misconceptions) == 1:
        line = f"Likely misconception: {explanation.words} (it explains {explained})"
    else:
        line = f"Likely misconceptions, together: {explanation.words} (together they explain {explained})"
    doubt = explanation.doubt()
    return f"{line}; {doubt}." if doubt else f"{line}."


def _trees(count: int) -> str:
    return f"{count} tree{'s' if count != 1 else ''}"
