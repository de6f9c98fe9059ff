"""Provides `open_input`: an input file opened only when it can be read to its end (a regular file, or stdin
as `-` where a command documents it), so that no FIFO, socket or device makes a command wait forever.

Every path the visualizer reads (trace files, answer files, visits files, students' files) comes through here.
A special file is refused from `os.stat`, before anything opens it (opening a FIFO waits for a writer, and
opening some devices does something). The file is then opened without blocking and checked again with
`os.fstat`, so that one swapped in between is refused too; only then is blocking switched back on.
"""

from __future__ import annotations

import contextlib
import io
import os
import stat
import sys
from collections.abc import Iterator
from typing import IO, Any

from visualizer.errors import InputError

__all__ = ["STDIN", "NotAFileError", "open_input", "special_kind"]

STDIN = "-"
"""The name that reads standard input, where a command documents it (`grade --visits -`)."""

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


def special_kind(mode: int) -> str | None:
    """What a file of this `st_mode` is when it is not a regular file ("a folder", "a FIFO (named pipe)",
    "a socket", "a device"); None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


class NotAFileError(InputError):
    """An input path names a folder, FIFO, socket or device, which is never opened: reading it could wait
    forever or never end. `kind` says which ("a FIFO (named pipe)"), for the caller's own wording."""

    def __init__(self, path: str, kind: str) -> None:
        super().__init__(f"{path} is {kind}, not a file; give a regular file")
        self.path = path
        self.kind = kind


def _refuse_special(path: str | os.PathLike[str], mode: int) -> None:
    kind = special_kind(mode)
    if kind is not None:
        raise NotAFileError(os.fspath(path), kind)


def _open_regular(path: str | os.PathLike[str]) -> int:
    """A descriptor of the regular file at `path`, opened for reading (blocking), or NotAFileError."""
    _refuse_special(path, os.stat(path).st_mode)  # before opening: a FIFO would block, a device might act
    descriptor = os.open(path, _OPEN_FLAGS)  # without blocking, should a FIFO have been swapped in since
    try:
        _refuse_special(path, os.fstat(descriptor).st_mode)
        os.set_blocking(descriptor, True)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


@contextlib.contextmanager
def open_input(path: str | os.PathLike[str], *, encoding: str | None = None, stdin: bool = False) -> Iterator[IO[Any]]:
    """`path` opened for reading: bytes, or text in `encoding`; with `stdin`, `-` is standard input (left
    open afterwards).

    Raises:
        NotAFileError: `path` is a folder, FIFO, socket or device (it is not opened).
        OSError: the file cannot be opened (missing, no permission, ...), for the caller to name in its terms.
        ValueError: the path holds a NUL character.
    """
    if stdin and os.fspath(path) == STDIN:
        with _standard_input(encoding) as stream:
            yield stream
        return
    with os.fdopen(_open_regular(path), "r" if encoding else "rb", encoding=encoding) as file:
        yield file


@contextlib.contextmanager
def _standard_input(encoding: str | None) -> Iterator[IO[Any]]:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # closed (`<&-`), or replaced by an object without bytes
        raise InputError("there is no standard input to read (it is closed); pipe the text in, or give a file")
    if encoding is None:
        yield buffer
        return
    text = io.TextIOWrapper(buffer, encoding=encoding)
    try:
        yield text
    finally:
        text.detach()  # stdin stays open


def read_small_text(path: str, what: str, limit: int, *, size_hint: str) -> str:
    """The text of the small UTF-8 input file `path` (a byte-order mark dropped), `what` naming it in messages
    ("answer file"): an InputError for a missing file, a folder, FIFO or device, bytes that are not UTF-8, or
    more than `limit` characters (`size_hint` says how big such a file is, e.g. "an answer file is a few
    kilobytes")."""
    try:
        with open_input(path, encoding="utf-8-sig") as file:
            text: str = file.read(limit + 1)
    except NotAFileError as error:
        raise InputError(f"the {what} {path!r} is {error.kind}, not a file; give the {what} itself") from None
    except FileNotFoundError:
        raise InputError(f"no {what} {path!r}; check the path") from None
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise InputError(f"cannot read the {what} {path!r} ({type(error).__name__}); save it as UTF-8 text") from None
    if len(text) > limit:
        raise InputError(f"the {what} {path!r} is longer than {limit:,} characters; {size_hint}, so check the path")
    return text
