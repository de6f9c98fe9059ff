"""Shared by the tests that stop an export mid-write: its temporaries, and `visualizer export` run in a child
process that gets a signal once the temporary it is writing appears."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def temporaries(folder: Path, prefix: str = ".") -> list[Path]:
    """The temporaries named PREFIX...tmp in `folder`."""
    return [path for path in folder.iterdir() if path.name.startswith(prefix) and path.name.endswith(".tmp")]


def terminate_while_writing(
    out: Path, argv: list[str], prefix: str, signum: int = signal.SIGTERM
) -> subprocess.CompletedProcess:
    """Runs `visualizer export ARGV --out OUT`, sends SIGNUM once a temporary named PREFIX... appears."""
    process = subprocess.Popen(
        [sys.executable, "-m", "visualizer", "export", *argv, "--out", str(out)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    while process.poll() is None and not temporaries(out, prefix):
        time.sleep(0.005)
    if process.poll() is not None:
        stdout, stderr = process.communicate()
        pytest.fail(f"the export ended before a temporary {prefix}*.tmp was seen: {stdout!r} {stderr!r}")
    process.send_signal(signum)
    stdout, stderr = process.communicate()
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
