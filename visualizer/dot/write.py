"""Provides `to_dot`: a trace drawn as Graphviz DOT, finished or as it stood after any one step.

MAX nodes are boxes, MIN nodes ellipses and chance nodes circles, each edge out of a chance node
labelled with its probability ("0.333"). Each label shows the node's name, its board (game
nodes, in Courier), "#visit  v=value" and the window "[alpha, beta]" ("-inf"/"+inf" for the open
ends). Pruned nodes are dashed and grey, with a red "cut" on the edge to the first child a cut-off
skipped; the principal variation is bold. Unreached nodes (below the depth limit, in no pruned
subtree: pruned wins, see `NodeStatus`) are dotted and grey. Each transposition event (a position
found in the transposition table) adds a dashed grey "same position" link from its node to the
earlier node of that position, outside the layout (`constraint=false`). A search of several passes
is drawn as its last pass (the trace itself; its `earlier_passes` are left out). DOT ids are
"n0", "n1", ...; names appear only inside quoted labels (and tooltips), so any name is safe.

The finished search is streamed straight from the trace's columns (`stream.dot_chunks`). The
drawings after one step (`step=`, `write_frames`) read the same `Scene` as the pictures
(`scene_at`): a leaf's static value is shown dimmed as "(3)" until the search evaluates it, the node
of the step is filled, the title is the step's caption. Their nodes sit where the figure's
`TreeLayout` puts them (`pos`, kept by `neato -n2 -Tsvg`), all of one size, so every frame has the
same canvas.
"""

from __future__ import annotations

from pathlib import Path

from visualizer.dot.frames import step_to_dot
from visualizer.dot.stream import dot_chunks
from visualizer.errors import InputError
from visualizer.safe_files import write_chunks_atomic, write_text_atomic
from visualizer.steps.replay import Replay
from visualizer.tracing.graph import check_names
from visualizer.tracing.trace import Trace

__all__ = ["to_dot", "write_dot"]


def _replay_at(trace: Trace, step: int) -> Replay:
    replay = Replay(trace)
    replay.seek(step)
    return replay


def _check_step(step: int | None, count: int) -> None:
    if step is not None and not 0 <= step <= count:
        raise InputError(f"step {step} is outside this trace, which has steps 0..{count}; choose a step in that range")


def to_dot(trace: Trace, *, step: int | None = None) -> str:
    """The trace as DOT text (see the module docstring for what it shows).

    Args:
        trace: a finished trace.
        step: draw the state after this event instead of the finished search: nodes not yet entered
            are light grey with only their names, the event's node is highlighted, and values and
            windows are as they stood then.

    Raises:
        InputError: `step` is outside 0..number of events, or a node name is empty or used twice.
    """
    if step is None:
        return "".join(dot_chunks(trace))
    check_names(trace)
    _check_step(step, len(trace.events))
    return step_to_dot(trace, _replay_at(trace, step))


def write_dot(trace: Trace, path: str | Path, *, step: int | None = None) -> Path:
    """Writes `to_dot(trace, step=step)` to `path` atomically and returns the path.

    The finished search (step None) is streamed to the file a few thousand nodes at a time, so
    even a trace of half a million nodes never has its whole text in memory; the file is replaced
    only once all of it is written, and a trace that cannot be exported leaves it untouched.
    """
    if step is None:
        return write_chunks_atomic(Path(path), dot_chunks(trace))
    return write_text_atomic(Path(path), to_dot(trace, step=step))
