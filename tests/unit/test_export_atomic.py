"""Tests atomic writes: a file is replaced whole or left as it was, and failures are one clear line."""

import errno
import os
import stat

import pytest

from visualizer import safe_files as atomic
from visualizer.errors import InputError
from visualizer.safe_files import write_chunks_atomic, write_text_atomic

OLD = "old content\n"


@pytest.fixture
def existing(tmp_path):
    path = tmp_path / "trace.json"
    path.write_text(OLD, encoding="utf-8")
    return path


def only_file(path):
    """The folder holds the target and nothing else (no temporary file left behind)."""
    return sorted(p.name for p in path.parent.iterdir()) == [path.name]


def one_line(error):
    message = str(error.value)
    assert "\n" not in message
    return message


def test_writes_text_as_utf8_and_returns_the_path(tmp_path):
    path = write_text_atomic(tmp_path / "a.txt", "héllo ∑\n")
    assert path == tmp_path / "a.txt"
    assert path.read_bytes() == "héllo ∑\n".encode()
    assert only_file(path)


def test_replaces_an_existing_file(existing):
    write_text_atomic(existing, "new\n")
    assert existing.read_text(encoding="utf-8") == "new\n"
    assert only_file(existing)


def test_writes_bytes(tmp_path):
    path = write_chunks_atomic(tmp_path / "image.png", [b"\x89PNG\x00\xff"])
    assert path.read_bytes() == b"\x89PNG\x00\xff"


def test_creates_missing_folders(tmp_path):
    path = write_text_atomic(tmp_path / "a" / "b" / "c.json", "{}\n")
    assert path.read_text(encoding="utf-8") == "{}\n"


def test_new_file_mode_follows_the_umask(tmp_path):
    umask = os.umask(0o022)
    try:
        path = write_text_atomic(tmp_path / "new.json", "x")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_existing_file_keeps_its_mode(existing):
    existing.chmod(0o640)
    write_text_atomic(existing, "new")
    assert stat.S_IMODE(existing.stat().st_mode) == 0o640


def test_failed_replace_leaves_the_old_file_and_no_temporary(existing, monkeypatch):
    def broken_replace(source, target):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(InputError) as caught:
        write_text_atomic(existing, "new content that must not appear")
    assert "cannot write" in one_line(caught) and "Input/output error" in str(caught.value)
    assert existing.read_text(encoding="utf-8") == OLD
    assert only_file(existing)


def test_full_disk_mid_write(existing, monkeypatch):
    def full(descriptor):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(InputError) as caught:
        write_text_atomic(existing, "x" * 100_000)
    assert one_line(caught) == f"the disk is full while writing {existing}; free some space or write to another disk"
    assert existing.read_text(encoding="utf-8") == OLD
    assert only_file(existing)


def test_interrupt_mid_write_removes_the_temporary(existing, monkeypatch):
    def interrupted(descriptor):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_text_atomic(existing, "new")
    assert existing.read_text(encoding="utf-8") == OLD
    assert only_file(existing)


def test_path_that_is_a_folder(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    with pytest.raises(InputError) as caught:
        write_text_atomic(folder, "x")
    assert one_line(caught).startswith(f"{folder} is a folder; give a file name inside it")
    assert list(folder.iterdir()) == []


def test_a_file_in_the_way_of_the_folder(tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("I am a file", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        write_text_atomic(blocker / "trace.json", "x")
    assert "a file is in the way" in one_line(caught)
    assert blocker.read_text(encoding="utf-8") == "I am a file"


def test_unwritable_folder_reported_plainly(tmp_path, monkeypatch):
    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(atomic.os, "open", denied)
    with pytest.raises(InputError) as caught:
        write_text_atomic(tmp_path / "trace.json", "x")
    assert one_line(caught) == (
        f"cannot write to the folder {tmp_path} (permission denied); choose a folder you can write to"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root may write to read-only folders")
def test_read_only_folder_for_real(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(InputError, match="permission denied"):
            write_text_atomic(folder / "trace.json", "x")
    finally:
        folder.chmod(0o700)
