"""Tests the grid games' fast paths: the slice-based winner, the cached successors, terminal tests and values.

Expected values come from code written here from the rules (lines from `reference_grid`, boards built
as lists, symmetric positions found by turning coordinates), not from the library's geometry.
"""

from __future__ import annotations

import random

import pytest
from reference_grid import lines_of

from visualizer.games import ConnectFour, TicTacToe, grid
from visualizer.games.evaluators import geometry
from visualizer.games.grid import GridState
from visualizer.search import search
from visualizer.tracing import NodeCounter

SHAPES = [(3, 3, 3), (6, 7, 4), (4, 5, 3), (5, 4, 4), (1, 5, 3), (5, 1, 2), (3, 3, 1), (2, 2, 2), (7, 6, 5)]
"""(rows, cols, connect): square and oblong boards, a single row and column, lines of one cell."""


def winners(board: str, rows: int, cols: int, connect: int) -> set[str]:
    """Every mark that fills some line of the board."""
    return {
        board[line[0]]
        for line in lines_of(rows, cols, connect)
        if board[line[0]] != "." and all(board[cell] == board[line[0]] for cell in line)
    }


def random_position(rng: random.Random, rows: int, cols: int, connect: int, *, gravity: bool) -> tuple[str, str]:
    """A board reached by random legal play from the empty board (to a random ply or the end), and the mover."""
    cells, mark = ["."] * (rows * cols), "X"
    for _ in range(rng.randrange(rows * cols + 1)):
        board = "".join(cells)
        if winners(board, rows, cols, connect) or "." not in board:
            break
        cells[rng.choice(landing_cells(board, rows, cols, gravity=gravity))] = mark
        mark = "O" if mark == "X" else "X"
    return "".join(cells), mark


def landing_cells(board: str, rows: int, cols: int, *, gravity: bool) -> list[int]:
    """Where a piece can go: any empty cell, or with gravity the lowest empty cell of each column (left to right)."""
    if not gravity:
        return [cell for cell in range(rows * cols) if board[cell] == "."]
    found = []
    for col in range(cols):
        empty = [row for row in range(rows) if board[row * cols + col] == "."]
        if empty:
            found.append(max(empty) * cols + col)
    return found


def expected_successors(board: str, mark: str, rows: int, cols: int, connect: int, *, gravity: bool) -> list:
    """(move, child) pairs written from the rules: none once someone has won; moves are cells or columns."""
    if winners(board, rows, cols, connect):
        return []
    after = "O" if mark == "X" else "X"
    children = []
    for cell in landing_cells(board, rows, cols, gravity=gravity):
        cells = list(board)
        cells[cell] = mark
        children.append((cell % cols if gravity else cell, GridState("".join(cells), after)))
    return children


def symmetric_boards(board: str) -> set[str]:
    """The 8 images of a 3 x 3 board under turns and reflections."""
    images = set()
    for turn in range(4):
        for mirror in (False, True):
            cells = ["."] * 9
            for row in range(3):
                for col in range(3):
                    new_row, new_col = row, col
                    for _ in range(turn):
                        new_row, new_col = new_col, 2 - new_row
                    if mirror:
                        new_col = 2 - new_col
                    cells[new_row * 3 + new_col] = board[row * 3 + col]
            images.add("".join(cells))
    return images


@pytest.mark.parametrize("rows, cols, connect", SHAPES)
def test_winner_finds_the_marks_that_fill_a_line(rows: int, cols: int, connect: int) -> None:
    rng = random.Random(rows * 100 + cols * 10 + connect)
    shape = geometry(rows, cols, connect, False)
    for _ in range(400):
        board = "".join(rng.choice("XO.") for _ in range(rows * cols))
        marks = winners(board, rows, cols, connect)
        found = shape.winner(board)
        if len(marks) <= 1:
            assert found == (marks.pop() if marks else None), board
        else:
            assert found in marks, board  # both have lines (not a legal position): either may be named


@pytest.mark.parametrize(
    "rows, cols, connect, gravity", [(3, 3, 3, False), (3, 3, 3, True), (4, 5, 3, True), (6, 7, 4, True)]
)
def test_successors_terminal_tests_and_values_match_the_rules_when_asked_again(
    rows: int, cols: int, connect: int, gravity: bool
) -> None:
    rng = random.Random(rows * cols * (2 if gravity else 1))
    if gravity:
        game = ConnectFour(rows=rows, cols=cols, connect=connect, evaluator="discounted")
    else:
        game = TicTacToe(evaluator="discounted")
    for _ in range(150):
        board, mark = random_position(rng, rows, cols, connect, gravity=gravity)
        state = GridState(board, mark)
        marks = winners(board, rows, cols, connect)
        ply = rows * cols - board.count(".")  # the root is the empty board
        worth = round(2520 / max(ply, 1))
        value = 0 if not marks else (worth if marks == {"X"} else -worth)  # X moves first: X is MAX
        children = expected_successors(board, mark, rows, cols, connect, gravity=gravity)
        for _ask in range(2):  # the first answer is computed, the second comes from the cache
            given = game.successors(state)
            assert given == children
            given.clear()  # the caller's list is its own: the cached successors stay whole
            assert game.is_terminal(state) is (bool(marks) or "." not in board)
            assert game.static_value(state) == value


def test_symmetric_successors_keep_the_first_move_of_each_kind_when_asked_again() -> None:
    rng = random.Random(7)
    game = TicTacToe(symmetry=True)
    for _ in range(150):
        board, mark = random_position(rng, 3, 3, 3, gravity=False)
        kept, seen = [], set()
        for move, child in expected_successors(board, mark, 3, 3, 3, gravity=False):
            if not symmetric_boards(child.board) & seen:
                kept.append((move, child))
            seen.add(child.board)
        state = GridState(board, mark)
        assert game.successors(state) == kept
        assert game.successors(state) == kept


@pytest.mark.parametrize("cells", [1, 9 * 40])
def test_the_caches_stay_within_their_bound_and_the_search_is_unchanged(
    monkeypatch: pytest.MonkeyPatch, cells: int
) -> None:
    monkeypatch.setattr(grid, "CACHE_CELLS", cells)
    game = TicTacToe()
    limit = max(1, cells // 9)
    counter = NodeCounter()
    # The README's counts, which the benchmark checks against the reference search: 18,297 nodes, a draw.
    assert search(game, "alphabeta", tracer=counter) == 0
    assert counter.nodes == 18_297
    caches = (game._successors, game._terminal, game._values)
    assert all(0 < len(cache) <= limit for cache in caches)


def test_a_full_search_keeps_every_position_of_tic_tac_toe() -> None:
    game = TicTacToe()
    search(game, "minimax")
    # 5,478 positions can be reached from the empty board; 958 end the game (only they are evaluated).
    assert len(game._terminal) == 5_478
    assert len(game._successors) == 5_478 - 958
    assert len(game._values) == 958
