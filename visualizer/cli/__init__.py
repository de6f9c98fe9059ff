"""Provides `main`, the `visualizer` command: one clear line and exit code 2 for any bad input."""

from __future__ import annotations

import os
import sys
from typing import Sequence

from visualizer.cli.commands import default, overview, replay, run, serve, show, tui
from visualizer.cli.exporting import export
from visualizer.cli.playing import best_move, play
from visualizer.cli.parser import build_parser
from visualizer.errors import VisualizerError

__all__ = ["main"]

COMMANDS = {
    None: default,
    "overview": overview,
    "show": show,
    "run": run,
    "export": export,
    "tui": tui,
    "replay": replay,
    "serve": serve,
    "best-move": best_move,
    "play": play,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit code (0 ok, 2 bad input, 130 interrupted)."""
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except VisualizerError as error:
        sys.stderr.write(f"visualizer: error: {error}\n")
        return 2
    except RecursionError:
        sys.stderr.write(
            "visualizer: error: the tree is too deep for the recursive search; add --iterative "
            "(or limit the look-ahead with --depth N)\n"
        )
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("visualizer: interrupted\n")
        return 130
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away: stop quietly, and keep Python from complaining at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
