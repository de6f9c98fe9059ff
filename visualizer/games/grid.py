"""Provides `GridGame`: k-in-a-row on a grid (tic-tac-toe, connect four): rules, board checks, names.

A position is a row-major string of 'X', 'O' and '.', plus the mark to move; X moves first. With gravity
(connect four) a move is a column, else a cell: 0-based in the engine, from 1 wherever people see them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

from visualizer.errors import InputError
from visualizer.games.base import PathNamedGame, Player, Value
from visualizer.games.evaluators import EMPTY, EVALUATORS, MARKS, WINDOWS_WIN, geometry, other_mark, parse_evaluator
from visualizer.games.game_options import GameOption

CACHE_CELLS = 1 << 20
"""Bounds each of a game's position caches to this many cells' worth of positions (a full cache is emptied)."""


def grid_options(default_evaluator: str, *, squares: bool = False) -> tuple[GameOption, ...]:
    """The options of a k-in-a-row game whose evaluator is `default_evaluator` unless chosen; with `squares`, the
    New-tree form shows the board as squares to click."""
    return (
        GameOption(
            "--board",
            "tic-tac-toe or connect four: rows of X, O and . from the top, split by / (empty)",
            metavar="XO.",
            label="Board",
            hint="rows top to bottom split by /; blank: empty",
            squares=squares,
        ),
        GameOption(
            "--player",
            "tic-tac-toe or connect four: the plus player, whose move is computed (the one to move)",
            choices=("X", "O", "x", "o"),
        ),
        GameOption(
            "--eval",
            f"tic-tac-toe or connect four: the static evaluator, one of {', '.join(EVALUATORS)} "
            "(win-loss; connect four: windows)",
            metavar="E",
            label="Evaluator",
            hint=default_evaluator,
            menu=tuple((name, evaluator.description) for name, evaluator in EVALUATORS.items()),
        ),
        GameOption(
            "--symmetry",
            "tic-tac-toe or connect four: merge children that are the same position up to symmetry",
            switch=True,
            label="Symmetry",
            hint="merge symmetric moves",
        ),
    )


class GridState(NamedTuple):
    """A position: the cells row-major ('X', 'O', '.') and the mark to move."""

    board: str
    to_move: str


class GridGame(PathNamedGame):
    """K in a row on an R x C grid, from any legal position; the plus (MAX) player is the mark to move at the
    root, or the other one when `root` is MIN. Subclasses set `kind`, `gravity` and how moves are named."""

    kind = "grid"
    gravity = False
    default_evaluator = "win-loss"

    def __init__(
        self,
        board: str | None,
        *,
        rows: int,
        cols: int,
        connect: int,
        player: str | None = None,
        root: Player = Player.MAX,
        evaluator: str | None = None,
        symmetry: bool = False,
    ):
        self.geometry = geometry(rows, cols, connect, self.gravity)
        self.rows, self.cols, self.connect = rows, cols, connect
        self.board = EMPTY * self.size if board is None else self.parse_board(board)
        to_move = self._to_move(self.board, player)
        self.root_player = root
        self.max_mark = to_move if root is Player.MAX else other_mark(to_move)
        self.evaluator = parse_evaluator(evaluator or self.default_evaluator)
        self._evaluate = EVALUATORS[self.evaluator].function
        self._needs_ply = EVALUATORS[self.evaluator].uses_ply
        self.symmetry = symmetry
        self._root = GridState(self.board, to_move)
        self._root_pieces = self.size - self.board.count(EMPTY)
        self._players = {self.max_mark: Player.MAX, other_mark(self.max_mark): Player.MIN}
        self._cache_limit = max(1, CACHE_CELLS // self.size)
        self._successors: dict[GridState, tuple[tuple[Any, GridState], ...]] = {}  # a search meets positions again
        self._terminal: dict[str, bool] = {}
        self._values: dict[str, Value] = {}

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def board_hint(self) -> str:
        """An example board for error messages."""
        return "/".join([EMPTY * self.cols] * self.rows)

    def parse_board(self, text: str) -> str:
        """Rows of X, O and '.' split by '/' or new lines (or all cells in one run), checked for shape."""
        rows_given = [row.replace(" ", "") for row in text.replace("\n", "/").strip("/").split("/")]
        board = "".join(rows_given).upper().replace("-", EMPTY).replace("_", EMPTY)
        shape = f"{self.rows} rows of {self.cols}"
        if len(rows_given) > 1 and (len(rows_given) != self.rows or any(len(row) != self.cols for row in rows_given)):
            lengths = ",".join(str(len(row)) for row in rows_given)
            raise InputError(
                f"the board has {len(rows_given)} rows of lengths {lengths}; give {shape} of X, O and . "
                f"split by /, e.g. {self.board_hint()}"
            )
        if len(board) != self.size:
            raise InputError(
                f"the board has {len(board)} cells; give {shape} of X, O and . "
                f"(rows may be separated by /), e.g. {self.board_hint()}"
            )
        for position, char in enumerate(board):
            if char not in "XO" + EMPTY:
                raise InputError(f"the board has {char!r} at {self.cell_name(position)}; use only X, O and .")
        return board

    def cell_name(self, index: int) -> str:
        row, col = divmod(index, self.cols)
        return f"row {row + 1}, column {col + 1}"

    def _to_move(self, board: str, player: str | None) -> str:
        """Whose move it is, checking that the counts and winners could happen (X moves first)."""
        x_count, o_count = board.count("X"), board.count("O")
        if x_count not in (o_count, o_count + 1):
            raise InputError(
                f"the board has {x_count} X and {o_count} O; X moves first, so X must have as many pieces "
                "as O or one more"
            )
        inferred = "X" if x_count == o_count else "O"
        if player is not None:
            player = player.strip().upper()
            if player not in MARKS:
                raise InputError(f"--player is {player!r}; use X or O")
            if player != inferred:
                raise InputError(
                    f"the board has {x_count} X and {o_count} O, so it is {inferred}'s move, not {player}'s; "
                    "drop --player or fix the board"
                )
        winners = [mark for mark in MARKS if any(all(board[i] == mark for i in line) for line in self.geometry.windows)]
        if len(winners) > 1:
            raise InputError(
                "the board has winning lines for both X and O; at most one player can have won, so fix the board"
            )
        if winners == [inferred]:  # the winner is to move again: the loser has moved since the line was made
            loser = other_mark(inferred)
            raise InputError(
                f"{inferred} has a winning line but {loser} has moved since; the game ends at a line, so remove "
                f"the extra {loser}"
            )
        return inferred

    def root(self) -> GridState:
        return self._root

    def moves(self, board: str) -> list[tuple[Any, int]]:
        """(move, cell the piece lands on) for every legal move, in the order the search tries them."""
        return [(cell, cell) for cell, mark in enumerate(board) if mark == EMPTY]

    def successors(self, state: GridState) -> list[tuple[Any, GridState]]:
        children = self._successors.get(state)
        if children is None:
            children = self._remember(self._successors, state, tuple(self._new_successors(state)))
        return list(children)

    def _new_successors(self, state: GridState) -> list[tuple[Any, GridState]]:
        board, mark = state
        if self.geometry.winner(board):
            return []
        after = other_mark(mark)
        children = [
            (move, GridState(board[:cell] + mark + board[cell + 1 :], after)) for move, cell in self.moves(board)
        ]
        if self.symmetry and len(children) > 1:  # the first child of each position up to symmetry
            kept: dict[str, tuple[Any, GridState]] = {}
            for move, child in children:
                kept.setdefault(self.geometry.canonical(child.board), (move, child))
            children = list(kept.values())
        return children

    def is_terminal(self, state: GridState) -> bool:
        board = state.board
        terminal = self._terminal.get(board)
        if terminal is None:
            terminal = self._remember(
                self._terminal, board, self.geometry.winner(board) is not None or EMPTY not in board
            )
        return terminal

    def player(self, state: GridState) -> Player:
        return self._players[state.to_move]

    def static_value(self, state: GridState) -> Value:
        board = state.board
        value = self._values.get(board)
        if value is None:
            ply = self.size - board.count(EMPTY) - self._root_pieces if self._needs_ply else 0
            value = self._remember(self._values, board, self._evaluate(self.geometry, board, self.max_mark, ply))
        return value

    def _remember(self, cache: dict[Any, Any], key: Any, fact: Any) -> Any:
        """Stores `fact` under `key` in a position cache (emptied first when full); returns it."""
        if len(cache) >= self._cache_limit:
            cache.clear()
        cache[key] = fact
        return fact

    @property
    def knows_outcomes(self) -> bool:
        """True when a full search's value says who wins (its sign); false for adjacency."""
        return EVALUATORS[self.evaluator].knows_outcome

    def is_decisive(self, value: Value) -> bool:
        """True when `value` can only come from a won or lost game end (not from a heuristic guess)."""
        if self.evaluator in ("win-loss", "discounted"):
            return value != 0
        if self.evaluator == "open-lines":
            return abs(value) == len(self.geometry.windows) + 1
        if self.evaluator == "windows":
            return abs(value) > WINDOWS_WIN - self.size - 1
        return False  # adjacency does not know who has won

    def winner(self, state: GridState) -> str | None:
        """'X' or 'O' when that mark has won, else None."""
        return self.geometry.winner(state.board)

    def play(self, move: Any) -> GridGame:
        """The same game from the position after `move` at the root (MAX: whoever moves next)."""
        if not self.is_terminal(self._root):
            mark = self._root.to_move
            for legal, cell in self.moves(self.board):
                if legal == move:
                    return type(self)(self.board[:cell] + mark + self.board[cell + 1 :], **self._options())
        raise InputError(f"{self.move_phrase(self._root, move)} is not a legal move here")

    def legal_moves(self) -> list[Any]:
        """The moves at the root (all of them, even with --symmetry)."""
        return [] if self.is_terminal(self._root) else [move for move, _ in self.moves(self.board)]

    def _options(self) -> dict[str, Any]:
        return {"evaluator": self.evaluator, "symmetry": self.symmetry}

    def move_number(self, move: int) -> int:
        """The move as people count it, from 1: square 1..R*C row by row, or column 1..C with gravity."""
        return move + 1

    def move_label(self, state: GridState, move: Any) -> str:
        """The move in node names: the mark and the number, e.g. "X5" for X in the centre square."""
        return f"{state.to_move}{self.move_number(move)}"

    def move_labels(self, states: Iterable[GridState], moves: Sequence[Any], depths: Collection[int]) -> Iterable[str]:
        """`move_label` in bulk, without a look at the states: the marks alternate from the root's mover."""
        if type(self).move_label is not GridGame.move_label:  # a subclass that names moves its own way
            return super().move_labels(states, moves, depths)
        first = self._root.to_move  # moves at even depths: it makes the moves to the odd ones
        marks = (other_mark(first), first)
        labels = np.array(
            [f"{mark}{self.move_number(move)}" for mark in marks for move in range(self.size)], dtype=object
        )
        named: Iterable[str] = labels[
            (np.asarray(depths, dtype=np.intp) & 1) * self.size + np.asarray(moves, dtype=np.intp)
        ]
        return named

    def move_value(self, move: Any) -> int:
        """The move as `best_move` and the trace report it: its number from 1."""
        return self.move_number(move)

    def move_from_value(self, value: int) -> Any:
        """The inverse of `move_value`."""
        return value - 1

    def move_phrase(self, state: GridState, move: Any) -> str:
        """The move in words, e.g. "X at square 5 (row 2, column 2)"."""
        return f"{state.to_move} at {self.cell_name(move)}"

    def board_text(self, state: GridState) -> str:
        board, cols = state.board, self.cols
        return "\n".join(board[row : row + cols] for row in range(0, self.size, cols))

    def describe(self) -> str:
        """A one-line description, e.g. "tic-tac-toe X.O/.X./..O, X to move" (each game words its own)."""
        raise NotImplementedError

    def board_slashes(self) -> str:
        """The root board as rows split by '/'."""
        return self.board_text(self._root).replace("\n", "/")

    def _settings_text(self) -> str:
        values = "" if self.evaluator == self.default_evaluator else f", {self.evaluator} values"
        return values + (", symmetric moves merged" if self.symmetry else "")

    @classmethod
    def settings_slug(cls, spec: dict[str, Any]) -> str:
        """The end of its traces' file-name stem: the board ("empty", or its cells with "_" for "."), then
        "-EVALUATOR" unless the default one and "-sym" with symmetry."""
        board = spec["board"]
        ending = "empty" if set(board) == {EMPTY} else board.replace(EMPTY, "_")
        ending += "" if spec.get("eval", cls.default_evaluator) == cls.default_evaluator else f"-{spec['eval']}"
        return ending + ("-sym" if spec.get("symmetry") else "")

    @classmethod
    def from_options(cls, options: Mapping[str, Any], root: Player | None) -> GridGame:
        """The game of its options (`grid_options` and the board's shape, `shape_options`); a blank board is empty."""
        return cls(
            options["board"] or None,
            player=options["player"],
            root=root or Player.MAX,
            evaluator=options["eval"],
            symmetry=bool(options["symmetry"]),
            **cls.shape_options(options),
        )

    @classmethod
    def shape_options(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """The board's shape (rows, columns, connect) as its options give it: none for a fixed board."""
        return {}

    @classmethod
    def to_options(cls, spec: dict[str, Any]) -> dict[str, Any]:
        """The options that rebuild `spec`'s game (the board as rows split by /, blank when empty)."""
        board, cols = spec["board"], spec.get("cols", 3)
        rows = "/".join(board[start : start + cols] for start in range(0, len(board), cols))
        return {"board": rows.strip(EMPTY + "/") and rows, "eval": spec.get("eval"), "symmetry": spec.get("symmetry")}

    def spec(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "board": self.board,
            "player": self._root.to_move,
            "root": self.root_player.value,
            "eval": self.evaluator,
            "symmetry": self.symmetry,
        }
