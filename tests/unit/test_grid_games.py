"""Tests the k-in-a-row games: the textbook opening figures, full searches, connect four's rules, symmetry.

Expected values are worked out by hand in the comments or by the small referee and searches written
below, which share no code with the library (lines are found by walking from every cell; moves by
scanning columns from the bottom).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

import pytest
from reference_grid import lines_of

from visualizer.errors import InputError
from visualizer.games import ConnectFour, GridGame, TicTacToe
from visualizer.search import search, trace_search

# Squares of the tic-tac-toe board:   0 1 2
#                                     3 4 5
#                                     6 7 8
# Lines: rows R0={0,1,2} R1={3,4,5} R2={6,7,8}, columns C0={0,3,6} C1={1,4,7} C2={2,5,8},
# diagonals D1={0,4,8} D2={2,4,6}. A corner is on 3 lines, an edge on 2, the centre on 4.


# -- an independent referee and searches -----------------------------------------------


def other(mark: str) -> str:
    return "O" if mark == "X" else "X"


class Referee:
    """K in a row on R x C, written from the rules: X moves first, pieces fall when `gravity`."""

    def __init__(self, rows: int, cols: int, connect: int, *, gravity: bool):
        self.rows, self.cols, self.connect, self.gravity = rows, cols, connect, gravity
        self.lines = list(lines_of(rows, cols, connect))

    def winner(self, board: str) -> str | None:
        for line in self.lines:
            mark = board[line[0]]
            if mark != "." and all(board[cell] == mark for cell in line):
                return mark
        return None

    def is_over(self, board: str) -> bool:
        return self.winner(board) is not None or "." not in board

    def landing_cells(self, board: str) -> list[int]:
        """Where the mover's piece goes, for each legal move in the library's order (cells / columns)."""
        if not self.gravity:
            return [cell for cell, mark in enumerate(board) if mark == "."]
        cells = []
        for col in range(self.cols):
            for row in reversed(range(self.rows)):  # from the bottom up
                if board[row * self.cols + col] == ".":
                    cells.append(row * self.cols + col)
                    break
        return cells

    def children(self, board: str, mover: str) -> list[str]:
        return [board[:cell] + mover + board[cell + 1 :] for cell in self.landing_cells(board)]


TIC_TAC_TOE = Referee(3, 3, 3, gravity=False)

# The value of a finished game for the plus mark: (end board, winner or None, plus, plies since the root).
LeafValue = Callable[[str, "str | None", str, int], int]


def win_loss(board: str, mark: str | None, plus: str, ply: int) -> int:
    return 0 if mark is None else (1 if mark == plus else -1)


def quick_win(board: str, mark: str | None, plus: str, ply: int) -> int:
    """The `windows` evaluator's value of a finished game: 100000 less the plies, or its negative."""
    return 0 if mark is None else (100_000 - ply if mark == plus else ply - 100_000)


def discounted(board: str, mark: str | None, plus: str, ply: int) -> int:
    return 0 if mark is None else (round(2520 / ply) if mark == plus else -round(2520 / ply))


def mover_of(board: str) -> str:
    return "X" if board.count("X") == board.count("O") else "O"


def count_alphabeta(referee: Referee, board: str, leaf: LeafValue) -> tuple[float, int, int]:
    """Alpha-beta to the end of the game for the player to move, children in move order, cutting on
    equality (value >= beta, value <= alpha). Returns (value, nodes entered, leaves evaluated)."""
    plus = mover_of(board)
    counts = [0, 0]

    def visit(board: str, mover: str, ply: int, alpha: float, beta: float) -> float:
        counts[0] += 1
        if referee.is_over(board):
            counts[1] += 1
            return leaf(board, referee.winner(board), plus, ply)
        if mover == plus:
            value = -math.inf
            for child in referee.children(board, mover):
                value = max(value, visit(child, other(mover), ply + 1, alpha, beta))
                if value >= beta:
                    return value
                alpha = max(alpha, value)
        else:
            value = math.inf
            for child in referee.children(board, mover):
                value = min(value, visit(child, other(mover), ply + 1, alpha, beta))
                if value <= alpha:
                    return value
                beta = min(beta, value)
        return value

    value = visit(board, plus, 0, -math.inf, math.inf)
    return value, counts[0], counts[1]


def solve(referee: Referee, board: str, leaf: LeafValue) -> int:
    """Plain minimax to the end of the game (memoised on the board) for the player to move at `board`."""
    plus, start = mover_of(board), board.count(".")

    @cache
    def value(board: str) -> int:
        if referee.is_over(board):
            return leaf(board, referee.winner(board), plus, start - board.count("."))
        mover = mover_of(board)
        values = [value(child) for child in referee.children(board, mover)]
        return max(values) if mover == plus else min(values)

    return value(board)


@cache
def referee_for(rows: int, cols: int, connect: int, gravity: bool) -> Referee:
    return Referee(rows, cols, connect, gravity=gravity)


def longest_run(referee: Referee, board: str, mark: str) -> int:
    """The longest straight run of `mark`: the largest k such that some k-line is all `mark`."""
    best = 0
    for length in range(1, max(referee.rows, referee.cols) + 1):
        lines = referee_for(referee.rows, referee.cols, length, referee.gravity).lines
        if any(all(board[cell] == mark for cell in line) for line in lines):
            best = length
    return best


def adjacency(board: str, mark: str | None, plus: str, ply: int) -> int:
    return longest_run(TIC_TAC_TOE, board, plus) - longest_run(TIC_TAC_TOE, board, other(plus))


def test_referee_lines_on_tic_tac_toe():
    # Sanity of the helper itself: 8 lines, and the ones through the corner, edge and centre.
    assert len(TIC_TAC_TOE.lines) == 8
    assert sorted(line for line in TIC_TAC_TOE.lines if 0 in line) == [(0, 1, 2), (0, 3, 6), (0, 4, 8)]
    assert sum(4 in line for line in TIC_TAC_TOE.lines) == 4
    # Connect four 6x7: 6*4 across + 7*3 down + 2 * 3*4 diagonals = 69.
    assert len(Referee(6, 7, 4, gravity=True).lines) == 69


# -- the textbook's opening figures (open-lines, look-ahead 2, symmetry, minimax) ------------------


def test_textbook_first_figure_x_takes_the_centre():
    # With X at x and O at o on an otherwise empty board, X's open lines are those without o
    # (8 - L(o)) and O's those without x (8 - L(x)), so the value is L(x) - L(o) with L = 3 corner,
    # 2 edge, 4 centre.
    # Squares are numbered 1-9 row by row (1 2 3 / 4 5 6 / 7 8 9): 5 is the centre.
    # X1 (corner): O's replies up to the diagonal mirror through 1-5-9: O2(~O4) edge 3-2=1,
    #   O3(~O7) corner 0, O5 centre -1, O6(~O8) edge 1, O9 corner 0 -> min -1.
    # X2 (edge): up to the left-right mirror: O1(~O3) -1, O4(~O6) 0, O5 -2, O7(~O9) -1, O8 0 -> -2.
    # X5 (centre): O1 corner 4-3=1, O2 edge 4-2=2 -> 1.
    # Root: max(-1, -2, 1) = 1 through X5; nodes 1 + 3 + 5 + 5 + 2 = 16, of them 12 leaves.
    game = TicTacToe(evaluator="open-lines", symmetry=True)
    trace = trace_search(game, "minimax", depth=2)
    assert [(node.name, node.value) for node in trace.nodes] == [
        ("root", 1),
        ("X1", -1),
        ("X1.O2", 1),
        ("X1.O3", 0),
        ("X1.O5", -1),
        ("X1.O6", 1),
        ("X1.O9", 0),
        ("X2", -2),
        ("X2.O1", -1),
        ("X2.O4", 0),
        ("X2.O5", -2),
        ("X2.O7", -1),
        ("X2.O8", 0),
        ("X5", 1),
        ("X5.O1", 1),
        ("X5.O2", 2),
    ]
    assert all(node.static_value == node.value for node in trace.nodes if node.depth == 2)
    assert trace.summary.value == 1
    assert trace.summary.best_move == 5
    assert trace.summary.nodes_visited == 16
    assert trace.summary.leaves_evaluated == 12
    assert trace.names(trace.summary.principal_variation) == ["root", "X5", "X5.O1"]


def test_textbook_second_figure_o_answers_the_centre_in_a_corner():
    # X in the centre (square 5 of 1-9), O to move and plus. Every line but R1, R3, C1, C3 (rows
    # and columns counted from 1) holds the centre X.
    # O1 (corner): X's open lines are those without square 1: 8 - 3 = 5. X's replies up to the
    #   mirror through 1-5-9: X2(~X4), X3(~X7), X6(~X8), X9. O's open lines = {R1,R3,C1,C3} minus
    #   the lines through the new X:
    #   X2 (R1, C2): 3 -> 3-5 = -2;  X3 (R1, C3, D2): 2 -> -3;  X6 (R2, C3): 3 -> -2;
    #   X9 (R3, C3, D1): 2 -> -3.  min -3.
    # O2 (edge): X's open lines are those without square 2: 8 - 2 = 6. Replies up to the left-right
    #   mirror: X1(~X3), X4(~X6), X7(~X9), X8:
    #   X1 (R1, C1, D1): 2 -> 2-6 = -4;  X4 (R2, C1): 3 -> -3;  X7 (R3, C1, D2): 2 -> -4;
    #   X8 (R3, C2): 3 -> -3.  min -4.
    # Root (O): max(-3, -4) = -3, the corner. Nodes 1 + 2 + 4 + 4 = 11, leaves 8.
    game = TicTacToe(".../.X./...", player="O", evaluator="open-lines", symmetry=True)
    trace = trace_search(game, "minimax", depth=2)
    assert [(node.name, node.value) for node in trace.nodes] == [
        ("root", -3),
        ("O1", -3),
        ("O1.X2", -2),
        ("O1.X3", -3),
        ("O1.X6", -2),
        ("O1.X9", -3),
        ("O2", -4),
        ("O2.X1", -4),
        ("O2.X4", -3),
        ("O2.X7", -4),
        ("O2.X8", -3),
    ]
    assert trace.summary.best_move == 1
    assert trace.summary.nodes_visited == 11
    assert trace.summary.leaves_evaluated == 8


def test_textbook_figure_alphabeta_agrees_with_minimax_and_prunes():
    # Alpha-beta on the first figure: X1 needs all 5 replies (alpha is -inf) and is worth -1, which
    # becomes alpha; under X2 the first reply O1 is worth -1 <= alpha, so X2's other 4 replies are
    # cut; under X5, O1 gives 1 > alpha, so O2 is seen too. Nodes: 1 + (1 + 5) + (1 + 1) + (1 + 2) = 12.
    trace = trace_search(TicTacToe(evaluator="open-lines", symmetry=True), "alphabeta", depth=2)
    assert trace.summary.value == 1 and trace.summary.best_move == 5
    assert trace.names(trace.summary.visit_order) == [
        "root",
        "X1",
        "X1.O2",
        "X1.O3",
        "X1.O5",
        "X1.O6",
        "X1.O9",
        "X2",
        "X2.O1",
        "X5",
        "X5.O1",
        "X5.O2",
    ]


# -- full searches of tic-tac-toe ----------------------------------------------------------------


def test_alphabeta_from_the_empty_board_matches_an_independent_count():
    # Independent alpha-beta, squares 0..8, cut on equality: value 0, 18,297 nodes, 7,330 leaves.
    value, nodes, leaves = count_alphabeta(TIC_TAC_TOE, "." * 9, win_loss)
    assert (value, nodes, leaves) == (0, 18_297, 7_330)  # pinned so a broken helper shows up too
    trace = trace_search(TicTacToe(), "alphabeta")
    assert trace.summary.value == 0
    assert trace.summary.nodes_visited == nodes
    assert trace.summary.leaves_evaluated == leaves


@pytest.mark.parametrize("evaluator", ["open-lines", "discounted", "windows"])
def test_every_win_aware_evaluator_values_the_empty_board_a_draw(evaluator):
    # Tic-tac-toe is a draw with best play; these evaluators give a drawn end 0.
    assert search(TicTacToe(evaluator=evaluator), "alphabeta") == 0
    assert search(TicTacToe(evaluator=evaluator), "negamax-ab") == 0


@pytest.mark.parametrize(
    "board, expected_winner",
    [
        ("X........", None),  # (the empty board: see the two tests above)
        ("....X....", None),
        ("XOO.X....", "X"),  # X on squares 1 and 5 with O on 2, 3: X wins (X9 at once)
        ("O...O.XX.", "X"),  # X to move wins at square 9, else O wins there
    ],
)
def test_full_depth_values_match_an_independent_solver(board, expected_winner):
    expected = {None: 0, mover_of(board): 1}.get(expected_winner, -1)
    assert solve(TIC_TAC_TOE, board, win_loss) == expected
    for evaluator, leaf in (("win-loss", win_loss), ("windows", quick_win), ("discounted", discounted)):
        assert search(TicTacToe(board, evaluator=evaluator), "alphabeta") == solve(TIC_TAC_TOE, board, leaf)


def test_adjacency_at_full_depth_matches_an_independent_minimax():
    # adjacency is not win-aware: a finished game is worth plus's longest run minus minus's, so the
    # full-depth value need not be 0. The independent minimax over all end positions gives 0 for the
    # empty board, and the library must agree on it and on the three openings (O to move).
    boards = (".........", "....X....", "X........", ".X.......")
    expected = {board: solve(TIC_TAC_TOE, board, adjacency) for board in boards}
    assert expected["........."] == 0
    for board, value in expected.items():
        assert search(TicTacToe(board, evaluator="adjacency"), "alphabeta") == value


# -- connect four's rules ------------------------------------------------------------------------


def moves_and_boards(game: GridGame) -> list[tuple[int, str]]:
    return [(move, child.board) for move, child in game.successors(game.root())]


def test_pieces_fall_to_the_lowest_empty_cell():
    # 3 x 4, rows from the top: X at the bottom of columns 0 and 1, O on top of column 1's X.
    # 2 X and 1 O, so O moves; each piece lands on the lowest empty cell of its column.
    game = ConnectFour("..../.O../XX..", rows=3, cols=4, connect=3)
    assert moves_and_boards(game) == [
        (0, "..../OO../XX..".replace("/", "")),  # on top of the X in column 0 (the middle row)
        (1, ".O../.O../XX..".replace("/", "")),  # on top of the O (the top row)
        (2, "..../.O../XXO.".replace("/", "")),  # the bottom row
        (3, "..../.O../XX.O".replace("/", "")),
    ]
    # The empty 6 x 7 board: every first move lands in the bottom row (cells 35..41).
    game = ConnectFour()
    assert [(move, board.index("X")) for move, board in moves_and_boards(game)] == [(c, 35 + c) for c in range(7)]


def test_a_full_column_is_not_a_legal_move():
    # Column 1 holds X, O, X from the bottom up: full. X at (0,1) (2,0) (2,1), O at (1,1) (2,2):
    # 3 X and 2 O, so O moves, in columns 0, 2 and 3 only.
    game = ConnectFour(".X../.O../XXO.", rows=3, cols=4, connect=3)
    assert [move for move, _ in game.successors(game.root())] == [0, 2, 3]
    assert game.legal_moves() == [0, 2, 3]
    with pytest.raises(InputError):
        game.play(1)
    assert game.play(3).board == ".X...O..XXOO"  # O falls to the bottom of column 3


WINS = {
    "across": ("......./......./......./......./OOO..../XXXX...", "X"),
    "down": ("......./......./X....../XO...../XO...../XO.....", "X"),
    # X on (2,0) (3,1) (4,2) (5,3), going down to the right; the other pieces hold them up.
    "diagonal": ("......./......./X....../OX...../OXX..../XOOX..O", "X"),
    # The mirror image: X on (2,6) (3,5) (4,4) (5,3), going down to the left.
    "anti-diagonal": ("......./......./......X/.....XO/....XXO/O..XOOX", "X"),
    "O down": ("......./......./......O/......O/X.....O/XX.X..O", "O"),
}


@pytest.mark.parametrize("name", WINS)
def test_wins_in_every_direction_end_the_game(name):
    board, mark = WINS[name]
    referee = Referee(6, 7, 4, gravity=True)
    assert referee.winner(board.replace("/", "")) == mark  # the board really holds that line
    game = ConnectFour(board, evaluator="win-loss")
    state = game.root()
    assert game.winner(state) == mark
    assert game.is_terminal(state)
    assert game.successors(state) == []
    assert game.legal_moves() == []
    # The loser is to move, and so is plus: -1.
    assert state.to_move == other(mark)
    assert game.static_value(state) == -1


def test_three_in_a_row_is_not_a_win_in_connect_four():
    game = ConnectFour("......./......./......./......./OO...../XXX....")
    assert game.winner(game.root()) is None
    assert not game.is_terminal(game.root())


# Rows A = XXOOXXO (4 X) and B = OOXXOOX (3 X), stacked A A B A B B: 21 X and 21 O, no row or
# column holds more than two alike in a row; the referee confirms no diagonal does either.
DRAWN_6X7 = "XXOOXXO/XXOOXXO/OOXXOOX/XXOOXXO/OOXXOOX/OOXXOOX"


@pytest.mark.parametrize("evaluator", ["win-loss", "open-lines", "discounted", "windows"])
def test_a_full_board_without_a_line_is_a_terminal_draw(evaluator):
    assert Referee(6, 7, 4, gravity=True).winner(DRAWN_6X7.replace("/", "")) is None
    game = ConnectFour(DRAWN_6X7, evaluator=evaluator)
    assert game.is_terminal(game.root())
    assert game.successors(game.root()) == []
    assert game.static_value(game.root()) == 0
    assert trace_search(game, "alphabeta").summary.value == 0


def test_full_alphabeta_of_connect_three_on_3x4_matches_an_independent_count():
    # X wins 3x4 connect 3. The independent alpha-beta (columns 0..3, windows' end values
    # 100000 - ply) gives 99,991 (a win on ply 9), 5,095 nodes and 1,957 leaves.
    referee = Referee(3, 4, 3, gravity=True)
    value, nodes, leaves = count_alphabeta(referee, "." * 12, quick_win)
    assert (value, nodes, leaves) == (99_991, 5_095, 1_957)
    trace = trace_search(ConnectFour(rows=3, cols=4, connect=3), "alphabeta")
    assert trace.summary.value == value
    assert trace.summary.nodes_visited == nodes
    assert trace.summary.leaves_evaluated == leaves
    # With win-loss values every win ties, so far more is cut: 1,097 nodes and 395 leaves.
    value, nodes, leaves = count_alphabeta(referee, "." * 12, win_loss)
    assert (value, nodes, leaves) == (1, 1_097, 395)
    trace = trace_search(ConnectFour(rows=3, cols=4, connect=3, evaluator="win-loss"), "alphabeta")
    assert (trace.summary.value, trace.summary.nodes_visited, trace.summary.leaves_evaluated) == (1, nodes, leaves)


@pytest.mark.parametrize("rows, cols, connect", [(3, 3, 3), (3, 4, 3), (4, 3, 3), (4, 4, 3)])
def test_small_connect_boards_are_solved_like_the_independent_solver(rows, cols, connect):
    referee = Referee(rows, cols, connect, gravity=True)
    expected = solve(referee, "." * (rows * cols), quick_win)
    # Facts the solver found: 3x3 and 4x3 are draws; 3x4 and 4x4 are wins for X on ply 9.
    assert expected == {(3, 3): 0, (4, 3): 0, (3, 4): 99_991, (4, 4): 99_991}[rows, cols]
    game = ConnectFour(rows=rows, cols=cols, connect=connect)
    assert search(game, "alphabeta") == expected
    game = ConnectFour(rows=rows, cols=cols, connect=connect, evaluator="win-loss")
    assert search(game, "alphabeta") == (expected > 0) - (expected < 0)


def test_connect_four_default_lookahead_and_evaluator():
    # Up to 12 empty cells: to the end; more: look-ahead 5. The default evaluator is windows.
    assert ConnectFour().suggested_depth() == 5
    assert ConnectFour(rows=3, cols=4, connect=3).suggested_depth() is None
    assert ConnectFour(rows=3, cols=5, connect=3).suggested_depth() == 5
    assert ConnectFour().evaluator == "windows"
    assert TicTacToe().evaluator == "win-loss"


# -- symmetry ----------------------------------------------------------------------------------


def kept_moves(game: GridGame) -> list[int]:
    return [move for move, _ in game.successors(game.root())]


@pytest.mark.parametrize(
    "board, kept",
    [
        # Empty: corners 0,2,6,8 alike, edges 1,3,5,7 alike, the centre -> 0, 1, 4.
        (".........", [0, 1, 4]),
        # X in a corner: only the mirror through 0-4-8 stays; 1~3, 2~6, 5~7, 4 and 8 alone.
        ("X........", [1, 2, 4, 5, 8]),
        # X on an edge: only the left-right mirror; 0~2, 3~5, 6~8, 4 and 7 alone.
        (".X.......", [0, 3, 4, 6, 7]),
        # X in the centre: all 8 symmetries stay; corners and edges -> 0, 1.
        ("....X....", [0, 1]),
        # X on cell 0 and O on cell 8 (the engine's 0-based cells): the mirror through that
        # diagonal stays; 1~3, 2~6, 5~7, 4 alone.
        ("X.......O", [1, 2, 4, 5]),
        # X on cell 0, O on cell 1: no symmetry is left; all 7 moves.
        ("XO.......", [2, 3, 4, 5, 6, 7, 8]),
    ],
)
def test_tic_tac_toe_symmetric_children_are_merged(board, kept):
    assert kept_moves(TicTacToe(board, symmetry=True)) == kept
    assert kept_moves(TicTacToe(board)) == [cell for cell in range(9) if board[cell] == "."]


@pytest.mark.parametrize(
    "board, rows, cols, connect, kept",
    [
        # 6x7 empty: only the left-right mirror (gravity); columns 0~6, 1~5, 2~4, 3 -> 0..3.
        (None, 6, 7, 4, [0, 1, 2, 3]),
        # X in the middle column keeps the mirror.
        ("......./......./......./......./......./...X...", 6, 7, 4, [0, 1, 2, 3]),
        # X in column 0 breaks it: all 7.
        ("......./......./......./......./......./X......", 6, 7, 4, [0, 1, 2, 3, 4, 5, 6]),
        # A square board with gravity still has only the mirror: X in the bottom-left corner leaves
        # 4 distinct replies (the anti-diagonal flip of a board without gravity would merge O on
        # top of it with O beside it).
        ("..../..../..../X...", 4, 4, 3, [0, 1, 2, 3]),
        ("..../..../..../....", 4, 4, 3, [0, 1]),
    ],
)
def test_connect_four_merges_mirror_images_only(board, rows, cols, connect, kept):
    assert kept_moves(ConnectFour(board, rows=rows, cols=cols, connect=connect, symmetry=True)) == kept


def test_a_non_square_board_without_gravity_has_four_symmetries():
    # 3 x 4 cells:  0  1  2  3 / 4  5  6  7 / 8  9 10 11. The mirrors and the half turn make the
    # classes {0,3,8,11}, {1,2,9,10}, {4,7}, {5,6}: first in order 0, 1, 4, 5. (No quarter turns.)
    game = GridGame("." * 12, rows=3, cols=4, connect=3, symmetry=True)
    assert kept_moves(game) == [0, 1, 4, 5]
    assert len(game.geometry.symmetries) == 4
    assert len(TicTacToe().geometry.symmetries) == 8
    assert len(ConnectFour().geometry.symmetries) == 2


@pytest.mark.parametrize("board", [".........", "X........", ".X.......", "XO.......", "X...O...."])
def test_symmetry_never_changes_the_value_and_saves_nodes(board):
    plain = trace_search(TicTacToe(board, evaluator="open-lines"), "alphabeta", depth=3)
    merged = trace_search(TicTacToe(board, evaluator="open-lines", symmetry=True), "alphabeta", depth=3)
    assert merged.summary.value == plain.summary.value
    assert merged.summary.nodes_visited <= plain.summary.nodes_visited
    if board in (".........", "X........", ".X......."):  # these have symmetric replies to merge
        assert merged.summary.nodes_visited < plain.summary.nodes_visited
    assert search(TicTacToe(board, symmetry=True), "alphabeta") == solve(TIC_TAC_TOE, board, win_loss)


def test_symmetric_full_search_of_small_connect_boards():
    for rows, cols in ((3, 4), (4, 3)):
        referee = Referee(rows, cols, 3, gravity=True)
        game = ConnectFour(rows=rows, cols=cols, connect=3, symmetry=True)
        assert search(game, "alphabeta") == solve(referee, "." * (rows * cols), quick_win)


def test_a_big_connect_four_board_is_searched_to_its_suggested_depth_unless_told_otherwise():
    # The CLI and the app look 5 plies ahead on a board of more than 12 empty cells; the Python API does the same.
    game = ConnectFour("......./......./......./......./......./XXX.OO.")
    default, five, two = (trace_search(game, "alphabeta", depth=depth) for depth in (None, 5, 2))
    assert game.suggested_depth() == 5
    assert default.depth_limit == 5 and default == five
    assert two.depth_limit == 2 and len(two.nodes) < len(five.nodes)
