"""Provides `to_json`/`from_json`: traces as strict, deterministic JSON in networkx node-link form.

The text is `networkx.node_link_data(to_networkx(trace), edges="edges")` dumped with sorted keys (written
straight from the trace's columns by `json_stream`, which gives the same text far faster), so
`networkx.node_link_graph(json.loads(text), edges="edges")` loads it as a DiGraph. Strict JSON has no
Infinity: an infinite alpha, beta or value is written as the string "+inf" or "-inf". The same trace
always gives byte-identical text. `trace.schema.json` describes the format.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, NoReturn

from visualizer.export.atomic import write_chunks_atomic
from visualizer.export.errors import TraceFileError
from visualizer.export.graph import FORMAT, FORMAT_VERSION, to_networkx
from visualizer.export.json_columns import trace_from_data
from visualizer.export.json_stream import json_chunks
from visualizer.export.rebuild import from_networkx
from visualizer.export.schema import validate
from visualizer.export.values import decode_value, encode_value
from visualizer.tracing.trace import Trace

__all__ = ["to_json", "to_json_networkx", "from_json", "from_data_networkx", "write_json", "read_json", "DEFAULT_NAME"]

DEFAULT_NAME = "the trace file"
"""How error messages refer to text that did not come from a named file."""

_NODE_VALUES = ("static_value", "value", "alpha", "beta")
_EVENT_VALUES = ("alpha", "beta", "value")
_LITERALS = ("true", "false", "null", "NaN", "Infinity", "-Infinity")
_REEXPORT = "export the trace again"
_NUMBER_PART = re.compile(r"[-+.0-9eE]+")


def _convert(data: dict[str, Any], convert: Any) -> dict[str, Any]:
    """A copy of node-link data with `convert` applied to every value field."""
    graph = dict(data["graph"])
    graph["summary"] = {**graph["summary"], "value": convert(graph["summary"]["value"])}
    graph["events"] = [
        {**event, **{key: convert(event[key]) for key in _EVENT_VALUES}} for event in graph["events"]
    ]
    nodes = [{**node, **{key: convert(node[key]) for key in _NODE_VALUES}} for node in data["nodes"]]
    return {**data, "graph": graph, "nodes": nodes}


def to_json(trace: Trace) -> str:
    """The trace as strict JSON text (sorted keys, one-space indent, trailing newline).

    The text is written straight from the trace's columns (`json_chunks`); it is the same as
    `to_json_networkx(trace)`, which goes through the networkx graph.

    Args:
        trace: a finished trace.

    Returns:
        Text that `from_json` turns back into an equal trace.
    """
    return "".join(json_chunks(trace))


def to_json_networkx(trace: Trace) -> str:
    """`to_json(trace)` made the reference way: networkx node-link data of `to_networkx(trace)`,
    dumped by the stdlib (slow and memory-hungry for big traces: a check for the streamed writer)."""
    import networkx

    data = _convert(networkx.node_link_data(to_networkx(trace), edges="edges"), encode_value)
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False, allow_nan=False) + "\n"


class _NonStrictConstant(Exception):
    """NaN, Infinity or -Infinity met while parsing: valid for Python's json module, not for strict JSON."""


def _reject_constant(name: str) -> NoReturn:
    raise _NonStrictConstant(name)


def _is_cut_short(message: str, rest: str) -> bool:
    """True when JSON failed to parse because the text stops early, not because it is something else."""
    if message.startswith("Unterminated string"):
        return True
    return any(word.startswith(rest) for word in _LITERALS) or _NUMBER_PART.fullmatch(rest) is not None


def _parse(text: str, name: str) -> Any:
    if not text.strip():
        raise TraceFileError(f"{name} is empty; give a trace written by the visualizer's JSON export")
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        if _is_cut_short(error.msg, text[error.pos :].strip()):
            raise TraceFileError(
                f"{name} ends in the middle of its JSON (line {error.lineno}); the file is truncated, {_REEXPORT}"
            ) from None
        raise TraceFileError(
            f"{name} is not JSON ({error.msg} at line {error.lineno} column {error.colno}); "
            "give a trace written by the visualizer's JSON export"
        ) from None
    except _NonStrictConstant as error:
        raise TraceFileError(
            f"{name} holds {error}, which strict JSON does not allow; write infinite values as \"+inf\" or \"-inf\""
        ) from None
    except RecursionError:
        raise TraceFileError(f"{name} nests its JSON too deeply to be a trace; {_REEXPORT}") from None


def _check_format(data: Any, name: str) -> None:
    graph = data.get("graph") if isinstance(data, dict) else None
    found = graph.get("format") if isinstance(graph, dict) else None
    if found != FORMAT:
        what = "no format" if found is None else f"format {json.dumps(found)[:40]}"
        raise TraceFileError(
            f"{name} is JSON but not a game-tree trace ({what}, expected graph.format \"{FORMAT}\"); "
            "give a trace written by the visualizer's JSON export"
        )
    version = graph.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
        raise TraceFileError(
            f"{name} was made by a newer visualizer (trace format version {version}, this one reads "
            f"up to {FORMAT_VERSION}); upgrade the visualizer to load it"
        )


def from_json(text: str, *, name: str = DEFAULT_NAME) -> Trace:
    """The trace that `to_json` wrote, checked against the schema first.

    Args:
        text: the JSON text.
        name: how error messages refer to the text, e.g. the file's path.

    Returns:
        A trace equal to the exported one (nodes, events, summary and options).

    Raises:
        TraceFileError: one line naming the problem (not JSON, truncated, not a trace, a field that
            breaks the schema, a newer major version) and how to fix it.
    """
    data = _parse(text, name)
    _check_format(data, name)
    trace = trace_from_data(data, name=name)  # fast, for files that are plainly valid
    return from_data_networkx(data, name=name) if trace is None else trace


def from_data_networkx(data: Any, *, name: str = DEFAULT_NAME) -> Trace:
    """The reference reader of parsed trace JSON: the whole file through jsonschema, then a
    networkx graph, then `from_networkx` (slow for big files; it names any problem exactly).

    Raises:
        TraceFileError: as `from_json`.
    """
    import networkx

    validate(data, name=name)
    graph = networkx.node_link_graph(_convert(data, decode_value), edges="edges")
    return from_networkx(graph, name=name)


def write_json(trace: Trace, path: str | Path) -> Path:
    """Writes `to_json(trace)` to `path` atomically (parent folders are created) and returns the path.

    The text is streamed to a temporary file in pieces, never whole in memory.
    """
    path = Path(path)
    write_chunks_atomic(path, json_chunks(trace))  # bad names stop it at the first chunk, file untouched
    return path


def read_json(path: str | Path) -> Trace:
    """Loads a trace file written by `write_json`; errors name the file.

    Raises:
        TraceFileError: the file cannot be read or is not a valid trace.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise TraceFileError(f"cannot read {path}: {reason}; check the path") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise TraceFileError(
            f"{path} is not UTF-8 text, so not a trace; give a .json file written by the visualizer"
        ) from None
    return from_json(text, name=str(path))
