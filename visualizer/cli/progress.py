"""Provides `progress_bar`: a transient bar on stderr for long work, shown only when stderr is a terminal."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Callable, Iterator

__all__ = ["progress_bar"]


@contextmanager
def progress_bar(total: int, label: str) -> Iterator[Callable[[int, int], None] | None]:
    """Yields `report(done, total)`, which moves a bar labelled `label`; None when stderr is no terminal.

    The bar is removed when the work ends, so the output that follows reads as without it.
    """
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda done, total: bar.update(task, completed=done, total=total)
