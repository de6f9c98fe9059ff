"""Provides the pruned-tree study's widgets: `StudyForm` (the sizes, branching, trials, range, seed and
orders), `StudyTable` (one row per tree size and search) and `StudyPlot` (the same plot as the CLI's)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.app import ComposeResult, RenderResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, DataTable, Input, Label, Select
from textual_plotext import PlotextPlot

from visualizer.analysis.plots import draw_plotext
from visualizer.analysis.report import table_cells
from visualizer.analysis.study import Size, Study, parse_depth_range, parse_leaves, parse_orders, run_study
from visualizer.errors import InputError
from visualizer.games.random_tree import parse_range

__all__ = ["COLUMNS", "SIZE_KINDS", "StudyForm", "StudyPlot", "StudyRequest", "StudySettings", "StudyTable"]


SIZE_KINDS = {"leaves": "leaves", "depths": "depth range"}
"""How the sizes are given: key -> the label in the form's selector."""

DEFAULT_SIZES = {"leaves": "8,16,32,64,128,256", "depths": "2:8"}  # the sizes each kind starts with

SIZE_HINTS = {"leaves": "N,N,... e.g. 8,16,32", "depths": "LO:HI e.g. 2:8"}
"""The sizes field's placeholder for each kind."""


@dataclass(frozen=True)
class StudyRequest:
    """A study ready to run: the arguments of `run_study`."""

    sizes: tuple[Size, ...]
    branching: int
    trials: int
    value_range: tuple[int, int]
    seed: int
    orders: tuple[str, ...]

    @property
    def trees(self) -> int:
        """Random trees the study builds (each searched once per order, plus minimax)."""
        return len(self.sizes) * self.trials

    def run(self, progress: Callable[[int, int], None] | None = None) -> Study:
        """Runs the study; `progress(done, total)` after each tree; an InputError when it is too big."""
        with _in_field("the study"):
            return run_study(
                self.sizes,
                branching=self.branching,
                trials=self.trials,
                value_range=self.value_range,
                seed=self.seed,
                orders=self.orders,
                progress=progress,
            )


@dataclass(frozen=True)
class StudySettings:
    """The form's fields as the user typed them; `size_kind` is "leaves" (sizes "8,16,32") or "depths" ("2:8")."""

    size_kind: str = "leaves"
    sizes: str = DEFAULT_SIZES["leaves"]
    branching: str = "2"
    trials: str = "20"
    value_range: str = "-10:10"
    seed: str = "1"
    orders: str = "natural,best,worst"

    def parse(self) -> StudyRequest:
        """The study these fields describe, or an InputError naming the field and what it takes."""
        branching = _whole(self.branching, "the branching", minimum=2, example=2)
        trials = _whole(self.trials, "the trial count", minimum=1, example=20)
        with _in_field("the Sizes field"):
            sizes = (parse_depth_range if self.size_kind == "depths" else parse_leaves)(self.sizes, branching)
        with _in_field("the Range field"):
            value_range = parse_range(self.value_range)
        seed = _whole(self.seed, "the seed", minimum=None, example=1)
        with _in_field("the Orders field"):
            orders = parse_orders(self.orders)
        return StudyRequest(sizes, branching, trials, value_range, seed, orders)


@contextmanager
def _in_field(field: str) -> Iterator[None]:
    """Rewords the study's errors, which name command-line options, for the form's `field`."""
    try:
        yield
    except InputError as error:
        text = re.sub(r"^--[a-z-]+", field, str(error))
        for option, words in _WORDS.items():
            text = text.replace(option, words)
        raise InputError(text) from None


_WORDS = {"--branching": "branching", "--trials": "the trials", "lower HI": "lower the last depth"}
"""Option names that remain inside the study's messages, in the form's words."""


def _whole(text: str, name: str, *, minimum: int | None, example: int) -> int:
    try:
        number = int(text.strip())
    except ValueError:
        raise InputError(f"{name} is {text.strip()!r}; give a whole number, e.g. {example}") from None
    if minimum is not None and number < minimum:
        raise InputError(f"{name} is {number}; it must be {minimum} or more")
    return number


FIELD_IDS = {
    "sizes": "study-sizes",
    "branching": "study-branching",
    "trials": "study-trials",
    "value_range": "study-range",
    "seed": "study-seed",
    "orders": "study-orders",
}
"""The id of the Input that holds each text field of `StudySettings`."""


class StudyForm(Vertical):
    """Two lines of fields and a Run button; Enter in a field or the button posts `RunRequested`."""

    class RunRequested(Message):
        """The user asked to run the study on the form's settings."""

    def __init__(self, settings: StudySettings | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self.start = settings or StudySettings()
        self.size_kind = self.start.size_kind  # the kind of sizes the sizes field holds
        self.typed_sizes = dict(DEFAULT_SIZES)
        """The sizes last typed for each kind, restored when that kind is chosen again."""

    def compose(self) -> ComposeResult:
        start = self.start
        kinds = [(label, key) for key, label in SIZE_KINDS.items()]
        with Horizontal(classes="study-line"):
            yield Label("Sizes", classes="study-label")
            yield Select(kinds, value=start.size_kind, allow_blank=False, id="study-size-kind", compact=True)
            yield self._input(
                "sizes",
                SIZE_HINTS[start.size_kind],
                "Leaf counts N,N,... or, for a depth range, LO:HI (branching^d leaves each)",
            )
            yield Label("Branching", classes="study-label")
            yield self._input("branching", "K", "Children per node (2 or more)")
            yield Label("Trials", classes="study-label")
            yield self._input("trials", "N", "Random trees per size")
        with Horizontal(classes="study-line"):
            yield Label("Range", classes="study-label")
            yield self._input("value_range", "LO:HI", "Leaf values LO:HI")
            yield Label("Seed", classes="study-label")
            yield self._input("seed", "S", "The same seed gives the same study")
            yield Label("Orders", classes="study-label")
            yield self._input(
                "orders", "O,O,... e.g. natural,best", "Alpha-beta's move orders, any of natural, best, worst, random"
            )
            yield Button("Run", id="study-run", variant="primary", compact=True)

    def _input(self, field: str, placeholder: str, tooltip: str) -> Input:
        field_input = Input(getattr(self.start, field), id=FIELD_IDS[field], placeholder=placeholder, compact=True)
        field_input.tooltip = tooltip
        return field_input

    @property
    def settings(self) -> StudySettings:
        """The fields as they stand."""
        kind = self.query_one("#study-size-kind", Select).value
        texts = {field: self.query_one(f"#{FIELD_IDS[field]}", Input).value for field in FIELD_IDS}
        return StudySettings(size_kind=str(kind), **texts)

    @on(Select.Changed, "#study-size-kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        """Keeps what was typed for the other kind, and shows what was typed for this one."""
        kind = str(event.value)
        if kind == self.size_kind:
            return
        sizes = self.query_one("#study-sizes", Input)
        self.typed_sizes[self.size_kind] = sizes.value
        self.size_kind = kind
        sizes.value = self.typed_sizes[kind]
        sizes.placeholder = SIZE_HINTS[kind]

    @on(Input.Submitted)
    @on(Button.Pressed, "#study-run")
    def _run(self, event: Message) -> None:
        event.stop()
        self.post_message(self.RunRequested())


COLUMNS = {
    "leaves": "leaves",
    "depth": "depth",
    "search": "search",
    "evaluated": "evaluated",
    "saved": "saved",
    "knuth-moore": "Knuth-Moore",
    "nodes": "nodes",
    "nodes-saved": "nodes saved",
}
"""Column key -> label. The leaves evaluated and their reference come first, so they fit 80 columns."""

LEFT = {"search"}  # columns of words; the numbers are right-aligned


class StudyTable(DataTable):
    """Per size: minimax, then alpha-beta in each order (mean ± sd over the trials); "saved" is the fraction of
    minimax's leaves (or nodes) alpha-beta did not need on the same trees."""

    def __init__(self, **kwargs) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.lines: list[tuple[str, ...]] = []  # the cells shown, one tuple a row (for tests)

    def on_mount(self) -> None:
        for key, label in COLUMNS.items():
            self.add_column(label if key in LEFT else Text(label, justify="right"), key=key)

    def show(self, study: Study) -> None:
        """Lists the study's rows (replacing what was shown)."""
        self.lines = [tuple(cells[key] for key in COLUMNS) for cells in table_cells(study)]
        self.clear()
        for line in self.lines:
            self.add_row(*(cell if key in LEFT else Text(cell, justify="right") for key, cell in zip(COLUMNS, line)))


class StudyPlot(PlotextPlot):
    """Leaves evaluated against tree size (log-log), one line per search, and the Knuth-Moore minimum."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.study: Study | None = None  # the study drawn (None until the first one finishes)

    def show(self, study: Study) -> None:
        """Draws `study` in place of the last one."""
        self.study = study
        self.refresh()

    def render(self) -> RenderResult:
        """Draws the study afresh before each build: plotext changes its data in place (log axes, the legend),
        and textual-plotext builds on every render."""
        if self.study is not None:
            draw_plotext(self.plt, self.study)
        return super().render()
