"""Provides the tree sources: arrays, nested lists, random trees, tic-tac-toe and NIM."""

from visualizer.games.base import ROOT_NAME, Game, Player, Value
from visualizer.games.explicit import (
    DEFAULT_ARRAY,
    ExplicitTree,
    builtin_example,
    from_array,
    from_nested,
    level_order_names,
    parse_array,
)
from visualizer.games.nim import Nim
from visualizer.games.random_tree import random_tree
from visualizer.games.tictactoe import TicTacToe

__all__ = [
    "DEFAULT_ARRAY",
    "ExplicitTree",
    "Game",
    "Nim",
    "Player",
    "ROOT_NAME",
    "TicTacToe",
    "Value",
    "builtin_example",
    "from_array",
    "from_nested",
    "level_order_names",
    "parse_array",
    "random_tree",
]
