"""Provides the app's dialogs: a new tree source, the search depth, the search and the two to compare, and the
play settings."""

from visualizer.tui.dialogs.board_editor import BoardEditor
from visualizer.tui.dialogs.new_tree import NewTreeDialog
from visualizer.tui.dialogs.play_settings import PlayChoice, PlaySettingsDialog
from visualizer.tui.dialogs.search_dialogs import DepthChoice, DepthDialog, SearchChoiceDialog
from visualizer.tui.dialogs.tree_form import PRESETS, TreeForm

__all__ = [
    "BoardEditor",
    "DepthChoice",
    "DepthDialog",
    "NewTreeDialog",
    "PRESETS",
    "PlayChoice",
    "PlaySettingsDialog",
    "SearchChoiceDialog",
    "TreeForm",
]
