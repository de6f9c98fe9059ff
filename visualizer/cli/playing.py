"""Provides the `best-move` command (the recommended move, as the source programs' `nextmove`) and `play`."""

from __future__ import annotations

import argparse
import json
from typing import Any, cast

from visualizer.cli.sources import game_from_args, lookahead_from_args, source_kind, trace_from_args
from visualizer.errors import InputError
from visualizer.games import (
    Evaluated,
    ExplicitNodes,
    Game,
    GridGame,
    PhrasesMoves,
    Playable,
    TellsOutcomes,
    game_kinds,
    lookahead,
    offers,
)
from visualizer.games.base import format_value
from visualizer.shown_text import escaped
from visualizer.tracing import Trace

__all__ = ["best_move", "best_move_json", "best_move_text", "play"]


def _game_over(game: Game) -> str | None:
    """Why there is no move to recommend, or None."""
    root = game.root()
    if not game.is_terminal(root):
        return None
    if offers(game, Playable):
        mark = game.winner(root)
        return f"{mark} has already won" if mark else "the board is full"
    return "the root has no children"


def _labels(trace: Trace, ids: tuple[int, ...]) -> list[str]:
    """The moves along a path: each node's own label (the last part of its dotted name)."""
    return [trace.nodes[node].name.rsplit(".", 1)[-1] for node in ids if trace.nodes[node].parent is not None]


def _plus(game: Game) -> str:
    """Whose view the values take: the MAX player's mark ("X", "O") on grid games, else "MAX"."""
    return game.max_mark if offers(game, Evaluated) else "MAX"


def _outcome(game: Game, trace: Trace) -> str | None:
    """ "X wins with best play", "a draw with best play", ...; None when the search cannot tell."""
    if offers(game, ExplicitNodes) or not offers(game, TellsOutcomes):  # board games and NIM only
        return None
    if trace.traits.estimates:  # a Monte Carlo value proves no outcome
        return None
    value = trace.summary.value
    plus = _plus(game)
    winner = plus if value > 0 else {"X": "O", "O": "X", "MAX": "MIN"}[plus]
    if trace.depth_limit is not None:
        return f"{winner} wins with best play (found within the look-ahead)" if game.is_decisive(value) else None
    if not game.knows_outcomes:
        return None
    return "a draw with best play" if value == 0 else f"{winner} wins with best play"


def best_move_text(game: Game, trace: Trace) -> str:
    """The recommendation as a short report (the facts of `best_move_json`): move, value, principal variation,
    the board after."""
    facts = best_move_json(game, trace)
    depth = "to the end of the game" if trace.depth_limit is None else f"look-ahead {trace.depth_limit}"
    settings = [trace.algorithm, depth]
    if offers(game, Evaluated) and f"{game.evaluator} values" not in facts["source"]:
        settings.append(f"{game.evaluator} values")
    lines = [
        f"{facts['source']} | {', '.join(settings)}",
        f"{'best move:':<21}{facts['move_text']}",
        f"{'value:':<21}{format_value(facts['value'])} (from {_plus(game)}'s view; {facts['to_move']} is to move)",
    ]
    if facts["outcome"]:
        lines.append(f"{'outcome:':<21}{facts['outcome']}")
    lines += [
        f"{'principal variation:':<21}{' '.join(facts['principal_variation'])}",
        f"{'nodes visited:':<21}{facts['nodes_visited']:,}",
    ]
    if facts["board_after"] is not None:
        lines.append("board after the move:")
        lines += [f"  {row}" for row in facts["board_after"].splitlines()]
    return "\n".join(map(escaped, lines))


def best_move_json(game: Game, trace: Trace) -> dict[str, Any]:
    """The recommendation as a JSON-able dict (see README, "best-move")."""
    summary = trace.summary
    root, move = game.root(), summary.best_move  # move_text: "X at square 5 (row 2, column 2)", "take 2", a name
    return {
        "source": game.describe(),
        "spec": trace.source,
        "algorithm": trace.algorithm,
        "depth": trace.depth_limit,
        "to_move": getattr(root, "to_move", None) or game.player(root).value.upper(),
        "move": move,
        "move_text": game.move_phrase(root, game.move_from_value(move)) if offers(game, PhrasesMoves) else str(move),
        "value": summary.value,
        "outcome": _outcome(game, trace),
        "root": trace.root_player.value,
        "principal_variation": _labels(trace, summary.principal_variation),
        "board_after": None if summary.best_child is None else trace.nodes[summary.best_child].board,
        "nodes_visited": summary.nodes_visited,
    }


def best_move(args: argparse.Namespace) -> int:
    """Searches the position and prints the recommended move."""
    if source_kind(args)[0] == "trace":
        raise InputError("best-move searches a position; give --game/--board/--pile (or a tree), not --trace")
    game = game_from_args(args)
    over = _game_over(game)
    if over is not None:
        raise InputError(
            f"the game is over ({over}), so there is no move to recommend; give a position with moves left"
        )
    if lookahead_from_args(args, game) == 0:
        raise InputError(
            "--depth 0 evaluates only the position itself, so there is no move to recommend; use --depth 1 or more"
        )
    trace = trace_from_args(game, args)
    print(json.dumps(best_move_json(game, trace), indent=2) if args.json else best_move_text(game, trace))
    return 0


def play(args: argparse.Namespace) -> int:
    """Opens the app's play mode: the user against the engine at tic-tac-toe or connect four."""
    kind, _ = source_kind(args)
    playable = [other for other in game_kinds() if other.is_playable]
    if kind == "builtin":  # the first game the registry can play, with the options given
        args.game = playable[0].cli_name
    elif kind not in {other.name for other in playable}:
        choices = " or ".join(other.cli_source for other in playable)
        raise InputError(f"play needs a board game; use {choices}, not {kind}")
    game = game_from_args(args)
    from visualizer.cli.commands import has_terminal
    from visualizer.search import parse_algorithm
    from visualizer.tui.app import make_play_app, run_app

    algorithm = parse_algorithm(args.algorithm or "alphabeta")
    depth = lookahead(game, args.depth)
    if not has_terminal():
        raise InputError("play needs a terminal to play in; run it in one, or ask for one move with best-move")
    board = cast(GridGame, game)  # a playable kind builds a GridGame (with --order, a wrapper delegating to one)
    return run_app(make_play_app(board, human=args.human.upper(), algorithm=algorithm, depth=depth))
