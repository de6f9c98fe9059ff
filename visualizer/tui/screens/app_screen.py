"""Provides `AppScreen`: what the app's screens share: the help key, escape back, the play timer and errors shown
as notifications."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TypeVar

from textual.binding import ActiveBinding, Binding
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.timer import Timer
from textual.worker import get_current_worker

from visualizer.errors import VisualizerError, one_line
from visualizer.tui.widgets.game_tree_view import GameTreeView

__all__ = ["HELP_BINDING", "PLAY_BINDINGS", "SPEEDS", "Abandoned", "AppScreen", "stop_if_cancelled"]

SPEEDS = (0.5, 1, 2, 4, 8, 16, 32, 64)  # steps per second while playing

HELP_BINDING = Binding("question_mark", "app.show_help_panel", "Help", key_display="?")
"""`?` shows the screen's keys: the first of every screen's `BINDINGS` (the footer cuts at the edge)."""

PLAY_BINDINGS = [
    Binding("space", "toggle_play", "Play/pause"),
    Binding("right", "step(1)", "Step", key_display="→"),
    Binding("left", "step(-1)", "Back", key_display="←"),
    Binding("home", "first", "First"),
    Binding("end", "last", "Last"),
    Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+"),
    Binding("minus", "speed(-1)", "Slower", key_display="-"),
    Binding("c", "next_cutoff", "Next cut-off"),
]
"""The keys of a screen that replays a search: play, step (`AppScreen.go_to` from the screen's `position`), speed
and the next cut-off (the screen's `action_next_cutoff`)."""

Result = TypeVar("Result")


class Abandoned(Exception):
    """Raised by a worker thread's progress report to stop a job whose answer is no longer wanted."""


def stop_if_cancelled() -> None:
    """In a worker thread: raises `Abandoned` once its worker is cancelled (its screen went away, or the app is
    closing, a closed terminal included), so that no search goes on after the app is gone."""
    if get_current_worker().is_cancelled:
        raise Abandoned


_TEXTUAL = frozenset(binding.action for binding in Screen.BINDINGS if isinstance(binding, Binding))
"""The actions of the keys Textual binds on every screen (focus next and previous, copy)."""


class AppScreen(Screen):
    """A screen of the app: escape (`back`) goes to the screen below while `can_go_back`; screens that play a
    search use the timer (`tick` at `SPEEDS[speed_index]`)."""

    can_go_back = True
    """True when the App opened this screen over another (escape goes back to it)."""
    timer: Timer | None = None  # the play timer while playing
    speed_index = SPEEDS.index(4)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_go_back if action == "back" else True

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """`Screen.active_bindings` with this screen's own keys first, then Textual's for every screen (focus, copy),
        the focused widget's and the app's: the help panel (`?`) lists them in this order, so a lesson's keys come
        before scrolling and focus."""
        bindings = super().active_bindings
        return dict(
            sorted(bindings.items(), key=lambda item: (item[1].node is not self, item[1].binding.action in _TEXTUAL))
        )

    def action_back(self) -> None:
        self.stop()
        self.app.pop_screen()

    def attempt(self, job: Callable[[], Result], *, severity: SeverityLevel = "error") -> Result | None:
        """`job()`, or None once its VisualizerError is shown as a notification."""
        try:
            return job()
        except VisualizerError as error:
            self.notify(one_line(str(error)), severity=severity, markup=False)
            return None

    def in_thread(
        self, job: Callable[[], Result], done: Callable[[Result], object], failed: Callable[[str], object], group: str
    ) -> None:
        """Runs `job` in a worker thread (in place of `group`'s running one), then on the screen `done(result)`,
        or `failed(message)` for a VisualizerError; a job that raises `Abandoned` hands back nothing."""

        def run() -> None:
            try:
                answer = partial(done, job())
            except Abandoned:
                return
            except VisualizerError as error:
                answer = partial(failed, one_line(str(error)))
            self.app.call_from_thread(answer)

        self.run_worker(run, thread=True, exclusive=True, group=group)

    # -- the tree views (`TREE_VIEW_BINDINGS`) ----------------------------------
    def action_zoom(self) -> None:
        """Cycles the trees' zoom: fit the view, full labels, compact labels, names only."""
        for view in self.query(GameTreeView):
            view.cycle_zoom()  # the view's border names the level

    def action_pan(self, columns: int, rows: int) -> None:
        """Moves the trees' views sideways by `columns` pans and down by `rows` rows (a step follows the search)."""
        for view in self.query(GameTreeView):
            view.pan(columns, rows)

    # -- stepping (`PLAY_BINDINGS`: a screen that has them gives `position` and `go_to`) ---------------------
    def position(self) -> tuple[int, int]:
        """The step the stepping keys start from, and the last step."""
        raise NotImplementedError

    def go_to(self, step: int) -> None:
        """Shows step `step` (kept within 0..the last step)."""
        raise NotImplementedError

    def action_step(self, steps: int) -> None:
        self.stop()
        self.go_to(self.position()[0] + steps)

    def action_first(self) -> None:
        self.stop()
        self.go_to(0)

    def action_last(self) -> None:
        self.stop()
        self.go_to(self.position()[1])

    def action_toggle_play(self) -> None:
        """Plays on from where the screen stands (from the start once at the end), or pauses."""
        if self.playing:
            self.stop()
        else:
            step, last = self.position()
            if step >= last:
                self.go_to(0)
            self.start_timer()
        self.refresh_view()

    # -- playing -------------------------------------------------------------
    def refresh_view(self) -> None:
        """Shows the state in every widget (attributes down)."""

    def tick(self) -> None:
        """One step of the play timer: the next step, pausing at the last."""
        step, last = self.position()
        if step < last:
            self.go_to(step + 1)
        if self.position()[0] >= last:
            self.stop()
            self.refresh_view()

    @property
    def playing(self) -> bool:
        return self.timer is not None

    def start_timer(self) -> None:
        self.timer = self.set_interval(1 / SPEEDS[self.speed_index], self.tick)

    def stop(self) -> None:
        """Pauses playback."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def action_speed(self, change: int) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + change))
        if self.playing:
            self.stop()
            self.start_timer()
        self.refresh_view()
