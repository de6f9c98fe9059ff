"""Tests that a killed or refused export leaves nothing behind: no temporary, the old files, devices kept."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time

import pytest
from cli_helpers import run_cli
from export_process import temporaries, terminate_while_writing

as_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mknod of a device needs root")


def test_sigterm_mid_export_removes_the_temporary_and_keeps_the_old_file(tmp_path):
    """The issue's case: a 600 MB export of tic-tac-toe's full tree, killed while the JSON is written."""
    old = tmp_path / "tictactoe-empty-minimax.json"
    old.write_bytes(b'{"old": "trace"}\n')
    result = terminate_while_writing(tmp_path, ["--game", "tictactoe", "-a", "minimax", "--format", "json"], ".")
    assert result.returncode == 143, result.stderr
    assert "Traceback" not in result.stderr and result.stderr.count("\n") <= 1, result.stderr
    assert result.stdout == ""
    assert temporaries(tmp_path) == []
    assert sorted(path.name for path in tmp_path.iterdir()) == [old.name]
    assert old.read_bytes() == b'{"old": "trace"}\n'


@pytest.mark.parametrize("killed_in", ["json", "dot"])
def test_sigterm_during_a_pair_leaves_both_old_files(tmp_path, killed_in):
    """Killed while the JSON is written, or after it is staged and while the DOT is: JSON and DOT stay old."""
    name = "pair"
    for suffix in ("json", "dot"):
        (tmp_path / f"{name}.{suffix}").write_text(f"old {suffix}\n")
    argv = ["--game", "tictactoe", "--board", "X../.../...", "-a", "minimax", "--format", "json,dot", "--name", name]
    result = terminate_while_writing(tmp_path, argv, f".{name}.{killed_in}.")
    assert result.returncode == 143 and "Traceback" not in result.stderr, result.stderr
    assert temporaries(tmp_path) == []
    assert (tmp_path / "pair.json").read_text() == "old json\n" and (tmp_path / "pair.dot").read_text() == "old dot\n"


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP here")
def test_a_terminal_closed_mid_export_leaves_both_old_files(tmp_path):
    """SIGHUP (the terminal window shut, an ssh session dropped) unwinds as SIGTERM does: exit 129,
    the old JSON and DOT kept and no temporary left."""
    for suffix in ("json", "dot"):
        (tmp_path / f"pair.{suffix}").write_text(f"old {suffix}\n")
    argv = ["--game", "tictactoe", "--board", "X../.../...", "-a", "minimax", "--format", "json,dot", "--name", "pair"]
    result = terminate_while_writing(tmp_path, argv, ".pair.dot.", signal.SIGHUP)
    assert result.returncode == 129, result.stderr
    assert result.stderr == "visualizer: hung up\n"
    assert temporaries(tmp_path) == []
    assert (tmp_path / "pair.json").read_text() == "old json\n" and (tmp_path / "pair.dot").read_text() == "old dot\n"


# -- special targets through the command line ------------------------------------------------------


@as_root
@pytest.mark.parametrize("numbers, code", [((1, 3), 0), ((1, 7), 2)])
def test_stats_csv_to_a_device_keeps_the_device(capsys, tmp_path, numbers, code):
    path = tmp_path / "device"
    os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(*numbers))
    exit_code, _, err = run_cli(capsys, "stats", "--csv", str(path), "--leaves", "8", "--trials", "1")
    assert exit_code == code, err
    if code == 2:
        assert err == (
            f"visualizer: error: the disk is full while writing {path}; free some space or write to another disk\n"
        )
    status = os.lstat(path)
    assert stat.S_ISCHR(status.st_mode) and (os.major(status.st_rdev), os.minor(status.st_rdev)) == numbers
    assert sorted(os.listdir(tmp_path)) == ["device"]


def test_stats_csv_to_a_fifo_nobody_reads_is_one_line(capsys, tmp_path):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    exit_code, _, err = run_cli(capsys, "stats", "--csv", str(fifo), "--leaves", "8", "--trials", "1")
    assert exit_code == 2
    assert err == (
        f"visualizer: error: nobody is reading the FIFO {fifo}; start the reader first or choose a regular file\n"
    )
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_stats_csv_through_a_link_replaces_the_target(capsys, tmp_path):
    target = tmp_path / "target.csv"
    target.write_text("old\n")
    link = tmp_path / "link.csv"
    link.symlink_to("target.csv")
    exit_code, _, err = run_cli(capsys, "stats", "--csv", str(link), "--leaves", "8", "--trials", "1")
    assert exit_code == 0, err
    assert link.is_symlink() and os.readlink(link) == "target.csv"
    assert target.read_text().startswith("leaves,depth,branching,algorithm,")  # the study's CSV header


def test_export_through_links_keeps_the_links(capsys, tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    for suffix in ("json", "dot"):
        (tmp_path / f"t.{suffix}").symlink_to(f"real/t.{suffix}")  # dangling: the export creates the files
    exit_code, _, err = run_cli(capsys, "export", "--out", str(tmp_path), "--name", "t", "--format", "json,dot")
    assert exit_code == 0, err
    assert (tmp_path / "t.json").is_symlink() and (tmp_path / "t.dot").is_symlink()
    assert (real / "t.json").read_text().startswith("{") and (real / "t.dot").read_text().startswith("digraph")


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP here")
def test_an_unwinding_that_hangs_after_the_terminal_closed_still_ends_the_process():
    """An app whose terminal is gone once hung on its way out at 100 % CPU: the process ends anyway,
    `UNWIND_GRACE` seconds after the signal, with the signal's exit code."""
    code = (
        "import os, signal, sys, time\n"
        "from visualizer.cli import Terminated, _sigterm_unwinds\n"
        "with _sigterm_unwinds():\n"
        "    try:\n"
        "        print('ready', flush=True)\n"
        "        time.sleep(60)\n"
        "    except Terminated:\n"
        "        while True:\n"  # a way out that never ends
        "            pass\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        start = time.monotonic()
        child.send_signal(signal.SIGHUP)
        assert child.wait(timeout=30) == 129
        assert 2.5 < time.monotonic() - start < 20  # after the grace, not at once, and not never
    finally:
        child.kill()
        child.wait()
        child.stdout.close()
