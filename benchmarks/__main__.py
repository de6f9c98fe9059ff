"""Provides `python -m benchmarks`: measures speed and memory in one run and prints a table of ratios."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.app_timing import app_rows
from benchmarks.beyond import beyond_rows
from benchmarks.class_grading import class_rows
from benchmarks.exports import export_rows, memory_rows
from benchmarks.html_page import html_rows
from benchmarks.jumps import jump_rows
from benchmarks.measure import machine_facts
from benchmarks.report import Row, format_facts, format_table
from benchmarks.searches import AgreementError, SearchSettings, check_agreement, search_rows
from benchmarks.slides import slide_rows
from benchmarks.trace_files import file_rows

QUICK_DEPTH = 4
"""`--quick`: look this many plies ahead from the empty board (3,610 minimax nodes)."""

BOARD = "." * 9
"""Every search starts from the empty tic-tac-toe board."""

TIMING_BUDGET = 20.0
"""Seconds after which a repeated timing starts no further run."""

CHILD_TIMEOUT = 1800.0
"""Seconds after which a child process (an export for RSS, the app) is stopped."""


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The options, checked; `--quick` becomes a depth and the number of app steps is filled in."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Measures the visualizer's speed and memory on tic-tac-toe in one run and prints ratios "
        "against their targets. The default is the full tree from the empty board.",
    )
    parser.add_argument(
        "--quick", action="store_true", help=f"a depth-limited search ({QUICK_DEPTH} plies) that finishes in seconds"
    )
    parser.add_argument("--depth", type=int, metavar="N", help="look N plies ahead (default: to the end)")
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        metavar="K",
        help=f"best of K runs for each timing (quick searches: more); no new run after {TIMING_BUDGET:.0f} s (3)",
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the facts and rows as JSON")
    parser.add_argument("--skip-app", action="store_true", help="leave out the app rows (Textual Pilot)")
    parser.add_argument("--steps", type=int, metavar="N", help="app steps to time (100; --quick: 30)")
    args = parser.parse_args(argv)
    if args.depth is not None and args.depth < 0:
        parser.error("--depth must be 0 or more")
    if args.repeat < 1:
        parser.error("--repeat must be 1 or more")
    if args.depth is None and args.quick:
        args.depth = QUICK_DEPTH
    if args.steps is None:
        args.steps = 30 if args.quick else 100
    return args


def _progress_printer() -> Callable[[str], None]:
    """A function that prints one progress line to stderr, with the seconds since the start."""
    start = time.perf_counter()

    def progress(message: str) -> None:
        print(f"[{time.perf_counter() - start:7.1f} s] {message}", file=sys.stderr, flush=True)

    return progress


def run(args: argparse.Namespace, progress: Callable[[str], None]) -> dict[str, Any]:
    """Every measurement; returns the facts, the settings, the node-count agreement and the rows."""
    settings = SearchSettings(BOARD, args.depth, args.repeat, TIMING_BUDGET, progress)
    agreements = check_agreement(settings)
    tracing, throughput, trace, traced_seconds = search_rows(settings, agreements)
    rows: list[Row] = list(tracing)
    with tempfile.TemporaryDirectory(prefix="benchmarks-") as scratch:
        folder = Path(scratch)
        rows += export_rows(trace, traced_seconds, folder, repeat=args.repeat, budget=TIMING_BUDGET, progress=progress)
        rows += jump_rows(trace, progress=progress)
        del trace  # the child processes below should not share the machine with it
        rows += throughput
        rows += beyond_rows(settings)
        rows += memory_rows(depth=args.depth, timeout=CHILD_TIMEOUT, progress=progress)
        rows += file_rows(
            folder / "trace.json",
            folder / "exported",
            depth=args.depth,
            repeat=args.repeat,
            timeout=CHILD_TIMEOUT,
            progress=progress,
        )
        if not args.quick:  # a minute of pictures and pdflatex, whatever the depth, and two minutes of grading
            rows += slide_rows(folder / "slides", timeout=CHILD_TIMEOUT, progress=progress)
            progress("grading a class of 30, in parallel and one at a time")
            rows += class_rows(folder / "class")
            progress("HTML pages: steps timed in headless Chromium")
            rows += html_rows(folder / "pages")
        if not args.skip_app:
            rows += app_rows(folder / "trace.json", steps=args.steps, timeout=CHILD_TIMEOUT, progress=progress)
    return {
        "settings": {"board": BOARD, "depth": args.depth, "quick": args.quick, "repeat": args.repeat},
        "agreement": {algorithm: agreement.to_dict() for algorithm, agreement in agreements.items()},
        "rows": [row.to_dict() for row in rows],
        "table": format_table(rows),
    }


def _agreement_text(agreement: dict[str, Any]) -> str:
    """One line per algorithm: the nodes and the value on each side."""
    lines = []
    for algorithm, sides in agreement.items():
        engine, peer = sides["engine"], sides["peer"]
        peer_text = "easyAI not installed" if peer is None else f"easyAI {peer['nodes']:,} nodes, value {peer['value']}"
        engine_text = f"engine and reference {engine['nodes']:,} nodes, value {engine['value']}"
        lines.append(f"{algorithm}: {engine_text}; {peer_text}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Prints the machine facts, runs every measurement, prints the table; 1 if the searches disagree."""
    args = parse_args(argv)
    progress = _progress_printer()
    facts = machine_facts()
    depth_text = "to the end" if args.depth is None else f"{args.depth} plies ahead"
    print(format_facts(facts))
    print(f"position: the empty tic-tac-toe board, {depth_text}; best of {args.repeat}\n", flush=True)
    try:
        report = run(args, progress)
    except AgreementError as error:
        print(f"benchmarks: the reference search disagrees with the engine: {error}", file=sys.stderr)
        return 1
    print(report["table"])
    print()
    print(_agreement_text(report["agreement"]))
    if args.json is not None:
        args.json.write_text(json.dumps({"facts": facts, **report}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
