"""Provides the tracer protocol, the recorder, and the immutable trace it builds."""

from visualizer.tracing.events import EventKind as EventKind
from visualizer.tracing.recorder import DEFAULT_MAX_NODES as DEFAULT_MAX_NODES
from visualizer.tracing.recorder import Recorder as Recorder
from visualizer.tracing.trace import NodeStatus as NodeStatus
from visualizer.tracing.trace import Trace as Trace
from visualizer.tracing.trace import TraceNode as TraceNode
from visualizer.tracing.tracer import NULL_TRACER as NULL_TRACER
from visualizer.tracing.tracer import NodeCounter as NodeCounter
from visualizer.tracing.tracer import Tracer as Tracer
