"""Provides `StatsScreen`: the pruned-tree study in the app, its settings, a table and the CLI's plot."""

from __future__ import annotations

import time
from functools import partial
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import ProgressBar, Static

from visualizer.analysis.report import summary
from visualizer.analysis.study import Study
from visualizer.errors import VisualizerError
from visualizer.tui.screens.app_screen import HELP_BINDING, Abandoned, AppScreen, stop_if_cancelled
from visualizer.tui.widgets.panels import KeyFooter
from visualizer.tui.widgets.study import StudyForm, StudyPlot, StudySettings, StudyTable

__all__ = ["StatsScreen"]

PROGRESS_INTERVAL = 0.05  # seconds between progress reports from the worker (a report waits for the screen to take it)


class StatsScreen(AppScreen):
    """Runs the pruned-tree study in a worker thread (at once with the defaults; a new run replaces a running
    one) and shows the rows and the plot."""

    CSS_PATH = "stats_screen.tcss"
    AUTO_FOCUS = "#study-run"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (170, "-wide")]
    """Below 170 columns the plot and the table stack in one scrolling column; from 170, side by side."""
    BINDINGS: ClassVar[list[BindingType]] = [
        HELP_BINDING,
        Binding("r,enter", "run", "Run", key_display="r/⏎"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, settings: StudySettings | None = None) -> None:
        super().__init__()
        self.settings = settings or StudySettings()
        self.study: Study | None = None  # the study on screen (None before the first one finishes)
        self.runs = 0  # studies started; a report of an older one (or after the screen closed) is dropped
        self.message = ""  # the line above the results: the last study's summary, progress or the error (for tests)

    def compose(self) -> ComposeResult:
        form = StudyForm(self.settings, id="stats-form")
        form.border_title = "Pruned-tree study: minimax vs alpha-beta on random trees"
        yield form
        with Horizontal(id="stats-status"):
            yield Static(id="stats-message", markup=False)
            yield ProgressBar(id="stats-progress", show_eta=False)
        with VerticalScroll(id="stats-results"):
            yield StudyPlot(id="stats-plot")
            table = StudyTable(id="stats-table")
            table.border_title = "Leaves evaluated and nodes entered: mean ± sd over the trials"
            yield table
        yield KeyFooter()

    def on_mount(self) -> None:
        self.action_run()

    @property
    def running(self) -> bool:
        """True while a study runs (the last finished study stays on screen)."""
        return self.has_class("-running")

    # -- running -------------------------------------------------------------
    @on(StudyForm.RunRequested)
    def action_run(self) -> None:
        """Runs the study the form describes, or says what is wrong with it (nothing runs)."""
        try:
            request = self.query_one(StudyForm).settings.parse()
        except VisualizerError as error:
            self.show_message(str(error), error=True)
            return
        self.add_class("-running")
        self.query_one(ProgressBar).update(total=request.trees, progress=0)
        self.show_message(f"Searching {request.trees:,} random trees...")
        self.runs += 1
        run, call, last_report = self.runs, self.app.call_from_thread, time.monotonic()

        def report(done: int, total: int) -> None:
            nonlocal last_report
            if run != self.runs:  # a newer study
                raise Abandoned
            stop_if_cancelled()
            if time.monotonic() - last_report >= PROGRESS_INTERVAL:
                last_report = time.monotonic()
                call(self._progress, run, done)

        job = partial(request.run, progress=report)
        self.in_thread(job, partial(self._finished, run), partial(self._failed, run), "study")

    def _is_live(self, run: int) -> bool:
        """True when a report of study `run` may reach the screen: no newer one started and the widgets are there
        (one on its way when the screen closed is dropped)."""
        return run == self.runs and bool(self.query(ProgressBar))

    def _progress(self, run: int, done: int) -> None:
        if self._is_live(run):
            self.query_one(ProgressBar).update(progress=done)

    def _failed(self, run: int, message: str) -> None:
        if self._is_live(run):
            self.remove_class("-running")
            self.show_message(message, error=True)

    def _finished(self, run: int, study: Study) -> None:
        if not self._is_live(run):
            return
        self.remove_class("-running")
        self.study = study
        self.query_one(StudyTable).show(study)
        self.query_one(StudyPlot).show(study)
        trees = f"{study.trials} tree{'s' if study.trials != 1 else ''} per size"
        self.show_message(f"{summary(study)} {trees[:1].upper()}{trees[1:]}, seed {study.seed}.")

    def action_back(self) -> None:
        """Stops the running study (its thread gives up at its next tree) and goes back."""
        self.runs += 1
        self.workers.cancel_node(self)
        self.app.pop_screen()

    # -- the message line ----------------------------------------------------
    def show_message(self, message: str, *, error: bool = False) -> None:
        """Shows a summary or progress line, or with `error` why the study did not run (the last study stays)."""
        self.message = message[:1].upper() + message[1:]
        line = self.query_one("#stats-message", Static)
        line.update(self.message)
        line.set_class(error, "-error")
