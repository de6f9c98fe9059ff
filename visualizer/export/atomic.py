"""Provides atomic file writes: a file is replaced whole or not at all, never left half-written."""

from __future__ import annotations

import errno
import os
import secrets
from pathlib import Path
from typing import Iterable

from visualizer.errors import InputError

__all__ = ["write_text_atomic", "write_bytes_atomic", "write_chunks_atomic"]

_FULL_DISK = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_NO_ACCESS = {errno.EACCES, errno.EPERM, errno.EROFS}


def _explain(error: OSError, path: Path) -> InputError:
    """An OSError met while writing `path`, as one line saying what to do."""
    folder = path.parent
    if error.errno in _FULL_DISK:
        return InputError(f"the disk is full while writing {path}; free some space or write to another disk")
    if error.errno in _NO_ACCESS or isinstance(error, PermissionError):
        return InputError(f"cannot write to the folder {folder} (permission denied); choose a folder you can write to")
    if isinstance(error, IsADirectoryError) or path.is_dir():
        return InputError(f"{path} is a folder; give a file name inside it, e.g. {path / 'trace.json'}")
    if isinstance(error, (NotADirectoryError, FileExistsError)):
        return InputError(f"cannot create the folder {folder}: a file is in the way; choose another path")
    reason = error.strerror or str(error)
    return InputError(f"cannot write {path}: {reason}; choose another path")


def _open_temporary(path: Path) -> tuple[int, Path]:
    """Creates a new hidden file next to `path` (mode 0666 less the umask) and opens it for writing."""
    while True:
        temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), temporary
        except FileExistsError:
            continue


def _sync_folder(folder: Path) -> None:
    """Flushes the folder entry so the rename survives a crash (best effort; not on every platform)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def write_bytes_atomic(path: str | Path, data: bytes) -> Path:
    """Writes `data` to `path` through a temporary file in the same folder, fsync and `os.replace`.

    See `write_chunks_atomic`, which this is the one-chunk case of.
    """
    return write_chunks_atomic(path, [data])


def write_chunks_atomic(path: str | Path, chunks: Iterable[bytes | str], *, encoding: str = "utf-8") -> Path:
    """Writes the chunks one after another to `path` through a temporary file in the same folder,
    fsync and `os.replace`: a large file is streamed without ever being whole in memory.

    Missing parent folders are created. On any failure the temporary file is removed and a file
    already at `path` is left as it was.

    Args:
        path: the file to write.
        chunks: its new content, in pieces (text is encoded with `encoding`).
        encoding: for text chunks.

    Returns:
        The path written.

    Raises:
        InputError: one line for a path that is a folder, a folder that cannot be written or
            created, a full disk, or any other write error.
    """
    path = Path(path)
    if path.is_dir():
        raise InputError(f"{path} is a folder; give a file name inside it, e.g. {path / 'trace.json'}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = _open_temporary(path)
    except OSError as error:
        raise _explain(error, path) from None
    try:
        with os.fdopen(descriptor, "wb") as stream:
            for chunk in chunks:
                stream.write(chunk.encode(encoding) if isinstance(chunk, str) else chunk)
            stream.flush()
            os.fsync(stream.fileno())
        if path.exists():
            os.chmod(temporary, path.stat().st_mode & 0o7777)
        os.replace(temporary, path)
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise _explain(error, path) from None
        raise
    _sync_folder(path.parent)
    return path


def write_text_atomic(path: str | Path, text: str, *, encoding: str = "utf-8") -> Path:
    """Writes `text` to `path` atomically (see `write_bytes_atomic`); UTF-8 unless told otherwise."""
    return write_bytes_atomic(path, text.encode(encoding))
