"""Play mode driven by the Pilot: moves by key and click, the engine's replies, refusals, undo, the engine's tree."""

from __future__ import annotations

import threading

import pytest
from textual.widgets import Button, Input
from ui_helpers import resize, wait_while

from visualizer.errors import InputError
from visualizer.games import ConnectFour, TicTacToe, builtin_example
from visualizer.match import Match
from visualizer.tui import make_app, make_play_app
from visualizer.tui.dialogs import PlaySettingsDialog
from visualizer.tui.screens import PlayScreen, SearchScreen
from visualizer.tui.widgets import BoardView, MoveHistory
from visualizer.tui.widgets.game_tree_view import GameTreeView

pytestmark = pytest.mark.asyncio


async def settle(app, pilot) -> None:
    """Waits until the engine has answered (or there was nothing to answer)."""
    await wait_while(
        app,
        pilot,
        lambda: isinstance(app.screen, PlayScreen) and app.screen.thinking,
        "the engine's answer",
        attempts=100,
    )


async def press(app, pilot, *keys: str) -> None:
    """Presses each key and lets the engine answer after it."""
    for key in keys:
        await pilot.press(key)
        await settle(app, pilot)


def shown_board(app) -> str:
    """The board the BoardView draws, checked against its cells' labels."""
    view = app.screen.query_one(BoardView)
    for cell, mark in enumerate(view.board):
        label = str(view.query_one(f"#cell-{cell}").render())
        assert label == mark if mark != "." else label in ("·", str(cell + 1)), (cell, mark, label)
    return view.board


def history(app) -> list[str]:
    return app.screen.query_one(MoveHistory).lines


async def test_a_move_by_key_then_the_engines_reply_appear_on_the_board():
    app = make_play_app(TicTacToe(), depth=2)
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        assert shown_board(app) == "........." and app.screen.status == "Your move (X)."
        await press(app, pilot, "5")
        board = shown_board(app)
        # X took the centre (key 5 = square 5, index 4 of the board string); the engine (O) answered
        # with exactly one O.
        assert board[4] == "X" and board.count("O") == 1 and board.count("X") == 1
        assert history(app)[0] == "1. X row 2, column 2 (you)"
        assert history(app)[1].startswith("2. O ") and "engine: value" in history(app)[1]
        assert app.screen.status == "Your move (X)."


async def test_a_click_on_a_square_plays_there():
    app = make_play_app(TicTacToe(), depth=1)
    async with app.run_test(size=(110, 32)) as pilot:
        await pilot.click("#cell-8")
        await settle(app, pilot)
        assert shown_board(app)[8] == "X" and shown_board(app).count("O") == 1


async def test_the_engine_takes_an_immediate_win():
    # X X .      O to move (the engine): O completes the middle row at square 6 and wins, rather than
    # O O .      blocking X's top row at square 3 (which only draws).
    # X . .
    app = make_play_app(TicTacToe("XX.OO.X.."), human="X")
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        assert shown_board(app) == "XX.OOOX.."
        assert app.screen.match.result == "O wins"
        assert app.screen.status.startswith("Game over: O wins - the engine wins.")
        (line,) = history(app)
        assert line.startswith("1. O row 2, column 3 (engine: value 1 for O, ")


async def test_the_engine_blocks_an_immediate_loss():
    # X . O      O to move (the engine): X threatens the diagonal 1-5-9, so every O move but square 9
    # . X .      loses at once; square 9 holds the draw.
    # . . .
    app = make_play_app(TicTacToe("X.O.X...."), human="X")
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        assert shown_board(app) == "X.O.X...O"
        assert app.screen.status == "Your move (X)."


async def test_playing_o_makes_the_engine_move_first():
    app = make_play_app(TicTacToe(), human="O", depth=2)
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        board = shown_board(app)
        assert board.count("X") == 1 and board.count("O") == 0
        assert history(app)[0].startswith("1. X ") and "engine" in history(app)[0]
        assert app.screen.status == "Your move (O)."
        await press(app, pilot, "u")  # the engine's opening move alone is not the user's to take back
        assert shown_board(app) == board and app.screen.message.startswith("Nothing to take back")


async def test_connect_four_drops_pieces_to_the_bottom_by_key_and_by_click():
    app = make_play_app(ConnectFour(rows=4, cols=4, connect=3), depth=2)
    async with app.run_test(size=(110, 32)) as pilot:
        await press(app, pilot, "2")
        board = shown_board(app)
        # Key 2 is column 2 (index 1); on 4 rows of 4 its bottom cell is row 4: 3 * 4 + 1 = 13.
        assert board[13] == "X" and board.count("X") == 1 and board.count("O") == 1
        # A click on the top cell of column 4 (cell 3) drops to the lowest empty cell of that column.
        lowest = max(cell for cell in (3, 7, 11, 15) if board[cell] == ".")
        await pilot.click("#cell-3")
        await settle(app, pilot)
        assert shown_board(app)[lowest] == "X" and shown_board(app).count("X") == 2
        # So does a click on the column number.
        before = shown_board(app)
        lowest = max(cell for cell in (0, 4, 8, 12) if before[cell] == ".")
        await pilot.click("#column-0")
        await settle(app, pilot)
        assert shown_board(app)[lowest] == "X" and shown_board(app).count("X") == 3


async def test_arrows_move_the_cursor_and_enter_plays_there():
    app = make_play_app(ConnectFour(rows=4, cols=4, connect=3), depth=1)
    async with app.run_test(size=(110, 32)) as pilot:
        await pilot.press("right", "right", "right", "right", "left")  # 0 -> 3 -> wraps to 0 -> back to 3
        assert app.screen.query_one(BoardView).cursor == 3
        await press(app, pilot, "enter")
        assert shown_board(app)[15] == "X"


async def test_a_move_on_a_full_column_is_refused_and_changes_nothing():
    # Column 1 is full (X O X O from the top, no three in a row); X to move.
    game = ConnectFour("X.../O.../X.../O...", rows=4, cols=4, connect=3)
    app = make_play_app(game, depth=1)
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        await press(app, pilot, "1")
        assert app.screen.message == "Column 1 is full; choose another column."
        assert app.screen.status.startswith("Column 1 is full")
        assert shown_board(app) == "X...O...X...O..." and history(app) == []
        await press(app, pilot, "7")
        assert app.screen.message == "There is no column 7 on this board."
        assert shown_board(app) == "X...O...X...O..."


async def test_a_move_on_a_taken_square_is_refused_and_changes_nothing():
    app = make_play_app(TicTacToe(), depth=1)
    async with app.run_test(size=(110, 32)) as pilot:
        await press(app, pilot, "5")
        board, moves = shown_board(app), list(history(app))
        await press(app, pilot, "5")
        assert app.screen.message == "Row 2, column 2 is taken; choose an empty square."
        assert shown_board(app) == board and history(app) == moves


async def test_game_over_is_announced_and_further_moves_are_refused():
    # X X .      X (the user) to move completes the top row with key 3 (square 3).
    # O O .
    # . . .
    app = make_play_app(TicTacToe("XX.OO...."), human="X")
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        await press(app, pilot, "3")
        assert shown_board(app) == "XXXOO...." and not app.screen.thinking
        assert app.screen.status.startswith("Game over: X wins - you win.")
        assert app.screen.query_one("#cell-2").has_class("winning")
        await press(app, pilot, "9")
        assert app.screen.message.startswith("The game is over (X wins)")
        assert shown_board(app) == "XXXOO...." and len(history(app)) == 1


async def test_undo_takes_back_the_users_move_and_the_engines_reply():
    app = make_play_app(TicTacToe(), depth=1)
    async with app.run_test(size=(110, 32)) as pilot:
        await press(app, pilot, "5")
        after_first_pair = shown_board(app)
        free = next(cell for cell, mark in enumerate(after_first_pair) if mark == ".")
        await press(app, pilot, str(free + 1))
        assert len(history(app)) == 4
        await press(app, pilot, "u")
        assert shown_board(app) == after_first_pair and len(history(app)) == 2
        await press(app, pilot, "u")
        assert shown_board(app) == "........." and history(app) == []
        await press(app, pilot, "u")
        assert app.screen.message.startswith("Nothing to take back") and shown_board(app) == "........."


async def test_new_game_starts_again_from_the_opening_position():
    app = make_play_app(TicTacToe("X.O.X...."), human="X")
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        await press(app, pilot, "4")
        assert len(history(app)) >= 2
        await press(app, pilot, "n")
        # The opening position has O to move, so the engine blocks at square 9 again.
        assert shown_board(app) == "X.O.X...O" and len(history(app)) == 1


async def test_the_engines_move_opens_as_a_search_tree_that_steps_and_exports(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = make_play_app(TicTacToe(), depth=2)
    async with app.run_test(size=(110, 32)) as pilot:
        await press(app, pilot, "t")
        assert app.screen.message == "The engine has not moved yet."
        await press(app, pilot, "5")
        play = app.screen
        turn = play.match.turns[-1]
        await pilot.press("t")
        await pilot.pause()
        search = app.screen
        assert isinstance(search, SearchScreen)
        session = search.session
        # The tree is the search from the position before the engine's move, and chose the move played.
        assert session.game.board == "....X...." and session.game.root().to_move == "O"
        # The trace numbers squares from 1 (as the keys do); the turn keeps the engine's 0-based cell.
        assert session.trace.summary.best_move == turn.cell + 1 and turn.move == turn.cell
        assert session.trace.nodes[session.trace.summary.best_child].name == f"O{turn.cell + 1}"
        assert session.trace.depth_limit == 2 and session.trace.algorithm == "alphabeta"
        await pilot.press("right")
        assert session.replay.step == 1
        await pilot.press("e")
        await pilot.pause()
        assert list(tmp_path.glob("*.json"))
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is play


async def test_settings_change_side_and_depth_and_the_engine_moves():
    app = make_play_app(TicTacToe(), depth=2)
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PlaySettingsDialog)
        await pilot.click("#side-O")
        dialog.query_one("#play-depth", Input).value = "0"
        await pilot.pause()
        assert dialog.query_one("#ok", Button).disabled and "at least 1 ply" in dialog.message
        dialog.query_one("#play-depth", Input).value = "1"
        await pilot.pause()
        await pilot.click("#ok")
        await settle(app, pilot)
        match = app.screen.match
        assert (match.settings.human, match.settings.depth) == ("O", 1)
        # X was to move and is now the engine's side, so it moved at once.
        assert shown_board(app).count("X") == 1 and match.turns[0].trace.depth_limit == 1
        assert "You: O" in str(app.screen.query_one("#play-settings").render())


async def test_while_the_engine_thinks_moves_wait_and_a_stale_answer_is_dropped(monkeypatch):
    # The engine's search is held at a gate, so the test acts while it is surely still thinking.
    gate = threading.Event()
    search = Match.search

    def held_search(self, game, progress=None):
        gate.wait(10)
        return search(self, game, progress)

    monkeypatch.setattr(Match, "search", held_search)
    app = make_play_app(TicTacToe(), human="O", depth=1)
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        assert app.screen.thinking and app.screen.status.startswith("X (engine) is thinking with alphabeta")
        await pilot.press("5")
        assert app.screen.message == "The engine is thinking; wait for its move."
        await pilot.press("s")
        await pilot.pause()
        await pilot.click("#side-X")  # the user takes over X, whose move the engine was searching
        await pilot.click("#ok")
        await pilot.pause()
        assert not app.screen.thinking and app.screen.status == "Your move (X)."
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert shown_board(app) == "........." and app.screen.match.turns == []


async def test_settings_can_start_a_connect_four_game():
    app = make_play_app(TicTacToe(), depth=1)
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#play-game").value = "connect4"
        await pilot.pause()
        assert app.screen.query_one("#play-evaluator").value == "windows"
        await pilot.click("#ok")
        await settle(app, pilot)
        view = app.screen.query_one(BoardView)
        assert (view.rows, view.cols, view.gravity, view.border_title) == (6, 7, True, "connect 4, 6x7")
        await press(app, pilot, "4")
        assert shown_board(app)[5 * 7 + 3] == "X"


async def test_p_on_the_search_screen_opens_play_and_back():
    app = make_app(builtin_example())
    async with app.run_test(size=(110, 32)) as pilot:
        await pilot.press("p")
        await settle(app, pilot)
        assert isinstance(app.screen, PlayScreen) and app.screen.match.game.rows == 3
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SearchScreen)


async def test_p_from_an_engine_tree_goes_back_to_the_game():
    app = make_play_app(TicTacToe(), depth=1)
    async with app.run_test(size=(110, 32)) as pilot:
        await press(app, pilot, "5", "t")
        assert isinstance(app.screen, SearchScreen)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen) and len(app.screen_stack) == 2


async def test_make_play_app_checks_its_options():
    with pytest.raises(InputError):
        make_play_app(builtin_example())
    with pytest.raises(InputError):
        make_play_app(TicTacToe(), human="Z")
    with pytest.raises(InputError):
        make_play_app(TicTacToe(), algorithm="best-first")


async def test_after_three_moves_the_engines_tree_at_80x24_is_as_wide_as_the_screen_and_says_it_scrolls():
    app = make_play_app(TicTacToe())
    async with app.run_test(size=(80, 24)) as pilot:
        await press(app, pilot, "5", "3", "8")
        await pilot.press("t")
        await pilot.pause()
        await pilot.pause()
        view = app.screen.query_one(GameTreeView)
        root = view.trace.root
        scroll = view.query_one("#tree-scroll")
        assert view.plan.width <= scroll.size.width  # every child of the root in view, named by its move
        assert [view.drawing.label(child)[0].lstrip(">*x ") for child in root.children] == [
            "▼" + view.trace.nodes[child].name.rsplit(".", 1)[-1] for child in root.children
        ]
        assert view.plan.height > scroll.size.height and "scroll to see all" in view.border_subtitle
        assert "fit" not in view.border_subtitle
        await resize(app, pilot, 120, 60)
        assert "z: fit (" in view.border_subtitle  # room for all of it: it fits, and says so
