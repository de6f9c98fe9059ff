"""Provides `to_json`/`from_json`: traces as strict, deterministic JSON in networkx node-link form.

The text is `networkx.node_link_data(to_networkx(trace), edges="edges")` dumped with sorted keys (written
straight from the trace's columns by `json_stream`, which gives the same text far faster), so
`networkx.node_link_graph(json.loads(text), edges="edges")` loads it as a DiGraph. Strict JSON has no
Infinity: an infinite alpha, beta or value is written as the string "+inf" or "-inf". The same trace
always gives byte-identical text. `trace.schema.json` describes the format.

`read_json` reads at most `MAX_TRACE_BYTES` and only regular files and pipes, and every problem
with a file (missing, a folder, a device, too big, not UTF-8, not JSON, not a consistent trace)
is one `TraceFileError` line.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import sys
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

__all__ = [
    "to_json", "to_json_networkx", "from_json", "from_data_networkx", "write_json", "read_json", "DEFAULT_NAME",
    "MAX_TRACE_BYTES",
]

MAX_TRACE_BYTES = 2 * 2**30
"""The biggest trace file `read_json` reads (2 GiB; the full tic-tac-toe minimax trace, 549,946 nodes
and 1.9 million events, is 583 MB). Loading takes several times the file's size in memory."""

_READ_CHUNK = 16 * 2**20

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
    for where, document in [("", data), *((f" (graph.passes[{index}])", document)
                                         for index, document in enumerate(data["graph"].get("passes", ())))]:
        count = len(document["nodes"])
        if len({node["id"] for node in document["nodes"]}) != count:  # networkx would merge the repeated ids
            raise TraceFileError(
                f"{name} is not a consistent trace{where}: node ids must be 0..{count - 1}, each once; {_REEXPORT}"
            )
    graph = networkx.node_link_graph(_convert(data, decode_value), edges="edges")
    return from_networkx(graph, name=name)


def write_json(trace: Trace, path: str | Path) -> Path:
    """Writes `to_json(trace)` to `path` atomically (parent folders are created) and returns the path.

    The text is streamed to a temporary file in pieces, never whole in memory.
    """
    path = Path(path)
    write_chunks_atomic(path, json_chunks(trace))  # bad names stop it at the first chunk, file untouched
    return path


def read_json(path: str | Path, *, max_bytes: int = MAX_TRACE_BYTES) -> Trace:
    """Loads a trace file written by `write_json`; errors name the file.

    Args:
        path: a regular file or a pipe (devices such as /dev/zero are refused unread).
        max_bytes: refuse files bigger than this.

    Raises:
        TraceFileError: the file cannot be read, is too big, or is not a valid trace.
    """
    path = Path(path)
    raw = _read_bytes(path, max_bytes)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise TraceFileError(
            f"{path} is not UTF-8 text, so not a trace; give a .json file written by the visualizer"
        ) from None
    del raw
    return from_json(text, name=str(path))


def _size(count: int) -> str:
    return f"{count:,} bytes" if count < 2**20 else f"{count / 2**20:,.0f} MiB"


def _too_big(path: Path, what: str, max_bytes: int) -> TraceFileError:
    return TraceFileError(
        f"{path} {what} the {_size(max_bytes)} a trace file may hold; export a smaller search "
        "(--depth N) or give the right file"
    )


def _read_bytes(path: Path, max_bytes: int) -> bytes:
    """The file's bytes, read only from a regular file or a pipe and never more than `max_bytes` + 1."""
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise TraceFileError(f"{path} is a folder, not a trace file; give a .json file written by the visualizer")
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            raise TraceFileError(
                f"{path} is a device or socket, not a trace file; give a .json file written by the visualizer"
            )
        with open(path, "rb") as file:
            size = os.fstat(file.fileno()).st_size
            if size > max_bytes:
                raise _too_big(path, f"is {_size(size)}, more than", max_bytes)
            chunks, total = [], 0
            want = min(max(size + 1, _READ_CHUNK), max_bytes + 1)  # a regular file in one read
            while chunk := file.read(want):
                chunks.append(chunk)
                total += len(chunk)
                if total > max_bytes:
                    raise _too_big(path, "gives more than", max_bytes)
                want = min(_READ_CHUNK, max_bytes + 1 - total)
    except FileNotFoundError:
        raise TraceFileError(f"cannot read {path}: no such file; check the path") from None
    except ValueError:  # a NUL in the path (possible only through the Python API)
        raise TraceFileError(f"cannot read {str(path)!r}: a path cannot hold a NUL character; check the path") from None
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise TraceFileError(f"cannot read {path}: {reason}; check the path") from None
    return b"".join(chunks)
