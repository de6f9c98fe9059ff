"""The New-tree and Depth dialogs driven by the Pilot: inline library messages, presets, the board editor."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.app import App
from textual.widgets import Button, Input, Select, Static

from visualizer.errors import InputError
from visualizer.games import ExplicitTree, Nim, Player, TicTacToe, builtin_example, from_nested, random_tree
from visualizer.tui.dialogs import BoardEditor, DepthChoice, DepthDialog, NewTreeDialog, TreeForm

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
    """Picks an option of a Select."""
    dialog.query_one(selector, Select).value = value
    await pilot.pause()


# -- NewTreeDialog ----------------------------------------------------------
@pytest.mark.asyncio
async def test_array_shows_the_library_message_inline_and_ok_waits_for_a_valid_array():
    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await type_into(pilot, dialog, "#array-input", "1,,x")
        assert "array item 2 is empty" in shown(dialog, "#form-error")
        assert dialog.query_one("#ok", Button).disabled
        await pilot.click("#ok")
        await pilot.press("enter")  # Enter in the field tries OK too
        await pilot.pause()
        assert app.results == [] and app.screen is dialog

        await enter_text(pilot, dialog, "#array-input", "1,[/b],3")  # shown as typed, not read as markup
        assert shown(dialog, "#form-error").startswith("array item 2 is '[/b]', not a number")

        await type_into(pilot, dialog, "#array-input", "3,1,2")
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
        await type_into(pilot, dialog, "#branching-input", "0")
        assert shown(dialog, "#form-error").startswith("--branching is 0; it must be 1 or more")
        await type_into(pilot, dialog, "#branching-input", "x")
        assert shown(dialog, "#form-error").startswith("the branching is 'x'; give a whole number")
        assert dialog.query_one("#ok", Button).disabled
        await type_into(pilot, dialog, "#branching-input", "3")
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
        assert dialog.query_one("#nested-input", Input).value == "[[3,12,8],[2,4,6],[14,5,2]]"
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
        await enter_text(pilot, dialog, "#nested-input", "[[3,12,8],[2,4,6],[14,5,2]")
        dialog.query_one("#nested-input", Input).focus()
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
        assert dialog.query_one("#nested-input", Input).value == "[[3,12,8],[2,4,6],[14,5,2]]"
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
        assert "X must have as many marks as O" in shown(dialog, "#form-error")
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
        assert shown(dialog, "#form-error").startswith("the board has 3 squares; give 9 characters")
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
            await type_into(pilot, dialog, "#array-input", "3,1,2")
            if leave == "escape":
                await pilot.press("escape")
            else:
                await pilot.click("#cancel")
            await pilot.pause()
            assert app.results == [None] and app.screen is not dialog


KIND_NAMES = st.sampled_from(["array", "nested", "random", "tictactoe", "nim"])


@given(KIND_NAMES, st.text(max_size=12), st.text(max_size=12))
def test_tree_form_raises_only_input_errors(kind, first, second):
    """Whatever is typed, building either succeeds or fails with a one-line InputError."""
    form = TreeForm(
        kind, array=first, branching=second, nested=first, leaves=second[:3], value_range=first,
        seed=second, board=first, pile=second[:4], max_take=first[:3],
    )
    try:
        form.build()
    except InputError as error:
        assert str(error) and "\n" not in str(error)


def test_tree_form_turns_json_number_limits_into_input_errors():
    with pytest.raises(InputError, match="a number too long to read"):
        TreeForm("nested", nested="[1" + "0" * 5000 + "]").build()


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


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "text, message",
    [
        ("-1", "the look-ahead is -1; it must be 0 or more"),
        ("x", "the look-ahead is 'x', not a whole number"),
        ("[/b]", "the look-ahead is '[/b]', not a whole number"),
    ],
)
async def test_depth_dialog_reports_bad_depths_inline(text, message):
    dialog = DepthDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 24)) as pilot:
        await type_into(pilot, dialog, "#depth-input", text)
        assert shown(dialog, "#depth-error").startswith(message)
        assert dialog.query_one("#ok", Button).disabled
        await pilot.press("enter")
        await pilot.pause()
        assert app.results == [] and app.screen is dialog
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [None]
