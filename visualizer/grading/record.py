"""Provides what grading exchanges with a student's code: the tree it is given (`PlainNode`), the helper
functions recorded besides the graded one (`RecordedFunction`, `--record`) and what its run left behind (`Call`,
`Run`), in the JSON form of the sandbox's pipe."""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from visualizer.errors import InputError, one_line

if TYPE_CHECKING:  # (not imported at run time: a class's grading processes load this module quickly)
    from visualizer.games.base import Value
    from visualizer.tracing.trace import Trace

__all__ = [
    "Call",
    "Failure",
    "PlainNode",
    "RecordedFunction",
    "Run",
    "number_to_json",
    "plain_tree",
    "recorded_from_string",
]


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

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlainNode:
        """The node `to_json` wrote."""
        return cls(data["name"], data["value"], tuple(cls.from_json(child) for child in data["children"]))

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


RECORD_SYNTAX = "NAME or NAME(NODE,ALPHA,BETA), each optionally with =max, =min, =PARAMETER or =PARAMETER==VALUE"
"""What one function of `--record` looks like (in the words of the option's help)."""

_ENTRY = re.compile(r"\s*(?P<name>\w+)\s*(?:\((?P<parameters>[^()]*)\))?\s*(?:=\s*(?P<maximizing>.*?))?\s*")
_TEST = re.compile(r"(?P<parameter>\w+)\s*==\s*(?P<value>.+)")


@dataclass(frozen=True)
class RecordedFunction:
    """A module-level function of the student's whose calls are recorded as calls of the graded search
    (`--record max_value,min_value`): AIMA's `max_value`/`min_value`, which recurse into each other.

    Attributes:
        name: the function's name in the student's module.
        parameters: the names of its parameters that hold the node, alpha and beta (the node only, for minimax);
            () finds them by name: node, state, position, ... / alpha, a / beta, b (else the node is the first).
        maximizing: "max" or "min" (the function always searches that player's node), a parameter that says
            MAX, or None: a parameter named like maximizing (is_max, maximizing_player, ...), else the function's
            own name: max... is MAX, min... is MIN.
        equals: with a parameter as `maximizing`, MAX is when it equals this value (None: when it is true), as in
            CS188's `agentIndex==0`.
    """

    name: str
    parameters: tuple[str, ...] = ()
    maximizing: str | None = None
    equals: bool | int | float | str | None = None

    @classmethod
    def from_string(cls, text: str) -> RecordedFunction:
        """One function as `--record` gives it: `max_value`, `max_value(state,alpha,beta)=max`,
        `value(gameState,alpha,beta)=agentIndex==0`; an InputError when it is none of these."""
        found = _ENTRY.fullmatch(text)
        wrong = f"--record: {text.strip()!r} is not {RECORD_SYNTAX}; e.g. --record max_value,min_value"
        if found is None or not found["name"].isidentifier():
            raise InputError(one_line(wrong))
        parameters = tuple(word.strip() for word in (found["parameters"] or "").split(",") if word.strip())
        if found["parameters"] is not None and not parameters:
            raise InputError(one_line(wrong))
        maximizing, equals = found["maximizing"], None
        if maximizing is not None and (test := _TEST.fullmatch(maximizing)) is not None:
            maximizing, equals = test["parameter"], _literal(test["value"], wrong)
        if maximizing == "":
            raise InputError(one_line(wrong))
        if not all(word.isidentifier() for word in (*parameters, *([maximizing] if maximizing else []))):
            raise InputError(one_line(wrong))
        return cls(found["name"], parameters, maximizing, equals)

    def to_string(self) -> str:
        """The function as `--record` takes it (`from_string` reads it back)."""
        text = self.name + (f"({','.join(self.parameters)})" if self.parameters else "")
        if self.maximizing is not None:
            text += f"={self.maximizing}" + ("" if self.equals is None else f"=={self.equals!r}")
        return text

    def to_json(self) -> dict[str, Any]:
        """What the sandbox's worker reads."""
        return {
            "name": self.name,
            "parameters": list(self.parameters),
            "maximizing": self.maximizing,
            "equals": self.equals,
        }


def recorded_from_string(text: str) -> tuple[RecordedFunction, ...]:
    """The functions of a `--record` list, separated by commas (a comma inside parentheses separates
    parameters); an InputError for a wrong one, or a function named twice."""
    recorded = tuple(RecordedFunction.from_string(part) for part in re.split(r",(?![^()]*\))", text))
    names = [function.name for function in recorded]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:
        raise InputError(one_line(f"--record names {twice} twice; give each function once"))
    return recorded


def _literal(text: str, wrong: str) -> bool | int | float | str:
    """The value of `=PARAMETER==VALUE`: a Python literal (a number, a quoted string, True), or a bare word
    (a string: `player==MAX`)."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        if text.isidentifier():
            return text
        raise InputError(one_line(wrong)) from None
    if type(value) not in (bool, int, float, str):
        raise InputError(one_line(wrong))
    return value


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
        extra: {"output": what the student printed}, when anything; {"helpers": the names of the module-level
            functions the graded one recurses through that were not recorded}, when any.
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
            {key: data[key] for key in ("output", "helpers") if key in data},
        )

    def to_json(self) -> dict[str, Any]:
        """The run as the worker writes it (`from_json` reads it back)."""
        calls = [[call.node, call.alpha, call.beta, call.maximizing, call.returned] for call in self.calls]
        fields = {"touches": list(self.touches), "calls": calls, "value": self.value, "failure": self.failure}
        return {**fields, "message": self.message, "seconds": self.seconds, **self.extra}


def number_to_json(value: Any) -> Any:
    """Infinities and NaN as the strings "inf", "-inf" and "nan" (strict JSON has none); other values as they are."""
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else "inf" if value > 0 else "-inf"
    return value
