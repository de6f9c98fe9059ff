"""Provides `msgspec`, imported safely, and `decode_v2`: trace JSON parsed by msgspec.

Why imported here only: a signal whose handler raises while msgspec sets its C module up leaves the
module half made and the next call crashes the process, so the import holds those signals back.
`decode_v2` gives None for anything it does not take; the caller then parses the text with the
standard library, whose messages name the problem.
"""

from __future__ import annotations

import signal
import threading
from types import ModuleType
from typing import TYPE_CHECKING, Any

__all__ = ["EdgeRecord", "NodeRecord", "decode_v2", "msgspec"]


_HELD = {signal.SIGINT, signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])}


def _imported() -> ModuleType:
    """msgspec, imported with `_HELD` blocked where that is possible (the main thread, `pthread_sigmask`)."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        import msgspec as module

        return module
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        import msgspec as module
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
    return module


if TYPE_CHECKING:
    import msgspec
else:
    msgspec = _imported()


class NodeRecord(msgspec.Struct, gc=False):  # no cycles through ints and strings: the collector skips them
    """A node record of version 2: `id` and `name` (other keys are ignored)."""

    id: int
    name: str


class EdgeRecord(msgspec.Struct, gc=False):
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
    except (msgspec.MsgspecError, ValueError, RecursionError):  # ValueError: bytes that are not UTF-8, among others
        return None
    graph = document.graph
    if graph.get("version") != 2 or type(graph.get("passes", [])) is not list:
        return None
    return msgspec.structs.asdict(document)
