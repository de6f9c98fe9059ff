"""Tests the alpha-beta refinements from the command line: `run` with --fail-hard, --window, --tt and
`-a id` (text and JSON), `compare` of configurations, and mistakes refused in one line."""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import run_cli


def test_run_with_a_window_that_fails_high(capsys: pytest.CaptureFixture[str]) -> None:
    """The example's root (MIN) is 2; from MAX's view the window -9:1 lies below it: fails high."""
    code, out, err = run_cli(capsys, "run", "--window", "-9:1")
    assert code == 0 and err == ""
    assert "cut on equality | window -9:1" in out.splitlines()[0]
    assert "root window:         fails high: the value is at least 2 (window -9:1)" in out
    code, out, _ = run_cli(capsys, "run", "--window", "-9:1", "--json")
    assert json.loads(out)["window"] == {"low": -9, "high": 1, "fails": "high"}
    code, out, _ = run_cli(capsys, "run", "--window", "-5:5", "--json")
    assert json.loads(out)["window"] == {"low": -5, "high": 5, "fails": None} and json.loads(out)["value"] == 2


def test_run_fail_hard_names_itself(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "-a", "negamax-ab", "--fail-hard", "--window", "3:6")
    assert code == 0
    assert "fail-hard, window 3:6" in out.splitlines()[0]
    assert "value:               3" in out  # MAX's view, clamped to the window
    assert "fails low: the value is at most 3 (window 3:6)" in out


def test_run_tt_on_tictactoe_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "--game", "tictactoe", "--tt", "--json")
    result = json.loads(out)
    assert code == 0 and result["value"] == 0
    assert result["stats"]["nodes_visited"] < 18_297
    assert result["transpositions"] > 0
    code, out, _ = run_cli(capsys, "run", "--game", "tictactoe", "--json")
    assert json.loads(out)["stats"]["nodes_visited"] == 18_297 and "transpositions" not in json.loads(out)


def test_run_id_lists_its_passes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "run", "-a", "id")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("id | array tree, 15 nodes")
    start = lines.index("passes (3; the counts above are the last pass's):")
    rows = [line.split() for line in lines[start + 2 :]]
    assert [row[:2] for row in rows[:3]] == [["1", "1"], ["2", "2"], ["3", "3"]]
    total = sum(int(row[3]) for row in rows[:3])
    assert rows[3] == ["total", str(total), str(sum(int(row[4]) for row in rows[:3]))]
    assert rows[4] == ["alphabeta", "alone", "3", "13", "6"]  # the example's alpha-beta: 13 nodes, 6 leaves
    code, out, _ = run_cli(capsys, "run", "-a", "id", "--depth", "2", "--json")
    result = json.loads(out)
    assert [one["depth"] for one in result["passes"]] == [1, 2]
    assert result["total"]["nodes_visited"] == sum(one["nodes_visited"] for one in result["passes"])
    assert result["alphabeta_alone"]["depth"] == 2


def test_compare_counts_all_passes_and_sets_bounds_aside(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "compare", "-A", "alphabeta,id,alphabeta+window=3:6")
    assert code == 0  # the window's bound is not a disagreement
    assert "values agree: 2 (alphabeta, id)" in out
    assert "not compared: alphabeta window 3:6 = 2 is a bound: the root fails low" in out
    assert "totals over all its passes: id (3 passes)" in out
    id_row = next(line for line in out.splitlines() if line.startswith("id "))
    assert id_row.split()[3] == "22"  # 3 + 7 + 12: by hand, the passes at look-ahead 1, 2 and 3
    code, out, _ = run_cli(capsys, "compare", "-A", "alphabeta,id", "--json")
    runs = json.loads(out)["runs"]
    assert runs[1]["passes"] == 3 and runs[1]["compared"] is True


@pytest.mark.parametrize(
    "argv, message",
    [
        (["run", "-a", "minimax", "--tt"], "--tt does not apply to minimax; drop it, or choose -a alphabeta"),
        (["run", "--window", "5"], "--window takes LO:HI, not '5'"),
        (["run", "--window", "6:2"], "--window has LO 6 above HI 2"),
        (["run", "-a", "id", "--iterative"], "id has no explicit-stack version; drop --iterative"),
        (["run", "--fail-hard", "--iterative"], "the explicit-stack version of alphabeta takes no --fail-hard"),
        (["compare", "-A", "alphabeta,alphabeta+tt=1"], "tt is a switch and takes no value"),
        (["run", "-a", "id", "--nested", "[[3,12],[2,4]]"], "id looks 1, 2, 3, ... plies ahead, so it needs a value"),
    ],
)
def test_mistakes_are_refused_in_one_line(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("visualizer: error: ") and message in err and err.count("\n") == 1
