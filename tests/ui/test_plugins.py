"""The registries' proof: a toy game and a toy algorithm, written outside the library (tests/toys.py) and
registered here, go through `run --json`, `export` (JSON + DOT, read back) and the app, with no other file edited.

Hand-worked values: two-pile NIM (2, 1), normal rules (who takes the last one wins), MAX to move. B1 leaves
(2, 0): MIN takes both and wins. A2 leaves (0, 1): MIN takes it and wins. A1 leaves (1, 1): MIN takes one and
MAX the last, so MAX wins. Minimax from the right tries B1, A2, then A1: value +1, best move A1.
"""

from __future__ import annotations

import json

import pytest

from tests.cli_helpers import run_cli
from tests.toys import TOY, TOY_ALGORITHM, TOY_GAME
from visualizer.games import registered as registered_game
from visualizer.readwrite.trace_json import read_json
from visualizer.search import registered as registered_algorithm
from visualizer.tui.app import make_app
from visualizer.tui.widgets.panels import StatusBar


@pytest.fixture
def toys():
    with registered_game(TOY_GAME), registered_algorithm(TOY_ALGORITHM):
        yield


def test_run_json_searches_the_toy_game_with_the_toy_algorithm(capsys, toys):
    code, out, err = run_cli(capsys, "run", "--game", "nim2", "-a", "rtl", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["algorithm"] == TOY and result["spec"]["kind"] == "nim2"
    assert result["value"] == 1 and result["best_move"] == "A1"
    assert result["visit_order"][:2] == ["root", "B1"]  # children tried last to first


def test_export_writes_json_and_dot_that_read_back(capsys, tmp_path, toys):
    code, out, err = run_cli(capsys, "export", "--game", "nim2", "-a", TOY, "--out", str(tmp_path))
    assert code == 0, err
    name = f"nim2-2-1-{TOY}"  # the game's own slug, then the algorithm
    assert (tmp_path / f"{name}.dot").read_text().startswith("digraph trace {")
    trace = read_json(tmp_path / f"{name}.json")
    assert trace.algorithm == TOY and trace.summary.value == 1 and trace.summary.best_move == "A1"
    code, out, err = run_cli(capsys, "run", "--trace", str(tmp_path / f"{name}.json"))
    assert code == 0 and "best move:           A1" in out


@pytest.mark.asyncio
async def test_the_app_steps_the_toy_search(toys):
    from tests.toys import TwoPileNim

    app = make_app(TwoPileNim((2, 1)), algorithm=TOY)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        status = app.screen.query_one(StatusBar).text
        assert TOY in status and "value 1" in status
        assert app.screen.session.trace.summary.best_move == "A1"


# -- the toy game's own flag and form field (tests/toys.py: TOY_OPTIONS) ---------------------------------------


def test_the_toy_games_flags_reach_the_game(capsys, toys):
    # Misere (1, 1): whatever MAX takes, MIN must take the last one and loses, so +1 (see test_game_registry).
    code, out, err = run_cli(capsys, "run", "--piles", "1,1", "--misere", "-a", "minimax", "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["spec"] == {"kind": "nim2", "piles": [1, 1], "misere": True, "root": "max"}
    assert result["value"] == 1
    code, out, err = run_cli(capsys, "run", "--help")
    assert "--piles A,B" in out and "two-pile NIM: piles A and B (2,1)" in out


def test_the_toy_games_flags_are_checked_like_the_built_in_ones(capsys, toys):
    code, out, err = run_cli(capsys, "run", "--game", "nim2", "--piles", "1,x")
    assert code == 2 and err == "visualizer: error: --piles is '1,x'; give two whole numbers, e.g. 2,1\n"
    code, out, err = run_cli(capsys, "run", "--game", "nim", "--misere")
    assert code == 2 and "--misere applies only to --game nim2; remove it or choose that source" in err
    code, out, err = run_cli(capsys, "run", "--piles", "1,1", "--pile", "3")
    # --pile chose NIM (registered before the toy), as --board chooses tic-tac-toe: the toy's flag is refused.
    assert code == 2 and "--piles applies only to --game nim2" in err


def test_without_the_toy_its_flags_are_unknown(capsys):
    code, out, err = run_cli(capsys, "run", "--piles", "1,1")
    assert code == 2 and "unrecognized arguments: --piles" in err


@pytest.mark.asyncio
async def test_the_new_tree_dialog_builds_the_toy_game_from_its_fields(toys):
    from tests.toys import TwoPileNim
    from tests.ui.test_dialogs import DialogHost, choose, shown, type_into
    from visualizer.tui.dialogs import NewTreeDialog

    dialog = NewTreeDialog()
    app = DialogHost(dialog)
    async with app.run_test(size=(90, 36)) as pilot:
        await choose(pilot, dialog, "#source", "nim2")
        assert dialog.query_one("#nim2-panel").display and not dialog.query_one("#array-panel").display
        assert shown(dialog, "#form-summary") == "two-pile NIM 2 and 1, normal"  # blank fields: the defaults
        await type_into(pilot, dialog, "#nim2-piles", "1,x")
        assert shown(dialog, "#form-error") == "--piles is '1,x'; give two whole numbers, e.g. 2,1"
        await type_into(pilot, dialog, "#nim2-piles", "3,1")
        await pilot.click("#nim2-misere")
        await pilot.pause()
        assert shown(dialog, "#form-summary") == "two-pile NIM 3 and 1, misere"
        await pilot.click("#ok")
        await pilot.pause()
    [game] = app.results
    assert isinstance(game, TwoPileNim) and game.piles == (3, 1) and game.misere


@pytest.mark.asyncio
async def test_the_new_tree_dialog_opens_on_a_toy_game_with_its_fields_filled(toys):
    from tests.toys import TwoPileNim
    from tests.ui.test_dialogs import DialogHost
    from visualizer.tui.dialogs import NewTreeDialog

    dialog = NewTreeDialog(TwoPileNim((4, 2), misere=True))
    async with DialogHost(dialog).run_test(size=(90, 36)):
        assert dialog.query_one("#source").value == "nim2"
        assert dialog.query_one("#nim2-piles").value == "4,2" and dialog.query_one("#nim2-misere").value
        assert dialog.game.spec() == TwoPileNim((4, 2), misere=True).spec()
