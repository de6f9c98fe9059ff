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

    Args:
        trace: the trace to draw.
        step: None for the finished search, else a step from 0 (before the first event) to the number of
            events; each node then has a fixed `pos`, for `neato -n2`.

    Returns:
        The DOT text of one digraph.

    Raises:
        InputError: `step` is outside 0..number of events, or a node name is empty or used twice.

    Examples:
        >>> from visualizer import builtin_example, to_dot, trace_search
        >>> trace = trace_search(builtin_example(), "alphabeta")
        >>> lines = to_dot(trace).splitlines()
        >>> lines[0]
        'digraph trace {'
        >>> print(next(line for line in lines if '"cut"' in line))
        n4 -> n10 [style=dashed, color=red, label="cut", fontcolor=red];
        >>> "step 21 of 52: E: J = 3 <= alpha 6, so K is pruned" in to_dot(trace, step=21)
        True
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
    """Writes `to_dot(trace, step=step)` to `path` atomically (the finished search streamed in pieces).

    Graphviz then draws it, e.g. `dot -Tsvg example15-alphabeta.dot -o example15-alphabeta.svg`.

    Args:
        trace: the trace to draw.
        path: the file to write; missing folders are created.
        step: as `to_dot`'s.

    Returns:
        The path written.

    Raises:
        InputError: as `to_dot`, or the file cannot be written (one line saying why).

    Examples:
        >>> import pathlib, tempfile
        >>> from visualizer import builtin_example, trace_search, write_dot
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> path = write_dot(trace_search(builtin_example(), "alphabeta"), folder / "example15-alphabeta.dot")
        >>> path.read_text().startswith("digraph trace {")
        True
    """
    return write_chunks_atomic(path, dot_chunks(trace) if step is None else [to_dot(trace, step=step)])
