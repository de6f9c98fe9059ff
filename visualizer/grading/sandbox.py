"""Provides `run_student`: a student's search function run on trees in a separate, limited process.

The worker (`worker.py`) gets a time limit per tree, a memory limit, a recursion limit, a small file-size
limit and a fresh temporary folder: this stops runaway code, not a student who means harm.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import json
import os
import secrets
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any, Literal

from visualizer.errors import InputError, one_line
from visualizer.grading.limits import DEFAULT_MEMORY_MB, DEFAULT_RECURSION, DEFAULT_TIMEOUT, LIMIT_RANGES, check_limit
from visualizer.grading.record import Failure, PlainNode, RecordedFunction, Run, recorded_from_string
from visualizer.input_files import NotAFileError, open_input

__all__ = [
    "ALGORITHMS",
    "adopt_orphans",
    "check_function_name",
    "children_now",
    "end_strays",
    "not_dumpable",
    "run_student",
]

ALGORITHMS = ("alphabeta", "minimax")
"""What the student's function computes: f(node, alpha, beta, maximizing), or f(node, maximizing)."""

WORKER = Path(__file__).with_name("worker.py")
MAX_LINE = 64 << 20
"""The longest line a worker writes (a run of a 100,000-node tree and its calls is some 10 MB): more is junk."""
_STDERR_KEPT = 4000
"""Bytes read back from the end of the worker's stderr after it dies."""


def run_student(
    path: str | os.PathLike,
    function: str,
    trees: Sequence[PlainNode],
    maximizing: Sequence[bool],
    *,
    algorithm: str = "alphabeta",
    timeout: float = DEFAULT_TIMEOUT,
    memory_mb: int = DEFAULT_MEMORY_MB,
    recursion: int = DEFAULT_RECURSION,
    progress: Callable[[int, int], None] | None = None,
    record: str | Sequence[RecordedFunction] = (),
) -> list[Run]:
    """Runs the student's `function` from the file `path` on each tree in turn, in a worker process.

    `timeout` is in seconds per tree; a tree that runs out of time, or whose run kills the worker, gets a `Run`
    with that failure, and a fresh worker goes on. `record` names helper functions whose calls are recorded as
    the function's own (`--record max_value,min_value`, as text or parsed). An unusable file or option, or a
    limit out of range, is an InputError.
    """
    source = _checked_file(path)
    _check_options(function, algorithm, timeout, memory_mb, recursion)
    recorded = recorded_from_string(record) if isinstance(record, str) else tuple(record)
    _check_recorded(recorded, function, algorithm)
    if len(trees) != len(maximizing):
        raise ValueError(f"{len(trees)} trees but {len(maximizing)} maximizing flags")
    total = len(trees)
    shown_trees = "[" + ", ".join(json.dumps(tree.to_json()) for tree in trees) + "]"
    settings = {
        "path": str(source),
        "display": str(path),
        "function": function,
        "algorithm": algorithm,
        "maximizing": [bool(flag) for flag in maximizing],
        "memory_mb": int(memory_mb),
        "recursion": int(recursion),
        "record": [helper.to_json() for helper in recorded],
    }
    runs: list[Run] = []
    while len(runs) < total:
        start = len(runs)
        job = dict(settings, start=start, cpu_seconds=timeout * (total - start) + 5)
        with contextlib.closing(_Worker(job, shown_trees)) as worker:
            worker.wait_ready(timeout, str(path))
            while len(runs) < total:
                run = worker.next_run(timeout, memory_mb)
                runs.append(run)
                if progress is not None:
                    progress(len(runs), total)
                if run.failure in (Failure.TIMEOUT, Failure.MEMORY, Failure.CRASHED, Failure.INTERFERED):
                    break  # the next tree gets a fresh worker
    return runs


PR_SET_CHILD_SUBREAPER = 36
"""Linux's prctl option that makes a process adopt its orphaned descendants (instead of init)."""
PR_SET_DUMPABLE = 4
"""Linux's prctl option: a process that is not dumpable has its /proc/PID/fd and memory closed to other
processes of the same user (a student's code cannot write into the grader's pipes or read its token)."""


def not_dumpable() -> None:
    """Closes this process's /proc entries to other processes of the same user (Linux; nothing elsewhere)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)


@functools.cache
def adopt_orphans() -> bool:
    """Makes this process the child subreaper, once (Linux; False elsewhere): a process the student's code
    starts in a session of its own (setsid) escapes the worker's process group, and when its parent dies it
    becomes this process's child, which `end_strays` ends."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        return ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def children_now() -> set[int]:
    """The ids of this process's children (from /proc; none where there is no /proc)."""
    me, found = os.getpid(), set()
    with contextlib.suppress(OSError):
        for entry in os.scandir("/proc"):
            if entry.name.isdigit():
                with contextlib.suppress(OSError, ValueError, IndexError):
                    with open(f"/proc/{entry.name}/stat", "rb") as stat:
                        fields = stat.read().rpartition(b")")[2].split()  # the name, in brackets, may hold spaces
                    if int(fields[1]) == me:
                        found.add(int(entry.name))
    return found


def end_strays(before: set[int]) -> None:
    """Kills the children this process adopted since `before` was taken (what the student's code started and
    left behind), and theirs as they are adopted in turn, until none is left."""
    for _ in range(100):
        strays = children_now() - before
        if not strays:
            return
        for pid in strays:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        for pid in strays:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)


class Interfered(Exception):
    """The worker's channel carried a line the worker did not write (the student's code wrote to it)."""


def _checked_file(path: str | os.PathLike) -> Path:
    """The student's file as an absolute path, or an InputError saying what is wrong with it."""
    given = Path(path)
    if not given.exists():
        raise InputError(one_line(f"{given}: no such file; give the path of the student's .py file"))
    if given.is_dir():
        raise InputError(one_line(f"{given} is a folder; give the student's .py file inside it"))
    if given.suffix != ".py":
        raise InputError(one_line(f"{given} is not a Python file (.py); give the student's .py file"))
    try:
        with open_input(given):  # never a FIFO or device named .py: opening one could wait forever
            pass
    except NotAFileError as error:
        raise InputError(one_line(f"{given} is {error.kind}, not a file; give the student's .py file")) from None
    except OSError as error:
        reason = "permission denied" if isinstance(error, PermissionError) else (error.strerror or str(error))
        raise InputError(one_line(f"cannot read {given} ({reason}); give a file you can read")) from None
    return given.resolve()


def check_function_name(function: str) -> None:
    """Refuses, in one line, a --function that no Python function can be named."""
    if not function.isidentifier():
        raise InputError(one_line(f"{function!r} is not a Python function name; give e.g. --function alphabeta"))


def _check_options(function: str, algorithm: str, timeout: float, memory_mb: int, recursion: int) -> None:
    check_function_name(function)
    if algorithm not in ALGORITHMS:
        raise InputError(f"cannot grade {algorithm!r}: choose {' or '.join(ALGORITHMS)}")
    for flag, value in (("--timeout", timeout), ("--memory", memory_mb), ("--recursion", recursion)):
        if not isinstance(value, (int, float)):
            raise InputError(f"{flag} must be a number, not {value!r}")
        check_limit(flag, value, *LIMIT_RANGES[flag.removeprefix("--")])


def _check_recorded(recorded: Sequence[RecordedFunction], function: str, algorithm: str) -> None:
    """`--record`'s functions fit the graded one: not the graded function itself, and (NODE,ALPHA,BETA), or
    (NODE) for minimax, where the parameters are named."""
    places = "(NODE,ALPHA,BETA)" if algorithm == "alphabeta" else "(NODE)"
    for helper in recorded:
        if helper.name == function:
            calls = "name the functions it calls that recurse"
            raise InputError(f"--record {helper.name}: {function} is the graded function, recorded anyway; {calls}")
        if helper.parameters and len(helper.parameters) != places.count(",") + 1:
            raise InputError(
                one_line(
                    f"--record {helper.to_string()}: name {places} for {algorithm}, e.g. {helper.name}{places.lower()}"
                )
            )


class _Worker:
    """One worker process: started with the job, read line by line with a deadline, killed on exit."""

    def __init__(self, job: dict[str, Any], trees: str) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="visualizer-grade-", ignore_cleanup_errors=True)
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed in close())
        environment = {
            "PATH": os.environ.get("PATH", os.defpath),
            "HOME": self.folder.name,
            "TMPDIR": self.folder.name,
            "LANG": "C.UTF-8",
            "MALLOC_ARENA_MAX": "1",
        }
        adopt_orphans()
        self.before = children_now()  # this process's children before the worker: none of them is the student's
        self.token = secrets.token_hex(16)  # on every line the worker writes: a line without it is not its own
        self.tree = int(job.get("start", 0))  # the tree whose run comes next
        job = dict(job, token=self.token)
        self.process = subprocess.Popen(
            [sys.executable, "-I", str(WORKER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            cwd=self.folder.name,
            env=environment,
            start_new_session=True,
        )
        assert self.process.stdin is not None and self.process.stdout is not None  # both are pipes
        self.stdin: IO[bytes] = self.process.stdin
        self.stdout: IO[bytes] = self.process.stdout
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)
        self.buffer = bytearray()
        self.ended = False
        text = json.dumps(job)[:-1] + ', "trees": ' + trees + "}\n"
        try:
            self.stdin.write(text.encode("utf-8"))
            self.stdin.flush()
        except BrokenPipeError:
            self.ended = True  # it died at once: the first read reports it

    def close(self) -> None:
        """Kills the worker and everything it started, and removes its temporary folder."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        end_strays(self.before)
        self.selector.close()
        for stream in (self.stdin, self.stdout, self.stderr):
            with contextlib.suppress(OSError):
                stream.close()
        self.folder.cleanup()

    def read_line(self, seconds: float) -> dict[str, Any] | Literal[False] | None:
        """The next JSON line; None when the worker ended first; False when `seconds` passed first."""
        deadline = time.monotonic() + seconds
        while b"\n" not in self.buffer:
            if self.ended:
                return None
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                return False
            chunk = os.read(self.stdout.fileno(), 1 << 16)
            if not chunk:
                self.ended = True
            self.buffer += chunk
            if len(self.buffer) > MAX_LINE:
                raise Interfered
        line, _, rest = self.buffer.partition(b"\n")
        self.buffer = bytearray(rest)
        try:
            answer = json.loads(line)
        except ValueError:
            raise Interfered from None
        if not isinstance(answer, dict) or answer.pop("token", None) != self.token:
            raise Interfered
        return answer

    def wait_ready(self, timeout: float, shown: str) -> None:
        """Returns once the student's module is loaded; an InputError when it cannot be used."""
        try:
            answer = self.read_line(timeout)
        except Interfered:
            raise InputError(
                f"{shown} interfered with the grader while loading: it wrote to the grader's channel"
            ) from None
        if answer is False:
            move = "code outside functions runs on import; move it under `if __name__ == '__main__':`"
            raise InputError(one_line(f"{shown} did not finish loading within {timeout:g} s: {move}"))
        if answer is None:
            last = self._stderr_tail().strip().rpartition("\n")[2]
            if last and self.process.wait() == 1:  # the worker failed on its own (a traceback on stderr)
                raise InputError(one_line(f"cannot run {shown}: the grading process failed: {last[-200:]}"))
            remove = "remove the call to exit or os._exit at the top level of the file"
            raise InputError(one_line(f"{shown} ended the process while loading ({self._ending()}); {remove}"))
        if "unusable" in answer:
            raise InputError(one_line(answer["unusable"]))

    def next_run(self, timeout: float, memory_mb: int) -> Run:
        """The next tree's run: as the worker reported it, or the failure that stopped it."""
        started = time.monotonic()
        try:
            answer = self.read_line(timeout)
            if isinstance(answer, dict) and answer.pop("tree", None) != self.tree:
                raise Interfered  # a line of the worker's own, out of turn
        except Interfered:
            message = "the submission interfered with the grader: it wrote to the grader's own channel"
            return Run((), (), None, Failure.INTERFERED, message, round(time.monotonic() - started, 6))
        self.tree += 1
        seconds = round(time.monotonic() - started, 6)
        if answer is False:
            return Run(
                (), (), None, Failure.TIMEOUT, f"stopped after {timeout:g} s: it ran longer than --timeout", seconds
            )
        return self._died(seconds, memory_mb) if answer is None else Run.from_json(answer)

    def _died(self, seconds: float, memory_mb: int) -> Run:
        """The run of a tree during which the worker died without a report."""
        code = self.process.wait()
        errors = self._stderr_tail()
        if "MemoryError" in errors:
            failure = Failure.MEMORY
            message = f"it ran out of memory (over the {memory_mb} MB limit) and the process died"
        elif "stack overflow" in errors or code == -signal.SIGSEGV:
            failure = Failure.RECURSION
            message = "the process crashed (the C stack overflowed): the recursion went too deep"
        elif code == -signal.SIGXCPU:
            failure, message = Failure.TIMEOUT, "stopped: it used more processor time than the time limits allow"
        else:
            failure = Failure.CRASHED
            message = f"the process ended without a report ({self._ending()}) while running this tree"
            if code >= 0:
                message += "; does the code call os._exit() or exit()?"
        return Run((), (), None, failure, message, seconds)

    def _ending(self) -> str:
        code = self.process.wait()
        if code < 0:
            try:
                return f"killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exit status {code}"

    def _stderr_tail(self) -> str:
        try:
            size = self.stderr.seek(0, os.SEEK_END)
            self.stderr.seek(max(0, size - _STDERR_KEPT))
            return self.stderr.read().decode("utf-8", "replace")
        except OSError:
            return ""
