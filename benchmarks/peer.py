"""Provides the peer library's searches: easyAI's `Negamax` on tic-tac-toe, counting the nodes it enters.

easyAI (the optional `bench` extra) searches a `TwoPlayerGame`. The game below keeps the reference
search's board (a list changed in place, with `unmake_move` so that easyAI does not deep-copy it)
so that the comparison is about easyAI's search, not about its sample game.

How the node counts are made to match the engine's, from easyAI 2.0.12's `AI/Negamax.py`:

- `negamax(game, depth, ...)` is called once per node. It returns `scoring(game)` at a leaf
  (`depth == 0` or `game.is_over()`) and otherwise calls `game.possible_moves()` exactly once, so
  counting both calls counts every node entered, the root included.
- Its `depth` is the plies still to search, so a look-ahead of N plies is `Negamax(N)`, and "to the
  end" is the number of empty squares.
- It always prunes (a cut when alpha reaches beta) unless the window is inside out:
  `Negamax(depth, win_score=-inf)` starts it with alpha = +inf and beta = -inf, so alpha never
  rises and nothing is ever cut: plain negamax, i.e. minimax. `win_score=+inf` is alpha-beta with
  the full window, cutting on `>=` like the engine's default.
- A leaf's score is multiplied by `1 + 0.001 * depth` (quick wins score more). That would change
  which ties cut, so the scoring returns the float that this factor turns back into exactly +1 or
  -1 (`UNIT_SCORES`); the values, and so the cuts, are the engine's win-loss values.
"""

from __future__ import annotations

import math
from typing import Any

from benchmarks.reference import EMPTY, LINES, SearchResult

__all__ = ["INSTALL_HINT", "UNIT_SCORES", "is_easyai_installed", "peer_negamax"]

INSTALL_HINT = "not installed (pip install -e '.[bench]')"
"""What a peer row says when easyAI is missing."""


def _unit_score(depth: int) -> float:
    """The float f with f * (1 + 0.001 * depth) == 1.0 exactly (the nearest such float to 1 / factor)."""
    factor = 1 + 0.001 * depth
    score = 1 / factor
    for _ in range(8):
        product = score * factor
        if product == 1.0:
            return score
        score = math.nextafter(score, 0.0 if product > 1.0 else 2.0)
    raise ArithmeticError(f"no float undoes easyAI's depth bonus at depth {depth}")


UNIT_SCORES = tuple(_unit_score(depth) for depth in range(10))
"""By plies left to search: the score that easyAI's depth bonus turns into exactly 1.0."""


def is_easyai_installed() -> bool:
    """True when `import easyAI` works."""
    try:
        import easyAI  # noqa: F401
    except ImportError:
        return False
    return True


def _game_class() -> type:
    """The easyAI `TwoPlayerGame` for tic-tac-toe (built on first use: easyAI is optional)."""
    from easyAI import TwoPlayerGame

    class CountingTicTacToe(TwoPlayerGame):
        """Tic-tac-toe for easyAI; player 1 is X; counts the nodes easyAI's negamax enters."""

        def __init__(self, board: str, depth: int):
            self.players = [None, None]
            self.board = list(board)
            self.current_player = 1 if self.board.count("X") == self.board.count("O") else 2
            self.pieces_at_root = 9 - self.board.count(EMPTY)
            self.depth = depth
            self.nodes = 0

        def possible_moves(self) -> list[int]:
            self.nodes += 1
            return [square for square in range(9) if self.board[square] == EMPTY]

        def make_move(self, move: int) -> None:
            self.board[move] = "X" if self.current_player == 1 else "O"

        def unmake_move(self, move: int) -> None:
            self.board[move] = EMPTY

        def winner(self) -> str | None:
            cells = self.board
            for first, second, third in LINES:
                mark = cells[first]
                if mark != EMPTY and mark == cells[second] == cells[third]:
                    return mark
            return None

        def is_over(self) -> bool:
            return self.winner() is not None or EMPTY not in self.board

        def scoring(self) -> float:
            self.nodes += 1
            mark = self.winner()
            if mark is None:
                return 0
            plies_left = self.depth - (9 - self.board.count(EMPTY) - self.pieces_at_root)
            own = "X" if self.current_player == 1 else "O"
            return UNIT_SCORES[plies_left] if mark == own else -UNIT_SCORES[plies_left]

    return CountingTicTacToe


def peer_negamax(board: str = EMPTY * 9, *, depth: int | None = None, pruning: bool) -> SearchResult:
    """easyAI's `Negamax` from `board`: plain (`pruning=False`) or alpha-beta, `depth` plies ahead.

    Args:
        board: 9 characters row-major, 'X', 'O' and '.'.
        depth: the look-ahead (None: to the end of the game).
        pruning: alpha-beta with the full window, or no cut at all (see the module docstring).

    Returns:
        The root's value for the player to move there (as easyAI computes it: 1.0, 0.0 or -1.0) and
        the nodes entered.
    """
    from easyAI import Negamax

    plies = board.count(EMPTY) if depth is None else min(depth, board.count(EMPTY))
    game: Any = _game_class()(board, plies)
    search = Negamax(plies, win_score=math.inf if pruning else -math.inf)
    search(game)
    return SearchResult(search.alpha + 0.0, game.nodes)  # + 0.0: a drawn root is 0.0, not negamax's -0.0
