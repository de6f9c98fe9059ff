"""Provides `likely_misconceptions`: the known mistake (the grader's registry) behind a pattern of wrong answers.

Each misconception's models (`visualizer.grading`) are run on the exercise's tree and written out as the
sheet that student would hand in; the rule:

1. A node is *committed* when the student said something about it: a value at an inner node, an alpha or
   a beta, a pruned mark (on it or above it), or it is a child of a node whose value or window is given.
   A blank sheet commits nothing, so it is never diagnosed.
2. A misconception is named when one of its models explains a strict majority of the committed wrong
   nodes, and more nodes follow the model than follow the key where the two differ. Of several, the ones
   that explain the most are named, then those whose model differs from the key at the fewest nodes.

A single slip explains nothing; a student that follows the other cut window is told so by `other_cut_window`.
The models take turns between MAX and MIN, so a tree where they do not (several MIN agents) is not diagnosed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from visualizer.games.base import Player, Value
from visualizer.grading.misconceptions import MISCONCEPTIONS, Misconception
from visualizer.grading.models import Convention, Habits, model_run
from visualizer.grading.record import PlainNode, Run, plain_tree
from visualizer.practice.answers import Answers, NodeAnswer, marked_pruned
from visualizer.practice.exercise import Exercise

__all__ = ["MAX_NODES_SHOWN", "Diagnosis", "likely_misconceptions", "model_sheet", "other_cut_window"]

MAX_NODES_SHOWN = 8
"""The report's sentence names this many nodes, then says how many more."""


@dataclass(frozen=True)
class Diagnosis:
    """A misconception named by a check, and the wrong nodes it explains (in the key's order)."""

    misconception: Misconception
    nodes: tuple[str, ...]

    def sentence(self) -> str:
        """E.g. "Likely misconception: never prunes: ... - it explains the mistakes at K, O" (the grader's words)."""
        words = self.misconception.words
        return f"Likely misconception: {words} - it explains the mistakes at {names_text(self.nodes)}"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.misconception.name, "words": self.misconception.words, "nodes": list(self.nodes)}


def names_text(names: tuple[str, ...] | list[str]) -> str:
    """Node names separated by commas, the first `MAX_NODES_SHOWN` of them and then how many more."""
    shown = ", ".join(names[:MAX_NODES_SHOWN])
    more = len(names) - MAX_NODES_SHOWN
    return f"{shown} and {more} more" if more > 0 else shown


def likely_misconceptions(exercise: Exercise, answers: Answers) -> list[Diagnosis]:
    """The misconceptions that explain the mistakes of the sheet (the module's rule), usually none or one."""
    key = key_sheet(exercise)
    marked = marked_pruned(exercise, answers)
    committed = _committed(exercise, answers, marked)
    wrong = [name for name in key if name in committed and not _follows(exercise, answers, marked, name, key[name])]
    if not wrong or not exercise.alternates:  # the models would search another tree: MAX and MIN taking turns
        return []
    convention = Convention(strict=exercise.strict)
    right = Habits.of(convention)
    tree = plain_tree(exercise.tree)
    maximizing = exercise.tree.root_player is Player.MAX
    found: list[tuple[Diagnosis, tuple[int, int]]] = []
    for misconception in MISCONCEPTIONS.values():
        if not misconception.applies(convention) or not misconception.on_paper:
            continue
        best: tuple[tuple[str, ...], int] = ((), 0)  # the nodes explained, and the differences it predicts
        for habits in misconception.habits(right):
            sheet = model_sheet(tree, model_run(tree, maximizing, habits), habits, exercise.cut_window)
            differ = [name for name in key if name in committed and sheet[name] != key[name]]
            model_side = {name for name in differ if _follows(exercise, answers, marked, name, sheet[name])}
            key_side = {name for name in differ if _follows(exercise, answers, marked, name, key[name])}
            follows_model = tuple(name for name in differ if name in model_side - key_side)
            follows_key = key_side - model_side
            if (
                2 * len(follows_model) > len(wrong)
                and len(follows_model) > len(follows_key)
                and _rank(follows_model, len(differ)) < _rank(*best)
            ):
                best = (follows_model, len(differ))
        if best[0]:
            found.append((Diagnosis(misconception, best[0]), _rank(*best)))
    first = min((rank for _, rank in found), default=None)
    return [diagnosis for diagnosis, rank in found if rank == first]


def _rank(explained: tuple[str, ...], differences: int) -> tuple[int, int]:
    """Orders explanations: the most mistakes explained first, then the fewest differences from the key."""
    return (-len(explained), differences if explained else 0)


def other_cut_window(exercise: Exercise, answers: Answers) -> tuple[str, ...]:
    """The cut-off nodes whose alpha/beta follow the other cut window, when the student follows it throughout
    (else ())."""
    other = exercise.with_cut_window("raised" if exercise.cut_window == "kept" else "kept")
    mine, theirs = key_sheet(exercise), key_sheet(other)
    marked = marked_pruned(exercise, answers)
    nodes = []
    for name, claim in mine.items():
        if not _follows(exercise, answers, marked, name, theirs[name]):
            return ()
        if not _follows(exercise, answers, marked, name, claim):  # then the two keys differ here
            answer = answers.get(name)
            if (answer.alpha, answer.beta) == (None, None):
                return ()
            nodes.append(name)
    return tuple(nodes)


def key_sheet(exercise: Exercise) -> dict[str, NodeAnswer]:
    """The answer key as a sheet, node name -> answer (leaves with their value), in the key's order."""
    return {node.name: NodeAnswer(node.value, node.alpha, node.beta, node.pruned) for node in exercise.key}


def model_sheet(tree: PlainNode, run: Run, habits: Habits, cut_window: str) -> dict[str, NodeAnswer]:
    """The sheet a student with `habits` hands in: the nodes the run never touches pruned, the others with
    the value their first call returned and the window they leave with under `cut_window`."""
    first = {call.node: call for call in run.calls}  # a model calls each node once
    order = {name: index for index, name in enumerate(first)}  # the nodes in the order of their first calls
    sheet: dict[str, NodeAnswer] = {}
    for node in tree.walk():
        call = first.get(node.name)
        if call is None:
            sheet[node.name] = NodeAnswer(pruned=True)
            continue
        alpha, beta = _number(call.alpha), _number(call.beta)
        if node.children:
            called = sorted((child.name for child in node.children if child.name in first), key=order.__getitem__)
            values = [_number(first[name].returned) for name in called]
            alpha, beta = _leaving_window(call.maximizing, alpha, beta, values, habits, cut_window)
        sheet[node.name] = NodeAnswer(_number(call.returned), alpha, beta)
    return sheet


def _number(value: Value | str | None) -> Value:
    assert isinstance(value, (int, float))  # a model's calls carry numbers: windows and values
    return value


def _leaving_window(
    maximizing: bool, alpha: Value, beta: Value, values: list[Value], habits: Habits, cut_window: str
) -> tuple[Value, Value]:
    """The window a node leaves with, from its children's values in the order called: its player's bound moved
    to each value, but under "kept" not to the last when it cut off (the model calls no child after a cut)."""
    best = max(values) if maximizing else min(values)
    low, high = (best, beta) if maximizing else (alpha, best)
    cut = habits.prunes and (low > high if habits.strict else low >= high)
    counted = values[:-1] if cut and cut_window == "kept" else values
    return (max([alpha, *counted]), beta) if maximizing else (alpha, min([beta, *counted]))


def _committed(exercise: Exercise, answers: Answers, marked: dict[str, bool]) -> set[str]:
    """The nodes the student said something about (rule 1 of the module's docstring)."""

    def worked(name: str) -> bool:
        answer = answers.get(name)
        given = (None, exercise.by_name[name].leaf_value)  # no value, or the leaf's own
        return (answer.alpha, answer.beta) != (None, None) or answer.value not in given

    return {
        node.name
        for node in exercise.key
        if marked[node.name] or worked(node.name) or (node.parent is not None and worked(node.parent))
    }


def _follows(exercise: Exercise, answers: Answers, marked: dict[str, bool], name: str, claim: NodeAnswer) -> bool:
    """True when the student's answer at `name` matches `claim` in everything it gives (a blank inner value
    matches nothing)."""
    if marked[name] != claim.pruned:
        return False
    if claim.pruned:
        return True
    answer = answers.get(name)
    value = answer.value if answer.value is not None else exercise.by_name[name].leaf_value
    return (
        value is not None
        and value == claim.value
        and (answer.alpha is None or answer.alpha == claim.alpha)
        and (answer.beta is None or answer.beta == claim.beta)
    )
