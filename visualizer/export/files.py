"""Provides `write_trace_files`, `trace_slug` and `fresh_stem`: a trace saved as NAME.json, NAME.dot and images."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from visualizer.errors import InputError
from visualizer.export.dot_format import write_frames
from visualizer.export.dot_stream import dot_chunks
from visualizer.export.errors import GraphvizMissing
from visualizer.export.json_stream import json_chunks
from visualizer.export.render import check_graphviz, image_chunks
from visualizer.export.staged import MAX_NUMBERED, StagedWrites, numbered_names
from visualizer.games.base import Player
from visualizer.games.explicit import DEFAULT_ARRAY, DEFAULT_ROOT
from visualizer.tracing.trace import Trace

__all__ = ["EXPORT_SUFFIXES", "fresh_stem", "trace_slug", "write_trace_files"]

EXPORT_SUFFIXES = (".json", ".dot", ".svg", ".png")
"""The files an export of NAME may write (frames aside): `fresh_stem` keeps clear of all of them."""


def trace_slug(trace: Trace) -> str:
    """A readable file name for a trace: source (+ move order, + root when not the source's default) +
    algorithm (+ depth, + strict), e.g. "example15-rootmax-alphabeta-d3-strict"."""
    source = trace.source
    kind = source.get("kind", "tree")
    default_root = Player.MAX
    if kind == "array" and source.get("values") == list(DEFAULT_ARRAY):
        stem = "example15"
        default_root = DEFAULT_ROOT
    elif kind in ("array", "nested"):
        stem = f"{kind}{len(trace.nodes)}"
    elif kind == "random":
        stem = f"random-seed{source.get('seed')}"
    elif kind == "tictactoe":
        board = source["board"]
        stem = "tictactoe-" + ("empty" if set(board) == {"."} else board.replace(".", "_"))
    elif kind == "connect4":
        board = source["board"]
        shape = f"{source['rows']}x{source['cols']}" + ("" if source["connect"] == 4 else f"k{source['connect']}")
        stem = f"connect4-{shape}-" + ("empty" if set(board) == {"."} else board.replace(".", "_"))
    elif kind == "nim":
        stem = f"nim{source['pile']}"
    else:
        stem = kind
    if kind in ("tictactoe", "connect4"):
        default_eval = "win-loss" if kind == "tictactoe" else "windows"
        if source.get("eval", default_eval) != default_eval:
            stem += f"-{source['eval']}"
        if source.get("symmetry"):
            stem += "-sym"
    if source.get("order", "natural") != "natural":
        stem += f"-{source['order']}" + (f"{source['order_seed']}" if source["order"] == "random" else "")
    if trace.root_player is not default_root:
        stem += f"-root{trace.root_player.value}"
    parts = [stem, trace.algorithm]
    if trace.depth_limit is not None:
        parts.append(f"d{trace.depth_limit}")
    if trace.strict:
        parts.append("strict")
    return re.sub(r"[^A-Za-z0-9_.-]", "_", "-".join(parts))


def fresh_stem(folder: Path, name: str, suffixes: tuple[str, ...] = EXPORT_SUFFIXES) -> str:
    """NAME if no NAME.json, .dot, .svg or .png is in `folder`, else the first free NAME-2, NAME-3, ...

    For saving without replacing anything (the app's export); the CLI's `export` replaces files on purpose.
    A dangling link or a folder under one of those names counts as taken. The numbering is the one
    `write_new_file` gives screenshots.

    Raises:
        InputError: NAME and NAME-2 ... NAME-9999 are all taken.
    """
    for candidate in numbered_names(name):
        if not any(os.path.lexists(folder / f"{candidate}{suffix}") for suffix in suffixes):
            return candidate
    raise InputError(f"{folder} already holds {MAX_NUMBERED:,} exports named {name}-N; choose another folder or name")


def write_trace_files(
    trace: Trace,
    out: Path,
    name: str,
    formats: tuple[str, ...],
    *,
    frames: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> list[Path]:
    """Writes NAME.json / NAME.dot (and renders SVG/PNG from the DOT); returns the paths written.

    The files are replaced together: each is written whole to a temporary first (the images are
    rendered from the temporary DOT), and only then are they renamed into place one after another.
    So an error or an interruption before the renames (a name that cannot be exported, Graphviz
    failing, a full disk, ctrl+c, SIGTERM) leaves every old file as it was and no temporary behind.
    Frames (`frames=True`) are written one by one, each atomically, before the renames, calling
    `progress(done, total)` after each.

    Rendering needs Graphviz's `dot`; without it the JSON, the DOT and the frames are still written
    and `GraphvizMissing` is raised after everything else is on disk.

    Returns:
        The paths written: NAME.json, NAME.dot, the frames, then the images, as asked.
    """
    images = [fmt for fmt in formats if fmt in ("svg", "png")]
    missing: GraphvizMissing | None = None
    if images:
        try:
            check_graphviz()
        except GraphvizMissing as error:
            missing, images = error, []
    written: list[Path] = []
    rendered: list[Path] = []
    with StagedWrites() as group:
        if "json" in formats:
            written.append(out / f"{name}.json")
            group.stage(written[-1], json_chunks(trace))
        if "dot" in formats or images or missing:
            dot_path = out / f"{name}.dot"
            staged_dot = group.stage(dot_path, dot_chunks(trace))
            written.append(dot_path)
            for fmt in images:
                rendered.append(dot_path.with_suffix(f".{fmt}"))
                group.stage(rendered[-1], image_chunks(staged_dot, fmt, shown=dot_path))
        if frames:
            written.extend(write_frames(trace, out, name, progress=progress))
    if missing is not None:
        raise missing
    return written + rendered
