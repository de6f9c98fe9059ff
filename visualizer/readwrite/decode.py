"""Provides `msgspec`, imported safely, and `decode_v2`: trace JSON parsed by msgspec.

msgspec (0.22) sets its C module up while it imports `datetime`. A signal whose Python handler raises
at that moment (ctrl+c, or SIGTERM or SIGHUP, which the CLI turns into exceptions) is lost inside that
set-up, the module is left half made, and the next msgspec call crashes the process (a segmentation
fault) instead of the signal ending it cleanly, temporaries removed. So this is the one place the
project imports it, with those signals held back until the import is over.

`json.loads` of the full tic-tac-toe minimax trace (86 MB) takes about 1.1 s and 400 MB, most of it
1.1 million small dicts for the node and edge records; msgspec, told their shape, parses it in about
0.45 s into structs that take a fraction of that (and checks their types as it goes). It is only a
fast path: anything it does not take (not JSON, not strict JSON, a record of the wrong shape, a
number out of range, a file of another version) gives None, and the caller parses the text with the
standard library, whose messages name the problem.
"""

from __future__ import annotations

import signal
import threading
from types import ModuleType
from typing import Any

__all__ = ["EdgeRecord", "NodeRecord", "decode_v2", "msgspec"]


_HELD = {signal.SIGINT, signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])}
"""ctrl+c, and the signals the CLI turns into exceptions (a `kill`, the terminal closing)."""


def _imported() -> ModuleType:
    """msgspec, imported with `_HELD` blocked where that is possible (in the main thread, which runs
    Python's signal handlers, on platforms with `pthread_sigmask`)."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        import msgspec as module

        return module
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        import msgspec as module
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
    return module


msgspec = _imported()


class NodeRecord(msgspec.Struct):
    """A node record of version 2: `id` and `name` (other keys are ignored)."""

    id: int
    name: str


class EdgeRecord(msgspec.Struct):
    """An edge record of version 2: `source` and `target` (other keys are ignored)."""

    source: int
    target: int


class _Document(msgspec.Struct):
    directed: Any
    multigraph: Any
    graph: dict[str, Any]
    nodes: list[NodeRecord]
    edges: list[EdgeRecord]


_DECODER = msgspec.json.Decoder(_Document)


def decode_v2(text: str | bytes) -> dict[str, Any] | None:
    """The parsed document of version 2 JSON text (nodes and edges as `NodeRecord`s and `EdgeRecord`s,
    everything else as plain data), or None when the text is anything else."""
    try:
        document = _DECODER.decode(text)
    except (msgspec.MsgspecError, ValueError):  # ValueError: bytes that are not UTF-8, among others
        return None
    graph = document.graph
    if graph.get("version") != 2 or type(graph.get("passes", [])) is not list:
        return None
    return {
        "directed": document.directed,
        "multigraph": document.multigraph,
        "graph": graph,
        "nodes": document.nodes,
        "edges": document.edges,
    }
