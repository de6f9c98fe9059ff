"""Provides iterative-deepening alpha-beta: one alpha-beta pass per look-ahead, the last line first."""

from __future__ import annotations

from typing import Any

from visualizer.errors import NoStaticValue
from visualizer.games.base import Game, Value
from visualizer.search.alphabeta import alphabeta
from visualizer.search.common import check_depth
from visualizer.search.transposition import Horizon, TranspositionTable
from visualizer.tracing.tracer import NULL_TRACER, Tracer


def principal_variation(game: Game, best_moves: dict[Any, Any]) -> dict[Any, Any]:
    """The line a pass found, as {position: move}: from the root, each position's best move in turn."""
    line: dict[Any, Any] = {}
    state = game.root()
    while state in best_moves and state not in line:
        move = best_moves[state]
        line[state] = move
        state = next((child for candidate, child in game.successors(state) if candidate == move), None)
        if state is None:
            break
    return line


def iterative_deepening(
    game: Game,
    *,
    depth: int | None = None,
    strict: bool = False,
    fail_hard: bool = False,
    window: tuple[Value, Value] | None = None,
    tt: bool = False,
    tracer: Tracer = NULL_TRACER,
) -> Value:
    """Alpha-beta to look-ahead 1, 2, 3, ... (AIMA Fig. 3.12's loop; Slate and Atkin's Chess 4.5, 1977);
    returns the last pass's root value (MAX's view).

    Each look-ahead is one pass. A pass tries the principal variation of the pass before first, and
    with `tt` the table's best move first at every other position; an entry answers only a search at
    most as deep as its own, so each pass's value is alpha-beta's at its look-ahead. The passes stop
    at `depth`, or before it when a pass meets no depth limit (it searched the whole tree).
    """
    check_depth(depth)
    table = TranspositionTable() if tt else None
    line: dict[Any, Any] = {}

    def first_move(state: Any) -> Any:
        move = line.get(state)
        return table.best_move(state) if move is None and table is not None else move

    limit = min(1, depth) if depth is not None else 1
    while True:
        best_moves: dict[Any, Any] = {}
        horizon = Horizon()
        try:
            value = alphabeta(
                game,
                depth=limit,
                strict=strict,
                fail_hard=fail_hard,
                window=window,
                tracer=tracer,
                table=table,
                first_moves=first_move,
                best_moves=best_moves,
                horizon=horizon,
                algorithm="id",
            )
        except NoStaticValue as error:
            reason = f"id looks 1, 2, 3, ... plies ahead, so it needs a value at every node, and {error}"
            raise NoStaticValue(
                reason.split("; search deeper")[0] + "; use --array or --random, or -a alphabeta"
            ) from None
        if not horizon.reached or limit == depth:  # the whole tree was searched, or the deepest look-ahead
            return value
        line = principal_variation(game, best_moves)
        limit += 1
