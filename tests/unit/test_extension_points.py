"""The extension points hold: the game registry's options are plain data (the core imports no argparse or
Textual), a flag belongs to one option, and the format lists of the app, worksheets and the study plot are
read from the export registry."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.toys import TOY_GAME
from visualizer.analysis.figure import FIGURE_FORMATS, check_figure_path
from visualizer.errors import InputError
from visualizer.export.formats import EXPORT_FORMATS, FORMAT_USES, formats_for
from visualizer.games import GameKind, GameOption, find_game_kind, register, registered
from visualizer.games.registry import cli_options
from visualizer.practice.worksheet_files import WORKSHEET_FORMATS, parse_worksheet_formats


def test_the_game_registry_imports_no_command_line_or_app_code():
    script = "import sys, visualizer.games.registry; print(sorted({'argparse', 'textual'} & set(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_each_flag_is_one_option_shared_by_the_kinds_that_list_it():
    flags = [option.flag for option in cli_options()]
    assert len(flags) == len(set(flags))
    # --board belongs to both grid games; tic-tac-toe's shows as nine squares in the form, connect four's as text.
    assert (
        find_game_kind("tictactoe").option("board").squares and not find_game_kind("connect4").option("board").squares
    )
    assert find_game_kind("tictactoe").option("board").help == find_game_kind("connect4").option("board").help


def test_a_flag_taken_by_another_option_is_refused():
    taken = GameOption("--pile", "two-pile NIM: both piles", str)  # NIM's flag, read another way
    with pytest.raises(ValueError, match="the flag --pile is another kind's option, read another way"):
        register(GameKind("nim3", TOY_GAME.game_class, "NIM 3", "nim3", (taken,)))
    assert find_game_kind("nim3") is None
    with registered(TOY_GAME):  # a toy that shares no flag registers, and its flags join the command line
        assert {"--piles", "--misere"} <= {option.flag for option in cli_options()}


def test_the_other_format_lists_come_from_the_export_registry():
    assert all(name in EXPORT_FORMATS for names in FORMAT_USES.values() for name in names)
    assert formats_for("app") == ("json", "dot", "svg")
    assert WORKSHEET_FORMATS == ("md", "svg", "pdf", "tex")  # md is the worksheet's own text
    assert FIGURE_FORMATS == ("svg", "png")
    assert parse_worksheet_formats("tex,svg") == ("svg", "tex")  # in the registry's order
    with pytest.raises(InputError, match="a worksheet takes any of md, svg, pdf, tex"):
        parse_worksheet_formats("png")
    with pytest.raises(InputError, match="end the name in .svg or .png"):
        check_figure_path("plot.pdf")
