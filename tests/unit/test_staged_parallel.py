"""Tests that the trace formats written by forked processes are the sequential ones: same bytes, same errors, nothing left."""

from __future__ import annotations

import errno
import gzip
import os
import signal
import stat
import threading
import time
from pathlib import Path

import pytest

from visualizer.errors import InputError
from visualizer.export import files, staged
from visualizer.export.files import write_trace_files
from visualizer.export.json_v2 import json_v2_bytes
from visualizer.export.staged import StagedWrites
from visualizer.games import TicTacToe, builtin_example, from_array
from visualizer.search import trace_search

TRACE_FORMATS = ("json", "json.gz", "dot")


@pytest.fixture
def forks(monkeypatch):
    """The children started, as (index, pid), in the order they were forked."""
    started: list[tuple[int, int]] = []
    real = staged.start_write

    def counted(index, *arguments):
        handle = real(index, *arguments)
        started.append((index, handle.pid))
        return handle

    monkeypatch.setattr(staged, "start_write", counted)
    return started


def leftovers(folder: Path) -> list[str]:
    """Hidden temporary files left in `folder`."""
    return sorted(path.name for path in folder.iterdir() if path.name.startswith(".") and path.name.endswith(".tmp"))


def assert_reaped(pids):
    """No child of this process is left running or as a zombie."""
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def named_twice():
    trace = trace_search(from_array([1, 2, 3], names=["A", "B", "C"]), "minimax")
    trace.columns.name = ["A", "B", "B"]  # a custom game could name two nodes alike
    return trace


def broken(first, error):
    """Yields one piece, then fails."""
    yield first
    raise error


# -- the same bytes -------------------------------------------------------------------------------


@pytest.mark.parametrize("make", [lambda: trace_search(TicTacToe("XO.X....."), "alphabeta"),
                                  lambda: trace_search(builtin_example(), "minimax")], ids=["game", "explicit"])
def test_parallel_files_are_the_sequential_bytes(tmp_path, forks, make):
    trace = make()
    one_by_one = write_trace_files(trace, tmp_path / "sequential", "t", TRACE_FORMATS, parallel=False)
    assert forks == []
    together = write_trace_files(trace, tmp_path / "parallel", "t", TRACE_FORMATS, parallel=True)
    assert [index for index, _pid in forks] == [1, 2]  # json.gz and dot in children, json here
    assert [path.name for path in together] == [path.name for path in one_by_one] == ["t.json", "t.json.gz", "t.dot"]
    assert contents(tmp_path / "parallel") == contents(tmp_path / "sequential")
    assert gzip.decompress((tmp_path / "parallel" / "t.json.gz").read_bytes()) == \
        (tmp_path / "sequential" / "t.json").read_bytes()
    assert_reaped(pid for _index, pid in forks)


def test_big_traces_fork_by_themselves_and_small_ones_do_not(tmp_path, forks, monkeypatch):
    trace = trace_search(builtin_example(), "alphabeta")
    write_trace_files(trace, tmp_path, "small", ("json", "dot"))
    assert forks == []
    monkeypatch.setattr(files, "PARALLEL_MIN_EVENTS", len(trace.events))
    write_trace_files(trace, tmp_path, "big", ("json", "dot"))
    assert len(forks) == 1
    assert (tmp_path / "big.dot").read_bytes() == (tmp_path / "small.dot").read_bytes()


def test_one_trace_format_is_not_forked(tmp_path, forks):
    write_trace_files(trace_search(builtin_example(), "alphabeta"), tmp_path, "t", ("json", "svg"), parallel=True)
    assert forks == [] and sorted(path.name for path in tmp_path.iterdir()) == ["t.json", "t.svg"]


def test_a_parallel_file_keeps_the_mode_of_the_file_it_replaces(tmp_path, forks):
    (tmp_path / "b.txt").write_text("old")
    os.chmod(tmp_path / "b.txt", 0o640)
    with StagedWrites() as group:
        group.stage_together([(tmp_path / "a.txt", ["a"]), (tmp_path / "b.txt", ["b", b"c"])], parallel=True)
    assert len(forks) == 1
    assert (tmp_path / "b.txt").read_text() == "bc" and stat.S_IMODE(os.stat(tmp_path / "b.txt").st_mode) == 0o640


# -- the same errors, and nothing changed on disk --------------------------------------------------


def stage_pair(tmp_path, second, *, parallel):
    """Stages a.txt (fine) and b.txt (`second`'s chunks) together; returns the error raised."""
    with pytest.raises(Exception) as caught:
        with StagedWrites() as group:
            group.stage_together([(tmp_path / "a.txt", ["new a"]), (tmp_path / "b.txt", second())], parallel=parallel)
    return caught.value


@pytest.mark.parametrize("second, expected", [
    (lambda: json_v2_bytes(named_twice()), "the name 'B' is used by more than one node"),
    (lambda: broken("new b", OSError(errno.ENOSPC, "No space left on device")), "the disk is full while writing"),
], ids=["duplicate-name", "full-disk"])
def test_a_child_failure_is_the_sequential_error(tmp_path, forks, second, expected):
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(f"old {name}")
    sequential = stage_pair(tmp_path, second, parallel=False)
    assert forks == []
    parallel = stage_pair(tmp_path, second, parallel=True)
    assert [index for index, _pid in forks] == [1]
    assert type(parallel) is type(sequential) is InputError
    assert str(parallel) == str(sequential) and expected in str(parallel) and "\n" not in str(parallel)
    assert contents(tmp_path) == {"a.txt": b"old a.txt", "b.txt": b"old b.txt"}
    assert leftovers(tmp_path) == []
    assert_reaped(pid for _index, pid in forks)


class Unpicklable(Exception):
    def __init__(self, message):
        super().__init__(message)
        self.callback = lambda: None  # a lambda cannot be pickled


def test_an_exception_that_cannot_be_pickled_comes_back_as_a_runtime_error(tmp_path, forks):
    error = stage_pair(tmp_path, lambda: broken("b", Unpicklable("a bug in the writer")), parallel=True)
    assert type(error) is RuntimeError
    assert str(error) == f"the process writing {tmp_path / 'b.txt'} failed: Unpicklable: a bug in the writer"
    assert "Unpicklable: a bug in the writer" in error.child_traceback and "Traceback" in error.child_traceback
    assert leftovers(tmp_path) == [] and list(tmp_path.iterdir()) == []


def test_a_bug_in_a_child_is_raised_with_its_type_and_where_it_happened(tmp_path, forks):
    error = stage_pair(tmp_path, lambda: broken("b", KeyError("column")), parallel=True)
    assert type(error) is KeyError and error.args == ("column",)
    assert any("In the process that wrote the file" in note and "broken" in note for note in error.__notes__)


def slow(finished: Path):
    """Chunks that take 3 s, then mark `finished`: the child is still writing when the parent fails."""
    for _ in range(300):
        time.sleep(0.01)
        yield "x"
    finished.touch()


@pytest.mark.parametrize("failure", [ValueError("the first file broke"), KeyboardInterrupt()],
                         ids=["error", "interrupt"])
def test_a_parent_failure_kills_and_reaps_the_children(tmp_path, forks, failure):
    (tmp_path / "b.txt").write_text("old b")

    def first():
        yield "a"
        time.sleep(0.05)  # the children are writing by now
        raise failure

    with pytest.raises(type(failure)):
        with StagedWrites() as group:
            group.stage_together([(tmp_path / "a.txt", first()), (tmp_path / "b.txt", slow(tmp_path / "b-done")),
                                  (tmp_path / "c.txt", slow(tmp_path / "c-done"))], parallel=True)
    assert [index for index, _pid in forks] == [1, 2]
    assert_reaped(pid for _index, pid in forks)
    assert contents(tmp_path) == {"b.txt": b"old b"}  # no temporary, and neither child finished: both killed


def test_the_parent_error_comes_first_when_both_fail(tmp_path, forks):
    def first():
        time.sleep(0.2)  # the child has failed by now
        raise InputError("the first file's error")
        yield "never"

    with pytest.raises(InputError, match="the first file's error"):
        with StagedWrites() as group:
            group.stage_together([(tmp_path / "a.txt", first()), (tmp_path / "b.txt", broken("b", ValueError()))],
                                 parallel=True)
    assert len(forks) == 1 and list(tmp_path.iterdir()) == []


def test_duplicate_names_through_write_trace_files(tmp_path, forks):
    for name in ("t.json", "t.dot"):
        (tmp_path / name).write_text(f"old {name}")
    for parallel in (False, True):
        with pytest.raises(InputError, match="^the name 'B' is used by more than one node; give every node"):
            write_trace_files(named_twice(), tmp_path, "t", ("json", "dot"), parallel=parallel)
        assert contents(tmp_path) == {"t.dot": b"old t.dot", "t.json": b"old t.json"}
    assert len(forks) == 1
    assert_reaped(pid for _index, pid in forks)


# -- links, FIFOs, threads -------------------------------------------------------------------------


def test_a_link_is_followed_here_not_in_a_child(tmp_path, forks):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "real.txt").write_text("old")
    (tmp_path / "link.txt").symlink_to(elsewhere / "real.txt")
    with StagedWrites() as group:
        group.stage_together([(tmp_path / "a.txt", ["a"]), (tmp_path / "link.txt", ["through the link"]),
                              (tmp_path / "c.txt", ["c"])], parallel=True)
    assert [index for index, _pid in forks] == [2]  # c.txt only
    assert (tmp_path / "link.txt").is_symlink() and (elsewhere / "real.txt").read_text() == "through the link"
    assert (tmp_path / "a.txt").read_text() == "a" and (tmp_path / "c.txt").read_text() == "c"
    assert leftovers(tmp_path) == [] and leftovers(elsewhere) == []


def test_a_fifo_is_written_by_this_process_at_commit(tmp_path, forks):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, and no thread (which would stop the forks)
    try:
        with StagedWrites() as group:
            group.stage_together([(tmp_path / "a.txt", ["a"]), (fifo, ["into ", "the fifo"]),
                                  (tmp_path / "c.txt", ["c"])], parallel=True)
        received = os.read(reader, 1000)
    finally:
        os.close(reader)
    assert [index for index, _pid in forks] == [2]
    assert received == b"into the fifo"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and (tmp_path / "c.txt").read_text() == "c"
    assert leftovers(tmp_path) == []


def test_a_fifo_nobody_reads_is_refused_as_before(tmp_path, forks):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="nobody is reading the FIFO"):
        with StagedWrites() as group:
            group.stage_together([(tmp_path / "a.txt", ["a"]), (fifo, ["x"]), (tmp_path / "c.txt", ["c"])],
                                 parallel=True)
    assert [index for index, _pid in forks] == [2]
    assert_reaped(pid for _index, pid in forks)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["fifo"]


def test_with_two_threads_running_nothing_is_forked(tmp_path, monkeypatch):
    def no_fork():
        pytest.fail("os.fork was called while a second thread ran")

    monkeypatch.setattr(os, "fork", no_fork)
    done = threading.Event()
    thread = threading.Thread(target=done.wait)
    thread.start()
    try:
        trace = trace_search(builtin_example(), "alphabeta")
        written = write_trace_files(trace, tmp_path, "t", TRACE_FORMATS, parallel=True)
        with StagedWrites() as group:
            group.stage_together([(tmp_path / "a.txt", ["a"]), (tmp_path / "b.txt", ["b"])], parallel=True)
    finally:
        done.set()
        thread.join()
    assert [path.name for path in written] == ["t.json", "t.json.gz", "t.dot"]
    assert (tmp_path / "b.txt").read_text() == "b" and leftovers(tmp_path) == []


def test_a_child_killed_from_outside_is_one_line_and_changes_nothing(tmp_path, forks):
    def killed():
        yield "b"
        os.kill(os.getpid(), signal.SIGKILL)  # as the kernel's out-of-memory killer would

    (tmp_path / "b.txt").write_text("old b")
    error = stage_pair(tmp_path, killed, parallel=True)
    assert type(error) is InputError and len(forks) == 1
    assert str(error) == f"the process writing {tmp_path / 'b.txt'} was stopped by SIGKILL; nothing was changed; export again"
    assert contents(tmp_path) == {"b.txt": b"old b"}


def test_when_no_process_can_be_made_this_one_writes_the_file(tmp_path, monkeypatch):
    def no_room():
        raise OSError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_room)
    with StagedWrites() as group:
        temporaries = group.stage_together([(tmp_path / "a.txt", ["a"]), (tmp_path / "b.txt", ["b"])], parallel=True)
    assert len(temporaries) == 2
    assert contents(tmp_path) == {"a.txt": b"a", "b.txt": b"b"}
