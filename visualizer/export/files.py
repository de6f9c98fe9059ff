"""Provides `write_trace_files` and `trace_slug`: a trace saved as NAME.json, NAME.dot and images."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

from visualizer.export.dot_format import write_frames
from visualizer.export.dot_stream import dot_chunks
from visualizer.export.errors import GraphvizMissing
from visualizer.export.json_stream import json_chunks
from visualizer.export.render import check_graphviz, image_chunks
from visualizer.export.staged import StagedWrites
from visualizer.games.explicit import DEFAULT_ARRAY
from visualizer.tracing.trace import Trace

__all__ = ["trace_slug", "write_trace_files"]


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
    parts = [stem, trace.algorithm]
    if trace.depth_limit is not None:
        parts.append(f"d{trace.depth_limit}")
    if trace.strict:
        parts.append("strict")
    return re.sub(r"[^A-Za-z0-9_.-]", "_", "-".join(parts))


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
