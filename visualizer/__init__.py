"""Provides gametree visualizer: game trees, traced minimax/alpha-beta/negamax search, and views of it."""

__version__ = "0.1.0"

__all__ = ["__version__"]
