"""Provides safe file writing: a file is replaced whole or not at all, never left half-written.

`write_text_atomic`, `write_bytes_atomic` and `write_chunks_atomic` replace one file; `StagedWrites`
replaces several together; `write_new_file` writes a file that did not exist and never overwrites one.
A symbolic link is followed (the file it names is replaced, the link stays); a device or FIFO is
written straight, never replaced; every temporary file is registered so that no exit the process
sees leaves one behind.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import os
import secrets
import stat
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from visualizer.errors import InputError

__all__ = [
    "MAX_NUMBERED",
    "StagedWrites",
    "numbered_names",
    "write_bytes_atomic",
    "write_chunks_atomic",
    "write_new_file",
    "write_text_atomic",
]

_FULL_DISK = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_NO_ACCESS = {errno.EACCES, errno.EPERM, errno.EROFS}
_COPY_BLOCK = 1 << 20

_LIVE_TEMPORARIES: set[Path] = set()
"""Temporary files created and not yet renamed or removed; whatever is left at exit is removed."""


@atexit.register
def _remove_live_temporaries() -> None:
    """Removes every temporary file still registered (an exit that skipped the usual clean-up)."""
    for temporary in list(_LIVE_TEMPORARIES):
        _remove(temporary)


def _remove(temporary: Path) -> None:
    """Deletes a temporary file (if it is still there) and forgets it."""
    with contextlib.suppress(OSError):
        os.unlink(temporary)
    _LIVE_TEMPORARIES.discard(temporary)


def _is_folder(path: Path) -> bool:
    """True when `path` is a folder (or a link to one); False when it cannot even be looked at."""
    try:
        return path.is_dir()
    except OSError:
        return False


def _folder_error(path: Path) -> InputError:
    return InputError(f"{path} is a folder; give a file name inside it, e.g. {path / 'trace.json'}")


def _explain(error: OSError, path: Path) -> InputError:
    """An OSError met while writing `path`, as one line saying what to do."""
    folder = path.parent
    if error.errno in _FULL_DISK:
        return InputError(f"the disk is full while writing {path}; free some space or write to another disk")
    if error.errno in _NO_ACCESS or isinstance(error, PermissionError):
        return InputError(f"cannot write to the folder {folder} (permission denied); choose a folder you can write to")
    if isinstance(error, IsADirectoryError) or _is_folder(path):
        return _folder_error(path)
    if isinstance(error, (NotADirectoryError, FileExistsError)):
        return InputError(f"cannot create the folder {folder}: a file is in the way; choose another path")
    if error.errno == errno.EPIPE:
        return InputError(f"the reader of {path} stopped before the end; keep it reading or choose a regular file")
    if error.errno == errno.ELOOP:
        return InputError(f"{path} is a loop of symbolic links; point the link at a file or choose another path")
    if error.errno == errno.ENAMETOOLONG:
        return InputError(f"the file name {path.name[:40]}... is too long (255 bytes at most); choose a shorter name")
    reason = error.strerror or str(error)
    return InputError(f"cannot write {path}: {reason}; choose another path")


def _landing_path(path: Path) -> Path:
    """The file a write to `path` lands in: `path`, or the end of its chain of symbolic links.

    A dangling link leads to the missing file it names, which the write creates.
    """
    if not os.path.islink(path):
        if _is_folder(path):
            raise _folder_error(path)
        return path
    try:
        target = Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:
        target = Path(os.path.realpath(path))
    except OSError as error:
        raise _explain(error, path) from None
    if _is_folder(target):
        raise _folder_error(path)
    return target


def _open_special(target: Path) -> int | None:
    """Opens a device or FIFO at `target` to write straight into it; None for a regular or missing file.

    A FIFO is opened without blocking first, so one that nobody reads is refused instead of hanging.

    Raises:
        InputError: a FIFO with no reader, a socket, or a device that cannot be opened.
    """
    try:
        mode = os.stat(target).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None  # created (or explained) by the regular path
    except OSError as error:
        raise _explain(error, target) from None
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISSOCK(mode):
        raise InputError(f"{target} is a socket, not a file; choose a regular file")
    if not (stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISFIFO(mode)):
        raise InputError(f"{target} is not a regular file, a device or a FIFO; choose a regular file")
    try:
        descriptor = os.open(target, os.O_WRONLY | os.O_NOCTTY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        if stat.S_ISFIFO(mode) and error.errno == errno.ENXIO:
            raise InputError(
                f"nobody is reading the FIFO {target}; start the reader first or choose a regular file"
            ) from None
        raise _explain(error, target) from None
    if stat.S_ISREG(os.fstat(descriptor).st_mode):  # replaced by a regular file since the stat
        os.close(descriptor)
        return None
    os.set_blocking(descriptor, True)
    return descriptor


def _write_all(stream: BinaryIO, chunks: Iterable[bytes | str], encoding: str) -> None:
    for chunk in chunks:
        stream.write(chunk.encode(encoding) if isinstance(chunk, str) else chunk)


def _write_straight(descriptor: int, chunks: Iterable[bytes | str], encoding: str, target: Path) -> None:
    """Streams the chunks into an opened device or FIFO, then closes it; nothing is renamed."""
    try:
        with os.fdopen(descriptor, "wb") as stream:
            _write_all(stream, chunks, encoding)
    except OSError as error:
        raise _explain(error, target) from None


def _open_temporary(path: Path, owned: list[Path]) -> int:
    """Creates a new hidden file next to `path` (mode 0666 less the umask) and opens it for writing.

    Its name goes into `owned` and the registry *before* it is created, so an interruption at any
    moment (even just after the file appears) finds it there and removes it.
    """
    stem = path.name.encode("utf-8", "surrogateescape")[:200].decode("utf-8", "ignore")  # room for the rest
    while True:
        temporary = path.with_name(f".{stem}.{secrets.token_hex(4)}.tmp")
        owned.append(temporary)
        _LIVE_TEMPORARIES.add(temporary)
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
        except FileExistsError:  # another file's name, not ours to remove
            owned.pop()
            _LIVE_TEMPORARIES.discard(temporary)


def _write_temporary(
    target: Path,
    chunks: Iterable[bytes | str],
    encoding: str,
    *,
    folder: Path | None = None,
    keep_mode: bool = True,
    owned: list[Path] | None = None,
) -> Path:
    """Writes the chunks to a new temporary file in `folder` (the target's folder unless given), synced.

    The temporary takes the mode of a regular file already at `target` (unless `keep_mode` is
    false). Its name is added to `owned` (when given) as soon as it is chosen. On any failure or
    interruption it is removed.
    """
    folder = target.parent if folder is None else folder
    owned = [] if owned is None else owned
    first = len(owned)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor = _open_temporary(folder / target.name, owned)
        temporary = owned[-1]
        with os.fdopen(descriptor, "wb") as stream:
            _write_all(stream, chunks, encoding)
            stream.flush()
            os.fsync(stream.fileno())
            if keep_mode and target.is_file():
                os.fchmod(stream.fileno(), target.stat().st_mode & 0o7777)
    except BaseException as error:
        for path in owned[first:]:
            _remove(path)
        del owned[first:]
        if isinstance(error, OSError):
            raise _explain(error, target) from None
        raise
    return temporary


def _replace(temporary: Path, target: Path) -> None:
    """Renames a temporary over its target and syncs the folder; the temporary is removed on failure."""
    try:
        os.replace(temporary, target)
    except BaseException as error:
        _remove(temporary)
        if isinstance(error, OSError):
            raise _explain(error, target) from None
        raise
    _LIVE_TEMPORARIES.discard(temporary)
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Flushes the folder entry so the rename survives a crash (best effort; not on every platform)."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def write_bytes_atomic(path: str | Path, data: bytes) -> Path:
    """Writes `data` to `path` atomically: the one-chunk case of `write_chunks_atomic`."""
    return write_chunks_atomic(path, [data])


def write_chunks_atomic(path: str | Path, chunks: Iterable[bytes | str], *, encoding: str = "utf-8") -> Path:
    """Writes the chunks one after another (text encoded with `encoding`) to `path` through a temporary
    file in the same folder, fsync and `os.replace`: a large file is streamed without ever being whole in
    memory. Missing parent folders are created. On any failure (or interruption) the temporary file is
    removed and a file already at `path` is left as it was. Links and devices: see the module's docstring.

    Returns:
        The path written (as given, even when it is a link).

    Raises:
        InputError: one line for a path that is a folder or a socket, a FIFO nobody reads, a
            folder that cannot be written or created, a full disk, or any other write error.
    """
    path = Path(path)
    target = _landing_path(path)
    descriptor = _open_special(target)
    if descriptor is not None:
        _write_straight(descriptor, chunks, encoding, target)
        return path
    owned: list[Path] = []  # a temporary beside the target, then a rename
    try:
        _replace(_write_temporary(target, chunks, encoding, owned=owned), target)
    finally:
        for temporary in owned:  # gone once renamed; removed after a failure or an interruption
            _remove(temporary)
    return path


def write_text_atomic(path: str | Path, text: str, *, encoding: str = "utf-8") -> Path:
    """Writes `text` to `path` atomically (see `write_bytes_atomic`); UTF-8 unless told otherwise."""
    return write_bytes_atomic(path, text.encode(encoding))


# -- several files together, and new files ----------------------------------------------------

MAX_NUMBERED = 9_999
"""The last number `numbered_names` tries."""


def numbered_names(stem: str) -> Iterator[str]:
    """STEM, STEM-2, STEM-3, ... STEM-9999: the names tried, in order, for a file that must not replace another."""
    yield stem
    for number in range(2, MAX_NUMBERED + 1):
        yield f"{stem}-{number}"


def write_new_file(folder: str | Path, stem: str, suffix: str, text: str, *, encoding: str = "utf-8") -> Path:
    """Writes `text` atomically to a file of `folder` that did not exist: STEM.SUFFIX, else STEM-2.SUFFIX, ...

    No existing file is ever overwritten, even one created meanwhile by another program: the
    finished temporary is hard-linked to the new name, which fails if the name is taken. Returns the path.
    """
    folder = Path(folder)
    owned: list[Path] = []
    try:
        temporary = _write_temporary(folder / f"{stem}{suffix}", [text], encoding, keep_mode=False, owned=owned)
        for name in numbered_names(stem):
            path = folder / f"{name}{suffix}"
            try:
                os.link(temporary, path)
            except FileExistsError:
                continue
            except OSError as error:
                if error.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                    raise _explain(error, path) from None
                if os.path.lexists(path):  # no hard links here: best effort without them
                    continue
                _replace(temporary, path)
                return path
            _sync_folder(folder)
            return path
        raise InputError(f"{folder} already holds {MAX_NUMBERED:,} files named {stem}-N{suffix}; choose another folder")
    finally:
        for temporary in owned:  # the new name is a second link to it, or a rename took it
            _remove(temporary)


@dataclass
class _Staged:
    """One file of a `StagedWrites`: where it lands, its finished temporary, and an opened device or FIFO."""

    target: Path
    temporary: Path
    descriptor: int | None


class StagedWrites:
    """Files replaced together: each is written to a temporary first, and only then are all renamed.

    A failure or an interruption before `commit` leaves every old file as it was and removes every
    temporary. Use it as a context manager: it commits on a normal exit and discards on an exception.

        with StagedWrites() as group:
            group.stage(out / "trace.json", json_v2_bytes(trace))
            dot = group.stage(out / "trace.dot", dot_chunks(trace))  # a finished file to read from
    """

    def __init__(self) -> None:
        self._staged: list[_Staged] = []
        self._temporaries: list[Path] = []  # every temporary named, even one interrupted while created

    def __enter__(self) -> StagedWrites:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, traceback: object) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()

    def stage(self, path: str | Path, chunks: Iterable[bytes | str], *, encoding: str = "utf-8") -> Path:
        """Writes `path`'s new content to a temporary file (synced, complete) and returns the temporary.

        A link is followed as by `write_chunks_atomic`. A device or FIFO is opened now (one with no
        reader is refused now) and written from the temporary, kept in the temporary-file folder,
        at `commit`.

        Raises:
            InputError: as `write_chunks_atomic`; the files staged before stay staged.
        """
        target = _landing_path(Path(path))
        descriptor = _open_special(target)
        try:
            folder = None if descriptor is None else Path(tempfile.gettempdir())
            temporary = _write_temporary(target, chunks, encoding, folder=folder, owned=self._temporaries)
        except BaseException:
            if descriptor is not None:
                os.close(descriptor)
            raise
        self._staged.append(_Staged(target, temporary, descriptor))
        return temporary

    def commit(self) -> None:
        """Writes the devices and FIFOs, then renames every temporary over its target, one after another.

        A device that fails (e.g. /dev/full) stops the commit before any file is renamed.
        """
        special = [entry for entry in self._staged if entry.descriptor is not None]
        regular = [entry for entry in self._staged if entry.descriptor is None]
        try:
            for entry in special:
                with open(entry.temporary, "rb") as source:
                    descriptor, entry.descriptor = entry.descriptor, None  # closed by the write
                    assert descriptor is not None
                    _write_straight(descriptor, iter(lambda: source.read(_COPY_BLOCK), b""), "utf-8", entry.target)
            for entry in regular:
                _replace(entry.temporary, entry.target)
        finally:
            self.discard()  # the temporaries left: all after a failure, only the copied ones after success

    def discard(self) -> None:
        """Removes every staged temporary and closes every opened device; no file is changed."""
        staged, self._staged = self._staged, []
        temporaries, self._temporaries = self._temporaries, []
        for entry in staged:
            if entry.descriptor is not None:
                os.close(entry.descriptor)
                entry.descriptor = None
        for temporary in temporaries:
            _remove(temporary)  # a renamed one is no longer there
