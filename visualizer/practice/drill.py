"""Provides the "predict the next node" drill: `Choice`, `Question`, `questions` and `Drill`."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from visualizer.tracing.events import EVENT_KINDS, Effect
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import KINDS

__all__ = ["CUTOFF", "ENTER", "Choice", "Drill", "Question", "iter_questions"]

ENTER, CUTOFF = "enter", "cutoff"
"""The kinds of choice: the search enters a node next, or the window closes next."""

NAMED_AT_MOST = 5
"""How many pruned children an answer names before it says "and N more"."""


@dataclass(frozen=True)
class Choice:
    """One answer to "what happens next?": `ENTER` a node, or a `CUTOFF` at the node whose window closes."""

    kind: str
    node: int
    label: str


@dataclass(frozen=True)
class Question:
    """A pause before 1-based `step`, which enters a node or cuts off.

    The choices are every child of the open nodes not entered yet, shuffled with the step as the seed,
    then a cut-off if the search prunes and the deepest open node has a child searched and one left.
    """

    step: int
    answer: Choice
    choices: tuple[Choice, ...]
    outcome: str


def _enter(names: Sequence[str], node: int) -> Choice:
    return Choice(ENTER, node, f"enter {names[node]}")


def _cutoff(names: Sequence[str], node: int) -> Choice:
    name = names[node]
    return Choice(CUTOFF, node, f"a cut-off at {name} (the rest of {name}'s children are pruned)")


def _listed(names: list[str]) -> str:
    """'K', 'K and L', 'K, L and M', or the first few and 'and N more'."""
    if len(names) > NAMED_AT_MOST:
        shown = names[: NAMED_AT_MOST - 1]
        return f"{', '.join(shown)} and {len(names) - len(shown)} more"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


@dataclass
class _OpenNode:
    """A node on the call stack: its children and those entered so far (in any order the search tries)."""

    node: int
    children: tuple[int, ...]
    entered: set[int] = field(default_factory=set)

    @property
    def remaining(self) -> tuple[int, ...]:
        return tuple(child for child in self.children if child not in self.entered)


def iter_questions(trace: Trace) -> Iterator[Question]:
    """The questions of a finished trace one at a time, in step order: one per step that enters a node (but the
    root) and one per cut-off (minimax traces ask only which node comes next); a ValueError for a search that
    enters nodes again (a re-search, Monte Carlo), where "which node is next" has no answer."""
    if trace.traits.revisits:
        raise ValueError(f"the drill follows a search that enters each node once; {trace.algorithm} enters nodes again")
    columns = trace.columns
    names, children = columns.name, columns.children
    kinds, nodes = columns.event_kind, columns.event_node
    effects = [EVENT_KINDS[kind].effect for kind in KINDS]  # what each kind code does (opens, prunes, closes)
    prunes = trace.traits.windowed  # only a search with a window cuts off, so only it offers a cut-off
    stack: list[_OpenNode] = []
    for index, code in enumerate(kinds):
        node, step, effect = nodes[index], index + 1, effects[code]
        if effect is Effect.OPEN:
            if stack:
                outcome = f"the next step enters {names[node]}"
                yield _question(names, stack, prunes, step, _enter(names, node), outcome)
                stack[-1].entered.add(node)
            stack.append(_OpenNode(node, tuple(children[node])))
        elif effect is Effect.PRUNE:
            outcome = f"a cut-off at {names[node]} prunes {_listed(trace.names(columns.event_skipped[step]))}"
            yield _question(names, stack, prunes, step, _cutoff(names, node), outcome)
        elif effect is Effect.CLOSE:
            stack.pop()


def _question(
    names: Sequence[str], stack: list[_OpenNode], prunes: bool, step: int, answer: Choice, outcome: str
) -> Question:
    """The question before `step`, with the choices the call stack allows."""
    choices = [_enter(names, child) for open_node in reversed(stack) for child in open_node.remaining]
    random.Random(step).shuffle(choices)  # in search order, the right answer would always come first
    top = stack[-1]
    if prunes and top.entered and top.remaining:  # a window can close only after a child's value is in
        choices.append(_cutoff(names, top.node))
    return Question(step, answer, tuple(choices), outcome)


class Drill:
    """A student's run through the questions of a finished trace, keeping score."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        summary = trace.summary
        self.total = max(0, summary.nodes_visited - 1) + len(summary.cutoffs)
        """Questions in all: one per node entered after the root, one per cut-off."""
        self._questions = iter_questions(trace)
        self.current: Question | None = next(self._questions, None)
        """The question waiting for an answer, None when all are answered."""
        self.right = 0
        self.asked = 0

    @property
    def is_done(self) -> bool:
        return self.current is None

    def answer(self, choice: Choice) -> bool:
        """Records `choice` and moves on; True when it is the right one (a ValueError when none is left)."""
        if self.current is None:
            raise ValueError("the drill is over: there is no question to answer")
        is_right = choice == self.current.answer
        self.asked += 1
        self.right += is_right
        self.current = next(self._questions, None)
        return is_right

    @property
    def score(self) -> str:
        """The score so far, e.g. "7/9 right (78%)"."""
        return f"{self.right}/{self.asked} right ({self.right / self.asked:.0%})" if self.asked else "0/0 right"
