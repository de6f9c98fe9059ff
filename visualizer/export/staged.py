"""Provides `StagedWrites` (several files replaced together) and `write_new_file` (never overwrites)."""

from __future__ import annotations

import errno
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from visualizer.errors import InputError
from visualizer.export.atomic import (
    _COPY_BLOCK,
    _explain,
    _landing_path,
    _open_special,
    _remove,
    _replace,
    _sync_folder,
    _write_straight,
    _write_temporary,
)

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
