"""Provides the tree sources (arrays, nested lists, random trees, tic-tac-toe, connect four, NIM), their registry
and capabilities."""

from visualizer.games.base import (
    ROOT_NAME,
    ChanceMoves,
    Evaluated,
    ExplicitNodes,
    Game,
    PhrasesMoves,
    Playable,
    Player,
    SuggestsDepth,
    TellsOutcomes,
    Value,
    lookahead,
    offers,
)
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
from visualizer.games.game_options import GameOption
from visualizer.games.grid import EVALUATORS, GridGame
from visualizer.games.nim import Nim
from visualizer.games.ordering import ORDERS, OrderedGame, at_lookahead, parse_order, with_order
from visualizer.games.random_tree import random_tree
from visualizer.games.registry import GameKind, find_game_kind, game_kinds, register, registered, unregister
from visualizer.games.tictactoe import TicTacToe

__all__ = [
    "ChanceMoves",
    "ConnectFour",
    "DEFAULT_ARRAY",
    "EVALUATORS",
    "Evaluated",
    "ExplicitNodes",
    "ExplicitTree",
    "Game",
    "GameKind",
    "GameOption",
    "GridGame",
    "Nim",
    "ORDERS",
    "OrderedGame",
    "PhrasesMoves",
    "Playable",
    "Player",
    "ROOT_NAME",
    "SuggestsDepth",
    "TellsOutcomes",
    "TicTacToe",
    "Value",
    "at_lookahead",
    "builtin_example",
    "find_game_kind",
    "from_array",
    "from_nested",
    "game_kinds",
    "level_order_names",
    "lookahead",
    "offers",
    "parse_array",
    "parse_order",
    "random_tree",
    "register",
    "registered",
    "unregister",
    "with_order",
]
