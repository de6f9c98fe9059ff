"""Provides `MISCONCEPTIONS`, the one list of the known ways students get alpha-beta wrong, and `diagnose`.

Each misconception changes the right habits (`models.Habits`); a student's run shows it when the changed
habits' model does what the student did and alpha-beta does not. `grade` and the practice check read this list.

`diagnose`'s rule, on one tree:

1. A misconception *explains* the run when one of its models does what the student did (`runs_agree`).
2. When none does, two together may: the habits of both at once (`combined`, for two that change different
   habits). Pairs are tried only then: a student with one mistake is told of one.
3. A misconception N *could not be told apart* beside one M that explains the run when M and N together
   explain it too, and their model differs from M's alone: what was recorded (the visits only, or no call
   below the top) looks the same with N or without it. Where N explains the run alone too (code that does
   not pass the window never prunes either), it is named only so, beside M (beside the first of the two
   when each is so beside the other). A report says so for N where no tree M explains rules N out (M and N
   together do not explain it) and one at least leaves it undecided (`undecided`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from functools import cache
from typing import Any

from visualizer.grading.models import Convention, Habits, model_run
from visualizer.grading.record import Run
from visualizer.grading.reference import Case

__all__ = ["MISCONCEPTIONS", "Explanation", "Misconception", "combined", "diagnose", "runs_agree", "undecided"]


@dataclass(frozen=True)
class Misconception:
    """One known mistake: its name in JSON, the mistake in a few words (what "whether it also ..." goes on
    with), its words for a student, the habits of code with it (from the right ones, one per way of writing
    it), the conventions it applies to, and whether minimax can make it."""

    name: str
    short: str
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
            "prunes on equality",
            "prunes on equality (your course prunes only on strict inequality)",
            lambda right: (replace(right, strict=False),),
            applies=lambda convention: convention.strict,
        ),
        Misconception(
            "prunes_only_past_bound",
            "prunes only past the bound",
            "prunes only on strict inequality (your course prunes on equality too)",
            lambda right: (replace(right, strict=True),),
            applies=lambda convention: not convention.strict,
        ),
        Misconception(
            "never_prunes",
            "never prunes",
            "never prunes: it searches every node, as minimax does",
            lambda right: (replace(right, prunes=False),),
        ),
        Misconception(
            "window_not_passed",
            "does not pass the updated window",
            "does not pass the updated window to the children (each child gets the "
            "window its parent was called with, not alpha or beta raised by its siblings)",
            lambda right: (replace(right, passes_window=False),),
        ),
        Misconception(
            "returns_bound",
            "returns the bound (fail-hard)",
            "returns the bound (fail-hard) where fail-soft is expected",
            lambda right: (replace(right, returns="bound"), replace(right, returns="alpha")),
            applies=lambda convention: convention.returns == "soft",
        ),
        Misconception(
            "returns_value",
            "returns its best value (fail-soft)",
            "returns its best value (fail-soft) where your course returns the bound (fail-hard)",
            lambda right: (replace(right, returns="value"), replace(right, returns="alpha")),
            applies=lambda convention: convention.returns == "hard",
        ),
        Misconception(
            "returns_value_uncut",
            "returns its best value where nothing is cut",
            "returns its best value (fail-soft) where nothing is cut: your course returns the bound there "
            "(alpha at MAX, beta at MIN)",
            lambda right: (replace(right, returns="value"),),
            applies=lambda convention: convention.returns == "mixed",
        ),
        Misconception(
            "returns_bound_at_cut",
            "returns the bound at a cut-off",
            "returns the bound at a cut-off (fail-hard): your course returns the value that caused the cut-off",
            lambda right: (replace(right, returns="bound"),),
            applies=lambda convention: convention.returns == "mixed",
        ),
        Misconception(
            "right_to_left",
            "visits the children right to left",
            "visits children right to left (alpha-beta searches them left to right)",
            lambda right: (replace(right, left_to_right=False),),
            minimax=True,
        ),
        Misconception(
            "same_player",
            "does not switch between MAX and MIN",
            "does not switch between MAX and MIN: the children get the same `maximizing`",
            lambda right: (replace(right, alternates=False),),
            minimax=True,
        ),
        Misconception(
            "wrong_bound",
            "updates the wrong bound",
            "updates the wrong bound: MIN raises alpha or MAX lowers beta (MAX raises alpha, MIN lowers beta)",
            lambda right: tuple(replace(right, wrong_bound=side) for side in ("min", "max", "both")),
        ),
        Misconception(
            "beta_from_alpha",
            "sets beta from alpha",
            "sets beta from alpha: `beta = min(alpha, value)` where it should be `beta = min(beta, value)`",
            lambda right: (replace(right, beta_from_alpha=True),),
            on_paper=False,
        ),
        Misconception(
            "first_child_only",
            "stops after the first child",
            "stops after the first child (a `return` or `break` inside the loop, not only at a cut-off)",
            lambda right: (replace(right, children_seen=1),),
            minimax=True,
            on_paper=False,
        ),
        Misconception(
            "two_children_only",
            "stops after two children",
            "looks at only two children (the loop stops after the second: every node has as many as the tree gives)",
            lambda right: (replace(right, children_seen=2),),
            minimax=True,
            on_paper=False,
        ),
    )
}
"""The known mistakes, by name, in the order reports list them."""


@dataclass(frozen=True)
class Explanation:
    """What explains a student's run on one tree: one misconception, or two together (where neither alone
    does); and beside one, the misconceptions that could not be told apart (`undecided`) and those the run
    rules out (`told_apart`), of the ones that would change what its code does there."""

    misconceptions: tuple[Misconception, ...]
    undecided: tuple[Misconception, ...] = ()
    told_apart: tuple[Misconception, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(misconception.name for misconception in self.misconceptions)

    @property
    def words(self) -> str:
        """The misconceptions' words, "...; and ..." for two."""
        return "; and ".join(misconception.words for misconception in self.misconceptions)

    def doubt(self) -> str:
        """What could not be told apart beside it, in words; "" for nothing."""
        doubts = [misconception.short for misconception in self.undecided]
        if not doubts:
            return ""
        listed = doubts[0] if len(doubts) == 1 else f"{', '.join(doubts[:-1])} or {doubts[-1]}"
        return f"whether it also {listed} could not be told apart"

    def text(self) -> str:
        """Its words, then what could not be told apart beside it."""
        doubt = self.doubt()
        return f"{self.words}; {doubt}" if doubt else self.words

    def to_json(self) -> dict[str, Any]:
        return {
            "names": list(self.names),
            "words": self.text(),
            "undecided": [misconception.name for misconception in self.undecided],
        }


def diagnose(student: Run, case: Case) -> list[Explanation]:
    """What explains the student's run on the case's tree where alpha-beta (the case's reference) differs, by
    the module's rule: the misconceptions that do, each alone, else the pairs; none for a run that failed."""
    if student.failure is not None:
        return []
    windowed = case.algorithm != "minimax"
    right = Habits.of(case.convention, windowed=windowed)
    candidates = [
        misconception
        for misconception in MISCONCEPTIONS.values()
        if misconception.applies(case.convention) and (windowed or misconception.minimax)
    ]

    def models(habits: tuple[Habits, ...]) -> list[Run]:
        runs = (model_run(case.tree, case.maximizing, one) for one in habits)
        return [run for run in runs if not runs_agree(run, case.reference)]

    alone = {misconception: models(misconception.habits(right)) for misconception in candidates}
    found = [misconception for misconception, runs in alone.items() if _explains(student, runs)]
    if not found:
        return [
            Explanation((first, second))
            for index, first in enumerate(candidates)
            for second in candidates[index + 1 :]
            if (pair := combined(first, second, right)) and _explains(student, models(pair))
        ]
    beside: dict[Misconception, Explanation] = {}
    for misconception in found:
        agreeing = [run for run in alone[misconception] if runs_agree(student, run)]
        undecided, told_apart = [], []
        for other in candidates:  # rule 3
            if not (pair := combined(misconception, other, right)):
                continue
            together = [run for run in models(pair) if runs_agree(student, run)]
            if not together:
                told_apart.append(other)
            elif any(run not in agreeing for run in together):  # else the other changes nothing here
                undecided.append(other)
        beside[misconception] = Explanation((misconception,), tuple(undecided), tuple(told_apart))

    return _unfolded(beside)


def _unfolded(beside: dict[Misconception, Explanation]) -> list[Explanation]:
    """The explanations of the misconceptions that explain a run alone, less those said beside another (rule
    3): undecided beside one that is not undecided beside it, or that comes first."""
    found = list(beside)

    def folded(other: Misconception) -> bool:
        return any(
            other in beside[first].undecided
            and (first not in beside[other].undecided or found.index(first) < found.index(other))
            for first in found
            if first is not other
        )

    kept = [misconception for misconception in found if not folded(misconception)]
    return [  # (and one folded beside none of those kept)
        beside[misconception]
        for misconception in found
        if misconception in kept or not any(misconception in beside[first].undecided for first in kept)
    ]


def _explains(student: Run, models: list[Run]) -> bool:
    return any(runs_agree(student, model) for model in models)


@cache
def combined(first: Misconception, second: Misconception, right: Habits) -> tuple[Habits, ...]:
    """The habits of code with both mistakes: each way of writing the first with each of the second; () when
    the two change the same habit (a loop cut after one child or after two: no code does both)."""
    if first is second or _changed(first, right) & _changed(second, right):
        return ()
    return tuple(both for one in first.habits(right) for both in second.habits(one))


def _changed(misconception: Misconception, right: Habits) -> set[str]:
    """The habits a misconception changes."""
    return {
        name
        for habits in misconception.habits(right)
        for name in (field.name for field in fields(Habits))
        if getattr(habits, name) != getattr(right, name)
    }


def undecided(explanations: Iterable[Explanation]) -> tuple[Misconception, ...]:
    """Over the trees one misconception explains (its explanation on each), the misconceptions that could
    not be told apart beside it on every one: undecided on some, ruled out on none."""
    explanations = list(explanations)
    ruled_out = {other for explanation in explanations for other in explanation.told_apart}
    found = dict.fromkeys(other for explanation in explanations for other in explanation.undecided)
    return tuple(other for other in found if other not in ruled_out)


def runs_agree(student: Run, model: Run) -> bool:
    """True when `student` did what `model` does: the same touches, the same value (when known), and each
    recorded call the model's first call on that node."""
    if student.touches != model.touches or student.value not in (None, model.value):  # None: a list of visits only
        return False
    if len({call.node for call in student.calls}) != len(student.calls):  # a node called twice is no model's habit
        return False
    expected = {call.node: call for call in reversed(model.calls)}  # each node's first call
    return all(call == expected.get(call.node) for call in student.calls)  # 3 == 3.0
