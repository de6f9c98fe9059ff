"""Provides `progress_bar`, `status_line` and `node_counter`: a transient bar or line on stderr for long work,
shown only when stderr is a terminal."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

__all__ = ["node_counter", "progress_bar", "status_line"]


@contextmanager
def progress_bar(total: int, label: str) -> Iterator[Callable[[int, int], None] | None]:
    """Yields `report(done, total)`, which moves a bar (removed at the end); None when stderr is no terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda done, total: bar.update(task, completed=done, total=total)


@contextmanager
def status_line(text: str) -> Iterator[None]:
    """Shows `text` (cut to the terminal's width) on stderr while the work inside runs, and erases it after."""
    if not sys.stderr.isatty():
        yield
        return
    width = max(shutil.get_terminal_size().columns - 1, 10)
    sys.stderr.write(text if len(text) <= width else text[: width - 3] + "...")
    sys.stderr.flush()
    try:
        yield
    finally:
        sys.stderr.write("\r\033[K")
        sys.stderr.flush()


@contextmanager
def node_counter() -> Iterator[Callable[[int], None] | None]:
    """Yields `report(nodes)`, a count of the nodes a long search has entered (erased at the end); None when
    stderr is no terminal."""
    with status_line(""):
        yield _report_nodes if sys.stderr.isatty() else None


def _report_nodes(nodes: int) -> None:
    sys.stderr.write(f"\rsearching: {nodes:,} nodes entered...")
    sys.stderr.flush()
