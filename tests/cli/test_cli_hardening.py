"""The command line under odd conditions: negative values, saved traces, outputs that fail, signals, no terminal."""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import run_cli

from visualizer.readwrite.trace_json import read_json

TRACES = Path(__file__).resolve().parents[2] / "traces"


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--array", "-2,1,0", "-a", "minimax"],
        ["run", "-2,1,0", "-a", "minimax"],
        ["run", "-a", "minimax", "-2,1,0"],
        ["run", "--array=-2,1,0", "-a", "minimax"],
    ],
)
def test_negative_values_are_values_not_options(capsys, argv):
    # MAX over the leaves 1 and 0 (the root's own -2 is not a leaf): 1.
    code, out, err = run_cli(capsys, *argv)
    assert code == 0, err
    assert "value:               1" in out


def test_a_negative_range_works_with_or_without_equals(capsys):
    first = run_cli(capsys, "run", "--random", "--seed", "3", "--range", "-50:-10", "--json")
    second = run_cli(capsys, "run", "--random", "--seed", "3", "--range=-50:-10", "--json")
    assert first[0] == 0 and first[1] == second[1]
    assert '"value": -' in first[1]


def test_export_of_a_saved_trace_writes_that_trace(capsys, tmp_path):
    saved = TRACES / "example15-alphabeta.json"
    code, out, err = run_cli(capsys, "export", "--trace", str(saved), "--out", str(tmp_path))
    assert code == 0, err
    written = tmp_path / "example15-alphabeta.json"
    assert f"wrote {written}" in out
    assert read_json(written) == read_json(saved)
    assert (tmp_path / "example15-alphabeta.dot").read_text() == (TRACES / "example15-alphabeta.dot").read_text()
    assert not list(tmp_path.glob("nim*"))


def test_export_of_a_saved_trace_takes_no_search_options(capsys, tmp_path):
    code, _, err = run_cli(
        capsys, "export", "--trace", str(TRACES / "nim6-alphabeta.json"), "-a", "minimax", "--out", str(tmp_path)
    )
    assert code == 2 and "--algorithm cannot change it" in err
    assert list(tmp_path.iterdir()) == []


def test_strict_still_compares_with_plain_minimax(capsys):
    code, out, _ = run_cli(capsys, "compare", "-A", "minimax,alphabeta", "--strict")
    assert code == 0 and "alphabeta strict" in out


def test_limits_are_checked_before_anything_is_written(capsys, tmp_path):
    code, _, err = run_cli(capsys, "export", "--frames", "--max-frames", "10", "--out", str(tmp_path))
    assert code == 2 and "--frames would write 52 files" in err and "--max-frames 52" in err
    assert list(tmp_path.iterdir()) == []
    code, _, err = run_cli(capsys, "export", "--frames", "--max-frames", "52", "--out", str(tmp_path))
    assert code == 0, err
    assert len(list(tmp_path.glob("example15-alphabeta-*.dot"))) == 52


def _visualizer(*argv: str, **options) -> subprocess.CompletedProcess:
    options = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **options}
    return subprocess.run([sys.executable, "-m", "visualizer", *argv], text=True, timeout=60, **options)


@pytest.mark.parametrize(
    "argv",
    [
        ["run"],
        ["overview"],
        ["compare"],
        ["show"],
        ["best-move"],
        ["practice", "--seed", "1", "--sheet"],
        ["stats", "--leaves", "8", "--trials", "1"],
    ],
)
def test_a_full_disk_on_stdout_is_one_line(argv):
    with open("/dev/full", "w") as full:
        result = _visualizer(*argv, stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 2
    assert result.stderr.startswith("visualizer: error: cannot write the output (No space left on device)")
    assert result.stderr.count("\n") == 1, result.stderr


def test_a_closed_pipe_ends_quietly():
    reader = subprocess.Popen(
        [sys.executable, "-m", "visualizer", "run", "--game", "tictactoe", "-a", "minimax", "--depth", "4"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    reader.stdout.readline()
    reader.stdout.close()  # as `| head -1` does
    _, error = reader.communicate(timeout=60)
    assert reader.returncode == 0
    assert error == b""


def test_sigterm_mid_export_leaves_no_temporary_and_the_old_file(tmp_path):
    old = tmp_path / "tictactoe-empty-minimax.json"
    old.write_text("old content\n")
    exporting = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "visualizer",
            "export",
            "--game",
            "tictactoe",
            "-a",
            "minimax",
            "--format",
            "json",
            "--out",
            str(tmp_path),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".*.tmp")) and exporting.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert list(tmp_path.glob(".*.tmp")), "the export never started writing"
    exporting.send_signal(signal.SIGTERM)
    _, error = exporting.communicate(timeout=60)
    assert exporting.returncode == 143
    assert error == "visualizer: terminated\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == [old.name]
    assert old.read_text() == "old content\n"


@pytest.mark.parametrize(
    "argv", [["replay", str(TRACES / "example15-alphabeta.json")], ["tui"], ["tui", "-a", "minimax"]]
)
def test_the_app_commands_print_text_without_a_terminal(capsys, monkeypatch, argv):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    code, out, err = run_cli(capsys, *argv)
    assert code == 0
    assert "visit order:" in out and "value:               2" in out
    assert err.startswith("visualizer: no terminal for the app") and err.count("\n") == 1


def test_replay_with_no_terminal_exits_instead_of_hanging():
    result = _visualizer("replay", str(TRACES / "nim6-alphabeta.json"), stdin=subprocess.DEVNULL)
    assert result.returncode == 0 and "visit order:" in result.stdout


def test_serve_refuses_a_port_in_use(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _, err = run_cli(capsys, "serve", "--port", str(port))
    assert code == 2 and f"port {port} is already in use" in err


def test_serve_checks_the_app_options_before_serving(capsys):
    code, _, err = run_cli(capsys, "serve", "--", "--game", "chess")
    assert code == 2 and "invalid choice: 'chess'" in err and err.count("\n") == 1


def test_the_signal_handler_is_restored_after_main(capsys):
    before = signal.getsignal(signal.SIGTERM)
    run_cli(capsys, "run")
    assert signal.getsignal(signal.SIGTERM) is before


def test_devices_are_not_replaced_by_stats_csv(capsys, tmp_path):
    device = tmp_path / "full"
    os.mknod(device, 0o600 | 0o020000, os.makedev(1, 7))  # a character device: /dev/full
    code, _, err = run_cli(capsys, "stats", "--leaves", "8", "--trials", "1", "--csv", str(device))
    assert code == 2 and err.count("\n") == 1
    assert device.is_char_device()


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["export", "--piles", "3"], "visualizer export: error: unrecognized arguments: --piles; did you mean --pile?"),
        (["run", "--dpeth=3"], "visualizer run: error: unrecognized arguments: --dpeth=3; did you mean --depth?"),
        (["compare", "-a", "minimax"], "visualizer compare: error: unrecognized arguments: -a; did you mean -A?"),
        (["run", "--zzz"], "visualizer run: error: unrecognized arguments: --zzz (see 'visualizer run --help')"),
    ],
)
def test_an_unknown_option_is_refused_by_its_command_with_the_closest_one(capsys, argv, expected):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "" and err.startswith(expected) and err.count("\n") == 1
    command = argv[0]
    assert err.endswith(f"(see 'visualizer {command} --help')\n")
