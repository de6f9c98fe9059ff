"""Provides the dialogs' building blocks: `FormDialog` (checked as the user types), labelled rows, radio
choices and a tick box."""

from __future__ import annotations

from typing import Generic, TypeVar

from textual import on
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Select, Static

from visualizer.errors import VisualizerError
from visualizer.tui.dialogs.board_editor import BoardEditor

__all__ = ["ChoiceButton", "Choices", "FormDialog", "TickBox", "dialog_buttons", "menu", "row"]

Choice = TypeVar("Choice")


class FormDialog(ModalScreen[Choice | None], Generic[Choice]):
    """A form checked as the user types (any field's Changed): while `choose` fails its message is shown inline
    (in "#form-error") and OK is disabled.

    Dismisses with the choice on Enter or OK (if the form is valid), with None on Escape or Cancel.
    """

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    message = ""  # the inline error on screen ("" while the form is valid)

    def choose(self) -> Choice:
        """The choice the form describes, or a `VisualizerError` saying what is wrong."""
        raise NotImplementedError

    def check(self) -> Choice | None:
        """The choice on screen; shows the message and disables OK if there is none."""
        try:
            choice, message = self.choose(), ""
        except VisualizerError as error:
            choice, message = None, str(error)
        self.message = message
        self.query_one("#form-error", Static).update(message)
        self.query_one("#ok", Button).disabled = choice is None
        return choice

    @on(Input.Changed)
    @on(Select.Changed)
    @on(RadioSet.Changed)
    @on(Checkbox.Changed)
    @on(BoardEditor.Changed)
    def _field_changed(self) -> None:
        self.check()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def action_accept(self) -> None:
        """Dismisses with the choice if the form is valid (else the message stays on screen)."""
        choice = self.check()
        if choice is not None:
            self.dismiss(choice)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Dismisses with None."""
        self.dismiss(None)


def dialog_buttons() -> Horizontal:
    """OK and Cancel."""
    ok = Button("OK", id="ok", variant="primary", compact=True)
    return Horizontal(ok, Button("Cancel", id="cancel", compact=True), classes="dialog-buttons")


def row(label: str, *widgets: Widget, id: str | None = None) -> Horizontal:  # noqa: A002 (Textual's name)
    """`widgets` after a label in the form's label column."""
    return Horizontal(Label(label, classes="form-label"), *widgets, id=id, classes="form-row")


class ChoiceButton(RadioButton):
    """A radio button whose dot shows only when it is chosen, so the choice does not rest on colour."""

    def render(self) -> Content:
        self.BUTTON_INNER = "●" if self.value else " "
        return super().render()


class TickBox(Checkbox):
    """A checkbox whose tick shows only when it is on, so the setting does not rest on colour."""

    def render(self) -> Content:
        self.BUTTON_INNER = "✓" if self.value else " "
        return super().render()


def menu(options: list[tuple[str, str]], value: str, id: str, classes: str | None = None) -> Select[str]:  # noqa: A002
    """A compact `Select` of (label, value) `options` without a blank, holding `value`."""
    return Select(options, value=value, allow_blank=False, id=id, classes=classes, compact=True)


class Choices(RadioSet):
    """A row of radio buttons, one per option, with ids `{prefix}-{option}`; `value` is the option chosen."""

    def __init__(self, prefix: str, options: dict[str, str], chosen: str, *, id: str | None = None) -> None:  # noqa: A002
        """`options` maps each option to its button's label; the set's id is `id`, or else `prefix`."""
        buttons = [
            ChoiceButton(label, value=option == chosen, id=f"{prefix}-{option}") for option, label in options.items()
        ]
        super().__init__(*buttons, id=id or prefix, compact=True)
        self.prefix, self.options = prefix, options

    @property
    def value(self) -> str:
        """The option chosen (the first one while none is)."""
        pressed = self.pressed_button
        return pressed.id.removeprefix(f"{self.prefix}-") if pressed and pressed.id else next(iter(self.options))

    @value.setter
    def value(self, option: str) -> None:
        self.query_one(f"#{self.prefix}-{option}", RadioButton).value = True
