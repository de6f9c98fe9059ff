"""Provides `NewTreeDialog`: a form for a new tree source, checked by the library as the user types; and
`OptionField`, one option of a kind of tree source as a row of the form, its input chosen by what the option is
(text, radio buttons, a list, a tick box or nine squares)."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import ContentSwitcher, Input, Label, RadioSet, Select, Static

from visualizer.games import ORDERS, Game, GameOption
from visualizer.games.random_tree import fresh_seed
from visualizer.games.registry import find_game_kind
from visualizer.tui.dialogs.board_editor import EMPTY, BoardEditor, format_board
from visualizer.tui.dialogs.form_rows import Choices, FormDialog, TickBox, dialog_buttons, menu, row
from visualizer.tui.dialogs.tree_form import PRESETS, TreeForm, form_kinds

__all__ = ["NewTreeDialog", "OptionField"]

ORDER = GameOption("--order", "the order children are tried in", choices=ORDERS, label="Move order")
ORDER_SEED = GameOption(
    "--order-seed", "the seed of a random order", label="Order seed", hint="blank: a new random seed"
)
"""The move order's fields, shown as the kinds' are (the seed only while the order is random)."""


class OptionField(Horizontal):
    """The label and input of one `GameOption` of a kind: nine squares (`squares`), a tick box (`switch`), a
    list with a line about the chosen item below it (`menu`), radio buttons (`choices`) or a text field
    whose placeholder is the option's hint. The owner hears the input's own Changed message.
    """

    def __init__(self, kind: str, option: GameOption, value: str | bool) -> None:
        """The field of `kind`'s `option`, showing `value` (text, or a tick box's True or False)."""
        self.ident = f"{kind}-{option.name.replace('_', '-')}"
        """The input's id: the kind and the option's name, e.g. "nim-max-take"."""
        super().__init__(id=f"{self.ident}-row", classes="form-row")
        self.option = option
        self._start = value

    def compose(self) -> ComposeResult:
        option, ident, value = self.option, self.ident, self._shown(self._start)
        yield Label(option.label, classes="form-label")
        if option.squares:
            yield BoardEditor(value, id=ident)
        elif option.switch:
            yield TickBox(option.hint, value, id=ident, compact=True)
        elif option.menu:
            select = menu([(name, name) for name, _ in option.menu], value, ident, classes="menu")
            hint = Static(dict(option.menu)[value], id=f"{ident}-hint", classes="form-hint", markup=False)
            yield Vertical(select, hint, classes="field-stack")
        elif option.choices:
            yield Choices(ident, {name: name for name in option.choices}, value)
        else:
            yield Input(value, id=ident, placeholder=option.hint, compact=True)

    def _shown(self, value: str | bool) -> Any:
        """What the input shows for `value`: a tick box's True or False, else the text (blank: the option's
        default where it has one)."""
        option = self.option
        if option.switch:
            return bool(value)
        text = "" if isinstance(value, bool) else value
        if option.squares:
            return text or format_board(EMPTY * 9)
        return (text or option.hint or option.choices[0]) if option.menu or option.choices else text

    @property
    def value(self) -> str | bool:
        """What the input holds: the text (a list's or radio buttons' choice), or whether the box is ticked."""
        return self.query_one(f"#{self.ident}").value  # type: ignore[attr-defined]  # every input has its value

    @value.setter
    def value(self, value: str | bool) -> None:
        self.query_one(f"#{self.ident}").value = self._shown(value)  # type: ignore[attr-defined]

    @on(Select.Changed, ".menu")
    def _menu_changed(self, event: Select.Changed) -> None:
        self.query_one(f"#{self.ident}-hint", Static).update(dict(self.option.menu)[str(event.value)])


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
            yield row("Source", menu(kinds, form.kind, "source"))
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
            yield row("Root", Choices("root", {"max": "MAX", "min": "MIN"}, form.root), id="root-row")
            yield Static("", id="form-error", markup=False)
            yield Static("", id="form-summary", markup=False)
            yield dialog_buttons()

    def on_mount(self) -> None:
        self.query_one("#move-order-seed-row").display = self.start.order == "random"
        self._show_root(self.start.kind)
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
        root = self.query_one("#root", Choices).value
        order, seed = (str(self.query_one(f"#move-{name}-row", OptionField).value) for name in ("order", "order-seed"))
        fields = {field.option.name: field.value for field in self._fields(kind)}
        return TreeForm(kind, fields, root, order, seed)

    def fill(self, form: TreeForm) -> None:
        """Shows `form` (the checks follow through the widgets' Changed messages)."""
        self.query_one("#source", Select).value = form.kind
        for field in self._fields(form.kind):
            field.value = form.fields.get(field.option.name, "")
        self.query_one("#root", Choices).value = form.root
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
        """Shows the source's panel, and the Root choice unless its root is fixed (a CS188 test's Pacman)."""
        self.query_one(ContentSwitcher).current = f"{event.value}-panel"
        self._show_root(event.value)

    def _show_root(self, source: object) -> None:
        kind = find_game_kind(source)
        self.query_one("#root-row").display = kind is None or kind.fixed_root is None

    @on(Select.Changed, "#preset")
    def _preset_chosen(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str):  # cleared
            return
        self.fill(PRESETS[event.value][1])
        event.select.clear()

    @on(RadioSet.Changed, "#move-order")
    def _order_changed(self, event: RadioSet.Changed) -> None:
        self.query_one("#move-order-seed-row").display = event.pressed.id == "move-order-random"
