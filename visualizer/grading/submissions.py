"""Provides `find_submissions`: the students' submissions that `grade` takes, from files and class folders.

A .py file is one submission. A folder given on the command line is a class: each .py file in it is one
student's, and each sub-folder is one student's, with one entry file (the only .py file, or the only one that
defines the graded function). For Gradescope, a folder is the one submission it holds (`whole=True`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from visualizer.errors import InputError, one_line
from visualizer.input_files import special_kind

__all__ = ["MAX_SUBMISSIONS", "Submission", "find_submissions"]

MAX_SUBMISSIONS = 2000
"""The most submissions one `grade` takes (a class of any size; more is a wrong folder)."""

MAX_ENTRY_SEARCH = 200
"""The most .py files looked at in one student's folder for the entry file."""


@dataclass(frozen=True)
class Submission:
    """One student's work: a name for the roster (the file's stem or the folder's name), the file to grade, or
    why there is none (`problem`: the roster says so and the others go on)."""

    name: str
    entry: Path | None
    problem: str | None = None


def find_submissions(paths: list[str], function: str, *, whole: bool = False) -> list[Submission]:
    """The submissions in `paths`, in the order given (a folder's, by name). A path that does not exist, or
    a folder with no submission at all, is an InputError: the teacher mistyped it."""
    found: list[Submission] = []
    for given in paths:
        path = Path(given)
        if not path.exists():
            raise InputError(one_line(f"{given}: no such file or folder; give students' .py files or class folders"))
        if not path.is_dir():
            found.append(_file_submission(path))
        elif whole:
            found.append(_folder_submission(path, function))
        else:
            students = [
                _folder_submission(entry, function) if entry.is_dir() else _file_submission(entry)
                for entry in sorted(path.iterdir())
                if not entry.name.startswith((".", "_")) and (entry.is_dir() or entry.suffix == ".py")
            ]
            if not students:
                raise InputError(one_line(f"{given} holds no .py file and no folder: give a class folder"))
            found += students
        if len(found) > MAX_SUBMISSIONS:
            raise InputError(f"over {MAX_SUBMISSIONS:,} submissions: grade a class at a time")
    return _unique_names(found)


def _file_submission(path: Path) -> Submission:
    """A student's file; a FIFO, socket or device (never opened: it could wait forever) is one with a problem."""
    kind = _special_kind(path)
    if kind is None:
        return Submission(path.stem, path)
    return Submission(path.stem, None, f"{path.name} is {kind}, not a file; submit the .py file itself")


def _special_kind(path: Path) -> str | None:
    """What `path` is when it is neither a regular file nor a folder (see `special_kind`), from `os.stat` alone."""
    try:
        kind = special_kind(path.stat().st_mode)
    except OSError:  # gone, or a loop of links: grading it says why
        return None
    return None if kind == "a folder" else kind


def _folder_submission(folder: Path, function: str) -> Submission:
    """A student's folder: its entry file, or the problem that keeps it from being graded."""
    shown = (path for path in folder.rglob("*.py") if not any(part.startswith(".") for part in path.parts))
    files = sorted(path for path in shown if not path.is_dir())  # a folder may be named x.py too
    files = files[:MAX_ENTRY_SEARCH]
    special = next(((path, kind) for path in files if (kind := _special_kind(path)) is not None), None)
    if special is not None:  # never opened: reading a FIFO or device could wait forever
        path, kind = special
        return Submission(folder.name, None, f"{folder.name}: {path.relative_to(folder)} is {kind}, not a file")
    if len(files) == 1:
        return Submission(folder.name, files[0])
    if not files:
        return Submission(folder.name, None, f"{folder.name} holds no .py file")
    defines = re.compile(rf"^(async\s+)?def\s+{re.escape(function)}\s*\(", re.MULTILINE)
    entries = [path for path in files if defines.search(path.read_text("utf-8", "replace"))]
    if len(entries) == 1:
        return Submission(folder.name, entries[0])
    names = ", ".join(str(path.relative_to(folder)) for path in (entries or files)[:4])
    if entries:
        return Submission(folder.name, None, f"{folder.name}: several files define {function} ({names}); keep one")
    return Submission(folder.name, None, f"{folder.name}: no file defines {function} (it holds {names})")


def _unique_names(found: list[Submission]) -> list[Submission]:
    """The submissions with names told apart (alice, alice-2, ...): the roster's rows and the report files."""
    seen: set[str] = set()
    unique = []
    for submission in found:
        base = _safe_name(submission.name)
        name, number = base, 1
        while name.lower() in seen:
            number += 1
            name = f"{base}-{number}"
        seen.add(name.lower())
        unique.append(Submission(name, submission.entry, submission.problem))
    return unique


def _safe_name(name: str) -> str:
    """`name` as a file name on every system: letters, digits, '-', '_' and '.' kept, the rest '_'."""
    safe = re.sub(r"[^\w.-]", "_", name, flags=re.ASCII).strip(".") or "student"
    return safe[:80]
