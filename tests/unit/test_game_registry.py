"""The game registry: every built-in kind is found by name, rebuilt from its spec and named for its traces;
a toy game (two-pile NIM) written here is registered for a test, then searched, slugged and run by the CLI;
optional capabilities are declared protocols that also see through an `OrderedGame`.

Expected values are worked out by hand in the comments (names from the slug pattern, game values from the
rules), never copied from the code's output.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli

from tests.toys import TOY_GAME as TOY  # noqa: F401
from tests.toys import TwoPileNim
from visualizer.errors import InputError
from visualizer.export.files import trace_slug
from visualizer.games import (
    ConnectFour,
    ExplicitNodes,
    GameKind,
    Nim,
    PhrasesMoves,
    Playable,
    Player,
    TellsOutcomes,
    TicTacToe,
    builtin_example,
    find_game_kind,
    from_array,
    from_nested,
    game_kinds,
    lookahead,
    offers,
    random_tree,
    register,
    registered,
    unregister,
    with_order,
)
from visualizer.games.base import SuggestsDepth
from visualizer.games.cs188 import Cs188Tree
from visualizer.games.explicit_spec import ExplicitKind
from visualizer.games.registry import BUILT_IN_KINDS, cli_games, default_root, from_spec, slug
from visualizer.search import trace_search

# -- the built-in kinds ---------------------------------------------------------------------------------------

CS188_TESTS = Path(__file__).resolve().parents[1] / "data" / "cs188"

BUILT_IN_GAMES = {
    "array": lambda: from_array([4, 1, 2, 7, 3], branching=2, names=["R", "L", "M", "X", "Y"]),
    "builtin": builtin_example,
    "random": lambda: random_tree(leaves=6, branching=3, seed=11, root=Player.MIN),
    "nested": lambda: from_nested("[[3,12,8],[2,4,6],[14,5,2]]", root=Player.MIN),
    "tictactoe": lambda: TicTacToe("XO./.X./O..", evaluator="open-lines", symmetry=True),
    "connect4": lambda: ConnectFour(rows=3, cols=3, connect=3, root=Player.MIN),
    "nim": lambda: Nim(5, max_take=2, rules="normal"),
    "cs188": lambda: Cs188Tree.from_options({"cs188": str(CS188_TESTS / "minimax_3agents.test")}, None),
    "random order": lambda: with_order(Nim(4), "random", 3),
    "best order at a look-ahead": lambda: with_order(builtin_example(), "best", depth=2),
}


def test_the_built_in_kinds_are_registered_in_the_order_messages_list_them():
    assert [kind.name for kind in game_kinds()][:6] == ["array", "nested", "random", "tictactoe", "connect4", "nim"]
    assert cli_games()[:3] == ("tictactoe", "connect4", "nim")
    assert (
        find_game_kind("nim").game_class is Nim
        and issubclass(find_game_kind("random").game_class, ExplicitKind)
        and issubclass(find_game_kind("array").game_class, ExplicitKind)
    )
    assert find_game_kind("chess") is None and find_game_kind(5) is None


def test_every_built_in_kind_has_a_game_here():
    kinds = {game().spec()["kind"] for game in BUILT_IN_GAMES.values()}
    assert kinds == {kind.name for kind in BUILT_IN_KINDS}


@pytest.mark.parametrize("name", BUILT_IN_GAMES)
def test_from_spec_rebuilds_the_same_tree(name):
    game = BUILT_IN_GAMES[name]()
    rebuilt = from_spec(game.spec())
    assert type(rebuilt) is type(game) and rebuilt.spec() == game.spec()
    depth = None if name == "cs188" else 4  # a CS188 test holds values only where its agents evaluate
    assert trace_search(rebuilt, "alphabeta", depth=depth) == trace_search(game, "alphabeta", depth=depth)


@pytest.mark.parametrize("name", ["array", "nested", "tictactoe", "connect4", "nim"])
def test_each_class_reads_its_own_spec(name):
    game = BUILT_IN_GAMES[name]()
    rebuilt = find_game_kind(game.spec()["kind"]).game_class.from_spec(game.spec())
    assert trace_search(rebuilt, "minimax", depth=3) == trace_search(game, "minimax", depth=3)


def test_a_class_says_where_its_spec_is_wrong():
    with pytest.raises(InputError, match="^the source in a.json has pile 0; write a whole number, from 1 to 10,000$"):
        Nim.from_spec({"pile": 0}, where="the source in a.json")
    with pytest.raises(InputError, match="^the trace's source lacks 'rows'"):
        ConnectFour.from_spec({"cols": 3, "connect": 3})


@pytest.mark.parametrize(
    ("spec", "stem", "root"),
    [
        # The built-in example's values as an array: its own name, and its root is MIN unless said otherwise.
        ({"kind": "array", "values": [1, 3, 5, 5, 3, 1, 2, 6, 7, 3, 4, 2, 8, 1, 2]}, "example15", Player.MIN),
        ({"kind": "array", "values": [1, 2, 3], "branching": 2}, "array3", Player.MAX),
        # The same values as a random tree are not the example.
        (
            {"kind": "random", "values": [1, 3, 5, 5, 3, 1, 2, 6, 7, 3, 4, 2, 8, 1, 2], "seed": 4},
            "random-seed4",
            Player.MAX,
        ),
        # Nodes of [[1,2],[3,[4,5]]]: the root, [1,2], 1, 2, [3,[4,5]], 3, [4,5], 4, 5.
        ({"kind": "nested", "nested": [[1, 2], [3, [4, 5]]]}, "nested9", Player.MAX),
        ({"kind": "nested", "nested": 7}, "nested1", Player.MAX),
        ({"kind": "tictactoe", "board": "........."}, "tictactoe-empty", Player.MAX),
        (
            {"kind": "tictactoe", "board": "X.O......", "eval": "open-lines", "symmetry": True},
            "tictactoe-X_O______-open-lines-sym",
            Player.MAX,
        ),
        (
            {"kind": "tictactoe", "board": "X........", "eval": "win-loss", "symmetry": False},
            "tictactoe-X________",
            Player.MAX,
        ),
        # Connect four: the shape, "k" and the connect only when it is not 4; windows is its default evaluator.
        (
            {"kind": "connect4", "board": "......", "rows": 2, "cols": 3, "connect": 2, "eval": "windows"},
            "connect4-2x3k2-empty",
            Player.MAX,
        ),
        (
            {"kind": "connect4", "board": "X" + "." * 41, "rows": 6, "cols": 7, "connect": 4, "eval": "win-loss"},
            "connect4-6x7-X" + "_" * 41 + "-win-loss",
            Player.MAX,
        ),
        ({"kind": "nim", "pile": 6, "max_take": 3, "rules": "misere"}, "nim6", Player.MAX),
        ({"kind": "chess"}, "chess", Player.MAX),
        ({}, "tree", Player.MAX),
    ],
)
def test_the_slug_of_a_spec(spec, stem, root):
    assert slug(spec) == stem
    assert default_root(spec) is root


def test_trace_slug_takes_the_stem_from_the_registry():
    # random tree, seed 5, root MIN (not its default), minimax to depth 2: source-rootmin-algorithm-d2.
    trace = trace_search(random_tree(depth=3, seed=5, root=Player.MIN), "minimax", depth=2)
    assert trace_slug(trace) == "random-seed5-rootmin-minimax-d2"


# -- a toy game, registered for a test ------------------------------------------------------------------------


@pytest.fixture
def toy():
    with registered(TOY) as kind:
        yield kind
    assert find_game_kind("nim2") is None


def test_the_toy_is_found_rebuilt_slugged_and_searched(toy):
    assert find_game_kind("nim2") is toy and "nim2" in cli_games()
    game = from_spec({"kind": "nim2", "piles": [1, 1], "misere": True})
    assert isinstance(game, TwoPileNim) and game.piles == (1, 1) and game.misere
    # Misere (1, 1): whatever MAX takes, MIN must take the last one and loses, so +1; A1 is tried first.
    trace = trace_search(game, "minimax")
    assert trace.summary.value == 1 and trace.summary.best_move == "A1"
    assert trace.names(trace.summary.visit_order) == ["root", "A1", "A1.B1", "B1", "B1.A1"]
    assert trace_slug(trace) == "nim2-1-1-misere-minimax"
    # Normal rules: MIN takes the last one and wins, so -1.
    assert trace_search(from_spec({"kind": "nim2", "piles": [1, 1]}), "minimax").summary.value == -1


def test_the_toy_under_alphabeta_and_a_move_order(toy):
    # Normal play, take 1..2: a pile of n is worth n mod 3, and (2, 1) has 2 xor 1 = 3, not 0, so the
    # player to move (MAX) wins: +1. Taking A1 leaves (1, 1), worth 0 for MIN.
    game = TwoPileNim((2, 1))
    minimax, alphabeta = trace_search(game, "minimax"), trace_search(game, "alphabeta")
    assert minimax.summary.value == alphabeta.summary.value == 1 and alphabeta.summary.best_move == "A1"
    assert alphabeta.summary.nodes_visited < minimax.summary.nodes_visited
    ordered = with_order(game, "worst")
    rebuilt = from_spec(ordered.spec())
    assert trace_search(rebuilt, "alphabeta") == trace_search(ordered, "alphabeta")
    assert trace_slug(trace_search(rebuilt, "alphabeta", depth=2)) == "nim2-2-1-worst-alphabeta-d2"


def test_the_toy_runs_through_the_command_line(toy, capsys):
    code, out, err = run_cli(capsys, "run", "--game", "nim2", "--algorithm", "minimax", "--json")
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result["spec"] == {"kind": "nim2", "piles": [2, 1], "misere": False, "root": "max"}
    assert result["value"] == 1 and result["best_move"] == "A1"


def test_the_toy_leaves_when_its_block_ends():
    with registered(TOY):
        assert from_spec({"kind": "nim2", "piles": [0, 1]}).piles == (0, 1)
    with pytest.raises(InputError, match="has kind 'nim2'; this kind is unknown, write one of array, nested, random"):
        from_spec({"kind": "nim2", "piles": [0, 1]})
    assert slug({"kind": "nim2", "piles": [0, 1]}) == "nim2"  # an unknown kind is named by itself


def test_a_kind_is_registered_once(toy):
    with pytest.raises(ValueError, match="'nim2' is already registered"):
        register(TOY)
    with pytest.raises(ValueError, match="--game name 'nim' is already registered"):
        register(GameKind("nim-again", Nim, "NIM", "nim"))
    with pytest.raises(KeyError):
        unregister("no-such-kind")


def test_a_class_without_the_registry_classmethods_is_refused():
    with pytest.raises(TypeError, match="needs from_spec, slug and default_root"):
        register(GameKind("plain", object, "plain"))
    assert find_game_kind("plain") is None


# -- capabilities ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", BUILT_IN_GAMES)
def test_the_explicit_flag_is_the_declared_protocol(name):
    game = BUILT_IN_GAMES[name]()
    assert game.is_explicit == offers(game, ExplicitNodes)


def test_capabilities_of_the_built_in_games():
    tree, nim, board = builtin_example(), Nim(4), TicTacToe()
    assert offers(tree, ExplicitNodes) and not offers(nim, ExplicitNodes) and not offers(board, ExplicitNodes)
    assert offers(nim, TellsOutcomes) and offers(board, TellsOutcomes) and not offers(tree, TellsOutcomes)
    assert offers(nim, PhrasesMoves) and not offers(tree, PhrasesMoves)
    assert offers(board, Playable) and not offers(nim, Playable)
    assert [kind.name for kind in BUILT_IN_KINDS if kind.is_playable] == ["tictactoe", "connect4"]


def test_capabilities_are_seen_through_a_move_order():
    # An empty 6 x 7 board has 42 empty cells, more than 12, so connect four suggests its look-ahead of 5.
    ordered = with_order(ConnectFour(), "best")
    assert offers(ordered, SuggestsDepth) and lookahead(ordered, None) == 5 and lookahead(ordered, 2) == 2
    assert offers(with_order(builtin_example(), "worst"), ExplicitNodes)
    ordered_nim = with_order(Nim(4), "best")
    assert not offers(ordered_nim, ExplicitNodes) and not ordered_nim.is_explicit
    assert not offers(ordered_nim, SuggestsDepth) and lookahead(ordered_nim, None) is None


def test_a_game_on_the_command_line_needs_from_options():
    class Unbuildable(TwoPileNim):
        from_options = None

    with pytest.raises(TypeError, match="has a --game name, so it needs a from_options classmethod"):
        register(GameKind("nim2", Unbuildable, "two-pile NIM", "nim2"))
    assert find_game_kind("nim2") is None
