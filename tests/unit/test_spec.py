"""`from_spec` rebuilds every source from `Game.spec()`: searching the rebuilt game gives the same trace."""

import pytest

from visualizer.errors import InputError
from visualizer.games import Nim, Player, TicTacToe, builtin_example, from_array, from_nested, random_tree
from visualizer.games.registry import from_spec
from visualizer.search import trace_search

GAMES = {
    "builtin": builtin_example,
    "named array": lambda: from_array([4, 1, 2], names=["root", "left", "right"], branching=2),
    "ternary array": lambda: from_array(list(range(10)), branching=3, root=Player.MIN),
    "nested": lambda: from_nested("[[3,12,8],[2,4,6],[14,5,2]]"),
    "random": lambda: random_tree(leaves=9, seed=4),
    "tictactoe": lambda: TicTacToe("XOX/.O./...", root=Player.MIN),
    "nim": lambda: Nim(5, max_take=2, rules="normal"),
}


@pytest.mark.parametrize("name", GAMES)
def test_rebuilt_game_searches_identically(name):
    game = GAMES[name]()
    rebuilt = from_spec(game.spec())
    assert rebuilt.spec() == game.spec()
    assert trace_search(rebuilt, "alphabeta") == trace_search(game, "alphabeta")


def test_bad_specs_are_input_errors():
    with pytest.raises(InputError, match="lacks"):
        from_spec({"kind": "array"})
    with pytest.raises(InputError, match="unknown"):
        from_spec({"kind": "chess"})
