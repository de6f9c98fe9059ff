"""Provides the JSON Schema of trace files (shipped as package data) and `validate`, which applies it."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from visualizer.errors import TraceFileError

__all__ = ["SCHEMA_FILE", "field_path", "format_error", "inconsistent", "load_schema", "validate"]

SCHEMA_FILE = "trace-2.schema.json"
"""The schema of the version the visualizer writes and reads: a file inside the `visualizer.readwrite` package."""

_MESSAGE_LIMIT = 120


@functools.cache
def load_schema() -> dict[str, Any]:
    """The schema of trace files (JSON Schema draft 2020-12), read once from the package data."""
    text = resources.files("visualizer.readwrite").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


@functools.cache
def _validator() -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(load_schema())


def format_error(name: str, problem: str) -> TraceFileError:
    """The error for a file that breaks the trace format; `problem` names the field and what is wrong."""
    return TraceFileError(
        f"{name} does not match the trace format: {problem}; export the trace again or fix that field"
    )


def inconsistent(name: str, problem: str) -> TraceFileError:
    """The error for a trace file whose records are well formed but do not hang together."""
    return TraceFileError(f"{name} is not a consistent trace: {problem}; export the trace again")


def field_path(parts: Any) -> str:
    """A JSON location such as ("nodes", 3, "player") written as "nodes[3].player"."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "the top level"


def _one_line(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _MESSAGE_LIMIT else text[: _MESSAGE_LIMIT - 3] + "..."


def validate(data: Any, *, name: str = "the trace file") -> None:
    """Checks parsed trace JSON against the schema; `name` is how the message refers to the file.

    Raises:
        TraceFileError: naming the first field that breaks the schema and what it should be.
    """
    import jsonschema.exceptions

    error = jsonschema.exceptions.best_match(_validator().iter_errors(data))
    if error is None:  # the schema takes any string: the algorithm must be a registered one
        from visualizer.search.registry import ALGORITHMS

        algorithm, known = data["graph"]["algorithm"], list(ALGORITHMS)
        if algorithm not in known:
            problem = _one_line(f"{algorithm!r} is not one of {known!r}")
            raise format_error(name, f"field graph.algorithm is invalid ({problem})")
        return
    if error.validator == "required":
        where = field_path(error.absolute_path)
        problem = f"{where} lacks {_one_line(error.message.split(' is a required property')[0])}"
    else:
        problem = f"field {field_path(error.absolute_path)} is invalid ({_one_line(error.message)})"
    raise format_error(name, problem)
