"""`export` of a big tree: collapsed subtrees, the one-line notice, --whole-tree, --expand and --draw-levels."""

from __future__ import annotations

import re

import pytest
from svg_reading import read_canvas, read_positions

from tests.cli_helpers import run_cli
from visualizer.games import TicTacToe
from visualizer.pictures.collapse import Collapse
from visualizer.pictures.figure import Figure
from visualizer.search import trace_search

MIDGAME = ("--game", "tictactoe", "--board", "X.O/.X./..O", "--name", "mid")


def test_a_big_tree_is_collapsed_with_one_line_saying_so(capsys, tmp_path):
    code, out, err = run_cli(capsys, "export", "--out", str(tmp_path), *MIDGAME, "--format", "svg,tex")
    assert code == 0 and out.startswith("wrote ")
    assert err.count("\n") == 1 and err.startswith("mid: collapsed 8 subtrees (105 of 115 nodes)")
    assert "--whole-tree" in err and "--expand" in err
    keys = read_positions((tmp_path / "mid.svg").read_text())
    assert sum(key.startswith("node:") for key in keys) == 10  # root, its 5 children, X6's 4 replies
    frames = len(Figure(trace_search(TicTacToe("X.O/.X./..O"), "alphabeta"), collapse=Collapse()).frame_steps)
    overlays = re.findall(r"\\only<([-\d]+)>", (tmp_path / "mid.tex").read_text())
    assert max(int(number) for spec in overlays for number in spec.split("-") if number) == frames <= 60


def test_whole_tree_draws_every_node_with_no_notice(capsys, tmp_path):
    code, _, err = run_cli(capsys, "export", "--out", str(tmp_path), *MIDGAME, "--format", "svg", "--whole-tree")
    assert code == 0 and err == ""
    svg = (tmp_path / "mid.svg").read_text()
    assert sum(key.startswith("node:") for key in read_positions(svg)) == 115
    assert read_canvas(svg)[0] > 4000


def test_expanded_nodes_are_drawn_open_and_frames_are_named_by_step(capsys, tmp_path):
    argv = ("--format", "svg", "--frames", "--expand", "X2,X2.O4")
    code, _, _ = run_cli(capsys, "export", "--out", str(tmp_path), *MIDGAME, *argv)
    assert code == 0
    keys = read_positions((tmp_path / "mid.svg").read_text())
    names = TicTacToe("X.O/.X./..O")
    trace = trace_search(names, "alphabeta")
    opened = trace.columns.name.index("X2.O4")
    assert all(f"node:{child}" in keys for child in trace.columns.children[opened])
    steps = Figure(trace, collapse=Collapse(expand=("X2", "X2.O4"))).frame_steps
    assert sorted(path.name for path in tmp_path.glob("mid-*.svg")) == [f"mid-{step:04d}.svg" for step in steps]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("--expand", "X9"), "--expand X9: the tree has no node named 'X9'; names look like X2, X2.O4, X2.O4.X6"),
        (("--draw-levels", "-1"), "--draw-levels -1 is negative"),
        (("--whole-tree", "--expand", "X2"), "--whole-tree draws every node; drop --draw-levels and --expand"),
        (("--expand", ","), "--expand"),
    ],
)
def test_mistakes_are_refused_in_one_line_before_anything_is_written(capsys, tmp_path, argv, words):
    code, _, err = run_cli(capsys, "export", "--out", str(tmp_path), *MIDGAME, "--format", "json,svg", *argv)
    assert code == 2 and err.count("\n") == 1 and words in err and "Traceback" not in err
    assert not tmp_path.exists() or list(tmp_path.iterdir()) == []
