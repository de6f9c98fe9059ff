"""Provides `VisualizerApp` and `make_app`: the Textual app that steps through traced searches."""

from __future__ import annotations

from functools import partial
from typing import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from visualizer.games import Game, builtin_example
from visualizer.tracing import Trace
from visualizer.tui.screens import SearchScreen
from visualizer.tui.session import Session

__all__ = ["VisualizerApp", "make_app"]


class VisualizerApp(App):
    """Shows one search at a time; the screens own the bindings."""

    CSS_PATH = "app.tcss"
    TITLE = "gametree visualizer"

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        """The search shown at start."""

    def on_mount(self) -> None:
        self.push_screen(SearchScreen(self.session))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's commands, then every key of the current screen, so the palette lists all controls."""
        yield from super().get_system_commands(screen)
        for binding in screen.BINDINGS:
            if isinstance(binding, Binding) and binding.description:
                key = binding.key_display or binding.key.split(",")[0]
                yield SystemCommand(binding.description, f"key {key}", partial(screen.run_action, binding.action))


def make_app(
    game: Game | None = None,
    *,
    algorithm: str = "alphabeta",
    depth: int | None = None,
    strict: bool = False,
    trace: Trace | None = None,
) -> VisualizerApp:
    """The app on a game (the built-in example by default) or on a saved trace.

    Args:
        game: the tree to search (with `trace`: the tree that trace searched).
        algorithm: one of minimax, alphabeta, negamax, negamax-ab.
        depth: the look-ahead (None: full depth).
        strict: prune only on strict inequality.
        trace: a finished trace to show instead of searching; its tree is rebuilt from its source
            spec when `game` is not given, so that other algorithms can search it.
    """
    if trace is not None and game is None:
        return VisualizerApp(Session.from_trace(trace))
    if trace is not None:
        return VisualizerApp(Session(game, trace.algorithm, trace.depth_limit, trace.strict, trace))
    return VisualizerApp(Session(game or builtin_example(), algorithm, depth, strict))
