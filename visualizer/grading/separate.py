"""Provides `grade_apart`: one student's runs in a process of its own (`python -m visualizer.grading.separate`),
so that grading a class in parallel keeps each student's crash, time-out or mischief to that student.

The process reads one job line from stdin (the student's file, the function, the trees and the sandbox's
options, and a token) and writes one line: the token, a space, then {"runs": [...]} or {"unusable": reason}.
A line without the token is not its answer. It imports only the sandbox, so it starts in a tenth of a second.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from visualizer.errors import InputError, one_line
from visualizer.grading.record import PlainNode, Run
from visualizer.grading.sandbox import not_dumpable, run_student

__all__ = ["Apart", "grade_apart", "stop_all"]

MAX_ANSWER = 256 << 20
"""The most bytes read from one student's process: more is not its answer."""
PACKAGE_ROOT = str(Path(__file__).resolve().parent.parent.parent)


_RUNNING: set[subprocess.Popen[bytes]] = set()
"""The students' processes running now (`stop_all` ends them)."""


def stop_all() -> None:
    """Ends every student's process running now (ctrl+c while a class is graded): their gradings return at once
    as stopped."""
    for process in list(_RUNNING):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)


class Apart:
    """What came back from one student's process: the runs, or why there are none (`problem`; `stopped`
    when the process ran past its time or ended without an answer, else the file could not be used)."""

    def __init__(self, runs: list[Run] | None = None, problem: str = "", *, stopped: bool = False) -> None:
        self.runs, self.problem, self.stopped = runs, problem, stopped


def grade_apart(
    path: str, function: str, trees: Sequence[PlainNode], maximizing: Sequence[bool], limit: float, **options: Any
) -> Apart:
    """`run_student(path, function, trees, maximizing, **options)` in a process of its own with `limit` seconds."""
    started = time.monotonic()
    token = secrets.token_hex(16)
    job = {
        "token": token,
        "path": path,
        "function": function,
        "trees": [tree.to_json() for tree in trees],
        "maximizing": list(maximizing),
        "options": options,
    }
    environment = dict(os.environ, PYTHONPATH=PACKAGE_ROOT)
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            [sys.executable, "-m", "visualizer.grading.separate"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errors,
            env=environment,
            start_new_session=True,
        )
        assert process.stdin is not None and process.stdout is not None  # both are pipes
        _RUNNING.add(process)
        try:
            with contextlib.suppress(BrokenPipeError):
                process.stdin.write((json.dumps(job) + "\n").encode())
                process.stdin.close()
            output, finished = _read_all(process.stdout, started + limit)
        finally:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            process.stdout.close()
            _RUNNING.discard(process)
        answer = _answer(output, token)
        if answer is None:
            if not finished:
                return Apart(problem=f"its grading ran past {limit:g} s and was stopped", stopped=True)
            return Apart(problem=f"its grading process ended without an answer ({_last_line(errors)})", stopped=True)
    if "unusable" in answer:
        return Apart(problem=str(answer["unusable"]))
    return Apart([Run.from_json(run) for run in answer["runs"]])


def _read_all(stream: IO[bytes], deadline: float) -> tuple[bytes, bool]:
    """What `stream` gives until it ends (True), or until `deadline` passes or too much comes (False)."""
    data = bytearray()
    with selectors.DefaultSelector() as selector:
        selector.register(stream, selectors.EVENT_READ)
        while len(data) <= MAX_ANSWER:
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                return bytes(data), False
            chunk = os.read(stream.fileno(), 1 << 16)
            if not chunk:
                return bytes(data), True
            data += chunk
    return bytes(data), False


def _answer(output: bytes, token: str) -> dict[str, Any] | None:
    """The process's answer: its one line that starts with the token (any other line is not its own)."""
    prefix = token.encode() + b" "
    for line in output.split(b"\n"):
        if line.startswith(prefix):
            with contextlib.suppress(ValueError):
                answer = json.loads(line[len(prefix) :])
                if isinstance(answer, dict):
                    return answer
    return None


def _last_line(errors: IO[bytes]) -> str:
    errors.seek(0)
    lines = errors.read()[-4000:].decode("utf-8", "replace").strip().splitlines()
    return lines[-1][-200:] if lines else "no message"


def main() -> None:
    """The student's process: the job from stdin, the answer on stdout after the token."""
    not_dumpable()
    job = json.loads(sys.stdin.readline())
    trees = [PlainNode.from_json(tree) for tree in job["trees"]]
    try:
        runs = run_student(job["path"], job["function"], trees, job["maximizing"], **job["options"])
        answer: dict[str, Any] = {"runs": [run.to_json() for run in runs]}
    except InputError as error:
        answer = {"unusable": one_line(str(error))}
    sys.stdout.write(f"{job['token']} {json.dumps(answer)}\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
