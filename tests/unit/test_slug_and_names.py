"""Export names: `trace_slug` carries the root when it is not the source's default (with the move order,
depth and strict it already had), and `fresh_stem` finds a name no earlier export uses.

Expected names are written out by hand from the slug's pattern: source[-order][-rootX]-algorithm[-dN][-strict].
"""

from __future__ import annotations

import os

import pytest

from visualizer.export.files import fresh_stem, trace_slug
from visualizer.games import Player, TicTacToe, builtin_example, with_order
from visualizer.games.explicit import DEFAULT_ARRAY, from_array
from visualizer.games.nested import from_nested
from visualizer.games.random_tree import random_tree
from visualizer.search import trace_search

TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"


@pytest.mark.parametrize(
    ("make", "options", "name"),
    [
        # The built-in example's own root is MIN: only a root-MAX search says so.
        (builtin_example, {}, "example15-alphabeta"),
        (lambda: builtin_example().replace(root_player=Player.MAX), {}, "example15-rootmax-alphabeta"),
        # The same values given as --array take the usual default, MAX, so they are that root-MAX tree.
        (lambda: from_array(DEFAULT_ARRAY), {}, "example15-rootmax-alphabeta"),
        (lambda: from_nested(TEXTBOOK), {}, "nested13-alphabeta"),
        (lambda: from_nested(TEXTBOOK, root=Player.MIN), {}, "nested13-rootmin-alphabeta"),
        (
            lambda: with_order(from_nested(TEXTBOOK, root=Player.MIN), "best"),
            {"strict": True},
            "nested13-best-rootmin-alphabeta-strict",
        ),
        (lambda: random_tree(depth=3, seed=4, root=Player.MIN), {"depth": 2}, "random-seed4-rootmin-alphabeta-d2"),
        (lambda: TicTacToe(root=Player.MIN), {"depth": 1}, "tictactoe-empty-rootmin-alphabeta-d1"),
        (TicTacToe, {"depth": 1}, "tictactoe-empty-alphabeta-d1"),
    ],
    ids=[
        "builtin",
        "builtin-max",
        "array-max",
        "nested",
        "nested-min",
        "order-strict",
        "random",
        "tictactoe-min",
        "tictactoe",
    ],
)
def test_the_slug_names_root_order_depth_and_strict(make, options, name):
    assert trace_slug(trace_search(make(), "alphabeta", **options)) == name


def test_a_root_max_search_of_the_example_no_longer_takes_the_committed_root_min_name():
    root_min = trace_slug(trace_search(builtin_example(), "alphabeta"))
    root_max = trace_slug(trace_search(builtin_example().replace(root_player=Player.MAX), "alphabeta"))
    assert root_min == "example15-alphabeta" and root_max != root_min


def test_fresh_stem_is_the_name_itself_in_an_empty_folder(tmp_path):
    assert fresh_stem(tmp_path, "example15-alphabeta") == "example15-alphabeta"


@pytest.mark.parametrize("suffix", [".json", ".dot", ".svg", ".png"])
def test_any_one_existing_file_makes_the_name_taken(tmp_path, suffix):
    (tmp_path / f"example15-alphabeta{suffix}").write_text("old")
    assert fresh_stem(tmp_path, "example15-alphabeta") == "example15-alphabeta-2"


def test_numbers_count_up_past_every_taken_name(tmp_path):
    for taken in ("mine.json", "mine-2.svg", "mine-3.dot"):
        (tmp_path / taken).write_text("old")
    (tmp_path / "mine-4.json").mkdir()  # a folder in the way counts too
    os.symlink(tmp_path / "nowhere", tmp_path / "mine-5.dot")  # and so does a dangling link
    assert fresh_stem(tmp_path, "mine") == "mine-6"


def test_other_files_and_longer_names_do_not_count(tmp_path):
    for other in ("mine.txt", "mine-extra.json", "minebis.dot", "mine-0001.dot"):
        (tmp_path / other).write_text("old")
    assert fresh_stem(tmp_path, "mine") == "mine"


def test_a_folder_that_does_not_exist_yet_has_every_name_free(tmp_path):
    assert fresh_stem(tmp_path / "traces", "mine") == "mine"


def test_a_folder_with_every_number_taken_is_one_line_to_fix(tmp_path, monkeypatch):
    from visualizer.errors import InputError

    monkeypatch.setattr("visualizer.export.files.os.path.lexists", lambda path: True)
    with pytest.raises(InputError, match="already holds 9,999 exports named mine-N; choose another folder"):
        fresh_stem(tmp_path, "mine")
