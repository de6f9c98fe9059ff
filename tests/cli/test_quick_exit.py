"""`visualizer.cli.run`: the command's exit skips freeing the heap, after the output and the exit handlers."""

import atexit
import subprocess
import sys
import threading

import pytest

import visualizer.cli as cli


class Exited(Exception):
    """What the patched `os._exit` raises instead of ending the test process."""


@pytest.fixture
def calls(monkeypatch):
    """The order of the calls `run` makes once `main` returned 2: exit handlers, then `os._exit`."""
    seen = []
    monkeypatch.setattr(cli, "main", lambda: 2)
    monkeypatch.setattr(atexit, "_run_exitfuncs", lambda: seen.append("exit handlers"))

    def quick_exit(code):
        seen.append(("os._exit", code))
        raise Exited

    monkeypatch.setattr(cli.os, "_exit", quick_exit)
    return seen


def test_the_exit_handlers_run_before_the_quick_exit_with_main_s_code(calls):
    with pytest.raises(Exited):
        cli.run()
    assert calls == ["exit handlers", ("os._exit", 2)]


def test_another_thread_gets_the_usual_exit(calls):
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait)
    worker.start()
    try:
        with pytest.raises(SystemExit) as exit_:
            cli.run()
    finally:
        stop.set()
        worker.join()
    assert exit_.value.code == 2
    assert calls == []


def test_output_that_cannot_be_flushed_gets_the_usual_exit(calls, monkeypatch):
    class Closed:
        def flush(self):
            raise ValueError("I/O operation on closed file")

    monkeypatch.setattr(sys, "stdout", Closed())
    with pytest.raises(SystemExit) as exit_:
        cli.run()
    assert exit_.value.code == 2
    assert calls == []


def test_a_real_process_prints_everything_and_exits_with_its_code(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "visualizer", "run", "--game", "nim", "--pile", "5", "-a", "minimax", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("}")  # the whole JSON document, flushed before the exit
    failed = subprocess.run(
        [sys.executable, "-m", "visualizer", "export", "--game", "nim", "--pile", "-1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert failed.returncode == 2 and failed.stderr.startswith("visualizer: error:")
