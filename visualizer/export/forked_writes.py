"""Provides `ForkedWrite`: one file's chunks written into a temporary by a child process made with `os.fork`.

`StagedWrites.stage_together` uses it to write the trace formats of one export at the same time,
one file per process. The parent creates, registers and removes the temporaries; a child only
fills the one it is given, syncs it and leaves through `os._exit`, so it never returns into the
caller's code, runs no atexit handler and flushes none of the parent's stdio buffers. A child's
failure comes back to the parent through a pipe, pickled, and is raised there.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

from visualizer.errors import InputError, VisualizerError, one_line
from visualizer.export.atomic import _explain, _fill_temporary

__all__ = ["ForkedWrite", "can_fork", "frozen_heap", "start_write"]

_STOPPING = {signal.SIGINT, signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])}
"""The signals that interrupt an export (ctrl+c, and SIGTERM and SIGHUP as the CLI turns them into exceptions)."""

_READ_BLOCK = 1 << 16


def can_fork() -> bool:
    """True when a child may be forked safely: `os.fork` exists and only this thread, the main one, runs.

    A thread (the app's, a progress bar's) would be missing from the child, perhaps holding a lock
    the child then waits for forever, so with two or more threads the files are written one by one.
    The child sets its own signal handlers, which only the main thread may do.
    """
    return hasattr(os, "fork") and threading.active_count() == 1 \
        and threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def frozen_heap() -> Iterator[None]:
    """Keeps every object alive now out of the cyclic collector's reach while children are forked.

    A child's collection would otherwise walk the parent's whole heap, writing to each object's
    header and so copying every page of it into the child (copy on write). Nothing is frozen when
    something else froze the heap already (the app's `freeze_heap`): its thaw is not ours to make.
    """
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@dataclass
class ForkedWrite:
    """A child writing one file: which of the group's files, where it lands, its temporary and the pipe
    its failure comes back through.

    Attributes:
        index: the file's place in the group.
        target: the file it lands in.
        temporary: the temporary it fills (the parent's).
        pid: the child's process id.
        report: the reading end of the pipe; None once read and closed.
        reaped: the child has been waited for.
    """

    index: int
    target: Path
    temporary: Path
    pid: int
    report: int | None
    reaped: bool = False

    def finish(self) -> BaseException | None:
        """Waits for the child to end; returns its failure, or None when its temporary is complete."""
        data = bytearray()
        while block := os.read(self.report, _READ_BLOCK):
            data += block
        self._close_report()
        _pid, status = os.waitpid(self.pid, 0)
        self.reaped = True
        if data:
            return _received(bytes(data), self.target)
        code = os.waitstatus_to_exitcode(status)
        if code == 0:
            return None
        if code < 0:
            return InputError(f"the process writing {self.target} was stopped by {signal.Signals(-code).name}; "
                              "nothing was changed; export again")
        return InputError(f"the process writing {self.target} ended with exit code {code}; nothing was changed; "
                          "export again")

    def stop(self) -> None:
        """Kills the child (if it still runs) and reaps it, so that no zombie is left; never interrupted."""
        with _signals_blocked():
            self._close_report()
            if self.reaped:
                return
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(self.pid, 0)
            self.reaped = True

    def _close_report(self) -> None:
        if self.report is not None:
            report, self.report = self.report, None
            os.close(report)


@contextlib.contextmanager
def _signals_blocked() -> Iterator[None]:
    """Holds back ctrl+c, SIGTERM and SIGHUP (delivered when the block ends), so the code within runs whole."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def start_write(index: int, target: Path, temporary: Path, descriptor: int, chunks: Iterable[bytes | str],
                encoding: str) -> ForkedWrite:
    """Forks a child that fills `descriptor` (the opened `temporary`) with the chunks and leaves.

    The descriptor is closed in the parent. Signals are held back around the fork, so an interruption
    cannot fall between the child's birth and the parent knowing its id.

    Raises:
        OSError: the fork failed (too many processes, no memory); nothing was started.
    """
    reading, writing = os.pipe()
    try:
        with _signals_blocked():
            pid = os.fork()
            if pid == 0:
                _child(descriptor, chunks, encoding, target, writing)  # never returns
            handle = ForkedWrite(index, target, temporary, pid, reading)
    except BaseException:
        os.close(reading)
        raise
    finally:
        os.close(writing)
    os.close(descriptor)
    return handle


def _child(descriptor: int, chunks: Iterable[bytes | str], encoding: str, target: Path, report: int) -> None:
    """The child's whole life: fill the temporary, send any failure, and leave through `os._exit`.

    ctrl+c, SIGTERM and SIGHUP take their default action here (the process ends at once, with no Python code
    run), so no exception can come between the work and `os._exit`; the parent notices and stops.
    """
    code = 1
    try:
        try:
            for number in _STOPPING:
                signal.signal(number, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPPING)
            try:
                _fill_temporary(descriptor, chunks, encoding, target)
            except OSError as error:
                raise _explain(error, target) from None
            code = 0
        except BaseException as error:  # a bug included: the parent raises it
            _send(report, error)
    finally:
        os._exit(code)


def _send(report: int, error: BaseException) -> None:
    """Writes the failure to the pipe: pickled, with its type, message and traceback for when it cannot be."""
    try:
        pickled: bytes | None = pickle.dumps(error)
    except Exception:  # an exception holding something that cannot be pickled
        pickled = None
    try:
        message = str(error)
    except Exception:  # a broken __str__: the type and the traceback still say what happened
        message = "(its message cannot be shown)"
    lines = "".join(traceback.format_exception(error))
    data = pickle.dumps((pickled, type(error).__name__, message, lines))
    view = memoryview(data)
    while view:
        view = view[os.write(report, view):]


def _received(data: bytes, target: Path) -> BaseException:
    """The failure the child writing `target` sent, as the exception to raise here; a RuntimeError
    carrying its type, message and traceback (`child_traceback`) when it cannot be rebuilt."""
    pickled, name, message, lines = pickle.loads(data)
    error: BaseException | None = None
    if pickled is not None:
        try:
            error = pickle.loads(pickled)
        except Exception:  # a class that cannot be rebuilt from its arguments
            error = None
    if error is None:
        error = RuntimeError(one_line(f"the process writing {target} failed: {name}: {message}"))
        error.child_traceback = lines  # type: ignore[attr-defined]
    if not isinstance(error, VisualizerError):  # a bug: show where it happened in the child
        error.add_note("In the process that wrote the file:\n" + lines.rstrip("\n"))
    return error
