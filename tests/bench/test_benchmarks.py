"""The benchmark in CI: `python -m benchmarks --quick` runs, its rows are sane, the searches agree, the app is timed."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
if str(REPOSITORY) not in sys.path:  # `benchmarks` lives beside the package, not inside it
    sys.path.insert(0, str(REPOSITORY))

from benchmarks.app_timing import time_app
from benchmarks.peer import INSTALL_HINT, is_easyai_installed, peer_negamax
from benchmarks.reference import reference_alphabeta, reference_minimax
from visualizer.games import TicTacToe
from visualizer.search import search
from visualizer.tracing import NodeCounter

ROWS = (
    "tracing-minimax",
    "tracing-alphabeta",
    "export-json",
    "export-dot",
    "replay-jumps",
    "reference-minimax",
    "peer-minimax",
    "reference-alphabeta",
    "peer-alphabeta",
    "nodes-alphabeta+tt",
    "nodes-pvs",
    "nodes-pvs+tt",
    "nodes-mtdf+tt",
    "nodes-id",
    "nodes-id+tt",
    "tracing-alphabeta+tt",
    "tracing-negamax",
    "tracing-negamax-ab",
    "tracing-negamax-ab+tt",
    "tracing-expectimax",
    "tracing-star1",
    "tracing-id",
    "tracing-id+tt",
    "tracing-pvs",
    "tracing-pvs+tt",
    "tracing-mtdf",
    "tracing-mtdf+tt",
    "tracing-mcts",
    "rss-json",
    "rss-dot",
    "file-json",
    "run-trace-time",
    "run-trace-rss",
    "process-export",
)
"""Every row of a run with --skip-app, in the order printed."""

QUICK_NODES = {"minimax": 3_610, "alphabeta": 206}
"""Nodes entered 4 plies ahead from the empty board (1 + 9 + 72 + 504 + 3,024 for minimax)."""


def is_positive_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value > 0


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory) -> tuple[dict, str]:
    """One `python -m benchmarks --quick --skip-app --repeat 1 --json FILE` run: the JSON and the printed text
    (one timing each: the test checks the rows and the arithmetic, not the figures' steadiness)."""
    report = tmp_path_factory.mktemp("bench") / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--skip-app", "--repeat", "1", "--json", str(report)],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(report.read_text(encoding="utf-8")), done.stdout


def test_every_row_is_reported_in_order(quick_run):
    data, printed = quick_run
    assert [row["key"] for row in data["rows"]] == list(ROWS)
    assert data["settings"] == {"board": ".........", "depth": 4, "quick": True, "repeat": 1}
    for line in ("cpu count: ", "python: ", "platform: ", "date: ", "| what ", "traced / untraced search, minimax"):
        assert line in printed


def test_figures_are_positive_and_finite(quick_run):
    data, _ = quick_run
    for row in data["rows"]:
        if row["key"].startswith("peer-") and not is_easyai_installed():
            assert row["figures"] == {} and row["measured"] is None and row["note"] == INSTALL_HINT
            continue
        assert row["figures"], row["key"]
        for name, value in row["figures"].items():
            assert is_positive_number(value), (row["key"], name, value)
        assert is_positive_number(row["measured"]), row["key"]
        if row["key"].startswith("nodes-") and row["key"] != "nodes-alphabeta+tt":
            assert row["target"] is None and row["result"] == "info", row["key"]  # shown to compare
            continue
        assert is_positive_number(row["target"]), row["key"]


def test_reference_and_engine_agree_on_nodes_and_values(quick_run):
    data, _ = quick_run
    for algorithm, nodes in QUICK_NODES.items():
        sides = data["agreement"][algorithm]
        assert sides["engine"] == sides["reference"] == {"value": 0, "nodes": nodes}
        if sides["peer"] is not None:
            assert sides["peer"] == {"value": 0, "nodes": nodes}
    rows = {row["key"]: row for row in data["rows"]}
    for key in ("tracing-minimax", "reference-minimax"):
        assert rows[key]["figures"]["nodes"] == QUICK_NODES["minimax"]


def test_the_searches_after_alpha_beta_find_its_value_and_a_table_saves_nodes(quick_run):
    data, _ = quick_run
    rows = {row["key"]: row for row in data["rows"]}
    for key, row in rows.items():
        if key.startswith("nodes-"):
            assert row["figures"]["alphabeta_nodes"] == QUICK_NODES["alphabeta"], key
            assert "differs" not in row["note"], (key, row["note"])
            counter = NodeCounter()
            configuration = key.removeprefix("nodes-").split("+")
            search(TicTacToe(), configuration[0], depth=4, tracer=counter, **dict.fromkeys(configuration[1:], True))
            assert row["figures"]["nodes"] == counter.nodes, key
    assert rows["nodes-alphabeta+tt"]["met"] is True  # the table enters fewer nodes


def test_met_follows_the_measured_figure_and_the_target(quick_run):
    data, _ = quick_run
    for row in data["rows"]:
        if row["measured"] is None:
            assert row["met"] is None and row["result"] == "-"
            continue
        if row["target"] is None:
            assert row["met"] is None and row["result"] == "info"
            continue
        holds = row["measured"] <= row["target"] if row["comparison"] == "<=" else row["measured"] < row["target"]
        assert row["met"] is holds, row
        assert row["result"] == ("met" if holds else "MISSED")
        rate_rows = row["key"].startswith(("reference-", "peer-"))
        if rate_rows:
            figures = row["figures"]
            other = figures.get("reference_nodes_per_s", figures.get("easyAI_nodes_per_s"))
            assert row["measured"] == pytest.approx(other / figures["engine_nodes_per_s"])
        elif row["unit"] == "x":
            figures = row["figures"]
            numerator = figures.get("traced_s", figures.get("export_s", figures.get("nodes")))
            denominator = figures.get(
                "untraced_s", figures.get("traced_search_s", figures.get("alphabeta_nodes", figures.get("plain_s")))
            )
            assert row["measured"] == pytest.approx(numerator / denominator)


@pytest.mark.parametrize(
    ("board", "depth"), [(".........", 3), ("X...O....", None), ("XO.......", 5), ("X.O.X....", None)]
)
def test_the_reference_search_enters_the_engines_nodes(board, depth):
    for algorithm, reference in (("minimax", reference_minimax), ("alphabeta", reference_alphabeta)):
        counter = NodeCounter()
        value = search(TicTacToe(board), algorithm, depth=depth, tracer=counter)
        assert tuple(reference(board, depth=depth)) == (value, counter.nodes)
        if is_easyai_installed():
            assert tuple(peer_negamax(board, depth=depth, pruning=algorithm == "alphabeta")) == (value, counter.nodes)


@pytest.mark.asyncio
async def test_app_timing_steps_through_a_small_trace():
    timing = await time_app(REPOSITORY / "traces" / "example15-minimax.json", steps=5, idle_presses=2)
    assert timing.final_step == 5
    assert len(timing.step_wall_s) == len(timing.step_cpu_s) == 5 and len(timing.idle_wall_s) == 2
    for value in (timing.load_s, timing.open_s, *timing.step_wall_s, *timing.step_cpu_s, *timing.idle_wall_s):
        assert is_positive_number(value)
