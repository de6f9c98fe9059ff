"""Provides `CompareDialog`: asks which two searches to compare, each an algorithm with options ("alphabeta+tt")."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from visualizer.errors import InputError
from visualizer.search.configuration import Configuration, parse_configuration

__all__ = ["CompareDialog"]

SIDES = ("left", "right")
"""The two fields, in order."""


class CompareDialog(ModalScreen[tuple[Configuration, Configuration] | None]):
    """Two fields, each a search written as `visualizer compare -A` takes it, checked as the user types.

    Dismisses with the two configurations on Enter or OK, with None on Escape or Cancel.
    """

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, left: str, right: str) -> None:
        """Opens with `left` and `right` filled in, e.g. "minimax" and "alphabeta+tt"."""
        super().__init__()
        self.start = (left, right)
        """The searches the dialog opens with."""
        self.message = ""
        """The inline error on screen ("" while both fields are valid)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="compare-dialog", classes="dialog"):
            yield Static("Compare two searches", classes="dialog-title")
            for side, text in zip(SIDES, self.start):
                yield Horizontal(
                    Label(side.capitalize(), classes="form-label"),
                    Input(text, id=f"{side}-search", placeholder="e.g. alphabeta+fail-hard+window=-5:5", compact=True),
                    classes="form-row",
                )
            yield Static("algorithm+option+option=value; options: fail-hard, tt, window=LO:HI, bounds=LO:HI, "
                         "iterations=N, seed=S, exploration=C", classes="dialog-hint", markup=False)
            yield Static("", id="compare-error", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def check(self) -> tuple[Configuration, Configuration] | None:
        """The two searches in the fields; shows the first problem and disables OK if there is one."""
        try:
            choice = tuple(parse_configuration(self.query_one(f"#{side}-search", Input).value) for side in SIDES)
            message = ""
        except InputError as error:
            choice, message = None, str(error)
        self.message = message
        self.query_one("#compare-error", Static).update(message)
        self.query_one("#ok", Button).disabled = choice is None
        return choice  # type: ignore[return-value]

    @on(Input.Changed)
    def _changed(self) -> None:
        self.check()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def action_accept(self) -> None:
        """Dismisses with the two searches if both fields are valid (else the message stays on screen)."""
        choice = self.check()
        if choice is not None:
            self.dismiss(choice)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Dismisses with None."""
        self.dismiss(None)
