"""Provides `Comparison`: several searches of one tree, their visit orders aligned and their differences.

Nodes are matched by name, so searches in different move orders line up. Each visit order is merged into
the columns so far along their longest common subsequence: where a search skips a node, its column is a gap.
"""

from __future__ import annotations

import difflib
import functools
import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from visualizer.errors import InputError
from visualizer.games.base import Value
from visualizer.games.registry import from_spec
from visualizer.search.registry import find_algorithm
from visualizer.steps.describe import window_failure, window_verdict
from visualizer.tracing.trace import Trace
from visualizer.tracing.tracer import NodeCounter

__all__ = ["Run", "Comparison", "ALIGN_LIMIT", "alphabeta_alone"]

ALIGN_LIMIT = 5_000
"""Visit orders longer than this are not aligned (the merge is quadratic); counts and sets still are."""


@dataclass(frozen=True)
class Run:
    """One search in a comparison: its label ("alphabeta best"), move order ("random:7") and trace."""

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

    @property
    def passes(self) -> int:
        """How many passes the search made (iterative deepening, MTD(f)); 1 for most."""
        return len(self.trace.passes)

    @property
    def nodes_visited(self) -> int:
        """Nodes entered over all the passes (the visit order and alignment are the last pass's)."""
        return sum(one.summary.nodes_visited for one in self.trace.passes)

    @property
    def leaves_evaluated(self) -> int:
        return sum(one.summary.leaves_evaluated for one in self.trace.passes)

    @property
    def cutoffs(self) -> int:
        return sum(len(one.summary.cutoffs) for one in self.trace.passes)

    @property
    def set_aside(self) -> str | None:
        """Why this run's value is not expected to equal the others' (None when it is): an estimate
        (Monte Carlo), or a root that failed outside its --window, whose value is only a bound."""
        if self.trace.traits.estimates:
            return "an estimate (Monte Carlo)"
        if window_failure(self.trace) is not None:
            return f"a bound: the root {window_verdict(self.trace)}"
        return None


class Comparison:
    """Searches of one tree side by side: aligned visit orders, values, counts and set differences."""

    def __init__(self, runs: list[Run]):
        if len(runs) < 2:
            raise ValueError("a comparison needs two searches or more")
        self.runs = tuple(runs)
        self._visited = [set(run.visit_order) for run in runs]

    @property
    def values_agree(self) -> bool:
        """Do the runs that give an exact value all give the same one? (Runs `set_aside` are left out.)"""
        values = [run.value for run in self.exact_runs]  # expectations may differ in the last bit: 1/3 + 1/3 ...
        return all(math.isclose(value, values[0], rel_tol=1e-9, abs_tol=1e-12) for value in values[1:])

    @property
    def exact_runs(self) -> list[Run]:
        """The runs whose value is the exact minimax value (none of them `set_aside`)."""
        return [run for run in self.runs if run.set_aside is None]

    @property
    def is_alignable(self) -> bool:
        return max(len(run.trace.summary.visit_order) for run in self.runs) <= ALIGN_LIMIT

    def only(self, first: int, second: int) -> list[str]:
        """Names run `first` visits and run `second` does not, each once, in `first`'s visit order."""
        unseen = self._visited[second]
        return list(dict.fromkeys(name for name in self.runs[first].visit_order if name not in unseen))

    def differences(self) -> Iterator[tuple[int, int, list[str]]]:
        """(first, second, visited by first and not by second) for every ordered pair of runs."""
        for first, second in itertools.permutations(range(len(self.runs)), 2):
            yield first, second, self.only(first, second)

    @cached_property
    def columns(self) -> list[str]:
        """The aligned visit order: node names, a node repeated where searches visit it at different points."""
        return functools.reduce(_merge, [run.visit_order for run in self.runs])

    def aligned(self) -> list[tuple[str, list[int | None]]]:
        """For each column: the node, and each run's visit number there (None for a gap)."""
        rows = []
        positions = [0] * len(self.runs)
        orders = [run.visit_order for run in self.runs]
        for name in self.columns:
            steps: list[int | None] = []
            for index, order in enumerate(orders):
                if positions[index] < len(order) and order[positions[index]] == name:
                    positions[index] += 1
                    steps.append(positions[index])
                else:
                    steps.append(None)
            rows.append((name, steps))
        return rows

    def by_node(self) -> list[tuple[str, list[tuple[int, ...]]]]:
        """One row per node visited by any search, depth first (children in the order the first search to
        visit them did): each run's visit numbers (none: skipped; two or more: a search that visits the
        node again, as PVS does when it searches a child a second time)."""
        children: dict[str | None, list[str]] = {}
        for run in self.runs:
            nodes = run.trace.nodes
            for node_id in run.trace.summary.visit_order:
                node = nodes[node_id]
                siblings = children.setdefault(None if node.parent is None else nodes[node.parent].name, [])
                if node.name not in siblings:
                    siblings.append(node.name)
        numbers: list[dict[str, tuple[int, ...]]] = [{} for _ in self.runs]
        for number, run in zip(numbers, self.runs):
            for step, name in enumerate(run.visit_order, 1):
                number[name] = (*number.get(name, ()), step)
        rows = []
        stack = list(reversed(children.get(None, [])))
        while stack:
            name = stack.pop()
            rows.append((name, [number.get(name, ()) for number in numbers]))
            stack.extend(reversed(children.get(name, [])))
        return rows


def alphabeta_alone(trace: Trace) -> tuple[int, int] | None:
    """(nodes visited, leaves evaluated) of one alpha-beta search at the trace's last look-ahead, with its
    cut rule and options (what iterative deepening is weighed against); None when the source cannot be rebuilt."""
    try:
        game = from_spec(trace.source)
    except InputError:
        return None
    counter = NodeCounter()
    find_algorithm("alphabeta").run(game, depth=trace.depth_limit, strict=trace.strict, tracer=counter, **trace.options)
    return counter.result()


def _merge(columns: list[str], order: list[str]) -> list[str]:
    """`columns` with the nodes of `order` merged in: shared ones (in the same sequence) once, others inserted."""
    matcher = difflib.SequenceMatcher(None, columns, order, autojunk=False)
    merged: list[str] = []
    for tag, start, stop, other_start, other_stop in matcher.get_opcodes():
        merged.extend(columns[start:stop])
        if tag != "equal":
            merged.extend(order[other_start:other_stop])
    return merged
