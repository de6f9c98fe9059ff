"""The `compare` command: aligned visit orders, counts, agreement and set differences.

Expected visit orders on the built-in example are the tutorial's (minimax visits all 15 nodes;
alpha-beta skips K, whose MIN parent E is cut off once J = 3 <= alpha, and O, cut off at G).
"""

from __future__ import annotations

import json

import pytest
from cli_helpers import run_cli

from visualizer.analysis.study import knuth_moore
from visualizer.games import random_tree


def compare_json(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, "compare", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_builtin_example_lists_k_and_o_as_visited_by_minimax_only(capsys):
    code, out, err = run_cli(capsys, "compare")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert "visited by minimax only: K, O" in lines
    assert "visited by alphabeta only: none" in lines
    assert "  minimax    A B D H I E J K C F L M G N O" in lines
    assert "  alphabeta  A B D H I E J · C F L M G N ·" in lines
    assert "values agree: 2" in lines
    table = {line.split()[0]: line.split()[1:] for line in lines if line.startswith(("minimax ", "alphabeta "))}
    # value, best move, nodes visited, leaves evaluated, cut-offs
    assert table["minimax"] == ["2", "C", "15", "8", "0"]
    assert table["alphabeta"] == ["2", "C", "13", "6", "2"]


def test_json_has_runs_alignment_and_both_differences(capsys):
    data = compare_json(capsys)
    minimax, alphabeta = data["runs"]
    assert minimax["visit_order"] == list("ABDHIEJKCFLMGNO")
    assert alphabeta["visit_order"] == list("ABDHIEJCFLMGN")
    assert data["values_agree"] is True and minimax["value"] == alphabeta["value"] == 2
    only = {(entry["visited_by"], entry["not_by"]): entry["nodes"] for entry in data["only"]}
    assert only == {("minimax", "alphabeta"): ["K", "O"], ("alphabeta", "minimax"): []}
    aligned = {row["node"]: row["steps"] for row in data["aligned"]}
    assert aligned["K"] == [8, None] and aligned["C"] == [9, 8] and aligned["O"] == [15, None]


def test_strict_cuts_visit_the_tie_the_default_prunes(capsys):
    # MAX root, MIN(3, 5) and MIN(3, 9): after the first MIN node alpha = 3; the second MIN node's first
    # child is 3 <= alpha, which closes the window by default; strict pruning needs < and goes on to 9.
    data = compare_json(capsys, "[[3,5],[3,9]]", "-A", "alphabeta", "--cuts", "equal,strict")
    default, strict = data["runs"]
    assert (default["label"], strict["label"]) == ("alphabeta", "alphabeta strict")
    assert (default["strict"], strict["strict"]) == (False, True)
    assert default["visit_order"] == ["A", "B", "D", "E", "C", "F"]
    assert strict["visit_order"] == ["A", "B", "D", "E", "C", "F", "G"]
    assert (default["leaves_evaluated"], strict["leaves_evaluated"]) == (3, 4)
    assert (default["cutoffs"], strict["cutoffs"]) == (1, 0)
    assert default["value"] == strict["value"] == 3
    only = {(entry["visited_by"], entry["not_by"]): entry["nodes"] for entry in data["only"]}
    assert only[("alphabeta strict", "alphabeta")] == ["G"]  # G is the leaf 9
    code, out, _ = run_cli(capsys, "show", "[[3,5],[3,9]]")
    assert code == 0 and any(line.split()[:2] == ["G", "C"] and line.split()[-1] == "9" for line in out.splitlines())


def test_strict_flag_applies_to_the_pruning_search_only(capsys):
    data = compare_json(capsys, "[[3,5],[3,9]]", "--strict")
    assert [run["label"] for run in data["runs"]] == ["minimax", "alphabeta strict"]
    assert data["runs"][1]["visit_order"] == data["runs"][0]["visit_order"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_move_orders_best_is_minimal_and_worst_no_better_than_natural(capsys, seed):
    data = compare_json(
        capsys,
        "--random",
        "--depth",
        "4",
        "--seed",
        str(seed),
        "--range",
        "-100000:100000",
        "-A",
        "alphabeta",
        "--order",
        "natural,best,worst",
    )
    natural, best, worst = data["runs"]
    assert [run["label"] for run in data["runs"]] == ["alphabeta natural", "alphabeta best", "alphabeta worst"]
    tree = random_tree(depth=4, seed=seed, value_range=(-100000, 100000))
    values = [value for value, children in zip(tree.values, tree.children) if not children]
    assert len(values) == 16 and len(set(values)) == 16  # distinct leaves: Knuth-Moore is exact
    assert best["leaves_evaluated"] == knuth_moore(2, 4) == 7
    assert worst["leaves_evaluated"] >= natural["leaves_evaluated"] >= best["leaves_evaluated"]
    assert data["values_agree"] and len({run["value"] for run in data["runs"]}) == 1
    for entry in data["only"]:
        runs = {run["label"]: set(run["visit_order"]) for run in data["runs"]}
        assert set(entry["nodes"]) == runs[entry["visited_by"]] - runs[entry["not_by"]]


def test_different_orders_are_shown_one_node_per_line_in_tree_order(capsys):
    code, out, _ = run_cli(
        capsys, "compare", "--random", "--depth", "2", "--seed", "4", "-A", "alphabeta", "--order", "natural,worst"
    )
    assert code == 0
    lines = out.splitlines()
    start = lines.index("visit number of each node (· where a search skips it):")
    rows = [line.split() for line in lines[start + 2 : start + 9]]
    assert [row[0] for row in rows] == list("ABDECFG")  # depth first, natural order of children


def test_random_order_label_names_its_seed(capsys):
    data = compare_json(capsys, "--random", "--seed", "5", "-A", "minimax", "--order", "natural,random:9")
    assert [run["label"] for run in data["runs"]] == ["minimax natural", "minimax random:9"]
    assert data["runs"][0]["nodes_visited"] == data["runs"][1]["nodes_visited"] == 15


def test_games_compare_by_node_names(capsys):
    data = compare_json(capsys, "--game", "nim", "--pile", "5", "-A", "minimax,alphabeta,negamax-ab")
    minimax, alphabeta, negamax_ab = data["runs"]
    assert alphabeta["visit_order"] == negamax_ab["visit_order"]
    assert set(alphabeta["visit_order"]) < set(minimax["visit_order"])
    assert minimax["value"] == alphabeta["value"] == negamax_ab["value"]


def test_long_visit_orders_are_not_aligned_but_still_counted(capsys, monkeypatch):
    import visualizer.analysis.compare as compare_module
    from visualizer.cli import comparing

    monkeypatch.setattr(compare_module, "ALIGN_LIMIT", 10)
    monkeypatch.setattr(comparing, "ALIGN_LIMIT", 10)
    code, out, _ = run_cli(capsys, "compare")
    assert code == 0
    assert "visit orders: too long to align here (over 10 nodes); --json lists them" in out
    assert "visited by minimax only: K, O" in out
    data = compare_json(capsys)
    assert "aligned" not in data and data["runs"][0]["visit_order"][7] == "K"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-A", "alphabeta"], "that is only one search"),
        (["-A", "minimax,bogus"], "unknown algorithm 'bogus'"),
        (["--cuts", "sometimes"], "--cuts has 'sometimes'"),
        (["--cuts", "equal,strict", "--strict"], "--strict and --cuts both"),
        (["--order", "natural,sideways"], "choose one of natural, best, worst"),
        (["--trace", "traces/example15-alphabeta.json"], "compare searches the tree again"),
        (["--algorithms", ","], "--algorithms is empty"),
    ],
)
def test_bad_options_give_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run_cli(capsys, "compare", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err


def test_long_differences_are_counted_and_cut_short(capsys):
    argv = ["--game", "tictactoe", "--depth", "3", "--eval", "open-lines", "-A", "alphabeta", "--order", "natural,best"]
    data = compare_json(capsys, *argv)
    natural, best = (set(run["visit_order"]) for run in data["runs"])
    code, out, _ = run_cli(capsys, "compare", *argv)
    assert code == 0 and len(natural - best) > 30
    (line,) = [line for line in out.splitlines() if line.startswith("visited by alphabeta natural only:")]
    assert line.startswith(f"visited by alphabeta natural only: {len(natural - best)} nodes: ")
    assert line.endswith(", ... (--json lists them all)") and line.count(", ") == 30
