"""A class's submissions (files, folders, their entry files), the roster's rows and CSV, and Gradescope's
results.json, from hand-written reports (no student code runs here)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest

from visualizer.errors import InputError
from visualizer.grading.gradescope import gradescope_results, gradescope_unusable
from visualizer.grading.roster import roster_csv, row_of
from visualizer.grading.submissions import find_submissions

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "gradescope" / "results.schema.json").read_text())
ALPHABETA = "def alphabeta(node, alpha, beta, maximizing):\n    return 0\n"


def test_each_file_and_each_folder_of_a_class_is_one_submission(tmp_path):
    (tmp_path / "bob.py").write_text(ALPHABETA)
    (tmp_path / "notes.txt").write_text("not code")
    (tmp_path / ".git").mkdir()
    (tmp_path / "ann" / "src").mkdir(parents=True)
    (tmp_path / "ann" / "src" / "search.py").write_text(ALPHABETA)
    (tmp_path / "ann" / "board.py").write_text("SIZE = 3\n")
    (tmp_path / "cy").mkdir()
    (tmp_path / "cy" / "one.py").write_text(ALPHABETA)
    (tmp_path / "cy" / "two.py").write_text("async " + ALPHABETA)
    (tmp_path / "di").mkdir()
    (tmp_path / "di" / "a.py").write_text("def minimax(node, maximizing):\n    return 0\n")
    (tmp_path / "di" / "b.py").write_text("X = 1\n")
    found = {submission.name: submission for submission in find_submissions([str(tmp_path)], "alphabeta")}
    assert sorted(found) == ["ann", "bob", "cy", "di"]
    assert found["ann"].entry == tmp_path / "ann" / "src" / "search.py"
    assert found["bob"].entry == tmp_path / "bob.py"
    assert found["cy"].entry is None and "several files define alphabeta (one.py, two.py)" in found["cy"].problem
    assert found["di"].entry is None and "no file defines alphabeta (it holds a.py, b.py)" in found["di"].problem
    assert find_submissions([str(tmp_path / "di")], "minimax", whole=True)[0].entry == tmp_path / "di" / "a.py"


def test_two_students_of_one_name_get_two_rows_and_odd_names_are_safe_file_names(tmp_path):
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "Lee.py").write_text(ALPHABETA)
    (tmp_path / "b" / "=cmd|calc.py").write_text(ALPHABETA)
    found = find_submissions([str(tmp_path / "a"), str(tmp_path / "b")], "alphabeta")
    assert [submission.name for submission in found] == ["Lee", "_cmd_calc", "Lee-2"]
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="holds no .py file and no folder"):
        find_submissions([str(tmp_path / "empty")], "alphabeta")


REPORT = {
    "seed": 12,
    "passed": 1,
    "total": 2,
    "misconceptions": [{"name": "never_prunes", "words": "never prunes", "trees": 1}],
    "trees": [
        {"tree": "15-node example", "passed": True, "failure": None, "message": None, "divergence": None,
         "misconceptions": [], "visits": ["A", "B"], "value": 2, "seconds": 0.01},
        {"tree": "tree \x1b[2J2", "passed": False, "failure": None, "message": None,
         "divergence": {"text": "-visit 8: your code visits K; alpha-beta prunes it"},
         "misconceptions": [{"name": "never_prunes", "words": "never prunes"}], "visits": [], "value": 3,
         "seconds": 0.02},
    ],
}  # fmt: skip
"""A report as `GradeReport.to_json` writes it, cut to what the roster and Gradescope read."""


def test_a_row_says_what_failed_first_and_a_spreadsheet_runs_no_cell():
    row = row_of("ann", "class/ann.py", REPORT, seconds=1.234, report_file="reports/ann.txt")
    assert (row.passed, row.total, row.score, row.verdict) == (1, 2, 50.0, "failed")
    assert row.first_failing_tree == "tree \\x1b[2J2"  # the escape shown, not obeyed
    assert row.misconceptions == ("never_prunes",) and row.seconds == 1.23
    unusable = row_of("bo", "bo.py", None, problem="bo.py line 3: expected ':'", total=22)
    assert (unusable.passed, unusable.total, unusable.score, unusable.verdict) == (0, 22, 0.0, "unusable")
    table = list(csv.reader(io.StringIO(roster_csv([row, unusable]))))
    assert table[0][:6] == ["student", "file", "passed", "total", "score", "verdict"]
    assert table[1][7] == "'-visit 8: your code visits K; alpha-beta prunes it"  # not a formula
    assert table[2][:6] == ["bo", "bo.py", "0", "22", "0.0", "unusable"]


def test_gradescope_results_follow_the_schema_and_share_the_points_out():
    results = gradescope_results(REPORT, "the report\n", points=10)
    jsonschema.validate(results, SCHEMA)
    assert (results["score"], results["max_score"]) == (5.0, 10.0)
    assert [(test["status"], test["score"]) for test in results["tests"]] == [("passed", 5.0), ("failed", 0.0)]
    assert results["tests"][1]["output"] == ("-visit 8: your code visits K; alpha-beta prunes it\nlikely: never prunes")
    assert results["tests"][1]["name"] == "tree \\x1b[2J2"
    one_each = gradescope_results(REPORT, "")
    assert (one_each["score"], one_each["max_score"]) == (1.0, 2.0)
    refused = gradescope_unusable("alphabeta.py line 3: \x1b[31mexpected ':'", points=22)
    jsonschema.validate(refused, SCHEMA)
    assert refused["score"] == 0.0 and "\x1b" not in refused["output"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(dict(results, tests=[{"status": "ok"}]), SCHEMA)  # the schema can fail
