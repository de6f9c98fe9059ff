"""Provides `NewTreeDialog`: a form for a new tree source, checked by the library as the user types."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Checkbox, ContentSwitcher, Input, RadioButton, RadioSet, Select, Static

from visualizer.games import ORDERS, Game, GameOption
from visualizer.games.random_tree import fresh_seed
from visualizer.tui.dialogs.board_editor import BoardEditor
from visualizer.tui.dialogs.form_rows import FormDialog, choice, dialog_buttons, row
from visualizer.tui.dialogs.option_field import OptionField
from visualizer.tui.dialogs.tree_form import PRESETS, TreeForm, form_kinds

__all__ = ["NewTreeDialog"]

ORDER = GameOption("--order", "the order children are tried in", choices=ORDERS, label="Move order")
ORDER_SEED = GameOption(
    "--order-seed", "the seed of a random order", label="Order seed", hint="blank: a new random seed"
)
"""The move order's fields, shown as the kinds' are (the seed only while the order is random)."""


class NewTreeDialog(FormDialog[Game]):
    """Chooses a tree source (any kind the game registry holds that builds from its options, each with a
    panel of its fields, or a preset) and its move order; every change rebuilds the game through the library.
    """

    AUTO_FOCUS = ""

    def __init__(self, game: Game | None = None) -> None:
        """Opens the form on `game`'s source (the 15-node example when None)."""
        super().__init__()
        self.start = TreeForm.from_game(game)
        self.fresh_seed = fresh_seed()
        """The seed of a random tree or move order while its seed is blank (drawn once, so the summary holds)."""
        self.game: Game | None = None  # the game the form describes, None while it is invalid

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
            yield dialog_buttons()

    def on_mount(self) -> None:
        self.query_one("#move-order-seed-row").display = self.start.order == "random"
        self.check()
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

    def choose(self) -> Game:
        return self.read_form().build(fresh_seed=self.fresh_seed)

    def check(self) -> Game | None:
        """Builds the game the form describes and says what it is (or why it cannot be built)."""
        self.game = super().check()
        self.query_one("#form-summary", Static).update("" if self.game is None else self.game.describe())
        return self.game

    # -- events --------------------------------------------------------------
    @on(Select.Changed, "#source")
    def _source_changed(self, event: Select.Changed) -> None:
        self.query_one(ContentSwitcher).current = f"{event.value}-panel"
        self.check()

    @on(Select.Changed, "#preset")
    def _preset_chosen(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str):  # cleared
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
        self.check()
