"""Tests that writing never damages what is on disk: devices, FIFOs and links, staged pairs, temporaries."""

import contextlib
import os
import select
import socket
import stat
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from visualizer import safe_files as atomic
from visualizer.dot.render import render
from visualizer.dot.write import write_dot
from visualizer.errors import InputError, RenderError
from visualizer.export import formats
from visualizer.export.files import write_trace_files
from visualizer.games import builtin_example
from visualizer.pictures import svg
from visualizer.pictures.figure import Figure
from visualizer.readwrite.trace_json import to_json
from visualizer.safe_files import StagedWrites, write_chunks_atomic, write_new_file, write_text_atomic
from visualizer.search import trace_search

NULL_DEVICE = (1, 3)  # what /dev/null is on Linux
FULL_DEVICE = (1, 7)  # /dev/full: every write fails with "no space left on device"
as_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mknod of a device needs root")


def device(path, numbers):
    os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(*numbers))
    return path


def is_char_device(path, numbers):
    status = os.lstat(path)
    return stat.S_ISCHR(status.st_mode) and (os.major(status.st_rdev), os.minor(status.st_rdev)) == numbers


def leftovers(folder):
    """Hidden temporary files the writer left in `folder`."""
    names = (path.name for path in Path(folder).iterdir())
    return sorted(name for name in names if name.startswith(".") and name.endswith(".tmp"))


def one_line(caught):
    message = str(caught.value)
    assert "\n" not in message
    return message


def broken_chunks(first="new start", error=OSError):
    """Yields one piece, then fails: a writer that stops mid-stream."""
    yield first
    raise error("the generator broke")


# -- devices ---------------------------------------------------------------------------------------


@as_root
def test_null_device_is_written_and_stays_a_device(tmp_path):
    path = device(tmp_path / "null", NULL_DEVICE)
    assert write_text_atomic(path, "a,b\n1,2\n") == path
    assert is_char_device(path, NULL_DEVICE)
    assert leftovers(tmp_path) == []


@as_root
def test_full_device_is_one_line_and_stays_a_device(tmp_path):
    path = device(tmp_path / "full", FULL_DEVICE)
    with pytest.raises(InputError) as caught:
        write_chunks_atomic(path, ["x" * 10_000, "y" * 100_000])
    assert one_line(caught) == f"the disk is full while writing {path}; free some space or write to another disk"
    assert is_char_device(path, FULL_DEVICE)
    assert leftovers(tmp_path) == []


# -- FIFOs -----------------------------------------------------------------------------------------


def test_fifo_without_a_reader_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.csv"
    os.mkfifo(fifo)
    with pytest.raises(InputError) as caught:
        write_text_atomic(fifo, "never read\n")
    assert one_line(caught) == (f"nobody is reading the FIFO {fifo}; start the reader first or choose a regular file")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert leftovers(tmp_path) == []


def read_all(descriptor, into):
    """Reads a FIFO opened without blocking until its writer closes it (select: no busy loop)."""
    while True:
        select.select([descriptor], [], [])
        try:
            block = os.read(descriptor, 65536)
        except BlockingIOError:
            continue
        if not block:
            break
        into.append(block)
    os.close(descriptor)


def test_fifo_with_a_reader_gets_every_chunk(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    spare = tmp_path / "spare"
    os.link(fifo, spare)  # another name for the same FIFO, even if a broken write renamed over the first
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader is there before the write starts
    received = []
    thread = threading.Thread(target=read_all, args=(reader, received), daemon=True)
    thread.start()
    pieces = [f"line {number}\n" for number in range(20_000)]  # more than a pipe buffer holds
    try:
        write_chunks_atomic(fifo, pieces)
    finally:
        # A writer that comes and goes: the reader sees the end even if the write never opened the FIFO
        # (an OSError: the reader saw the end already and is gone).
        with contextlib.suppress(OSError):
            os.close(os.open(spare, os.O_WRONLY | os.O_NONBLOCK))
        thread.join()
    assert b"".join(received) == "".join(pieces).encode()
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert leftovers(tmp_path) == []


def test_socket_is_refused(tmp_path):
    path = tmp_path / "s.sock"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        with pytest.raises(InputError) as caught:
            write_text_atomic(path, "x")
        assert one_line(caught) == f"{path} is a socket, not a file; choose a regular file"
        assert stat.S_ISSOCK(os.lstat(path).st_mode)
    finally:
        server.close()


# -- symbolic links --------------------------------------------------------------------------------


def test_link_stays_a_link_and_its_target_is_replaced(tmp_path):
    target = tmp_path / "target.csv"
    target.write_text("old\n")
    target.chmod(0o640)
    link = tmp_path / "link.csv"
    link.symlink_to("target.csv")
    assert write_text_atomic(link, "new\n") == link
    assert link.is_symlink() and os.readlink(link) == "target.csv"
    assert target.read_text() == "new\n" and not target.is_symlink()
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == []


def test_chain_of_relative_links_across_folders(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "links").mkdir()
    target = tmp_path / "data" / "real.json"
    target.write_text("old")
    (tmp_path / "data" / "middle.json").symlink_to("real.json")
    first = tmp_path / "links" / "first.json"
    first.symlink_to("../data/middle.json")
    write_text_atomic(first, "new")
    assert os.readlink(first) == "../data/middle.json" and os.readlink(tmp_path / "data" / "middle.json") == "real.json"
    assert target.read_text() == "new"
    assert leftovers(tmp_path / "data") == [] and leftovers(tmp_path / "links") == []


def test_dangling_link_creates_the_file_it_names(tmp_path):
    (tmp_path / "made").mkdir()  # a link into a missing folder is refused (tests/unit/test_outputs_stay_put.py)
    link = tmp_path / "out.csv"
    link.symlink_to("made/write.csv")
    write_text_atomic(link, "fresh\n")
    assert os.readlink(link) == "made/write.csv"
    assert (tmp_path / "made" / "write.csv").read_text() == "fresh\n"


@as_root
def test_link_to_a_device_writes_the_device(tmp_path):
    path = device(tmp_path / "full", FULL_DEVICE)
    link = tmp_path / "stats.csv"
    link.symlink_to("full")
    with pytest.raises(InputError, match="the disk is full"):
        write_text_atomic(link, "x")
    assert link.is_symlink() and is_char_device(path, FULL_DEVICE)


def test_loop_of_links_is_one_line(tmp_path):
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    with pytest.raises(InputError) as caught:
        write_text_atomic(tmp_path / "a", "x")
    assert "loop of symbolic links" in one_line(caught)
    assert os.readlink(tmp_path / "a") == "b" and os.readlink(tmp_path / "b") == "a"


def test_link_to_a_folder_is_the_folder_message(tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "out").symlink_to("folder")
    with pytest.raises(InputError, match="is a folder; give a file name inside it"):
        write_text_atomic(tmp_path / "out", "x")
    assert (tmp_path / "out").is_symlink()


# -- failures and interruptions --------------------------------------------------------------------


@pytest.mark.parametrize("error", [OSError, ValueError, KeyboardInterrupt])
def test_failure_mid_stream_keeps_the_old_file(tmp_path, error):
    path = tmp_path / "trace.json"
    path.write_text("old content")
    with pytest.raises((InputError, ValueError, KeyboardInterrupt)):
        write_chunks_atomic(path, broken_chunks(error=error))
    assert path.read_text() == "old content"
    assert leftovers(tmp_path) == [] and set() == atomic._LIVE_TEMPORARIES


def test_temporary_is_registered_while_written_and_forgotten_after(tmp_path):
    seen = []

    def chunks():
        seen.extend(leftovers(tmp_path))
        seen.append(set(atomic._LIVE_TEMPORARIES))
        yield "done"

    write_text_atomic(tmp_path / "warm-up", "")  # the folder exists; only the new file's temporary counts
    write_chunks_atomic(tmp_path / "a.txt", chunks())
    name, registered = seen
    assert name.startswith(".a.txt.") and registered == {tmp_path / name}
    assert set() == atomic._LIVE_TEMPORARIES and leftovers(tmp_path) == []


def test_exit_with_a_write_still_running_removes_its_temporary(tmp_path):
    """A thread is mid-write when the program exits: no unwinding reaches it, the atexit hook does."""
    script = textwrap.dedent(
        f"""
        import sys, threading, time
        from pathlib import Path
        from visualizer.safe_files import write_chunks_atomic

        def endless():
            yield "first piece"
            threading.Event().wait()

        folder = Path({str(tmp_path)!r})
        threading.Thread(target=write_chunks_atomic, args=(folder / "big.json", endless()), daemon=True).start()
        while not any(p.name.endswith(".tmp") for p in folder.iterdir()):
            time.sleep(0.01)
        print("temporary seen", flush=True)
        sys.exit(3)
        """
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert result.returncode == 3 and result.stdout == "temporary seen\n", result.stderr
    assert list(tmp_path.iterdir()) == []


# -- several files replaced together ---------------------------------------------------------------


def test_staged_files_appear_only_at_commit(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "a.dot"
    first.write_text("old json")
    group = StagedWrites()
    staged = group.stage(first, ["new ", "json"])
    group.stage(second, ["new dot"])
    assert staged.read_text() == "new json" and staged.parent == tmp_path  # readable before the commit
    assert first.read_text() == "old json" and not second.exists()
    group.commit()
    assert first.read_text() == "new json" and second.read_text() == "new dot"
    assert leftovers(tmp_path) == [] and set() == atomic._LIVE_TEMPORARIES


def test_second_file_failing_leaves_both_old(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "a.dot"
    first.write_text("old json")
    second.write_text("old dot")
    with pytest.raises(InputError), StagedWrites() as group:
        group.stage(first, ["new json"])
        group.stage(second, broken_chunks())
    assert first.read_text() == "old json" and second.read_text() == "old dot"
    assert leftovers(tmp_path) == [] and set() == atomic._LIVE_TEMPORARIES


def test_interrupt_between_staging_and_commit_leaves_both_old(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "a.dot"
    first.write_text("old json")
    second.write_text("old dot")
    with pytest.raises(KeyboardInterrupt), StagedWrites() as group:
        group.stage(first, ["new json"])
        group.stage(second, ["new dot"])
        raise KeyboardInterrupt
    assert first.read_text() == "old json" and second.read_text() == "old dot"
    assert leftovers(tmp_path) == []


@as_root
def test_a_failing_device_in_a_group_stops_it_before_any_rename(tmp_path):
    regular = tmp_path / "a.json"
    regular.write_text("old json")
    full = device(tmp_path / "a.dot", FULL_DEVICE)
    with pytest.raises(InputError, match="the disk is full"), StagedWrites() as group:
        group.stage(regular, ["new json"])
        group.stage(full, ["new dot"])
    assert regular.read_text() == "old json" and is_char_device(full, FULL_DEVICE)
    assert leftovers(tmp_path) == [] and set() == atomic._LIVE_TEMPORARIES


def test_a_fifo_without_reader_in_a_group_is_refused_when_staged(tmp_path):
    fifo = tmp_path / "a.dot"
    os.mkfifo(fifo)
    group = StagedWrites()
    with pytest.raises(InputError, match="nobody is reading the FIFO"):
        group.stage(fifo, ["x"])
    group.discard()
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


# -- write_trace_files: JSON, DOT and images together ----------------------------------------------


@pytest.fixture
def trace():
    return trace_search(builtin_example(), "alphabeta")


def old_files(folder, *names):
    for name in names:
        (folder / name).write_text(f"old {name}")


def test_trace_files_all_old_when_the_dot_fails(tmp_path, trace, monkeypatch):
    old_files(tmp_path, "t.json", "t.dot")
    monkeypatch.setattr(formats, "dot_chunks", lambda trace: broken_chunks("digraph {", ValueError))
    with pytest.raises(ValueError):
        write_trace_files(trace, tmp_path, "t", ("json", "dot"))
    assert (tmp_path / "t.json").read_text() == "old t.json" and (tmp_path / "t.dot").read_text() == "old t.dot"
    assert leftovers(tmp_path) == []


def fake_dot(folder, body):
    """A `dot` program (a shell script) that records its arguments in ARGS and then runs `body`."""
    program = folder / "bin" / "dot"
    program.parent.mkdir()
    program.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{folder / "ARGS"}"\n{body}\n')
    program.chmod(0o755)
    return program


def test_trace_files_all_old_when_painting_fails(tmp_path, trace, monkeypatch):
    def broken_painter(drawing):
        raise RenderError("the painter failed")

    monkeypatch.setattr(formats, "to_svg", broken_painter)
    old_files(tmp_path, "t.json", "t.dot", "t.svg")
    with pytest.raises(RenderError):
        write_trace_files(trace, tmp_path, "t", ("json", "dot", "svg"))
    names = ("t.json", "t.dot", "t.svg")
    assert [(tmp_path / name).read_text() for name in names] == ["old t.json", "old t.dot", "old t.svg"]
    assert leftovers(tmp_path) == []


def test_trace_files_keep_the_registry_order_then_the_frames(tmp_path, trace):
    written = write_trace_files(trace, tmp_path / "out", "t", ("svg", "json", "dot"), frames=True)
    names = [path.name for path in written]
    steps = len(trace.events)
    assert names[:3] == ["t.json", "t.dot", "t.svg"]
    assert names[3 : 3 + steps] == [f"t-{step:04d}.dot" for step in range(1, steps + 1)]
    assert names[3 + steps :] == [f"t-{step:04d}.svg" for step in range(1, steps + 1)]
    assert (tmp_path / "out" / "t.svg").read_text() == svg.to_svg(Figure(trace).still())
    assert (tmp_path / "out" / "t.json").read_text() == to_json(trace)
    assert leftovers(tmp_path / "out") == []


def test_trace_files_need_no_graphviz(tmp_path, trace, monkeypatch):
    monkeypatch.setattr("shutil.which", lambda name: None)
    write_trace_files(trace, tmp_path, "t", ("json", "svg"))
    assert sorted(path.name for path in tmp_path.iterdir()) == ["t.json", "t.svg"]


# -- Graphviz never reads the DOT path as an option ------------------------------------------------


def test_dot_path_starting_with_a_dash_is_passed_absolute(tmp_path, trace, monkeypatch):
    program = fake_dot(tmp_path, "echo '<svg/>'")
    monkeypatch.setattr("shutil.which", lambda name: str(program))
    monkeypatch.chdir(tmp_path)
    dot_path = write_dot(trace, Path("-Tfoo") / "x.dot")
    image = render(dot_path, "svg")
    assert image == Path("-Tfoo/x.svg") and image.read_text() == "<svg/>\n"
    arguments = (tmp_path / "ARGS").read_text().splitlines()
    assert arguments == ["-Tsvg", str(tmp_path / "-Tfoo" / "x.dot")]


@pytest.mark.skipif(not os.path.exists("/usr/bin/dot") and not os.environ.get("CI"), reason="needs Graphviz")
def test_real_dot_renders_from_a_folder_named_like_an_option(tmp_path, trace, monkeypatch):
    monkeypatch.chdir(tmp_path)
    image = render(write_dot(trace, Path("-Tfoo") / "x.dot"), "svg")
    assert image.read_text().lstrip().startswith("<?xml") and sorted(os.listdir("-Tfoo")) == ["x.dot", "x.svg"]


# -- a new file that never overwrites another (screenshots) ----------------------------------------


def test_new_file_never_overwrites(tmp_path):
    (tmp_path / "shot.svg").write_text("first")
    (tmp_path / "shot-2.svg").write_text("second")
    path = write_new_file(tmp_path, "shot", ".svg", "<svg>third</svg>")
    assert path == tmp_path / "shot-3.svg" and path.read_text() == "<svg>third</svg>"
    assert (tmp_path / "shot.svg").read_text() == "first" and (tmp_path / "shot-2.svg").read_text() == "second"
    assert leftovers(tmp_path) == [] and set() == atomic._LIVE_TEMPORARIES


def test_new_file_does_not_follow_a_link_in_the_way(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (tmp_path / "shot.svg").symlink_to("victim.txt")
    path = write_new_file(tmp_path, "shot", ".svg", "<svg/>")
    assert path == tmp_path / "shot-2.svg" and victim.read_text() == "keep me"


# -- long names ------------------------------------------------------------------------------------


def test_name_near_the_limit_still_fits_its_temporary(tmp_path):
    path = tmp_path / ("é" * 120 + ".json")  # 245 bytes: the name fits, a temporary named after all of it would not
    write_text_atomic(path, "{}")
    assert path.read_text() == "{}" and leftovers(tmp_path) == []


def test_name_over_the_limit_is_one_line(tmp_path):
    path = tmp_path / ("b" * 300)
    with pytest.raises(InputError) as caught:
        write_text_atomic(path, "x")
    assert one_line(caught) == f"the file name {'b' * 40}... is too long (255 bytes at most); choose a shorter name"
    assert list(tmp_path.iterdir()) == []
