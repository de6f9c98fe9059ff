"""Provides `PracticeSession`: what practice mode holds (the exercise, the answers, the last check), without Textual."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from visualizer.errors import InputError
from visualizer.practice.answers import Answers, NodeAnswer, marked_pruned, to_text
from visualizer.practice.check import Report, check
from visualizer.practice.exercise import Exercise
from visualizer.safe_files import write_text_atomic

__all__ = ["PracticeSession"]


@dataclass
class PracticeSession:
    """One exercise being worked: the answers so far, the last check (None after any change since), the nodes
    whose right answer was revealed, and how many checks were made."""

    exercise: Exercise
    answers: Answers = field(default_factory=lambda: Answers({}, {}))
    report: Report | None = None
    revealed: set[str] = field(default_factory=set)
    checks: int = 0

    @property
    def marked(self) -> dict[str, bool]:
        """Node name -> True when it or an ancestor is marked pruned."""
        return marked_pruned(self.exercise, self.answers)

    @property
    def answered(self) -> int:
        """Nodes with something filled in: a value, a window or a pruned mark (a leaf's given value does not count)."""
        answers = [(self.answers.get(node.name), node.leaf_value) for node in self.exercise.key]
        return sum(not answer.is_blank and answer != NodeAnswer(leaf_value) for answer, leaf_value in answers)

    def set_answer(self, name: str, answer: NodeAnswer) -> None:
        """Replaces a node's answer; the last check no longer holds."""
        if answer != self.answers.get(name):
            self.answers = self.answers.with_answer(name, answer)
            self.report = None

    def toggle_pruned(self, name: str) -> None:
        """Marks the node pruned, or takes the mark away (its value and window are kept)."""
        answer = self.answers.get(name)
        self.set_answer(name, NodeAnswer(answer.value, answer.alpha, answer.beta, not answer.pruned))

    def check(self) -> Report:
        """Checks the answers as they stand."""
        self.report = check(self.exercise, self.answers)
        self.checks += 1
        return self.report

    def reveal(self, name: str) -> None:
        """Shows the right answer for one node (after a check)."""
        if self.report is None:
            raise InputError("check your answers first (c); then the right answer of a node can be shown")
        self.revealed.add(name)

    def save(self, folder: Path = Path(".")) -> Path:
        """Writes the answers in the text form to `folder`, named after the exercise (atomically)."""
        name = f"practice-{self.exercise.code}.txt" if self.exercise.code else "practice-answers.txt"
        return write_text_atomic(folder / name, to_text(self.answers, self.exercise))
