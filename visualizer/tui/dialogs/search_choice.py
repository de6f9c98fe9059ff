"""Provides `SearchChoiceDialog`: asks for one or more searches, each an algorithm with options ("alphabeta+tt"):
the search on screen (o) or the two to compare (M)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from visualizer.search.registry import Configuration, parse_configuration
from visualizer.tui.dialogs.form_rows import FormDialog, dialog_buttons, row

__all__ = ["SearchChoiceDialog"]


class SearchChoiceDialog(FormDialog[tuple[Configuration, ...]]):
    """One field per search, each written as `visualizer compare -A` takes it; the choice is in the fields' order."""

    ERROR = "#search-error"

    def __init__(self, texts: dict[str, str], *, title: str) -> None:
        """Opens with one field per entry of `texts`, {label: search}, e.g. {"Left": "minimax",
        "Right": "alphabeta+tt"}; each field's id is the label in lower case plus "-search"."""
        super().__init__()
        self.start = dict(texts)
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(id="search-choice", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            hint = "e.g. alphabeta+fail-hard+window=-5:5"
            for label, text in self.start.items():
                yield row(label, Input(text, id=f"{label.lower()}-search", placeholder=hint, compact=True))
            yield Static(
                "algorithm+option+option=value; options: fail-hard, tt, window=LO:HI, bounds=LO:HI, "
                "iterations=N, seed=S, exploration=C",
                classes="dialog-hint",
                markup=False,
            )
            yield Static("", id="search-error", markup=False)
            yield dialog_buttons()

    def choose(self) -> tuple[Configuration, ...]:
        return tuple(
            parse_configuration(self.query_one(f"#{label.lower()}-search", Input).value) for label in self.start
        )

    @on(Input.Changed)
    def _changed(self) -> None:
        self.check()
