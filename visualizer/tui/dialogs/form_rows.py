"""Provides the New-tree form's building blocks: labelled rows, radio choices and a tick box."""

from __future__ import annotations

from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Checkbox, Label, RadioButton, RadioSet

__all__ = ["ChoiceButton", "TickBox", "choice", "row"]


def row(label: str, *widgets: Widget, id: str | None = None) -> Horizontal:  # noqa: A002 (Textual's name)
    """`widgets` after a label in the form's label column."""
    return Horizontal(Label(label, classes="form-label"), *widgets, id=id, classes="form-row")


class ChoiceButton(RadioButton):
    """A radio button whose dot shows only when it is chosen, so the choice does not rest on colour."""

    @property
    def BUTTON_INNER(self) -> str:  # noqa: N802 (Textual's name)
        return "●" if self.value else " "


class TickBox(Checkbox):
    """A checkbox whose tick shows only when it is on, so the setting does not rest on colour."""

    @property
    def BUTTON_INNER(self) -> str:  # noqa: N802 (Textual's name)
        return "✓" if self.value else " "


def choice(name: str, options: tuple[str, ...], chosen: str) -> RadioSet:
    """A row of radio buttons with ids `{name}-{option}` (the root's options in capitals)."""
    buttons = [
        ChoiceButton(option.upper() if name == "root" else option, value=option == chosen, id=f"{name}-{option}")
        for option in options
    ]
    return RadioSet(*buttons, id=name, compact=True)
