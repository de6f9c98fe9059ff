"""Provides `NewTreeDialog`: a form for a new tree source, checked by the library as the user types."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, ContentSwitcher, Input, RadioButton, RadioSet, Select, Static

from visualizer.errors import VisualizerError
from visualizer.games import ORDERS, Game, GameOption
from visualizer.games.random_tree import fresh_seed
from visualizer.tui.dialogs.board_editor import BoardEditor
from visualizer.tui.dialogs.form_rows import choice, row
from visualizer.tui.dialogs.option_field import OptionField
from visualizer.tui.dialogs.tree_form import PRESETS, TreeForm, form_kinds

__all__ = ["NewTreeDialog"]

ORDER = GameOption("--order", "the order children are tried in", choices=ORDERS, label="Move order")
ORDER_SEED = GameOption(
    "--order-seed", "the seed of a random order", label="Order seed", hint="blank: a new random seed"
)
"""The move order's fields, shown as the kinds' are (the seed only while the order is random)."""


class NewTreeDialog(ModalScreen[Game | None]):
    """Chooses a tree source (any kind the game registry holds that builds from its options, each with a
    panel of its fields, or a preset) and its move order.

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
        self.fresh_seed = fresh_seed()
        """The seed of a random tree or move order while its seed is blank (drawn once, so the summary holds)."""
        self.game: Game | None = None
        """The game the form describes, None while it is invalid."""
        self.message = ""
        """The inline error on screen ("" while the form is valid)."""

    def compose(self) -> ComposeResult:
        form = self.start
        with Vertical(id="new-tree-dialog", classes="dialog"):
            yield Static("New tree", classes="dialog-title")
            kinds = [(kind.label, kind.name) for kind in form_kinds()]
            yield row("Source", Select(kinds, value=form.kind, allow_blank=False, id="source", compact=True))
            presets = [(label, key) for key, (label, _) in PRESETS.items()]
            yield row("Preset", Select(presets, prompt="load a preset...", id="preset", compact=True))
            with ContentSwitcher(initial=f"{form.kind}-panel", id="source-panels"):
                for kind in form_kinds():
                    shown = form.fields if kind.name == form.kind else {}
                    with Vertical(id=f"{kind.name}-panel", classes="source-panel"):
                        for option in kind.options:
                            if option.label:
                                yield OptionField(kind.name, option, shown.get(option.name, ""))
            yield OptionField("move", ORDER, form.order)
            yield OptionField("move", ORDER_SEED, form.order_seed)
            yield row("Root", choice("root", ("max", "min"), form.root))
            yield Static("", id="form-error", markup=False)
            yield Static("", id="form-summary", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#move-order-seed-row").display = self.start.order == "random"
        self.check_form()
        inputs = [widget for widget in self.query_one(f"#{self.start.kind}-panel").query("*") if widget.focusable]
        if inputs:
            inputs[0].focus()

    # -- the form ------------------------------------------------------------
    def _fields(self, kind: str) -> list[OptionField]:
        return list(self.query_one(f"#{kind}-panel").query(OptionField))

    def read_form(self) -> TreeForm:
        """The fields as they are on screen."""
        kind = str(self.query_one("#source", Select).value)
        root = self.query_one("#root", RadioSet).pressed_button
        order, seed = (str(self.query_one(f"#move-{name}-row", OptionField).value) for name in ("order", "order-seed"))
        fields = {field.option.name: field.value for field in self._fields(kind)}
        return TreeForm(kind, fields, root.id.removeprefix("root-") if root and root.id else "max", order, seed)

    def fill(self, form: TreeForm) -> None:
        """Shows `form` (the checks follow through the widgets' Changed messages)."""
        self.query_one("#source", Select).value = form.kind
        for field in self._fields(form.kind):
            field.value = form.fields.get(field.option.name, "")
        self.query_one(f"#root-{form.root}", RadioButton).value = True
        self.query_one("#move-order-row", OptionField).value = form.order
        self.query_one("#move-order-seed-row", OptionField).value = form.order_seed
        self.query_one("#move-order-seed-row").display = form.order == "random"  # the radio buttons catch up later

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

    @on(RadioSet.Changed, "#move-order")
    def _order_changed(self, event: RadioSet.Changed) -> None:
        self.query_one("#move-order-seed-row").display = event.pressed.id == "move-order-random"

    @on(Input.Changed)
    @on(BoardEditor.Changed)
    @on(RadioSet.Changed)
    @on(Select.Changed, ".menu")
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
