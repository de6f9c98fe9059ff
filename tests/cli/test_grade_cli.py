"""`visualizer grade`: student files with known mistakes get their diagnosis; the right ones pass; limits hold."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from cli_helpers import run_cli

STUDENTS = Path(__file__).resolve().parent.parent / "students"


def student(name: str) -> str:
    return str(STUDENTS / f"{name}.py")


def grade_json(capsys, *argv: str) -> tuple[int, dict]:
    code, out, err = run_cli(capsys, "grade", *argv, "--json")
    assert err == "" or "grading" in err, err
    return code, json.loads(out)


@pytest.mark.parametrize(
    "name, options, misconception",
    [
        ("correct", ("--convention", "strict"), "prunes_on_equality"),
        ("correct_strict", (), "prunes_only_past_bound"),
        ("never_prunes", (), "never_prunes"),
        ("window_not_passed", (), "window_not_passed"),
        ("fail_hard", (), "returns_bound"),
        ("correct", ("--fail-hard",), "returns_value"),
        ("right_to_left", (), "right_to_left"),
        ("same_player", (), "same_player"),
        ("wrong_bound", (), "wrong_bound"),
        ("beta_from_alpha", (), "beta_from_alpha"),
        ("first_child_only", (), "first_child_only"),
        ("two_children_only", (), "two_children_only"),
    ],
)
def test_each_student_with_a_known_mistake_gets_its_diagnosis(capsys, name, options, misconception):
    code, report = grade_json(capsys, student(name), "--trees", "8", "--seed", "1", *options)
    assert code == 1
    assert report["misconceptions"][0]["name"] == misconception
    differing = [tree for tree in report["trees"] if not tree["passed"]]
    assert differing and all(tree["divergence"]["text"] for tree in differing)


def test_the_text_report_names_where_and_why(capsys):
    code, out, _ = run_cli(capsys, "grade", student("never_prunes"), "--trees", "0")
    assert code == 1
    assert (
        "  FAIL  15-node example (root MIN): visit 8: your code visits K; alpha-beta prunes it "
        "(E: J = 3 <= alpha 6, so K is pruned)"
    ) in out
    assert (
        "Likely misconception: never prunes: it searches every node, as minimax does (it explains 2 of the 2 trees"
        in out
    )


def test_a_wrong_value_is_named_at_its_node(capsys):
    code, report = grade_json(capsys, student("wrong_value"), "--trees", "0")
    assert code == 1 and report["misconceptions"] == []
    first = report["trees"][0]["divergence"]
    # MIN nodes start from 0: after H = 6, D's beta is min(0, 6) = 0, so I gets [-inf, 0]
    # where alpha-beta passes [-inf, 6]
    assert (first["step"], first["node"]) == (5, "I")
    assert first["text"] == "visit 5: your call on I has window [-inf, 0]; alpha-beta passes [-inf, 6]"


@pytest.mark.parametrize(
    "name, options", [("correct", ()), ("correct_strict", ("--convention", "strict")), ("fail_hard", ("--fail-hard",))]
)
def test_a_correct_student_passes_60_random_trees_under_its_convention(capsys, name, options):
    code, report = grade_json(capsys, student(name), "--trees", "60", "--seed", "7", *options)
    assert (code, report["passed"], report["total"]) == (0, 62, 62)
    assert report["trees"][5]["visits"] == report["trees"][5]["expected_visits"]


def test_minimax_students(capsys):
    code, report = grade_json(capsys, student("minimax_correct"), "--algorithm", "minimax", "--trees", "5")
    assert (code, report["passed"]) == (0, 7)
    assert report["trees"][0]["visits"] == list("ABDHIEJKCFLMGNO")
    code, out, err = run_cli(capsys, "grade", student("correct"), "--algorithm", "minimax", "--function", "alphabeta")
    assert (code, out) == (2, "")  # alphabeta takes four arguments: the minimax call of two is refused
    assert "cannot be called as alphabeta(node, maximizing)" in err


def test_a_student_that_loops_is_stopped_and_the_report_goes_on(capsys):
    code, out, _ = run_cli(capsys, "grade", student("loops_forever"), "--trees", "0", "--timeout", "1")
    assert code == 1
    assert out.count("ran out of time") >= 2 and "0 of 2 trees pass." in out


def test_the_students_own_traceback(capsys):
    code, out, _ = run_cli(capsys, "grade", student("raises"), "--trees", "0")
    assert code == 1 and "raises.py" in out and "visualizer/grading" not in out


def test_a_tree_source_grades_that_tree(capsys):
    code, report = grade_json(capsys, student("correct"), "[[3,5],[2,9]]")
    assert (code, report["total"]) == (0, 1)
    assert report["trees"][0]["visits"] == ["A", "B", "D", "E", "C", "F"]


def test_visits_from_any_language(capsys, tmp_path):
    visits = tmp_path / "visits.txt"
    visits.write_text("A\nB\nD\nH\nI\nE\nJ\nC\nF\nL\nM\nG\nN\n", encoding="utf-8")
    code, out, _ = run_cli(capsys, "grade", "--visits", str(visits))
    assert code == 0 and "1 of 1 tree passes." in out
    visits.write_text("# my C program's output\nA B D H I E J K C F L M G N O\n", encoding="utf-8")
    code, report = grade_json(capsys, "--visits", str(visits))
    assert code == 1 and report["trees"][0]["divergence"]["node"] == "K"
    assert report["misconceptions"][0]["name"] == "never_prunes"


@pytest.mark.parametrize(
    "argv, words",
    [
        (("grade",), "give the student's file"),
        (("grade", "no_such_student.py"), "no_such_student.py"),
        (("grade", "--visits", "missing.txt"), "no such file"),
        (("grade", student("correct"), "--trees", "-1"), "--trees is -1"),
        (
            ("grade", student("correct"), "--trees", str(10**30)),
            "give a number from 0 to 10,000",
        ),  # found by the fuzz: a hang
        (("grade", student("correct"), "--timeout", "0"), "--timeout is 0"),
        (("grade", student("no_function")), "alphabeta"),
        (("grade", student("wrong_signature")), "alphabeta"),
        (("grade", student("syntax_error")), "syntax_error.py"),
        (("grade", student("correct"), "--algorithm", "minimax", "--convention", "strict"), "--convention"),
        (("grade", student("correct"), "[[1,2],[3,4]]", "--trees", "3"), "--trees"),
    ],
)
def test_files_that_cannot_be_used_exit_2_with_one_line(capsys, argv, words):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_unknown_names_in_a_visits_file(capsys, tmp_path):
    visits = tmp_path / "visits.txt"
    visits.write_text("A\nB\nZ\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "grade", "--visits", str(visits))
    assert code == 2 and "'Z', is no node of 15-node example" in err


@pytest.mark.parametrize("kind", ["numpy", "numpy-float", "fraction", "decimal"])
def test_any_real_number_is_a_value(capsys, tmp_path, kind):
    source = (STUDENTS / "other_numbers.py").read_text()
    assert 'KIND = "numpy"' in source
    copy = tmp_path / "other_numbers.py"
    copy.write_text(source.replace('KIND = "numpy"', f"KIND = {kind!r}"))
    code, report = grade_json(capsys, str(copy), "--trees", "3", "--seed", "2")
    assert (code, report["passed"], report["total"]) == (0, 5, 5), report["trees"][0]
    assert report["trees"][0]["value"] == report["trees"][0]["expected"] == 2  # the 15-node example's value


def _strict(text: str) -> dict:
    def refuse(constant: str) -> None:
        raise AssertionError(f"{constant} is not strict JSON")

    return json.loads(text, parse_constant=refuse)


def test_nan_fails_its_tree_and_the_json_report_stays_strict(capsys):
    code, out, _ = run_cli(capsys, "grade", student("returns_nan"), "--trees", "0", "--json")
    report = _strict(out)
    assert code == 1 and report["passed"] < report["total"] == 2
    failing = [tree for tree in report["trees"] if not tree["passed"]]
    assert failing and all(tree["divergence"] is not None for tree in failing)
    assert any("nan" in tree["divergence"]["text"] for tree in failing)


@pytest.mark.parametrize(
    "argv, words",
    [
        (("--timeout", "1e308"), "--timeout is 1e+308; give a number from 0.001 to 3,600"),
        (("--timeout", "nan"), "--timeout is nan; give a number from 0.001 to 3,600"),
        (("--memory", "10"), "--memory is 10; give a number from 64 to 65,536"),
        (("--recursion", "99999999"), "--recursion is 99,999,999; give a number from 100 to 1,000,000"),
        (("--trees", "100000000"), "--trees is 100,000,000; give a number from 0 to 10,000"),
    ],
)
def test_limits_out_of_range_are_refused_in_one_line(capsys, argv, words):
    code, out, err = run_cli(capsys, "grade", student("correct"), *argv)
    assert (code, out) == (2, "") and err == f"visualizer: error: {words}\n"


def test_control_characters_from_the_student_are_shown_escaped(capsys):
    code, out, _ = run_cli(capsys, "grade", student("forges_the_report"), "--trees", "0")
    assert code == 1
    assert not any(character in out for character in "\x1b\r\u2028\u202e")  # nothing moves the cursor or the text
    assert "\\x1b[2J\\x1b[H  pass  every tree\\r" in out and "\\u2028\\u202egnitsaf" in out
    lines = out.splitlines()
    assert "22 of 22 trees pass." not in lines and "0 of 2 trees pass." in lines  # no forged line of its own
    code, out, _ = run_cli(capsys, "grade", student("forges_the_report"), "--trees", "0", "--json")
    assert "\x1b" not in out and "\\u001b[2J" in out  # JSON escapes them itself


def test_one_line_per_distinct_failure_with_its_count_then_the_first_tree_whole(capsys):
    code, out, _ = run_cli(capsys, "grade", student("raises"), "--trees", "20")
    fails = [line for line in out.splitlines() if line.startswith("  FAIL")]
    assert code == 1 and fails == ["  FAIL  22 trees, first 15-node example (root MIN): your code raised an exception"]
    assert out.count("TypeError: unsupported operand") == 1 and out.count('File "') == 3  # its traceback, once
    code, out, _ = run_cli(capsys, "grade", student("window_not_passed"), "--trees", "20", "--seed", "1")
    assert out.count("likely: does not pass the updated window") == 1  # said once, with the first tree
    counted = [line for line in out.splitlines() if line.startswith("  FAIL  ") and " trees, first " in line]
    assert counted  # random trees that fail alike are one line, e.g. "3 trees, first random tree 1 (seed 1): ..."


def test_a_student_cannot_ask_the_engine_nor_read_the_tree_past_the_recorded_interface(capsys, tmp_path):
    code, report = grade_json(capsys, student("asks_the_engine"), "--trees", "20")
    assert code == 1 and report["passed"] == 0
    assert "ModuleNotFoundError: no module named 'visualizer'" in report["trees"][0]["message"]
    peeks = tmp_path / "peeks.py"  # reads the tree without touching it, then answers with the value alone
    peeks.write_text(
        "def alphabeta(node, alpha, beta, maximizing):\n"
        "    for name in ('_children', '_value', '_name', '__dict__'):\n"
        "        if hasattr(node, name):\n"
        "            return name\n"
        "    return 'none found'\n"
    )
    code, report = grade_json(capsys, str(peeks), "--trees", "0")
    assert code == 1 and report["trees"][0]["value"] == "'none found'"  # no attribute of a node holds its facts


def test_a_process_the_student_started_in_a_session_of_its_own_ends_with_the_grading(capsys, tmp_path):
    marker = tmp_path / "escaped"
    copy = tmp_path / "leaves_a_process.py"
    source = (STUDENTS / "leaves_a_process.py").read_text()
    assert 'MARKER = "/nonexistent/escaped"' in source
    copy.write_text(source.replace('MARKER = "/nonexistent/escaped"', f"MARKER = {str(marker)!r}"))
    code, report = grade_json(capsys, str(copy), "--trees", "0")
    assert code == 0 and report["passed"] == 2
    time.sleep(2.5)  # past the child's 1.5 s
    assert not marker.exists()


def test_writing_to_the_graders_channel_is_interference_and_shifts_nothing(capsys):
    code, out, err = run_cli(capsys, "grade", student("writes_to_the_grader"), "--trees", "3", "--json")
    report = _strict(out)
    assert code == 1 and "Traceback" not in err and report["passed"] == 0 and report["total"] == 5
    assert {tree["failure"] for tree in report["trees"]} == {"interfered"}
    assert "interfered with the grader" in report["trees"][0]["message"]
    code, out, _ = run_cli(capsys, "grade", student("writes_to_the_grader"), "--trees", "0")
    assert "FAIL  2 trees, first 15-node example (root MIN): your code interfered with the grader" in out


def test_the_random_trees_come_from_a_fresh_seed_that_the_report_names_and_seed_repeats(capsys):
    reports = [grade_json(capsys, student("correct"), "--trees", "2")[1] for _ in range(2)]
    seeds = [report["seed"] for report in reports]
    assert seeds[0] != seeds[1]  # (two draws from a million agree once in a million runs)
    for report, seed in zip(reports, seeds):
        assert report["trees"][2]["tree"] == f"random tree 1 (seed {seed})"
    again = grade_json(capsys, student("correct"), "--trees", "2", "--seed", str(seeds[0]))[1]
    assert again["seed"] == seeds[0]
    assert [tree["expected_visits"] for tree in again["trees"]] == [
        tree["expected_visits"] for tree in reports[0]["trees"]
    ]
    code, out, _ = run_cli(capsys, "grade", student("correct"), "--trees", "1", "--seed", "42")
    assert "random trees from seed 42 (--seed 42 grades on the same trees again)" in out.splitlines()


def test_a_report_says_what_it_could_not_check_when_the_recursion_goes_through_helpers(capsys):
    code, report = grade_json(capsys, student("helper_functions"), "--trees", "1", "--seed", "1")
    assert code == 0 and report["not_checked"].startswith("the recursion goes through other functions")
    code, out, _ = run_cli(capsys, "grade", student("helper_functions"), "--trees", "0")
    assert out.splitlines()[-1] == (
        "Not checked: the recursion goes through other functions, not alphabeta itself: windows and "
        "fail-soft/hard were not checked; judged by the visits and the root's value (grade with --record "
        "max_value,min_value to check them)."
    )
    code, report = grade_json(capsys, student("correct"), "--trees", "0")
    assert code == 0 and report["not_checked"] is None  # its own recursion: every window was checked


def test_a_path_with_no_return_is_named(capsys):
    code, out, _ = run_cli(capsys, "grade", student("returns_none"), "--trees", "0")
    assert code == 1 and "likely: D returned None: a path through your function ends with no `return`" in out


def test_record_checks_the_windows_of_helper_functions_that_the_visits_alone_pass(capsys):
    keeps_beta = student("helper_functions_keeps_beta")  # min_value never lowers beta: the right visits here
    code, out, _ = run_cli(capsys, "grade", keeps_beta, "--trees", "0")
    assert code == 0 and out.splitlines()[-2:] == [
        "2 of 2 trees pass.",
        "Not checked: the recursion goes through other functions, not alphabeta itself: windows and fail-soft/hard "
        "were not checked; judged by the visits and the root's value (grade with --record max_value,min_value to "
        "check them).",
    ]
    code, out, _ = run_cli(capsys, "grade", keeps_beta, "--trees", "0", "--record", "max_value,min_value")
    assert code == 1 and out.splitlines()[1:] == [
        "  FAIL  2 trees, first 15-node example (root MIN): visit 5: your call on I has window [-inf, +inf]; "
        "alpha-beta passes [-inf, 6]",
        "0 of 2 trees pass.",
        "No known misconception explains the differences: look at the first difference above.",
    ]  # and no "Not checked" line: every call was recorded


@pytest.mark.parametrize(
    "record, words",
    [
        ("max_value(", "--record: 'max_value(' is not NAME or NAME(NODE,ALPHA,BETA)"),
        ("alphabeta", "--record alphabeta: alphabeta is the graded function"),
    ],
)
def test_a_record_list_that_cannot_be_read_exits_2_with_one_line(capsys, record, words):
    code, out, err = run_cli(capsys, "grade", student("helper_functions"), "--trees", "0", "--record", record)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1
