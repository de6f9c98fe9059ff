"""Provides `PlaySettingsDialog` and `PlayChoice`: the user's side and the engine's algorithm, depth and evaluator."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, RadioSet, Select, Static

from visualizer.errors import VisualizerError
from visualizer.games import EVALUATORS, ConnectFour, GridGame, TicTacToe
from visualizer.match import PlaySettings
from visualizer.search import ALGORITHMS
from visualizer.tui.dialogs.depth import parse_depth
from visualizer.tui.dialogs.form_rows import ChoiceButton, row

__all__ = ["GAMES", "PlayChoice", "PlaySettingsDialog"]

GAMES = {
    "same": ("keep this game", None),
    "tictactoe": ("new tic-tac-toe", TicTacToe),
    "connect4": ("new connect four, 6x7", ConnectFour),
}
"""The Game selector: key -> (label, the game class to start anew, None to keep playing)."""


@dataclass(frozen=True)
class PlayChoice:
    """What the user accepted.

    Attributes:
        settings: the side and the engine's options.
        game: a new game to start, None to keep playing this one.
    """

    settings: PlaySettings
    game: GridGame | None = None


class PlaySettingsDialog(ModalScreen[PlayChoice | None]):
    """The side, algorithm, evaluator and depth, and optionally a new game.

    Dismisses with a `PlayChoice` on Enter or OK (if the depth is valid), with None on Escape or Cancel.
    """

    CSS_PATH = ["dialogs.tcss", "play_settings.tcss"]
    AUTO_FOCUS = "#play-algorithm"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, settings: PlaySettings) -> None:
        super().__init__()
        self.start = settings
        """The settings the dialog opens with."""
        self.message = ""
        """The inline error on screen ("" while the form is valid)."""

    def compose(self) -> ComposeResult:
        settings = self.start
        with Vertical(id="play-settings-dialog", classes="dialog"):
            yield Static("Play settings", classes="dialog-title")
            games = [(label, key) for key, (label, _) in GAMES.items()]
            yield row("Game", Select(games, value="same", allow_blank=False, id="play-game", compact=True))
            sides = [
                ChoiceButton(
                    f"{side} ({'first' if side == 'X' else 'second'})", value=side == settings.human, id=f"side-{side}"
                )
                for side in ("X", "O")
            ]
            yield row("You play", RadioSet(*sides, id="play-side", compact=True))
            algorithms = [(name, name) for name in ALGORITHMS]
            yield row(
                "Algorithm",
                Select(algorithms, value=settings.algorithm, allow_blank=False, id="play-algorithm", compact=True),
            )
            evaluators = [(name, name) for name in EVALUATORS]
            yield row(
                "Evaluator",
                Select(evaluators, value=settings.evaluator, allow_blank=False, id="play-evaluator", compact=True),
            )
            depth = "" if settings.depth is None else str(settings.depth)
            yield row("Depth", Input(depth, id="play-depth", placeholder="blank: auto", compact=True))
            yield Static("", id="play-error", markup=False)
            yield Static("", id="play-summary", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.check_form()

    def check_form(self) -> PlayChoice | None:
        """The choice on screen; shows the message and disables OK if it is not valid."""
        side = self.query_one("#play-side", RadioSet).pressed_button
        game_class = GAMES[self.query_one("#play-game", Select).value][1]
        evaluator = self.query_one("#play-evaluator", Select).value
        try:
            settings = PlaySettings(
                human=side.id.removeprefix("side-") if side else self.start.human,
                algorithm=self.query_one("#play-algorithm", Select).value,
                depth=parse_depth(self.query_one("#play-depth", Input).value),
                evaluator=evaluator,
            ).checked()
            choice, message = PlayChoice(settings, None if game_class is None else game_class()), ""
        except VisualizerError as error:
            choice, message = None, str(error)
        self.message = message
        self.query_one("#play-error", Static).update(message)
        self.query_one("#play-summary", Static).update(f"{evaluator}: {EVALUATORS[evaluator].description}")
        self.query_one("#ok", Button).disabled = choice is None
        return choice

    @on(Select.Changed, "#play-game")
    def _game_changed(self, event: Select.Changed) -> None:
        game_class = GAMES[event.value][1]
        if game_class is not None:  # a new kind of game starts with that game's own evaluator
            self.query_one("#play-evaluator", Select).value = game_class.default_evaluator
        self.check_form()

    @on(Select.Changed, "#play-algorithm")
    @on(Select.Changed, "#play-evaluator")
    @on(Input.Changed)
    @on(RadioSet.Changed)
    def _field_changed(self) -> None:
        self.check_form()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def action_accept(self) -> None:
        """Dismisses with the choice if the form is valid (else the message stays on screen)."""
        choice = self.check_form()
        if choice is not None:
            self.dismiss(choice)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Dismisses with None."""
        self.dismiss(None)
