"""Provides `render`: a DOT file turned into SVG or PNG by Graphviz's `dot`, when it is installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from visualizer.errors import GraphvizMissing, InputError, RenderError
from visualizer.safe_files import write_chunks_atomic

__all__ = ["GRAPHVIZ_FORMATS", "render"]

GRAPHVIZ_FORMATS = ("svg", "png")
"""What Graphviz renders a DOT file to here (`render`)."""


def render(dot_path: str | Path, fmt: str) -> Path:
    """Runs `dot -Tsvg` or `dot -Tpng` on a DOT file; the image goes next to it (trace.dot -> trace.svg),
    written atomically. The path is passed absolute, so a name starting with "-" is never read as an option.

    Raises:
        InputError: `fmt` is not one of `GRAPHVIZ_FORMATS`.
        GraphvizMissing: `dot` is not installed.
        RenderError: `dot` failed (its first error line is quoted).
    """
    fmt = fmt.lower().lstrip(".")
    if fmt not in GRAPHVIZ_FORMATS:
        raise InputError(f"cannot render to {fmt!r}; choose one of {', '.join(GRAPHVIZ_FORMATS)}")
    program = shutil.which("dot")
    if program is None:
        raise GraphvizMissing(
            "Graphviz's dot is not installed; install it (e.g. `apt-get install graphviz`) "
            "to render svg/png; the .dot file was written"
        )
    dot_path = Path(dot_path)
    command = [program, f"-T{fmt}", str(dot_path.absolute())]
    try:  # the error output is read alongside, so no pipe can fill and stall
        done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, check=False)
    except OSError as error:
        reason = error.strerror or error
        raise RenderError(f"cannot run Graphviz's dot ({reason}); check the installation") from None
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        reason = lines[0] if lines else f"exit status {done.returncode}"
        raise RenderError(f"Graphviz could not render {dot_path} ({reason}); check the .dot file")
    return write_chunks_atomic(dot_path.with_suffix(f".{fmt}"), [done.stdout])
