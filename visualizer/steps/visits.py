"""Provides `visit_counts`: each node's Monte Carlo visits at any step of a trace, found by bisection, and the
sentences of the Monte Carlo steps (selection, playout, back-propagation)."""

from __future__ import annotations

import math
import weakref
from array import array
from bisect import bisect_right
from collections import defaultdict
from functools import partial

from visualizer.games.base import Value, format_value
from visualizer.tracing.events import Event, EventKind
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import TraceColumns
from visualizer.tracing.trace_records import TraceNode

__all__ = [
    "DEFAULT_EXPLORATION",
    "VisitCounts",
    "backpropagate_sentence",
    "format_mean",
    "is_monte_carlo",
    "select_sentence",
    "simulate_sentence",
    "visit_counts",
]

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


def _value(event: Event) -> Value:
    assert event.value is not None  # a selection, a playout and a back-propagation carry a value
    return event.value


PLAYOUT_SHOWN = 10
"""The most playout moves a sentence names; longer playouts end in "..."."""


def select_sentence(trace: Trace, node: TraceNode, event: Event) -> str:
    """ "Iteration 3: start at A (mean 4, 2 visits)." at the root; below it the UCB1 score term by term:
    "Select C: UCT 6.83 = MAX's mean 6 + 1.41 x sqrt(ln 3 / 1), the highest of 2."."""
    counts = visit_counts(trace)
    visits = counts.at(node.id, event.step)
    if node.parent is None:
        so_far = "" if not visits else f" (mean {format_mean(event.value)}, {_visits(visits)})"
        return f"Iteration {visits + 1}: start at {node.name}{so_far}."
    parent = trace.nodes[node.parent]
    chooser = parent.player
    exploration = trace.options.get("exploration", DEFAULT_EXPLORATION)
    mean = _value(event) * chooser.sign
    among = "the only choice" if len(parent.children) == 1 else f"the highest of {len(parent.children)}"
    return (
        f"Select {node.name}: UCT {format_mean(event.score)} = {chooser.value.upper()}'s mean "
        f"{format_mean(mean)} + {format_mean(exploration)} x sqrt(ln {counts.at(parent.id, event.step)} / "
        f"{visits}), {among}."
    )


def _visits(count: int) -> str:
    return f"{count} visit{'' if count == 1 else 's'}"


def simulate_sentence(trace: Trace, node: TraceNode, event: Event) -> str:
    """ "Playout from X7: O3 X6 O8 X9, ends 1 (MAX wins).", "..., reaches leaf K = 4.", "..., stops at the depth
    limit: static value 3."."""
    playout, name, result = event.playout or (), node.name, _value(event)
    value = format_value(result)
    moves = " ".join(playout[:PLAYOUT_SHOWN]) + (" ..." if len(playout) > PLAYOUT_SHOWN else "")
    winner = "MAX wins" if result > 0 else "MIN wins" if result < 0 else "a draw"
    if trace.depth_limit is not None and event.depth + len(playout) >= trace.depth_limit:
        if not playout:
            return f"{name} is at the depth limit: static value {value}."
        return f"Playout from {name}: {moves}, stops at the depth limit: static value {value}."
    if node.board is None:  # an explicit tree: the playout's last move names the leaf it reached
        if not playout:
            return f"{name} is a leaf: result {value}."
        return f"Playout from {name}: {moves}, reaches leaf {playout[-1]} = {value}."
    if not playout:
        return f"{name} ends the game: result {value} ({winner})."
    return f"Playout from {name}: {moves}, ends {value} ({winner})."


def backpropagate_sentence(trace: Trace, node: TraceNode, event: Event) -> str:
    """ "B takes 4: 3 visits, mean 5.33."; the root's last one also says what the search chose."""
    events, step = trace.events, event.step - 1
    while step > 0 and events[step - 1].kind is not EventKind.SIMULATE:  # the playout comes just before the path
        step -= 1
    result = events[step - 1].value if step > 0 else None
    sentence = (
        f"{node.name} takes {format_value(result)}: {_visits(event.visits or 0)}, mean {format_mean(event.value)}."
    )
    if node.parent is None and event.step == len(trace.events):
        best, chosen = trace.summary.best_child, ""
        if best is not None:
            chosen = f", best move {trace.summary.best_move} (most visited: {_visits(visit_counts(trace).final(best))})"
        iterations = f"{event.visits} iteration{'' if event.visits == 1 else 's'}"
        sentence += f" Done: {node.name} = {format_mean(trace.summary.value)} after {iterations}{chosen}."
    return sentence
