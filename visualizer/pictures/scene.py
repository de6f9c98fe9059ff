"""Provides `Scene`: what every node of a trace shows after a step (or when finished), before any drawing.

The one place that decides a node's look from the search (visited, pruned, unreached or not yet
seen; the value, or a leaf's static value dimmed; the visit number and the window), the marks
between nodes and the caption. The figure and the per-step DOT files both read it.
"""

from __future__ import annotations

import weakref
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from visualizer.games.base import Value, format_value
from visualizer.steps.describe import describe
from visualizer.steps.replay import Phase, Replay
from visualizer.steps.visits import MEAN_DIGITS, is_monte_carlo, visit_counts
from visualizer.tracing.events import EVENT_KINDS, Effect
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import KINDS
from visualizer.tracing.trace_records import NodeStatus

__all__ = ["NodeLook", "Scene", "blank_scene", "finished_scene", "inner_nodes", "scene_at", "standing_cuts"]

Status = Literal["visited", "pruned", "unreached", "unseen"]

_NOT_ENTERED: dict[NodeStatus, Status] = dict.fromkeys(NodeStatus, "unseen")
"""A node not entered yet, by its final status: beyond the look-ahead shows from the first step on, as in the app."""
_NOT_ENTERED[NodeStatus.UNREACHED] = "unreached"


@dataclass(frozen=True)
class NodeLook:
    """What one node shows: `dimmed` is a leaf's static value not evaluated (yet), `window` the
    "[alpha, beta]" text, `visits` a Monte Carlo node's visits so far (shown instead of `visit`)."""

    status: Status
    value: Value | None = None
    dimmed: Value | None = None
    visit: int | None = None
    window: str = ""
    current: bool = False
    bold: bool = False
    visits: int | None = None

    @property
    def visit_text(self) -> str:
        """What a drawing writes beside the node: "#7" (the 7th node entered), or "n=30" (Monte Carlo)."""
        return f"#{self.visit}" if self.visits is None else f"n={self.visits}"


@dataclass(frozen=True)
class Scene:
    """Every node's look (by id) and the marks between them, at one step or when finished.

    `cuts` holds (node, first skipped child) of each cut-off so far, `bold` the principal variation
    (finished only), `last_edge` the (node, child) just taken.
    """

    looks: tuple[NodeLook, ...]
    cuts: frozenset[tuple[int, int]]
    bold: frozenset[int]
    last_edge: tuple[int, int] | None
    caption: str


def _looks(
    trace: Trace,
    inner: frozenset[int],
    statuses: Iterable[Status],
    searched: Iterable[tuple[int | None, Value | None, Value | None, Value | None]],
    step: int | None,
    *,
    current: int | None = None,
    bold: frozenset[int] = frozenset(),
) -> tuple[NodeLook, ...]:
    """Each node's look from its status and the (visit, value, alpha, beta) the search has given it by `step`
    (None: finished)."""
    static = trace.columns.static_value
    counts = visit_counts(trace) if is_monte_carlo(trace) else None
    looks = []
    for node, (status, (visit, value, alpha, beta)) in enumerate(zip(statuses, searched)):
        visited = status == "visited"
        dimmed = None if (visited and value is not None) or node in inner else static[node]
        visits = None if counts is None else counts.final(node) if step is None else counts.at(node, step)
        if visits is not None and isinstance(value, float):
            value = round(value, MEAN_DIGITS)  # a Monte Carlo mean: 6.133, not 6.133333
        window = f"[{format_value(alpha)}, {format_value(beta)}]" if visited and alpha is not None else ""
        counted = visits if visited and visit is not None else None
        looks.append(
            NodeLook(status, value if visited else None, dimmed, visit, window, node == current, node in bold, counted)
        )
    return tuple(looks)


def standing_cuts(trace: Trace, step: int | None = None) -> frozenset[tuple[int, int]]:
    """(node, first skipped child) of each cut-off up to `step` (None: the whole search) whose skipped
    child the search has not entered since (a PVS re-search may search a child it skipped before)."""
    last = len(trace.events) if step is None else step
    cutoffs = [cutoff for cutoff in trace.summary.cutoffs if cutoff.skipped and cutoff.step <= last]
    if not trace.traits.revisits or not cutoffs:
        return frozenset((cutoff.node, cutoff.skipped[0]) for cutoff in cutoffs)
    entries = _entry_steps(trace)
    return frozenset(
        (cutoff.node, cutoff.skipped[0])
        for cutoff in cutoffs
        if bisect_right(entries.get(cutoff.skipped[0], ()), last)
        == bisect_right(entries.get(cutoff.skipped[0], ()), cutoff.step)
    )


_ENTRIES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _entry_steps(trace: Trace) -> dict[int, list[int]]:
    columns = trace.columns
    entries = _ENTRIES.get(columns)
    if entries is None:
        opens = {code for code, kind in enumerate(KINDS) if EVENT_KINDS[kind].effect is Effect.OPEN}
        entries = {}
        for index, (code, node) in enumerate(zip(columns.event_kind, columns.event_node)):
            if code in opens:
                entries.setdefault(node, []).append(index + 1)
        _ENTRIES[columns] = entries
    return entries


def _visited_text(trace: Trace) -> str:
    """ "13 of 15 nodes visited"; for a search that enters nodes again, "9 of 15 nodes visited (193 entries)"."""
    summary, count = trace.summary, len(trace.columns.name)
    if not trace.traits.revisits:
        return f"{summary.nodes_visited} of {count} nodes visited"
    distinct = len(set(summary.visit_order))
    return f"{distinct} of {count} nodes visited ({summary.nodes_visited:,} entries)"


def inner_nodes(trace: Trace) -> frozenset[int]:
    """The nodes with children (their static values are never shown): `scene_at` takes them, made once per trace."""
    return frozenset(trace.columns.edges()[0])


def finished_scene(trace: Trace) -> Scene:
    """The finished search: final values and windows, every cut-off, the principal variation."""
    columns, summary = trace.columns, trace.summary
    inner = inner_nodes(trace)
    bold = frozenset(summary.principal_variation)
    statuses: list[Status] = ["visited" if status is NodeStatus.VISITED else status.value for status in columns.status]
    searched = zip(columns.visit, columns.value, columns.alpha, columns.beta)
    looks = _looks(trace, inner, statuses, searched, None, bold=bold)
    events = trace.events
    outcome = describe(trace, events[len(events) - 1]) if len(events) else "No steps."
    count = len(summary.cutoffs)
    caption = f"{outcome} {_visited_text(trace)}, {count} cut-off{'' if count == 1 else 's'}."
    return Scene(looks, standing_cuts(trace), bold, None, caption)


def blank_scene(trace: Trace, caption: str) -> Scene:
    """The tree as an exercise to work by hand: every node drawn alike, the leaves with their static
    values, and nothing the search finds."""
    inner = inner_nodes(trace)
    static = trace.columns.static_value
    looks = tuple(NodeLook("visited", None if node in inner else static[node]) for node in range(len(static)))
    return Scene(looks, frozenset(), frozenset(), None, caption)


def scene_at(trace: Trace, replay: Replay, *, inner: frozenset[int] | None = None) -> Scene:
    """The search as it stands at `replay`'s step (`inner` is `inner_nodes(trace)`, made once by callers)."""
    columns = trace.columns
    if inner is None:
        inner = inner_nodes(trace)
    statuses: list[Status] = [
        "pruned" if view.phase is Phase.PRUNED else "visited" if view.visit is not None else _NOT_ENTERED[final]
        for view, final in zip(replay.views, columns.status)
    ]
    searched = ((view.visit, view.value, view.alpha, view.beta) for view in replay.views)
    looks = _looks(trace, inner, statuses, searched, replay.step, current=replay.current)
    event = replay.event
    if event is None:
        caption = "Before the first step."
    else:
        caption = f"Step {replay.step} of {len(trace.events)}: {describe(trace, event)}"
    last = None if event is None or event.child is None else (event.node, event.child)  # kinds with a child
    return Scene(looks, standing_cuts(trace, replay.step), frozenset(), last, caption)
