"""Chance nodes through the command line: `--levels` and `{"chance": ...}` sources, `-a expectimax` and
`-a star1` in run, export (JSON read back by `run --trace`, DOT) and compare, and bad input refused in one
line with exit 2.

Hand-worked answers (see tests/unit/test_expectimax.py and test_star1.py): CS188's example is worth 8 (chance
nodes 8, 4, 7, best move B); expectimax visits all 13 nodes, Star1 prunes J (C is worth at most 7 <= alpha 8).
"""

from __future__ import annotations

import json

import pytest
from cli_helpers import run_cli
from toys import CHANCE_GAME

from visualizer.games import Player
from visualizer.games import registered as registered_game
from visualizer.readwrite.trace_json import read_json
from visualizer.tracing.events import Bound, EventKind

ARRAY = ["--array", "0,0,0,0,3,12,9,2,4,6,15,6,0", "--branching", "3", "--levels", "max,chance"]
NESTED = [
    "--nested",
    json.dumps(
        [
            {"chance": [[0.333333333, a], [0.333333333, b], [0.333333334, c]]}
            for a, b, c in ((3, 12, 9), (2, 4, 6), (15, 6, 0))
        ]
    ),
]


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def assert_one_line_error(code: int, out: str, err: str, *words: str) -> None:
    assert code == 2 and out == ""
    assert err.startswith("visualizer: error: ") and err.count("\n") == 1, err
    assert all(word in err for word in words), err


@pytest.mark.parametrize("source", [ARRAY, NESTED], ids=["array-levels", "nested"])
def test_run_expectimax_gives_cs188s_8(capsys, source):
    result = run_json(capsys, "run", *source, "-a", "expectimax")
    assert result["value"] == pytest.approx(8) and result["best_move"] == "B"
    assert result["visit_order"] == list("ABEFGCHIJDKLM")
    assert result["stats"] == {"nodes_visited": 13, "leaves_evaluated": 9, "cutoffs": 0}


def test_run_star1_prunes_j_and_says_so_in_the_text(capsys):
    result = run_json(capsys, "run", *ARRAY, "-a", "star1")
    assert result["value"] == pytest.approx(8) and result["pruned"] == ["J"]
    assert result["cutoffs"] == [{"node": "C", "child": "I", "skipped": ["J"], "pruned": ["J"]}]
    code, out, _ = run_cli(capsys, "run", *ARRAY, "-a", "star1")
    assert code == 0 and "star1 | array tree, 13 nodes, branching 3, 3 chance nodes" in out


def test_export_and_replay_a_star1_trace(capsys, tmp_path):
    # --bounds -5:15 instead of the tree's own 0:15: the same cut (at C, J is at most 15), but the children
    # of a chance node open with the window [-5, 15].
    bounds = ["--bounds", "-5:15"]
    code, _, err = run_cli(
        capsys, "export", *ARRAY, "-a", "star1", *bounds, "--format", "json,dot", "--out", str(tmp_path)
    )
    assert code == 0, err
    [saved] = tmp_path.glob("*.json")
    trace = read_json(saved)
    assert trace.options == {"bounds": (-5, 15)} and trace.source["levels"] == ["max", "chance"]
    assert trace.node("C").player is Player.CHANCE and trace.node("H").probability == pytest.approx(1 / 3)
    [cut] = [event for event in trace.events if event.kind is EventKind.CHANCE_CUTOFF]
    assert (trace.nodes[cut.node].name, trace.names(cut.skipped), cut.bound) == ("C", ["J"], Bound.UPPER)
    assert cut.limit == pytest.approx(7)
    entered_h = next(
        event for event in trace.events if event.kind is EventKind.ENTER and event.node == trace.node("H").id
    )
    assert (entered_h.alpha, entered_h.beta) == (-5, 15)
    again = run_json(capsys, "run", "--trace", str(saved))
    fresh = run_json(capsys, "run", *ARRAY, "-a", "star1", *bounds)
    for key in ("value", "best_move", "visit_order", "cutoffs", "pruned", "stats"):
        assert again[key] == fresh[key], key
    dot = next(tmp_path.glob("*.dot")).read_text()
    assert "shape=circle" in dot and 'label="0.333"' in dot


def test_compare_expectimax_with_star1(capsys):
    code, out, err = run_cli(capsys, "compare", "-A", "expectimax,star1", *ARRAY)
    assert code == 0, err
    assert "values agree: 8" in out and "visited by expectimax only: J" in out and "visited by star1 only: none" in out


def test_random_tree_with_levels_round_trips_through_its_trace(capsys, tmp_path):
    source = ["--random", "--seed", "4", "--depth", "3", "--levels", "min,chance,max", "--root", "min"]
    fresh = run_json(capsys, "run", *source, "-a", "expectimax")
    assert fresh["spec"]["levels"] == ["min", "chance", "max"] and fresh["spec"]["root"] == fresh["root"] == "min"
    code, _, err = run_cli(capsys, "export", *source, "-a", "expectimax", "--format", "json", "--out", str(tmp_path))
    assert code == 0, err
    again = run_json(capsys, "run", "--trace", str(next(tmp_path.glob("*.json"))))
    assert again["value"] == fresh["value"] and again["visit_order"] == fresh["visit_order"]


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--nested", '[{"chance": [[0.5, 1], [0.4, 2]]}]'], ["sum to 0.9, not 1"]),
        (["--nested", '[{"chance": [[0, 1], [1, 2]]}]'], ["probability 0 in outcome 1", "above 0 and at most 1"]),
        (["--nested", '[{"chance": [["a", 1], [1, 2]]}]'], ["probability 'a' in outcome 1"]),
        (["--nested", '[{"chance": []}]'], ["has [] as its outcomes"]),
        (["--nested", '[{"chance": [[1]]}]'], ["has [1] as outcome 1", "[probability, subtree]"]),
        (["--nested", '[{"odds": [[1, 2]]}]'], ['the object {"odds"', '{"chance": [[0.5, subtree]']),
        (
            [*ARRAY[:4], "--levels", "max,chance,min"],
            ["--levels gives 3 kinds, but the tree has 2 levels", "at most 2"],
        ),
        ([*ARRAY[:4], "--levels", "max,chanse"], ["'chanse' at position 2", "max, min or chance"]),
        ([*ARRAY, "--root", "min"], ["--levels starts with max, but min moves first", "drop --root"]),
        ([*NESTED, "--levels", "max,chance"], ["--levels applies only to --array or --random", '{"chance"']),
        (["--game", "nim", "--levels", "max"], ["--levels applies only to --array or --random"]),
        ([*ARRAY[:4], "--levels", "chance,max"], ["--levels starts with chance, but the root must be max or min"]),
        (["--nested", '{"chance": [[0.5, 1], [0.5, 2]]}'], ["top level is a chance node", "put it in a list"]),
    ],
)
def test_bad_chance_sources_are_refused_in_one_line(capsys, argv, words):
    assert_one_line_error(*run_cli(capsys, "run", *argv, "-a", "expectimax"), *words)


@pytest.mark.parametrize(
    "argv, words",
    [
        ([*ARRAY, "-a", "star1", "--bounds", "0:10"], ["a leaf has value 12, outside the bounds 0:10"]),
        ([*ARRAY, "-a", "star1", "--bounds=-inf:10"], ["star1 needs finite --bounds"]),
        ([*ARRAY, "-a", "star1", "--bounds", "10:0"], ["--bounds has LO 10 above HI 0"]),
        ([*ARRAY, "-a", "expectimax", "--bounds", "0:15"], ["--bounds does not apply to expectimax", "-a star1"]),
        ([*ARRAY, "-a", "alphabeta"], ["alphabeta cannot search chance nodes", "expectimax or star1"]),
    ],
)
def test_bad_chance_searches_are_refused_in_one_line(capsys, argv, words):
    assert_one_line_error(*run_cli(capsys, "run", *argv), *words)


def test_a_game_with_chance_nodes_needs_bounds_for_star1(capsys):
    with registered_game(CHANCE_GAME):
        assert_one_line_error(
            *run_cli(capsys, "run", "--game", "expect3", "-a", "star1"),
            "star1 needs bounds on the leaf values of expectimax example",
            "--bounds -1:1",
        )
        result = run_json(capsys, "run", "--game", "expect3", "-a", "star1", "--bounds", "0:15")
    assert result["value"] == pytest.approx(8) and result["pruned"] == ["b.3"]
    plain = run_json(capsys, "run", "--game", "tictactoe", "--board", "XX./OO./...", "-a", "star1")
    assert plain["value"] == run_json(capsys, "run", "--game", "tictactoe", "--board", "XX./OO./...")["value"]


def test_a_saved_trace_takes_no_levels(capsys, tmp_path):
    code, _, err = run_cli(capsys, "export", *ARRAY, "-a", "expectimax", "--format", "json", "--out", str(tmp_path))
    assert code == 0, err
    saved = str(next(tmp_path.glob("*.json")))
    assert_one_line_error(*run_cli(capsys, "run", "--trace", saved, "--levels", "max,chance"), "--levels", "--trace")
