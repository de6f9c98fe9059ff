"""Provides `node_lookup`: a trace's nodes by id, each built once while the app keeps showing it."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from visualizer.tracing.trace import Trace, TraceNode

__all__ = ["NODE_CACHE_SIZE", "node_lookup"]

NODE_CACHE_SIZE = 4_096
"""Nodes kept per widget: far more than a step shows (the open path, its children, the drawn tree)."""


def node_lookup(trace: Trace) -> Callable[[int], TraceNode]:
    """`trace.nodes[node_id]` with the latest nodes kept: a trace builds a new `TraceNode` at every access."""
    return lru_cache(maxsize=NODE_CACHE_SIZE)(trace.nodes.__getitem__)
