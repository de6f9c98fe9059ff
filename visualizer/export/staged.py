"""Provides `StagedWrites` (several files replaced together) and `write_new_file` (never overwrites)."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Sequence

from visualizer.errors import InputError
from visualizer.export.atomic import (
    _COPY_BLOCK,
    _explain,
    _landing_path,
    _open_special,
    _open_temporary,
    _remove,
    _replace,
    _sync_folder,
    _write_straight,
    _write_temporary,
)
from visualizer.export.forked_writes import ForkedWrite, can_fork, frozen_heap, start_write

__all__ = ["MAX_NUMBERED", "StagedWrites", "numbered_names", "write_new_file"]

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
    finished temporary is hard-linked to the new name, which fails if the name is taken.

    Returns:
        The path written.
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
            group.stage(out / "trace.json", json_chunks(trace))
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

    def stage_together(self, files: Sequence[tuple[str | Path, Iterable[bytes | str]]], *, parallel: bool,
                       encoding: str = "utf-8") -> list[Path]:
        """Stages several files as `stage` does one after another, or writes them at the same time.

        With `parallel` (and `can_fork()`: `os.fork` exists, one thread runs), this process writes the
        first file while each other regular file is written by a child process of its own into a
        temporary this process created and registered (`forked_writes`); a link, a device or a FIFO
        is staged here, after the first file, as `stage` does. The outcome is the sequential one:
        the same temporaries, staged in the same order, and on failure, once every child has ended,
        the first failure in the files' order (a child's comes back pickled: the same type and
        message). An interruption here kills the children and waits for them, then goes on up.

        Returns:
            The temporaries, in the order of `files`.

        Raises:
            InputError: as `stage`; the files before the one that failed stay staged.
        """
        files = [(Path(path), chunks) for path, chunks in files]
        if not (parallel and len(files) > 1 and can_fork()):
            return [self.stage(path, chunks, encoding=encoding) for path, chunks in files]
        return self._stage_forked(files, encoding)

    def _stage_forked(self, files: list[tuple[Path, Iterable[bytes | str]]], encoding: str) -> list[Path]:
        """`stage_together` in parallel: fork the children, write this process's files, wait, then settle."""
        start = len(self._staged)
        mine, children = [0], []  # the files written here (by index), the children
        failures: dict[int, BaseException] = {}  # a failure stops the files after it, as it would in turn
        placed: dict[int, _Staged] = {}
        try:
            with frozen_heap():
                for index, (path, chunks) in enumerate(files[1:], start=1):
                    try:
                        opened = self._open_forkable(path)
                    except InputError as error:
                        failures[index] = error
                        break
                    if opened is None:
                        mine.append(index)
                        continue
                    try:
                        children.append(start_write(index, *opened, chunks, encoding))
                    except OSError:  # no process to be had: written here, in its turn
                        os.close(opened[2])
                        _remove(opened[1])
                        mine.append(index)
            for index in mine:
                if index > min(failures, default=index):
                    break
                try:
                    self.stage(*files[index], encoding=encoding)
                except Exception as error:  # a failure of this file: raised in its turn, below
                    failures[index] = error
                    break
                placed[index] = self._staged[-1]
            for child in children:  # in the files' order
                if child.index > min(failures, default=child.index):
                    child.stop()  # after a failure: a file the sequential path would never have written
                    continue
                failure = child.finish()
                if failure is None:
                    placed[child.index] = _Staged(child.target, child.temporary, None)
                else:
                    failures[child.index] = failure
        except BaseException:  # interrupted, or a bug here: no child outlives it
            for child in children:
                child.stop()
            raise
        return self._settle(start, files, placed, children, failures)

    def _settle(self, start: int, files: list[tuple[Path, Iterable[bytes | str]]], placed: dict[int, _Staged],
                children: list[ForkedWrite], failures: dict[int, BaseException]) -> list[Path]:
        """Keeps the files staged before the first failure, in the files' order, and raises that failure."""
        first = min(failures, default=len(files))
        kept = [placed[index] for index in sorted(placed) if index < first]
        for index, entry in placed.items():
            if index >= first:  # staged after the failure: as if never written
                if entry.descriptor is not None:
                    os.close(entry.descriptor)
                _remove(entry.temporary)
        for child in children:
            if child.index not in placed:  # failed, or stopped: its temporary is partial
                _remove(child.temporary)
        self._staged[start:] = kept
        if failures:
            raise failures[first]
        return [entry.temporary for entry in kept]

    def _open_forkable(self, path: Path) -> tuple[Path, Path, int] | None:
        """The landing file, a new registered temporary beside it and its opened descriptor, for a
        file a child may write: a regular or missing file, not a link; None for the others.

        Raises:
            InputError: the path is a folder, or its folder cannot be made or written, as `stage` says it.
        """
        if os.path.islink(path):
            return None
        target = _landing_path(path)
        try:
            if not stat.S_ISREG(os.stat(target).st_mode):
                return None  # a device, a FIFO or a socket: `stage` writes or refuses it
        except (FileNotFoundError, NotADirectoryError):
            pass  # created by the child (or explained below)
        except OSError:
            return None  # `stage` meets the same error and explains it
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            descriptor = _open_temporary(target, self._temporaries)
        except OSError as error:
            raise _explain(error, target) from None
        return target, self._temporaries[-1], descriptor

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
