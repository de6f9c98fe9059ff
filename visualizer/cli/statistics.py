"""Provides the `stats` command: the pruned-tree study as a table and a terminal plot, CSV, an image or JSON."""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import random
import shutil
import sys
from pathlib import Path
from typing import Any

from visualizer.analysis.figure import check_figure_path, render_figure
from visualizer.analysis.plots import draw_plotext
from visualizer.analysis.report import summary, table_cells
from visualizer.analysis.study import (
    ALPHABETA,
    DEFAULT_LEAVES,
    DEFAULT_TRIALS,
    Study,
    StudyRow,
    parse_algorithms,
    parse_depth_range,
    parse_leaves,
    parse_orders,
    run_study,
    tree_seed,
)
from visualizer.cli.progress import progress_bar
from visualizer.cli.render import text_table
from visualizer.errors import InputError
from visualizer.games.base import Player
from visualizer.games.random_tree import DEFAULT_RANGE, parse_range
from visualizer.safe_files import write_chunks_atomic, write_text_atomic
from visualizer.shown_text import escaped

__all__ = ["CSV_COLUMNS", "stats", "study_csv", "study_json", "study_text"]

CSV_COLUMNS = (
    "leaves",
    "depth",
    "branching",
    "algorithm",
    "order",
    "trials",
    "seed",
    "range",
    "root",
    "nodes_mean",
    "nodes_sd",
    "leaves_mean",
    "leaves_sd",
    "nodes_saved",
    "leaves_saved",
    "knuth_moore",
)
PLOT_WIDTH = 80
"""Columns of the terminal plot when stdout is not a terminal."""
MAX_PLOT_WIDTH = 100
PLOT_HEIGHT = 22


def stats(args: argparse.Namespace) -> int:
    """Runs the study the options describe; prints it (text or --json) and writes --csv and --plot."""
    branching = args.branching
    if args.depth_range:
        sizes = parse_depth_range(args.depth_range, branching)
    else:
        sizes = parse_leaves(args.leaves or ",".join(map(str, DEFAULT_LEAVES)), branching)
    orders = parse_orders(args.orders)
    algorithms = parse_algorithms(args.algorithms) if args.algorithms else None
    value_range = parse_range(args.range) if args.range else DEFAULT_RANGE
    trials = DEFAULT_TRIALS if args.trials is None else args.trials
    chosen_seed = args.seed is None
    seed = random.SystemRandom().randrange(1_000_000) if chosen_seed else args.seed
    image_format = _check_outputs(args)
    with progress_bar(len(sizes) * trials, "searching trees") as progress:
        study = run_study(
            sizes,
            branching=branching,
            trials=trials,
            value_range=value_range,
            seed=seed,
            orders=orders,
            root=Player.parse(args.root),
            progress=progress,
            algorithms=algorithms,
        )
    written = []
    image = render_figure(study, image_format) if image_format else None
    if args.csv:
        written.append(write_text_atomic(args.csv, study_csv(study)))
    if image is not None:
        written.append(write_chunks_atomic(args.plot, [image]))
    if args.json:
        print(json.dumps(study_json(study), indent=2))
    else:
        print(study_text(study, chosen_seed=chosen_seed), "", _terminal_plot(study), "", summary(study), sep="\n")
    for path in written:
        print(escaped(f"wrote {path}"), file=sys.stderr if args.json else sys.stdout)
    return 0


def _check_outputs(args: argparse.Namespace) -> str | None:
    """Refuses bad --csv and --plot paths before the study runs; returns the image format, if any."""
    image_format = check_figure_path(args.plot) if args.plot else None
    if args.csv and Path(args.csv).is_dir():
        example = Path(args.csv) / "study.csv"
        raise InputError(f"--csv {args.csv} is a folder; give a file name inside it, e.g. {example}")
    if args.csv and args.plot and Path(args.csv).resolve() == Path(args.plot).resolve():
        raise InputError(f"--csv and --plot are both {args.plot}; give them different files")
    outputs = {"--csv": args.csv, "--plot": args.plot}
    for option, path in ((option, Path(text)) for option, text in outputs.items() if text):
        folder = next(parent for parent in path.absolute().parents if parent.exists())  # the nearest existing one
        if not folder.is_dir():
            raise InputError(f"{option} {path}: {folder} is a file, not a folder; choose another path")
        if not os.access(folder, os.W_OK | os.X_OK):
            raise InputError(
                f"{option} {path}: cannot write to the folder {folder} (permission denied); "
                "choose a folder you can write to"
            )
    return image_format


# -- text ------------------------------------------------------------------------------------------


def rebuild_command(study: Study, leaves: int | str, seed: int | str) -> str:
    """The `visualizer run` command that rebuilds one tree of the study."""
    low, high = study.value_range
    options = "" if study.branching == 2 else f" --branching {study.branching}"
    options += "" if (low, high) == DEFAULT_RANGE else f" --range={low}:{high}"
    options += "" if study.root is Player.MAX else " --root min"
    return f"visualizer run --random --leaves {leaves}{options} --seed {seed}"


def _header(study: Study, chosen_seed: bool) -> list[str]:
    sizes = study.sizes
    low, high = study.value_range
    seed = f"seed {study.seed}"
    if chosen_seed:
        seed += f" (chosen at random; --seed {study.seed} repeats this study)"
    largest = sizes[-1].leaves
    count = f"{len(sizes)} sizes from {sizes[0].leaves} to {largest} leaves" if len(sizes) > 1 else f"{largest} leaves"
    settings = (
        f"Pruned-tree study: {count}, branching {study.branching}, {study.trials} random trees per size, "
        f"values {low}:{high}, root {study.root.value}, {seed}"
    )
    rebuild = (
        f"each tree has its own seed (all listed by --json); the first tree of {largest} leaves: "
        f"`{rebuild_command(study, largest, tree_seed(study.seed, largest, 0))}`"
    )
    if study.algorithms == (ALPHABETA,):
        searches = f"alpha-beta orders: {', '.join(study.orders)}"
    else:
        searches = f"searches: {', '.join(study.algorithms)} against minimax; orders: {', '.join(study.orders)}"
    return [settings, searches, rebuild]


def study_text(study: Study, *, chosen_seed: bool = False) -> str:
    """The header lines and the table: one row per search and size (the size on its first row)."""
    header = ("leaves", "depth", "search", "nodes (mean ± sd)", "leaves evaluated", "leaves saved", "Knuth-Moore")
    columns = ("leaves", "depth", "search", "nodes", "evaluated", "saved", "knuth-moore")
    table = [tuple(cells[key] for key in columns) for cells in table_cells(study)]
    lines = text_table(header, table, left={2})  # the search's label; numbers are right-aligned
    return "\n".join([*_header(study, chosen_seed), "", lines])


def _terminal_plot(study: Study) -> str:
    """The plotext plot: coloured and as wide as the terminal (up to 100) when stdout is one."""
    import plotext
    from plotext._figure import _figure_class  # a figure of our own: plotext's module-level one is shared state

    colour = sys.stdout.isatty()
    width = min(shutil.get_terminal_size((PLOT_WIDTH, 24)).columns, MAX_PLOT_WIDTH) if colour else PLOT_WIDTH
    figure = _figure_class()
    figure._limit_size(False, False)
    figure.plot_size(width, PLOT_HEIGHT)
    figure.theme("pro" if colour else "clear")
    draw_plotext(figure, study, colour=colour)
    canvas = figure.build()
    if not colour:
        canvas = plotext.uncolorize(canvas)
    return "\n".join(line.rstrip() for line in canvas.splitlines())


# -- CSV and JSON ----------------------------------------------------------------------------------


def _row_fields(study: Study, row: StudyRow) -> dict[str, Any]:
    return {
        "leaves": row.size.leaves,
        "depth": row.size.depth,
        "algorithm": row.algorithm,
        "order": row.order,
        "nodes_mean": row.nodes.mean,
        "nodes_sd": row.nodes.sd,
        "leaves_mean": row.leaves.mean,
        "leaves_sd": row.leaves.sd,
        "nodes_saved": row.nodes_saved,
        "leaves_saved": row.leaves_saved,
        "knuth_moore": study.knuth_moore(row.size),
    }


def study_csv(study: Study) -> str:
    """One line per size and search; fixed decimals, so the same study gives the same bytes."""
    low, high = study.value_range
    settings = {"branching": study.branching, "trials": study.trials, "seed": study.seed, "range": f"{low}:{high}"}
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, CSV_COLUMNS, lineterminator="\n")  # None is written as an empty cell
    writer.writeheader()
    for row in study.rows:
        fields = {**_row_fields(study, row), **settings, "root": study.root.value}
        for name in ("nodes_mean", "nodes_sd", "leaves_mean", "leaves_sd"):
            fields[name] = f"{fields[name]:.3f}"
        for name in ("nodes_saved", "leaves_saved"):
            fields[name] = f"{fields[name]:.4f}"
        writer.writerow(fields)
    return buffer.getvalue()


def study_json(study: Study) -> dict[str, Any]:
    """The settings and every row, with each tree's seed and counts (the seed rebuilds the tree)."""
    low, high = study.value_range
    rows = []
    for row in study.rows:
        seeds = (tree_seed(study.seed, row.size.leaves, trial) for trial in range(len(row.samples)))
        trees = [{"seed": seed, "nodes": nodes, "leaves": leaves} for seed, (nodes, leaves) in zip(seeds, row.samples)]
        rows.append({**_row_fields(study, row), "label": row.label, "trees": trees})
    return {
        "settings": {
            "sizes": [{"leaves": size.leaves, "depth": size.depth} for size in study.sizes],
            "branching": study.branching,
            "trials": study.trials,
            "range": [low, high],
            "seed": study.seed,
            "root": study.root.value,
            "orders": list(study.orders),
            "algorithms": list(study.algorithms),
        },
        "rebuild": rebuild_command(study, "LEAVES", "SEED"),
        "rows": rows,
    }
