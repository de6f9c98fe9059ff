"""One numbering of squares and columns: tic-tac-toe squares 1-9 row by row from the top left,
connect-four columns 1-N from the left, in node names, `best_move`, the best-move report and the
committed traces (issue 16, item 9). The engine's own moves stay 0-based cells and columns.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from visualizer.cli.playing import best_move_json, best_move_text
from visualizer.games import ConnectFour, TicTacToe, lookahead
from visualizer.readwrite.trace_json import read_json
from visualizer.search import trace_search

TRACES = Path(__file__).resolve().parents[2] / "traces"

LABEL = re.compile(r"^([XO])(\d+)$")


def test_the_centre_square_is_five_and_the_corners_one_three_seven_nine():
    game = TicTacToe()
    root = game.root()
    # The engine's cells 0..8, row by row; people count 1..9.
    assert [game.child_name("root", root, cell) for cell in range(9)] == [f"X{square}" for square in range(1, 10)]
    assert game.move_phrase(root, 4) == "X at square 5 (row 2, column 2)"
    assert game.move_phrase(root, 0) == "X at square 1 (row 1, column 1)"
    assert game.move_phrase(root, 8) == "X at square 9 (row 3, column 3)"
    assert [game.move_value(cell) for cell in (0, 2, 6, 8)] == [1, 3, 7, 9]
    assert all(game.move_from_value(game.move_value(cell)) == cell for cell in range(9))
    # Names below the root spell every move along the path: X in the centre, then O in the top left.
    child = dict(game.successors(root))[4]
    assert game.child_name("X5", child, 0) == "X5.O1"


def test_connect_four_columns_count_from_one_on_the_left():
    game = ConnectFour(rows=3, cols=4, connect=3)
    root = game.root()
    assert [game.child_name("root", root, column) for column in range(4)] == ["X1", "X2", "X3", "X4"]
    assert game.move_phrase(root, 0) == "X in column 1"
    assert game.move_phrase(root, 3) == "X in column 4"
    assert all(game.move_from_value(game.move_value(column)) == column for column in range(4))


def test_a_full_search_names_its_best_move_by_the_same_number_as_its_node():
    # Empty board, full search, win-loss: a draw; alpha-beta keeps the first child (the top-left
    # corner, square 1) because no later child is strictly better.
    trace = trace_search(TicTacToe(), "alphabeta")
    best = trace.nodes[trace.summary.best_child]
    assert trace.summary.best_move == 1 and best.name == "X1" and best.move == 1


def changed_cell(before: str, after: str) -> int:
    """The 0-based index of the one cell that differs between two boards."""
    (cell,) = [index for index, (old, new) in enumerate(zip(before, after)) if old != new]
    return cell


@pytest.mark.parametrize(
    "game",
    [
        TicTacToe("O../.O./XX."),  # X completes the bottom row at square 9
        TicTacToe(".X./.X./OO."),  # X must block at square 9
        TicTacToe("X../.X./O..", player="O"),
        ConnectFour("......./......./......./......./.OO..../OXXX..."),  # X wins in column 5
        ConnectFour("..../.X../XOO.", rows=3, cols=4, connect=3, evaluator="win-loss"),  # X blocks in column 4
    ],
)
def test_best_move_report_and_json_agree_with_the_board_after_the_move(game):
    trace = trace_search(game, "alphabeta", depth=lookahead(game, None))
    result = best_move_json(game, trace)
    before, after = game.board, result["board_after"].replace("\n", "")
    cell = changed_cell(before, after)
    # The square (row by row) or the column (with gravity) where the piece landed, counted from 1.
    number = cell % game.cols + 1 if game.gravity else cell + 1
    mark = result["to_move"]
    assert result["move"] == number
    assert result["principal_variation"][0] == f"{mark}{number}"
    text = best_move_text(game, trace)
    where = f"in column {number}" if game.gravity else f"at square {number} "
    assert f"best move:           {mark} {where}" in text


@pytest.mark.parametrize(
    "name, gravity",
    [
        ("tictactoe-midgame-alphabeta", False),
        ("tictactoe-opening-minimax-d2", False),
        ("connect4-3x4k3-alphabeta-d3", True),
    ],
)
def test_every_node_name_in_the_committed_traces_numbers_the_cell_it_changed(name, gravity):
    trace = read_json(TRACES / f"{name}.json")
    columns = 4 if gravity else 3
    checked = 0
    for node in trace.nodes:
        if node.parent is None:
            continue
        parent = trace.nodes[node.parent]
        label = node.name.rsplit(".", 1)[-1]
        mark, number = LABEL.match(label).groups()
        cell = changed_cell(parent.board.replace("\n", ""), node.board.replace("\n", ""))
        assert node.board.replace("\n", "")[cell] == mark
        assert int(number) == (cell % columns + 1 if gravity else cell + 1), (node.name, cell)
        assert node.move == int(number)
        checked += 1
    assert checked == len(trace.nodes) - 1
    best = trace.nodes[trace.summary.best_child]
    assert trace.summary.best_move == best.move
