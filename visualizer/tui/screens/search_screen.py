"""Provides `SearchScreen`: the tree, the table, the log, the call stack and the controls of one search."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.worker import Worker, get_current_worker

from visualizer.games import GridGame, TicTacToe
from visualizer.games.base import Game, suggested_search
from visualizer.gc_policy import freeze_heap, refreeze_heap
from visualizer.safe_files import write_new_file
from visualizer.search.registry import Configuration, parse_configuration
from visualizer.session import Session
from visualizer.shown_text import escaped
from visualizer.steps.replay import Replay
from visualizer.tracing.trace import Trace
from visualizer.tui.dialogs import DepthDialog, NewTreeDialog, SearchChoiceDialog
from visualizer.tui.navigation import OpenCompare, OpenGame, OpenStats
from visualizer.tui.screens.app_screen import HELP_BINDING, PLAY_BINDINGS, SPEEDS, AppScreen, stop_if_cancelled
from visualizer.tui.widgets.game_tree_view import TREE_VIEW_BINDINGS, GameTreeView
from visualizer.tui.widgets.node_table import NodeTable
from visualizer.tui.widgets.panels import CallStack, EventLog, KeyFooter, StatusBar

__all__ = ["SearchScreen", "SPEEDS"]

LONG_JUMP = 50_000  # jumps that replay more events than this run in a worker, with progress
CHECKPOINTS_AFTER = 0.3  # seconds after mounting that a big trace's checkpoints start being built (in a thread)
JUMP_CHUNK = 20_000  # events a long jump replays between two redraws of its progress


class SearchScreen(AppScreen):
    """Steps through one traced search; starts paused at step 0."""

    BINDINGS = [
        HELP_BINDING,
        *PLAY_BINDINGS,
        *TREE_VIEW_BINDINGS,
        Binding("a", "switch_algorithm", "Algorithm"),
        Binding("r", "toggle_root", "Root MAX/MIN"),
        Binding("m", "compare", "Compare"),
        Binding("M", "choose_compare", "Compare which", show=False),
        Binding("o", "choose_search", "Options", show=False),
        Binding("n", "new_tree", "New tree"),
        Binding("d", "depth", "Depth"),
        Binding("e", "export", "Export"),
        Binding("s", "screenshot", "Screenshot"),
        Binding("p", "play", "Play"),
        Binding("t", "stats", "Stats"),
        Binding("b", "big_panels", "Big panels", show=False),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, session: Session, *, can_go_back: bool = False) -> None:
        super().__init__()
        self.session = session
        self.can_go_back = can_go_back
        self.searching = False  # True while a worker searches again (the old trace stays on screen)
        self.jumping = False  # True while a worker replays a long jump (stepping keys are dropped meanwhile)
        self.builder: Worker | None = None  # the thread building a big trace's checkpoints; a long jump waits for it
        self.built = 0.0  # how far the builder has got (0 to 1)
        self.seeking = False  # a long jump moves the replay: the built cursor is not taken over meanwhile
        self.previous: dict[str, object] = {}  # the session options before the running search changed them
        self.failed_algorithm: str | None = None
        """The algorithm the last switch could not search with (the next switch goes past it)."""

    def compose(self) -> ComposeResult:
        trace = self.session.replay.trace
        # Attributes, not `query_one`, whose cache kept old widgets (and their trace) after a new search.
        previous = getattr(self, "tree_view", None)  # a new search's tree keeps the zoom and predict mode
        self.tree_view = GameTreeView(trace, id="tree-view")
        if previous is not None:
            self.tree_view.zoom, self.tree_view.show_leaf_values = previous.zoom, previous.show_leaf_values
        self.node_table = NodeTable(trace, id="node-table")
        self.call_stack = CallStack(trace, id="call-stack")
        self.event_log = EventLog(trace, id="event-log")
        self.status_bar = StatusBar(id="status-bar")
        yield self.tree_view
        with Horizontal(id="panels"):
            yield self.node_table
            with Vertical(id="side"):
                yield self.call_stack
                yield self.event_log
        yield self.status_bar
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_view()
        # Once the first screen is drawn: the thread holds the GIL for seconds on a big trace.
        self.set_timer(CHECKPOINTS_AFTER, self._prebuild_checkpoints)

    def _prebuild_checkpoints(self) -> None:
        """On a big trace, builds the replay's checkpoints in a thread, so that even the first End is quick."""
        if self.session.replay.count > LONG_JUMP:
            self.built = 0.0
            self.builder = self.run_worker(self._build_checkpoints, thread=True, exclusive=True, group="checkpoints")

    def _build_checkpoints(self) -> None:
        trace = self.session.replay.trace
        built = Replay(trace)  # a cursor of its own: the screen's keeps moving meanwhile
        for fraction in built.seeking(built.count, chunk=JUMP_CHUNK):
            if get_current_worker().is_cancelled:  # the app is closing (or a new search replaced the trace)
                return
            self.built = fraction
        self.app.call_from_thread(self._adopt_checkpoints, trace, built)

    def _adopt_checkpoints(self, trace: Trace, built: Replay) -> None:
        """Takes over the built cursor at the screen's step: the same state, with every checkpoint in place."""
        current = self.session.replay
        if current.trace is not trace or self.seeking or current.frontier >= built.frontier:
            return
        built.seek(current.step)
        self.session.replay = built
        self.refresh_view()
        self.call_after_refresh(freeze_heap, built.count)  # its checkpoints stay: out of full collections

    def refresh_view(self) -> None:
        """Shows the replay's current step in every widget (attributes down)."""
        replay = self.session.replay
        self.tree_view.show(replay, show_pv=replay.step == replay.count)
        self.node_table.show(replay)
        self.call_stack.show(replay)
        self.event_log.show(replay.step)
        if not self.searching:
            self.status_bar.show(replay, playing=self.playing, speed=SPEEDS[self.speed_index])

    # -- stepping ------------------------------------------------------------
    def position(self) -> tuple[int, int]:
        return self.session.replay.step, self.session.replay.count

    def go_to(self, step: int) -> None:
        """Moves the replay to `step` and shows it; a long jump runs in a worker with progress (stepping keys
        are dropped meanwhile), except to the last step, which the trace holds (`Replay.finish`)."""
        if self.jumping:
            return
        replay = self.session.replay
        cost = replay.seek_cost(step)
        if cost > LONG_JUMP and step >= replay.count:
            replay.finish()
            self.call_after_refresh(freeze_heap, replay.count)  # its views stay: keep them out of full collections
        elif cost <= LONG_JUMP:
            replay.seek(step)
        else:
            self.jumping = True
            self.run_worker(self._jump(step), exclusive=True, group="jump")
            return
        self.refresh_view()

    async def _jump(self, step: int) -> None:
        try:
            while self.builder is not None and not self.builder.is_finished:  # one pass: the cursor it hands over
                self.status_bar.show_jump(step, self.built)
                await asyncio.sleep(0.05)
            self.seeking = True
            for fraction in self.session.replay.seeking(step, chunk=JUMP_CHUNK):
                self.status_bar.show_jump(step, fraction)
                await asyncio.sleep(0)  # lets the screen draw the progress between chunks
        finally:
            self.jumping = self.seeking = False
        self.refresh_view()
        self.call_after_refresh(freeze_heap, self.session.replay.count)  # the views made on the way stay

    def action_next_cutoff(self) -> None:
        self.stop()
        step = self.session.replay.next_cutoff()
        if step is None:
            self.notify("No cut-off after this step.")
            return
        self.go_to(step)

    # -- the tree's view -----------------------------------------------------
    def action_predict(self) -> None:
        """Predict mode hides an explicit tree's leaf values until the search evaluates them; again shows them."""
        if not self.tree_view.has_leaf_values:
            self.notify("Predict mode is for explicit trees; a game's positions have no values until evaluated.")
            return
        self.tree_view.set_leaf_values(not self.tree_view.show_leaf_values)
        if not self.tree_view.show_leaf_values:  # the view's border says which mode is on
            self.notify("Predict mode: leaf values hidden until evaluated.", timeout=2)

    # -- searching again -----------------------------------------------------
    def _show_new_search(self, **changes) -> None:
        """Changes the session's options and searches again in a thread, showing progress; if the search
        fails, the options go back to what they were (the old trace stays on screen)."""
        self.stop()
        self.previous = {name: getattr(self.session, name) for name in changes}
        for name, value in changes.items():
            setattr(self.session, name, value)
        self.searching = True
        self.status_bar.show_progress(self.session.algorithm, 0)
        self.in_thread(self._search, self._install, self._search_failed, "search")

    def _search(self) -> Trace:
        """Runs in a worker thread: the session's search, its progress shown in the status bar."""
        call = self.app.call_from_thread

        def progress(nodes: int) -> None:
            stop_if_cancelled()
            call(self.status_bar.show_progress, self.session.algorithm, nodes)

        return self.session.search(progress=progress)

    def _search_failed(self, message: str) -> None:
        self.failed_algorithm = self.session.algorithm if "algorithm" in self.previous else None
        for name, value in self.previous.items():
            setattr(self.session, name, value)
        self.searching = False
        self.notify(message, severity="error", markup=False)
        self.refresh_view()

    async def _install(self, trace: Trace) -> None:
        self.failed_algorithm = None
        self.session.use(trace)
        await self.recompose()
        self.refresh_bindings()  # the footer draws the new screen's keys only when told
        self.searching = False
        self.refresh_view()
        self.call_after_refresh(refreeze_heap, self.session.replay.count)  # frees the old widgets and their trace
        self._prebuild_checkpoints()

    def action_switch_algorithm(self) -> None:
        """Searches with the next algorithm (past one that just failed to search this tree)."""
        self._show_new_search(algorithm=self.session.next_algorithm(after=self.failed_algorithm))

    def action_toggle_root(self) -> None:
        self._show_new_search(game=self.session.flipped_root())

    def action_compare(self) -> None:
        """Opens the last two searches compared side by side (at first minimax and the one on screen)."""
        self.stop()
        self._compare(self.attempt(lambda: tuple(parse_configuration(text) for text in self.session.compare_choices())))

    def action_choose_compare(self) -> None:
        """Asks which two searches to compare (any algorithms, with options), then opens them side by side."""
        self.stop()
        left, right = self.session.compare_choices()
        dialog = SearchChoiceDialog({"Left": left, "Right": right}, title="Compare two searches")
        self.app.push_screen(dialog, self._compare)

    def action_choose_search(self) -> None:
        """Asks for the search on screen as "algorithm+option=value" (e.g. alphabeta+tt) and searches with it."""
        dialog = SearchChoiceDialog({"Search": self.session.configuration().text}, title="Search with")
        self._ask(dialog, lambda choice: {"algorithm": choice[0].algorithm.name, "options": dict(choice[0].options)})

    def _ask(self, dialog: ModalScreen, changes: Callable[[Any], dict[str, Any]]) -> None:
        """Shows `dialog`; once it is accepted, searches again with the session's options `changes(choice)`."""
        self.stop()
        self.app.push_screen(
            dialog, lambda choice: None if choice is None else self._show_new_search(**changes(choice))
        )

    def _compare(self, choice: tuple[Configuration, ...] | None) -> None:
        from visualizer.search import trace_search

        if choice is None:
            return
        session, (left, right) = self.session, choice  # the compare dialog asks for two searches
        game = session.game
        assert game is not None  # a replayed trace whose source cannot be rebuilt is not searched again

        def search(configuration: Configuration) -> Trace:
            name, options = configuration.algorithm.name, configuration.options
            return trace_search(game, name, depth=session.depth, strict=session.strict, **options)

        searches = self.attempt(lambda: (search(left), search(right)))
        if searches is not None:
            session.compared = (left.text, right.text)
            self.post_message(OpenCompare(*searches, labels=(left.label, right.label)))

    def action_new_tree(self) -> None:
        """Asks for another tree (opening on this one) and searches it: with the search the tree's source names
        when it names one (a CS188 test's alg), else with the session's."""
        self._ask(NewTreeDialog(self.session.game), lambda game: {"game": game, **_suggested_search(game)})

    def action_depth(self) -> None:
        """Asks for the look-ahead (blank: full depth) and searches again with it."""
        self._ask(DepthDialog(self.session.depth), lambda choice: {"depth": choice.depth})

    # -- files ---------------------------------------------------------------
    def action_export(self) -> None:
        """Saves the trace as NAME.json, NAME.dot and (trees of a drawable size) NAME.svg in the current folder,
        NAME new; never inside the visualizer's own package."""
        from visualizer.export.files import fresh_stem, trace_slug, write_trace_files
        from visualizer.export.formats import EXPORT_FORMATS, formats_for
        from visualizer.pictures.figure import MAX_INLINE_NODES

        folder, package = Path.cwd(), Path(__file__).resolve().parents[2]
        if folder.resolve().is_relative_to(package):
            self.notify(
                f"The current folder is inside the visualizer's package ({package}); start the app from another "
                "folder to export there",
                severity="error",
            )
            return
        trace = self.session.replay.trace
        slug = trace_slug(trace)
        drawn = len(trace.nodes) <= MAX_INLINE_NODES
        formats = tuple(fmt for fmt in formats_for("app") if drawn or EXPORT_FORMATS[fmt].kind == "trace")
        stem = self.attempt(lambda: fresh_stem(folder, slug))
        notes: list[str] = []  # what the SVG collapsed (`visualizer export` options draw more)
        written = (
            None
            if stem is None
            else self.attempt(lambda: write_trace_files(trace, folder, stem, formats, notice=notes.append))
        )
        if stem is None or written is None:
            return
        taken = "" if stem == slug else f" ({slug} was taken; nothing was replaced)"
        collapsed = "".join(f". The SVG {note} of visualizer export" for note in notes)
        saved = escaped("Saved " + ", ".join(str(path) for path in written) + taken + collapsed)
        self.notify(saved, title="Export", markup=False)

    # -- other screens -------------------------------------------------------
    def action_play(self) -> None:
        """Plays this grid game (or tic-tac-toe) against the engine; back to the game if it opened this trace."""
        self.stop()
        game = self.session.game if isinstance(self.session.game, GridGame) else TicTacToe()
        self.post_message(OpenGame(game))

    def action_big_panels(self) -> None:
        """Hides the tree so that the node table, the call stack and the log take the screen (a small terminal's
        longer table and whole sentences); again shows it."""
        self.toggle_class("-big-panels")

    def action_stats(self) -> None:
        """The pruned-tree study: how much alpha-beta saves over minimax as random trees grow."""
        self.stop()
        self.post_message(OpenStats())

    def action_screenshot(self) -> None:
        """Saves the screen as SVG in the current folder, under a new name (never over another file)."""
        name = time.strftime("screenshot-%Y%m%d-%H%M%S")
        path = self.attempt(lambda: write_new_file(".", name, ".svg", self.app.export_screenshot()))
        if path is not None:
            self.notify(f"Saved {path}", title="Screenshot")


def _suggested_search(game: Game) -> dict[str, Any]:
    """The session's `algorithm` and `strict` the tree's source asks for (`SuggestsSearch`), or nothing."""
    suggested = suggested_search(game)
    return {} if suggested is None else {"algorithm": suggested[0], "strict": suggested[1]}
