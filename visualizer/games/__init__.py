"""Provides the tree sources: arrays, nested lists, random trees, tic-tac-toe, connect four and NIM."""

from visualizer.games.base import ROOT_NAME, Game, Player, Value, lookahead
from visualizer.games.connect4 import ConnectFour
from visualizer.games.explicit import (
    DEFAULT_ARRAY,
    ExplicitTree,
    builtin_example,
    from_array,
    from_nested,
    level_order_names,
    parse_array,
)
from visualizer.games.grid import EVALUATORS, GridGame
from visualizer.games.nim import Nim
from visualizer.games.ordering import ORDERS, OrderedGame, at_lookahead, parse_order, with_order
from visualizer.games.random_tree import random_tree
from visualizer.games.tictactoe import TicTacToe

__all__ = [
    "ConnectFour",
    "DEFAULT_ARRAY",
    "EVALUATORS",
    "ExplicitTree",
    "Game",
    "GridGame",
    "Nim",
    "ORDERS",
    "OrderedGame",
    "Player",
    "ROOT_NAME",
    "TicTacToe",
    "Value",
    "at_lookahead",
    "builtin_example",
    "from_array",
    "from_nested",
    "level_order_names",
    "lookahead",
    "parse_array",
    "parse_order",
    "random_tree",
    "with_order",
]
