"""Provides `Match`, `PlaySettings` and `Turn`: a grid game between the user and the engine, without Textual."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from visualizer.errors import InputError
from visualizer.games import GridGame, lookahead
from visualizer.games.base import format_value
from visualizer.games.evaluators import EMPTY, parse_evaluator
from visualizer.games.registry import from_spec
from visualizer.search import parse_algorithm, trace_search
from visualizer.tracing import Trace

__all__ = ["Match", "PlaySettings", "Turn", "move_name"]

SIDES = ("X", "O")
"""The marks the user may play; X moves first."""


@dataclass(frozen=True)
class PlaySettings:
    """How the engine plays (algorithm, look-ahead: None lets the game choose, evaluator) and the user's mark."""

    human: str = "X"
    algorithm: str = "alphabeta"
    depth: int | None = None
    evaluator: str = "win-loss"

    def checked(self) -> PlaySettings:
        """The same settings in canonical spelling, or an InputError naming the bad one."""
        human = self.human.strip().upper()
        if human not in SIDES:
            raise InputError(f"the side is {self.human!r}; play X (moves first) or O")
        if self.depth is not None and self.depth < 1:
            raise InputError(f"the depth is {self.depth}; the engine needs at least 1 ply to choose a move")
        return replace(
            self, human=human, algorithm=parse_algorithm(self.algorithm), evaluator=parse_evaluator(self.evaluator)
        )

    @property
    def engine(self) -> str:
        return "O" if self.human == "X" else "X"


@dataclass(frozen=True)
class Turn:
    """One move of the game: who moved, the move (0-based; people see it from 1), the cell it landed on,
    the position it was played from (its mover as MAX), and the engine's search (None for the user's)."""

    mark: str
    move: Any
    cell: int
    before: GridGame
    trace: Trace | None = None

    @property
    def by_engine(self) -> bool:
        return self.trace is not None


def move_name(game: GridGame, cell: int) -> str:
    """A cell as the keys count (from 1): "row 2, column 3", or "column 3" with gravity."""
    row, col = divmod(cell, game.cols)
    return f"column {col + 1}" if game.gravity else f"row {row + 1}, column {col + 1}"


class Match:
    """The position, the moves so far and the settings; the screen runs `search` in a thread."""

    def __init__(self, game: GridGame, settings: PlaySettings | None = None) -> None:
        if not isinstance(game, GridGame):
            raise InputError("play needs a tic-tac-toe or connect-four game")
        self.settings = (settings or PlaySettings(evaluator=game.evaluator)).checked()
        self.start = self._rebuild(game)
        """The opening position, its mover as MAX, with the settings' evaluator."""
        self.game = self.start
        self.turns: list[Turn] = []
        self.new_game()

    def _rebuild(self, game: GridGame, **changes: Any) -> GridGame:
        """`game` with its mover as MAX and the settings' evaluator (plus any spec `changes`)."""
        rebuilt = from_spec({**game.spec(), "root": "max", "eval": self.settings.evaluator, **changes})
        assert isinstance(rebuilt, GridGame)
        return rebuilt

    # -- the position --------------------------------------------------------
    @property
    def to_move(self) -> str:
        return self.game.root().to_move

    @property
    def winner(self) -> str | None:
        return self.game.winner(self.game.root())

    @property
    def is_over(self) -> bool:
        return self.game.is_terminal(self.game.root())

    @property
    def is_engine_turn(self) -> bool:
        return not self.is_over and self.to_move == self.settings.engine

    @property
    def result(self) -> str | None:
        """The outcome once the game is over ("X wins", "O wins" or "draw"), else None."""
        if not self.is_over:
            return None
        return f"{self.winner} wins" if self.winner else "draw"

    def winning_cells(self) -> set[int]:
        """The cells of the winner's lines (empty while nobody has won)."""
        board, mark, windows = self.game.board, self.winner, self.game.geometry.windows
        return {cell for window in windows if mark and all(board[i] == mark for i in window) for cell in window}

    # -- moves ---------------------------------------------------------------
    def move_at(self, cell: int) -> Any:
        """The user's move for a clicked cell: the cell itself, or its column with gravity."""
        return cell % self.game.cols if self.game.gravity else cell

    def play(self, move: Any) -> Turn:
        """The user's move; an InputError (nothing changes) if it is not the user's turn or not legal."""
        game = self.game
        if self.is_over:
            raise InputError(f"the game is over ({self.result}); press n for a new game")
        if self.is_engine_turn:
            raise InputError("it is the engine's move; wait for it")
        if move not in game.legal_moves():
            if game.gravity:
                raise InputError(f"column {move + 1} is full; choose another column")
            raise InputError(f"{move_name(game, move)} is taken; choose an empty square")
        return self._push(move, None)

    def search(self, game: GridGame, progress: Callable[[int], None] | None = None) -> Trace:
        """The engine's search of `game` (the position when it started thinking); safe in a thread."""
        settings = self.settings
        depth = lookahead(game, settings.depth)
        return trace_search(game, settings.algorithm, depth=depth, progress=progress)

    def answer(self, trace: Trace) -> Turn:
        """Plays the engine's move: the best move of `trace`, a search of the current position."""
        return self._push(self.game.move_from_value(trace.summary.best_move), trace)

    def _push(self, move: Any, trace: Trace | None) -> Turn:
        before = self.game
        self.game = before.play(move)
        cell = next(index for index, (old, new) in enumerate(zip(before.board, self.game.board)) if old != new)
        turn = Turn(before.root().to_move, move, cell, before, trace)
        self.turns.append(turn)
        return turn

    def undo(self) -> list[Turn]:
        """Takes back the moves after the user's last one, and that one; returns them (none if the user
        has not moved yet)."""
        if all(turn.by_engine for turn in self.turns):
            return []
        removed: list[Turn] = []
        while not removed or removed[-1].by_engine:
            removed.append(self.turns.pop())
        self.game = self._rebuild(removed[-1].before)
        return removed

    def last_engine_turn(self) -> Turn | None:
        return next((turn for turn in reversed(self.turns) if turn.by_engine), None)

    # -- settings ------------------------------------------------------------
    def new_game(self, game: GridGame | None = None) -> None:
        """Starts again from the opening position (or from `game`); an empty board if that one is over."""
        start = self._rebuild(game) if game is not None else self.start
        if start.is_terminal(start.root()):
            start = self._rebuild(start, board=EMPTY * (start.rows * start.cols), player="X")
        self.start = self.game = start
        self.turns = []

    def configure(self, settings: PlaySettings) -> None:
        """Uses new settings from the next engine move on; a new evaluator applies to this position too."""
        self.settings = settings.checked()
        self.start, self.game = self._rebuild(self.start), self._rebuild(self.game)

    # -- words ---------------------------------------------------------------
    def describe_turn(self, number: int, turn: Turn) -> str:
        """One line of the move list, e.g. "2. O row 1, column 1 (engine: value 0, 2,338 nodes)"."""
        line = f"{number}. {turn.mark} {move_name(turn.before, turn.cell)}"
        if turn.trace is None:
            return line + " (you)" if turn.mark == self.settings.human else line
        summary = turn.trace.summary
        return f"{line} (engine: value {format_value(summary.value)} for {turn.mark}, {summary.nodes_visited:,} nodes)"

    def describe_settings(self) -> str:
        """The sides and the engine's settings, one a line."""
        settings = self.settings
        depth = lookahead(self.game, settings.depth)
        depth_text = "to the end" if depth is None else f"depth {depth}"
        if settings.depth is None:
            depth_text += " (auto)"
        order = {"X": "first", "O": "second"}
        return (
            f"You: {settings.human} (moves {order[settings.human]})\n"
            f"Engine: {settings.engine}, {settings.algorithm}, {depth_text}\n"
            f"Values: {settings.evaluator}"
        )
