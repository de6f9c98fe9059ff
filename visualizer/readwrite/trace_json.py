"""Provides `to_json`/`from_json`/`write_json`/`read_json`: traces as strict JSON in networkx node-link form,
in plain or gzip files (`gzip_chunks`; a file is gunzipped when its bytes are gzip, whatever its name).

Version 2 of the format (described by `trace-2.schema.json`) loads in networkx with
`node_link_graph(json.loads(text), edges="edges")`. Strict JSON has no Infinity: an infinite alpha,
beta or value is the string "+inf" or "-inf". Every problem with a file is one `TraceFileError` line.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, NoReturn

from visualizer.errors import TraceFileError
from visualizer.gc_policy import paused_gc
from visualizer.input_files import NotAFileError, open_input
from visualizer.readwrite.decode import decode_v2
from visualizer.readwrite.json_read import trace_from_v2
from visualizer.readwrite.json_write import json_v2_bytes, json_v2_chunks
from visualizer.safe_files import write_chunks_atomic
from visualizer.tracing.trace import FORMAT, FORMAT_VERSION, Trace

__all__ = ["to_json", "from_json", "write_json", "read_json", "gzip_chunks", "DEFAULT_NAME", "MAX_TRACE_BYTES"]

MAX_TRACE_BYTES = 256 * 2**20
"""The most bytes of trace text `read_json` reads, gunzipped (the CLI's `--max-unpacked MB` raises it): three
times the biggest real trace (the full tic-tac-toe minimax trace, 86.5 MB of JSON), so every real one loads,
while a gzip bomb is refused within a second holding no more than this."""

DEFAULT_NAME = "the trace file"
"""How error messages refer to text that did not come from a named file."""

_LITERALS = ("true", "false", "null", "NaN", "Infinity", "-Infinity")
_REEXPORT = "export the trace again"
_NUMBER_PART = re.compile(r"[-+.0-9eE]+")

GZIP_MAGIC = b"\x1f\x8b"
"""The first two bytes of gzip data."""

GZIP_LEVEL = 6
"""zlib's compression level for .json.gz files."""

_READ_CHUNK = 2**20  # packed bytes given to zlib at a time
_UNPACK_PIECE = 2**20  # the most unpacked bytes asked of zlib at a time: one call never holds two copies
_GIVE = "give a .json or .json.gz file written by the visualizer"
MAX_RATIO = 200
"""A trace packs 5 to 20 times (the full minimax trace: 8.8); gzip data that unpacks to more than this many
times its size, past the first `_RATIO_FROM` bytes, is a bomb, refused at once rather than at the cap."""
_RATIO_FROM = 16 * 2**20


def gzip_chunks(chunks: Iterable[str | bytes], *, level: int = GZIP_LEVEL) -> Iterator[bytes]:
    """`chunks` (text as UTF-8) as one gzip member, with no time stamp or file name: the same bytes each time."""
    compressor = zlib.compressobj(level, zlib.DEFLATED, 31)  # 31: a gzip header and trailer
    for chunk in chunks:
        data = compressor.compress(chunk.encode("utf-8") if isinstance(chunk, str) else chunk)
        if data:
            yield data
    yield compressor.flush()


def _size(count: int) -> str:
    return f"{count:,} bytes" if count < 2**20 else f"{count / 2**20:,.0f} MiB"


def _too_big(path: Path, what: str, max_bytes: int) -> TraceFileError:
    return TraceFileError(
        f"{path} {what} the {_size(max_bytes)} a trace file may hold; give the right file, export a smaller "
        f"search (--depth N), or raise the limit (--max-unpacked MB)"
    )


def read_trace_bytes(path: Path, max_bytes: int) -> bytes:
    """The file's text as bytes, gunzipped as a stream when they start with the gzip magic: at most
    `max_bytes` are ever held, so a gzip bomb is refused as soon as it has unpacked that much.

    Raises:
        TraceFileError: the file is missing, a folder, FIFO, socket or device (never opened), cannot be read,
            holds more than `max_bytes` (packed or not), or is damaged gzip data.
    """
    try:
        with open_input(path) as file:
            size = os.fstat(file.fileno()).st_size
            if size > max_bytes:
                raise _too_big(path, f"is {_size(size)}, more than", max_bytes)
            if os.pread(file.fileno(), len(GZIP_MAGIC), 0) == GZIP_MAGIC:
                return _gunzip(_chunks(file, path, _READ_CHUNK, max_bytes), path, max_bytes)
            return b"".join(_chunks(file, path, size + 1, max_bytes))  # one read: no copy
    except NotAFileError as error:
        raise TraceFileError(f"{path} is {error.kind}, not a trace file; {_GIVE}") from None
    except FileNotFoundError:
        raise TraceFileError(f"cannot read {path}: no such file; check the path") from None
    except ValueError:  # a NUL in the path (possible only through the Python API)
        raise TraceFileError(f"cannot read {str(path)!r}: a path cannot hold a NUL character; check the path") from None
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise TraceFileError(f"cannot read {path}: {reason}; check the path") from None


def _chunks(file: IO[bytes], path: Path, piece: int, max_bytes: int) -> Iterator[bytes]:
    """The file's bytes, `piece` bytes at a time, refused as soon as they are more than `max_bytes`."""
    total = 0
    while chunk := file.read(min(piece, max_bytes + 1 - total)):
        total += len(chunk)
        if total > max_bytes:  # it grew while being read
            raise _too_big(path, "gives more than", max_bytes)
        yield chunk


def _gunzip(chunks: Iterable[bytes], path: Path, max_bytes: int) -> bytes:
    """The gzip members in `chunks` unpacked, refused as soon as they give more than `max_bytes`."""
    parts, total, used = [], 0, 0  # used: the packed bytes zlib has taken
    decompressor, started = zlib.decompressobj(31), False  # 31: gzip's header and trailer
    for chunk in chunks:
        rest, full = chunk, False  # full: zlib gave all it was asked for, and may hold more
        while rest or full:
            if not started and not rest.startswith(GZIP_MAGIC[: len(rest)]):
                raise TraceFileError(f"{path} has bytes after its gzip data that are not gzip; {_GIVE}")
            started, asked = True, min(max_bytes + 1 - total, _UNPACK_PIECE)
            try:
                part = decompressor.decompress(rest, asked)
            except zlib.error as error:
                raise TraceFileError(f"{path} is gzip data that is damaged ({error}); {_GIVE}") from None
            total += len(part)
            used += len(rest) - len(decompressor.unconsumed_tail) - len(decompressor.unused_data)
            if total > max_bytes:
                raise _too_big(path, "unpacks to more than", max_bytes)
            if total > _RATIO_FROM and total > MAX_RATIO * used:
                raise TraceFileError(
                    f"{path} unpacks to over {MAX_RATIO} times its packed size, which no trace does (they pack "
                    f"5 to 20 times): a gzip bomb, or not a trace; {_GIVE}"
                )
            parts.append(part)
            if decompressor.eof:  # another member may follow
                rest, decompressor, started, full = decompressor.unused_data, zlib.decompressobj(31), False, False
            else:
                rest, full = decompressor.unconsumed_tail, len(part) == asked
    if started:
        raise TraceFileError(f"{path} ends in the middle of its gzip data; the file is truncated, {_REEXPORT}")
    return b"".join(parts)


def to_json(trace: Trace, *, indent: bool | None = None) -> str:
    """The trace as strict JSON text of version 2: a networkx node-link graph, sorted keys, the same text for
    the same search.

    Args:
        trace: the trace to write.
        indent: True for the indented layout, False for no spaces at all; None indents traces of at most
            5,000 events and nodes in every pass.

    Returns:
        The JSON text, ending in a newline.

    Raises:
        InputError: two nodes share a name, or a name is empty.

    Examples:
        >>> import json
        >>> from visualizer import builtin_example, to_json, trace_search
        >>> text = to_json(trace_search(builtin_example(), "alphabeta"))
        >>> graph = json.loads(text)["graph"]
        >>> graph["format"], graph["version"], graph["summary"]["value"]
        ('gametree-trace', 2, 2)
    """
    return "".join(json_v2_chunks(trace, indent=indent))


class _NotStrict(Exception):
    """What a file holds that strict JSON cannot: NaN, Infinity or -Infinity (which Python's json module
    reads), or a number such as 1e999 that Python's float would turn into infinity."""


def _reject_constant(name: str) -> NoReturn:
    raise _NotStrict(f"{name}, which strict JSON does not allow")


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _NotStrict(f"the number {text if len(text) <= 20 else text[:17] + '...'}, too large for a float")
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
    except _NotStrict as error:
        raise TraceFileError(f'{name} holds {error}; write infinite values as "+inf" or "-inf"') from None
    except RecursionError:
        raise TraceFileError(f"{name} nests its JSON too deeply to be a trace; {_REEXPORT}") from None
    except ValueError:  # Python's limit on the digits of an integer
        raise TraceFileError(
            f"{name} holds a number with more than {sys.get_int_max_str_digits():,} digits, which no trace "
            f"field takes; {_REEXPORT}"
        ) from None


def _check_format(data: Any, name: str) -> None:
    graph = data.get("graph") if isinstance(data, dict) else None
    graph = graph if isinstance(graph, dict) else {}
    found = graph.get("format")
    if found != FORMAT:
        what = "no format" if found is None else f"format {json.dumps(found)[:40]}"
        raise TraceFileError(
            f'{name} is JSON but not a game-tree trace ({what}, expected graph.format "{FORMAT}"); '
            "give a trace written by the visualizer's JSON export"
        )
    version = graph.get("version")
    if type(version) is int and version > FORMAT_VERSION:
        raise TraceFileError(
            f"{name} was made by a newer visualizer (trace format version {version}, this one reads "
            f"up to {FORMAT_VERSION}); upgrade the visualizer to load it"
        )
    if version == 1 and type(version) is int:  # the layout before columns (there was no other)
        raise TraceFileError(
            f"{name} is a trace of format version 1, which this visualizer no longer reads (it reads "
            f"version {FORMAT_VERSION}); make a new one by running the search again with `visualizer export`"
        )


def from_json(text: str | bytes, *, name: str = DEFAULT_NAME) -> Trace:
    """The trace that `to_json` wrote (text, or UTF-8 bytes); `name` is how error messages refer to the text.

    Args:
        text: the JSON text, or its UTF-8 bytes.
        name: how error messages call the text, e.g. the name of the file it came from.

    Returns:
        The trace, equal to the one written.

    Raises:
        TraceFileError: one line naming the problem and how to fix it.

    Examples:
        >>> from visualizer import builtin_example, from_json, to_json, trace_search
        >>> trace = trace_search(builtin_example(), "alphabeta")
        >>> again = from_json(to_json(trace))
        >>> again == trace, again.summary.value
        (True, 2)
    """
    with paused_gc():  # millions of parsed items, no cycles: the collector would only walk them
        data = decode_v2(text)  # else parsed by the standard library, whose messages name the problem
        if data is None:
            if isinstance(text, bytes):
                try:
                    text = text.decode("utf-8")
                except UnicodeDecodeError:
                    raise TraceFileError(f"{name} is not UTF-8 text, so not a trace; {_GIVE}") from None
            data = _parse(text, name)
        _check_format(data, name)  # (a bad version is named by the schema)
        return trace_from_v2(data, name=name)


def write_json(trace: Trace, path: str | Path, *, indent: bool | None = None) -> Path:
    """Writes `to_json(trace, indent=indent)` to `path` atomically, as gzip when the name ends in .gz.

    Args:
        trace: the trace to write.
        path: the file to write; missing folders are created.
        indent: as `to_json`'s.

    Returns:
        The path written.

    Raises:
        InputError: the file cannot be written (one line saying why), or a node name is empty or used twice.

    Examples:
        >>> import gzip, pathlib, tempfile
        >>> from visualizer import builtin_example, trace_search, write_json
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> trace = trace_search(builtin_example(), "alphabeta")
        >>> write_json(trace, folder / "example15-alphabeta.json").name
        'example15-alphabeta.json'
        >>> packed = write_json(trace, folder / "example15-alphabeta.json.gz")
        >>> gzip.decompress(packed.read_bytes()).startswith(b"{")
        True
    """
    path = Path(path)
    chunks = json_v2_bytes(trace, indent=indent)
    gzipped = str(path).lower().endswith(".gz")
    write_chunks_atomic(path, gzip_chunks(chunks) if gzipped else chunks)  # bad names stop it first
    return path


def read_json(path: str | Path, *, max_bytes: int = MAX_TRACE_BYTES) -> Trace:
    """Loads a trace file written by `write_json` (plain or gzip, a regular file) of at most `max_bytes`
    of text, gunzipped.

    Args:
        path: the trace file, .json or .json.gz.
        max_bytes: the most text the file may hold once gunzipped (256 MiB by default).

    Returns:
        The trace, equal to the one written.

    Raises:
        TraceFileError: the file cannot be read, is bigger than `max_bytes`, is not a valid trace, or needs
            more memory than the process may take.

    Examples:
        >>> import pathlib, tempfile
        >>> from visualizer import builtin_example, read_json, trace_search, write_json
        >>> path = pathlib.Path(tempfile.mkdtemp(), "example15-alphabeta.json")
        >>> trace = read_json(write_json(trace_search(builtin_example(), "alphabeta"), path))
        >>> trace.algorithm, trace.summary.value
        ('alphabeta', 2)
    """
    path = Path(path)
    try:
        return from_json(read_trace_bytes(path, max_bytes), name=str(path))
    except MemoryError:
        pass  # raised below, once the text and what was made of it are freed
    raise TraceFileError(
        f"{path} needs more memory to load than this process may take; close other programs, raise the "
        "memory limit (ulimit -v), or give a smaller trace"
    )
