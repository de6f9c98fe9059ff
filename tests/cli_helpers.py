"""Shared by the CLI tests: run `visualizer` in-process and collect its exit code and output; a free port."""

from __future__ import annotations

import socket

from visualizer.cli import main


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `visualizer ARGV`."""
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse's own errors
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def free_port() -> int:
    """A loopback port no one listens on at the moment (for `visualizer serve`)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
