"""Provides `model_run`: what a student's alpha-beta with given habits does on a tree, as a `Run`.

A `Habits` is one way of writing alpha-beta: the textbook's, or one with a known mistake (the
misconceptions). `model_run` is the textbook's max_value/min_value pair (AIMA Fig. 5.7).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from visualizer.games.base import Value
from visualizer.grading.record import Call, PlainNode, Run

__all__ = ["CHECKS", "RETURNS", "Convention", "Habits", "model_run"]

RETURNS = ("soft", "hard", "mixed")
"""The return rules a course may teach (`Convention.returns`)."""

CHECKS = ("all", "visits")
"""What a grading checks (`Convention.checks`): every call, or only the visits and the root's value."""


@dataclass(frozen=True)
class Convention:
    """What a course teaches as alpha-beta, and what of it is checked.

    Attributes:
        strict: cut only past the bound (else on equality too).
        returns: "soft" (the best value found), "hard" (the bound failed against: an inner node's value clamped
            to its window) or "mixed" (the textbook's mix: the value that caused a cut-off, else the bound,
            alpha at MAX and beta at MIN).
        checks: "all" (the visits, each call's `maximizing`, window and value) or "visits" (the visits and the
            root's value only).
    """

    strict: bool = False
    returns: Literal["soft", "hard", "mixed"] = "soft"
    checks: Literal["all", "visits"] = "all"

    @property
    def fail_hard(self) -> bool:
        """True when the course returns the bound (fail-hard)."""
        return self.returns == "hard"

    def describe(self) -> str:
        """E.g. "cut on equality, fail-soft"."""
        cuts = "cut only past the bound" if self.strict else "cut on equality"
        mixed = "mixed returns (the value at a cut-off, else the bound)"
        rule = {"soft": "fail-soft", "hard": "fail-hard", "mixed": mixed}
        checked = ", visits and the root's value only" if self.checks == "visits" else ""
        return f"{cuts}, {rule[self.returns]}{checked}"


ReturnRule = Literal["value", "bound", "alpha"]
"""What a node returns in `Habits` (see there)."""


@dataclass(frozen=True)
class Habits:
    """How one alpha-beta is written (each False flag is a known mistake; `windowed` False is minimax).

    `returns` is "value" (fail-soft), "bound" (fail-hard), or "alpha" (the `return alpha` of a loop that
    breaks at the cut: alpha raised by the values, even past beta; in a right window, the mixed convention).
    """

    strict: bool = False
    returns: ReturnRule = "value"
    prunes: bool = True
    passes_window: bool = True
    left_to_right: bool = True
    alternates: bool = True
    windowed: bool = True
    wrong_bound: Literal["", "min", "max", "both"] = ""
    """Who updates the other side's bound: MIN raises alpha, MAX lowers beta (or both)."""
    beta_from_alpha: bool = False
    """MIN writes `beta = min(alpha, value)`."""
    children_seen: int | None = None
    """The most children a node looks at (1: it stops after the first child); None: all."""

    @classmethod
    def of(cls, convention: Convention, *, windowed: bool = True) -> Habits:
        """The right habits for a course's convention (minimax: `windowed=False`)."""
        if not windowed:
            return cls(prunes=False, windowed=False)
        rule = convention.returns
        returns: ReturnRule = "value" if rule == "soft" else "bound" if rule == "hard" else "alpha"
        return cls(strict=convention.strict, returns=returns)


_PENDING = Call("", None, None, False, None)
"""A call's place in `model_run`'s list until it returns (the calls are listed as they start)."""


def model_run(tree: PlainNode, maximizing: bool, habits: Habits) -> Run:
    """What code with `habits` does on `tree`: the nodes in the order it touches them, every call and the value."""
    touches: list[str] = []
    calls: list[Call] = []

    def search(node: PlainNode, alpha: Value, beta: Value, is_max: bool) -> Value:
        touches.append(node.name)
        index = len(calls)
        window: tuple[Value | None, Value | None] = (alpha, beta) if habits.windowed else (None, None)
        calls.append(_PENDING)
        if not node.children:
            assert node.value is not None  # every leaf has a value
            value = node.value
        elif is_max:
            value = max_value(node, alpha, beta)
        else:
            value = min_value(node, alpha, beta)
        calls[index] = Call(node.name, *window, is_max, value)
        return value

    def ordered(node: PlainNode) -> tuple[PlainNode, ...]:
        children = node.children if habits.left_to_right else node.children[::-1]
        return children[: habits.children_seen]

    def closes(low: Value, high: Value) -> bool:
        return habits.prunes and (low > high if habits.strict else low >= high)

    def max_value(node: PlainNode, alpha: Value, beta: Value) -> Value:
        value, entry_alpha = -math.inf, alpha
        for child in ordered(node):
            given = alpha if habits.passes_window else entry_alpha
            value = max(value, search(child, given, beta, not habits.alternates))
            if closes(value, beta):
                return {"value": value, "bound": beta, "alpha": max(alpha, value)}[habits.returns]
            if habits.wrong_bound in ("max", "both"):
                beta = min(beta, value)
            else:
                alpha = max(alpha, value)
        return value if habits.returns == "value" else alpha

    def min_value(node: PlainNode, alpha: Value, beta: Value) -> Value:
        value, entry_beta = math.inf, beta
        for child in ordered(node):
            given = beta if habits.passes_window else entry_beta
            value = min(value, search(child, alpha, given, habits.alternates))
            if closes(alpha, value):
                return {"value": value, "bound": alpha, "alpha": min(beta, value)}[habits.returns]
            if habits.wrong_bound in ("min", "both"):
                alpha = max(alpha, value)
            else:
                beta = min(alpha if habits.beta_from_alpha else beta, value)
        return value if habits.returns == "value" else beta

    value = search(tree, -math.inf, math.inf, maximizing)
    return Run(tuple(touches), tuple(calls), value)
