"""Provides `render`: a DOT file turned into SVG or PNG by Graphviz's `dot`, when it is installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from visualizer.errors import InputError
from visualizer.export.atomic import write_bytes_atomic
from visualizer.export.errors import GraphvizMissing, RenderError

__all__ = ["FORMATS", "render", "is_graphviz_installed"]

FORMATS = ("svg", "png")
"""The image formats `render` produces."""


def is_graphviz_installed() -> bool:
    """True when Graphviz's `dot` program is on the PATH."""
    return shutil.which("dot") is not None


def render(dot_path: str | Path, fmt: str) -> Path:
    """Runs `dot -Tsvg` or `dot -Tpng` on a DOT file; the image goes next to it (trace.dot -> trace.svg).

    Args:
        dot_path: a DOT file, e.g. from `write_dot`.
        fmt: "svg" or "png".

    Returns:
        The path of the image, written atomically.

    Raises:
        InputError: `fmt` is not one of `FORMATS`.
        GraphvizMissing: `dot` is not installed.
        RenderError: `dot` failed (its first error line is quoted).
    """
    fmt = fmt.lower().lstrip(".")
    if fmt not in FORMATS:
        raise InputError(f"cannot render to {fmt!r}; choose one of {', '.join(FORMATS)}")
    program = shutil.which("dot")
    if program is None:
        raise GraphvizMissing(
            "Graphviz's dot is not installed; install it (e.g. `apt-get install graphviz`) "
            "to render svg/png; the .dot file was written"
        )
    dot_path = Path(dot_path)
    result = subprocess.run([program, f"-T{fmt}", str(dot_path)], capture_output=True, check=False)
    if result.returncode != 0:
        lines = result.stderr.decode("utf-8", "replace").strip().splitlines()
        reason = lines[0] if lines else f"exit status {result.returncode}"
        raise RenderError(f"Graphviz could not render {dot_path} ({reason}); check the .dot file")
    return write_bytes_atomic(dot_path.with_suffix(f".{fmt}"), result.stdout)
