"""Provides `python -m visualizer`."""

from visualizer.cli import run

run()
