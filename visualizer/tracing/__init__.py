"""Provides the tracer protocol, the recorder, and the immutable trace it builds."""

from visualizer.tracing.events import Event, EventKind
from visualizer.tracing.recorder import DEFAULT_MAX_NODES, Recorder
from visualizer.tracing.trace import Cutoff, NodeStatus, Summary, Trace, TraceNode
from visualizer.tracing.tracer import NULL_TRACER, NodeCounter, Tracer

__all__ = [
    "Cutoff",
    "DEFAULT_MAX_NODES",
    "Event",
    "EventKind",
    "NULL_TRACER",
    "NodeCounter",
    "NodeStatus",
    "Recorder",
    "Summary",
    "Trace",
    "TraceNode",
    "Tracer",
]
