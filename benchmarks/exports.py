"""Provides the export rows: JSON and DOT export time over the traced search's, and `visualizer export`'s peak RSS."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

from benchmarks.measure import best_of, peak_rss
from benchmarks.report import Row
from visualizer.dot.write import write_dot
from visualizer.readwrite.trace_json import write_json
from visualizer.tracing import Trace

__all__ = ["EXPORT_TARGETS", "REPOSITORY", "RSS_TARGET_MB", "export_command", "export_rows", "memory_rows"]

EXPORT_TARGETS = {"json": 1.0, "dot": 1.5}
"""The most an export may take, as a multiple of the traced search it writes."""

RSS_TARGET_MB = 300.0
"""The most resident memory `visualizer export` of the full minimax trace may use, in MiB."""

REPOSITORY = Path(__file__).resolve().parent.parent
"""The working tree (the child processes run there, so that `python -m visualizer` finds this copy)."""

_WRITERS = {"json": write_json, "dot": write_dot}


def export_rows(
    trace: Trace, traced_seconds: float, folder: Path, *, repeat: int, budget: float, progress: Callable[[str], None]
) -> list[Row]:
    """Times `write_json` and `write_dot` of `trace` into `folder` (the files stay there)."""
    rows = []
    for fmt, target in EXPORT_TARGETS.items():
        path = folder / f"trace.{fmt}"
        timing = best_of(partial(_WRITERS[fmt], trace, path), repeat=repeat, budget=budget)
        size_mb = path.stat().st_size / 1024**2
        progress(f"{fmt.upper()} export: best of {timing.runs}: {timing.seconds:.3f} s, {size_mb:,.1f} MB")
        rows.append(
            Row(
                key=f"export-{fmt}",
                what=f"{fmt.upper()} export / traced search, minimax",
                figures={"export_s": timing.seconds, "traced_search_s": traced_seconds, "file_mb": size_mb},
                measured=timing.seconds / traced_seconds,
                target=target,
            )
        )
    return rows


def export_command(fmt: str, out: Path, *, depth: int | None, board_game: bool = True) -> list[str]:
    """`python -m visualizer export` of the minimax search of the empty tic-tac-toe board to `fmt`.

    With `board_game` False the command exports the built-in 15-node example instead: the cost of
    starting Python and importing the visualizer.
    """
    command = [sys.executable, "-m", "visualizer", "export", "-a", "minimax", "--format", fmt, "--out", str(out)]
    if board_game:
        command += ["--game", "tictactoe"]
        if depth is not None:
            command += ["--depth", str(depth)]
    return command


def memory_rows(*, depth: int | None, timeout: float, progress: Callable[[str], None]) -> list[Row]:
    """Peak RSS of `visualizer export` to JSON, then to DOT, each in a child process of its own."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="benchmarks-rss-") as scratch:
        out = Path(scratch)
        baseline = peak_rss(export_command("json", out, depth=depth, board_game=False), cwd=REPOSITORY, timeout=timeout)
        progress(f"baseline export (15-node example): {baseline.peak_mb:,.1f} MB")
        for fmt in ("json", "dot"):
            run = peak_rss(export_command(fmt, out, depth=depth), cwd=REPOSITORY, timeout=timeout)
            progress(f"visualizer export --format {fmt}: peak {run.peak_mb:,.1f} MB in {run.seconds:.1f} s")
            row = Row(
                key=f"rss-{fmt}",
                what=f"peak RSS of visualizer export --format {fmt}, minimax",
                figures={"peak_mb": run.peak_mb, "baseline_mb": baseline.peak_mb, "wall_s": run.seconds},
                measured=run.peak_mb,
                unit="MB",
                target=RSS_TARGET_MB,
            )
            if run.returncode is None:
                row.note = f"killed after {timeout:.0f} s; the peak is a lower bound"
            elif run.returncode != 0:
                last_line = (run.output.strip().splitlines() or ["no message"])[-1]
                row.measured, row.note = None, f"the export failed (exit {run.returncode}): {last_line}"
            rows.append(row)
    return rows
