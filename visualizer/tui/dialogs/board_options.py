"""Provides the New-tree dialog's search settings: a board game's evaluator and symmetry, and the move order."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, RadioButton, RadioSet, Select, Static

from visualizer.games import EVALUATORS, ORDERS
from visualizer.tui.dialogs.form_rows import TickBox, choice, row

__all__ = ["GridSettings", "MoveOrder"]


class GridSettings(Vertical):
    """One board game's evaluator (a choice of `EVALUATORS`, its description below) and whether
    symmetric moves are merged. The owner hears the inner `Select.Changed` and `Checkbox.Changed`.
    """

    def __init__(self, kind: str, *, evaluator: str, symmetry: bool) -> None:
        """Settings for the game `kind` ("tictactoe" or "connect4"); the ids start with `kind`."""
        super().__init__(id=f"{kind}-settings", classes="grid-settings")
        self.kind = kind
        """The game these settings are for."""
        self._start = (evaluator, symmetry)

    def compose(self) -> ComposeResult:
        evaluator, symmetry = self._start
        options = [(name, name) for name in EVALUATORS]
        select = Select(
            options, value=evaluator, allow_blank=False, id=f"{self.kind}-eval", compact=True, classes="evaluator"
        )
        hint = Static(EVALUATORS[evaluator].description, id=f"{self.kind}-eval-hint", classes="form-hint", markup=False)
        yield row("Evaluator", Vertical(select, hint, classes="field-stack"))
        yield row("Symmetry", TickBox("merge symmetric moves", symmetry, id=f"{self.kind}-symmetry", compact=True))

    @property
    def evaluator(self) -> str:
        """The chosen evaluator's name."""
        return self.query_one(f"#{self.kind}-eval", Select).value

    @evaluator.setter
    def evaluator(self, name: str) -> None:
        self.query_one(f"#{self.kind}-eval", Select).value = name

    @property
    def symmetry(self) -> bool:
        """Whether moves to mirror-image positions are merged."""
        return self.query_one(f"#{self.kind}-symmetry", TickBox).value

    @symmetry.setter
    def symmetry(self, merged: bool) -> None:
        self.query_one(f"#{self.kind}-symmetry", TickBox).value = merged

    @on(Select.Changed, ".evaluator")
    def _evaluator_changed(self, event: Select.Changed) -> None:
        self.query_one(".form-hint", Static).update(EVALUATORS[event.value].description)


class MoveOrder(Vertical):
    """The order children are tried in (one of `ORDERS`), and the seed of a random order, shown only
    while random is chosen. The owner hears the inner `RadioSet.Changed` and `Input.Changed`.
    """

    def __init__(self, *, order: str, seed: str) -> None:
        super().__init__(id="move-order")
        self._start = (order, seed)

    def compose(self) -> ComposeResult:
        order, seed = self._start
        yield row("Move order", choice("order", ORDERS, order))
        seed_input = Input(seed, id="order-seed", placeholder="blank: a new random seed", compact=True)
        yield row("Order seed", seed_input, id="order-seed-row")

    def on_mount(self) -> None:
        self._show_seed()

    @property
    def order(self) -> str:
        """The chosen order: "natural", "best", "worst" or "random"."""
        pressed = self.query_one("#order", RadioSet).pressed_button
        return pressed.id.removeprefix("order-") if pressed else "natural"

    @order.setter
    def order(self, order: str) -> None:
        self.query_one(f"#order-{order}", RadioButton).value = True
        self.query_one("#order-seed-row").display = order == "random"  # the RadioSet catches up later

    @property
    def seed(self) -> str:
        """The random order's seed as typed (blank: the dialog's fresh seed)."""
        return self.query_one("#order-seed", Input).value

    @seed.setter
    def seed(self, text: str) -> None:
        self.query_one("#order-seed", Input).value = text

    def _show_seed(self) -> None:
        self.query_one("#order-seed-row").display = self.order == "random"

    @on(RadioSet.Changed, "#order")
    def _order_changed(self) -> None:
        self._show_seed()
