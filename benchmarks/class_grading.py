"""Provides the class-grading rows (issue 33): a class of 30 submissions (right, buggy, crashing, looping,
unloadable and hostile: the student files of tests/students/) graded in parallel and one at a time, with the
roster checked against what each file is known to do. `python -m benchmarks.class_grading` runs it alone."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.exports import REPOSITORY
from benchmarks.report import Row, format_table

__all__ = ["CLASS", "build_class", "class_rows"]

STUDENTS = REPOSITORY / "tests" / "students"

CLASS = {
    **dict.fromkeys(("ana", "ben", "chloe", "dev"), ("correct", "passed")),
    "farah": ("prints_a_lot", "passed"),
    "gus": ("helper_functions", "passed"),
    "hana": ("other_numbers", "passed"),
    "ivan": ("leaves_a_process", "passed"),
    "jo": ("never_prunes", "failed"),
    "kai": ("window_not_passed", "failed"),
    "lena": ("fail_hard", "failed"),
    "max": ("right_to_left", "failed"),
    "nia": ("same_player", "failed"),
    "omar": ("wrong_bound", "failed"),
    "pia": ("beta_from_alpha", "failed"),
    "quinn": ("first_child_only", "failed"),
    "rosa": ("two_children_only", "failed"),
    "sam": ("wrong_value", "failed"),
    "tara": ("returns_none", "failed"),
    "ugo": ("raises", "failed"),
    "vera": ("loops_forever", "failed"),
    "wes": ("eats_memory", "failed"),
    "xena": ("recurses_forever", "failed"),
    "yuri": ("exits", "failed"),
    "zack": ("writes_to_the_grader", "interfered"),
    "abe": ("syntax_error", "unusable"),
    "bea": ("no_function", "unusable"),
    "cal": ("wrong_signature", "unusable"),
    "dina": ("asks_the_engine", "failed"),
}
"""The class: each student's file (from tests/students/) and the verdict it must get."""

OPTIONS = ("--trees", "20", "--seed", "1", "--timeout", "1")
"""22 trees each; a second per tree, so that the looping file takes 22 s, not 220."""


def build_class(folder: Path) -> Path:
    """Writes the class into `folder`: a file per student, and one student (zoe) as a folder of two files."""
    folder.mkdir(parents=True, exist_ok=True)
    for student, (source, _) in CLASS.items():
        shutil.copy(STUDENTS / f"{source}.py", folder / f"{student}.py")
    (folder / "zoe").mkdir(exist_ok=True)
    shutil.copy(STUDENTS / "correct.py", folder / "zoe" / "alphabeta.py")
    (folder / "zoe" / "board.py").write_text("SIZE = 3\n")
    return folder


def _grade(folder: Path, out: Path, jobs: int) -> tuple[float, dict]:
    command = [sys.executable, "-m", "visualizer", "grade", str(folder), *OPTIONS, "--jobs", str(jobs)]
    started = time.perf_counter()
    subprocess.run([*command, "--out", str(out)], check=True, capture_output=True, cwd=folder.parent)
    return time.perf_counter() - started, json.loads((out / "roster.json").read_text())


def class_rows(scratch: Path) -> list[Row]:
    """The class graded with every core and with one: the wall times, their ratio, and whether the roster
    gives every student the verdict their file must get."""
    folder = build_class(scratch / "class")
    parallel, roster = _grade(folder, scratch / "grades", jobs=_cores())
    alone, _ = _grade(folder, scratch / "grades-1", jobs=1)
    verdicts = {row["student"]: row["verdict"] for row in roster["students"]}
    expected = {student: verdict for student, (_, verdict) in CLASS.items()} | {"zoe": "passed"}
    wrong = sorted(student for student in expected if verdicts.get(student) != expected[student])
    note = "" if not wrong else "wrong verdicts: " + ", ".join(f"{s} {verdicts.get(s)}" for s in wrong)
    return [
        Row(
            key="class-wall",
            what=f"a class of {len(expected)} submissions, 22 trees each, graded with {_cores()} at once",
            figures={"seconds_one_at_a_time": round(alone, 2)},
            measured=round(parallel, 2),
            unit="s",
            target=None,
        ),
        Row(
            key="class-speedup",
            what="its time with --jobs 1 over its time in parallel",
            measured=round(alone / parallel, 2),
            unit="x",
            comparison=">=",
            target=1.5,
        ),
        Row(
            key="class-roster",
            what="students whose verdict in the roster is not the one their file must get",
            measured=len(wrong),
            unit="n",
            target=0,
            note=note,
        ),
    ]


def _cores() -> int:
    return os.cpu_count() or 1


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory(prefix="benchmarks-class-") as scratch:
        print(format_table(class_rows(Path(scratch))))
