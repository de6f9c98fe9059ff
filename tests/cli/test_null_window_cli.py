"""`pvs` and `mtdf` through the command line: run (text and --json), compare, export (JSON read back whole, DOT),
and their mistakes refused in one line. The hand-worked answers are in tests/unit/test_pvs.py and test_mtdf.py:
on the 15-node example both find 2 by move C; PVS visits A B D H I E J C F L G N and searches C F L M again
(16 entries); MTD(f) takes two passes ([-1, 0] fails high, [2, 3] fails low), 9 + 10 nodes, 6 + 4 with --tt."""

from __future__ import annotations

import json

import pytest
from cli_helpers import run_cli

from visualizer.readwrite.trace_json import read_json
from visualizer.tracing.events import EventKind


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_run_pvs(capsys):
    result = run_json(capsys, "run", "-a", "pvs")
    assert (result["value"], result["best_move"]) == (2, "C")
    assert result["visit_order"] == list("ABDHIEJCFLGN") + list("CFLM")
    assert result["stats"]["nodes_visited"] == 16
    code, out, err = run_cli(capsys, "run", "-a", "negascout", "--tt")
    assert code == 0, err
    assert out.startswith("pvs | array tree, 15 nodes") and "| tt" in out.splitlines()[0]


def test_run_mtdf_reports_its_passes(capsys):
    result = run_json(capsys, "run", "-a", "mtdf")
    assert (result["value"], result["best_move"]) == (2, "C")
    assert result["visit_order"] == list("ABDHICFLGN")  # the last pass
    code, out, err = run_cli(capsys, "run", "-a", "mtdf", "--tt", "--window=-5:5")
    assert code == 0, err
    assert "window -5:5, tt" in out.splitlines()[0]
    assert "visit order:         A C F L G N" in out and "passes (2;" in out


def test_compare_puts_them_beside_alphabeta(capsys):
    result = run_json(capsys, "compare", "-A", "alphabeta,pvs,pvs+tt,mtdf,mtdf+tt")
    assert result["values_agree"] is True
    runs = {run["label"]: run for run in result["runs"]}
    assert {label: run["value"] for label, run in runs.items()} == dict.fromkeys(
        ["alphabeta", "pvs", "pvs tt", "mtdf", "mtdf tt"], 2
    )
    assert runs["pvs"]["nodes_visited"] == 16
    assert (runs["mtdf"]["nodes_visited"], runs["mtdf tt"]["nodes_visited"]) == (19, 15)  # totals over the passes


@pytest.mark.parametrize(("algorithm", "passes"), [("pvs", 1), ("mtdf", 2)])
def test_export_json_and_dot(capsys, tmp_path, algorithm, passes):
    code, out, err = run_cli(capsys, "export", "-a", algorithm, "--tt", "--format", "json,dot", "--out", str(tmp_path))
    assert code == 0, err
    trace = read_json(tmp_path / f"example15-{algorithm}.json")
    assert trace.algorithm == algorithm and trace.summary.value == 2 and len(trace.passes) == passes
    assert trace.options == {"tt": True}
    dot = (tmp_path / f"example15-{algorithm}.dot").read_text()
    assert dot.startswith("digraph trace {") and f"{algorithm}" in dot
    if algorithm == "pvs":
        assert [event.kind for event in trace.events].count(EventKind.RESEARCH) == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-a", "pvs", "--fail-hard"], "--fail-hard does not apply to pvs"),
        (["-a", "mtdf", "--strict"], "mtdf does not take it"),
        (["-a", "mtdf", "--window", "5:1"], "--window has LO 5 above HI 1"),
        (["-a", "pvs", "--iterative"], "pvs has no explicit-stack version"),
        (["-a", "pvs", "--random", "--levels", "max,chance,min"], "pvs cannot search chance nodes"),
        (["-a", "mtdff"], "unknown algorithm 'mtdff'"),
    ],
)
def test_mistakes_are_refused_in_one_line(capsys, argv, message):
    code, out, err = run_cli(capsys, "run", *argv)
    assert code == 2 and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
