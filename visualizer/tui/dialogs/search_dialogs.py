"""Provides the search's dialogs: `DepthDialog` (the look-ahead, blank for full depth, as a `DepthChoice`) and
`SearchChoiceDialog` (one or more searches, each an algorithm with options, "alphabeta+tt": the search on screen
(o) or the two to compare (M))."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from visualizer.errors import InputError
from visualizer.search.registry import Configuration, parse_configuration
from visualizer.tui.dialogs.form_rows import FormDialog, dialog_buttons, row

__all__ = ["DepthChoice", "DepthDialog", "SearchChoiceDialog", "parse_depth"]


@dataclass(frozen=True)
class DepthChoice:
    """The look-ahead the user accepted: plies below the root (None: to the end of the tree)."""

    depth: int | None


def parse_depth(text: str) -> int | None:
    """'3' to 3, blank to None (full depth), or an InputError for anything else."""
    text = text.strip()
    if not text:
        return None
    try:
        depth = int(text)
    except ValueError:
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise InputError(
            f"the look-ahead is {shown!r}, not a whole number; give e.g. 3, or leave it blank for full depth"
        ) from None
    if depth < 0:
        raise InputError(f"the look-ahead is {depth}; it must be 0 or more (0 evaluates the root)")
    return depth


class DepthDialog(FormDialog[DepthChoice]):
    """One field for the look-ahead, checked as the user types."""

    def __init__(self, depth: int | None = None) -> None:
        """Opens with `depth` filled in (blank for None)."""
        super().__init__()
        self.start = depth

    def compose(self) -> ComposeResult:
        value = "" if self.start is None else str(self.start)
        with Vertical(id="depth-dialog", classes="dialog"):
            yield Static("Search depth", classes="dialog-title")
            hint = "blank: full depth (5 on big connect-four boards)"
            yield row("Look-ahead", Input(value, id="depth-input", placeholder=hint, compact=True))
            yield Static("", id="form-error", markup=False)
            yield dialog_buttons()

    def choose(self) -> DepthChoice:
        return DepthChoice(parse_depth(self.query_one("#depth-input", Input).value))


class SearchChoiceDialog(FormDialog[tuple[Configuration, ...]]):
    """One field per search, each written as `visualizer compare -A` takes it; the choice is in the fields' order."""

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
            yield Static("", id="form-error", markup=False)
            yield dialog_buttons()

    def choose(self) -> tuple[Configuration, ...]:
        return tuple(
            parse_configuration(self.query_one(f"#{label.lower()}-search", Input).value) for label in self.start
        )
