"""Provides the app's widgets, each named for what it shows."""

from visualizer.tui.widgets.board_view import BoardCell, BoardView, MoveHistory
from visualizer.tui.widgets.game_tree_view import GameTreeView
from visualizer.tui.widgets.node_table import NodeTable
from visualizer.tui.widgets.panels import CallStack, EventLog, KeyFooter, StatusBar
from visualizer.tui.widgets.tree_outline import TreeOutline

__all__ = [
    "BoardCell",
    "BoardView",
    "CallStack",
    "EventLog",
    "GameTreeView",
    "KeyFooter",
    "MoveHistory",
    "NodeTable",
    "StatusBar",
    "TreeOutline",
]
