"""`visualizer grade` on a class (a folder of submissions, graded in parallel into a roster) and for Gradescope
(results.json, checked against the format's schema)."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from cli_helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent.parent
STUDENTS = ROOT / "tests" / "students"
SCHEMA = json.loads((ROOT / "gradescope" / "results.schema.json").read_text())


def copy_student(name: str, to: Path) -> None:
    to.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(STUDENTS / f"{name}.py", to)


@pytest.fixture(scope="module")
def graded_class(tmp_path_factory) -> tuple[Path, str, dict]:
    """A class of eleven: right, buggy, crashing, looping, unloadable and hostile submissions, as files and as
    folders, graded once on 3 trees (seed 7) with 2 at a time."""
    root = tmp_path_factory.mktemp("course")
    folder = root / "class"
    for name in ("correct", "never_prunes", "raises", "loops_forever", "syntax_error", "writes_to_the_grader"):
        copy_student(name, folder / f"{name}.py")
    copy_student("exits", folder / "exits.py")
    copy_student("wrong_bound", folder / "wrong_bound.py")
    copy_student("correct", folder / "zoe" / "alphabeta.py")  # a folder: its one file that defines alphabeta
    (folder / "zoe" / "board_helpers.py").write_text("SIZE = 3\n")
    copy_student("correct", folder / "amy" / "one.py")  # two files define alphabeta: which is meant?
    copy_student("never_prunes", folder / "amy" / "two.py")
    (folder / "nobody").mkdir()
    (folder / "nobody" / "notes.txt").write_text("forgot the code\n")
    (folder / ".hidden.py").write_text("raise SystemExit\n")  # not a student's
    out = root / "grades"
    argv = ["grade", str(folder), "--trees", "1", "--seed", "7", "--timeout", "0.5", "--jobs", "2", "--out", str(out)]
    completed = subprocess.run([sys.executable, "-m", "visualizer", *argv], capture_output=True, text=True, cwd=root)
    assert completed.returncode == 0, completed.stderr
    return out, completed.stdout, json.loads((out / "roster.json").read_text())


def test_a_class_folder_grades_every_student_and_the_roster_is_right(graded_class):
    out, _, roster = graded_class
    rows = {row["student"]: row for row in roster["students"]}
    expected = {  # (passed of 3, verdict), from what each file does (tests/students/README.md)
        "amy": (0, "unusable"),
        "correct": (3, "passed"),
        "exits": (0, "failed"),
        "loops_forever": (0, "failed"),
        "never_prunes": (0, "failed"),
        "nobody": (0, "unusable"),
        "raises": (0, "failed"),
        "syntax_error": (0, "unusable"),
        "writes_to_the_grader": (0, "interfered"),
        "wrong_bound": (0, "failed"),
        "zoe": (3, "passed"),
    }
    assert {name: (row["passed"], row["verdict"]) for name, row in rows.items()} == expected
    assert all(row["total"] == 3 for row in rows.values())
    assert roster["seed"] == 7 and roster["trees"][0] == "15-node example (root MIN)"
    assert rows["correct"]["score"] == 100.0 and rows["never_prunes"]["score"] == 0.0
    assert rows["never_prunes"]["misconceptions"] == ["never_prunes"]
    assert rows["wrong_bound"]["misconceptions"] == ["wrong_bound"]
    assert rows["never_prunes"]["first_failing_tree"] == "15-node example (root MIN)"
    assert rows["never_prunes"]["first_failure"].startswith("visit 8: your code visits K; alpha-beta prunes it")
    assert rows["raises"]["first_failure"].startswith("error: TypeError")
    assert rows["loops_forever"]["first_failure"].startswith("timeout: stopped after 0.5 s")
    assert rows["exits"]["first_failure"].startswith("crashed: ")
    assert "several files define alphabeta (one.py, two.py)" in rows["amy"]["first_failure"]
    assert "holds no .py file" in rows["nobody"]["first_failure"]
    assert "expected ':'" in rows["syntax_error"]["first_failure"]
    assert rows["zoe"]["file"].endswith(os.path.join("zoe", "alphabeta.py"))


def test_the_roster_csv_has_the_json_rows_and_each_graded_student_a_report(graded_class):
    out, stdout, roster = graded_class
    with open(out / "roster.csv", newline="") as file:
        table = list(csv.DictReader(file))
    assert [row["student"] for row in table] == [row["student"] for row in roster["students"]]
    assert [(row["passed"], row["verdict"]) for row in table] == [
        (str(row["passed"]), row["verdict"]) for row in roster["students"]
    ]
    for row in roster["students"]:
        if row["verdict"] == "unusable":
            assert row["report"] == ""
            continue
        text = (out / row["report"]).read_text()
        assert f"{row['passed']} of 3 trees pass." in text
        assert json.loads((out / "reports" / f"{row['student']}.json").read_text())["passed"] == row["passed"]
    assert "11 submissions in" in stdout and "2 passed, 5 failed, 1 interfered, 3 unusable" in stdout


def test_a_class_refuses_what_it_cannot_do_in_one_line(capsys, tmp_path):
    copy_student("correct", tmp_path / "a.py")
    (tmp_path / "taken").write_text("my notes\n")
    for argv, words in (
        ([str(tmp_path / "a.py"), str(tmp_path / "nope")], "nope: no such file or folder"),
        ([str(tmp_path), "--jobs", "0"], "--jobs 0 is out of range: give 1 to 64"),
        ([str(tmp_path / "a.py"), "--out", str(tmp_path / "taken")], "is a file; give a folder"),
        ([str(tmp_path), "--visits", "v.txt"], "and --visits grade the same thing; give one"),
        ([str(tmp_path / "a.py"), str(tmp_path / "a.py"), "--format", "gradescope"], "grades one submission"),
    ):
        code, out, err = run_cli(capsys, "grade", *argv)
        assert (code, out, err.count("\n")) == (2, "", 1), (argv, err)
        assert words in err
    assert (tmp_path / "taken").read_text() == "my notes\n"


def _gradescope(tmp_path: Path, *argv: str) -> dict:
    out = tmp_path / "results" / "results.json"
    completed = subprocess.run(
        [sys.executable, "-m", "visualizer", "grade", *argv, "--format", "gradescope", "--out", str(out)],
        capture_output=True,
        text=True,
    )
    assert completed.returncode == 0, completed.stderr
    results = json.loads(out.read_text())
    jsonschema.validate(results, SCHEMA)
    return results


def test_gradescope_results_validate_and_score_each_tree(tmp_path):
    results = _gradescope(tmp_path, str(STUDENTS / "correct.py"), "--trees", "2", "--seed", "3", "--points", "10")
    assert (results["score"], results["max_score"]) == (10.0, 10.0)
    assert [test["status"] for test in results["tests"]] == ["passed"] * 4
    assert sum(test["max_score"] for test in results["tests"]) == 10.0
    assert "4 of 4 trees pass." in results["output"] and results["extra_data"]["seed"] == 3

    broken = tmp_path / "broken"
    copy_student("syntax_error", broken / "alphabeta.py")
    results = _gradescope(tmp_path, str(broken), "--trees", "1")
    assert (results["score"], results["max_score"], results["tests"]) == (0.0, 3, [])
    assert "fix the syntax error" in results["output"]

    results = _gradescope(tmp_path, str(tmp_path / "absent" / "alphabeta.py"), "--trees", "1")
    assert results["score"] == 0.0 and "the submission has no alphabeta.py" in results["output"]


def test_the_documented_run_autograder_script_writes_results_gradescope_reads(tmp_path):
    visualizer = Path(sys.executable).with_name("visualizer")
    if not visualizer.exists():
        pytest.skip("the visualizer command is not installed next to this Python")
    copy_student("wrong_bound", tmp_path / "submission" / "alphabeta.py")
    environment = dict(
        os.environ, AUTOGRADER_ROOT=str(tmp_path), VISUALIZER=str(visualizer), EXTRA_OPTIONS="--trees 1 --seed 3"
    )
    script = ROOT / "gradescope" / "run_autograder"
    completed = subprocess.run(["bash", str(script)], capture_output=True, text=True, env=environment)
    assert completed.returncode == 0, completed.stderr
    results = json.loads((tmp_path / "results" / "results.json").read_text())
    jsonschema.validate(results, SCHEMA)
    assert (results["score"], results["max_score"]) == (0.0, 3.0)
    first = results["tests"][0]
    assert first["status"] == "failed" and first["name"] == "15-node example (root MIN)"
    assert "visit 5: your call on I has window [6, +inf]; alpha-beta passes [-inf, 6]" in first["output"]
    assert "likely: updates the wrong bound" in first["output"]


AS_NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


def _nobody_can_run_python() -> bool:
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("setpriv") is None:
        return False
    probe = [*AS_NOBODY, "/bin/sh", "-c", f'exec "{sys.executable}" -c pass']
    return subprocess.run(probe, capture_output=True).returncode == 0


@pytest.mark.skipif(
    not _nobody_can_run_python(),
    reason="runs the class as another user (nobody): takes root, setpriv and a Python that user may run",
)
def test_a_student_who_writes_into_the_other_gradings_pipes_changes_no_other_result():
    """Run as an ordinary user (root may open any process's /proc entries): the graders and workers are not
    dumpable, so the hostile file's writes into other processes' pipes are refused."""
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="visualizer-class-"))
    try:
        root.chmod(0o777)
        for name in ("writes_to_other_gradings", "slow_correct", "never_prunes"):
            copy_student(name, root / "class" / f"{name}.py")
        argv = ["grade", str(root / "class"), "--trees", "2", "--seed", "5", "--jobs", "3", "--out", str(root / "out")]
        environment = dict(os.environ, HOME=str(root))
        completed = subprocess.run(
            [*AS_NOBODY, sys.executable, "-m", "visualizer", *argv], capture_output=True, text=True, env=environment
        )
        assert completed.returncode == 0, completed.stderr
        rows = {row["student"]: row for row in json.loads((root / "out" / "roster.json").read_text())["students"]}
        assert (rows["slow_correct"]["passed"], rows["slow_correct"]["verdict"]) == (4, "passed")
        assert (rows["never_prunes"]["passed"], rows["never_prunes"]["misconceptions"]) == (0, ["never_prunes"])
        assert rows["writes_to_other_gradings"]["verdict"] in ("failed", "interfered")  # (it never prunes)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_ctrl_c_stops_every_students_grading_at_once_and_writes_no_roster(tmp_path):
    import signal
    import time

    for name in ("first", "second", "third"):
        copy_student("loops_forever", tmp_path / "class" / f"{name}.py")
    argv = [sys.executable, "-m", "visualizer", "grade", str(tmp_path / "class"), "--jobs", "3", "--out", "grades"]
    process = subprocess.Popen(argv, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2.0)  # every student's code is looping by now (10 s a tree)
    started = time.monotonic()
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=20)
    assert (process.returncode, err) == (130, "visualizer: interrupted\n")
    assert time.monotonic() - started < 5  # not the 22 trees x 10 s each would take
    assert not (tmp_path / "grades").exists()
