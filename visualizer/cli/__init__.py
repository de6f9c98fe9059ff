"""Provides `main`, the `visualizer` command: one clear line and exit code 2 for any bad input."""

from __future__ import annotations

import os
import re
import sys
from typing import Sequence

from visualizer.cli.commands import default, overview, replay, run, serve, show, tui
from visualizer.cli.comparing import compare
from visualizer.cli.exporting import export
from visualizer.cli.parser import build_parser
from visualizer.cli.playing import best_move, play
from visualizer.cli.practicing import practice
from visualizer.cli.statistics import stats
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
    "compare": compare,
    "stats": stats,
    "practice": practice,
}


_NEGATIVE_RANGE = re.compile(r"-\d+:-?\d+")


def _attach_ranges(argv: Sequence[str]) -> list[str]:
    """`--range -10:10` as `--range=-10:10`: argparse would take "-10:10" for an option."""
    argv = list(argv)
    for index in range(len(argv) - 2, -1, -1):
        if argv[index] == "--range" and _NEGATIVE_RANGE.fullmatch(argv[index + 1]):
            argv[index:index + 2] = [f"--range={argv[index + 1]}"]
    return argv


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit code (0 ok, 2 bad input, 130 interrupted)."""
    args = build_parser().parse_args(_attach_ranges(sys.argv[1:] if argv is None else argv))
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
