"""Provides the messages a screen posts to ask the App for another screen; the App decides how to get there.

A screen never opens another screen nor looks at the screen stack; dialogs that answer their screen
are pushed by the screen with a callback, as Textual intends.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from visualizer.games import GridGame
from visualizer.session import Session
from visualizer.tracing import Trace

__all__ = ["OpenCompare", "OpenDrill", "OpenGame", "OpenSearch", "OpenStats"]


@dataclass
class OpenSearch(Message):
    """Step through a search: the engine's last move from a game, or a practice exercise's solution."""

    session: Session  # the search to show, at the step it stands at


@dataclass
class OpenGame(Message):
    """Play against the engine: back to the game whose search is on screen, or a new game on `game`."""

    game: GridGame  # the opening position of a new game (unused when going back to the game)


@dataclass
class OpenCompare(Message):
    """Show two searches of one tree side by side."""

    full: Trace  # the left search (minimax, by default)
    pruning: Trace  # the right search (alpha-beta, by default)
    labels: tuple[str, str] | None = None  # how the two are named (None: by their algorithms)


class OpenStats(Message):
    """Show the pruned-tree study."""


@dataclass
class OpenDrill(Message):
    """Predict the next node of a search."""

    trace: Trace
