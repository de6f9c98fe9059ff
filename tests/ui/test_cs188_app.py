"""A CS188 graph-game test opened in the app's New-tree form is searched as its `alg` says (issue 35): the
expectimax test's ghosts are chance nodes and the app switches to expectimax, where alpha-beta would refuse them;
the form hides the Root choice, since Pacman (MAX) always moves first."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select
from ui_helpers import wait_while

from visualizer.games import Player
from visualizer.tui import make_app
from visualizer.tui.dialogs import NewTreeDialog

CS188 = Path(__file__).resolve().parents[1] / "data" / "cs188"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "name, algorithm, strict, value",
    [("expectimax_two_ghosts", "expectimax", False, 8), ("alphabeta_two_ghosts", "alphabeta", True, 5)],
)
async def test_a_cs188_test_from_the_form_is_searched_as_its_alg_says(name, algorithm, strict, value):
    app = make_app()  # the built-in example, alpha-beta cutting on equality
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        await pilot.press("n")
        await wait_while(app, pilot, lambda: not isinstance(app.screen, NewTreeDialog), "the New-tree form")
        dialog = app.screen
        assert dialog.query_one("#root-row").display  # the example's root, MIN, is a choice
        dialog.query_one("#source", Select).value = "cs188"
        await pilot.pause()
        assert not dialog.query_one("#root-row").display  # Pacman, MAX, always moves first
        dialog.query_one("#cs188-cs188", Input).value = str(CS188 / f"{name}.test")
        await pilot.pause()
        dialog.query_one("#cs188-cs188", Input).focus()
        await pilot.press("enter")
        await wait_while(app, pilot, lambda: app.screen is not screen or screen.searching, "the search")
        trace = screen.session.trace
        assert (screen.session.algorithm, screen.session.strict) == (algorithm, strict)
        assert trace.algorithm == algorithm and trace.summary.value == value
        assert trace.summary.best_move == "Left"
        chance = Player.CHANCE in trace.columns.player
        assert chance is (algorithm == "expectimax")


def test_the_form_opened_on_a_cs188_tree_reads_its_file_again():
    from visualizer.games.cs188 import Cs188Tree
    from visualizer.tui.dialogs import TreeForm

    path = str(CS188 / "minimax_3agents.test")
    tree = Cs188Tree.from_options({"cs188": path}, None)
    form = TreeForm.from_game(tree)  # the New-tree form opened on the tree on screen
    assert (form.kind, form.fields["cs188"]) == ("cs188", path)
    assert form.build().spec() == tree.spec()
