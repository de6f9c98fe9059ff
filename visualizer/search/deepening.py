"""Provides iterative-deepening alpha-beta: one alpha-beta pass per look-ahead, the last line first."""

from __future__ import annotations

from typing import Any

from visualizer.errors import NoStaticValue
from visualizer.games.base import Game, Value
from visualizer.search.alphabeta import alphabeta
from visualizer.search.common import check_depth
from visualizer.search.transposition import Horizon, TranspositionTable
from visualizer.tracing.tracer import NULL_TRACER, Tracer

__all__ = ["NAME", "iterative_deepening", "principal_variation"]

NAME = "id"
"""The name the passes record, and users type."""


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
    """Alpha-beta to look-ahead 1, 2, 3, ... (AIMA Fig. 3.12's loop; Slate and Atkin's Chess 4.5, 1977).

    Each look-ahead is one pass (`tracer.begin` ... `end`). A pass tries the principal variation
    of the pass before first, and with `tt` the table's best move first at every other position;
    the table is kept from pass to pass, but an entry answers only a search at most as deep as its
    own, so each pass's value is alpha-beta's at its look-ahead.

    Args:
        game: the tree source.
        depth: the deepest look-ahead; None to go on until a pass meets no depth limit (it searched
            the whole tree). The passes stop early when one does. 0: one pass, at look-ahead 0.
        strict: cut only when the value passes the bound.
        fail_hard: each pass returns the bounds it fails against (see `alphabeta`).
        window: every pass's root window (MAX's view), as in `alphabeta`.
        tt: one transposition table for all the passes.
        tracer: receives every pass.

    Returns:
        The last pass's root value from MAX's point of view.

    Raises:
        NoStaticValue: a pass stopped at a node without a static value (nested lists have none inside).
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
                algorithm=NAME,
            )
        except NoStaticValue as error:
            raise NoStaticValue(
                f"id looks 1, 2, 3, ... plies ahead, so it needs a value at every node, and {error}".split(
                    "; search deeper"
                )[0]
                + "; use --array or --random, or -a alphabeta"
            ) from None
        if not horizon.reached or limit == depth:  # the whole tree was searched, or the deepest look-ahead
            return value
        line = principal_variation(game, best_moves)
        limit += 1
