"""Provides the app's screens."""

from visualizer.tui.screens.search_screen import SPEEDS, SearchScreen
from visualizer.tui.screens.play_screen import PlayScreen

__all__ = ["PlayScreen", "SPEEDS", "SearchScreen"]
