"""Provides `check`: a student's answers against alpha-beta's trace, node by node, with the step each mistake
goes back to, and the misconception (or the other cut window) a pattern of mistakes points to."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from visualizer.errors import InputError
from visualizer.games.base import format_value
from visualizer.practice.answers import Answers, NodeAnswer, json_value, marked_pruned
from visualizer.practice.diagnosis import Diagnosis, likely_misconceptions, names_text, other_cut_window
from visualizer.practice.exercise import Exercise, KeyNode
from visualizer.steps.describe import describe

__all__ = ["PROBLEM_WORDS", "NodeCheck", "Problem", "Report", "check", "is_scored"]


class Problem(enum.Enum):
    """One way an answer about a node can be wrong."""

    SHOULD_BE_VISITED = "should_be_visited"
    """Marked pruned (itself or an ancestor), but alpha-beta enters it: an extra cut-off."""
    SHOULD_BE_PRUNED = "should_be_pruned"
    """Not marked pruned, but alpha-beta skips it: a missing cut-off."""
    MISSING_VALUE = "missing_value"
    """Alpha-beta enters it and backs up a value, but none was given."""
    WRONG_VALUE = "wrong_value"
    WRONG_ALPHA = "wrong_alpha"
    WRONG_BETA = "wrong_beta"


PROBLEM_WORDS = {
    Problem.SHOULD_BE_VISITED: "pruned, but should have been visited",
    Problem.SHOULD_BE_PRUNED: "visited, but should have been pruned",
    Problem.MISSING_VALUE: "no value",
    Problem.WRONG_VALUE: "wrong value",
    Problem.WRONG_ALPHA: "wrong alpha",
    Problem.WRONG_BETA: "wrong beta",
}
"""Each problem in words."""


@dataclass(frozen=True)
class NodeCheck:
    """The verdict on one node: its problems (the pruning mistake first) and the step of alpha-beta's trace
    where the mistake's reasoning goes wrong (None when right); given leaves are not scored (`is_scored`)."""

    node: KeyNode
    answer: NodeAnswer
    marked_pruned: bool
    problems: tuple[Problem, ...]
    step: int | None
    is_scored: bool = True

    @property
    def is_right(self) -> bool:
        return not self.problems

    def words(self) -> str:
        """The problems in words, e.g. "wrong value, wrong beta"; "right" when there are none."""
        return ", ".join(PROBLEM_WORDS[problem] for problem in self.problems) or "right"


@dataclass(frozen=True)
class Report:
    """The check of one set of answers: one node check per node, in the order minimax visits them."""

    exercise: Exercise
    checks: tuple[NodeCheck, ...]
    answers: Answers

    @cached_property
    def _by_name(self) -> dict[str, NodeCheck]:
        return {check.node.name: check for check in self.checks}

    def of(self, name: str) -> NodeCheck:
        return self._by_name[name]

    @property
    def right(self) -> int:
        """The scored nodes with nothing wrong."""
        return sum(check.is_right for check in self.checks if check.is_scored)

    @property
    def total(self) -> int:
        """The nodes scored: every node but the given leaves the answers say nothing more about."""
        return sum(check.is_scored for check in self.checks)

    @property
    def percent(self) -> int:
        """The score, rounded down, so that 100 means everything is right (a sheet with nothing to score)."""
        return self.right * 100 // self.total if self.total else 100

    @property
    def score(self) -> str:
        """E.g. "13/15 nodes right (86%)"."""
        return f"{self.right}/{self.total} nodes right ({self.percent}%)"

    def _topmost(self, problem: Problem) -> list[str]:
        flagged = {check.node.name for check in self.checks if problem in check.problems}
        return [
            check.node.name for check in self.checks if check.node.name in flagged and check.node.parent not in flagged
        ]

    @property
    def missing_cutoffs(self) -> list[str]:
        """The topmost nodes of the subtrees that should have been pruned and were not."""
        return self._topmost(Problem.SHOULD_BE_PRUNED)

    @property
    def extra_cutoffs(self) -> list[str]:
        """The topmost nodes of the subtrees marked pruned that alpha-beta visits."""
        return self._topmost(Problem.SHOULD_BE_VISITED)

    @property
    def mistakes(self) -> list[NodeCheck]:
        return [check for check in self.checks if not check.is_right]

    @cached_property
    def other_cut_window(self) -> tuple[str, ...]:
        """The cut-off nodes whose alpha/beta follow the other cut window, when those are all the mistakes."""
        return other_cut_window(self.exercise, self.answers)

    @cached_property
    def misconceptions(self) -> list[Diagnosis]:
        """The misconceptions behind the mistakes; none when they are only the other cut window's."""
        return [] if self.other_cut_window else likely_misconceptions(self.exercise, self.answers)

    def findings(self) -> list[str]:
        """The pattern behind the mistakes in sentences: the other cut window, or the likely misconceptions."""
        if self.other_cut_window:
            raised = self.exercise.cut_window == "kept"  # the answers follow the other one
            did, does = _CUT_WINDOW_WORDS[raised]
            nodes, other = names_text(self.other_cut_window), "raised" if raised else "kept"
            return [
                f"Your alpha/beta at the cut-offs {nodes} {did}, as --cut-window {other} checks; this check {does} "
                f"(--cut-window {self.exercise.cut_window})"
            ]
        return [diagnosis.sentence() for diagnosis in self.misconceptions]

    def explain(self, check: NodeCheck, *, reveal: bool = False) -> str:
        """One line on a node's mistake, e.g. "E: wrong value (you wrote 4); see step 20" (`reveal`: and the answer)."""
        node, answer = check.node, check.answer
        details = []
        for problem in check.problems:
            if problem in _FIELDS:
                field = _FIELDS[problem]
                given = f"{'you wrote' if field == 'value' else field} {format_value(getattr(answer, field))}"
                details.append(f"{given}, it is {format_value(getattr(node, field))}" if reveal else given)
            elif problem is Problem.MISSING_VALUE and reveal:
                details.append(f"it is {format_value(node.value)}")
        said = f" ({'; '.join(details)})" if details else ""
        where = f"; see step {check.step}"
        if reveal and check.step is not None:
            where += ": " + describe(self.exercise.solution, self.exercise.solution.events[check.step - 1])
        return f"{node.name}: {check.words()}{said}{where}"

    def to_text(self, *, reveal: bool = False) -> str:
        """The report as lines: the score, one line per mistake, and the cut-offs missed and added."""
        lines = [f"{self.exercise.code or self.exercise.describe()}: {self.score}"]
        lines += ["  " + self.explain(check, reveal=reveal) for check in self.mistakes]
        lines.append(
            f"missing cut-offs: {', '.join(self.missing_cutoffs) or 'none'}; "
            f"extra cut-offs: {', '.join(self.extra_cutoffs) or 'none'}"
        )
        lines += self.findings()
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-able data, right answers included (for graders)."""
        return {
            **self.exercise.header(),
            "description": self.exercise.describe(),
            "score": {"right": self.right, "nodes": self.total, "percent": self.percent},
            "missing_cutoffs": self.missing_cutoffs,
            "extra_cutoffs": self.extra_cutoffs,
            "misconceptions": [diagnosis.to_json() for diagnosis in self.misconceptions],
            "other_cut_window": None
            if not self.other_cut_window
            else {
                "cut_window": "raised" if self.exercise.cut_window == "kept" else "kept",
                "nodes": list(self.other_cut_window),
                "words": self.findings()[0],
            },
            "nodes": [_check_json(check) for check in self.checks],
        }


_CUT_WINDOW_WORDS = {
    True: ("move the bound to the value before the cut", "keeps the window as the cut came"),
    False: ("keep the window the node had when the cut came", "moves the bound to the value first"),
}
"""For answers that raise the bound at a cut-off (True) or keep it: what they did, and what the check does."""


_FIELDS = {Problem.WRONG_VALUE: "value", Problem.WRONG_ALPHA: "alpha", Problem.WRONG_BETA: "beta"}
"""The problems `explain` details, and the field each is about."""


def _check_json(check: NodeCheck) -> dict[str, Any]:
    def claim(pruned: bool, said: NodeAnswer | KeyNode) -> dict[str, Any]:
        return {"pruned": pruned} | {name: json_value(getattr(said, name)) for name in ("value", "alpha", "beta")}

    return {
        "node": check.node.name,
        "right": check.is_right,
        "scored": check.is_scored,
        "problems": [problem.value for problem in check.problems],
        "step": check.step,
        "given": claim(check.marked_pruned, check.answer),
        "expected": claim(check.node.pruned, check.node),
    }


def check(exercise: Exercise, answers: Answers) -> Report:
    """Checks every node: pruned or visited, and for visited ones the value and (where given) alpha and beta."""
    unknown = [name for name in answers.nodes if name not in exercise.by_name]
    if unknown:
        raise InputError(
            f"the answers name {', '.join(unknown[:3])}{' ...' if len(unknown) > 3 else ''}, not in this "
            f"exercise ({exercise.describe()}); check the exercise code or the tree options"
        )
    marked = marked_pruned(exercise, answers)
    checks = [_check_node(node, answers.get(node.name), marked[node.name]) for node in exercise.key]
    return Report(exercise, tuple(checks), answers)


def _check_node(node: KeyNode, answer: NodeAnswer, marked_pruned: bool) -> NodeCheck:
    if marked_pruned != node.pruned:
        problem = Problem.SHOULD_BE_VISITED if marked_pruned else Problem.SHOULD_BE_PRUNED
        step = node.enter_step if marked_pruned else node.cutoff_step
        return NodeCheck(node, answer, marked_pruned, (problem,), step)
    problems: list[tuple[Problem, int | None]] = []
    if not node.pruned:
        given = answer.value if answer.value is not None else node.leaf_value
        if given is None:
            problems.append((Problem.MISSING_VALUE, node.value_step))
        elif given != node.value:
            problems.append((Problem.WRONG_VALUE, node.value_step))
        if answer.alpha is not None and answer.alpha != node.alpha:
            problems.append((Problem.WRONG_ALPHA, node.window_step))
        if answer.beta is not None and answer.beta != node.beta:
            problems.append((Problem.WRONG_BETA, node.window_step))
    step = min((step for _, step in problems if step is not None), default=None)
    problem_kinds = tuple(problem for problem, _ in problems)
    return NodeCheck(node, answer, marked_pruned, problem_kinds, step, is_scored(node, answer, marked_pruned))


def is_scored(node: KeyNode, answer: NodeAnswer, marked_pruned: bool) -> bool:
    """False for a given leaf alpha-beta visits when the answer adds nothing to it (no window, no other value,
    no pruned mark on it or above it): a blank sheet then scores 0, not the leaves the drawing shows."""
    return not node.is_leaf or node.pruned or marked_pruned or answer not in (NodeAnswer(), NodeAnswer(node.leaf_value))
