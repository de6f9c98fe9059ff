"""Provides what grading exchanges with a student's code: the tree it is given (`PlainNode`) and what its run
left behind (`Call`, `Run`), in the JSON form of the sandbox's pipe."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from visualizer.games.base import Value
from visualizer.tracing.trace import Trace

__all__ = ["Call", "Failure", "PlainNode", "Run", "number_to_json", "plain_tree"]


@dataclass(frozen=True)
class PlainNode:
    """A node as a student's function sees it: its name (as the app names it), its children left to right,
    and at a leaf its static value (MAX's view; None at an inner node)."""

    name: str
    value: Value | None = None
    children: tuple[PlainNode, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """{"name": N, "value": V, "children": [...]}: what the sandbox's worker reads."""
        return {"name": self.name, "value": self.value, "children": [child.to_json() for child in self.children]}

    def walk(self) -> Iterator[PlainNode]:
        """The node and every node below it, depth first, left to right."""
        yield self
        for child in self.children:
            yield from child.walk()


def plain_tree(trace: Trace) -> PlainNode:
    """The whole tree of a minimax trace (which enters every node) as a student's function receives it."""
    nodes = trace.nodes

    def build(node_id: int) -> PlainNode:
        node = nodes[node_id]
        value = None if node.children else node.static_value
        return PlainNode(node.name, value, tuple(build(child) for child in node.children))

    return build(trace.root.id)


class Failure:
    """Why a student's run returned no value (the `Run.failure` texts): it raised (ERROR), passed the time,
    memory or recursion limit, the process died without a report (CRASHED: killed, or it called exit), or
    it wrote to the grader's own channel (INTERFERED)."""

    ERROR, TIMEOUT, MEMORY, RECURSION, CRASHED = "error", "timeout", "memory", "recursion", "crashed"
    INTERFERED = "interfered"


@dataclass(frozen=True)
class Call:
    """One call of the student's function, recorded where the recursion goes through its name: the window
    (None for minimax), and what it returned (a number, or the repr of anything else; None if it never did)."""

    node: str
    alpha: Value | None
    beta: Value | None
    maximizing: bool
    returned: Value | str | None


@dataclass(frozen=True)
class Run:
    """What one run of a student's function on one tree did.

    Attributes:
        touches: node names in the order the code first touched each node (its name, value or children,
            is_leaf(), or a call with it).
        failure: None when the call returned; otherwise one of `Failure`'s texts, with `message` saying more.
        extra: {"output": what the student printed}, when anything.
    """

    touches: tuple[str, ...]
    calls: tuple[Call, ...] = ()
    value: Value | str | None = None
    failure: str | None = None
    message: str = ""
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Run:
        """A run as the worker writes it (see `visualizer.grading.worker`)."""
        return cls(
            tuple(data["touches"]),
            tuple(Call(*call) for call in data.get("calls", ())),  # [node, alpha, beta, maximizing, returned]
            data.get("value"),
            data.get("failure"),
            data.get("message", ""),
            float(data.get("seconds", 0.0)),
            {"output": data["output"]} if "output" in data else {},
        )


def number_to_json(value: Any) -> Any:
    """Infinities and NaN as the strings "inf", "-inf" and "nan" (strict JSON has none); other values as they are."""
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else "inf" if value > 0 else "-inf"
    return value
