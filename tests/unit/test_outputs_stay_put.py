"""Tests that outputs stay where they were asked to go (issue 34, point 4): a symbolic link into a missing
folder is refused with nothing created, and multi-file outputs (worksheets, frames, several formats) are
all-or-nothing, with the real cause named in one line."""

from __future__ import annotations

import errno
import os
import signal
import threading
from pathlib import Path

import pytest
from cli_helpers import run_cli
from export_process import terminate_while_writing

from visualizer import safe_files
from visualizer.errors import InputError
from visualizer.export import formats
from visualizer.export.files import write_trace_files
from visualizer.games import from_nested
from visualizer.practice.worksheet_files import INDEX_COLUMNS, WorksheetPage, write_worksheet
from visualizer.safe_files import StagedWrites, write_text_atomic
from visualizer.search import trace_search

TREE = "[[3,12],[2,4]]"  # 7 nodes, 11 events: cheap to draw


def tree_of(folder: Path) -> list[str]:
    """Every name under `folder` (links not followed), sorted: what is on disk."""
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def one_line(caught: pytest.ExceptionInfo[InputError]) -> str:
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.fixture(scope="module")
def trace():
    return trace_search(from_nested(TREE), "alphabeta")


# -- a symbolic link into a missing folder -------------------------------------------------------------------


def test_a_file_link_into_a_missing_folder_is_refused_and_nothing_is_made(tmp_path):
    link = tmp_path / "out.json"
    link.symlink_to("missing/sub/out.json")
    with pytest.raises(InputError) as caught:
        write_text_atomic(link, "{}")
    assert one_line(caught) == (
        f"{link} is a symbolic link to {tmp_path}/missing/sub/out.json, whose folder does not exist; "
        "create the folder or point the link elsewhere"
    )
    assert tree_of(tmp_path) == ["out.json"] and os.readlink(link) == "missing/sub/out.json"


def test_export_through_a_file_link_into_a_missing_folder_is_refused(capsys, tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "t.json").symlink_to("../gone/t.json")
    code, out, err = run_cli(capsys, "export", TREE, "--format", "json", "--name", "t", "--out", str(tmp_path / "out"))
    assert (code, out) == (2, "")
    assert err == (
        f"visualizer: error: {tmp_path}/out/t.json is a symbolic link to {tmp_path}/gone/t.json, whose folder "
        "does not exist; create the folder or point the link elsewhere\n"
    )
    assert tree_of(tmp_path) == ["out", "out/t.json"]


@pytest.mark.parametrize("out", ["link", "link/deeper"])
def test_export_out_through_a_link_to_a_missing_folder_is_refused(capsys, tmp_path, out):
    (tmp_path / "link").symlink_to("missing/sub")
    code, _, err = run_cli(capsys, "export", TREE, "--format", "json,dot", "--out", str(tmp_path / out))
    assert code == 2
    assert err == (
        f"visualizer: error: {tmp_path}/link is a symbolic link to {tmp_path}/missing/sub, a folder that does "
        "not exist; create it or point the link elsewhere\n"
    )
    assert tree_of(tmp_path) == ["link"]


def test_worksheet_out_through_a_link_to_a_missing_folder_is_refused_before_the_search(capsys, tmp_path):
    (tmp_path / "sheets").symlink_to("missing")
    argv = ("worksheet", "--count", "1", "--depth", "2", "--seed", "1", "--out", str(tmp_path / "sheets"))
    code, _, err = run_cli(capsys, *argv)
    assert code == 2 and "looking for exercises" not in err
    assert err == (
        f"visualizer: error: {tmp_path}/sheets is a symbolic link to {tmp_path}/missing, a folder that does "
        "not exist; create it or point the link elsewhere\n"
    )
    assert tree_of(tmp_path) == ["sheets"]


def test_a_link_to_an_existing_folder_still_works(capsys, tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to("real")
    code, _, err = run_cli(capsys, "export", TREE, "--format", "json", "--name", "t", "--out", str(tmp_path / "link"))
    assert code == 0, err
    assert tree_of(tmp_path) == ["link", "real", "real/t.json"]


# -- worksheets: all or nothing ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def page():
    row = dict.fromkeys(INDEX_COLUMNS, 0)
    return WorksheetPage(1, "CODE", trace_search(from_nested(TREE), "alphabeta"), "alpha-beta", "sheet", "key", row)


def test_a_worksheet_whose_index_is_a_folder_writes_nothing(tmp_path, page):
    (tmp_path / "index.csv").mkdir()
    (tmp_path / "exercise-01-sheet.svg").write_text("old sheet")
    with pytest.raises(InputError) as caught:
        write_worksheet([page], tmp_path, ("md", "svg"), heading="h")
    assert one_line(caught) == (
        f"{tmp_path}/index.csv exists and is a folder; move it away or write the files to another folder"
    )
    assert tree_of(tmp_path) == ["exercise-01-sheet.svg", "index.csv"]
    assert (tmp_path / "exercise-01-sheet.svg").read_text() == "old sheet"


def test_a_worksheet_whose_index_cannot_be_renamed_puts_every_old_file_back(tmp_path, page, monkeypatch):
    """The index is renamed last; when that fails (another user's index.csv in a sticky folder), the sheets
    and keys already renamed are undone: the old sheet is back, the new files are gone."""
    (tmp_path / "exercise-01-sheet.svg").write_text("old sheet")
    (tmp_path / "index.csv").write_text("old index")
    real_replace = os.replace

    def refuse_the_index(source, target):
        if Path(target).name == "index.csv":
            raise PermissionError(errno.EPERM, "Operation not permitted")
        real_replace(source, target)

    monkeypatch.setattr(safe_files.os, "replace", refuse_the_index)
    with pytest.raises(InputError) as caught:
        write_worksheet([page], tmp_path, ("md", "svg"), heading="h")
    assert one_line(caught) == (
        f"cannot replace {tmp_path}/index.csv (permission denied); remove it or choose a folder you can write to"
    )
    assert tree_of(tmp_path) == ["exercise-01-sheet.svg", "index.csv"]
    assert (tmp_path / "exercise-01-sheet.svg").read_text() == "old sheet"
    assert (tmp_path / "index.csv").read_text() == "old index"
    assert set() == safe_files._LIVE_TEMPORARIES


def test_a_worksheet_behind_a_file_names_the_file(capsys, tmp_path):
    (tmp_path / "blocker").write_text("mine")
    argv = ("worksheet", "--count", "1", "--depth", "2", "--seed", "1", "--out", str(tmp_path / "blocker" / "w"))
    code, _, err = run_cli(capsys, *argv)
    assert code == 2
    assert err == (
        f"visualizer: error: cannot create the folder {tmp_path}/blocker/w: a file is in the way "
        f"({tmp_path}/blocker); choose another path\n"
    )
    assert tree_of(tmp_path) == ["blocker"] and (tmp_path / "blocker").read_text() == "mine"


# -- exports of several formats, and frames ------------------------------------------------------------------


def test_several_formats_with_one_in_the_way_leave_no_new_file_and_no_new_folder(tmp_path, trace):
    out = tmp_path / "new" / "out"
    out.mkdir(parents=True)
    (out / "t.svg").mkdir()
    with pytest.raises(InputError, match="t.svg exists and is a folder"):
        write_trace_files(trace, out, "t", ("json", "dot", "svg"))
    assert tree_of(tmp_path) == ["new", "new/out", "new/out/t.svg"]


def test_several_formats_failing_at_the_last_rename_undo_the_others(tmp_path, trace, monkeypatch):
    (tmp_path / "t.json").write_text("old json")
    real_replace = os.replace

    def full_at_the_svg(source, target):
        if str(target).endswith(".svg"):
            raise OSError(errno.ENOSPC, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(safe_files.os, "replace", full_at_the_svg)
    with pytest.raises(InputError, match="the disk is full while writing"):
        write_trace_files(trace, tmp_path, "t", ("json", "dot", "svg"))
    assert tree_of(tmp_path) == ["t.json"] and (tmp_path / "t.json").read_text() == "old json"


def test_frames_are_all_or_nothing(tmp_path, trace):
    """The fifth SVG frame's name is a folder: no frame, no still and no folder made for them remain."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "t-0005.svg").mkdir()
    (out / "t-0001.dot").write_text("old frame")
    with pytest.raises(InputError, match="t-0005.svg exists and is a folder"):
        write_trace_files(trace, out, "t", ("dot", "svg"), frames=True)
    assert tree_of(tmp_path) == ["out", "out/t-0001.dot", "out/t-0005.svg"]
    assert (out / "t-0001.dot").read_text() == "old frame"


def test_frames_failing_mid_drawing_leave_no_temporary_and_no_folder(tmp_path, trace, monkeypatch):
    drawn = []

    def breaks_at_the_third(job, drawing):
        drawn.append(drawing)
        if len(drawn) == 4:  # the still, then frames 1, 2 and 3
            raise KeyboardInterrupt
        return "<svg/>"

    monkeypatch.setitem(formats.EXPORT_FORMATS, "svg", formats._picture("svg", "svg", breaks_at_the_third))
    with pytest.raises(KeyboardInterrupt):
        write_trace_files(trace, tmp_path / "made", "t", ("svg",), frames=True)
    assert tree_of(tmp_path) == [] and set() == safe_files._LIVE_TEMPORARIES


def test_examples_are_one_set(capsys, tmp_path):
    """`export --examples` writes seven searches: one in the way, none of the others is written."""
    (tmp_path / "nim6-alphabeta.dot").mkdir()
    code, out, err = run_cli(capsys, "export", "--examples", "--format", "json,dot", "--out", str(tmp_path))
    assert (code, out) == (2, "")
    assert err == (
        f"visualizer: error: {tmp_path}/nim6-alphabeta.dot exists and is a folder; move it away or write the files "
        "to another folder\n"
    )
    assert tree_of(tmp_path) == ["nim6-alphabeta.dot"]


def test_a_group_interrupted_between_renames_puts_the_old_files_back(tmp_path, monkeypatch):
    """A signal that lands between two renames (in a thread where it cannot be held back) is undone too."""
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text("old a")
    real_replace = os.replace

    def interrupted(source, target):
        if Path(target) == second:
            raise KeyboardInterrupt
        real_replace(source, target)

    monkeypatch.setattr(safe_files.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt), StagedWrites() as group:
        group.stage(first, ["new a"])
        group.stage(second, ["new b"])
    assert tree_of(tmp_path) == ["a.json"] and first.read_text() == "old a"
    assert set() == safe_files._LIVE_TEMPORARIES


def test_a_signal_during_the_renames_waits_until_the_last(tmp_path, monkeypatch):
    """SIGTERM sent between two renames is held back: the set is renamed whole, then the signal arrives."""
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("Python handles signals in the main thread only")

    class Stopped(Exception):
        pass

    def stop(signum, frame):
        raise Stopped

    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text("old a")
    real_replace = os.replace

    def replace_then_signal(source, target):
        real_replace(source, target)
        if Path(target) == first:
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(safe_files.os, "replace", replace_then_signal)
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        with pytest.raises(Stopped), StagedWrites() as group:
            group.stage(first, ["new a"])
            group.stage(second, ["new b"])
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert tree_of(tmp_path) == ["a.json", "b.json"]
    assert (first.read_text(), second.read_text()) == ("new a", "new b")
    assert set() == safe_files._LIVE_TEMPORARIES


def test_sigterm_while_frames_are_staged_leaves_no_frame_and_no_temporary(tmp_path):
    """A real export killed while its DOT frames are written: the old frame is kept, no new one appears."""
    (tmp_path / "t-0001.dot").write_text("old frame")
    argv = ["--random", "--leaves", "32", "--seed", "1", "--format", "dot", "--frames", "--name", "t"]
    result = terminate_while_writing(tmp_path, argv, ".t-0")
    assert result.returncode == 143 and "Traceback" not in result.stderr, result.stderr
    assert result.stdout == ""
    assert tree_of(tmp_path) == ["t-0001.dot"] and (tmp_path / "t-0001.dot").read_text() == "old frame"
