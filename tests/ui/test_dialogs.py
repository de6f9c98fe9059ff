"""The New-tree and Depth dialogs driven by the Pilot: inline library messages, presets, the board editor."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.app import App
from textual.widgets import Button, Checkbox, Input, Select, Static

from visualizer.errors import InputError
from visualizer.games import (
    ConnectFour,
    ExplicitTree,
    Nim,
    OrderedGame,
    Player,
    TicTacToe,
    builtin_example,
    from_nested,
    random_tree,
    with_order,
)
from visualizer.games.registry import from_spec
from visualizer.tui.dialogs import PRESETS, BoardEditor, DepthChoice, DepthDialog, NewTreeDialog, TreeForm

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


class DialogHost(App):
    """A bare app that opens one dialog and keeps what it dismisses with."""

    def __init__(self, dialog) -> None:
        super().__init__()
        self.dialog = dialog
        self.results: list = []

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.results.append)


def shown(dialog, selector: str) -> str:
    """The text of a Static in the dialog."""
    return str(dialog.query_one(selector, Static).content)


async def type_into(pilot, dialog, selector: str, text: str) -> None:
    """Clears an Input, focuses it and types `text` key by key."""
    field = dialog.query_one(selector, Input)
    field.value = ""
    field.focus()
    await pilot.pause()
    await pilot.press(*text)
    await pilot.pause()


async def enter_text(pilot, dialog, selector: str, text: str) -> None:
    """Sets an Input's text at once (for long texts) and lets the checks run."""
    dialog.query_one(selector, Input).value = text
    await pilot.pause()


async def choose(pilot, dialog, selector: str, value: str) -> None:
    """Picks an option of a Select, and waits until the form has switched panels and laid out again
    (a click right after must find its widget where it is now drawn)."""
    dialog.query_one(selector, Select).value = value
    await pilot.pause()
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


# -- NewTreeDialog ----------------------------------------------------------
@pytest.mark.asyncio
async def test_array_shows_the_library_message_inline_and_ok_waits_for_a_valid_array():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await type_into(pilot, dialog, "#array-array", "1,,x")
        assert "array item 2 is empty" in shown(dialog, "#form-error")
        assert dialog.query_one("#ok", Button).disabled
        await pilot.click("#ok")
        await pilot.press("enter")  # Enter in the field tries OK too
        await pilot.pause()
        assert app.results == [] and app.screen is dialog

        await enter_text(pilot, dialog, "#array-array", "1,[/b],3")  # shown as typed, not read as markup
        assert shown(dialog, "#form-error").startswith("array item 2 is '[/b]', not a number")

        await type_into(pilot, dialog, "#array-array", "3,1,2")
        assert shown(dialog, "#form-error") == ""
        assert shown(dialog, "#form-summary") == "array tree, 3 nodes, branching 2"
        await pilot.click("#ok")
        await pilot.pause()
    [tree] = app.results
    assert isinstance(tree, ExplicitTree) and tree.values == (3, 1, 2)
    assert tree.children[0] == (1, 2)


@pytest.mark.asyncio
async def test_bad_branching_is_reported_inline():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await type_into(pilot, dialog, "#array-branching", "0")
        assert shown(dialog, "#form-error").startswith("--branching is 0; it must be 1 or more")
        await type_into(pilot, dialog, "#array-branching", "x")
        assert shown(dialog, "#form-error").startswith("--branching is 'x'; give a whole number")
        assert dialog.query_one("#ok", Button).disabled
        await type_into(pilot, dialog, "#array-branching", "3")
        await pilot.click("#ok")
        await pilot.pause()
    [tree] = app.results
    assert tree.values == builtin_example().values and tree.children[0] == (1, 2, 3)


@pytest.mark.asyncio
async def test_textbook_preset_picked_from_the_list_returns_the_3x3_tree():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await pilot.click("#preset")
        await pilot.press(*"textbook", "enter")
        await pilot.pause()
        assert dialog.query_one("#source", Select).value == "nested"
        assert dialog.query_one("#nested-nested", Input).value == "[[3,12,8],[2,4,6],[14,5,2]]"
        await pilot.click("#ok")
        await pilot.pause()
    [tree] = app.results
    assert len(tree) == 13 and tree.kind == "nested" and tree.to_nested() == TEXTBOOK
    assert tree.root_player is Player.MAX


@pytest.mark.asyncio
async def test_nested_entry_reports_bad_json_then_returns_the_typed_tree():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await choose(pilot, dialog, "#source", "nested")
        assert dialog.query_one("#nested-panel").display and not dialog.query_one("#array-panel").display
        await enter_text(pilot, dialog, "#nested-nested", "[[3,12,8],[2,4,6],[14,5,2]")
        dialog.query_one("#nested-nested", Input).focus()
        assert "the nested list is not valid JSON" in shown(dialog, "#form-error")
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == []
        await pilot.press("end", "]", "enter")
        await pilot.pause()
    [tree] = app.results
    assert len(tree) == 13 and tree.to_nested() == TEXTBOOK


@pytest.mark.asyncio
async def test_15_node_preset_returns_the_example_with_root_min():
    dialog = NewTreeDialog(from_nested(TEXTBOOK))  # opens on another tree, root MAX
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        assert dialog.query_one("#nested-nested", Input).value == "[[3,12,8],[2,4,6],[14,5,2]]"
        await choose(pilot, dialog, "#preset", "example")
        assert dialog.query_one("#preset", Select).is_blank()  # ready to load a preset again
        await pilot.click("#ok")
        await pilot.pause()
    [tree] = app.results
    assert tree.root_player is Player.MIN and tree.spec() == builtin_example().spec()


@pytest.mark.asyncio
async def test_random_preset_rebuilds_the_seeded_tree_and_root_can_be_switched():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await choose(pilot, dialog, "#preset", "random")
        assert dialog.query_one("#random-seed", Input).value == "42"
        await pilot.click("#root-min")
        await pilot.pause()
        await pilot.click("#ok")
        await pilot.pause()
    [tree] = app.results
    assert tree.values == random_tree(leaves=8, seed=42).values and tree.source["seed"] == 42
    assert tree.root_player is Player.MIN


@pytest.mark.asyncio
async def test_random_with_a_blank_seed_returns_the_tree_its_summary_showed():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await choose(pilot, dialog, "#source", "random")
        await type_into(pilot, dialog, "#random-leaves", "5")
        await type_into(pilot, dialog, "#random-range", "9:1")
        assert shown(dialog, "#form-error").startswith("--range 9:1 has LO above HI")
        await type_into(pilot, dialog, "#random-range", "1:9")
        summary = shown(dialog, "#form-summary")
        await pilot.press("enter")
        await pilot.pause()
    [tree] = app.results
    assert summary == f"random tree, 9 nodes, branching 2, seed {tree.source['seed']}"
    assert tree.values == random_tree(leaves=5, value_range=(1, 9), seed=tree.source["seed"]).values


@pytest.mark.asyncio
async def test_board_editor_cycles_squares_by_click_and_keys_and_reports_impossible_boards():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await choose(pilot, dialog, "#preset", "tictactoe")
        editor = dialog.query_one(BoardEditor)
        assert editor.board == "........."
        await pilot.click("#square-0")  # . -> X, and the square takes the focus
        await pilot.press("2", "2")  # square 1: . -> X -> O
        await pilot.pause()
        assert editor.board == "XO......."
        assert dialog.query_one("#board-input", Input).value == "XO./.../..."
        assert str(dialog.query_one("#square-1", Button).label) == "O"
        assert shown(dialog, "#form-error") == "" and not dialog.query_one("#ok", Button).disabled

        await pilot.press("2", "2", "3")  # square 1: O -> . -> X; square 2: . -> X
        await pilot.pause()
        assert editor.board == "XXX......"
        assert "the board has 3 X and 0 O" in shown(dialog, "#form-error")
        assert "X must have as many pieces as O" in shown(dialog, "#form-error")
        await pilot.click("#ok")
        await pilot.pause()
        assert app.results == [] and app.screen is dialog

        await type_into(pilot, dialog, "#board-input", "X.O/.X./...")  # the text drives the squares
        assert editor.board == "X.O.X...."
        assert [str(dialog.query_one(f"#square-{n}", Button).label) for n in (0, 2, 4)] == ["X", "O", "X"]
        await pilot.click("#ok")
        await pilot.pause()
    [game] = app.results
    assert isinstance(game, TicTacToe) and game.board == "X.O.X...." and game.root().to_move == "O"


@pytest.mark.asyncio
async def test_board_text_of_the_wrong_shape_is_reported_and_keeps_the_squares():
    dialog = NewTreeDialog(TicTacToe("X........"))
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await type_into(pilot, dialog, "#board-input", "X.Z")
        assert shown(dialog, "#form-error").startswith("the board has 3 cells; give 3 rows of 3")
        assert dialog.query_one(BoardEditor).board == "X........"
        assert dialog.query_one("#ok", Button).disabled


@pytest.mark.asyncio
async def test_nim_returns_the_pile_entered():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await choose(pilot, dialog, "#source", "nim")
        await type_into(pilot, dialog, "#nim-pile", "0")
        assert shown(dialog, "#form-error") == "--pile is 0; it must be 1 or more"
        assert dialog.query_one("#ok", Button).disabled
        await type_into(pilot, dialog, "#nim-pile", "9")
        await type_into(pilot, dialog, "#nim-max-take", "2")
        await pilot.click("#nim-rules-normal")
        await pilot.pause()
        assert shown(dialog, "#form-summary") == "NIM pile 9, take 1..2, normal"
        await pilot.click("#ok")
        await pilot.pause()
    [game] = app.results
    assert isinstance(game, Nim) and (game.pile, game.max_take, game.rules) == (9, 2, "normal")


@pytest.mark.asyncio
async def test_escape_and_cancel_return_none():
    for leave in ("escape", "cancel"):
        dialog = NewTreeDialog()
        app = DialogHost(dialog)
        async with app.run_test(size=(90, 36)) as pilot:
            await type_into(pilot, dialog, "#array-array", "3,1,2")
            if leave == "escape":
                await pilot.press("escape")
            else:
                await pilot.click("#cancel")
            await pilot.pause()
            assert app.results == [None] and app.screen is not dialog


@pytest.mark.asyncio
async def test_connect_four_reports_a_floating_piece_then_returns_the_board_typed():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await choose(pilot, dialog, "#source", "connect4")
        assert dialog.query_one("#connect4-panel").display and not dialog.query_one("#array-panel").display
        assert shown(dialog, "#form-summary") == "connect four 6x7, empty, X to move"  # blank fields: the defaults
        assert dialog.query_one("#connect4-eval", Select).value == "windows"
        await type_into(pilot, dialog, "#connect4-rows", "4")
        await type_into(pilot, dialog, "#connect4-cols", "5")
        await type_into(pilot, dialog, "#connect4-connect", "3")
        await type_into(pilot, dialog, "#connect4-board", "...../...../..X../.....")
        assert shown(dialog, "#form-error").startswith("the board has a floating X in row 3 (from the top), column 3")
        assert dialog.query_one("#ok", Button).disabled
        await pilot.click("#ok")
        await pilot.pause()
        assert app.results == [] and app.screen is dialog

        await type_into(pilot, dialog, "#connect4-board", "...../...../...../..XO.")
        assert shown(dialog, "#form-error") == "" and not dialog.query_one("#ok", Button).disabled
        await pilot.click("#ok")
        await pilot.pause()
    [game] = app.results
    assert isinstance(game, ConnectFour) and (game.rows, game.cols, game.connect) == (4, 5, 3)
    assert game.board_slashes() == "...../...../...../..XO." and game.root().to_move == "X"


@pytest.mark.asyncio
async def test_connect_four_shape_errors_are_shown_inline():
    dialog = NewTreeDialog(ConnectFour())
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await type_into(pilot, dialog, "#connect4-connect", "9")
        assert shown(dialog, "#form-error").startswith("--connect is 9 but the board is 6x7")
        await type_into(pilot, dialog, "#connect4-connect", "4")
        await type_into(pilot, dialog, "#connect4-board", "X.../....")
        assert shown(dialog, "#form-error").startswith("the board has 2 rows of lengths 4,4; give 6 rows of 7")
        assert dialog.query_one("#ok", Button).disabled


@pytest.mark.asyncio
async def test_evaluator_and_symmetry_reach_the_game_and_each_board_game_keeps_its_own():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await choose(pilot, dialog, "#source", "tictactoe")
        assert dialog.query_one("#tictactoe-eval", Select).value == "win-loss"  # tic-tac-toe's default
        await choose(pilot, dialog, "#tictactoe-eval", "discounted")
        assert shown(dialog, "#tictactoe-eval-hint").startswith("a win is worth 2520 divided by the ply")
        await pilot.click("#tictactoe-symmetry")
        await pilot.pause()
        assert shown(dialog, "#form-summary").endswith("discounted values, symmetric moves merged")

        await choose(pilot, dialog, "#source", "connect4")  # connect four's settings are its own
        assert dialog.query_one("#connect4-eval", Select).value == "windows"
        assert not dialog.query_one("#connect4-symmetry", Checkbox).value
        await choose(pilot, dialog, "#source", "tictactoe")
        await pilot.click("#ok")
        await pilot.pause()
    [game] = app.results
    assert isinstance(game, TicTacToe) and game.evaluator == "discounted" and game.symmetry
    assert len(game.successors(game.root())) == 3  # corner, edge, centre: the empty board's moves merged


@pytest.mark.asyncio
async def test_best_order_returns_an_ordered_game_and_the_seed_shows_only_for_random():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        assert not dialog.query_one("#move-order-seed-row").display
        await pilot.click("#move-order-random")
        await pilot.pause()
        assert dialog.query_one("#move-order-seed-row").display
        assert shown(dialog, "#form-summary").endswith(f"random order (seed {dialog.fresh_seed})")
        await type_into(pilot, dialog, "#move-order-seed", "x")
        assert shown(dialog, "#form-error") == "--order 'random:x' has seed 'x'; use a whole number, e.g. random:7"
        await pilot.click("#move-order-best")
        await pilot.pause()
        assert not dialog.query_one("#move-order-seed-row").display and shown(dialog, "#form-error") == ""
        await pilot.click("#ok")
        await pilot.pause()
    [game] = app.results
    assert isinstance(game, OrderedGame) and game.spec() == {**builtin_example().spec(), "order": "best"}
    assert [child for _, child in game.successors(game.root())] == [2, 1]  # the 15-node root is MIN: 3 before 5


@pytest.mark.asyncio
async def test_dialog_opens_on_an_ordered_connect_four_game_with_all_its_settings():
    game = with_order(
        ConnectFour(
            "..../..../.X../.OX.", rows=4, cols=4, connect=3, evaluator="adjacency", symmetry=True, root=Player.MIN
        ),
        "random",
        7,
    )
    dialog = NewTreeDialog(game)
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        assert dialog.query_one("#source", Select).value == "connect4"
        assert [dialog.query_one(f"#connect4-{name}", Input).value for name in ("rows", "cols", "connect")] == [
            "4",
            "4",
            "3",
        ]
        assert dialog.query_one("#connect4-board", Input).value == "..../..../.X../.OX."
        assert dialog.query_one("#connect4-eval", Select).value == "adjacency"
        assert dialog.query_one("#connect4-symmetry", Checkbox).value
        assert (
            dialog.query_one("#move-order-seed", Input).value == "7"
            and dialog.query_one("#move-order-seed-row").display
        )
        await pilot.click("#ok")
        await pilot.pause()
    [again] = app.results
    assert again.spec() == game.spec()


@pytest.mark.asyncio
async def test_board_game_presets_fill_the_evaluator_and_symmetry():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await choose(pilot, dialog, "#preset", "opening")
        assert dialog.query_one("#tictactoe-eval", Select).value == "open-lines"
        assert dialog.query_one("#tictactoe-symmetry", Checkbox).value
        assert shown(dialog, "#form-summary") == (
            "tic-tac-toe .../.../..., X to move, open-lines values, symmetric moves merged"
        )
        await choose(pilot, dialog, "#preset", "connect4")
        assert shown(dialog, "#form-summary") == "connect four 4x5, connect 3, empty, X to move"
        await pilot.click("#ok")
        await pilot.pause()
    [game] = app.results
    assert isinstance(game, ConnectFour) and game.spec() == ConnectFour(rows=4, cols=5, connect=3).spec()


KIND_NAMES = st.sampled_from(["array", "nested", "random", "tictactoe", "connect4", "nim"])


@given(KIND_NAMES, st.text(max_size=12), st.text(max_size=12))
def test_tree_form_raises_only_input_errors(kind, first, second):
    """Whatever is typed, building either succeeds or fails with a one-line InputError."""
    fields = {
        "array": first,
        "branching": second,
        "nested": first,
        "leaves": second[:3],
        "range": first,
        "seed": second,
        "board": first,
        "pile": second[:4],
        "max_take": first[:3],
    }
    try:
        TreeForm(kind, fields).build()
    except InputError as error:
        assert str(error) and "\n" not in str(error)


@given(st.text(max_size=4), st.text(max_size=4), st.text(max_size=4), st.text(max_size=30), st.text(max_size=8))
def test_connect_four_and_order_fields_raise_only_input_errors(rows, cols, connect, board, seed):
    fields = {"rows": rows, "cols": cols, "connect": connect, "board": board}
    try:
        TreeForm("connect4", fields, order="random", order_seed=seed).build()
    except InputError as error:
        assert str(error) and "\n" not in str(error)


def connect4_form(board="", evaluator="windows", symmetry=False, rows="6", cols="7", connect="4", **more):
    fields = {"rows": rows, "cols": cols, "connect": connect, "board": board, "eval": evaluator, "symmetry": symmetry}
    return TreeForm("connect4", fields, **more)


ROUND_TRIPS = [
    connect4_form(
        "...../...../..X../.OX..", "adjacency", True, "4", "5", "3", root="min", order="random", order_seed="7"
    ),
    connect4_form(order="worst"),
    TreeForm("tictactoe", {"board": "X../.O./...", "eval": "open-lines", "symmetry": True}, order="best"),
    TreeForm("tictactoe", {"board": "", "eval": "win-loss", "symmetry": False}),
    TreeForm("nim", {"pile": "5", "max_take": "2", "rules": "normal"}, order="best"),
    TreeForm("array", {"array": "3,1,2", "branching": "2"}, order="random", order_seed="11"),
    TreeForm("random", {"leaves": "5", "branching": "3", "range": "1:9", "seed": "0"}, root="min"),
    TreeForm("nested", {"nested": "[[3,12,8],[2,4,6]]"}),
]


@pytest.mark.parametrize("form", ROUND_TRIPS, ids=lambda form: f"{form.kind}-{form.order}")
def test_tree_form_round_trips_board_settings_and_move_order_through_the_spec(form):
    game = form.build()
    assert TreeForm.from_spec(game.spec()) == form
    assert from_spec(game.spec()).spec() == game.spec()  # what a saved trace rebuilds


def test_tree_form_builds_the_board_game_settings_and_order_into_the_game():
    game = ROUND_TRIPS[0].build()
    assert isinstance(game, OrderedGame) and (game.order, game.seed) == ("random", 7)
    inner = game.inner
    assert isinstance(inner, ConnectFour) and (inner.rows, inner.cols, inner.connect) == (4, 5, 3)
    assert (inner.evaluator, inner.symmetry, inner.root_player) == ("adjacency", True, Player.MIN)
    assert inner.board_slashes() == "...../...../..X../.OX.."


def test_tree_form_blank_fields_mean_the_defaults_and_a_fresh_order_seed():
    game = TreeForm("connect4").build()
    assert isinstance(game, ConnectFour) and game.spec() == ConnectFour().spec()
    assert game.evaluator == "windows" and not game.symmetry
    assert TreeForm.from_game(game).fields["board"] == ""  # the empty board shows as the placeholder
    ordered = TreeForm("array", {"array": "3,1,2"}, order="random").build(fresh_seed=99)
    assert ordered.spec()["order_seed"] == 99
    assert TreeForm("array", {"array": "3,1,2"}, order="natural", order_seed="5").build().spec().get("order") is None
    tree = TreeForm("random", {"leaves": "4"}).build(fresh_seed=12)  # a blank seed: the dialog's fresh one
    assert tree.source["seed"] == 12 and tree.values == random_tree(leaves=4, seed=12).values


def test_tree_form_reads_a_saved_traces_connect_four_source():
    spec = {
        "kind": "connect4",
        "board": "." * 18 + "XO",
        "player": "X",
        "root": "max",
        "eval": "discounted",
        "symmetry": True,
        "rows": 4,
        "cols": 5,
        "connect": 3,
        "order": "random",
        "order_seed": 5,
    }
    form = TreeForm.from_spec(spec)
    assert form == connect4_form(
        "...../...../...../...XO", "discounted", True, "4", "5", "3", order="random", order_seed="5"
    )
    assert form.build().spec() == spec


def test_tree_form_names_the_flag_of_a_field_it_cannot_read():
    with pytest.raises(InputError, match="^--pile is 'six'; give a whole number$"):
        TreeForm("nim", {"pile": "six"}).build()
    with pytest.raises(InputError, match="^--max-take is 0; it must be 1 or more$"):  # the game's own check
        TreeForm("nim", {"max_take": "0"}).build()
    with pytest.raises(InputError, match="^the source is 'chess'; choose one of array, nested, random, tictactoe"):
        TreeForm("chess").build()


def test_board_game_presets():
    opening = PRESETS["opening"][1].build()
    assert isinstance(opening, TicTacToe) and opening.board == "." * 9
    assert (opening.evaluator, opening.symmetry) == ("open-lines", True)
    small = PRESETS["connect4"][1].build()
    assert isinstance(small, ConnectFour) and (small.rows, small.cols, small.connect) == (4, 5, 3)


def test_tree_form_turns_json_number_limits_into_input_errors():
    with pytest.raises(InputError, match="a number too long to read"):
        TreeForm("nested", {"nested": "[1" + "0" * 5000 + "]"}).build()


# -- DepthDialog --------------------------------------------------------------
@pytest.mark.asyncio
async def test_depth_dialog_returns_the_depth_typed():
    dialog = DepthDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 24)) as pilot:
        await type_into(pilot, dialog, "#depth-input", "3")
        await pilot.press("enter")
        await pilot.pause()
    assert app.results == [DepthChoice(3)]


@pytest.mark.asyncio
async def test_depth_dialog_blank_means_full_depth():
    dialog = DepthDialog(4)
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 24)) as pilot:
        assert dialog.query_one("#depth-input", Input).value == "4"
        await type_into(pilot, dialog, "#depth-input", "")
        await pilot.click("#ok")
        await pilot.pause()
    assert app.results == [DepthChoice(None)]


BAD_DEPTHS = [
    ("-1", "the look-ahead is -1; it must be 0 or more"),
    ("x", "the look-ahead is 'x', not a whole number"),
    ("[/b]", "the look-ahead is '[/b]', not a whole number"),
]


@pytest.mark.asyncio
async def test_depth_dialog_reports_bad_depths_inline():
    dialog = DepthDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 24)) as pilot:
        for text, message in BAD_DEPTHS:
            await type_into(pilot, dialog, "#depth-input", text)
            assert shown(dialog, "#form-error").startswith(message), text
            assert dialog.query_one("#ok", Button).disabled
            await pilot.press("enter")
            await pilot.pause()
            assert app.results == [] and app.screen is dialog
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]
