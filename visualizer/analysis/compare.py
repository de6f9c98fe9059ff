"""Provides `Comparison`: several searches of one tree, their visit orders aligned and their differences.

Nodes are matched by name, so searches of the same tree in different move orders line up. The
alignment is a shortest common supersequence of the visit orders built run by run (each new order is
merged into the columns so far along their longest common subsequence): where a search skips a node,
its column is a gap. A node two searches visit at different points gets a column for each.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cached_property
from typing import Iterator

from visualizer.games.base import Value
from visualizer.tracing.trace import Trace

__all__ = ["Run", "Comparison", "ALIGN_LIMIT"]

ALIGN_LIMIT = 5_000
"""Visit orders longer than this are not aligned (the merge is quadratic); counts and sets still are."""


@dataclass(frozen=True)
class Run:
    """One search in a comparison.

    Attributes:
        label: how the output names it, e.g. "alphabeta", "alphabeta best", "alphabeta strict".
        order: the move order it searched in ("natural", "best", "worst", "random:7").
        trace: the recorded search.
    """

    label: str
    order: str
    trace: Trace

    @cached_property
    def visit_order(self) -> list[str]:
        """The names of the nodes in the order the search entered them (built once)."""
        return self.trace.names(self.trace.summary.visit_order)

    @property
    def value(self) -> Value:
        return self.trace.summary.value


class Comparison:
    """Searches of one tree side by side: aligned visit orders, values, counts and set differences."""

    def __init__(self, runs: list[Run]):
        if len(runs) < 2:
            raise ValueError("a comparison needs two searches or more")
        self.runs = tuple(runs)
        self._visited = [set(run.visit_order) for run in runs]
        self._columns: list[str] | None = None

    @property
    def values_agree(self) -> bool:
        return len({run.value for run in self.runs}) == 1

    @property
    def is_alignable(self) -> bool:
        return max(len(run.trace.summary.visit_order) for run in self.runs) <= ALIGN_LIMIT

    def only(self, first: int, second: int) -> list[str]:
        """Names run `first` visits and run `second` does not, in `first`'s visit order."""
        return [name for name in self.runs[first].visit_order if name not in self._visited[second]]

    def differences(self) -> Iterator[tuple[int, int, list[str]]]:
        """(first, second, visited by first and not by second) for every ordered pair of runs."""
        for first in range(len(self.runs)):
            for second in range(len(self.runs)):
                if first != second:
                    yield first, second, self.only(first, second)

    def columns(self) -> list[str]:
        """The aligned visit order: node names, a node repeated where searches visit it at different points."""
        if self._columns is None:
            merged = self.runs[0].visit_order
            for run in self.runs[1:]:
                merged = _merge(merged, run.visit_order)
            self._columns = merged
        return self._columns

    def aligned(self) -> list[tuple[str, list[int | None]]]:
        """For each column: the node, and each run's visit number there (None for a gap)."""
        rows = []
        positions = [0] * len(self.runs)
        orders = [run.visit_order for run in self.runs]
        for name in self.columns():
            steps: list[int | None] = []
            for index, order in enumerate(orders):
                if positions[index] < len(order) and order[positions[index]] == name:
                    positions[index] += 1
                    steps.append(positions[index])
                else:
                    steps.append(None)
            rows.append((name, steps))
        return rows

    def by_node(self) -> list[tuple[str, list[int | None]]]:
        """One row per node visited by any search, in tree order: each run's visit number (None: skipped).

        Tree order is depth first, with each node's children in the order the first search to
        visit them did (so with the first run in natural order, the tree reads as drawn).
        """
        children: dict[str | None, list[str]] = {}
        for run in self.runs:
            nodes = run.trace.nodes
            for node_id in run.trace.summary.visit_order:
                node = nodes[node_id]
                siblings = children.setdefault(None if node.parent is None else nodes[node.parent].name, [])
                if node.name not in siblings:
                    siblings.append(node.name)
        numbers = [{name: step for step, name in enumerate(run.visit_order, 1)} for run in self.runs]
        rows = []
        stack = list(reversed(children.get(None, [])))
        while stack:
            name = stack.pop()
            rows.append((name, [number.get(name) for number in numbers]))
            stack.extend(reversed(children.get(name, [])))
        return rows


def _merge(columns: list[str], order: list[str]) -> list[str]:
    """`columns` with the nodes of `order` merged in: shared ones (in the same sequence) once, others inserted."""
    matcher = difflib.SequenceMatcher(None, columns, order, autojunk=False)
    merged: list[str] = []
    for tag, start, stop, other_start, other_stop in matcher.get_opcodes():
        if tag == "equal":
            merged.extend(columns[start:stop])
            continue
        merged.extend(columns[start:stop])
        merged.extend(order[other_start:other_stop])
    return merged
