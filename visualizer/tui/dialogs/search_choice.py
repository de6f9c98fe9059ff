"""Provides `SearchChoiceDialog`: asks for one or more searches, each an algorithm with options ("alphabeta+tt"):
the search on screen (o) or the two to compare (M)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from visualizer.errors import InputError
from visualizer.search.registry import Configuration, parse_configuration

__all__ = ["SearchChoiceDialog"]


class SearchChoiceDialog(ModalScreen[tuple[Configuration, ...] | None]):
    """One field per search, each written as `visualizer compare -A` takes it, checked as the user types.

    Dismisses with the configurations, in the fields' order, on Enter or OK; with None on Escape or Cancel.
    """

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, texts: dict[str, str], *, title: str) -> None:
        """Opens with one field per entry of `texts`, {label: search}, e.g. {"Left": "minimax",
        "Right": "alphabeta+tt"}; each field's id is the label in lower case plus "-search"."""
        super().__init__()
        self.start = dict(texts)
        """The labels and the searches the dialog opens with."""
        self.title_text = title
        """The dialog's title."""
        self.message = ""
        """The inline error on screen ("" while both fields are valid)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="search-choice", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            for label, text in self.start.items():
                yield Horizontal(
                    Label(label, classes="form-label"),
                    Input(
                        text,
                        id=f"{label.lower()}-search",
                        placeholder="e.g. alphabeta+fail-hard+window=-5:5",
                        compact=True,
                    ),
                    classes="form-row",
                )
            yield Static(
                "algorithm+option+option=value; options: fail-hard, tt, window=LO:HI, bounds=LO:HI, "
                "iterations=N, seed=S, exploration=C",
                classes="dialog-hint",
                markup=False,
            )
            yield Static("", id="search-error", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def check(self) -> tuple[Configuration, ...] | None:
        """The searches in the fields; shows the first problem and disables OK if there is one."""
        try:
            choice = tuple(
                parse_configuration(self.query_one(f"#{label.lower()}-search", Input).value) for label in self.start
            )
            message = ""
        except InputError as error:
            choice, message = None, str(error)
        self.message = message
        self.query_one("#search-error", Static).update(message)
        self.query_one("#ok", Button).disabled = choice is None
        return choice

    @on(Input.Changed)
    def _changed(self) -> None:
        self.check()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def action_accept(self) -> None:
        """Dismisses with the searches if every field is valid (else the message stays on screen)."""
        choice = self.check()
        if choice is not None:
            self.dismiss(choice)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Dismisses with None."""
        self.dismiss(None)
