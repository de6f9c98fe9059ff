"""Provides the output-path cases: files to write that are devices, FIFOs, symlinks, folders or in missing folders."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

__all__ = ["FILE_KINDS", "FOLDER_KINDS", "OLD", "OutputCase", "WRITE_OPTIONS", "output_cases"]

WRITE_OPTIONS = {"out", "csv", "plot"}
"""Destinations of the options that name a file or folder to write: `export --out`, `stats --csv/--plot`."""

OLD = b"old content that must survive a refused write\n"
"""What every existing regular file holds before the command runs."""

FILE_KINDS = ("regular", "fifo", "dev-full", "dev-null", "symlink", "dangling", "folder")
"""What sits where a file is to be written: a regular file with old content, a FIFO with no reader,
/dev/full, /dev/null (character devices made with mknod), a symlink to a regular file, a symlink to
nothing, or a folder."""

FOLDER_KINDS = ("existing", "missing", "file")
"""The folder the files go to: an existing one, a missing `a/b/c`, or a regular file (the way to make a
folder unwritable when running as root, who may write anywhere)."""

REFUSED = {"fifo", "dev-full", "folder"}
"""File kinds that cannot take the output: the command must say so in one line and exit 2."""

_DEVICES = {"dev-full": os.makedev(1, 7), "dev-null": os.makedev(1, 3)}

_STATS = ("stats", "--leaves", "8", "--trials", "1", "--seed", "1")
_EXPORT = ("export", "--array", "7", "--name", "t")  # one node: every format, few frames


def is_complete(path: Path) -> bool:
    """True when `path` holds a whole file of its kind (by extension): the new output, not a piece."""
    data = path.read_bytes()
    suffix = path.suffix
    try:
        if suffix == ".csv":
            rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
            return (
                data.endswith(b"\n")
                and len(rows) >= 2
                and rows[0][0] == "leaves"
                and (len({len(row) for row in rows}) == 1)
            )
        if suffix == ".json":
            return isinstance(json.loads(data), dict)
        if suffix == ".dot":
            text = data.decode("utf-8").strip()
            return text.startswith(("digraph", "strict digraph")) and text.endswith("}")
        if suffix == ".svg":
            return b"<svg" in data[:2000] and data.rstrip().endswith(b"</svg>")
        if suffix == ".png":
            return data.startswith(b"\x89PNG\r\n\x1a\n") and data.endswith(b"IEND\xaeB`\x82")
        if suffix == ".pdf":
            return data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
        if suffix == ".gif":
            return data.startswith(b"GIF89a") and data.endswith(b";")
        if suffix == ".tex":
            text = data.decode("ascii")
            return text.rstrip().endswith(("\\endgroup%", "\\end{document}"))  # the picture, the slides
    except (UnicodeDecodeError, ValueError):
        return False
    raise ValueError(f"no completeness check for {path}")


@dataclass(frozen=True)
class OutputCase:
    """One command writing one or more files, each given a kind, into a folder of a kind."""

    command: str
    targets: tuple[tuple[str, str], ...]
    """(file name, file kind) of each file the command writes."""
    folder_kind: str
    formats: str = ""

    def folder_text(self) -> str:
        """The folder the files go to, relative to the work folder ('' for the work folder itself)."""
        base = "out" if self.command == "export" else ""
        if self.folder_kind == "missing":
            return "a/b/c"
        if self.folder_kind == "file":
            return "file.txt"
        return base

    def argv(self) -> list[str]:
        """The command line: a small valid command plus the output options."""
        folder = self.folder_text()
        if self.command == "export":
            return [*_EXPORT, "--format", self.formats, "--out", folder]
        argv = list(_STATS)
        for name, _ in self.targets:
            option = "--csv" if name.endswith(".csv") else "--plot"
            argv += [option, str(Path(folder, name)) if folder else name]
        return argv

    def expected_codes(self) -> set[int]:
        """The exit codes that are right for this case."""
        if self.folder_kind == "file" or any(kind in REFUSED for _, kind in self.targets):
            return {2}
        if self.folder_kind == "missing":
            return {0, 2}
        return {0}

    def prepare(self, work: Path) -> None:
        """Creates the folder and what sits at each target path before the command runs."""
        (work / "file.txt").write_bytes(OLD)
        if self.folder_kind != "existing":
            return
        folder = work / self.folder_text()
        folder.mkdir(parents=True, exist_ok=True)
        for name, kind in self.targets:
            path = folder / name
            if kind == "regular":
                path.write_bytes(OLD)
            elif kind == "fifo":
                os.mkfifo(path)
            elif kind in _DEVICES:
                os.mknod(path, stat.S_IFCHR | 0o600, _DEVICES[kind])
            elif kind == "symlink":
                (work / f"real-{name}").write_bytes(OLD)
                path.symlink_to(os.path.relpath(work / f"real-{name}", folder))
            elif kind == "dangling":
                path.symlink_to(os.path.relpath(work / f"gone-{name}", folder))
            elif kind == "folder":
                path.mkdir()
                (path / "keep.txt").write_bytes(OLD)

    def problems(self, work: Path, code: object) -> list[str]:
        """What is wrong on disk (and with the exit code) after the command ran."""
        found = []
        if code not in self.expected_codes():
            found.append(f"exit code {code!r}, expected {sorted(self.expected_codes())}")
        if (work / "file.txt").read_bytes() != OLD or not (work / "file.txt").is_file():
            found.append("file.txt (in the way of a folder) was changed")
        folder = work / self.folder_text()
        for name, kind in self.targets:
            path = folder / name
            found.extend(f"{name} ({kind}): {problem}" for problem in _target_problems(path, kind, code, work))
        return found


def _content_problems(path: Path, written: bool) -> list[str]:
    """A file that must be whole: the old content, or (after exit 0, only) the complete new one."""
    if not path.exists():
        return ["missing after exit 0"] if written else []
    if not path.is_file():
        return ["no longer a regular file"]
    data = path.read_bytes()
    if data == OLD:
        return ["left with the old content after exit 0"] if written else []
    return [] if is_complete(path) else [f"damaged: neither the old content nor a complete file ({data[:60]!r})"]


def _target_problems(path: Path, kind: str, code: object, work: Path) -> list[str]:
    written = code == 0
    if kind == "regular":
        if path.is_symlink():
            return ["became a symlink"]
        return _content_problems(path, written)
    if kind in ("symlink", "dangling"):
        pointee = work / f"{'real' if kind == 'symlink' else 'gone'}-{path.name}"
        if not path.is_symlink():
            return ["the symlink was replaced by a plain file (or removed)"]
        if os.path.realpath(path) != os.path.realpath(pointee):
            return ["the symlink points elsewhere"]
        return _content_problems(pointee, written)
    if kind == "fifo":
        return [] if path.is_fifo() else ["no longer a FIFO"]
    if kind in _DEVICES:
        info = os.lstat(path)
        return [] if stat.S_ISCHR(info.st_mode) and info.st_rdev == _DEVICES[kind] else ["no longer the device"]
    if kind == "folder":
        if not path.is_dir() or path.is_symlink():
            return ["no longer a folder"]
        return [] if (path / "keep.txt").read_bytes() == OLD else ["the file inside the folder changed"]
    if kind == "none":
        return _content_problems(path, written)
    raise ValueError(f"unknown kind {kind}")


_EXPORT_FILES = {
    "json": ("t.json",),
    "dot": ("t.dot",),
    "json,dot": ("t.json", "t.dot"),
    "svg": ("t.svg",),
    "json,dot,png": ("t.json", "t.dot", "t.png"),
    "pdf,gif": ("t.pdf", "t.gif"),
    "tex": ("t.tex", "t-slides.tex"),
}


@st.composite
def output_cases(draw: st.DrawFn, *, devices: bool) -> OutputCase:
    """A writer (`stats --csv/--plot` or `export --out`), a kind for each file it writes, and a folder kind.

    Args:
        devices: whether FIFOs and device files may be drawn (mknod needs root).
    """
    kinds = [kind for kind in FILE_KINDS if devices or kind not in ("fifo", "dev-full", "dev-null")]
    folder_kind = draw(st.sampled_from(FOLDER_KINDS))
    file_kind = st.sampled_from(kinds) if folder_kind == "existing" else st.just("none")
    if draw(st.booleans()):
        formats = draw(st.sampled_from(sorted(_EXPORT_FILES)))
        targets = tuple((name, draw(file_kind)) for name in _EXPORT_FILES[formats])
        return OutputCase("export", targets, folder_kind, formats)
    names = draw(st.sampled_from([("study.csv",), ("study.svg",), ("study.png",), ("study.csv", "study.svg")]))
    return OutputCase("stats", tuple((name, draw(file_kind)) for name in names), folder_kind)
