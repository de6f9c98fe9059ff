"""Provides `compare`: one tree searched several ways, with visit orders aligned and the differences named."""

from __future__ import annotations

import argparse
import itertools
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

from visualizer.analysis.compare import ALIGN_LIMIT, Comparison, Run
from visualizer.cli.command_options import DEFAULT_MAX_IMAGE_NODES
from visualizer.cli.exporting import check_name
from visualizer.cli.render import MAX_LISTED, text_table
from visualizer.cli.sources import game_from_args, options_from_args, source_kind, trace_from_args
from visualizer.errors import InputError
from visualizer.export.files import trace_slug
from visualizer.games import parse_order, with_order
from visualizer.games.base import format_value
from visualizer.games.ordering import OrderedGame
from visualizer.lists import split_list
from visualizer.pictures.figure import Figure
from visualizer.pictures.page import to_compare_html
from visualizer.pictures.themes import find_theme
from visualizer.safe_files import StagedWrites, check_output_folder
from visualizer.search.registry import parse_configuration
from visualizer.shown_text import escaped

__all__ = ["compare", "runs_from_args", "comparison_text", "comparison_json", "write_page"]

MAX_DIFFERENCES = 30
"""Longer set differences are counted and cut short in text output."""
SHORT_NAMES = 4
"""Visit orders are drawn across the page when every name is this short and the searches visit the
nodes they share in the same sequence; otherwise each node gets a line with its visit numbers."""


def _cuts(args: argparse.Namespace) -> list[bool]:
    """The cut rules to compare, as `strict` flags: --cuts equal,strict or --strict."""
    if args.cuts is None:
        return [bool(args.strict)]
    if args.strict:
        raise InputError("--strict and --cuts both set the cut rule; use --cuts equal,strict to compare them")
    cuts = split_list(args.cuts.lower(), "--cuts", "equal,strict")
    unknown = [cut for cut in cuts if cut not in ("equal", "strict")]
    if unknown:
        raise InputError(f"--cuts has {unknown[0]!r}; use equal, strict or equal,strict")
    return [cut == "strict" for cut in cuts]


def runs_from_args(args: argparse.Namespace) -> list[Run]:
    """Every combination of --algorithms, --order (a list here) and --cuts, searched on one tree."""
    if source_kind(args)[0] == "trace":
        raise InputError("compare searches the tree again; give a tree source instead of --trace")
    configurations = list(map(parse_configuration, split_list(args.algorithms, "--algorithms", "minimax,alphabeta")))
    orders = [parse_order(text) for text in split_list(args.order or "natural", "--order", "natural,best")]
    cuts = _cuts(args)
    base = game_from_args(argparse.Namespace(**{**vars(args), "order": None}))  # the orders are applied below
    games = []
    for order, seed in orders:
        game = with_order(base, order, seed)
        games.append((f"random:{game.seed}" if isinstance(game, OrderedGame) and order == "random" else order, game))
    common = options_from_args(args)
    combinations: dict[tuple[str, str, bool], Any] = {}
    for configuration, (order, game), strict in itertools.product(configurations, games, cuts):
        algorithm, options = configuration.algorithm, {**common, **configuration.options}
        algorithm.settings(options)  # an option it does not take is refused before any search runs
        combinations.setdefault(
            (configuration.label, order, strict and algorithm.accepts_strict), (algorithm, options, game)
        )
    if len(combinations) < 2:
        raise InputError(
            "that is only one search; compare two or more, e.g. --algorithms minimax,alphabeta, "
            "--algorithms alphabeta,alphabeta+tt, --order natural,best or --cuts equal,strict"
        )
    varies = [len({key[part] for key in combinations}) > 1 for part in range(3)]
    runs = []
    for (label, order, strict), (algorithm, options, game) in combinations.items():
        parts = [label, order if varies[1] else "", "strict" if varies[2] and strict else ""]
        trace = trace_from_args(game, args, algorithm=algorithm.name, strict=strict, options=options)
        runs.append(Run(" ".join(part for part in parts if part), order, trace))
    return runs


def _shown(names: list[str]) -> str:
    if not names:
        return "none"
    if len(names) > MAX_DIFFERENCES:
        return f"{len(names):,} nodes: " + ", ".join(names[:MAX_DIFFERENCES]) + ", ... (--json lists them all)"
    return ", ".join(names)


def _across(comparison: Comparison, width: int) -> list[str]:
    """The aligned visit orders across the page under their heading, one line per search, wrapped in blocks."""
    rows = [(escaped(name), steps) for name, steps in comparison.aligned()]  # measured as shown
    labels = [run.label for run in comparison.runs]
    label_width = max(map(len, labels))
    cells = [[name if steps[index] is not None else "·" for name, steps in rows] for index in range(len(labels))]
    column = max(len(name) for name, _ in rows)
    per_line = max(1, (width - label_width - 2) // (column + 1))
    lines = ["visit order (· where a search skips a node):"]
    for start in range(0, len(rows), per_line):
        if start:
            lines.append("")
        for label, line in zip(labels, cells):
            text = " ".join(cell.ljust(column) for cell in line[start : start + per_line])
            lines.append(f"  {label.ljust(label_width)}  {text}".rstrip())
    return lines


def _down(comparison: Comparison) -> list[str]:
    """Under a heading, one line per node with each search's visit numbers, '·' where it skips the node."""
    rows = comparison.by_node()
    table = [[name, *(", ".join(map(str, steps)) or "·" for steps in row)] for name, row in rows[:MAX_LISTED]]
    lines = text_table(["node", *(run.label for run in comparison.runs)], table).splitlines()
    if len(rows) > MAX_LISTED:
        lines.append(f"... {len(rows) - MAX_LISTED:,} more nodes (--json has them all)")
    return ["visit number of each node (· where a search skips it):", *("  " + line for line in lines)]


def comparison_text(comparison: Comparison, *, width: int = 100) -> str:
    """The comparison as people read it: header, aligned visit orders, counts, agreement, differences."""
    first = comparison.runs[0].trace
    depth = "full depth" if first.depth_limit is None else f"depth {first.depth_limit}"
    lines = [f"{first.description} | root {first.root_player.value.upper()} | {depth}", ""]
    if comparison.is_alignable:
        columns = comparison.columns
        across = len(set(columns)) == len(columns) and all(len(escaped(name)) <= SHORT_NAMES for name in columns)
        lines.extend(_across(comparison, width) if across else _down(comparison))
    else:
        lines.append(f"visit orders: too long to align here (over {ALIGN_LIMIT:,} nodes); --json lists them")
    lines.append("")
    header = ["search", "value", "best move", "nodes visited", "leaves evaluated", "cut-offs"]
    table = [
        [run.label, format_value(run.value), format_value(run.trace.summary.best_move)]
        + [f"{count:,}" for count in (run.nodes_visited, run.leaves_evaluated, run.cutoffs)]
        for run in comparison.runs
    ]
    lines.extend(text_table(header, table).splitlines())
    several = [run for run in comparison.runs if run.passes > 1]
    if several:
        which = ", ".join(f"{run.label} ({run.passes} passes)" for run in several)
        lines.append(
            f"counts of a search of several passes are totals over all its passes: {which}; "
            "the visit order above is its last pass"
        )
    lines.append("")
    lines.extend(_agreement(comparison))
    for first_index, second_index, names in comparison.differences():
        first_label, second_label = comparison.runs[first_index].label, comparison.runs[second_index].label
        who = f"{first_label} only" if len(comparison.runs) == 2 else f"{first_label}, not {second_label}"
        lines.append(f"visited by {who}: {_shown(names)}")
    return "\n".join(map(escaped, lines))  # each line made as one: a name's line break is shown as "\\n"


def _agreement(comparison: Comparison) -> list[str]:
    """ "values agree: 2", or "VALUES DIFFER: ...", then a line per run whose value is not expected to agree."""
    exact = comparison.exact_runs
    if not exact:
        verdict = "values: none of these searches gives an exact value to check"
    elif comparison.values_agree:
        which = f" ({', '.join(run.label for run in exact)})" if len(exact) < len(comparison.runs) else ""
        verdict = f"values agree: {format_value(exact[0].value)}{which}"
    else:
        values = ", ".join(f"{run.label} {format_value(run.value)}" for run in exact)
        verdict = f"VALUES DIFFER: {values} (this is a bug; please report it)"
    aside = [run for run in comparison.runs if run.set_aside is not None]
    return [verdict, *(f"not compared: {run.label} = {format_value(run.value)} is {run.set_aside}" for run in aside)]


def comparison_json(comparison: Comparison) -> dict[str, Any]:
    """The comparison as one JSON-able object (every list in full)."""
    first = comparison.runs[0].trace
    labels = [run.label for run in comparison.runs]
    result: dict[str, Any] = {
        "description": first.description,
        "source": first.source,
        "root_player": first.root_player.value,
        "depth_limit": first.depth_limit,
        "runs": [
            {
                "label": run.label,
                "algorithm": run.trace.algorithm,
                "order": run.order,
                "strict": run.trace.strict,
                "value": run.value,
                "best_move": run.trace.summary.best_move,
                "nodes_visited": run.nodes_visited,
                "leaves_evaluated": run.leaves_evaluated,
                "cutoffs": run.cutoffs,
                "passes": run.passes,
                "compared": run.set_aside is None,
                "not_compared_because": run.set_aside,
                "visit_order": run.visit_order,
            }
            for run in comparison.runs
        ],
        "values_agree": comparison.values_agree,
        "only": [
            {"visited_by": labels[first_index], "not_by": labels[second_index], "nodes": names}
            for first_index, second_index, names in comparison.differences()
        ],
    }
    if comparison.is_alignable:
        result["aligned"] = [{"node": name, "steps": steps} for name, steps in comparison.aligned()]
    return result


def _page_checks(args: argparse.Namespace) -> None:
    """`--format html`'s options, checked before any search."""
    if args.format is None:
        return
    find_theme(args.theme)
    if args.name is not None:
        check_name(args.name)
    if args.max_frames < 0:
        raise InputError("--max-frames must be 0 or more")
    check_output_folder(Path(args.out))


def write_page(comparison: Comparison, args: argparse.Namespace) -> Path:
    """`--format html`: the page of the two searches side by side, in lockstep, written to --out; its path."""
    runs = comparison.runs
    if len(runs) != 2:
        raise InputError(
            f"--format html shows two searches side by side, and this compares {len(runs)}; give two, "
            "e.g. --algorithms minimax,alphabeta"
        )
    steps = max(len(run.trace.events) for run in runs)
    if steps > args.max_frames:
        raise InputError(
            f"--format html would draw {steps:,} frames, one per step; search less (--depth N, or a smaller tree) "
            f"or allow them with --max-frames {steps}"
        )
    nodes = max(len(run.trace.nodes) for run in runs)
    if nodes > DEFAULT_MAX_IMAGE_NODES:
        raise InputError(
            f"--format html would draw {nodes:,} nodes, too many to read or paint quickly; search less (--depth N)"
        )
    labels = [run.label for run in runs]
    name = args.name or f"{trace_slug(runs[0].trace)}-vs-{re.sub(r'[^A-Za-z0-9_.-]', '_', labels[1])}"
    figures = [Figure(run.trace, theme=args.theme) for run in runs]
    path = Path(args.out) / f"{name}.html"
    with StagedWrites() as group:
        group.stage(path, [to_compare_html(figures, labels)])
    return path


def compare(args: argparse.Namespace) -> int:
    """Searches the tree every way asked and prints the comparison (exit 1 if the values differ); with
    `--format html`, also writes the page of the two searches."""
    _page_checks(args)
    comparison = Comparison(runs_from_args(args))
    if args.format is not None:
        print(f"wrote {escaped(str(write_page(comparison, args)))}", file=sys.stderr)
    if args.json:
        print(json.dumps(comparison_json(comparison), indent=2, default=str))
    else:
        width = shutil.get_terminal_size((100, 24)).columns if sys.stdout.isatty() else 100
        print(comparison_text(comparison, width=width))
    return 0 if comparison.values_agree else 1
