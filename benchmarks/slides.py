"""Provides the slide rows (issue 32): the issue's mid-game position exported to every picture format as one
process, the frames it draws, its smallest text on a 1280x720 slide, and pdflatex on its beamer file."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.exports import REPOSITORY
from benchmarks.measure import peak_rss
from benchmarks.report import Row
from visualizer.games import TicTacToe
from visualizer.pictures.collapse import SLIDE_SIZE, Collapse
from visualizer.pictures.drawing import Drawing, Text
from visualizer.pictures.figure import Figure
from visualizer.search import trace_search

__all__ = ["POSITION", "SLIDE_TARGETS", "slide_rows"]

POSITION = "X.O/.X./..O"
"""The issue's mid-game tic-tac-toe position (alpha-beta: 115 nodes, 339 steps)."""

SLIDE_TARGETS = {"export_s": 20.0, "frames": 60, "text_px": 12.0, "pdflatex_s": 60.0}
"""The issue's targets: the whole export, the frames (= beamer slides), the smallest text, pdflatex."""


def slide_rows(out: Path, *, timeout: float, progress: Callable[[str], None]) -> list[Row]:
    """The slide rows, written into the folder `out`."""
    formats = "json,svg,png,pdf,gif,tex" + (",mp4" if shutil.which("ffmpeg") else "")
    command = [sys.executable, "-m", "visualizer", "export", "--game", "tictactoe", "--board", POSITION]
    run = peak_rss(
        [*command, "--format", formats, "--out", str(out), "--name", "midgame"], cwd=REPOSITORY, timeout=timeout
    )
    progress(f"mid-game export to {formats}: {run.seconds:.1f} s")
    export = Row(
        key="slides-export",
        what=f"mid-game position {POSITION}: visualizer export --format {formats}, whole process",
        figures={"peak_mb": run.peak_mb},
        measured=run.seconds if run.returncode == 0 else None,
        unit="s",
        target=SLIDE_TARGETS["export_s"],
        note="" if run.returncode == 0 else f"the export failed: {run.output.strip().splitlines()[-1:]}",
    )
    figure = Figure(trace_search(TicTacToe(POSITION), "alphabeta"), collapse=Collapse())
    drawings = [figure.still(), *figure.frames()]
    smallest = min(_text_px(drawing) for drawing in drawings)
    hidden = figure.collapsed.hidden_count if figure.collapsed is not None else 0
    rows = [
        export,
        Row(
            key="slides-frames",
            what="frames of its animation (= beamer slides), subtrees collapsed",
            figures={"steps": len(figure.trace.events), "hidden_nodes": hidden},
            measured=len(figure.frame_steps),
            unit="n",
            target=SLIDE_TARGETS["frames"],
        ),
        Row(
            key="slides-text",
            what=f"its smallest text, scaled to fit a {SLIDE_SIZE[0]}x{SLIDE_SIZE[1]} slide (still and every frame)",
            measured=smallest,
            unit="px",
            comparison=">=",
            target=SLIDE_TARGETS["text_px"],
        ),
    ]
    rows.append(_pdflatex_row(out / "midgame-slides.tex", timeout=timeout, progress=progress))
    return rows


def _text_px(drawing: Drawing) -> float:
    scale = min(SLIDE_SIZE[0] / drawing.width, SLIDE_SIZE[1] / drawing.height)
    return scale * min(item.size for item in drawing.items if isinstance(item, Text))


def _pdflatex_row(slides: Path, *, timeout: float, progress: Callable[[str], None]) -> Row:
    """pdflatex on the beamer file, timed, with the pages it made."""
    row = Row(key="slides-pdflatex", what="pdflatex on its beamer file", unit="s", target=SLIDE_TARGETS["pdflatex_s"])
    if shutil.which("pdflatex") is None:
        row.note = "pdflatex is not installed"
        return row
    if not slides.exists():
        row.note = "the export wrote no beamer file"
        return row
    start = time.perf_counter()
    done = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", slides.name],
        cwd=slides.parent,
        capture_output=True,
        timeout=timeout,
        check=False,
    )
    seconds = time.perf_counter() - start
    pages = re.search(rb"Output written on .*?\((\d+) pages?", done.stdout.replace(b"\n", b""))
    progress(f"pdflatex: {seconds:.1f} s, exit {done.returncode}")
    if done.returncode != 0 or pages is None:
        row.note = f"pdflatex failed (exit {done.returncode})"
        return row
    row.figures, row.measured = {"pages": float(pages.group(1))}, seconds
    return row
