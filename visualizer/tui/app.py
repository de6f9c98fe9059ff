"""Provides `VisualizerApp`, `make_app` and `make_play_app`: the Textual app that steps through traced searches."""

from __future__ import annotations

import select
import sys
from collections.abc import Iterable
from functools import partial
from typing import ClassVar

from textual import on
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import HelpPanel

from visualizer.games import Evaluated, Game, GridGame, builtin_example, offers
from visualizer.gc_policy import freeze_heap, thaw_heap
from visualizer.match import Match, PlaySettings
from visualizer.practice.exercise import Exercise, check_cut_window
from visualizer.session import Session
from visualizer.tracing import Trace
from visualizer.tui.navigation import OpenCompare, OpenDrill, OpenGame, OpenSearch, OpenStats
from visualizer.tui.screens import DrillScreen, PlayScreen, PracticeScreen, SearchScreen, StatsScreen

__all__ = ["VisualizerApp", "make_app", "make_play_app", "make_practice_app", "run_app", "terminal_hung_up"]


HANG_UP_CHECK = 1.0
"""Seconds between two looks at whether the terminal has hung up."""

HUNG_UP = 129
"""The exit code after the terminal hung up (128 + SIGHUP), as the command line gives it."""


def terminal_hung_up(stream: object) -> bool:
    """True when `stream` is a terminal that has hung up (its other end closed); reads nothing from it."""
    try:
        poller = select.poll()
        poller.register(stream.fileno(), select.POLLIN)  # type: ignore[attr-defined]
        return any(events & (select.POLLHUP | select.POLLNVAL) for _fd, events in poller.poll(0))
    except (AttributeError, OSError, ValueError):  # no stream, or not one that can be polled
        return False


def run_app(app: App) -> int:
    """Runs `app` in this terminal; its exit code (0, 1 when it crashed, 129 when the terminal hung up)."""
    app.run()
    return app.return_code or 0


class VisualizerApp(App):
    """Shows one search at a time, or a game against the engine; the screens own the bindings and post the
    messages of `navigation`, and the App decides which screen comes next."""

    CSS_PATH = "app.tcss"
    TITLE = "gametree visualizer"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "hide_help_panel", "Close help", show=False, priority=True)
    ]
    """Escape closes the help panel first, on any screen (only while the panel is shown)."""

    def __init__(
        self,
        session: Session | None = None,
        *,
        match: Match | None = None,
        exercise: Exercise | None = None,
        drill: bool = False,
    ) -> None:
        super().__init__()
        self.session = session  # the search shown at start (None when the app starts on a game or an exercise)
        self.match = match  # the game against the engine shown at start (None when the app starts on a search)
        self.exercise = exercise
        """The practice exercise shown at start (None when the app starts on a search or a game)."""
        self.drill = drill  # True to start the exercise in the predict-the-next-node drill

    def on_mount(self) -> None:
        if not (self.is_headless or self.is_web):
            self.set_interval(HANG_UP_CHECK, self._exit_if_hung_up)
        if self.exercise is not None:
            self.push_screen(PracticeScreen(self.exercise))
            if self.drill:
                self.push_screen(DrillScreen(self.exercise.solution))
        elif self.match is not None:
            self.push_screen(PlayScreen(self.match))
        elif self.session is not None:
            self.push_screen(SearchScreen(self.session))

    def _exit_if_hung_up(self) -> None:
        """Exits (code 129, as after SIGHUP) once the terminal has hung up without a SIGHUP reaching the app,
        which happens when it is not the app's controlling terminal (started by `setsid`, or by a harness):
        Textual's input thread would otherwise read nothing forever, at 65 % CPU."""
        if terminal_hung_up(sys.__stdin__):
            self.exit(return_code=HUNG_UP)

    # -- navigation (see `visualizer.tui.navigation`) ------------------------
    @on(OpenSearch)
    def _open_search(self, message: OpenSearch) -> None:
        self.push_screen(SearchScreen(message.session, can_go_back=True))

    @on(OpenGame)
    def _open_game(self, message: OpenGame) -> None:
        """Back to the game when the search on screen is one of its engine moves, else a new game."""
        stack = self.screen_stack
        if len(stack) > 1 and isinstance(stack[-2], PlayScreen):
            self.pop_screen()
            return
        self.push_screen(PlayScreen(Match(message.game), can_go_back=True))

    @on(OpenCompare)
    def _open_compare(self, message: OpenCompare) -> None:
        from visualizer.tui.screens.compare_screen import CompareScreen

        self.push_screen(CompareScreen(message.full, message.pruning, labels=message.labels))

    @on(OpenStats)
    def _open_stats(self) -> None:
        self.push_screen(StatsScreen())

    @on(OpenDrill)
    def _open_drill(self, message: OpenDrill) -> None:
        self.push_screen(DrillScreen(message.trace))

    def on_ready(self) -> None:
        """Once the first screen is drawn, keeps what the app holds out of full collections (see `freeze_heap`)."""
        freeze_heap(0 if self.session is None else self.session.replay.count)

    def on_unmount(self) -> None:
        thaw_heap()

    @property
    def is_help_shown(self) -> bool:
        """True while the current screen shows the help panel (the keys of the screen)."""
        return bool(self.screen.query(HelpPanel))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.is_help_shown if action == "hide_help_panel" else True  # else escape is the screen's (back)

    def action_show_help_panel(self) -> None:
        """Shows the help panel, or hides it when it is shown: `?` opens and closes it."""
        if self.is_help_shown:
            self.action_hide_help_panel()
        else:
            super().action_show_help_panel()
        self.screen.refresh_bindings()

    def action_hide_help_panel(self) -> None:
        """Hides the help panel (escape)."""
        super().action_hide_help_panel()
        self.screen.refresh_bindings()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's commands, then every key of the current screen, so the palette lists all controls."""
        yield from super().get_system_commands(screen)
        for binding in screen.BINDINGS:
            if isinstance(binding, Binding) and binding.description:
                key = binding.key_display or binding.key.split(",")[0]
                yield SystemCommand(binding.description, f"key {key}", partial(screen.run_action, binding.action))


def make_app(
    game: Game | None = None,
    *,
    algorithm: str = "alphabeta",
    depth: int | None = None,
    strict: bool = False,
    trace: Trace | None = None,
) -> VisualizerApp:
    """The app on a game (the built-in example by default) or on a saved `trace`, whose tree is rebuilt from
    its source when `game` is not given, so that other algorithms can search it."""
    if trace is None:
        return VisualizerApp(Session(game or builtin_example(), algorithm, depth, strict))
    return VisualizerApp(Session.from_trace(trace, game))


def make_play_app(
    game: GridGame,
    *,
    human: str = "X",
    algorithm: str = "alphabeta",
    depth: int | None = None,
    evaluator: str | None = None,
) -> VisualizerApp:
    """The app on a grid game against the engine (a finished position starts an empty board); `human` is "X"
    (moves first) or "O"; `depth` None searches to the end (or as the game suggests on big connect-four boards);
    `evaluator` is a key of `EVALUATORS` (None: the game's own). A setting not valid raises an InputError."""
    settings = PlaySettings(
        human, algorithm, depth, evaluator or (game.evaluator if offers(game, Evaluated) else "win-loss")
    )
    return VisualizerApp(match=Match(game, settings))


def make_practice_app(exercise: Exercise, *, drill: bool = False, cut_window: str | None = None) -> VisualizerApp:
    """The app in practice mode: the student works `exercise` with alpha-beta by hand and checks it; `drill`
    opens the predict-the-next-node drill first; `cut_window` ("kept" or "raised", see `Exercise.cut_window`)
    overrides the exercise's own."""
    if cut_window is not None:
        exercise = exercise.with_cut_window(check_cut_window(cut_window))
    return VisualizerApp(exercise=exercise, drill=drill)
