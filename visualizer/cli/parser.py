"""Provides the argument parser of the `visualizer` command, whose errors are one line each."""

from __future__ import annotations

import argparse
import difflib
import re
import sys
import textwrap
from collections.abc import Sequence
from typing import NoReturn

from visualizer import __version__
from visualizer.cli.command_options import (
    OWN_OPTIONS,
    STRICT_HELP,
    add_algorithm_options,
    add_max_unpacked,
    add_option,
    add_registered,
)
from visualizer.errors import one_line
from visualizer.games.registry import cli_games, cli_options, game_kinds
from visualizer.search import ALGORITHMS, REGISTRY
from visualizer.tracing import DEFAULT_MAX_NODES

__all__ = ["COMMAND_TEXTS", "build_parser", "check_values"]

EXAMPLES = """\
examples:
  visualizer                                   the app on the built-in 15-node example
  visualizer overview                          the same example as text, both searches
  visualizer tui --nested "[[3,12,8],[2,4,6],[14,5,2]]" -a minimax
  visualizer replay traces/example15-alphabeta.json
  visualizer show --array 1,3,5,5,3,1,2        node table and tree facts
  visualizer run --algorithm minimax           minimax on the built-in example
  visualizer run --nested "[[3,12,8],[2,4,6],[14,5,2]]" --json
  visualizer run --random --leaves 32 --seed 7 --algorithm negamax-ab
  visualizer run --game tictactoe --board X.O/.X./... --depth 2
  visualizer run --game nim --pile 6
  visualizer run --game tictactoe --eval open-lines --symmetry --depth 2 -a minimax
  visualizer best-move --board X.O/.X./...
  visualizer best-move --game connect4 --rows 3 --cols 4 --connect 3
  visualizer run --random --leaves 16 --order best
  visualizer export --algorithm minimax --format json,dot,svg
  visualizer run --trace traces/example15-alphabeta.json
  visualizer compare                           minimax and alpha-beta on the built-in example
  visualizer compare --random --depth 4 -A alphabeta --order natural,best,worst
  visualizer compare "[[3,5],[3,9]]" -A alphabeta --cuts equal,strict
  visualizer stats --leaves 8,16,32,64 --trials 20 --seed 1 --orders natural,best
  visualizer stats --depth-range 2:6 --branching 3 --csv study.csv --plot study.svg
  visualizer practice --branching 3 --depth 3 --seed 42      alpha-beta by hand, checked
  visualizer practice --code XN1A-77S --sheet > answers.txt
  visualizer practice --answers answers.txt --json           the grader's report
  visualizer worksheet --count 6 --depth 4 --cutoffs 3 --seed 7 --format pdf,md
  visualizer worksheet --deep-cutoff --distinct --range -50:50 --out sheets
"""


_NEGATIVE_VALUE = re.compile(r"^-\.?\d")
"""What argparse should read as a value, not an option: `-2,1,0`, `-10:10`, `-.5` (no option starts so)."""


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser that reports a mistake in one line and exits with code 2; values that start with a
    minus and a digit (`--array -2,1,0`, `--range -10:10`) are read as values."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = _NEGATIVE_VALUE

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(one_line(f"{self.prog}: error: {message} (see '{self.prog} --help')") + "\n")
        raise SystemExit(2)

    def parse_args(self, args: Sequence[str] | None = None, namespace: None = None) -> argparse.Namespace:  # type: ignore[override]
        """As argparse's, but an unknown option is refused by the command it was given to, with the closest
        option that command has: `visualizer run: error: unrecognized arguments: --piles; did you mean --pile?`."""
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            owner = _command_parser(self, parsed) or self
            known = [flag for action in owner._actions for flag in action.option_strings]
            unknown = next((extra.split("=", 1)[0] for extra in extras if extra.startswith("-")), "")
            same = [flag for flag in known if flag.lower() == unknown.lower()]  # -a for -A
            close = same or difflib.get_close_matches(unknown, known, n=1, cutoff=0.75)
            hint = f"; did you mean {close[0]}?" if close else ""
            owner.error(f"unrecognized arguments: {' '.join(extras)}{hint}")
        return parsed


def _command_parser(parser: argparse.ArgumentParser, parsed: argparse.Namespace) -> argparse.ArgumentParser | None:
    """The parser of the command `parsed` holds (None without one)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser | None = action.choices.get(getattr(parsed, "command", None) or "")
            return found
    return None


def check_values(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """One rule for every option's text: an empty value, or one that is not valid UTF-8, is refused (in the
    command's own one-line error, `visualizer run: error: ...`, exit 2)."""
    command = _command_parser(parser, args)
    owner = command or parser
    for action in [*parser._actions, *(command._actions if command is not None else [])]:
        value = getattr(args, action.dest, None)
        flag = max(action.option_strings, key=len) if action.option_strings else action.metavar or action.dest
        if action.option_strings and action.nargs is None and isinstance(value, list):  # `--depth=--`
            owner.error(f"{flag} has no value ('--' ends the options); give a value, e.g. {flag} VALUE")
        if not isinstance(value, str) or value is action.default:
            continue
        if not value.strip():
            owner.error(f"{flag} is empty; give a value, or leave the option out for its default")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            owner.error(f"{flag} is not valid UTF-8 text; retype it")


COMMAND_TEXTS = {
    "show": (
        "the node table, tree facts and traversals",
        "Print the node table of a tree (and its facts and traversals).",
    ),
    "run": (
        "search a tree and print the result",
        "Search a tree and print the visit order, value, best move, principal variation, counts and cut-offs.",
    ),
    "best-move": (
        "the recommended move for a position",
        "Search a position (tic-tac-toe, connect four, NIM, or any tree) and print the recommended move, its "
        "value, the principal variation and the board after the move.",
    ),
    "play": (
        "play tic-tac-toe or connect four against the engine",
        "Open the app's play mode: you against the engine. The options set the game, the engine's algorithm, "
        "look-ahead (--depth) and evaluator (--eval).",
    ),
    "overview": (
        "the built-in example as text: node table, minimax and alpha-beta",
        "Print the built-in example's node table and both searches (what `visualizer` prints when it is not run "
        "in a terminal).",
    ),
    "tui": (
        "open the app on a tree or a saved trace",
        "Open the app on a tree (the built-in example by default) or on --trace FILE, paused at step 0.",
    ),
    "replay": ("open the app on a saved trace", "Open the app on a trace saved by `visualizer export`."),
    "serve": (
        "serve the app to a browser (textual-serve)",
        "Serve the app to a web browser through textual-serve. Each visitor gets `visualizer tui TUI_ARGS`, e.g. "
        "visualizer serve -- --game nim --pile 6.",
    ),
    "export": (
        "save a search: JSON, DOT, pictures, animations, slides",
        textwrap.fill(
            "Search a tree and save the trace: NAME.json (networkx node-link data) and NAME.dot; the figure as "
            "SVG, PNG or PDF (with --frames, one per step); every step as a GIF, an MP4 or beamer overlays (tex)."
        ),
    ),
    "compare": (
        "several searches of one tree side by side",
        "Search one tree with several algorithms, move orders (--order a,b) or cut rules (--cuts equal,strict) "
        "and print the visit orders aligned (a gap where a search skips a node), the values, the counts and the "
        "nodes each search visits that another does not.",
    ),
    "stats": (
        "how much alpha-beta saves on random trees as they grow",
        "The pruned-tree study: for each tree size, search N seeded random trees with minimax and alpha-beta (in "
        "each move order) and report the mean and standard deviation of the nodes visited and leaves evaluated, "
        "the fraction saved, and the Knuth-Moore minimal tree b^ceil(d/2) + b^floor(d/2) - 1 as the reference "
        "for perfect ordering.",
    ),
    "practice": (
        "work alpha-beta by hand; the tool checks every node",
        "Practice alpha-beta by hand. Opens the app on a random tree (or on any tree source, --example for the "
        "built-in one) whose exercise code names the same tree anywhere: fill in the values (and alpha/beta), "
        "mark the pruned nodes, and check. With --answers, checks a filled-in answer file instead (exit 0 all "
        "right, 1 mistakes, 2 bad input).",
    ),
    "worksheet": (
        "alpha-beta exercises to print: blank sheets, answer keys, an index of codes",
        "Find N random practice trees whose alpha-beta run meets the constraints (trying seeds S, S+1, ... up to "
        "a bounded number of trees) and write, per exercise, a blank sheet and an answer key, plus index.csv of "
        "the exercise codes; each code opens the same tree in `visualizer practice --code CODE`. A request no "
        "tree can meet is refused in one line.",
    ),
    "grade": (
        "grade a student's own alpha-beta: where it departs, and why",
        "Run a student's alpha-beta (or minimax) from SUBMISSION in a separate process, with time, memory and "
        "recursion limits, on the 15-node example, the textbook 3x3 tree and seeded random trees (or on the tree "
        "the source options name), and compare what it visits, the windows it passes and the values it returns "
        "with alpha-beta's: pass, or the first difference and the likely misconception. The function is called "
        "as f(node, alpha, beta, maximizing) (minimax: f(node, maximizing)); a node has .name, .children, .value "
        "and .is_leaf(). Exit 0 all trees pass, 1 any differs, 2 the file cannot be used. Several submissions "
        "(files, or folders with a file or a sub-folder per student) grade a class in parallel: a roster "
        "(CSV and JSON) and a report per student in --out (grades), exit 0 once written. --format gradescope "
        "writes Gradescope's results.json for one submission.",
    ),
}
"""Each command's one-line help and its description, in the order `visualizer --help` lists them."""


def _source_options(
    default: str = "the built-in 15-node example, root MIN", *, first: str | None = None
) -> OneLineParser:
    """The tree source options; `first` names a positional argument that comes before TREE."""
    options = OneLineParser(add_help=False)
    if first is not None:
        submissions = (
            "a student's .py file; several, or folders of them (a file or a sub-folder per student), grade a class"
        )
        options.add_argument(first, metavar="SUBMISSION", nargs="*", help=submissions)
    group = options.add_argument_group(f"tree source (default: {default})")
    group.add_argument(
        "tree", nargs="?", metavar="TREE", help="a level-order array '1,3,5' or a nested list '[[3,12],[2,4]]'"
    )
    add_option(group, "--trace FILE", "a saved trace (.json or .json.gz) instead of a tree: no new search")
    add_max_unpacked(group)
    add_option(group, "--game", "a board game instead of a tree", choices=cli_games())
    for option in cli_options():  # each kind's own, from the game registry
        add_registered(group, option, switch=option.switch, type=option.parse, choices=option.choices or None)
    order = (
        "children tried in natural, best, worst or random[:SEED] order (natural); best is by exact value on trees "
        "and by static value on games"
    )
    add_option(group, "--order ORDER", order)
    add_option(group, "--root", "who moves at the root (max; the built-in example: min)", choices=("max", "min"))
    depth = (
        "look-ahead in plies (full depth by default); with --random and no --leaves, also the depth of the random tree"
    )
    add_option(group, "--depth N", depth, type=int)
    most = f"stop a search that enters more nodes than this ({DEFAULT_MAX_NODES:,})"
    add_option(group, "--max-nodes N", most, type=int, default=DEFAULT_MAX_NODES)
    return options


def _search_options() -> OneLineParser:
    options = OneLineParser(add_help=False)
    group = options.add_argument_group("search")
    add_option(group, "--algorithm -a A", f"one of {', '.join(ALGORITHMS)} (alphabeta)")
    add_option(group, "--strict", STRICT_HELP)
    add_option(group, "--iterative", "use the explicit-stack version (same trace)")
    add_option(group, "--json", "print one JSON object instead of text")
    add_algorithm_options(options)
    return options


_BUILT: list[tuple[tuple[object, ...], argparse.ArgumentParser]] = []
"""The parser made last, with the games and algorithms registered then."""


def build_parser() -> argparse.ArgumentParser:
    """The `visualizer` parser and its commands, made afresh only when the registered games or algorithms changed
    (making it takes some 10 ms; parsing never changes it)."""
    registered = (*game_kinds(), *REGISTRY.values())
    if _BUILT and _BUILT[0][0] == registered:
        return _BUILT[0][1]
    _BUILT[:] = [(registered, _new_parser())]
    return _BUILT[0][1]


def _new_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="visualizer",
        description="See game-tree search: minimax, alpha-beta and negamax, traced step by step. "
        "With no command: the app on the built-in 15-node example (in a terminal; otherwise the "
        "text overview).",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    sources, searches = _source_options(), _search_options()
    parents = {
        "practice": [_source_options("a random tree, see below")],
        "grade": [
            _source_options("the 15-node example, the textbook 3x3 tree and --trees random trees", first="student")
        ],
        **{name: [sources] for name in ("show", "compare")},
        **{name: [sources, searches] for name in ("run", "best-move", "play", "tui", "export")},
    }
    for name, (summary, description) in COMMAND_TEXTS.items():
        command = commands.add_parser(name, parents=parents.get(name, []), help=summary, description=description)
        if name in OWN_OPTIONS:
            OWN_OPTIONS[name](command)
    return parser
