"""Inputs are read only from what can be read (`visualizer.input_files.open_input`), and gzip is unpacked
within a cap: a FIFO, socket or device is refused at once, unopened; a gzip bomb is refused holding no
more than the cap; stdin is read where `-` is documented (`grade --visits -`)."""

from __future__ import annotations

import contextlib
import io
import os
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
import zlib
from pathlib import Path

import pytest
from cli_helpers import run_cli

from visualizer.errors import InputError, TraceFileError, one_line
from visualizer.grading.submissions import find_submissions
from visualizer.input_files import NotAFileError, open_input
from visualizer.readwrite.trace_json import MAX_TRACE_BYTES, read_json

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "traces" / "example15-alphabeta.json"
MIB = 2**20

needs_fifos = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


def write_bomb(path: Path, megabytes: int) -> Path:
    """A gzip file that unpacks to `megabytes` MiB of zeros, made in a few milliseconds: one compressed MiB,
    flushed to a byte boundary so that it stands alone, repeated (the trailer is never reached)."""
    compressor = zlib.compressobj(1, zlib.DEFLATED, 31)
    header = compressor.compress(b"")  # zlib writes the gzip header with the first block
    block = compressor.compress(bytes(MIB)) + compressor.flush(zlib.Z_FULL_FLUSH)
    path.write_bytes(header + block * megabytes)
    return path


@contextlib.contextmanager
def unblocked_after(fifo: Path, seconds: float = 5.0):
    """A regression fails instead of hanging: after `seconds`, a reader stuck opening `fifo` is let through
    (a writer opens and closes it, so the reader sees an empty file)."""
    done = threading.Event()

    def release():
        while not done.wait(seconds):
            with contextlib.suppress(OSError):  # ENXIO: nobody is waiting on it
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))

    thread = threading.Thread(target=release, daemon=True)
    thread.start()
    started = time.monotonic()
    try:
        yield
    finally:
        done.set()
        thread.join()
    assert time.monotonic() - started < seconds, f"{fifo} was waited on"


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe.py"
    os.mkfifo(path)
    with unblocked_after(path):
        yield path


# -- gzip bombs -------------------------------------------------------------------------------------
def test_the_default_cap_holds_the_biggest_real_trace_with_room():
    assert MAX_TRACE_BYTES // MIB == 256  # the full tic-tac-toe minimax trace is 86.5 MB (82.5 MiB)


def test_a_bomb_is_refused_holding_no_more_than_the_cap(tmp_path):
    bomb = write_bomb(tmp_path / "bomb.json.gz", 64)
    tracemalloc.start()
    try:
        with pytest.raises(TraceFileError) as caught:
            read_json(bomb, max_bytes=8 * MIB)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert one_line(str(caught.value)) == (
        f"{bomb} unpacks to more than the 8 MiB a trace file may hold; give the right file, export a smaller "
        "search (--depth N), or raise the limit (--max-unpacked MB)"
    )
    assert peak < 10 * MIB  # the cap and one piece being unpacked; never a second copy


def test_a_bomb_is_refused_in_one_line_by_its_ratio_long_before_the_cap(tmp_path):
    """The whole command, in a process of its own: 300 MiB from 1.2 MiB is no trace (they pack 5 to 20 times)."""
    bomb = write_bomb(tmp_path / "bomb.json.gz", 300)
    done = subprocess.run(
        [sys.executable, "-m", "visualizer", "run", "--trace", str(bomb)], capture_output=True, timeout=30, cwd=ROOT
    )
    assert (done.returncode, done.stdout) == (2, b"")
    assert done.stderr.decode() == (
        f"visualizer: error: {bomb} unpacks to over 200 times its packed size, which no trace does (they pack 5 "
        "to 20 times): a gzip bomb, or not a trace; give a .json or .json.gz file written by the visualizer\n"
    )


def test_a_file_past_the_cap_is_refused_naming_the_option(capsys, tmp_path):
    """Packed under twice (random hex), so only the cap can stop it: 1.5 MiB against --max-unpacked 1."""
    path = tmp_path / "big.json.gz"
    compressor = zlib.compressobj(6, zlib.DEFLATED, 31)
    path.write_bytes(compressor.compress(os.urandom(768 * 1024).hex().encode()) + compressor.flush())
    code, out, err = run_cli(capsys, "run", "--trace", str(path), "--max-unpacked", "1")
    assert (code, out) == (2, "")
    assert err == (
        f"visualizer: error: {path} unpacks to more than the 1 MiB a trace file may hold; give the right file, "
        "export a smaller search (--depth N), or raise the limit (--max-unpacked MB)\n"
    )


@pytest.mark.skipif(not os.path.exists("/proc/self/clear_refs"), reason="needs Linux's peak RSS reset")
def test_the_peak_memory_of_a_refused_bomb_stays_under_the_cap(tmp_path):
    """In a process of its own, its peak resident memory reset just before reading (Linux: clear_refs 5)."""
    bomb = write_bomb(tmp_path / "bomb.json.gz", 300)
    script = (
        "import re\n"
        "from visualizer.errors import TraceFileError\n"
        "from visualizer.readwrite.trace_json import read_json\n"
        "def kib(field):\n"
        "    return int(re.search(field + r':\\s+(\\d+)', open('/proc/self/status').read()).group(1))\n"
        "open('/proc/self/clear_refs', 'w').write('5')\n"
        "before = kib('VmRSS')\n"
        "try:\n"
        f"    read_json({str(bomb)!r}, max_bytes=64 * 2**20)\n"
        "except TraceFileError:\n"
        "    print(kib('VmHWM') - before)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=30, cwd=ROOT)
    grown_kib = int(done.stdout)
    assert grown_kib < 64 * 1024  # held no more than the cap (the ratio stops it at 16 MiB)


def test_memory_running_out_while_loading_is_one_line(tmp_path, monkeypatch):
    import visualizer.readwrite.trace_json as trace_json

    def no_memory(text, *, name):
        raise MemoryError

    monkeypatch.setattr(trace_json, "from_json", no_memory)
    with pytest.raises(TraceFileError) as caught:
        read_json(EXAMPLE)
    assert one_line(str(caught.value)) == (
        f"{EXAMPLE} needs more memory to load than this process may take; close other programs, raise the "
        "memory limit (ulimit -v), or give a smaller trace"
    )
    assert caught.value.__context__ is None  # the text it held is not kept alive by the message


# -- special files: refused at once, never opened -----------------------------------------------------
@needs_fifos
def test_open_input_refuses_a_fifo_unopened(fifo):
    with pytest.raises(NotAFileError) as caught, open_input(fifo):
        pass
    assert str(caught.value) == f"{fifo} is a FIFO (named pipe), not a file; give a regular file"


def test_open_input_refuses_a_socket_and_a_device(tmp_path):
    path = tmp_path / "socket"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        with pytest.raises(NotAFileError) as caught, open_input(path):
            pass
    assert caught.value.kind == "a socket"
    if os.path.exists("/dev/zero"):
        with pytest.raises(NotAFileError) as caught, open_input("/dev/zero"):
            pass
        assert caught.value.kind == "a device"


@needs_fifos
@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["run", "--trace", "{fifo}"], "{fifo} is a FIFO (named pipe), not a trace file; give a .json or .json.gz"),
        (["show", "--trace", "{fifo}"], "{fifo} is a FIFO (named pipe), not a trace file; give a .json or .json.gz"),
        (["replay", "{fifo}"], "{fifo} is a FIFO (named pipe), not a trace file; give a .json or .json.gz"),
        (["practice", "--answers", "{fifo}"], "the answer file '{fifo}' is a FIFO (named pipe), not a file"),
        (["grade", "--visits", "{fifo}"], "--visits {fifo} is a FIFO (named pipe); give the file of visited node"),
        (["grade", "{fifo}"], "{fifo} is a FIFO (named pipe), not a file; give the student's .py file"),
    ],
    ids=["run", "show", "replay", "practice", "grade-visits", "grade-student"],
)
def test_every_input_path_refuses_a_fifo_at_once(capsys, fifo, argv, expected):
    code, out, err = run_cli(capsys, *(word.format(fifo=fifo) for word in argv))
    assert (code, out) == (2, "")
    assert err.startswith(f"visualizer: error: {expected.format(fifo=fifo)}")
    assert err.count("\n") == 1


@needs_fifos
def test_a_fifo_in_a_class_folder_is_a_submission_with_a_problem(tmp_path):
    with unblocked_after(tmp_path / "class" / "bob" / "alphabeta.py"):
        (tmp_path / "class" / "bob").mkdir(parents=True)
        os.mkfifo(tmp_path / "class" / "carol.py")
        os.mkfifo(tmp_path / "class" / "bob" / "alphabeta.py")
        (tmp_path / "class" / "bob" / "helpers.py").write_text("def alphabeta(node): pass\n", encoding="utf-8")
        (tmp_path / "class" / "alice.py").write_text("def alphabeta(node): pass\n", encoding="utf-8")
        found = find_submissions([str(tmp_path / "class")], "alphabeta")
    assert [(each.name, each.entry, each.problem) for each in found] == [
        ("alice", tmp_path / "class" / "alice.py", None),
        ("bob", None, "bob: alphabeta.py is a FIFO (named pipe), not a file"),
        ("carol", None, "carol.py is a FIFO (named pipe), not a file; submit the .py file itself"),
    ]


# -- stdin where it is documented ----------------------------------------------------------------
def test_visits_are_read_from_stdin_with_a_dash(capsys, monkeypatch):
    visits = "A\nB\nD\nH\nI\nE\nJ\nC\nF\nL\nM\nG\nN\n"  # the 15-node example's alpha-beta visits
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(visits.encode("utf-8")), encoding="utf-8"))
    code, out, err = run_cli(capsys, "grade", "--visits", "-")
    assert (code, err) == (0, "")
    assert "1 of 1 tree passes." in out
    assert not sys.stdin.closed  # read, and left open


def test_a_dash_is_a_file_name_where_stdin_is_not_documented(tmp_path):
    with pytest.raises(InputError) as caught:
        read_json("-")
    assert one_line(str(caught.value)) == "cannot read -: no such file; check the path"
