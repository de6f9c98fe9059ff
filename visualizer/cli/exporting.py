"""Provides the `export` command: trace files (JSON, DOT, SVG/PNG, per-step frames) and the examples."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path

from visualizer.cli.searching import trace_from_args
from visualizer.cli.sources import game_from_args
from visualizer.errors import InputError
from visualizer.export.files import trace_slug, write_trace_files
from visualizer.games import ConnectFour, Game, Nim, TicTacToe, builtin_example, from_nested
from visualizer.search import trace_search

__all__ = ["export", "examples", "FORMATS"]

FORMATS = ("json", "dot", "svg", "png")


@dataclass(frozen=True)
class Example:
    """One committed example trace: the file name, the game, the algorithm and the look-ahead."""

    name: str
    game: Game
    algorithm: str
    depth: int | None = None


def examples() -> list[Example]:
    """The committed examples of `traces/` (fresh games on every call)."""
    textbook = from_nested("[[3,12,8],[2,4,6],[14,5,2]]")
    return [
        Example("example15-minimax", builtin_example(), "minimax"),
        Example("example15-alphabeta", builtin_example(), "alphabeta"),
        Example("textbook3x3-alphabeta", textbook, "alphabeta"),
        Example("nim6-alphabeta", Nim(6), "alphabeta"),
        Example("tictactoe-midgame-alphabeta", TicTacToe("XOX/.O./..."), "alphabeta"),
        Example("tictactoe-opening-minimax-d2", TicTacToe(evaluator="open-lines", symmetry=True), "minimax", 2),
        Example("connect4-3x4k3-alphabeta-d3", ConnectFour("..../.O../XO.X", rows=3, cols=4, connect=3),
                "alphabeta", 3),
    ]


def parse_formats(text: str) -> tuple[str, ...]:
    """'json,dot,svg' to a tuple of known formats."""
    formats = tuple(part.strip().lower() for part in text.split(",") if part.strip())
    unknown = [name for name in formats if name not in FORMATS]
    if unknown or not formats:
        raise InputError(f"--format {text!r} is not a list of {', '.join(FORMATS)}; e.g. --format json,dot,svg")
    return formats


def _check_name(name: str) -> str:
    if not name or name in (".", "..") or "/" in name or "\\" in name or "\0" in name:
        raise InputError(f"--name {name!r} is not a file name; give a plain name such as my-trace")
    return name


def export(args: argparse.Namespace) -> int:
    """`visualizer export`: one search, or the committed examples (`--examples`), to files in --out."""
    out = Path(args.out)
    formats = parse_formats(args.format)
    if args.examples:
        jobs = [(example.name, trace_search(example.game, example.algorithm, depth=example.depth)) for example in examples()]
    else:
        trace = trace_from_args(game_from_args(args), args)
        jobs = [(_check_name(args.name) if args.name else trace_slug(trace), trace)]
    for name, trace in jobs:
        written = write_trace_files(trace, out, name, formats, frames=args.frames)
        shown = [str(path) for path in written[:6]]
        if len(written) > 6:
            shown.append(f"... and {len(written) - 6} more frames")
        print("wrote " + " ".join(shown))
    return 0
