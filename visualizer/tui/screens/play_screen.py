"""Provides `PlayScreen`: tic-tac-toe or connect four against the engine, each engine move a trace to open."""

from __future__ import annotations

import time
from functools import partial

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from visualizer.errors import VisualizerError
from visualizer.games import GridGame
from visualizer.match import Match
from visualizer.session import Session
from visualizer.tracing import Trace
from visualizer.tui.dialogs.play_settings import PlayChoice, PlaySettingsDialog
from visualizer.tui.navigation import OpenSearch
from visualizer.tui.screens.app_screen import HELP_BINDING, Abandoned, AppScreen, stop_if_cancelled
from visualizer.tui.widgets.board_view import BoardView, MoveHistory
from visualizer.tui.widgets.panels import KeyFooter

__all__ = ["PlayScreen"]

CURSOR_KEYS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
"""Arrow key -> (rows, columns) the cursor moves."""


class PlayScreen(AppScreen):
    """The board, whose turn it is, the moves so far and the engine's settings; the engine thinks in a worker
    thread, whose answer is dropped when the position changed meanwhile."""

    CSS_PATH = "play_screen.tcss"
    AUTO_FOCUS = None
    BINDINGS = [
        HELP_BINDING,
        *[Binding(str(key), f"play_key({key - 1})", f"Play {key}", show=False) for key in range(1, 10)],
        *[Binding(key, f"cursor({rows}, {cols})", "Cursor", show=False) for key, (rows, cols) in CURSOR_KEYS.items()],
        Binding("enter,space", "play_cursor", "Play", key_display="⏎"),
        Binding("u", "undo", "Undo"),
        Binding("n", "new_game", "New game"),
        Binding("t", "open_tree", "Engine's tree"),
        Binding("s", "settings", "Settings"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, match: Match, *, can_go_back: bool = False) -> None:
        super().__init__()
        self.match = match
        self.can_go_back = can_go_back
        self.cursor = 0  # the keyboard cursor: a cell, or a column with gravity
        self.thinking = False  # True while the engine searches
        self.generation = 0  # bumped whenever the position changes, so a search started before is recognised as stale
        self.thinking_since = 0.0  # when the running search started (time.monotonic).
        self.nodes = 0  # nodes the running search has entered, as last reported
        self.message = ""  # the last refusal or error ("" when the last action went through)
        self.status = ""  # the status line on screen (for tests)

    def compose(self) -> ComposeResult:
        game = self.match.game
        board_view = BoardView(game.rows, game.cols, gravity=game.gravity, id="board-view")
        board_view.border_title = (
            "tic-tac-toe" if not game.gravity else f"connect {game.connect}, {game.rows}x{game.cols}"
        )
        settings = Static(id="play-settings", markup=False)
        settings.border_title = "Settings (s)"
        history = MoveHistory(id="move-history")
        history.border_title = "Moves"
        with Horizontal(id="play-main"):
            with Vertical(id="play-board-pane"):
                yield board_view
                yield Static(self._hint(), id="play-hint")
            with Vertical(id="play-side"):
                yield settings
                yield history
        yield Static(id="play-status", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._changed()

    def _hint(self) -> str:
        game = self.match.game
        if game.gravity:
            return f"1-{min(game.cols, 9)} or click a column: drop a piece\n← → then ⏎: choose and drop"
        return "1-9 or click: take a square\narrows then ⏎: choose and take"

    # -- showing -------------------------------------------------------------
    def refresh_view(self) -> None:
        """Shows the match (attributes down)."""
        match = self.match
        last = match.turns[-1].cell if match.turns else None
        self.query_one(BoardView).show(match.game.board, cursor=self.cursor, last=last, winning=match.winning_cells())
        self.query_one("#play-settings", Static).update(match.describe_settings())
        lines = [match.describe_turn(number, turn) for number, turn in enumerate(match.turns, 1)]
        self.query_one(MoveHistory).show(lines)
        self.show_status()

    def show_status(self) -> None:
        """Whose turn it is, the engine's progress, or the result; after any refusal or error."""
        match = self.match
        if match.is_over:
            winner = match.winner
            whose = "" if winner is None else (" - you win" if winner == match.settings.human else " - the engine wins")
            line = f"Game over: {match.result}{whose}. n: new game, u: undo, t: the engine's last search."
        elif self.thinking:
            seconds = time.monotonic() - self.thinking_since
            line = (
                f"{match.settings.engine} (engine) is thinking with {match.settings.algorithm}: "
                f"{self.nodes:,} nodes entered, {seconds:.1f} s..."
            )
        elif match.is_engine_turn:
            line = f"{match.settings.engine} (engine) to move: change the settings (s) to let it try again."
        else:
            line = f"Your move ({match.to_move})."
        self.status = f"{self.message}  {line}" if self.message and not match.is_over else line
        self.query_one("#play-status", Static).update(self.status)

    def refuse(self, message: str) -> None:
        """Says why an action did nothing."""
        self.message = message[:1].upper() + message[1:] + "."
        self.notify(self.message, severity="warning", markup=False)
        self.show_status()

    def _changed(self) -> None:
        """After the position or the settings changed: redraw, and let the engine move if it is its turn."""
        self.message = ""
        self.generation += 1
        self._stop_thinking()
        self.refresh_view()
        if self.match.is_engine_turn:
            self._start_thinking()

    # -- the user's moves ----------------------------------------------------
    def play(self, move) -> None:
        """Plays the user's move, or says why not (nothing changes)."""
        if self.thinking:
            self.refuse("the engine is thinking; wait for its move")
            return
        try:
            self.match.play(move)
        except VisualizerError as error:
            self.refuse(str(error))
            return
        self._changed()

    def action_play_key(self, index: int) -> None:
        """Digit key `index + 1`: that square, or that column."""
        game = self.match.game
        if index >= (game.cols if game.gravity else game.rows * game.cols):
            self.refuse(f"there is no {'column' if game.gravity else 'square'} {index + 1} on this board")
            return
        self.cursor = index
        self.play(index)

    def action_cursor(self, rows: int, cols: int) -> None:
        game = self.match.game
        if game.gravity:
            self.cursor = (self.cursor + cols) % game.cols
        else:
            row, col = divmod(self.cursor, game.cols)
            self.cursor = (row + rows) % game.rows * game.cols + (col + cols) % game.cols
        self.refresh_view()

    def action_play_cursor(self) -> None:
        self.play(self.match.move_at(self.cursor))

    @on(BoardView.Chosen)
    def _cell_clicked(self, event: BoardView.Chosen) -> None:
        move = self.match.move_at(event.cell)
        self.cursor = move
        self.play(move)

    # -- the engine ----------------------------------------------------------
    def _start_thinking(self) -> None:
        """Lets the engine search in a worker thread; its answer is dropped once the position changed."""
        self.thinking, self.nodes, self.thinking_since = True, 0, time.monotonic()
        self.timer = self.set_interval(0.2, self.show_status)  # redraws the thinking line
        self.show_status()
        generation, call = self.generation, self.app.call_from_thread

        def report(nodes: int) -> None:
            if generation != self.generation:
                raise Abandoned
            stop_if_cancelled()
            call(self._progress, generation, nodes)

        job = partial(self.match.search, self.match.game, progress=report)
        self.in_thread(job, partial(self._engine_moved, generation), partial(self._engine_failed, generation), "engine")

    def _progress(self, generation: int, nodes: int) -> None:
        if generation == self.generation:
            self.nodes = nodes
            self.show_status()

    def _engine_moved(self, generation: int, trace: Trace) -> None:
        if generation != self.generation:
            return  # the position changed while it thought
        self.match.answer(trace)
        self._changed()

    def _engine_failed(self, generation: int, message: str) -> None:
        if generation != self.generation:
            return
        self._stop_thinking()
        self.refuse(f"the engine could not move: {message}; press s for a smaller depth")

    def _stop_thinking(self) -> None:
        self.thinking = False
        self.stop()

    # -- controls ------------------------------------------------------------
    def action_undo(self) -> None:
        """Takes back the user's last move and the engine's reply."""
        if not self.match.undo():
            self.refuse("nothing to take back: you have not moved yet")
            return
        self._changed()

    async def action_new_game(self, game: GridGame | None = None) -> None:
        """Starts again from the opening position (or on `game`, redrawing the board for its shape)."""
        self.match.new_game(game)
        self.cursor = 0
        if game is not None:
            await self.recompose()
        self._changed()

    def action_settings(self) -> None:
        self.app.push_screen(PlaySettingsDialog(self.match.settings), self._use_settings)

    async def _use_settings(self, choice: PlayChoice | None) -> None:
        if choice is None:
            return
        self.match.configure(choice.settings)
        if choice.game is not None:
            await self.action_new_game(choice.game)
            return
        self._changed()

    def action_open_tree(self) -> None:
        """Steps through the search behind the engine's last move (export it there with e)."""
        turn = self.match.last_engine_turn()
        if turn is None:
            self.refuse("the engine has not moved yet")
            return
        trace = turn.trace
        assert trace is not None  # an engine's turn holds its search
        self.post_message(OpenSearch(Session(turn.before, trace.algorithm, trace.depth_limit, False, trace)))
