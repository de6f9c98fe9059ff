"""Provides `NewTreeDialog`: a form for a new tree source, checked by the library as the user types."""

from __future__ import annotations

import random

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, ContentSwitcher, Input, Label, RadioButton, RadioSet, Select, Static

from visualizer.errors import VisualizerError
from visualizer.games import Game, GridGame, find_game_kind
from visualizer.tui.dialogs.board_editor import BoardEditor, format_board
from visualizer.tui.dialogs.board_options import GridSettings, MoveOrder
from visualizer.tui.dialogs.form_rows import ChoiceButton, choice, row  # noqa: F401 (ChoiceButton re-exported)
from visualizer.tui.dialogs.tree_form import FORM_KINDS, KINDS, PRESETS, TreeForm

__all__ = ["NewTreeDialog"]

INPUT_IDS = {
    "array": "array-input",
    "branching": "branching-input",
    "nested": "nested-input",
    "leaves": "random-leaves",
    "random_branching": "random-branching",
    "value_range": "random-range",
    "seed": "random-seed",
    "rows": "connect4-rows",
    "cols": "connect4-cols",
    "connect": "connect4-connect",
    "connect4_board": "connect4-board",
    "pile": "nim-pile",
    "max_take": "nim-max-take",
}
"""The id of the Input that holds each text field of `TreeForm`."""

FIRST_FIELD = {
    "array": "#array-input",
    "nested": "#nested-input",
    "random": "#random-leaves",
    "tictactoe": "#square-0",
    "connect4": "#connect4-rows",
    "nim": "#nim-pile",
}
"""What takes the focus when the dialog opens on each kind of source."""

GRID_GAMES = {
    kind: find_game_kind(kind).game_class
    for kind in FORM_KINDS
    if issubclass(find_game_kind(kind).game_class, GridGame)
}
"""The board-game sources (tic-tac-toe, connect four), which have an evaluator and a symmetry setting of their own."""


def _field(field: str, form: TreeForm, placeholder: str, classes: str = "") -> Input:
    return Input(getattr(form, field), id=INPUT_IDS[field], placeholder=placeholder, compact=True, classes=classes)


def _grid_settings(kind: str, form: TreeForm) -> GridSettings:
    """The evaluator and symmetry of board game `kind`: the form's if it is that game, else the defaults."""
    mine = form.kind == kind
    evaluator = form.evaluator if mine and form.evaluator else GRID_GAMES[kind].default_evaluator
    return GridSettings(kind, evaluator=evaluator, symmetry=mine and form.symmetry)


class NewTreeDialog(ModalScreen[Game | None]):
    """Chooses a tree source (array, nested list, random, tic-tac-toe, connect four or NIM, or a
    preset) and its move order.

    Every change rebuilds the game through the library; while that fails, its message is shown
    inline and OK is disabled. Dismisses with the game on OK, with None on Escape or Cancel.
    """

    CSS_PATH = "dialogs.tcss"
    AUTO_FOCUS = ""
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, game: Game | None = None) -> None:
        """Opens the form on `game`'s source (the 15-node example when None)."""
        super().__init__()
        self.start = TreeForm.from_game(game)
        """The fields the dialog opens with."""
        self.fresh_seed = random.SystemRandom().randrange(1_000_000)
        """The seed of a random tree or move order while its seed is blank (drawn once, so the summary holds)."""
        self.game: Game | None = None
        """The game the form describes, None while it is invalid."""
        self.message = ""
        """The inline error on screen ("" while the form is valid)."""

    def compose(self) -> ComposeResult:
        form = self.start
        with Vertical(id="new-tree-dialog", classes="dialog"):
            yield Static("New tree", classes="dialog-title")
            yield row("Source", Select(KINDS, value=form.kind, allow_blank=False, id="source", compact=True))
            presets = [(label, key) for key, (label, _) in PRESETS.items()]
            yield row("Preset", Select(presets, prompt="load a preset...", id="preset", compact=True))
            with ContentSwitcher(initial=f"{form.kind}-panel", id="source-panels"):
                with Vertical(id="array-panel", classes="source-panel"):
                    yield row("Values", _field("array", form, "level order, e.g. 1,3,5,5,3,1,2"))
                    yield row("Branching", _field("branching", form, "2"))
                with Vertical(id="nested-panel", classes="source-panel"):
                    yield row("Nested list", _field("nested", form, "[[3,12,8],[2,4,6],[14,5,2]]"))
                with Vertical(id="random-panel", classes="source-panel"):
                    yield row("Leaves", _field("leaves", form, "8"))
                    yield row("Branching", _field("random_branching", form, "2"))
                    yield row("Range", _field("value_range", form, "LO:HI, e.g. -10:10"))
                    yield row("Seed", _field("seed", form, "blank: a new random seed"))
                with Vertical(id="tictactoe-panel", classes="source-panel"):
                    yield row("Board", BoardEditor(form.board, id="board-editor"))
                    yield _grid_settings("tictactoe", form)
                with Vertical(id="connect4-panel", classes="source-panel"):
                    yield row(
                        "Board size",
                        _field("rows", form, "6", "number-input"),
                        Label("rows x", classes="inline-label"),
                        _field("cols", form, "7", "number-input"),
                        Label("columns, connect", classes="inline-label"),
                        _field("connect", form, "4", "number-input"),
                    )
                    yield row("Board", _field("connect4_board", form, "rows top to bottom split by /; blank: empty"))
                    yield _grid_settings("connect4", form)
                with Vertical(id="nim-panel", classes="source-panel"):
                    yield row("Pile", _field("pile", form, "6"))
                    yield row("Most to take", _field("max_take", form, "3"))
                    yield row("Rules", choice("nim-rules", ("misere", "normal"), form.rules))
            yield MoveOrder(order=form.order, seed=form.order_seed)
            yield row("Root", choice("root", ("max", "min"), form.root))
            yield Static("", id="form-error", markup=False)
            yield Static("", id="form-summary", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.check_form()
        self.query_one(FIRST_FIELD[self.start.kind]).focus()

    # -- the form ------------------------------------------------------------
    def read_form(self) -> TreeForm:
        """The fields as they are on screen."""
        texts = {field: self.query_one(f"#{input_id}", Input).value for field, input_id in INPUT_IDS.items()}
        rules = self.query_one("#nim-rules", RadioSet).pressed_button
        root = self.query_one("#root", RadioSet).pressed_button
        kind = self.query_one("#source", Select).value
        settings = self.query_one(f"#{kind}-settings", GridSettings) if kind in GRID_GAMES else None
        order = self.query_one(MoveOrder)
        return TreeForm(
            kind=kind,
            board=self.query_one(BoardEditor).text,
            evaluator=settings.evaluator if settings else "",
            symmetry=settings.symmetry if settings else False,
            rules=rules.id.removeprefix("nim-rules-") if rules else "misere",
            root=root.id.removeprefix("root-") if root else "max",
            order=order.order,
            order_seed=order.seed,
            **texts,
        )

    def fill(self, form: TreeForm) -> None:
        """Shows `form` (the checks follow through the widgets' Changed messages)."""
        self.query_one("#source", Select).value = form.kind
        for field, input_id in INPUT_IDS.items():
            self.query_one(f"#{input_id}", Input).value = getattr(form, field)
        self.query_one(BoardEditor).text = format_board(form.board)
        self.query_one(f"#nim-rules-{form.rules}", RadioButton).value = True
        self.query_one(f"#root-{form.root}", RadioButton).value = True
        if form.kind in GRID_GAMES:
            settings = self.query_one(f"#{form.kind}-settings", GridSettings)
            settings.evaluator = form.evaluator or GRID_GAMES[form.kind].default_evaluator
            settings.symmetry = form.symmetry
        order = self.query_one(MoveOrder)
        order.order, order.seed = form.order, form.order_seed

    def check_form(self) -> Game | None:
        """Builds the game the form describes; shows the library's message and disables OK if it fails."""
        try:
            game, message = self.read_form().build(fresh_seed=self.fresh_seed), ""
        except VisualizerError as error:
            game, message = None, str(error)
        self.game, self.message = game, message
        self.query_one("#form-error", Static).update(message)
        self.query_one("#form-summary", Static).update("" if game is None else game.describe())
        self.query_one("#ok", Button).disabled = game is None
        return game

    # -- events --------------------------------------------------------------
    @on(Select.Changed, "#source")
    def _source_changed(self, event: Select.Changed) -> None:
        self.query_one(ContentSwitcher).current = f"{event.value}-panel"
        self.check_form()

    @on(Select.Changed, "#preset")
    def _preset_chosen(self, event: Select.Changed) -> None:
        if event.value is Select.NULL:
            return
        self.fill(PRESETS[event.value][1])
        event.select.clear()

    @on(Input.Changed)
    @on(BoardEditor.Changed)
    @on(RadioSet.Changed)
    @on(Select.Changed, ".evaluator")
    @on(Checkbox.Changed)
    def _field_changed(self) -> None:
        self.check_form()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def action_accept(self) -> None:
        """Dismisses with the game if the form is valid (else the message stays on screen)."""
        game = self.check_form()
        if game is not None:
            self.dismiss(game)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Dismisses with None."""
        self.dismiss(None)
