"""Provides `MISCONCEPTIONS`, the one list of the known ways students get alpha-beta wrong, and `diagnose`.

Each misconception changes the right habits (`models.Habits`); a student's run shows it when the changed
habits' model does what the student did and alpha-beta does not. `grade` and the practice check read this list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from visualizer.grading.models import Convention, Habits, model_run
from visualizer.grading.record import Run
from visualizer.grading.reference import Case

__all__ = ["MISCONCEPTIONS", "Misconception", "diagnose", "runs_agree"]


@dataclass(frozen=True)
class Misconception:
    """One known mistake: its name in JSON, its words for a student, the habits of code with it (from the right
    ones, one per way of writing it), the conventions it applies to, and whether minimax can make it."""

    name: str
    words: str
    habits: Callable[[Habits], tuple[Habits, ...]]
    applies: Callable[[Convention], bool] = lambda convention: True
    minimax: bool = False
    on_paper: bool = True
    """False for a slip of code (a loop cut short, a typo of a bound's name): the practice check, where a
    student writes answers and no code, does not name it."""


MISCONCEPTIONS: dict[str, Misconception] = {
    m.name: m
    for m in (
        Misconception(
            "prunes_on_equality",
            "prunes on equality (your course prunes only on strict inequality)",
            lambda right: (replace(right, strict=False),),
            applies=lambda convention: convention.strict,
        ),
        Misconception(
            "prunes_only_past_bound",
            "prunes only on strict inequality (your course prunes on equality too)",
            lambda right: (replace(right, strict=True),),
            applies=lambda convention: not convention.strict,
        ),
        Misconception(
            "never_prunes",
            "never prunes: it searches every node, as minimax does",
            lambda right: (replace(right, prunes=False),),
        ),
        Misconception(
            "window_not_passed",
            "does not pass the updated window to the children (each child gets the "
            "window its parent was called with, not alpha or beta raised by its siblings)",
            lambda right: (replace(right, passes_window=False),),
        ),
        Misconception(
            "returns_bound",
            "returns the bound (fail-hard) where fail-soft is expected",
            lambda right: (replace(right, returns="bound"), replace(right, returns="alpha")),
            applies=lambda convention: not convention.fail_hard,
        ),
        Misconception(
            "returns_value",
            "returns its best value (fail-soft) where your course returns the bound (fail-hard)",
            lambda right: (replace(right, returns="value"), replace(right, returns="alpha")),
            applies=lambda convention: convention.fail_hard,
        ),
        Misconception(
            "right_to_left",
            "visits children right to left (alpha-beta searches them left to right)",
            lambda right: (replace(right, left_to_right=False),),
            minimax=True,
        ),
        Misconception(
            "same_player",
            "does not switch between MAX and MIN: the children get the same `maximizing`",
            lambda right: (replace(right, alternates=False),),
            minimax=True,
        ),
        Misconception(
            "wrong_bound",
            "updates the wrong bound: MIN raises alpha or MAX lowers beta (MAX raises alpha, MIN lowers beta)",
            lambda right: tuple(replace(right, wrong_bound=side) for side in ("min", "max", "both")),
        ),
        Misconception(
            "beta_from_alpha",
            "sets beta from alpha: `beta = min(alpha, value)` where it should be `beta = min(beta, value)`",
            lambda right: (replace(right, beta_from_alpha=True),),
            on_paper=False,
        ),
        Misconception(
            "first_child_only",
            "stops after the first child (a `return` or `break` inside the loop, not only at a cut-off)",
            lambda right: (replace(right, children_seen=1),),
            minimax=True,
            on_paper=False,
        ),
        Misconception(
            "two_children_only",
            "looks at only two children (the loop stops after the second: every node has as many as the tree gives)",
            lambda right: (replace(right, children_seen=2),),
            minimax=True,
            on_paper=False,
        ),
    )
}
"""The known mistakes, by name, in the order reports list them."""


def diagnose(student: Run, case: Case) -> list[Misconception]:
    """The misconceptions whose model does on the case's tree what the student's run did (`runs_agree`), where
    alpha-beta (the case's reference) does not; none for a run that failed."""
    if student.failure is not None:
        return []
    windowed = case.algorithm != "minimax"
    right = Habits.of(case.convention, windowed=windowed)
    found = []
    for misconception in MISCONCEPTIONS.values():
        if not misconception.applies(case.convention) or not (windowed or misconception.minimax):
            continue
        models = [model_run(case.tree, case.maximizing, habits) for habits in misconception.habits(right)]
        if any(not runs_agree(model, case.reference) and runs_agree(student, model) for model in models):
            found.append(misconception)
    return found


def runs_agree(student: Run, model: Run) -> bool:
    """True when `student` did what `model` does: the same touches, the same value (when known), and each
    recorded call the model's first call on that node."""
    if student.touches != model.touches or student.value not in (None, model.value):  # None: a list of visits only
        return False
    if len({call.node for call in student.calls}) != len(student.calls):  # a node called twice is no model's habit
        return False
    expected = {call.node: call for call in reversed(model.calls)}  # each node's first call
    return all(call == expected.get(call.node) for call in student.calls)  # 3 == 3.0
