"""Provides `to_json`/`from_json`: traces as strict, deterministic JSON in networkx node-link form.

`to_json` writes version 2 of the format (`json_v2`: node and edge records of ids and names, every
other field in columns), which `networkx.node_link_graph(json.loads(text), edges="edges")` loads as a
DiGraph. `to_json_v1` writes version 1 (every field in the node, edge and event records), the text of
`networkx.node_link_data(to_networkx(trace), edges="edges")` (`to_json_networkx`, the reference path).
`from_json` reads both: version 2 through `json_v2_read`, version 1 through the readers of before.
Strict JSON has no Infinity: an infinite alpha, beta or value is written as the string "+inf" or
"-inf". The same trace always gives byte-identical text. `trace-2.schema.json` (version 2) and
`trace.schema.json` (version 1) describe the formats.

`read_json` reads at most `MAX_TRACE_BYTES` (gunzipped, for gzip data) and only regular files and
pipes, and every problem with a file (missing, a folder, a device, too big, damaged gzip, not UTF-8,
not JSON, not a consistent trace) is one `TraceFileError` line. `write_json` writes gzip when the
file's name ends in .gz.
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path
from typing import Any, NoReturn

from visualizer.export.atomic import write_chunks_atomic
from visualizer.export.errors import TraceFileError
from visualizer.export.graph import FORMAT, FORMAT_VERSION, to_networkx
from visualizer.export.json_columns import trace_from_data
from visualizer.export.json_decode import decode_v2
from visualizer.export.json_stream import json_chunks
from visualizer.export.json_v2 import json_v2_bytes, json_v2_chunks
from visualizer.export.json_v2_read import trace_from_v2
from visualizer.export.trace_bytes import gzip_chunks, is_gzip_name, read_trace_bytes
from visualizer.export.rebuild import from_networkx
from visualizer.export.schema import validate
from visualizer.export.values import decode_value, encode_value
from visualizer.tracing.trace import Trace

__all__ = [
    "to_json", "to_json_v1", "to_json_networkx", "from_json", "from_data_networkx", "write_json", "read_json",
    "DEFAULT_NAME",
    "MAX_TRACE_BYTES",
]

MAX_TRACE_BYTES = 2 * 2**30
"""The biggest trace text `read_json` reads, gunzipped (2 GiB; the full tic-tac-toe minimax trace,
549,946 nodes and 1.9 million events, is 86 MB in version 2 and 583 MB in version 1). Loading takes
several times the text's size in memory."""

DEFAULT_NAME = "the trace file"
"""How error messages refer to text that did not come from a named file."""

_NODE_VALUES = ("static_value", "value", "alpha", "beta")
_EVENT_VALUES = ("alpha", "beta", "value")
_LITERALS = ("true", "false", "null", "NaN", "Infinity", "-Infinity")
_REEXPORT = "export the trace again"
_NUMBER_PART = re.compile(r"[-+.0-9eE]+")


def _convert(data: dict[str, Any], convert: Any) -> dict[str, Any]:
    """A copy of node-link data with `convert` applied to every value field (earlier passes' too)."""
    graph = dict(data["graph"])
    if "passes" in graph:
        graph["passes"] = [_convert(document, convert) for document in graph["passes"]]
    graph["summary"] = {**graph["summary"], "value": convert(graph["summary"]["value"])}
    graph["events"] = [
        {**event, **{key: convert(event[key]) for key in _EVENT_VALUES}} for event in graph["events"]
    ]
    nodes = [{**node, **{key: convert(node[key]) for key in _NODE_VALUES}} for node in data["nodes"]]
    return {**data, "graph": graph, "nodes": nodes}


def to_json(trace: Trace, *, indent: bool | None = None) -> str:
    """The trace as strict JSON text of version 2 (sorted keys, a trailing newline).

    Args:
        trace: a finished trace.
        indent: True or False to force the indented or the compact layout; None indents traces of
            at most `json_v2.INDENT_LIMIT` events and nodes.

    Returns:
        Text that `from_json` turns back into an equal trace.
    """
    return "".join(json_v2_chunks(trace, indent=indent))


def to_json_v1(trace: Trace) -> str:
    """The trace as strict JSON text of version 1 (sorted keys, one-space indent, trailing newline),
    written straight from its columns (`json_stream`); the same text as `to_json_networkx(trace)`."""
    return "".join(json_chunks(trace))


def to_json_networkx(trace: Trace) -> str:
    """`to_json_v1(trace)` made the reference way: networkx node-link data of `to_networkx(trace)`,
    dumped by the stdlib (slow and memory-hungry for big traces: a check for the streamed writer)."""
    import networkx

    data = _convert(networkx.node_link_data(to_networkx(trace), edges="edges"), encode_value)
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False, allow_nan=False) + "\n"


class _NonStrictConstant(Exception):
    """NaN, Infinity or -Infinity met while parsing: valid for Python's json module, not for strict JSON."""


def _reject_constant(name: str) -> NoReturn:
    raise _NonStrictConstant(name)


class _FloatOverflow(Exception):
    """A number such as 1e999 that Python's float would turn into infinity."""


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _FloatOverflow(text if len(text) <= 20 else text[:17] + "...")
    return value


def _is_cut_short(message: str, rest: str) -> bool:
    """True when JSON failed to parse because the text stops early, not because it is something else."""
    if message.startswith("Unterminated string"):
        return True
    return any(word.startswith(rest) for word in _LITERALS) or _NUMBER_PART.fullmatch(rest) is not None


def _parse(text: str, name: str) -> Any:
    if not text.strip():
        raise TraceFileError(f"{name} is empty; give a trace written by the visualizer's JSON export")
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)
    except json.JSONDecodeError as error:  # before ValueError, its base
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
    except _FloatOverflow as error:
        raise TraceFileError(
            f"{name} holds the number {error}, too large for a float; write infinite values as \"+inf\" or \"-inf\""
        ) from None
    except RecursionError:
        raise TraceFileError(f"{name} nests its JSON too deeply to be a trace; {_REEXPORT}") from None
    except ValueError:  # Python's limit on the digits of an integer
        raise TraceFileError(
            f"{name} holds a number with more than {sys.get_int_max_str_digits():,} digits, which no trace "
            f"field takes; {_REEXPORT}"
        ) from None


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
    if _is_int(version) and version > FORMAT_VERSION:
        raise TraceFileError(
            f"{name} was made by a newer visualizer (trace format version {version}, this one reads "
            f"up to {FORMAT_VERSION}); upgrade the visualizer to load it"
        )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def from_json(text: str, *, name: str = DEFAULT_NAME) -> Trace:
    """The trace that `to_json` (version 2) or `to_json_v1` (version 1) wrote, checked against the
    schema of its version first; a version 1 file is converted on load.

    Args:
        text: the JSON text.
        name: how error messages refer to the text, e.g. the file's path.

    Returns:
        A trace equal to the exported one (nodes, events, summary and options).

    Raises:
        TraceFileError: one line naming the problem (not JSON, truncated, not a trace, a field that
            breaks the schema, a newer major version) and how to fix it.
    """
    return _from_data(text, decode_v2(text), name)


def _from_data(text: str | bytes, data: dict[str, Any] | None, name: str) -> Trace:
    """The trace of a file's text: `data` when `decode_v2` read it, else the text parsed by the
    standard library (whose messages name any problem) and then read by its version's reader."""
    if data is not None:
        _check_format(data, name)
        return trace_from_v2(data, name=name)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise TraceFileError(
                f"{name} is not UTF-8 text, so not a trace; give a .json or .json.gz file written by the visualizer"
            ) from None
    data = _parse(text, name)
    del text
    _check_format(data, name)
    if data["graph"].get("version") != 1:  # version 2, or a bad version that its schema names
        return trace_from_v2(data, name=name)
    trace = trace_from_data(data, name=name)  # fast, for files that are plainly valid
    return from_data_networkx(data, name=name) if trace is None else trace


def from_data_networkx(data: Any, *, name: str = DEFAULT_NAME) -> Trace:
    """The reference reader of parsed version 1 trace JSON: the whole file through jsonschema, then a
    networkx graph, then `from_networkx` (slow for big files; it names any problem exactly).

    Raises:
        TraceFileError: as `from_json`.
    """
    import networkx

    validate(data, name=name)
    for where, document in [("", data), *((f" (graph.passes[{index}])", document)
                                         for index, document in enumerate(data["graph"].get("passes", ())))]:
        count = len(document["nodes"])
        if len({node["id"] for node in document["nodes"]}) != count:  # networkx would merge the repeated ids
            raise TraceFileError(
                f"{name} is not a consistent trace{where}: node ids must be 0..{count - 1}, each once; {_REEXPORT}"
            )
    graph = networkx.node_link_graph(_convert(data, decode_value), edges="edges")
    return from_networkx(graph, name=name)


def write_json(trace: Trace, path: str | Path, *, indent: bool | None = None) -> Path:
    """Writes `to_json(trace, indent=indent)` to `path` atomically (parent folders are created), as
    gzip when the name ends in .gz, and returns the path.

    The text is streamed to a temporary file in pieces, never whole in memory.
    """
    path = Path(path)
    chunks = json_v2_bytes(trace, indent=indent)
    write_chunks_atomic(path, gzip_chunks(chunks) if is_gzip_name(path) else chunks)  # bad names stop it first
    return path


def read_json(path: str | Path, *, max_bytes: int = MAX_TRACE_BYTES) -> Trace:
    """Loads a trace file written by `write_json` (either version, plain or gzip); errors name the file.

    Args:
        path: a regular file or a pipe (devices such as /dev/zero are refused unread).
        max_bytes: refuse files, or gzip data that unpacks to text, bigger than this.

    Raises:
        TraceFileError: the file cannot be read, is too big, or is not a valid trace.
    """
    path = Path(path)
    raw = read_trace_bytes(path, max_bytes)
    data = decode_v2(raw)
    if data is None:
        return _from_data(raw, None, str(path))
    del raw  # the text is not needed once it is parsed: 86 MB less for the full minimax trace
    _check_format(data, str(path))
    return trace_from_v2(data, name=str(path))
