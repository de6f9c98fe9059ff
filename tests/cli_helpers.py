"""Shared by the CLI tests: run `visualizer` in-process and collect its exit code and output."""

from __future__ import annotations

from visualizer.cli import main


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `visualizer ARGV`."""
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse's own errors
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err
