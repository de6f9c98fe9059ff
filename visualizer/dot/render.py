"""Provides `render`: a DOT file turned into SVG or PNG by Graphviz's `dot`, when it is installed."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from visualizer.errors import GraphvizMissing, InputError, RenderError
from visualizer.safe_files import write_chunks_atomic

__all__ = ["GRAPHVIZ_FORMATS", "image_chunks", "render"]

GRAPHVIZ_FORMATS = ("svg", "png")
"""What Graphviz renders a DOT file to here (`render`)."""

_READ_BLOCK = 1 << 16


def _check_format(fmt: str) -> str:
    fmt = fmt.lower().lstrip(".")
    if fmt not in GRAPHVIZ_FORMATS:
        raise InputError(f"cannot render to {fmt!r}; choose one of {', '.join(GRAPHVIZ_FORMATS)}")
    return fmt


def image_chunks(dot_path: str | Path, fmt: str, *, shown: str | Path | None = None) -> Iterator[bytes]:
    """The image `dot -Tsvg` or `dot -Tpng` makes of a DOT file, in pieces; closing them early stops `dot`.

    The path is passed absolute, so a name starting with "-" is never read as an option. `shown` is
    the file's name in error messages (`dot_path` unless given).

    Raises:
        InputError: `fmt` is not one of `GRAPHVIZ_FORMATS`.
        GraphvizMissing: `dot` is not installed.
        RenderError: `dot` failed (its first error line is quoted), raised while reading the pieces.
    """
    fmt = _check_format(fmt)
    program = shutil.which("dot")
    if program is None:
        raise GraphvizMissing(
            "Graphviz's dot is not installed; install it (e.g. `apt-get install graphviz`) "
            "to render svg/png; the .dot file was written"
        )
    command = [program, f"-T{fmt}", str(Path(dot_path).absolute())]
    return _run(command, Path(shown if shown is not None else dot_path))


def _run(command: list[str], shown: Path) -> Iterator[bytes]:
    """Runs `dot`, yielding its output; its error output goes to a file, so no pipe can fill and stall."""
    with tempfile.TemporaryFile() as errors:
        try:
            process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=errors)
        except OSError as error:
            reason = error.strerror or error
            raise RenderError(f"cannot run Graphviz's dot ({reason}); check the installation") from None
        output = process.stdout
        assert output is not None  # stdout=PIPE
        try:
            while block := output.read(_READ_BLOCK):
                yield block
            returncode = process.wait()
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            output.close()
        if returncode != 0:
            errors.seek(0)
            lines = errors.read().decode("utf-8", "replace").strip().splitlines()
            reason = lines[0] if lines else f"exit status {returncode}"
            raise RenderError(f"Graphviz could not render {shown} ({reason}); check the .dot file")


def render(dot_path: str | Path, fmt: str) -> Path:
    """Runs `dot -Tsvg` or `dot -Tpng` on a DOT file; the image goes next to it (trace.dot -> trace.svg),
    written atomically. Raises as `image_chunks`."""
    dot_path = Path(dot_path)
    chunks = image_chunks(dot_path, fmt)
    return write_chunks_atomic(dot_path.with_suffix(f".{_check_format(fmt)}"), chunks)
