"""Provides `trace_from_args`: the recorded search the command-line options ask for, with progress."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from visualizer.cli.sources import lookahead_from_args
from visualizer.errors import InputError
from visualizer.games import Game
from visualizer.search import OPTIONS, REGISTRY, find_algorithm, trace_search
from visualizer.tracing import Trace

__all__ = ["options_from_args", "trace_from_args"]


def _progress() -> Callable[[int], None] | None:
    """A node counter on stderr while a long search runs, when stderr is a terminal."""
    if not sys.stderr.isatty():
        return None

    def report(nodes: int) -> None:
        sys.stderr.write(f"\rsearching: {nodes:,} nodes entered...")
        sys.stderr.flush()

    return report


def options_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The search options (`OPTIONS`) the command line sets, read and checked, by name."""
    options = {}
    for name, option in OPTIONS.items():
        value = getattr(args, name, None)
        if value is None or value is False:
            continue
        options[name] = option.read(value) if isinstance(value, str) else value
    return options


def trace_from_args(
    game: Game,
    args: argparse.Namespace,
    *,
    algorithm: str | None = None,
    strict: bool | None = None,
    options: dict[str, Any] | None = None,
) -> Trace:
    """Searches `game` as the options say; `algorithm`, `strict` and `options` override them when given."""
    record = find_algorithm(algorithm or getattr(args, "algorithm", None) or "alphabeta")
    algorithm = record.name
    if strict is None and getattr(args, "strict", False) and not record.accepts_strict:
        instead = next(
            (
                other.name
                for other in REGISTRY.values()
                if other.accepts_strict and other.movers_view == record.movers_view
            ),
            "alphabeta",
        )
        why = "does not take it" if record.windowed else "never cuts"
        raise InputError(
            f"--strict says when alpha-beta cuts, and {algorithm} {why}; drop --strict, or choose -a {instead}"
        )
    progress = _progress()
    try:
        return trace_search(
            game,
            algorithm,
            depth=lookahead_from_args(args, game),
            strict=getattr(args, "strict", False) if strict is None else strict,
            iterative=getattr(args, "iterative", False),
            max_nodes=args.max_nodes,
            progress=progress,
            **(options_from_args(args) if options is None else options),
        )
    finally:
        if progress is not None:
            sys.stderr.write("\r\033[K")
