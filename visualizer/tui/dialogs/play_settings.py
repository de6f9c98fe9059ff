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
from visualizer.games import EVALUATORS, GameKind, GridGame, game_kinds
from visualizer.match import PlaySettings
from visualizer.search import ALGORITHMS
from visualizer.tui.dialogs.depth import parse_depth
from visualizer.tui.dialogs.form_rows import ChoiceButton, row

__all__ = ["PlayChoice", "PlaySettingsDialog"]


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
        self.games: dict[str, GameKind | None] = {"same": None}
        """The Game selector's keys: the kinds the registry can play (each starts anew with its defaults),
        and "same" (None) to keep playing."""
        self.games.update((kind.name, kind) for kind in game_kinds() if kind.is_playable)
        self.message = ""
        """The inline error on screen ("" while the form is valid)."""

    def compose(self) -> ComposeResult:
        settings = self.start
        with Vertical(id="play-settings-dialog", classes="dialog"):
            yield Static("Play settings", classes="dialog-title")
            games = [
                ("keep this game" if kind is None else f"new {kind.label}", key) for key, kind in self.games.items()
            ]
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
        kind = self.games[self.query_one("#play-game", Select).value]
        evaluator = self.query_one("#play-evaluator", Select).value
        try:
            settings = PlaySettings(
                human=side.id.removeprefix("side-") if side else self.start.human,
                algorithm=self.query_one("#play-algorithm", Select).value,
                depth=parse_depth(self.query_one("#play-depth", Input).value),
                evaluator=evaluator,
            ).checked()
            choice, message = PlayChoice(settings, None if kind is None else kind.build({})), ""
        except VisualizerError as error:
            choice, message = None, str(error)
        self.message = message
        self.query_one("#play-error", Static).update(message)
        self.query_one("#play-summary", Static).update(f"{evaluator}: {EVALUATORS[evaluator].description}")
        self.query_one("#ok", Button).disabled = choice is None
        return choice

    @on(Select.Changed, "#play-game")
    def _game_changed(self, event: Select.Changed) -> None:
        kind = self.games[event.value]
        if kind is not None:  # a new kind of game starts with that game's own evaluator
            self.query_one("#play-evaluator", Select).value = kind.build({}).evaluator
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
