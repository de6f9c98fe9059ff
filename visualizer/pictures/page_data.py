"""Provides `page_pane` and `lockstep_pane_steps`: a trace's steps as the data the HTML page replays.

The figure's frames are `to_svg(figure.frame(step))` split into lines: a table of the unique lines; per frame
the splices that turn the frame before (nothing, before the first) into it (`[position, removed, inserted, id,
..., position, ...]`, applied last first); and every `KEYFRAME_EVERY`th frame's ids in full, where a jump
starts. A step to the next or the previous frame replays one frame's splices. Per step the page
also gets its sentence (`describe`), the node of the step, that node's row of the node table and the call
stack, each a text of one table of unique texts. `page.js` decodes it; `tests/unit/test_html_page.py`
decodes it the same way and checks every frame against `to_svg` byte for byte.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from difflib import SequenceMatcher
from typing import Any

from visualizer.games.base import format_value
from visualizer.pictures.figure import Figure
from visualizer.pictures.svg import to_svg
from visualizer.shown_text import escaped
from visualizer.steps.describe import describe
from visualizer.steps.lockstep import lockstep
from visualizer.steps.replay import NodeView, Phase, Replay, shown_value
from visualizer.steps.visits import format_mean, is_monte_carlo, visit_counts
from visualizer.tracing.trace import NodeStatus, Trace

__all__ = [
    "FIELDS",
    "KEYFRAME_EVERY",
    "START",
    "encode_frames",
    "joint_cuts",
    "lockstep_pane_steps",
    "page_pane",
    "page_steps",
]

KEYFRAME_EVERY = 50
"""Every this many frames one is stored in full, so that a jump applies fewer than this many splices."""

FIELDS = ("name", "value", "alpha", "beta", "status", "visit")
"""The node table's columns, as the cells' `data-field` names them (a Monte Carlo value is its mean, a
visit its visits so far)."""

START = "Press → (or Play) to start."
"""The sentence of step 0."""

_STATUS = {Phase.UNSEEN: "-", Phase.OPEN: "open", Phase.DONE: "done", Phase.PRUNED: "pruned"}
"""A node's status word at a step, as the app's node table writes it."""

_PLAYERS = {"max": "MAX", "min": "MIN", "chance": "CHANCE"}


def encode_frames(svgs: Iterable[str]) -> tuple[list[str], list[list[int]], list[list[int]]]:
    """SVG documents as (unique lines, frames, keyframes): each frame is the splices that turn the frame before
    (nothing, before the first) into it, and keyframe j is the line ids of frame j x `KEYFRAME_EVERY` (j >= 1),
    where a jump starts."""
    table: dict[str, int] = {}
    frames: list[list[int]] = []
    keyframes: list[list[int]] = []
    previous: list[int] = []
    for index, svg in enumerate(svgs):
        ids = [table.setdefault(line, len(table)) for line in svg.split("\n")]
        frames.append(_splices(previous, ids))
        if index and index % KEYFRAME_EVERY == 0:
            keyframes.append(ids)
        previous = ids
    return list(table), frames, keyframes


def _splices(before: list[int], after: list[int]) -> list[int]:
    """What turns `before` into `after`: (position in `before`, lines removed, lines inserted, their ids) each."""
    splices: list[int] = []
    matcher = SequenceMatcher(None, before, after, autojunk=False)
    for tag, start, stop, new_start, new_stop in matcher.get_opcodes():
        if tag != "equal":
            splices += [start, stop - start, new_stop - new_start, *after[new_start:new_stop]]
    return splices


def page_steps(figure: Figure) -> list[int]:
    """The trace steps the page shows, in order: 0, then each frame's (`Figure.frame_steps`)."""
    return [0, *figure.frame_steps]


def _sentence(trace: Trace, steps: Sequence[int], index: int) -> str:
    """Page step `index`'s sentence: its event's, or for a run of steps a collapsed subtree hides, the run's."""
    if index == 0:
        return START
    first, last = steps[index - 1] + 1, steps[index]
    sentence = escaped(describe(trace, trace.events[last - 1]))
    if first == last:
        return sentence
    return f"Steps {first:,}-{last:,}, inside a collapsed subtree; the last: {sentence}"


class _Rows:
    """The node-table cells and call-stack lines of a trace at a replay's step."""

    def __init__(self, trace: Trace):
        self.trace = trace
        self.names = [escaped(name) for name in trace.columns.name]
        self.players = [_PLAYERS[player.value] for player in trace.columns.player]
        self.monte_carlo = is_monte_carlo(trace)

    def _value(self, node: int, view: NodeView) -> str:
        if self.monte_carlo:
            return format_mean(view.value)
        return format_value(shown_value(self.trace.nodes[node], view.value, movers_view=self.trace.is_negamax))

    def cells(self, replay: Replay, node: int) -> list[str]:
        """Name, value, alpha, beta, status and visit (Monte Carlo: the mean, and the visits so far)."""
        view = replay.views[node]
        status = _STATUS[view.phase]
        if view.phase is Phase.UNSEEN and self.trace.columns.status[node] is NodeStatus.UNREACHED:
            status = NodeStatus.UNREACHED.value
        if self.monte_carlo:
            visits = visit_counts(self.trace).at(node, replay.step)
            return [self.names[node], self._value(node, view), "-", "-", status, f"{visits:,}" if visits else "-"]
        alpha, beta = format_value(view.alpha), format_value(view.beta)
        return [self.names[node], self._value(node, view), alpha, beta, status, format_value(view.visit)]

    def stack(self, replay: Replay) -> list[str]:
        """One line per open node, root first: "B (MIN) [-inf, 3] = 5"."""
        lines = []
        for node in replay.stack:
            view = replay.views[node]
            window = "" if view.alpha is None else f" [{format_value(view.alpha)}, {format_value(view.beta)}]"
            lines.append(f"{self.names[node]} ({self.players[node]}){window} = {self._value(node, view)}")
        return lines


def page_pane(
    figure: Figure, *, title: str | None = None, progress: Callable[[int, int], None] | None = None
) -> dict[str, Any]:
    """One trace's page data: `title`, `lines`, `frames` and `keyframes` (see `encode_frames`), `texts`, and per
    page step a row `[sentence, current name or -1, six cells, stack line, ...]` of ids into `texts`; `cuts`, the
    page steps that hold a cut-off. `progress(done, total)` after each frame drawn."""
    trace, steps = figure.trace, page_steps(figure)
    texts: dict[str, int] = {}

    def text(value: str) -> int:
        return texts.setdefault(value, len(texts))

    replay, rows, table = Replay(trace), [], _Rows(trace)
    for index, step in enumerate(steps):
        replay.seek(step)
        current = replay.current
        row = [text(_sentence(trace, steps, index)), -1 if current is None else text(table.names[current])]
        row += [text(cell) for cell in table.cells(replay, 0 if current is None else current)]
        rows.append(row + [text(line) for line in table.stack(replay)])

    def svgs() -> Iterable[str]:
        for done, step in enumerate(steps, start=1):
            yield to_svg(figure.frame(step))
            if progress is not None:
                progress(done, len(steps))

    lines, frames, keyframes = encode_frames(svgs())
    cuts = sorted({bisect_left(steps, cutoff.step) for cutoff in trace.summary.cutoffs})
    return {
        "title": escaped(figure.title if title is None else title),
        "lines": lines,
        "frames": frames,
        "keyframes": keyframes,
        "texts": list(texts),
        "rows": rows,
        "cuts": cuts,
    }


def lockstep_pane_steps(first: Trace, second: Trace) -> tuple[list[int], list[int], int]:
    """The compare page's joint steps, as the app's compare mode takes them: each pane's own step at each joint
    step, and the index of the lead (the search that visits more nodes, whose steps the joint steps are)."""
    lead = 0 if first.summary.nodes_visited >= second.summary.nodes_visited else 1
    traces = (first, second)
    other = lockstep(traces[lead], traces[1 - lead])
    other[-1] = len(traces[1 - lead].events)  # at the end both are done
    own = list(range(len(traces[lead].events) + 1))
    return (own, other, lead) if lead == 0 else (other, own, lead)


def joint_cuts(at: Sequence[Sequence[int]], cuts: Sequence[Sequence[int]]) -> list[int]:
    """The joint steps at which either pane reaches one of its cut-offs (the first joint step showing it)."""
    found = set()
    for steps, own_cuts in zip(at, cuts):
        for cut in own_cuts:
            joint = bisect_left(steps, cut)
            if joint < len(steps):
                found.add(joint)
    return sorted(found)
