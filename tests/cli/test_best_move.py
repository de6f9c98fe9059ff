"""The `best-move` command on hand-made positions, and one-line errors (exit code 2) for bad boards
and options of the grid games.

Tic-tac-toe squares as people see them: 1 2 3 / 4 5 6 / 7 8 9. Connect-four columns are 1..C from
the left, and boards are rows from the top, split by /.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from cli_helpers import run_cli
from reference_grid import lines_of


def best_move_json(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, "best-move", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def field(out: str, name: str) -> str:
    """The text after "name:" on its line of the report."""
    (line,) = [line for line in out.splitlines() if line.startswith(f"{name}:")]
    return line.split(":", 1)[1].strip()


# -- an independent solver (win-loss, to the end) for checking recommended moves -------------------


def solver(rows: int, cols: int, connect: int, gravity: bool):
    """(board -> the mover's win-loss value with best play), written from the rules."""
    lines = lines_of(rows, cols, connect)

    def children(board: str) -> list[str]:
        mover = "X" if board.count("X") == board.count("O") else "O"
        if gravity:
            cells = [
                max(r * cols + c for r in range(rows) if board[r * cols + c] == ".")
                for c in range(cols)
                if board[c] == "."
            ]
        else:
            cells = [i for i, mark in enumerate(board) if mark == "."]
        return [board[:i] + mover + board[i + 1 :] for i in cells]

    @cache
    def value(board: str) -> int:
        if any(board[line[0]] != "." and len({board[i] for i in line}) == 1 for line in lines):
            return -1  # the last mover made a line: the player to move has lost
        if "." not in board:
            return 0
        return max(-value(child) for child in children(board))

    return value


tic_tac_toe_value = solver(3, 3, 3, gravity=False)

C4 = ["--game", "connect4", "--rows", "3", "--cols", "4", "--connect", "3"]


# -- tic-tac-toe ----------------------------------------------------------------------------------


def test_takes_the_immediate_win(capsys):
    # O../.O./XX.: X9 completes the bottom row (and blocks O's 1-5-9); any other move lets O take 9.
    code, out, _ = run_cli(capsys, "best-move", "--board", "O../.O./XX.")
    assert code == 0
    assert field(out, "best move") == "X at square 9 (row 3, column 3)"
    assert field(out, "value") == "1 (from X's view; X is to move)"
    assert field(out, "outcome") == "X wins with best play"
    assert field(out, "principal variation") == "X9"
    assert out.splitlines()[-3:] == ["  O..", "  .O.", "  XXX"]
    result = best_move_json(capsys, "--board", "O../.O./XX.")
    assert (result["move"], result["value"], result["to_move"]) == (9, 1, "X")
    assert result["principal_variation"] == ["X9"]
    assert result["board_after"] == "O..\n.O.\nXXX"
    assert result["outcome"] == "X wins with best play"
    assert result["depth"] is None and result["algorithm"] == "alphabeta"


def test_makes_the_forced_block(capsys):
    # .X./.X./OO.: O threatens 9 and X has no line to finish, so X9 is the only move that does not
    # lose at once. Then every move is forced: X9 threatens 1 (1-5-9) so O1; O1 threatens 4 (1-4-7)
    # so X4; X4 threatens 6 (4-5-6) so O6; X3 fills the board with no line: a draw, value 0.
    result = best_move_json(capsys, "--board", ".X./.X./OO.")
    assert result["move"] == 9
    assert result["value"] == 0
    assert result["outcome"] == "a draw with best play"
    assert result["principal_variation"] == ["X9", "O1", "X4", "O6", "X3"]
    assert tic_tac_toe_value(".X..X.OOX") == 0  # O to move after the block: a draw
    code, out, _ = run_cli(capsys, "best-move", "--board", ".X./.X./OO.", "--algorithm", "minimax")
    assert code == 0 and field(out, "best move") == "X at square 9 (row 3, column 3)"


def test_o_blocks_as_the_mover(capsys):
    # X../.X./O.. with O to move (2 X, 1 O): X threatens 9 (1-5-9); O9 is forced. Afterwards X has
    # 1,5 and O 7,9, O threatening 8; the solver says the position after O9 is a draw.
    result = best_move_json(capsys, "--board", "X../.X./O..", "--player", "O")
    assert result["move"] == 9 and result["to_move"] == "O"
    assert result["value"] == -tic_tac_toe_value("X...X.O.O") == 0


@pytest.mark.parametrize("evaluator, value", [("discounted", 2520), ("windows", 99_999)])
def test_quick_win_evaluators_prefer_the_win_now(capsys, evaluator, value):
    # XOO/.X./...: X9 wins on ply 1 (2520 / 1, 100000 - 1); X4 also wins (a triple threat) but only on
    # ply 3 (840, 99997), so these evaluators pick 9.
    result = best_move_json(capsys, "--board", "XOO/.X./...", "--eval", evaluator)
    assert (result["move"], result["value"], result["principal_variation"]) == (9, value, ["X9"])


def test_win_loss_recommends_a_winning_move(capsys):
    # With +1/0/-1 every winning move is worth the same, so the engine may pick a slower win than X9;
    # whatever it picks must still win (the solver says O, to move after it, loses).
    result = best_move_json(capsys, "--board", "XOO/.X./...")
    assert result["value"] == 1
    board = "XOO.X...."
    cell = result["move"] - 1  # squares are numbered from 1, the board string from 0
    assert board[cell] == "."
    after = board[:cell] + "X" + board[cell + 1 :]
    assert tic_tac_toe_value(after) == -1


# -- connect four ---------------------------------------------------------------------------------


def test_connect_four_takes_the_immediate_win(capsys):
    # Bottom row O X X X . . . with O's on two of the X's: X5 (the fifth column from the left) makes
    # four across (100000 - 1).
    board = "......./......./......./......./.OO..../OXXX..."
    result = best_move_json(capsys, "--game", "connect4", "--board", board)
    assert (result["move"], result["value"], result["principal_variation"]) == (5, 99_999, ["X5"])
    assert result["board_after"].splitlines()[-1] == "OXXXX.."
    assert result["depth"] == 5  # 35 empty cells: the default look-ahead
    code, out, _ = run_cli(capsys, "best-move", "--game", "connect4", "--board", board)
    assert code == 0 and field(out, "best move") == "X in column 5"


def test_connect_four_blocks_three_across(capsys):
    # Bottom row X O O O . . .: O wins at column 5 next unless X goes there (X's three pieces make no
    # threat). Any other column loses on ply 2 (2 - 100000), so X5 is the choice.
    board = "......./......./......./......./.XX..../XOOO..."
    result = best_move_json(capsys, "--game", "connect4", "--board", board)
    assert result["move"] == 5
    assert result["value"] > 2 - 100_000
    assert result["board_after"].splitlines()[-1] == "XOOOX.."


def test_small_connect_three_position_is_searched_to_the_end(capsys):
    # 3x4, connect 3: ..../.X../XOO., X to move. O threatens the bottom row at column 4; X has no
    # line to finish (its diagonal at (row, column) (3,1) (2,2) (1,3) needs (2,3) filled first), so
    # X4 is forced, and every other column loses at once. 8 empty cells: searched to the end, so an
    # outcome is given.
    board = "..../.X../XOO."
    value = solver(3, 4, 3, gravity=True)
    result = best_move_json(capsys, *C4, "--board", board, "--eval", "win-loss")
    assert result["move"] == 4
    assert result["principal_variation"][0] == "X4"
    assert result["depth"] is None
    assert result["board_after"] == "....\n.X..\nXOOX"
    assert result["value"] == -value(".....X..XOOX") == 1  # the solver: the block even wins for X
    assert result["outcome"] == "X wins with best play"


# -- NIM ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, move, value",
    [
        # Misere, take 1..3: piles 1, 5, 9, ... lose for the mover. From 6 take 1 (leave 5).
        (["--pile", "6"], 1, 1),
        (["--pile", "5"], 1, -1),  # every take loses; the first one is reported
        (["--pile", "8"], 3, 1),  # leave 5
        # Normal rules: multiples of 4 lose for the mover. From 6 take 2 (leave 4).
        (["--pile", "6", "--rules", "normal"], 2, 1),
    ],
)
def test_nim(capsys, argv, move, value):
    result = best_move_json(capsys, "--game", "nim", *argv)
    assert (result["move"], result["value"]) == (move, value)
    assert result["outcome"] == ("MAX" if value > 0 else "MIN") + " wins with best play"


def test_nim_text(capsys):
    code, out, _ = run_cli(capsys, "best-move", "--game", "nim", "--pile", "6")
    assert code == 0
    assert field(out, "best move") == "take 1 (5 left)"
    assert field(out, "value") == "1 (from MAX's view; MAX is to move)"


# -- refusals ---------------------------------------------------------------------------------


def assert_one_line_error(code: int, out: str, err: str, *fragments: str) -> None:
    """Exit code 2, nothing on stdout, one line "visualizer: error: what is wrong; what to do"."""
    assert code == 2, err
    assert out == ""
    assert err.startswith("visualizer: error: "), err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    assert "; " in err, f"no '; what to do' part in {err!r}"
    for fragment in fragments:
        assert fragment in err, err


@pytest.mark.parametrize(
    "argv, why",
    [
        (["--board", "XXX/OO./..."], "X has already won"),
        (["--board", "XOX/XOO/OXX"], "the board is full"),
        (["--game", "connect4", "--board", "......./......./......./......./OOO..../XXXX..."], "X has already won"),
        ([*C4, "--board", "XXOO/OOXX/XXOO"], "the board is full"),
    ],
)
def test_game_over_is_refused(capsys, argv, why):
    code, out, err = run_cli(capsys, "best-move", *argv)
    assert_one_line_error(code, out, err, "the game is over", why)


def test_best_move_refuses_a_saved_trace(capsys):
    code, out, err = run_cli(capsys, "best-move", "--trace", "traces/example15-alphabeta.json")
    assert_one_line_error(code, out, err, "not --trace")


@pytest.mark.parametrize(
    "argv",
    [
        ["--board", "XOO/.X./..."],
        ["--game", "nim", "--pile", "5"],
        ["--game", "connect4", "--rows", "3", "--cols", "4", "--connect", "3"],
    ],
)
def test_best_move_with_no_look_ahead_is_refused(capsys, argv):
    # Look-ahead 0 evaluates only the root, so there is no move to recommend: a one-line refusal.
    code, out, err = run_cli(capsys, "best-move", *argv, "--depth", "0")
    assert_one_line_error(code, out, err, "--depth")


@pytest.mark.parametrize(
    "argv, fragments",
    [
        # Connect four boards.
        ([*C4, "--board", "..../X.../...."], ["floating X in row 2", "column 1", "fix the board"]),
        ([*C4, "--board", "..../..../XX.."], ["2 X and 0 O", "as many pieces as O or one more"]),
        ([*C4, "--board", "..../..../XXXO"], ["3 X and 1 O"]),
        ([*C4, "--board", "XO../XO../XO.."], ["both X and O", "fix the board"]),
        ([*C4, "--board", "..../...."], ["2 rows", "give 3 rows of 4"]),
        ([*C4, "--board", "..../.../...."], ["lengths 4,3,4", "give 3 rows of 4"]),
        ([*C4, "--board", "..........."], ["11 cells", "3 rows of 4"]),
        ([*C4, "--board", "..../..../Z..."], ["'Z' at row 3, column 1", "use only X, O and ."]),
        ([*C4, "--board", "..../..../X...", "--player", "X"], ["O's move, not X's", "drop --player"]),
        (["--game", "connect4", "--rows", "3", "--cols", "4", "--connect", "5"], ["--connect is 5", "at most 4"]),
        (["--game", "connect4", "--rows", "0"], ["--rows is 0", "1 or more"]),
        (["--game", "connect4", "--cols", "-2"], ["--cols is -2", "1 or more"]),
        (["--game", "connect4", "--rows", "30", "--cols", "30"], ["900 cells", "400"]),
        # Tic-tac-toe boards.
        (["--board", "XXX/OOO/..."], ["both X and O"]),
        (["--board", "XXX/OO./O.."], ["X has a winning line but O has moved", "remove the extra O"]),
        (["--board", "OOO/XX./XX."], ["O has a winning line but X has moved", "remove the extra X"]),
        (["--board", "OO./.../..."], ["0 X and 2 O"]),
        (["--board", "XQ......."], ["'Q' at square 2", "use only X, O and ."]),
        (["--board", "XX/OO/..."], ["lengths 2,2,3", "give 3 rows of 3"]),
        (["--board", "X.O./..../...."], ["3 rows of lengths 4,4,4", "give 3 rows of 3"]),
        (["--board", "X.O.X"], ["5 cells", "3 rows of 3"]),
        (["--board", "X../.../...", "--player", "x"], ["O's move, not X's", "drop --player"]),
        # Options.
        (["--game", "tictactoe", "--eval", "material"], ["--eval is 'material'", "open-lines"]),
        ([*C4, "--eval", "bogus"], ["--eval is 'bogus'", "windows"]),
        (["--game", "tictactoe", "--order", "sideways"], ["--order is 'sideways'", "natural, best, worst"]),
        (["--game", "tictactoe", "--order", "best:3"], ["takes no seed", "random:SEED"]),
        (["--game", "tictactoe", "--order", "random:x"], ["seed 'x'", "whole number"]),
        (["--game", "tictactoe", "--rows", "3"], ["--rows applies only to --game connect4", "remove it"]),
        (["--game", "tictactoe", "--connect", "3"], ["--connect applies only to --game connect4"]),
        (["--game", "nim", "--eval", "windows"], ["--eval applies only to"]),
        (["--game", "nim", "--symmetry"], ["--symmetry applies only to"]),
        (["--random", "--player", "X"], ["--player applies only to"]),
    ],
)
@pytest.mark.parametrize("command", ["run", "best-move"])
def test_bad_boards_and_options_are_one_line_errors(capsys, command, argv, fragments):
    code, out, err = run_cli(capsys, command, *argv)
    assert_one_line_error(code, out, err, *fragments)


@pytest.mark.parametrize("argv", [["--player", "Z"], ["--game", "chess"], ["--rows", "x"]])
def test_argparse_refusals_are_one_line_too(capsys, argv):
    code, out, err = run_cli(capsys, "best-move", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
