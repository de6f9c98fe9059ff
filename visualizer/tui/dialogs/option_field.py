"""Provides `OptionField`: one option of a kind of tree source as a row of the New-tree form, its input chosen by
what the option is (text, radio buttons, a list, a tick box or nine squares)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, RadioButton, RadioSet, Select, Static

from visualizer.games import GameOption
from visualizer.tui.dialogs.board_editor import EMPTY, BoardEditor, format_board
from visualizer.tui.dialogs.form_rows import TickBox, choice

__all__ = ["OptionField"]


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
        option, ident = self.option, self.ident
        text = "" if isinstance(self._start, bool) else self._start
        yield Label(option.label, classes="form-label")
        if option.squares:
            yield BoardEditor(text or EMPTY * 9, id=ident)
        elif option.switch:
            yield TickBox(option.hint, bool(self._start), id=ident, compact=True)
        elif option.menu:
            chosen = text or option.hint
            items = [(name, name) for name, _ in option.menu]
            select = Select(items, value=chosen, allow_blank=False, id=ident, compact=True, classes="menu")
            hint = Static(dict(option.menu)[chosen], id=f"{ident}-hint", classes="form-hint", markup=False)
            yield Vertical(select, hint, classes="field-stack")
        elif option.choices:
            yield choice(ident, option.choices, text or option.hint or option.choices[0])
        else:
            yield Input(text, id=ident, placeholder=option.hint, compact=True)

    @property
    def value(self) -> str | bool:
        """What the input holds: the text (a list's or radio buttons' choice), or whether the box is ticked."""
        option, ident = self.option, f"#{self.ident}"
        if option.squares:
            return self.query_one(ident, BoardEditor).text
        if option.switch:
            return self.query_one(ident, TickBox).value
        if option.menu:
            return str(self.query_one(ident, Select).value)
        if option.choices:
            pressed = self.query_one(ident, RadioSet).pressed_button
            return pressed.id.removeprefix(f"{self.ident}-") if pressed and pressed.id else option.choices[0]
        return self.query_one(ident, Input).value

    @value.setter
    def value(self, value: str | bool) -> None:
        option, ident = self.option, f"#{self.ident}"
        if option.switch:
            self.query_one(ident, TickBox).value = bool(value)
            return
        text = "" if isinstance(value, bool) else value
        if option.squares:
            self.query_one(ident, BoardEditor).text = text or format_board(EMPTY * 9)
        elif option.menu:
            self.query_one(ident, Select).value = text or option.hint
        elif option.choices:
            self.query_one(f"{ident}-{text or option.hint or option.choices[0]}", RadioButton).value = True
        else:
            self.query_one(ident, Input).value = text

    @on(Select.Changed, ".menu")
    def _menu_changed(self, event: Select.Changed) -> None:
        self.query_one(f"#{self.ident}-hint", Static).update(dict(self.option.menu)[str(event.value)])
