"""Provides the trace file rows: the JSON file's size, `visualizer run --trace` on it (time and peak RSS), and
the whole process of a full JSON + DOT export against a process running the plain minimal minimax."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from benchmarks.exports import REPOSITORY, export_command
from benchmarks.measure import ChildRun, peak_rss
from benchmarks.report import Row

__all__ = ["FILE_TARGET_MB", "PROCESS_TARGET", "RUN_TRACE_TARGETS", "file_rows"]

FILE_TARGET_MB = 100.0
"""The most the JSON file of the full minimax trace may take on disk, in MB (10^6 bytes)."""

RUN_TRACE_TARGETS = {"seconds": 4.0, "peak_mb": 600.0}
"""`visualizer run --trace FILE` of that file: the most wall-clock time and resident memory."""

PROCESS_TARGET = 3.0
"""A full JSON + DOT export, as a whole process, over a process that runs the plain minimal minimax."""


def file_rows(
    trace_file: Path, out: Path, *, depth: int | None, repeat: int, timeout: float, progress: Callable[[str], None]
) -> list[Row]:
    """The rows of the saved trace `trace_file` (written by the export rows) and of the export process.

    Args:
        trace_file: the JSON file of the full minimax trace.
        out: a folder the export process may write into.
        depth: the look-ahead (None: to the end), as the other rows.
        repeat: best of this many runs of each process.
        timeout: seconds after which a child process is stopped.
    """
    size_mb = trace_file.stat().st_size / 1e6
    progress(f"JSON file: {size_mb:,.1f} MB")
    rows = [
        Row(
            key="file-json",
            what="JSON file of the full minimax trace",
            figures={"file_mb": size_mb},
            measured=size_mb,
            unit="MB",
            target=FILE_TARGET_MB,
        )
    ]
    env = _compiled_env()
    run = _best([sys.executable, "-m", "visualizer", "run", "--trace", str(trace_file)], repeat, timeout, env)
    progress(f"run --trace: {run.seconds:.2f} s, peak {run.peak_mb:,.1f} MB")
    figures = {"wall_s": run.seconds, "peak_mb": run.peak_mb, "file_mb": size_mb}
    rows.append(
        _checked(
            Row(
                key="run-trace-time",
                what="visualizer run --trace FILE: time",
                figures=figures,
                measured=run.seconds,
                unit="s",
                target=RUN_TRACE_TARGETS["seconds"],
            ),
            run,
        )
    )
    rows.append(
        _checked(
            Row(
                key="run-trace-rss",
                what="visualizer run --trace FILE: peak RSS",
                figures=figures,
                measured=run.peak_mb,
                unit="MB",
                target=RUN_TRACE_TARGETS["peak_mb"],
            ),
            run,
        )
    )
    export, plain = _best_in_turns(
        export_command("json,dot", out, depth=depth), _reference_command(depth), repeat, timeout, env
    )
    progress(f"export json,dot process: {export.seconds:.2f} s; plain minimax process: {plain.seconds:.2f} s")
    rows.append(
        _checked(
            Row(
                key="process-export",
                what="full JSON + DOT export, whole process / plain minimal minimax process",
                figures={"export_s": export.seconds, "export_peak_mb": export.peak_mb, "plain_s": plain.seconds},
                measured=export.seconds / plain.seconds,
                target=PROCESS_TARGET,
            ),
            export,
        )
    )
    return rows


def _reference_command(depth: int | None) -> list[str]:
    """A Python process that runs `benchmarks/reference.py`'s plain minimax from the empty board and prints it."""
    code = f"from benchmarks.reference import reference_minimax; print(reference_minimax(depth={depth!r}))"
    return [sys.executable, "-c", code]


def _compiled_env() -> dict[str, str]:
    """The environment of the process rows, after compiling `visualizer/` and `benchmarks/` once.

    The runs read the visualizer's compiled modules, as an installed package does (pip compiles them
    at install), even where PYTHONDONTWRITEBYTECODE is set: compiling its 130 or so modules afresh
    took about 0.1 s of every run. They are compiled into the usual `__pycache__` folders.
    """
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "visualizer", "benchmarks"],
        cwd=REPOSITORY,
        env=env,
        check=True,
        capture_output=True,
    )
    return env


def _best(command: list[str], repeat: int, timeout: float, env: dict[str, str]) -> ChildRun:
    """The fastest of `repeat` runs of `command` (each in a process of its own, in `env`), with its peak RSS."""
    runs = [peak_rss(command, cwd=REPOSITORY, timeout=timeout, env=env) for _ in range(repeat)]
    return min(runs, key=lambda run: run.seconds)


def _best_in_turns(
    first: list[str], second: list[str], repeat: int, timeout: float, env: dict[str, str]
) -> tuple[ChildRun, ChildRun]:
    """The fastest of `repeat` runs of each command, run in turns (first, second, first, ...), so that a change in
    the machine's speed while they run falls on both alike."""
    firsts, seconds = [], []
    for _ in range(repeat):
        firsts.append(peak_rss(first, cwd=REPOSITORY, timeout=timeout, env=env))
        seconds.append(peak_rss(second, cwd=REPOSITORY, timeout=timeout, env=env))
    return min(firsts, key=lambda run: run.seconds), min(seconds, key=lambda run: run.seconds)


def _checked(row: Row, run: ChildRun) -> Row:
    """The row, without a figure when its process failed or was stopped."""
    if run.returncode is None:
        row.note = "killed after the time-out; the figure is a lower bound"
    elif run.returncode != 0:
        last_line = (run.output.strip().splitlines() or ["no message"])[-1]
        row.measured, row.note = None, f"the process failed (exit {run.returncode}): {last_line}"
    return row
