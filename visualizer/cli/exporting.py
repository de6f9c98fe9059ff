"""Provides the `export` command: trace files (JSON, DOT, SVG/PNG, per-step frames) and the examples."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from visualizer.cli.progress import progress_bar, status_line
from visualizer.cli.sources import game_from_args, source_kind, trace_from_args, trace_from_file
from visualizer.errors import InputError
from visualizer.export.files import trace_slug, write_trace_files
from visualizer.export.formats import EXPORT_FORMATS, PictureOptions
from visualizer.games import ConnectFour, Game, Nim, TicTacToe, builtin_example, from_nested
from visualizer.lists import split_list
from visualizer.pictures.collapse import Collapse
from visualizer.pictures.figure import Figure
from visualizer.pictures.themes import find_theme
from visualizer.safe_files import StagedWrites, check_output_folder
from visualizer.search import trace_search
from visualizer.shown_text import escaped
from visualizer.tracing import Trace

__all__ = ["check_name", "example_traces", "export", "picture_options"]

MAX_DPI = 1200
"""The finest `--dpi`: a 15-node tree at 1200 dpi is already 12,000 pixels wide."""

MAX_FPS = 50

MAX_NAME_BYTES = 200
"""A file name's stem, so that NAME-0001.json still fits the usual 255-byte limit."""

_KEPT_WITH_EXAMPLES = frozenset(
    ("command", "examples", "out", "format", "frames", "max_frames", "max_image_nodes", "theme", "dpi", "fps")
    + ("max_nodes", "json", "draw_levels", "whole_tree", "max_trace_bytes")
)
"""The options `--examples` (the committed set, each with its own search) uses; the others describe one search."""


def example_traces() -> list[tuple[str, Trace]]:
    """The committed examples of `traces/`, each searched afresh: (file name, trace)."""
    searches: list[tuple[str, Game, str, int | None]] = [
        ("example15-minimax", builtin_example(), "minimax", None),
        ("example15-alphabeta", builtin_example(), "alphabeta", None),
        ("textbook3x3-alphabeta", from_nested("[[3,12,8],[2,4,6],[14,5,2]]"), "alphabeta", None),
        ("nim6-alphabeta", Nim(6), "alphabeta", None),
        ("tictactoe-midgame-alphabeta", TicTacToe("XOX/.O./..."), "alphabeta", None),
        ("tictactoe-opening-minimax-d2", TicTacToe(evaluator="open-lines", symmetry=True), "minimax", 2),
        ("connect4-3x4k3-alphabeta-d3", ConnectFour("..../.O../XO.X", rows=3, cols=4, connect=3), "alphabeta", 3),
    ]
    return [(name, trace_search(game, algorithm, depth=depth)) for name, game, algorithm, depth in searches]


def parse_formats(text: str) -> tuple[str, ...]:
    """'json,dot,svg' to a tuple of known formats."""
    formats = tuple(dict.fromkeys(part.lower() for part in split_list(text, "--format", "json,dot,svg")))
    unknown = [name for name in formats if name not in EXPORT_FORMATS]
    if unknown:
        raise InputError(f"--format {text!r} is not a list of {', '.join(EXPORT_FORMATS)}; e.g. --format json,dot,svg")
    return formats


def picture_options(args: argparse.Namespace) -> PictureOptions:
    """--theme, --dpi, --fps and what of a big tree to draw (--draw-levels, --expand, --whole-tree), checked."""
    theme = find_theme(args.theme).name
    if args.dpi is not None and not 0 < args.dpi <= MAX_DPI:
        raise InputError(f"--dpi {args.dpi:g} is out of range; give a resolution from 1 to {MAX_DPI}, e.g. --dpi 150")
    if not 0.1 <= args.fps <= MAX_FPS:
        raise InputError(
            f"--fps {args.fps:g} is out of range; give steps per second from 0.1 to {MAX_FPS}, e.g. --fps 2"
        )
    expand = tuple(split_list(args.expand, "--expand", "X6,X6.O4")) if getattr(args, "expand", None) else ()
    levels, whole = getattr(args, "draw_levels", None), getattr(args, "whole_tree", False)
    collapse = Collapse(levels, expand, whole).checked()  # before any search
    if whole and (levels is not None or expand):
        raise InputError("--whole-tree draws every node; drop --draw-levels and --expand, or drop --whole-tree")
    return PictureOptions(theme=theme, dpi=args.dpi, fps=args.fps, collapse=collapse)


def check_name(name: str) -> str:
    """`--name`: a plain file name, short enough for NAME-0001.json (raises InputError otherwise)."""
    if not name or name in (".", "..") or "/" in name or "\\" in name or "\0" in name:
        raise InputError(f"--name {name!r} is not a file name; give a plain name such as my-trace")
    if len(name.encode("utf-8")) > MAX_NAME_BYTES:
        raise InputError(
            f"--name is {len(name.encode('utf-8'))} bytes long; file names allow {MAX_NAME_BYTES}, give a shorter one"
        )
    return name


def _check_examples(args: argparse.Namespace) -> None:
    """`--examples` writes the committed set: an option describing one search would be ignored, so it is refused."""
    given = [
        name
        for name, value in vars(args).items()
        if name not in _KEPT_WITH_EXAMPLES and value is not None and value is not False  # (--depth 0 is given)
    ]
    if given:
        flags = ", ".join("TREE" if name == "tree" else "--" + name.replace("_", "-") for name in given)
        raise InputError(f"--examples writes the committed examples, each with its own search; drop {flags}")


def check_limits(trace: Trace, formats: tuple[str, ...], args: argparse.Namespace) -> None:
    """Refuses exports that would take minutes or fill a disk, naming the option that allows them."""
    if args.max_frames < 0 or args.max_image_nodes < 0:
        raise InputError("--max-frames and --max-image-nodes must be 0 or more")
    steps = len(trace.events)
    animations = [fmt for fmt in formats if EXPORT_FORMATS[fmt].per_step]
    if (args.frames or animations) and steps > args.max_frames and not (args.frames and "dot" in formats):
        steps = len(Figure(trace, collapse=picture_options(args).collapse).frame_steps)  # a collapsed tree has fewer
    if (args.frames or animations) and steps > args.max_frames:
        what = (
            f"--frames would write {steps:,} files"
            if args.frames
            else f"--format {animations[0]} would draw {steps:,} frames"
        )
        raise InputError(
            what + f", one per step; search less (--depth N, or a smaller tree) or allow them with --max-frames {steps}"
        )
    pictures = [fmt for fmt in formats if EXPORT_FORMATS[fmt].kind != "trace"]
    if pictures and len(trace.nodes) > args.max_image_nodes:
        raise InputError(
            f"--format {pictures[0]} would draw {len(trace.nodes):,} nodes, too many to read or paint quickly; "
            f"search less (--depth N), export json,dot only, or allow it with --max-image-nodes {len(trace.nodes)}"
        )


def export(args: argparse.Namespace) -> int:
    """`visualizer export`: one search, or the committed examples (`--examples`), to files in --out."""
    out = Path(args.out)
    formats = parse_formats(args.format)
    options = picture_options(args)
    framed = [fmt for fmt in formats if fmt == "dot" or EXPORT_FORMATS[fmt].paint is not None]
    if args.frames and not framed:
        raise InputError(
            f"--frames draws each step as dot, svg, png or pdf, and --format {args.format} has none; "
            "add one, e.g. --format json,svg"
        )
    check_output_folder(out)  # a file in the way, a link to a missing folder: refused before any search
    if args.examples:
        _check_examples(args)
        jobs = example_traces()
    else:
        name = check_name(args.name) if args.name is not None else None
        source_kind(args)  # conflicting sources are refused before any search
        trace = trace_from_file(args) or trace_from_args(game_from_args(args), args)
        jobs = [(name or trace_slug(trace), trace)]
    for _, trace in jobs:
        check_limits(trace, formats, args)
    notices: list[tuple[str, str]] = []
    lines: list[str] = []
    with StagedWrites() as group:  # every search's files together: all or none
        for name, trace in jobs:
            per_step = args.frames or any(EXPORT_FORMATS[fmt].per_step for fmt in formats)
            files = ", ".join(f"{name}{EXPORT_FORMATS[fmt].suffix}" for fmt in EXPORT_FORMATS if fmt in formats)
            working = (
                progress_bar(len(trace.events), "drawing steps") if per_step else status_line(f"writing {files}...")
            )
            told: list[str] = []
            with working as progress:
                written = write_trace_files(
                    trace,
                    out,
                    name,
                    formats,
                    frames=args.frames,
                    progress=progress,
                    options=options,
                    notice=told.append,
                    group=group,
                )
            notices += [(name, line) for line in told]
            shown = [escaped(str(path)) for path in written[:6]]
            if len(written) > 6:
                shown.append(f"... and {len(written) - 6} more files")
            lines.append("wrote " + " ".join(shown))
    for line in lines:
        print(line)
    for name, line in notices:
        print(f"{name}: {line}", file=sys.stderr)
    return 0
