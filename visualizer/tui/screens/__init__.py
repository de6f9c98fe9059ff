"""Provides the app's screens."""

from visualizer.tui.screens.drill_screen import DrillScreen
from visualizer.tui.screens.play_screen import PlayScreen
from visualizer.tui.screens.practice_screen import PracticeScreen
from visualizer.tui.screens.search_screen import SearchScreen
from visualizer.tui.screens.stats_screen import StatsScreen

__all__ = ["DrillScreen", "PlayScreen", "PracticeScreen", "SearchScreen", "StatsScreen"]
