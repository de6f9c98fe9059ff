"""Provides `CompareScreen`: minimax and alpha-beta on the same tree, side by side in lockstep."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from visualizer.analysis.compare import Comparison, Run
from visualizer.games.base import format_value
from visualizer.tracing import Trace
from visualizer.tracing.describe import describe
from visualizer.tracing.lockstep import lockstep
from visualizer.tracing.replay import Replay
from visualizer.tui.widgets.game_tree_view import GameTreeView

__all__ = ["CompareScreen"]


class CompareScreen(Screen):
    """Steps minimax (left) and alpha-beta (right) together; alpha-beta waits where it prunes."""

    BINDINGS = [
        Binding("right", "step(1)", "Step", key_display="→"),
        Binding("left", "step(-1)", "Back", key_display="←"),
        Binding("home", "first", "First"),
        Binding("end", "last", "Last"),
        Binding("m,escape", "app.pop_screen", "Single view", key_display="m"),
    ]

    def __init__(self, full: Trace, pruning: Trace) -> None:
        super().__init__()
        self.replays = (Replay(full), Replay(pruning))
        """Minimax's and alpha-beta's cursors."""
        self.steps = lockstep(full, pruning)
        """Alpha-beta's step for each minimax step."""
        self.comparison = Comparison(
            [Run(trace.algorithm, trace.source.get("order", "natural"), trace) for trace in (full, pruning)]
        )
        """The counts and set differences, as `visualizer compare` prints them."""
        self.text = ""
        """The comparison line (for tests)."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="compare-panes"):
            for side, replay in zip(("left", "right"), self.replays):
                with Vertical(classes="compare-pane"):
                    yield Static(id=f"{side}-title", classes="compare-title")
                    yield GameTreeView(replay.trace, id=f"{side}-tree")
                    yield Static(id=f"{side}-sentence", classes="compare-sentence")
        yield Static(id="compare-status")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        """Shows both cursors and the counts."""
        for side, replay in zip(("left", "right"), self.replays):
            trace, summary = replay.trace, replay.trace.summary
            self.query_one(f"#{side}-title", Static).update(
                f"{trace.algorithm}: visited {replay.visited}/{summary.nodes_visited}, "
                f"evaluated {replay.evaluated}/{summary.leaves_evaluated}, "
                f"cut-offs {replay.cutoffs}/{len(summary.cutoffs)}"
            )
            self.query_one(f"#{side}-tree", GameTreeView).show(replay, show_pv=replay.step == replay.count)
            event = replay.event
            self.query_one(f"#{side}-sentence", Static).update(
                "Start." if event is None else f"{replay.step}. {describe(trace, event)}"
            )
        full, comparison = self.replays[0], self.comparison
        values = (f"same value {format_value(full.trace.summary.value)}" if comparison.values_agree
                  else "VALUES DIFFER")
        differences = " | ".join(
            f"visited by {comparison.runs[first].label} only: {', '.join(names) or 'none'}"
            for first, _, names in comparison.differences()
        )
        self.text = f"step {full.step}/{full.count} | {values} | {differences}"
        self.query_one("#compare-status", Static).update(self.text)

    def _go(self, step: int) -> None:
        full, pruning = self.replays
        full.seek(step)
        pruning.seek(self.steps[full.step])
        self.refresh_view()

    def action_step(self, steps: int) -> None:
        self._go(self.replays[0].step + steps)

    def action_first(self) -> None:
        self._go(0)

    def action_last(self) -> None:
        self._go(self.replays[0].count)
