"""Provides `run_main`: `visualizer.cli.main(argv)` in-process, off a terminal, in a folder, with a time guard."""

from __future__ import annotations

import io
import os
import signal
import sys
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from visualizer.cli import main

__all__ = ["Hang", "Outcome", "TIME_LIMIT", "run_main", "problems", "temporaries"]

TIME_LIMIT = 30.0
"""Seconds one invocation may take before it counts as a hang: a hang guard, not a speed check (an example
takes well under a second of CPU; a loaded machine may stretch one to 10 s of wall-clock)."""


class Hang(BaseException):
    """Raised by the time guard; a BaseException so that no `except Exception` in the product swallows it."""


@dataclass
class Outcome:
    """What one invocation did: its exit code, its output, and the exception that escaped, if any."""

    argv: list[str]
    code: object = None
    out: str = ""
    err: str = ""
    escaped: BaseException | None = None
    frames: str = ""
    hung: bool = False
    """True when the time guard fired (even if the product swallowed the `Hang` it raised)."""


def _stream(errors: str) -> io.TextIOWrapper:
    """A UTF-8 text stream that is not a terminal, with the error handler Python gives the real one."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors=errors, newline=None, write_through=True)


def _text(stream: io.TextIOWrapper) -> str:
    stream.flush()
    return stream.buffer.getvalue().decode("utf-8", "backslashreplace")


class _Guard:
    """The SIGALRM handler: notes that it fired and raises `Hang`."""

    def __init__(self, time_limit: float) -> None:
        self.time_limit = time_limit
        self.fired = False

    def __call__(self, signum: int, frame: object) -> None:
        self.fired = True
        raise Hang(f"no answer within {self.time_limit:g} s")


def _last_frames(error: BaseException, count: int = 4) -> str:
    """`file:line function` of the innermost frames where `error` was raised, innermost last."""
    frames = traceback.extract_tb(error.__traceback__)[-count:]
    return " <- ".join(f"{Path(frame.filename).name}:{frame.lineno} {frame.name}" for frame in reversed(frames))


def run_main(argv: Sequence[str], folder: Path, *, time_limit: float = TIME_LIMIT) -> Outcome:
    """Runs `main(argv)` with cwd `folder`, stdin empty and stdout/stderr captured (none a terminal).

    stdout is strict UTF-8 and stderr backslash-replaces, as Python sets up the real streams in a
    UTF-8 locale, so a surrogate printed to stdout fails here as it would in a shell.
    """
    outcome = Outcome(list(argv))
    saved = sys.stdin, sys.stdout, sys.stderr
    previous_folder = os.getcwd()
    guard = _Guard(time_limit)
    previous_handler = signal.signal(signal.SIGALRM, guard)
    sys.stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    sys.stdout, sys.stderr = _stream("strict"), _stream("backslashreplace")
    os.chdir(folder)
    signal.setitimer(signal.ITIMER_REAL, time_limit)
    try:
        outcome.code = main(list(argv))
    except SystemExit as exit_:
        outcome.code = 0 if exit_.code is None else exit_.code
    except BaseException as error:  # noqa: BLE001 - every escape is a finding
        outcome.escaped = error
        outcome.frames = _last_frames(error)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous_handler)
        os.chdir(previous_folder)
        outcome.hung = guard.fired
        outcome.out, outcome.err = _text(sys.stdout), _text(sys.stderr)
        sys.stdin, sys.stdout, sys.stderr = saved
    return outcome


def temporaries(folder: Path) -> list[Path]:
    """Hidden temporary files (`.NAME.XXXX.tmp`) left anywhere under `folder`."""
    return sorted(path for path in folder.rglob(".*.tmp") if not path.is_dir())


def problems(outcome: Outcome) -> list[str]:
    """What is wrong with an outcome by the rules of issue 15 (empty when it is fine).

    An exception escaping `main` other than SystemExit(0/1/2), an exit code other than 0, 1 or 2, a
    traceback in the output, or exit code 2 without exactly one stderr line starting with `visualizer`.
    """
    found = []
    if outcome.hung:
        found.append(f"hang: no answer within the time limit (at {outcome.frames or 'a swallowed Hang'})")
        return found
    if outcome.escaped is not None:
        found.append(f"{type(outcome.escaped).__name__}: {str(outcome.escaped)[:200]} at {outcome.frames}")
        return found
    if outcome.code not in (0, 1, 2):
        found.append(f"exit code {outcome.code!r}")
    if "Traceback (most recent call last)" in outcome.out + outcome.err:
        found.append("a traceback in the output")
    if outcome.code == 2:
        lines = outcome.err.splitlines()
        if len(lines) != 1 or not lines[0].startswith("visualizer") or not outcome.err.endswith("\n"):
            found.append(f"exit 2 with stderr not one 'visualizer...' line: {outcome.err[:300]!r}")
    return found
