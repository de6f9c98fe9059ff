"""Provides `judge`: a student's run on one tree against the reference, as a `Verdict` (pass, or the first
divergence in words and the misconceptions that explain it). Under `Convention.checks` "visits" only the
visits and the root's value are compared: each call's window and value are left out."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from visualizer.games.base import format_value
from visualizer.grading.misconceptions import Explanation, Misconception, diagnose
from visualizer.grading.record import Call, PlainNode, Run, number_to_json
from visualizer.grading.reference import Case

__all__ = ["NO_RETURN", "Divergence", "Verdict", "judge"]


@dataclass(frozen=True)
class Divergence:
    """Where a student's run first departs from the reference: the visit (1-based) and node, and what the
    student's code and the reference do there."""

    step: int | None
    node: str | None
    student: str
    reference: str

    def text(self) -> str:
        where = f"visit {self.step}: " if self.step is not None else ""
        return f"{where}{self.student}; {self.reference}"

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "text": self.text()}


@dataclass(frozen=True)
class Verdict:
    """A student's run on one tree, judged: the first divergence (None when it passes or failed) and what
    explains it: each a known mistake, or two together, whose model does what the student did."""

    case: Case
    run: Run
    divergence: Divergence | None
    explanations: tuple[Explanation, ...] = ()

    @property
    def misconceptions(self) -> tuple[Misconception, ...]:
        """Every misconception named by an explanation, once, in their order."""
        named = (misconception for explanation in self.explanations for misconception in explanation.misconceptions)
        return tuple(dict.fromkeys(named))

    @property
    def passed(self) -> bool:
        return self.run.failure is None and self.divergence is None

    def to_json(self) -> dict[str, Any]:
        return {
            "tree": self.case.label,
            "passed": self.passed,
            "failure": self.run.failure,
            "message": self.run.message or None,
            "divergence": None if self.divergence is None else self.divergence.to_json(),
            "misconceptions": [{"name": m.name, "words": m.words} for m in self.misconceptions],
            "explanations": [explanation.to_json() for explanation in self.explanations],
            "value": number_to_json(self.run.value),
            "expected": number_to_json(self.case.reference.value),
            "visits": list(self.run.touches),
            "expected_visits": list(self.case.reference.touches),
            "seconds": round(self.run.seconds, 4),
            "output": self.run.extra.get("output"),
        }


def judge(case: Case, run: Run) -> Verdict:
    """The verdict on `run`, the student's code on `case`'s tree."""
    judged = replace(run, calls=()) if case.convention.checks == "visits" else run
    if run.failure is not None or (divergence := first_divergence(case, judged)) is None:
        return Verdict(case, run, None)
    return Verdict(case, run, divergence, tuple(diagnose(judged, case)))


def first_divergence(case: Case, run: Run) -> Divergence | None:
    """The first place `run` departs from the reference, walking the reference's calls as they start and end:
    the visit order, each call's `maximizing` and window, the values returned (children first), the root's."""
    reference, name = case.reference, "minimax" if case.algorithm == "minimax" else "alpha-beta"
    visit = {node: index + 1 for index, node in enumerate(reference.touches)}
    called: dict[str, Call] = {}
    for call in run.calls:
        if call.node in called:
            twice = f"your code calls itself on {call.node} twice"
            return Divergence(visit.get(call.node), call.node, twice, f"{name} searches each node once")
        called[call.node] = call
    expected = {call.node: call for call in reference.calls}
    touches, done = run.touches, 0
    for enters, node in case.order:
        mine = touches[done] if done < len(touches) else None
        if enters:
            if mine != node:
                return _visit_divergence(case, touches, done + 1, mine, node, name)
            done += 1
            entry = _entry_divergence(done, called[node], expected[node], name) if node in called else None
            if entry is not None:
                return entry
        elif mine is not None and case.is_below(mine, node):  # more visits below the node before it returns
            return _visit_divergence(case, touches, done + 1, mine, None, name)
        elif node in called and called[node].returned != expected[node].returned:
            return _value_divergence(
                visit[node], case.nodes[node], called[node].returned, expected[node].returned, name
            )
    if done < len(touches):
        return _visit_divergence(case, touches, done + 1, touches[done], None, name)
    if run.value is not None and run.value != reference.value:
        return _value_divergence(1, case.tree, run.value, reference.value, name, root=True)
    return None


def _entry_divergence(step: int, mine: Call, theirs: Call, name: str) -> Divergence | None:
    """A call made with another `maximizing` or another window than the reference's."""
    node = mine.node
    yours = f"your call on {node} has"
    if mine.maximizing != theirs.maximizing:
        role = "MAX" if theirs.maximizing else "MIN"
        return Divergence(step, node, f"{yours} maximizing={mine.maximizing}", f"{node} is a {role} node")
    if (mine.alpha, mine.beta) != (theirs.alpha, theirs.beta):
        return Divergence(step, node, f"{yours} window {_window(mine)}", f"{name} passes {_window(theirs)}")
    return None


def _visit_divergence(
    case: Case, touches: tuple[str, ...], step: int, mine: str | None, theirs: str | None, name: str
) -> Divergence:
    """The student visits `mine` where the reference (`name`) visits `theirs` (None: the student or the reference
    is done)."""
    visits = case.reference.touches
    if theirs is not None and theirs not in touches:  # cut off (or stopped) where alpha-beta goes on
        then = f"it visits {mine} next" if mine is not None else f"it stops after {step - 1} visits"
        here = f"{name} visits {theirs} here{_why_open(case, theirs)}"
        return Divergence(step, theirs, f"your code skips {theirs} ({then})", here)
    assert mine is not None
    if mine not in visits:
        why = case.pruned_by(mine)
        return Divergence(step, mine, f"your code visits {mine}", f"{name} prunes it" + (f" ({why})" if why else ""))
    here = f"{name} visits {theirs} here and {mine} at visit {visits.index(mine) + 1}"
    return Divergence(step, mine, f"your code visits {mine}", here)


def _why_open(case: Case, node: str) -> str:
    """Why the reference does not cut before `node`: its window is open (or, under strict cuts, a point)."""
    call = next(call for call in case.reference.calls if call.node == node)
    if call.alpha is None:
        return ""
    if call.alpha == call.beta:
        return f" with window {_window(call)}, closed to a point: a value that only reaches the bound does not cut"
    return f" with window {_window(call)}, still open"


NO_RETURN = "{node} returned None: a path through your function ends with no `return`"
"""What a call that returned None says (Python returns None from a function that falls off its end)."""


def _value_divergence(
    step: int, node: PlainNode, mine: Any, theirs: Any, name: str, *, root: bool = False
) -> Divergence:
    if mine in (None, "None"):
        student = NO_RETURN.format(node=node.name)
        return Divergence(step, node.name, student, f"{name}'s value there is {format_value(theirs)}")
    if isinstance(mine, str):
        student = f"your code returns {mine} at {node.name}, not a number"
        return Divergence(step, node.name, student, f"{name}'s value there is {format_value(theirs)}")
    if root:
        student = f"your function returns {format_value(mine)} for the root {node.name}"
        return Divergence(step, node.name, student, f"{name}'s value is {format_value(theirs)}")
    expected = f"{name} backs up" if node.children else "the leaf's value is"
    return Divergence(
        step, node.name, f"a wrong value at {node.name}: {format_value(mine)}", f"{expected} {format_value(theirs)}"
    )


def _window(call: Call) -> str:
    return f"[{format_value(call.alpha)}, {format_value(call.beta)}]"
