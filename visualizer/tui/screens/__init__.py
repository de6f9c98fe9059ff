"""Provides the app's screens."""

from visualizer.tui.screens.play_screen import PlayScreen
from visualizer.tui.screens.search_screen import SPEEDS, SearchScreen
from visualizer.tui.screens.stats_screen import StatsScreen

__all__ = ["SPEEDS", "PlayScreen", "SearchScreen", "StatsScreen"]
