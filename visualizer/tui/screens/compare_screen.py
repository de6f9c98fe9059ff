"""Provides `CompareScreen`: minimax and alpha-beta on the same tree, side by side (or stacked) in lockstep."""

from __future__ import annotations

from bisect import bisect_left

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from visualizer.analysis.compare import Comparison, Run
from visualizer.games.base import format_value
from visualizer.shown_text import escaped
from visualizer.steps.describe import describe
from visualizer.steps.lockstep import lockstep
from visualizer.steps.replay import Replay
from visualizer.tracing import Trace
from visualizer.tui.screens.app_screen import HELP_BINDING, PLAY_BINDINGS, SPEEDS, AppScreen
from visualizer.tui.tree_layout import fit_tree
from visualizer.tui.widgets.game_tree_view import TREE_VIEW_BINDINGS, GameTreeView, fit_alike
from visualizer.tui.widgets.panels import KeyFooter

__all__ = ["CompareScreen"]

PANE_ROWS = 4
"""Rows a stacked pane takes besides its tree's drawing: the title, the view's border, the sentence (one row
at the full width, as a rule)."""

SCREEN_ROWS = 3  # rows the screen takes besides the panes: the comparison line (up to two) and the footer


class CompareScreen(AppScreen):
    """Steps minimax (left) and alpha-beta (right) together; alpha-beta waits where it prunes. Trees too wide to
    sit side by side go one above the other when that fits (`stacked`)."""

    BINDINGS = [
        HELP_BINDING,
        *PLAY_BINDINGS,
        Binding("m,escape", "app.pop_screen", "Single view", key_display="m"),
        *TREE_VIEW_BINDINGS,
    ]

    def __init__(self, full: Trace, pruning: Trace, *, labels: tuple[str, str] | None = None) -> None:
        super().__init__()
        self.replays = (Replay(full), Replay(pruning))
        """The left and right cursors (minimax's and alpha-beta's, by default)."""
        self.labels = labels or (full.algorithm, pruning.algorithm)
        """How the titles name the two searches, e.g. "alphabeta" and "alphabeta fail-hard"."""
        self.lead = 0 if full.summary.nodes_visited >= pruning.summary.nodes_visited else 1
        """The side whose steps the keys move: the search that visits more nodes, which the other waits for."""
        self.steps = lockstep(*(self.replays[self.lead].trace, self.replays[1 - self.lead].trace))
        """The other side's step for each step of the leading one (at the end, both are done)."""
        self.steps[-1] = self.replays[1 - self.lead].count
        self.comparison = Comparison(
            [
                Run(label, trace.source.get("order", "natural"), trace)
                for label, trace in zip(self.labels, (full, pruning))
            ]
        )
        """The counts and set differences, as `visualizer compare` prints them."""
        self.text = ""  # the comparison line (for tests)
        self.stacked = False  # True while the trees are one above the other

    def compose(self) -> ComposeResult:
        with Horizontal(id="compare-panes"):
            for side, replay in zip(("left", "right"), self.replays):
                with Vertical(classes="compare-pane"):
                    yield Static(id=f"{side}-title", classes="compare-title", markup=False)
                    yield GameTreeView(replay.trace, id=f"{side}-tree")
                    yield Static(id=f"{side}-sentence", classes="compare-sentence", markup=False)
        yield Static(id="compare-status", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_view()

    @property
    def views(self) -> tuple[GameTreeView, GameTreeView]:
        """Minimax's and alpha-beta's tree views."""
        return self.query_one("#left-tree", GameTreeView), self.query_one("#right-tree", GameTreeView)

    def on_resize(self, event: events.Resize) -> None:
        """Stacks the trees when they fit only one above the other, else puts them side by side; once they are
        laid out, gives both the same labels."""
        self.arrange_panes(event.size.width, event.size.height)
        self.call_after_refresh(fit_alike, self.views)

    def arrange_panes(self, width: int, height: int) -> None:
        """Chooses side by side or stacked for a screen of `width` columns and `height` rows."""
        narrowest = [  # the narrowest drawings
            None if view.plan is None else fit_tree(view.trace, 0, label_widths=view.label_widths)
            for view in self.views
        ]
        plans = [plan for plan in narrowest if plan is not None]
        if len(plans) < len(narrowest):  # outlines fit any width
            stacked = False
        else:
            widest, tallest = max(plan.width for plan in plans), max(plan.height for plan in plans)
            border = 2
            stacked = (
                widest + border > width // 2
                and widest + border <= width
                and 2 * (tallest + PANE_ROWS) + SCREEN_ROWS <= height
            )
        if stacked == self.stacked:
            return
        self.stacked = stacked
        self.query_one("#compare-panes").set_class(stacked, "-stacked")

    def refresh_view(self) -> None:
        """Shows both cursors and the counts."""
        for side, label, replay in zip(("left", "right"), self.labels, self.replays):
            trace, summary = replay.trace, replay.trace.summary
            self.query_one(f"#{side}-title", Static).update(
                escaped(
                    f"{label}: visited {replay.visited}/{summary.nodes_visited}, "
                    f"evaluated {replay.evaluated}/{summary.leaves_evaluated}, "
                    f"cut-offs {replay.cutoffs}/{len(summary.cutoffs)}"
                )
            )
            self.query_one(f"#{side}-tree", GameTreeView).show(replay, show_pv=replay.step == replay.count)
            event = replay.event
            self.query_one(f"#{side}-sentence", Static).update(
                "Start." if event is None else escaped(f"{replay.step}. {describe(trace, event)}")
            )
        full, comparison = self.replays[self.lead], self.comparison
        exact = comparison.exact_runs
        if len(exact) < 2:  # an estimate, or a root that failed outside its window: not an exact value
            values = "; ".join(
                f"{run.label} = {format_value(run.value)} is {run.set_aside}"
                for run in comparison.runs
                if run.set_aside is not None
            )
        elif comparison.values_agree:
            values = f"same value {format_value(exact[0].value)}"
        else:
            values = "VALUES DIFFER"
        differences = " | ".join(
            f"visited by {comparison.runs[first].label} only: {', '.join(names) or 'none'}"
            for first, _, names in comparison.differences()
        )
        playing = f"playing {SPEEDS[self.speed_index]:g}/s" if self.playing else "paused"
        self.text = escaped(f"step {full.step}/{full.count} | {values} | {differences} | {playing}")
        self.query_one("#compare-status", Static).update(self.text)

    def position(self) -> tuple[int, int]:
        lead = self.replays[self.lead]
        return lead.step, lead.count

    def go_to(self, step: int) -> None:
        full, pruning = self.replays[self.lead], self.replays[1 - self.lead]
        full.seek(max(0, min(step, full.count)))
        pruning.seek(self.steps[full.step])
        self.refresh_view()

    def action_next_cutoff(self) -> None:
        """Goes to the first step at which either search makes its next cut-off (the waiting side's counted at
        the leading side's step that brings it there)."""
        self.stop()
        lead, other = self.replays[self.lead], self.replays[1 - self.lead]
        candidates = []
        if (step := lead.next_cutoff()) is not None:
            candidates.append(step)
        if (step := other.next_cutoff()) is not None:
            candidates.append(bisect_left(self.steps, step, lo=lead.step + 1))
        if not candidates:
            self.notify("No cut-off after this step.")
            return
        self.go_to(min(candidates))

    def action_predict(self) -> None:
        """Predict mode hides an explicit tree's leaf values until each search evaluates them; again shows them."""
        for view in self.views:
            if view.has_leaf_values:
                view.set_leaf_values(not view.show_leaf_values)
