"""Provides `write_trace_files` and `trace_slug`: a trace saved as NAME.json, NAME.dot and images."""

from __future__ import annotations

import re
from pathlib import Path

from visualizer.export.dot_format import write_dot, write_frames
from visualizer.export.json_format import write_json
from visualizer.export.render import render
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


def write_trace_files(trace: Trace, out: Path, name: str, formats: tuple[str, ...], *, frames: bool = False) -> list[Path]:
    """Writes NAME.json / NAME.dot (and renders SVG/PNG from the DOT); returns the paths written.

    Rendering needs Graphviz's `dot`; without it the DOT is still written and `GraphvizMissing`
    is raised after everything else is on disk.
    """
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
