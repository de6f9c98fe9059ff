"""Provides `visit_counts`: each node's Monte Carlo visits at any step of a trace, found by bisection."""

from __future__ import annotations

import math
import weakref
from array import array
from bisect import bisect_right
from collections import defaultdict
from functools import partial

from visualizer.games.base import Value, format_value
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import TraceColumns

__all__ = ["DEFAULT_EXPLORATION", "VisitCounts", "format_mean", "is_monte_carlo", "visit_counts"]

DEFAULT_EXPLORATION = math.sqrt(2)
"""UCT's exploration constant when a trace records none (the default of `--exploration`)."""

MEAN_DIGITS = 3
"""Decimals a mean or a UCT score shows: "0.667", not "0.666667"."""


def format_mean(value: Value | None) -> str:
    """A mean or a score in few columns: rounded to `MEAN_DIGITS` decimals, then as `format_value` writes it."""
    if isinstance(value, float) and math.isfinite(value):
        value = round(value, MEAN_DIGITS)
    return format_value(value)


def is_monte_carlo(trace: Trace) -> bool:
    """True when the trace's nodes keep visits (its events carry them: Monte Carlo tree search)."""
    return bool(trace.columns.event_extra.get("visits"))


class VisitCounts:
    """Each node's visits at any step: per node, the sorted steps of its backpropagations and its visits after
    each, so a count is one bisection. Built once per trace (`visit_counts`)."""

    def __init__(self, trace: Trace):
        nodes = trace.columns.event_node
        self._steps: defaultdict[int, array] = defaultdict(partial(array, "i"))
        self._counts: defaultdict[int, array] = defaultdict(partial(array, "i"))
        for step, visits in sorted(trace.columns.event_extra.get("visits", {}).items()):
            self._steps[nodes[step - 1]].append(step)
            self._counts[nodes[step - 1]].append(visits)

    def at(self, node: int, step: int) -> int:
        """The visits `node` has after step `step` (0 before its first backpropagation)."""
        steps = self._steps.get(node)
        if steps is None:
            return 0
        index = bisect_right(steps, step)
        return self._counts[node][index - 1] if index else 0

    def final(self, node: int) -> int:
        """The visits `node` has at the end of the search."""
        counts = self._counts.get(node)
        return counts[-1] if counts else 0


_BUILT: weakref.WeakKeyDictionary[TraceColumns, VisitCounts] = weakref.WeakKeyDictionary()
"""Trace columns -> their `VisitCounts`."""


def visit_counts(trace: Trace) -> VisitCounts:
    """The `VisitCounts` of `trace`, built on first use and kept while the trace lives."""
    counts = _BUILT.get(trace.columns)
    if counts is None:
        counts = _BUILT[trace.columns] = VisitCounts(trace)
    return counts
