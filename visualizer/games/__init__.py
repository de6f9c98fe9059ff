"""Provides the tree sources (arrays, nested lists, random trees, tic-tac-toe, connect four, NIM), their registry
and capabilities."""

from visualizer.games.base import ChanceMoves as ChanceMoves
from visualizer.games.base import Evaluated as Evaluated
from visualizer.games.base import ExplicitNodes as ExplicitNodes
from visualizer.games.base import Game as Game
from visualizer.games.base import PhrasesMoves as PhrasesMoves
from visualizer.games.base import Playable as Playable
from visualizer.games.base import Player as Player
from visualizer.games.base import TellsOutcomes as TellsOutcomes
from visualizer.games.base import lookahead as lookahead
from visualizer.games.base import offers as offers
from visualizer.games.connect4 import ConnectFour as ConnectFour
from visualizer.games.evaluators import EVALUATORS as EVALUATORS
from visualizer.games.explicit import ExplicitTree as ExplicitTree
from visualizer.games.explicit import builtin_example as builtin_example
from visualizer.games.explicit import from_array as from_array
from visualizer.games.game_options import GameOption as GameOption
from visualizer.games.grid import GridGame as GridGame
from visualizer.games.nested import from_nested as from_nested
from visualizer.games.nim import Nim as Nim
from visualizer.games.ordering import ORDERS as ORDERS
from visualizer.games.ordering import OrderedGame as OrderedGame
from visualizer.games.ordering import parse_order as parse_order
from visualizer.games.ordering import with_order as with_order
from visualizer.games.random_tree import random_tree as random_tree
from visualizer.games.registry import GameKind as GameKind
from visualizer.games.registry import find_game_kind as find_game_kind
from visualizer.games.registry import game_kinds as game_kinds
from visualizer.games.registry import register as register
from visualizer.games.registry import registered as registered
from visualizer.games.registry import unregister as unregister
from visualizer.games.tictactoe import TicTacToe as TicTacToe
