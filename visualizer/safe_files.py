"""Provides safe file writing: a file is replaced whole or not at all, never left half-written.

`write_*_atomic` replace one file, `StagedWrites` several together (all or none), and `write_new_file`
writes a file that did not exist. A symbolic link is followed (the link stays), but never into a folder
that does not exist: no folder is made through a link. A device or FIFO is written straight; every
temporary file is registered so that no exit the process sees leaves one behind.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import os
import secrets
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

from visualizer.errors import InputError
from visualizer.output_places import (
    check_output_folder,
    explain,
    landing_path,
    make_folders,
    open_special,
    remove_folders,
)

__all__ = [
    "MAX_NUMBERED",
    "StagedWrites",
    "check_output_folder",
    "numbered_names",
    "write_chunks_atomic",
    "write_new_file",
    "write_text_atomic",
]

_COPY_BLOCK = 1 << 20
_HELD_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}

_LIVE_TEMPORARIES: set[Path] = set()  # created and not yet renamed or removed


@atexit.register
def _remove_live_temporaries() -> None:
    for temporary in list(_LIVE_TEMPORARIES):
        _remove(temporary)


def _remove(temporary: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(temporary)
    _LIVE_TEMPORARIES.discard(temporary)


def _temporary_name(path: Path) -> Path:
    """A new hidden name next to `path` for a temporary (or a backup) of it."""
    stem = path.name.encode("utf-8", "surrogateescape")[:200].decode("utf-8", "ignore")  # room for the rest
    return path.with_name(f".{stem}.{secrets.token_hex(4)}.tmp")


def _open_temporary(path: Path, owned: list[Path]) -> int:
    """Creates and opens a new hidden file next to `path`, its name registered *before* it is created."""
    while True:
        temporary = _temporary_name(path)
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
    *,
    folder: Path | None = None,
    keep_mode: bool = True,
    owned: list[Path],
    made: list[Path],
) -> Path:
    """Writes the chunks (text as UTF-8) to a new temporary file in `folder` (the target's folder unless given,
    created if missing, into `made`), synced, with the mode of a file already at `target` (when `keep_mode`);
    removed on any failure."""
    folder = target.parent if folder is None else folder
    first = len(owned)
    try:
        make_folders(folder, made)
        descriptor = _open_temporary(folder / target.name, owned)
        temporary = owned[-1]
        with os.fdopen(descriptor, "wb") as stream:
            for chunk in chunks:
                stream.write(chunk.encode() if isinstance(chunk, str) else chunk)
            stream.flush()
            os.fsync(stream.fileno())
            if keep_mode and target.is_file():
                os.fchmod(stream.fileno(), target.stat().st_mode & 0o7777)
    except BaseException as error:
        for path in owned[first:]:
            _remove(path)
        del owned[first:]
        if isinstance(error, OSError):
            raise explain(error, target) from None
        raise
    return temporary


def _replace(temporary: Path, target: Path) -> None:
    """Renames the finished `temporary` onto `target` (removed on failure, explained in one line)."""
    try:
        os.replace(temporary, target)
    except BaseException as error:
        _remove(temporary)
        if isinstance(error, OSError):
            raise explain(error, target, replacing=True) from None
        raise
    _LIVE_TEMPORARIES.discard(temporary)


def _sync_folder(folder: Path) -> None:
    """Flushes the folder entry so the rename survives a crash (best effort)."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Holds ctrl+c, SIGTERM and SIGHUP back while the block runs, so that a group's renames, or their undoing,
    are never cut in two: a signal that comes meanwhile is noted and raised again, to its own handler, after.

    Python sets handlers in the main thread only; elsewhere the block runs as it is (a failure is still undone).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []
    handlers = {}
    for signum in _HELD_SIGNALS:
        handler = signal.getsignal(signum)
        if handler is not None and handler != signal.SIG_IGN:  # (None: a handler not set from Python, left alone)
            handlers[signum] = signal.signal(signum, lambda number, frame: arrived.append(number))
    try:
        yield
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
        if arrived:
            signal.raise_signal(arrived[0])  # its handler runs now: an exception, or the end of the process


def write_chunks_atomic(path: str | Path, chunks: Iterable[bytes | str]) -> Path:
    """Writes the chunks (text as UTF-8) to `path` through a temporary file in the same
    folder, fsync and `os.replace`; missing parent folders are created. On any failure the temporary
    is removed, a file already at `path` is left as it was, and InputError says why in one line."""
    with StagedWrites() as group:
        group.stage(path, chunks, named=True)
    return Path(path)


def write_text_atomic(path: str | Path, text: str) -> Path:
    """Writes `text` to `path` atomically as UTF-8: the one-chunk case of `write_chunks_atomic`."""
    return write_chunks_atomic(path, [text])


# -- several files together, and new files ----------------------------------------------------

MAX_NUMBERED = 9_999  # the last number `numbered_names` tries


def numbered_names(stem: str) -> Iterator[str]:
    """STEM, STEM-2, STEM-3, ... STEM-9999: the names tried, in order, for a file that must not replace another."""
    yield stem
    for number in range(2, MAX_NUMBERED + 1):
        yield f"{stem}-{number}"


def write_new_file(folder: str | Path, stem: str, suffix: str, text: str) -> Path:
    """Writes `text` (UTF-8) atomically to a new file of `folder`: STEM.SUFFIX, else STEM-2.SUFFIX, ...; returns it.

    The finished temporary is hard-linked to the new name, which fails if the name is taken, so no
    file is ever overwritten, even one created meanwhile by another program.
    """
    folder = Path(folder)
    owned: list[Path] = []
    made: list[Path] = []
    try:
        temporary = _write_temporary(folder / f"{stem}{suffix}", [text], keep_mode=False, owned=owned, made=made)
        for name in numbered_names(stem):
            path = folder / f"{name}{suffix}"
            try:
                os.link(temporary, path)
            except FileExistsError:
                continue
            except OSError as error:
                if error.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK):
                    raise explain(error, path) from None
                if os.path.lexists(path):  # no hard links here: best effort without them
                    continue
                _replace(temporary, path)
                _sync_folder(folder)
                return path
            _sync_folder(folder)
            made.clear()  # they hold the new file
            return path
        raise InputError(f"{folder} already holds {MAX_NUMBERED:,} files named {stem}-N{suffix}; choose another folder")
    finally:
        for temporary in owned:  # the new name is a second link to it, or a rename took it
            _remove(temporary)
        remove_folders(made)


class StagedWrites:
    """Files replaced together, all or none: each is written to a temporary first, and only then are all
    renamed.

    A failure before `commit` leaves every old file as it was, and removes the folders the group made. A
    failure (or an interruption) between the renames undoes those done: each old file is put back (from a
    hard link kept until the end), each new one removed. As a context manager, it commits on a normal exit
    and discards on an exception. Only a device or FIFO, written straight, cannot be taken back.
    """

    def __init__(self) -> None:
        self._staged: list[tuple[Path, Path]] = []  # (target, temporary)
        self._devices: dict[Path, int] = {}  # the temporary of a device or FIFO -> the descriptor it is copied to
        self._temporaries: list[Path] = []  # every temporary named, even one interrupted while created
        self._made: list[Path] = []  # the folders made for the files, outermost first

    def __enter__(self) -> StagedWrites:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, traceback: object) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()

    def stage(self, path: str | Path, chunks: Iterable[bytes | str], *, named: bool = False) -> Path:
        """Writes `path`'s new content to a temporary file (synced, complete) and returns the temporary;
        a device or FIFO is opened now and written from the temporary at `commit`.

        `named`: the user named `path` itself (not a folder the files go in), so a folder there is told to
        give a file name inside it.
        """
        target = landing_path(Path(path), named=named)
        descriptor = open_special(target)
        try:
            folder = None if descriptor is None else Path(tempfile.gettempdir())
            temporary = _write_temporary(target, chunks, folder=folder, owned=self._temporaries, made=self._made)
        except BaseException:
            if descriptor is not None:
                os.close(descriptor)
            raise
        if descriptor is not None:
            self._devices[temporary] = descriptor
        self._staged.append((target, temporary))
        return temporary

    def commit(self) -> None:
        """Writes the devices and FIFOs (a failure stops the commit), then renames every temporary, all or none."""
        try:
            regular = [(target, temporary) for target, temporary in self._staged if temporary not in self._devices]
            for target, temporary in self._staged:
                if temporary in self._devices:
                    self._copy_to_device(target, temporary)
            with _signals_held():  # a signal waits until every file is renamed, or every rename undone
                self._rename_all(regular)
                self._made = []  # they hold the new files
        finally:
            self.discard()  # the temporaries left: all after a failure, only the copied ones after success

    def _copy_to_device(self, target: Path, temporary: Path) -> None:
        with open(temporary, "rb") as source:
            try:
                with os.fdopen(self._devices.pop(temporary), "wb") as stream:  # closes the descriptor
                    shutil.copyfileobj(source, stream, _COPY_BLOCK)
            except OSError as error:
                raise explain(error, target) from None

    def _rename_all(self, staged: list[tuple[Path, Path]]) -> None:
        """Renames each temporary onto its target; on any failure, or an interruption, undoes the renames done."""
        backups: dict[Path, Path] = {}  # target -> a second name of its old file
        new_files: set[Path] = set()  # targets where there was no file
        done: list[Path] = []
        try:
            for target, _ in staged:
                if not os.path.isfile(target):
                    new_files.add(target)
                elif (backup := self._backup(target)) is not None:
                    backups[target] = backup
            for target, temporary in staged:
                _replace(temporary, target)
                done.append(target)
        except BaseException:
            for target in reversed(done):
                with contextlib.suppress(OSError):
                    if target in backups:
                        os.replace(backups[target], target)
                    elif target in new_files:
                        os.unlink(target)
                    # else an old file with no second name (no hard links here): the new one stays
            raise
        for folder in dict.fromkeys(target.parent for target, _ in staged):
            _sync_folder(folder)

    def _backup(self, target: Path) -> Path | None:
        """A second name (a hard link, registered as a temporary) for the file at `target`, to put it back if the
        group fails; None where hard links cannot be made."""
        while True:
            backup = _temporary_name(target)
            self._temporaries.append(backup)
            _LIVE_TEMPORARIES.add(backup)
            try:
                os.link(target, backup)
            except OSError as error:
                self._temporaries.pop()
                _LIVE_TEMPORARIES.discard(backup)
                if isinstance(error, FileExistsError):
                    continue
                return None
            return backup

    def discard(self) -> None:
        """Removes every staged temporary, closes every opened device and removes the folders made; no file is
        changed."""
        devices, self._devices = self._devices, {}
        temporaries, self._temporaries = self._temporaries, []
        self._staged = []
        for descriptor in devices.values():
            os.close(descriptor)
        for temporary in temporaries:
            _remove(temporary)  # a renamed one is no longer there
        remove_folders(self._made)
