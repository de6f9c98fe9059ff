"""Provides the `export` command: trace files (JSON, DOT, SVG/PNG, per-step frames) and the examples."""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path

from visualizer.cli.searching import trace_from_args
from visualizer.cli.sources import game_from_args
from visualizer.errors import InputError
from visualizer.games import DEFAULT_ARRAY, Game, Nim, TicTacToe, builtin_example, from_nested
from visualizer.search import trace_search
from visualizer.tracing import Trace

__all__ = ["export", "write_trace_files", "trace_slug", "examples", "FORMATS"]

FORMATS = ("json", "dot", "svg", "png")


@dataclass(frozen=True)
class Example:
    """One committed example trace: the file name, the game and the algorithm."""

    name: str
    game: Game
    algorithm: str


def examples() -> list[Example]:
    """The committed examples of `traces/` (fresh games on every call)."""
    textbook = from_nested("[[3,12,8],[2,4,6],[14,5,2]]")
    return [
        Example("example15-minimax", builtin_example(), "minimax"),
        Example("example15-alphabeta", builtin_example(), "alphabeta"),
        Example("textbook3x3-alphabeta", textbook, "alphabeta"),
        Example("nim6-alphabeta", Nim(6), "alphabeta"),
        Example("tictactoe-midgame-alphabeta", TicTacToe("XOX/.O./..."), "alphabeta"),
    ]


def trace_slug(trace: Trace) -> str:
    """A readable file name for a trace: source + algorithm (+ depth, + strict)."""
    source = trace.source
    kind = source.get("kind", "tree")
    if kind == "array" and source.get("values") == list(DEFAULT_ARRAY):
        stem = "example15"
    elif kind in ("array", "nested"):
        stem = f"{kind}{len(trace.nodes)}"
    elif kind == "random":
        stem = f"random-seed{source.get('seed')}"
    elif kind == "tictactoe":
        board = source["board"]
        stem = "tictactoe-" + ("empty" if set(board) == {"."} else board.replace(".", "_"))
    elif kind == "nim":
        stem = f"nim{source['pile']}"
    else:
        stem = kind
    parts = [stem, trace.algorithm]
    if trace.depth_limit is not None:
        parts.append(f"d{trace.depth_limit}")
    if trace.strict:
        parts.append("strict")
    return re.sub(r"[^A-Za-z0-9_.-]", "_", "-".join(parts))


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


def write_trace_files(trace: Trace, out: Path, name: str, formats: tuple[str, ...], *, frames: bool = False) -> list[Path]:
    """Writes NAME.json / NAME.dot (and renders SVG/PNG from the DOT); returns the paths written.

    Rendering needs Graphviz's `dot`; without it the DOT is still written and `GraphvizMissing`
    is raised after everything else is on disk.
    """
    from visualizer.export import render, write_dot, write_frames, write_json

    written: list[Path] = []
    if "json" in formats:
        written.append(write_json(trace, out / f"{name}.json"))
    images = [fmt for fmt in formats if fmt in ("svg", "png")]
    if "dot" in formats or images:
        dot_path = write_dot(trace, out / f"{name}.dot")
        written.append(dot_path)
    if frames:
        written.extend(write_frames(trace, out, name))
    for fmt in images:
        written.append(render(dot_path, fmt))
    return written


def export(args: argparse.Namespace) -> int:
    """`visualizer export`: one search, or the committed examples (`--examples`), to files in --out."""
    out = Path(args.out)
    formats = parse_formats(args.format)
    if args.examples:
        jobs = [(example.name, trace_search(example.game, example.algorithm)) for example in examples()]
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
