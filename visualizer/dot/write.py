"""Provides `to_dot`: a trace drawn as Graphviz DOT, finished or as it stood after any one step.

MAX nodes are boxes, MIN nodes ellipses and chance nodes circles (their edges labelled with the
probability). Each label shows the node's name, its board, "#visit  v=value" and the window
"[alpha, beta]". Pruned nodes are dashed and grey, with a red "cut" on the edge to the first child a
cut-off skipped; unreached nodes (below the depth limit, in no pruned subtree) are dotted and grey;
the principal variation is bold. A transposition adds a dashed grey "same position" link to the
earlier node of that position. DOT ids are "n0", "n1", ...; names appear only inside quoted labels.
"""

from __future__ import annotations

from pathlib import Path

from visualizer.dot.frames import step_to_dot
from visualizer.dot.stream import dot_chunks
from visualizer.errors import InputError
from visualizer.safe_files import write_chunks_atomic
from visualizer.steps.replay import Replay
from visualizer.tracing.trace import Trace, check_names

__all__ = ["to_dot", "write_dot"]


def to_dot(trace: Trace, *, step: int | None = None) -> str:
    """The trace as DOT text: the finished search, or the state after event `step`.

    Raises:
        InputError: `step` is outside 0..number of events, or a node name is empty or used twice.
    """
    if step is None:
        return "".join(dot_chunks(trace))
    check_names(trace)
    count = len(trace.events)
    if not 0 <= step <= count:
        raise InputError(f"step {step} is outside this trace, which has steps 0..{count}; choose a step in that range")
    replay = Replay(trace)
    replay.seek(step)
    return step_to_dot(trace, replay)


def write_dot(trace: Trace, path: str | Path, *, step: int | None = None) -> Path:
    """Writes `to_dot(trace, step=step)` to `path` atomically (the finished search streamed in pieces)."""
    return write_chunks_atomic(path, dot_chunks(trace) if step is None else [to_dot(trace, step=step)])
