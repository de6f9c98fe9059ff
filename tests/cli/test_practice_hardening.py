"""`visualizer practice` on odd input: empty options, no terminal, extreme numbers and codes; one line or a result."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from cli_helpers import run_cli

from visualizer.tui.app import VisualizerApp


class TerminalInput(io.StringIO):
    """Standard input that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def no_app(monkeypatch):
    """Fails the test if the app starts; forgets textual-serve's driver (which counts as a terminal)."""
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)

    def run(self):
        raise AssertionError("the app started")

    monkeypatch.setattr(VisualizerApp, "run", run)


def sheet(capsys, *argv: str) -> str:
    code, out, err = run_cli(capsys, "practice", *argv, "--sheet")
    assert (code, err) == (0, "")
    return out


@pytest.mark.parametrize("argv", [["--answers", ""], ["--answers", "  "], ["--code", ""], ["--code", " "]])
def test_empty_answers_or_code_are_refused_in_one_line(capsys, no_app, argv):
    code, out, err = run_cli(capsys, "practice", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and f"{argv[0]} is empty" in err


@pytest.mark.parametrize("stdin", [io.StringIO(""), TerminalInput("")], ids=["no terminal at all", "output redirected"])
@pytest.mark.parametrize("extra", [[], ["--drill"]])
def test_without_a_terminal_the_blank_sheet_is_printed_instead_of_the_app(capsys, monkeypatch, no_app, stdin, extra):
    expected = sheet(capsys, "--seed", "3")
    monkeypatch.setattr(sys, "stdin", stdin)
    code, out, err = run_cli(capsys, "practice", "--seed", "3", *extra)  # stdout is pytest's, not a terminal
    assert code == 0 and out == expected
    assert err.count("\n") == 1 and "no terminal" in err and "--sheet" in err and "--answers" in err


def test_with_a_terminal_the_app_opens(capsys, monkeypatch):
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    opened = []
    monkeypatch.setattr(VisualizerApp, "run", lambda self: opened.append(self))
    monkeypatch.setattr(sys, "stdin", TerminalInput(""))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    code, out, err = run_cli(capsys, "practice", "--seed", "3")
    assert (code, out, err) == (0, "", "") and len(opened) == 1


def test_the_sheet_printed_without_a_terminal_checks_against_its_exercise(capsys, monkeypatch, no_app, tmp_path):
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    _, printed, _ = run_cli(capsys, "practice", "--example")
    path = tmp_path / "sheet.txt"
    path.write_text(printed, encoding="utf-8")
    code, out, err = run_cli(capsys, "practice", "--answers", str(path))
    # The blank sheet of the built-in example scores nothing: its given leaves H I J L M N are not scored
    # (see tests/unit/test_practice_answers.py), K and O should be pruned and the inner nodes have no value.
    assert code == 1 and err == "" and "0/9 nodes right (0%)" in out


def test_with_stdin_from_dev_null_the_command_ends(capsys):
    expected = sheet(capsys, "--seed", "3")
    env = {key: value for key, value in os.environ.items() if key != "TEXTUAL_DRIVER"}
    done = subprocess.run(
        [sys.executable, "-m", "visualizer", "practice", "--seed", "3"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )  # a hang fails the test
    assert done.returncode == 0 and done.stdout == expected
    assert done.stderr.count("\n") == 1 and "--sheet" in done.stderr


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--depth", "-1"], "--depth is -1; practice trees are 0 to 9 levels deep"),
        (["--depth", "9" * 30], "practice trees are 0 to 9 levels deep"),
        (["--branching", "0"], "--branching is 0; practice trees take 1 to 9 children"),
        (["--branching", "9" * 30], "practice trees take 1 to 9 children"),
        (["--branching", "9", "--depth", "9"], "over 1,000,000 nodes"),
        (["--branching", "9", "--depth", "4"], "too many to work by hand"),
        (["--range=-100:0"], "practice values lie within -99:99"),
        (["--range", "5:1"], "has LO above HI"),
        (["--range", "1:2:3"], "write it as LO:HI"),
        (["--range", "9" * 5000 + ":1"], "write it as LO:HI"),
        (["--seed", "-1"], "practice seeds are 0 or more"),
        (["--code", "ÄÖÜ∞"], "has 'Ä', 'Ö', 'Ü', '∞'"),
        (["--code", "🙂"], "has '🙂'"),
        (["--code", "1" * 5000], "is 5,000 characters long"),
        (["--code", "-"], "is too short"),
        (["--example", "--depth", "-1"], "--depth is -1"),
        (["--array", "1,2,3", "--branching", "0"], "--branching is 0"),
        (["--game", "nim", "--pile", "10000"], "too many to work by hand"),
    ],
)
def test_extreme_practice_options_are_one_line(capsys, no_app, argv, message):
    code, out, err = run_cli(capsys, "practice", *argv, "--sheet")
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_a_look_ahead_beyond_the_tree_is_full_depth(capsys):
    nodes = [line for line in sheet(capsys, "--example").splitlines() if not line.startswith(("#", "depth"))]
    deep = sheet(capsys, "--example", "--depth", "9" * 30).splitlines()
    assert [line for line in deep if not line.startswith(("#", "depth"))] == nodes
    assert "depth " + "9" * 30 in deep


def test_a_huge_branching_gives_the_root_every_other_value(capsys):
    lines = sheet(capsys, "--array", "1,2,3", "--branching", "9" * 20).splitlines()
    assert [line.split() for line in lines if not line.startswith(("#", "source", "depth", "strict"))] == [
        ["A", "?"],
        ["B", "2"],
        ["C", "3"],
    ]


def test_a_code_typed_in_lower_case_with_spaces_is_the_same_exercise(capsys):
    assert sheet(capsys, "--code", " xn1a 77s ") == sheet(capsys, "--code", "XN1A-77S")
