"""Provides the commands: the overview, `show` and `run` (of a tree or a saved trace), and the app."""

from __future__ import annotations

import argparse
import json
import os
import sys

from visualizer.analysis.compare import Comparison, Run
from visualizer.cli.render import facts_text, node_table, run_json, run_text
from visualizer.cli.sources import game_from_args, trace_from_args, trace_from_file
from visualizer.games import Game, builtin_example
from visualizer.games.base import ChanceMoves, explicit_tree, offers
from visualizer.search import trace_search
from visualizer.shown_text import escaped, escaped_lines
from visualizer.tracing import Trace

__all__ = ["overview", "show", "run", "tui", "replay", "serve", "default", "has_terminal", "print_instead_of_app"]


def has_terminal() -> bool:
    """True when the app can run: stdin and stdout are a terminal, or textual-serve drives it (through pipes)."""
    return "TEXTUAL_DRIVER" in os.environ or (sys.stdin.isatty() and sys.stdout.isatty())


def print_instead_of_app(text: str, hint: str) -> int:
    """With no terminal the app cannot run: print `text` (the same search as text) and say so on stderr."""
    print(text)
    sys.stderr.write(f"visualizer: no terminal for the app, so this is the text form; {hint}\n")
    return 0


def overview(args: argparse.Namespace) -> int:
    """The built-in example: its node table, then minimax and alpha-beta compared."""
    game = builtin_example()
    minimax = trace_search(game, "minimax")
    alphabeta = trace_search(game, "alphabeta")
    header = f"Built-in example: {game.describe()}, root {game.root_player.value.upper()}"
    print(header, node_table(minimax), "", run_text(minimax), "", run_text(alphabeta), "", sep="\n")
    saved = minimax.summary.nodes_visited - alphabeta.summary.nodes_visited
    only = Comparison([Run("minimax", "natural", minimax), Run("alphabeta", "natural", alphabeta)]).only(0, 1)
    print(
        f"Alpha-beta reached the same value visiting {alphabeta.summary.nodes_visited} of minimax's "
        f"{minimax.summary.nodes_visited} nodes ({saved} fewer: {' '.join(only) or 'none'})."
    )
    print("Try: visualizer run --help")
    return 0


def show(args: argparse.Namespace) -> int:
    """The node table; for array and nested trees also the tree facts and traversals."""
    saved = trace_from_file(args)
    if saved is not None:
        header = escaped(f"{saved.description}, root {saved.root_player.value.upper()} (from {args.trace})")
        print(header, node_table(saved), "", run_text(saved), sep="\n")
        return 0
    game = game_from_args(args)
    header = escaped(f"{game.describe()}, root {game.player(game.root()).value.upper()}")
    tree = explicit_tree(game)
    if tree is not None:
        full = "expectimax" if offers(game, ChanceMoves) else "minimax"  # the search that takes every node
        table_source = trace_search(game, full, max_nodes=max(args.max_nodes, len(tree)))
        print(header, node_table(table_source), "", facts_text(tree), sep="\n")
        return 0
    trace = trace_from_args(game, args, algorithm="minimax")
    board = game.board_text(game.root())
    print(header, board if board is None else escaped_lines(board), "", node_table(trace), sep="\n")
    depth, where = (
        ("", "game ends") if trace.depth_limit is None else (f" to depth {trace.depth_limit}", "the frontier")
    )
    print(f"({len(trace.nodes):,} nodes{depth}; values are static values at {where})")
    return 0


def run(args: argparse.Namespace) -> int:
    """Searches the tree and prints the result as text or JSON."""
    trace = trace_from_file(args) or trace_from_args(game_from_args(args), args)
    print(json.dumps(run_json(trace), indent=2) if args.json else run_text(trace))
    return 0


def tui(args: argparse.Namespace) -> int:
    """Opens the app on the tree (or saved trace) the options describe, paused at step 0."""
    saved = trace_from_file(args)
    game = None if saved is not None else game_from_args(args)
    trace = saved if game is None else trace_from_args(game, args)
    assert trace is not None  # game is None only beside a saved trace
    return _open_app(trace, game)


def replay(args: argparse.Namespace) -> int:
    """Opens the app on a saved trace."""
    from visualizer.readwrite.trace_json import read_json

    return _open_app(read_json(args.file))


def _open_app(trace: Trace, game: Game | None = None) -> int:
    """The app on `trace` (of `game`, when it is not a saved one); its text form when there is no terminal."""
    if not has_terminal():
        return print_instead_of_app(run_text(trace), "run it in a terminal to step through the search")
    from visualizer.tui import make_app, run_app

    return run_app(make_app(game, trace=trace))


def default(args: argparse.Namespace) -> int:
    """No command: the app on the built-in example in a terminal, the text overview otherwise."""
    if has_terminal():
        from visualizer.tui import make_app, run_app

        return run_app(make_app())
    return overview(args)


def serve(args: argparse.Namespace) -> int:
    """Serves the app to a browser through textual-serve: each visitor gets `visualizer tui ARGS`."""
    from visualizer.cli.parser import build_parser
    from visualizer.tui.serve import serve as serve_app

    tui_args = args.tui_args[1:] if args.tui_args[:1] == ["--"] else args.tui_args
    build_parser().parse_args(["tui", *tui_args])  # a mistake in TUI_ARGS is said now, not to each visitor
    serve_app(args.host, args.port, tui_args)
    return 0
