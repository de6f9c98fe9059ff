"""Provides `read_trace_bytes` and `gzip_chunks`: a trace file's bytes read within a limit (gunzipped
when they are gzip data, whatever the file's name) and written as gzip."""

from __future__ import annotations

import os
import stat
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path

from visualizer.errors import TraceFileError

__all__ = ["read_trace_bytes", "gzip_chunks", "is_gzip_name", "GZIP_MAGIC", "GZIP_LEVEL"]

GZIP_MAGIC = b"\x1f\x8b"
"""The first two bytes of gzip data."""

GZIP_LEVEL = 6
"""zlib's compression level for .json.gz files."""

_READ_CHUNK = 16 * 2**20
_GIVE = "give a .json or .json.gz file written by the visualizer"


def is_gzip_name(path: str | Path) -> bool:
    """True for a file name that asks for gzip (it ends in .gz)."""
    return str(path).lower().endswith(".gz")


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
        f"{path} {what} the {_size(max_bytes)} a trace file may hold; export a smaller search "
        "(--depth N) or give the right file"
    )


def read_trace_bytes(path: Path, max_bytes: int) -> bytes:
    """The file's bytes (gunzipped when they start with the gzip magic), from a regular file or a pipe.

    Raises:
        TraceFileError: the file cannot be read, is bigger than `max_bytes`, or is damaged gzip data.
    """
    raw = _read_raw(path, max_bytes)
    return _gunzip(raw, path, max_bytes) if raw.startswith(GZIP_MAGIC) else raw


def _gunzip(raw: bytes, path: Path, max_bytes: int) -> bytes:
    parts, total, rest = [], 0, raw
    while rest:
        if not rest.startswith(GZIP_MAGIC):
            raise TraceFileError(f"{path} has bytes after its gzip data that are not gzip; {_GIVE}")
        decompressor = zlib.decompressobj(31)
        try:
            part = decompressor.decompress(rest, max_bytes + 1 - total)
        except zlib.error as error:
            raise TraceFileError(f"{path} is gzip data that is damaged ({error}); {_GIVE}") from None
        total += len(part)
        if total > max_bytes:
            raise _too_big(path, "unpacks to more than", max_bytes)
        if not decompressor.eof:
            raise TraceFileError(
                f"{path} ends in the middle of its gzip data; the file is truncated, export the trace again"
            )
        parts.append(part)
        rest = decompressor.unused_data
    return b"".join(parts)


def _read_raw(path: Path, max_bytes: int) -> bytes:
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise TraceFileError(f"{path} is a folder, not a trace file; {_GIVE}")
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            raise TraceFileError(f"{path} is a device or socket, not a trace file; {_GIVE}")
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
