"""Provides `GridGame`: k-in-a-row on a grid (tic-tac-toe, connect four), with its evaluators and symmetries.

A position is a row-major string of 'X', 'O' and '.', plus the mark to move. X moves first. With
gravity (connect four) a move is a column and the piece drops to the lowest empty cell; without it a
move is a cell.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, NamedTuple

from visualizer.errors import InputError
from visualizer.games.base import PathNamedGame, Player, Value

__all__ = [
    "DISCOUNT_WIN",
    "EMPTY",
    "EVALUATORS",
    "GridGame",
    "GridState",
    "Geometry",
    "geometry",
    "parse_evaluator",
]

EMPTY = "."
MARKS = ("X", "O")

DISCOUNT_WIN = 2520
"""The `discounted` evaluator's win at ply 1; 2520 divides by every ply up to 10, so tic-tac-toe values stay whole."""

WINDOW_WEIGHTS = (0, 1, 4, 16, 64, 256, 1024)
"""The `windows` evaluator's worth of an open window holding 0, 1, 2, ... own pieces."""

WINDOWS_WIN = 100_000
"""The `windows` evaluator's value of a win at the root (more than any sum of open windows); each ply
later takes 1 off, so the engine takes the quickest win and puts off a loss as long as it can."""


class GridState(NamedTuple):
    """A position: the cells row-major ('X', 'O', '.') and the mark to move."""

    board: str
    to_move: str


def other_mark(mark: str) -> str:
    """'O' for 'X' and 'X' for 'O'."""
    return "O" if mark == "X" else "X"


class Geometry:
    """The fixed facts of an R x C board with lines of K: its windows, neighbours and symmetries."""

    def __init__(self, rows: int, cols: int, connect: int, gravity: bool):
        self.rows, self.cols, self.connect, self.gravity = rows, cols, connect, gravity
        self.size = rows * cols
        self.windows = tuple(self._windows())
        """Every line of `connect` cells: rows, columns, then both diagonals."""
        self.symmetries = tuple(self._symmetries())
        """Cell permutations (`new[i] = old[perm[i]]`) that map the board onto itself, identity first."""
        self.winner: Callable[[str], str | None] = lru_cache(maxsize=1 << 20)(self._find_winner)
        """'X' or 'O' if that mark fills a window of the board, else None (cached: searches ask again and again)."""

    def _windows(self):
        rows, cols, k = self.rows, self.cols, self.connect
        for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for row in range(rows):
                for col in range(cols):
                    end_row, end_col = row + d_row * (k - 1), col + d_col * (k - 1)
                    if 0 <= end_row < rows and 0 <= end_col < cols:
                        yield tuple((row + d_row * i) * cols + col + d_col * i for i in range(k))

    def _symmetries(self):
        rows, cols = self.rows, self.cols
        maps: list[Callable[[int, int], tuple[int, int]]] = [
            lambda r, c: (r, c),
            lambda r, c: (r, cols - 1 - c),  # mirror left-right
        ]
        if not self.gravity:  # pieces do not fall, so up-down flips and turns keep positions legal
            maps += [lambda r, c: (rows - 1 - r, c), lambda r, c: (rows - 1 - r, cols - 1 - c)]
            if rows == cols:
                maps += [
                    lambda r, c: (c, r),
                    lambda r, c: (cols - 1 - c, rows - 1 - r),
                    lambda r, c: (c, rows - 1 - r),
                    lambda r, c: (cols - 1 - c, r),
                ]
        seen = []
        for mapping in maps:
            perm = tuple(mapping(*divmod(i, cols))[0] * cols + mapping(*divmod(i, cols))[1] for i in range(self.size))
            if perm not in seen:
                seen.append(perm)
        return seen

    def _find_winner(self, board: str) -> str | None:
        for window in self.windows:
            mark = board[window[0]]
            if mark != EMPTY and all(board[i] == mark for i in window):
                return mark
        return None

    def canonical(self, board: str) -> str:
        """The smallest image of the board under the symmetries: equal for symmetric positions."""
        return min("".join(board[i] for i in perm) for perm in self.symmetries)

    def longest_run(self, board: str, mark: str) -> int:
        """The most pieces of `mark` next to each other in a straight line (row, column or diagonal)."""
        best = 0
        rows, cols = self.rows, self.cols
        for index, cell in enumerate(board):
            if cell != mark:
                continue
            row, col = divmod(index, cols)
            best = max(best, 1)
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                prev_row, prev_col = row - d_row, col - d_col
                if 0 <= prev_row < rows and 0 <= prev_col < cols and board[prev_row * cols + prev_col] == mark:
                    continue  # not the start of a run in this direction
                length, r, c = 0, row, col
                while 0 <= r < rows and 0 <= c < cols and board[r * cols + c] == mark:
                    length, r, c = length + 1, r + d_row, c + d_col
                best = max(best, length)
        return best


@lru_cache(maxsize=None)
def geometry(rows: int, cols: int, connect: int, gravity: bool) -> Geometry:
    """The shared `Geometry` of a board shape."""
    return Geometry(rows, cols, connect, gravity)


# Evaluators: (geometry, board, plus mark, ply since the root) -> value for the plus mark.
Evaluator = Callable[[Geometry, str, str, int], Value]


def _win_loss(geo: Geometry, board: str, plus: str, ply: int) -> int:
    mark = geo.winner(board)
    return 0 if mark is None else (1 if mark == plus else -1)


def _open_lines(geo: Geometry, board: str, plus: str, ply: int) -> int:
    mark = geo.winner(board)
    if mark is not None:
        win = len(geo.windows) + 1  # 9 on a tic-tac-toe board, as in the textbook
        return win if mark == plus else -win
    minus = other_mark(plus)
    open_plus = sum(1 for window in geo.windows if all(board[i] != minus for i in window))
    open_minus = sum(1 for window in geo.windows if all(board[i] != plus for i in window))
    return open_plus - open_minus


def _adjacency(geo: Geometry, board: str, plus: str, ply: int) -> int:
    return geo.longest_run(board, plus) - geo.longest_run(board, other_mark(plus))


def _discounted(geo: Geometry, board: str, plus: str, ply: int) -> int:
    mark = geo.winner(board)
    if mark is None:
        return 0
    worth = round(DISCOUNT_WIN / max(ply, 1))
    return worth if mark == plus else -worth


def _windows(geo: Geometry, board: str, plus: str, ply: int) -> int:
    mark = geo.winner(board)
    if mark is not None:
        return WINDOWS_WIN - ply if mark == plus else ply - WINDOWS_WIN
    minus = other_mark(plus)
    score = 0
    for window in geo.windows:
        cells = [board[i] for i in window]
        if minus not in cells:
            score += WINDOW_WEIGHTS[min(cells.count(plus), len(WINDOW_WEIGHTS) - 1)]
        elif plus not in cells:
            score -= WINDOW_WEIGHTS[min(cells.count(minus), len(WINDOW_WEIGHTS) - 1)]
    return score


EVALUATORS: dict[str, tuple[Evaluator, str]] = {
    "win-loss": (_win_loss, "+1 win, 0 draw or unfinished, -1 loss"),
    "open-lines": (_open_lines, "lines still open for plus minus lines open for minus; a win +9, a loss -9 "
                                "(on bigger boards: windows + 1)"),
    "adjacency": (_adjacency, "plus's longest straight run of pieces minus minus's (the lecture slides' value)"),
    "discounted": (_discounted, f"a win is worth {DISCOUNT_WIN} divided by the ply it happens at, a loss "
                                "the negative; quicker wins score more"),
    "windows": (_windows, "open windows of K cells weighted 1, 4, 16, ... by the pieces they hold, plus's "
                          f"minus minus's; a win {WINDOWS_WIN:,} less the plies it takes"),
}
"""Name -> (function, one-line description). Every value is from the plus (MAX) player's view."""


PLY_EVALUATORS = ("discounted", "windows")
"""The evaluators that use the ply (moves since the root)."""


def parse_evaluator(name: str) -> str:
    """A user's evaluator name to a key of `EVALUATORS`."""
    key = name.strip().lower().replace("_", "-")
    key = {"openlines": "open-lines", "winloss": "win-loss", "open-windows": "windows"}.get(key, key)
    if key not in EVALUATORS:
        raise InputError(f"--eval is {name!r}; choose one of {', '.join(EVALUATORS)}")
    return key


class GridGame(PathNamedGame):
    """K in a row on an R x C grid, from any legal position; X moves first.

    The plus (MAX) player is the mark to move at the root, or the other one when `root` is MIN.
    Subclasses set `kind`, `gravity` and how moves are named.
    """

    kind = "grid"
    gravity = False
    default_evaluator = "win-loss"

    def __init__(
        self,
        board: str,
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
        self.board = self.parse_board(board)
        to_move = self._to_move(self.board, player)
        self.root_player = root
        self.max_mark = to_move if root is Player.MAX else other_mark(to_move)
        self.evaluator = parse_evaluator(evaluator or self.default_evaluator)
        self._evaluate = EVALUATORS[self.evaluator][0]
        self._needs_ply = self.evaluator in PLY_EVALUATORS
        self.symmetry = symmetry
        self._root = GridState(self.board, to_move)
        self._root_pieces = self.size - self.board.count(EMPTY)

    @property
    def size(self) -> int:
        return self.rows * self.cols

    # --- parsing and validation -------------------------------------------------------------

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
        x_wins = any(all(board[i] == "X" for i in window) for window in self.geometry.windows)
        o_wins = any(all(board[i] == "O" for i in window) for window in self.geometry.windows)
        if x_wins and o_wins:
            raise InputError("the board has winning lines for both X and O; at most one player can have won, "
                             "so fix the board")
        if x_wins and inferred != "O":
            raise InputError("X has a winning line but O has moved since; the game ends at a line, so remove "
                             "the extra O")
        if o_wins and inferred != "X":
            raise InputError("O has a winning line but X has moved since; the game ends at a line, so remove "
                             "the extra X")
        return inferred

    # --- rules --------------------------------------------------------------------------------

    def root(self) -> GridState:
        return self._root

    def moves(self, board: str) -> list[tuple[Any, int]]:
        """(move, cell the piece lands on) for every legal move, in the order the search tries them."""
        return [(cell, cell) for cell in range(self.size) if board[cell] == EMPTY]

    def successors(self, state: GridState) -> list[tuple[Any, GridState]]:
        board, mark = state
        if self.geometry.winner(board):
            return []
        after = other_mark(mark)
        children = [
            (move, GridState(board[:cell] + mark + board[cell + 1 :], after)) for move, cell in self.moves(board)
        ]
        if self.symmetry and len(children) > 1:
            seen: set[str] = set()
            kept = []
            for move, child in children:
                key = self.geometry.canonical(child.board)
                if key not in seen:
                    seen.add(key)
                    kept.append((move, child))
            children = kept
        return children

    def is_terminal(self, state: GridState) -> bool:
        return self.geometry.winner(state.board) is not None or EMPTY not in state.board

    def player(self, state: GridState) -> Player:
        return Player.MAX if state.to_move == self.max_mark else Player.MIN

    def static_value(self, state: GridState) -> Value:
        board = state.board
        ply = self.size - board.count(EMPTY) - self._root_pieces if self._needs_ply else 0
        return self._evaluate(self.geometry, board, self.max_mark, ply)

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
        """The same game (shape, evaluator, symmetry) from the position after `move` at the root.

        The new root is MAX, so values are from the view of whoever moves next.
        """
        if not self.is_terminal(self._root):
            mark = self._root.to_move
            for legal, cell in self.moves(self.board):
                if legal == move:
                    return type(self)(self.board[:cell] + mark + self.board[cell + 1 :], **self._options())
        raise InputError(f"{self.move_phrase(self._root, move)} is not a legal move here")

    def suggested_depth(self) -> int | None:
        """The look-ahead to use when the user gives none (None: to the end of the game)."""
        return None

    def legal_moves(self) -> list[Any]:
        """The moves at the root (all of them, even with --symmetry)."""
        if self.is_terminal(self._root):
            return []
        return [move for move, _ in self.moves(self.board)]

    def _options(self) -> dict[str, Any]:
        """Keyword arguments that rebuild this game's settings on another board."""
        return {"evaluator": self.evaluator, "symmetry": self.symmetry}

    # --- naming and drawing -----------------------------------------------------------------

    def move_label(self, state: GridState, move: Any) -> str:
        return f"{state.to_move}{move}"

    def move_phrase(self, state: GridState, move: Any) -> str:
        """The move in words, e.g. "X at square 4 (row 2, column 2)"."""
        return f"{state.to_move} at {self.cell_name(move)}"

    def board_text(self, state: GridState) -> str:
        board, cols = state.board, self.cols
        return "\n".join(board[row : row + cols] for row in range(0, self.size, cols))

    def board_slashes(self) -> str:
        """The root board as rows split by '/'."""
        return self.board_text(self._root).replace("\n", "/")

    def _settings_text(self) -> str:
        extras = [] if self.evaluator == self.default_evaluator else [f"{self.evaluator} values"]
        if self.symmetry:
            extras.append("symmetric moves merged")
        return "".join(f", {extra}" for extra in extras)

    def spec(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "board": self.board,
            "player": self._root.to_move,
            "root": self.root_player.value,
            "eval": self.evaluator,
            "symmetry": self.symmetry,
        }
