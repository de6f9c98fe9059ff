"""Provides `PlaySettingsDialog` and `PlayChoice`: the user's side and the engine's algorithm, depth and evaluator."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Select, Static

from visualizer.games import EVALUATORS, GameKind, GridGame, game_kinds
from visualizer.match import PlaySettings
from visualizer.search import ALGORITHMS
from visualizer.tui.dialogs.form_rows import Choices, FormDialog, dialog_buttons, menu, row
from visualizer.tui.dialogs.search_dialogs import parse_depth

__all__ = ["PlayChoice", "PlaySettingsDialog"]


@dataclass(frozen=True)
class PlayChoice:
    """What the user accepted: the side and the engine's options, and a new game (None: keep playing this one)."""

    settings: PlaySettings
    game: GridGame | None = None


class PlaySettingsDialog(FormDialog[PlayChoice]):
    """The side, algorithm, evaluator and depth, and optionally a new game."""

    AUTO_FOCUS = "#play-algorithm"

    def __init__(self, settings: PlaySettings) -> None:
        super().__init__()
        self.start = settings
        self.games: dict[str, GameKind | None] = {"same": None}
        """The Game selector's keys: the kinds the registry can play (each starts anew with its defaults),
        and "same" (None) to keep playing."""
        self.games.update((kind.name, kind) for kind in game_kinds() if kind.is_playable)

    def compose(self) -> ComposeResult:
        settings = self.start
        with Vertical(id="play-settings-dialog", classes="dialog"):
            yield Static("Play settings", classes="dialog-title")
            games = [
                ("keep this game" if kind is None else f"new {kind.label}", key) for key, kind in self.games.items()
            ]
            yield row("Game", menu(games, "same", "play-game"))
            sides = {"X": "X (first)", "O": "O (second)"}
            yield row("You play", Choices("side", sides, settings.human, id="play-side"))
            yield row("Algorithm", menu([(name, name) for name in ALGORITHMS], settings.algorithm, "play-algorithm"))
            yield row("Evaluator", menu([(name, name) for name in EVALUATORS], settings.evaluator, "play-evaluator"))
            depth = "" if settings.depth is None else str(settings.depth)
            yield row("Depth", Input(depth, id="play-depth", placeholder="blank: auto", compact=True))
            yield Static("", id="form-error", markup=False)
            yield Static("", id="play-summary", markup=False)
            yield dialog_buttons()

    def on_mount(self) -> None:
        self.check()

    def choose(self) -> PlayChoice:
        kind = self.games[str(self.query_one("#play-game", Select).value)]
        settings = PlaySettings(
            human=self.query_one("#play-side", Choices).value,
            algorithm=str(self.query_one("#play-algorithm", Select).value),
            depth=parse_depth(self.query_one("#play-depth", Input).value),
            evaluator=str(self.query_one("#play-evaluator", Select).value),
        ).checked()
        return PlayChoice(settings, None if kind is None else _new_game(kind))

    def check(self) -> PlayChoice | None:
        """The choice on screen, with a line on the evaluator chosen."""
        evaluator = str(self.query_one("#play-evaluator", Select).value)
        self.query_one("#play-summary", Static).update(f"{evaluator}: {EVALUATORS[evaluator].description}")
        return super().check()

    @on(Select.Changed, "#play-game")
    def _game_changed(self, event: Select.Changed) -> None:
        kind = self.games[str(event.value)]
        if kind is not None:  # a new kind of game starts with that game's own evaluator
            self.query_one("#play-evaluator", Select).value = _new_game(kind).evaluator


def _new_game(kind: GameKind) -> GridGame:
    game = kind.build({})
    assert isinstance(game, GridGame)  # the games the app plays are grid games
    return game
