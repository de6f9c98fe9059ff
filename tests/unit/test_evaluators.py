"""Tests the grid games' static evaluators: hand-checked boards for X and for O as plus, and an
independent re-implementation compared on many seeded random positions.

Squares of the tic-tac-toe board:  0 1 2 / 3 4 5 / 6 7 8. Lines: R0={0,1,2} R1={3,4,5} R2={6,7,8},
C0={0,3,6} C1={1,4,7} C2={2,5,8}, D1={0,4,8} D2={2,4,6}. "X-open" lines hold no O, "O-open" no X.
"""

from __future__ import annotations

import random

import pytest
from reference_grid import lines_of

from visualizer.errors import InputError
from visualizer.games import EVALUATORS, ConnectFour, GridGame, Player, TicTacToe
from visualizer.games.grid import parse_evaluator


def other(mark: str) -> str:
    return "O" if mark == "X" else "X"


def mover_of(board: str) -> str:
    return "X" if board.count("X") == board.count("O") else "O"


def root_value(game_type, board: str, evaluator: str, plus: str, **shape) -> int:
    """The root's static value with `plus` as MAX (the mover with root MAX, the other with root MIN)."""
    root = Player.MAX if plus == mover_of(board.replace("/", "")) else Player.MIN
    game = game_type(board, evaluator=evaluator, root=root, **shape)
    assert game.max_mark == plus
    return game.static_value(game.root())


# -- hand-checked tic-tac-toe boards ---------------------------------------------------------

# board -> evaluator -> (value with X as plus, value with O as plus)
HAND_CHECKED = {
    # Empty: nothing for anyone.
    ".../.../...": dict.fromkeys(EVALUATORS, (0, 0)),
    # X in a corner (O to move). X-open 8; O-open 8 - 3 = 5 -> 3. windows: R0, C0, D1 hold one X -> 3.
    # adjacency: X's run 1, O has no piece (0) -> 1.
    "X../.../...": {
        "win-loss": (0, 0),
        "open-lines": (3, -3),
        "adjacency": (1, -1),
        "discounted": (0, 0),
        "windows": (3, -3),
    },
    # X 0,4; O 2,8 (X to move). Lines with an O: R0 C2 D2 R2 D1 -> X-open 3 (R1 C0 C1). Lines with an
    # X: R0 C0 D1 R1 C1 D2 -> O-open 2 (R2 C2). open-lines 1.
    # adjacency: X 0-4 diagonal 2; O 2 and 8 are in C2 but not adjacent, 1 -> 1.
    # windows: X-only R1 C0 C1 one X each = 3; O-only R2 (one O) 1, C2 (two O) 4 = 5 -> -2.
    "X.O/.X./..O": {
        "win-loss": (0, 0),
        "open-lines": (1, -1),
        "adjacency": (1, -1),
        "discounted": (0, 0),
        "windows": (-2, 2),
    },
    # X 2,4 (the other diagonal); O 0,8. Lines with an O: R0 C0 D1 R2 C2 -> X-open 3 (R1 C1 D2).
    # Lines with an X: R0 C2 D2 R1 C1 D1 -> O-open 2 (R2 C0). open-lines 1.
    # adjacency: X 2-4 anti-diagonal 2, O 1 -> 1.
    # windows: R1 +1, C1 +1, D2 (two X) +4; R2 -1, C0 -1; R0 C2 D1 mixed -> 4.
    "O.X/.X./..O": {"open-lines": (1, -1), "adjacency": (1, -1), "windows": (4, -4)},
    # X 0,2; O 6,7 (X to move). X-open: R0 R1 C2 D1 = 4; O-open: R1 R2 C1 = 3 -> 1.
    # adjacency: X 0 and 2 apart, 1; O 6-7 in a row, 2 -> -1.
    # windows: R0 +4, C2 +1, D1 +1, R2 -4, C1 -1, R1 empty 0, C0 D2 mixed -> 1.
    "X.X/.../OO.": {"open-lines": (1, -1), "adjacency": (-1, 1), "windows": (1, -1)},
    # X 1,4 (a column); O 5,6 (X to move). X-open: R0 C1 D1 = 3; O-open: R2 C0 C2 = 3 -> 0.
    # adjacency: X 1-4 down, 2; O 5 and 6 not adjacent, 1 -> 1.
    # windows: R0 +1, C1 (two X) +4, D1 +1, R2 -1, C0 -1, C2 -1, R1 D2 mixed -> 3.
    ".X./.XO/O..": {"open-lines": (0, 0), "adjacency": (1, -1), "windows": (3, -3)},
    # X has R0 (O to move). A win at the root: ply 0 counts as ply 1 for discounted.
    # adjacency is not win-aware: X's 3 minus O's 3-4 pair 2 -> 1.
    "XXX/OO./...": {
        "win-loss": (1, -1),
        "open-lines": (9, -9),
        "adjacency": (1, -1),
        "discounted": (2520, -2520),
        "windows": (100_000, -100_000),
    },
    # O has R0 (X to move). X's 3-4 row and 3-6 column are runs of 2; O's 3 -> -1 for X.
    "OOO/XX./X..": {
        "win-loss": (-1, 1),
        "open-lines": (-9, 9),
        "adjacency": (-1, 1),
        "discounted": (-2520, 2520),
        "windows": (-100_000, 100_000),
    },
    # Full and drawn (X 0,2,3,7,8; O 1,4,5,6): every line holds both marks, so 0 everywhere, and
    # both sides' longest runs are 2 (X: 0-3, 3-7, 7-8; O: 1-4, 4-5, 4-6).
    "XOX/XOO/OXX": dict.fromkeys(EVALUATORS, (0, 0)),
}


@pytest.mark.parametrize(
    "board, evaluator, x_value, o_value",
    [(board, name, *values) for board, table in HAND_CHECKED.items() for name, values in table.items()],
)
def test_tic_tac_toe_values_by_hand(board, evaluator, x_value, o_value):
    assert root_value(TicTacToe, board, evaluator, "X") == x_value
    assert root_value(TicTacToe, board, evaluator, "O") == o_value


def test_every_evaluator_is_checked_by_hand_somewhere():
    assert {name for table in HAND_CHECKED.values() for name in table} == set(EVALUATORS)


# -- values that depend on the ply -----------------------------------------------------------


def after(game: GridGame, *moves: int):
    """The state reached from the root by `moves`."""
    state = game.root()
    for move in moves:
        state = dict(game.successors(state))[move]
    return state


@pytest.mark.parametrize(
    "moves, winner",
    [
        ((0, 3, 1, 4, 2), "X"),  # X takes R0 on ply 5
        ((0, 3, 1, 4, 8, 5), "O"),  # O takes R1 on ply 6 (X's 0, 1, 8 make no line)
    ],
)
def test_quick_wins_are_worth_more(moves, winner):
    ply = len(moves)
    # discounted: 2520 / 5 = 504, 2520 / 6 = 420; windows: 100000 - ply.
    worth = {"discounted": 2520 // ply, "windows": 100_000 - ply, "win-loss": 1, "open-lines": 9}
    for evaluator, value in worth.items():
        for plus, root in (("X", Player.MAX), ("O", Player.MIN)):
            game = TicTacToe(evaluator=evaluator, root=root)
            state = after(game, *moves)
            assert game.winner(state) == winner
            assert game.static_value(state) == (value if plus == winner else -value), (evaluator, plus)


def test_ply_counts_from_the_root_not_from_the_empty_board():
    # From O../.O./XX. (X to move, 4 pieces down): X2 then O9 gives O the diagonal on ply 2.
    # discounted -2520/2 = -1260; windows 2 - 100000 = -99998. X9 instead wins on ply 1.
    # (`after` takes the engine's 0-based moves: square n is move n - 1.)
    discounted = TicTacToe("O../.O./XX.", evaluator="discounted")
    windows = TicTacToe("O../.O./XX.", evaluator="windows")
    assert discounted.static_value(after(discounted, 1, 8)) == -1260
    assert windows.static_value(after(windows, 1, 8)) == -99_998
    assert discounted.static_value(after(discounted, 8)) == 2520
    assert windows.static_value(after(windows, 8)) == 99_999


def test_discounted_counts_plies_from_the_root_and_rounds():
    # Columns numbered from 1; `after` takes the engine's 0-based moves (column n is move n - 1).
    # Connect three on 3x4 from the empty board: X1 O2 X1 O2 X1 fills column 1 on ply 5: 2520/5 = 504.
    game = ConnectFour(rows=3, cols=4, connect=3, evaluator="discounted")
    state = after(game, 0, 1, 0, 1, 0)
    assert game.winner(state) == "X" and game.static_value(state) == 504
    # From a root with X already in column 1 (O to move, X plus), O2 X1 O2 X1 wins on ply 4: 630.
    game = ConnectFour("..../..../X...", rows=3, cols=4, connect=3, evaluator="discounted", root=Player.MIN)
    state = after(game, 1, 0, 1, 0)
    assert game.winner(state) == "X" and game.static_value(state) == 630
    # Connect four: X1 O2 X3 O2 X5 O3 X1 O5 X1 O7 X1 -> X's column 1 on ply 11 (O's pieces sit at
    # (row, column) (6,2) (5,2) (5,3) (5,5) (6,7), X's bottom-row 1, 3, 5 are split): 2520/11 = 229.09
    # -> 229.
    game = ConnectFour(evaluator="discounted")
    state = after(game, 0, 1, 2, 1, 4, 2, 0, 4, 0, 6, 0)
    assert game.winner(state) == "X" and game.static_value(state) == 229
    assert game.winner(after(game, 0, 1, 2, 1, 4, 2, 0, 4, 0, 6)) is None  # nobody had won before


# -- hand-checked connect-four boards ------------------------------------------------------------


def test_connect_three_on_3x4_by_hand():
    # Rows from the top ..../.O../XX..: X at cells 8, 9 (bottom row), O at 5. Windows of 3 (14):
    #   across {0,1,2} {1,2,3} empty, {4,5,6} {5,6,7} O, {8,9,10} XX, {9,10,11} X;
    #   down {0,4,8} X, {1,5,9} mixed, {2,6,10} {3,7,11} empty;
    #   down-right {0,5,10} O, {1,6,11} empty; down-left {2,5,8} mixed, {3,6,9} X.
    # 5 empty, 4 X-only (weights 4+1+1+1 = 7), 3 O-only (1+1+1 = 3), 2 mixed.
    # open-lines: X-open 9, O-open 8 -> 1. windows: 7 - 3 = 4. adjacency: X 8-9 across 2, O 1 -> 1.
    board, shape = "..../.O../XX..", {"rows": 3, "cols": 4, "connect": 3}
    expected = {"open-lines": 1, "windows": 4, "adjacency": 1, "win-loss": 0, "discounted": 0}
    for evaluator, value in expected.items():
        assert root_value(ConnectFour, board, evaluator, "X", **shape) == value
        assert root_value(ConnectFour, board, evaluator, "O", **shape) == -value


def test_one_piece_in_the_middle_of_the_bottom_row_by_hand():
    # 6x7, connect 4: 69 windows. The bottom middle cell (5,3) lies in 4 across, 1 down, 1 down-right
    # (from (2,0)) and 1 down-left (from (2,6)) window: 7. open-lines: 69 - (69 - 7) = 7.
    # windows: 7 windows with one X, weight 1 each -> 7.
    board = "......./......./......./......./......./...X..."
    for evaluator, value in {"open-lines": 7, "windows": 7, "adjacency": 1, "win-loss": 0}.items():
        assert root_value(ConnectFour, board, evaluator, "X") == value
        assert root_value(ConnectFour, board, evaluator, "O") == -value


def test_three_in_a_row_without_a_win_by_hand():
    # 6x7: X at (5,0) (5,1) (5,2), O at (4,0) (4,1); O to move.
    # windows, going through every window that holds a piece:
    #   bottom row from column 0: XXX. +16, from 1: XX.. +4, from 2: X... +1;
    #   row 4 from 0: OO.. -4, from 1: O... -1;
    #   down, column 0 rows 1-4: O -1, rows 2-5 mixed; column 1 the same -1; column 2 rows 2-5: X +1;
    #   down-right windows reach no piece (the pieces sit too far left);
    #   down-left from (2,3): O at (4,1), X at (5,0) mixed; from (2,4) X +1; from (2,5) X +1;
    #   from (1,3) O at (4,0) -1; from (1,4) O at (4,1) -1.
    #   21 - 5 - 1 + 0 = 15.
    # open-lines: 9 windows hold an O and 9 hold an X: 60 - 60 = 0.
    # adjacency: X's 3 across minus O's 2 -> 1 (three in a row is not a win with connect 4).
    board = "......./......./......./......./OO...../XXX...."
    for evaluator, value in {"windows": 15, "open-lines": 0, "adjacency": 1, "win-loss": 0}.items():
        assert root_value(ConnectFour, board, evaluator, "X") == value
        assert root_value(ConnectFour, board, evaluator, "O") == -value


def test_a_connect_four_win_is_worth_the_windows_plus_one():
    # 69 windows, so open-lines gives a win 70; windows gives 100000 at the root.
    board = "......./......./......./......./OOO..../XXXX..."
    assert root_value(ConnectFour, board, "open-lines", "X") == 70
    assert root_value(ConnectFour, board, "open-lines", "O") == -70
    assert root_value(ConnectFour, board, "windows", "O") == -100_000


# -- an independent re-implementation on random positions ---------------------------------------


def reference_value(evaluator: str, board: str, rows: int, cols: int, connect: int, plus: str, ply: int) -> int:
    lines = lines_of(rows, cols, connect)
    minus = other(plus)
    winners = {board[line[0]] for line in lines if board[line[0]] != "." and len({board[i] for i in line}) == 1}
    assert len(winners) <= 1
    won = winners.pop() if winners else None
    sign = 0 if won is None else (1 if won == plus else -1)

    def longest(mark: str) -> int:
        return max(
            (
                n
                for n in range(1, max(rows, cols) + 1)
                if any(all(board[i] == mark for i in line) for line in lines_of(rows, cols, n))
            ),
            default=0,
        )

    def held(mark: str) -> list[int]:
        """Pieces of `mark` in each line that holds none of the other mark."""
        return [sum(board[i] == mark for i in line) for line in lines if other(mark) not in {board[i] for i in line}]

    if evaluator == "win-loss":
        return sign
    if evaluator == "discounted":
        return sign * round(2520 / max(ply, 1))
    if evaluator == "adjacency":
        return longest(plus) - longest(minus)
    if evaluator == "open-lines":
        return sign * (len(lines) + 1) if won else len(held(plus)) - len(held(minus))
    if evaluator == "windows":
        if won:
            return sign * (100_000 - ply)
        weight = {0: 0, 1: 1, 2: 4, 3: 16, 4: 64, 5: 256}
        return sum(weight[n] for n in held(plus)) - sum(weight[n] for n in held(minus))
    raise AssertionError(evaluator)


SHAPES = [
    # (name, build(board, evaluator, root), rows, cols, connect, gravity)
    ("tictactoe", lambda board, **options: TicTacToe(board, **options), 3, 3, 3, False),
    ("connect four", lambda board, **options: ConnectFour(board, **options), 6, 7, 4, True),
    (
        "connect 3 on 4x5",
        lambda board, **options: ConnectFour(board, rows=4, cols=5, connect=3, **options),
        4,
        5,
        3,
        True,
    ),
    (
        "5 in a row on 5x6, no gravity",
        lambda board, **options: GridGame(board, rows=5, cols=6, connect=5, **options),
        5,
        6,
        5,
        False,
    ),
]


def random_position(rng: random.Random, rows: int, cols: int, connect: int, gravity: bool) -> str:
    """A legal position reached by random play, stopping at a random ply or at a win."""
    board = ["."] * (rows * cols)
    lines = lines_of(rows, cols, connect)
    for ply in range(rng.randrange(rows * cols + 1)):
        if gravity:
            cells = [
                max(r * cols + c for r in range(rows) if board[r * cols + c] == ".")
                for c in range(cols)
                if board[c] == "."
            ]
        else:
            cells = [i for i, mark in enumerate(board) if mark == "."]
        board[rng.choice(cells)] = "XO"[ply % 2]
        if any(board[line[0]] != "." and len({board[i] for i in line}) == 1 for line in lines):
            break
    return "".join(board)


@pytest.mark.parametrize("shape", SHAPES, ids=[shape[0] for shape in SHAPES])
@pytest.mark.parametrize("evaluator", list(EVALUATORS))
def test_evaluators_match_an_independent_version_on_random_positions(shape, evaluator):
    _, build, rows, cols, connect, gravity = shape
    rng = random.Random(f"{shape[0]}/{evaluator}")
    for _ in range(40):
        board = random_position(rng, rows, cols, connect, gravity)
        for root in (Player.MAX, Player.MIN):
            game = build(board, evaluator=evaluator, root=root)
            plus = game.max_mark
            # The root (ply 0), then a random line of up to 3 more moves (plies 1..3).
            state, ply = game.root(), 0
            while True:
                expected = reference_value(evaluator, state.board, rows, cols, connect, plus, ply)
                assert game.static_value(state) == expected, (board, state.board, plus, ply)
                children = game.successors(state)
                if not children or ply == 3:
                    break
                state, ply = rng.choice(children)[1], ply + 1


# -- names -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, key",
    [
        ("open-lines", "open-lines"),
        ("Open_Lines", "open-lines"),
        ("openlines", "open-lines"),
        ("WINLOSS", "win-loss"),
        (" windows ", "windows"),
        ("open-windows", "windows"),
        ("adjacency", "adjacency"),
    ],
)
def test_evaluator_names_are_forgiving(text, key):
    assert parse_evaluator(text) == key


def test_an_unknown_evaluator_lists_the_known_ones():
    with pytest.raises(InputError) as caught:
        TicTacToe(evaluator="material")
    problem, _, remedy = str(caught.value).partition("; ")
    assert "'material'" in problem
    assert all(name in remedy for name in EVALUATORS)
