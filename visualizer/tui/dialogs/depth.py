"""Provides `DepthDialog` and `DepthChoice`: asks for the look-ahead (blank for full depth)."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from visualizer.errors import InputError

__all__ = ["DepthChoice", "DepthDialog", "parse_depth"]


@dataclass(frozen=True)
class DepthChoice:
    """The look-ahead the user accepted.

    Attributes:
        depth: plies to search below the root; None searches to the end of the tree.
    """

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


class DepthDialog(ModalScreen[DepthChoice | None]):
    """One field for the look-ahead, checked as the user types.

    Dismisses with a `DepthChoice` on Enter or OK, with None on Escape or Cancel.
    """

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, depth: int | None = None) -> None:
        """Opens with `depth` filled in (blank for None)."""
        super().__init__()
        self.start = depth
        """The look-ahead the dialog opens with."""
        self.message = ""
        """The inline error on screen ("" while the field is valid)."""

    def compose(self) -> ComposeResult:
        value = "" if self.start is None else str(self.start)
        with Vertical(id="depth-dialog", classes="dialog"):
            yield Static("Search depth", classes="dialog-title")
            yield Horizontal(
                Label("Look-ahead", classes="form-label"),
                Input(
                    value,
                    id="depth-input",
                    placeholder="blank: full depth (5 on big connect-four boards)",
                    compact=True,
                ),
                classes="form-row",
            )
            yield Static("", id="depth-error", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("OK", id="ok", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def check_depth(self) -> DepthChoice | None:
        """The choice in the field; shows the message and disables OK if it is not one."""
        try:
            choice, message = DepthChoice(parse_depth(self.query_one("#depth-input", Input).value)), ""
        except InputError as error:
            choice, message = None, str(error)
        self.message = message
        self.query_one("#depth-error", Static).update(message)
        self.query_one("#ok", Button).disabled = choice is None
        return choice

    @on(Input.Changed, "#depth-input")
    def _depth_changed(self) -> None:
        self.check_depth()

    @on(Input.Submitted, "#depth-input")
    @on(Button.Pressed, "#ok")
    def action_accept(self) -> None:
        """Dismisses with the choice if the field is valid (else the message stays on screen)."""
        choice = self.check_depth()
        if choice is not None:
            self.dismiss(choice)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Dismisses with None."""
        self.dismiss(None)
