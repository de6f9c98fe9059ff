"""Provides the app's screens."""

from visualizer.tui.screens.search_screen import SPEEDS, SearchScreen

__all__ = ["SPEEDS", "SearchScreen"]
