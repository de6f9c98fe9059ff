"""Provides the Textual app (the only package that imports Textual)."""

from visualizer.tui.app import VisualizerApp, make_app, make_play_app, make_practice_app, run_app

__all__ = ["VisualizerApp", "make_app", "make_play_app", "make_practice_app", "run_app"]
