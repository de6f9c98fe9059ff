"""Provides the messages a screen posts to ask the App for another screen; the App decides how to get there.

A screen never opens another screen nor looks at the screen stack; dialogs that answer their screen
are pushed by the screen with a callback, as Textual intends.
"""

from __future__ import annotations

from textual.message import Message

from visualizer.games import GridGame
from visualizer.session import Session
from visualizer.tracing import Trace

__all__ = ["OpenCompare", "OpenDrill", "OpenGame", "OpenSearch", "OpenStats"]


class OpenSearch(Message):
    """Step through a search: the engine's last move from a game, or a practice exercise's solution."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session  # the search to show, at the step it stands at


class OpenGame(Message):
    """Play against the engine: back to the game whose search is on screen, or a new game on `game`."""

    def __init__(self, game: GridGame) -> None:
        super().__init__()
        self.game = game  # the opening position of a new game (unused when going back to the game)


class OpenCompare(Message):
    """Show two searches of one tree side by side."""

    def __init__(self, full: Trace, pruning: Trace, *, labels: tuple[str, str] | None = None) -> None:
        super().__init__()
        self.full = full  # the left search (minimax, by default)
        self.pruning = pruning  # the right search (alpha-beta, by default)
        self.labels = labels  # how the two are named (None: by their algorithms)


class OpenStats(Message):
    """Show the pruned-tree study."""


class OpenDrill(Message):
    """Predict the next node of a search."""

    def __init__(self, trace: Trace) -> None:
        super().__init__()
        self.trace = trace
