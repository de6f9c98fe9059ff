"""Provides where an output lands and why it cannot: a symbolic link followed to its target (never into a
folder that does not exist), the folders to make on the way (and to remove again), a device or FIFO opened to
be written straight, and the one line that explains an OSError. `safe_files` writes through these."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

from visualizer.errors import InputError

__all__ = [
    "check_output_folder",
    "explain",
    "folder_error",
    "folders_to_make",
    "is_folder",
    "landing_path",
    "make_folders",
    "open_special",
    "remove_folders",
]

_FULL_DISK = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_NO_ACCESS = {errno.EACCES, errno.EPERM, errno.EROFS}


def is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def folder_error(path: Path, *, named: bool = True) -> InputError:
    """`path`, a file to write, is a folder: named by the user (give a file inside it), or one of the files
    of a multi-file output (move it away)."""
    if named:
        return InputError(f"{path} is a folder; give a file name inside it, e.g. {path / 'trace.json'}")
    return InputError(f"{path} exists and is a folder; move it away or write the files to another folder")


def explain(error: OSError, path: Path, *, replacing: bool = False) -> InputError:
    """An OSError met while writing `path` (or, `replacing`, renaming a finished file onto it), as one line
    saying what to do."""
    folder = path.parent
    if error.errno in _FULL_DISK:
        return InputError(f"the disk is full while writing {path}; free some space or write to another disk")
    if replacing and isinstance(error, IsADirectoryError):
        return folder_error(path, named=False)
    if replacing and (error.errno in _NO_ACCESS or isinstance(error, PermissionError)):
        return InputError(f"cannot replace {path} (permission denied); remove it or choose a folder you can write to")
    if error.errno in _NO_ACCESS or isinstance(error, PermissionError):
        return InputError(f"cannot write to the folder {folder} (permission denied); choose a folder you can write to")
    if isinstance(error, IsADirectoryError) or is_folder(path):
        return folder_error(path)
    if isinstance(error, (NotADirectoryError, FileExistsError)):
        return InputError(f"cannot create the folder {folder}: a file is in the way; choose another path")
    if error.errno == errno.EPIPE:
        return InputError(f"the reader of {path} stopped before the end; keep it reading or choose a regular file")
    if error.errno == errno.ELOOP:
        return InputError(f"{path} is a loop of symbolic links; point the link at a file or choose another path")
    if error.errno == errno.ENAMETOOLONG:
        return InputError(f"the file name {path.name[:40]}... is too long (255 bytes at most); choose a shorter name")
    reason = error.strerror or str(error)
    return InputError(f"cannot write {path}: {reason}; choose another path")


# -- where a write lands: links followed, but no folder made through one ---------------------------


def landing_path(path: Path, *, named: bool = True) -> Path:
    """The file a write to `path` lands in: `path`, or the end of its chain of links (maybe missing, but
    then in a folder that exists: a link into a missing folder is refused, so none is made for it)."""
    target = path
    try:
        if os.path.islink(path):
            target = Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:
        target = Path(os.path.realpath(path))
        if not is_folder(target.parent):
            raise InputError(
                f"{path} is a symbolic link to {target}, whose folder does not exist; "
                "create the folder or point the link elsewhere"
            ) from None
    except OSError as error:
        raise explain(error, path) from None
    if is_folder(target):
        raise folder_error(path, named=named)
    return target


def folders_to_make(folder: Path) -> list[Path]:
    """The folders missing on the way to `folder`, outermost first. Refuses, creating nothing, a file in
    the way and a symbolic link to a folder that does not exist."""
    missing: list[Path] = []
    for place in (folder, *folder.parents):
        try:
            mode = os.stat(place).st_mode
        except (FileNotFoundError, NotADirectoryError):
            if os.path.islink(place):
                raise InputError(
                    f"{place} is a symbolic link to {os.path.realpath(place)}, a folder that does not exist; "
                    "create it or point the link elsewhere"
                ) from None
            missing.append(place)  # (under a file: the file is met further up)
            continue
        except OSError as error:
            raise explain(error, place) from None
        if not stat.S_ISDIR(mode):
            where = "" if place == folder else f" ({place})"
            raise InputError(f"cannot create the folder {folder}: a file is in the way{where}; choose another path")
        break
    return missing[::-1]


def check_output_folder(folder: str | Path) -> None:
    """Refuses at once, in one line, an output folder that cannot be made (a file in the way, a symbolic link
    to a missing folder), before any work; nothing is created."""
    folders_to_make(Path(folder))


def make_folders(folder: Path, made: list[Path]) -> None:
    """Creates `folder` and the missing folders above it (as `folders_to_make` allows), adding each to `made`."""
    for place in folders_to_make(folder):
        try:
            os.mkdir(place)
        except FileExistsError:
            if not is_folder(place):  # made meanwhile, by another program
                raise InputError(
                    f"cannot create the folder {folder}: a file is in the way; choose another path"
                ) from None
            continue
        except OSError as error:
            raise explain(error, place) from None
        made.append(place)


def remove_folders(made: list[Path]) -> None:
    """Removes the folders a failed write made, innermost first (only empty ones: never another's file)."""
    for folder in reversed(made):
        with contextlib.suppress(OSError):
            os.rmdir(folder)
    made.clear()


def open_special(target: Path) -> int | None:
    """Opens a device or FIFO at `target` to write straight into it (a FIFO nobody reads is refused
    instead of hanging); None for a regular or missing file."""
    try:
        mode = os.stat(target).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None  # created (or explained) by the regular path
    except OSError as error:
        raise explain(error, target) from None
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISSOCK(mode):
        raise InputError(f"{target} is a socket, not a file; choose a regular file")
    if not (stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISFIFO(mode)):
        raise InputError(f"{target} is not a regular file, a device or a FIFO; choose a regular file")
    try:
        descriptor = os.open(target, os.O_WRONLY | os.O_NOCTTY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        if stat.S_ISFIFO(mode) and error.errno == errno.ENXIO:
            raise InputError(
                f"nobody is reading the FIFO {target}; start the reader first or choose a regular file"
            ) from None
        raise explain(error, target) from None
    if stat.S_ISREG(os.fstat(descriptor).st_mode):  # replaced by a regular file since the stat
        os.close(descriptor)
        return None
    os.set_blocking(descriptor, True)
    return descriptor
