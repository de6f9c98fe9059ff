"""Provides the argument parser of the `visualizer` command, whose errors are one line each."""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from typing import NoReturn

from visualizer import __version__
from visualizer.cli.defaults import DEFAULT_MAX_FRAMES, DEFAULT_MAX_IMAGE_NODES, STRICT_HELP
from visualizer.cli.teaching_options import add_grade, add_practice, add_worksheet
from visualizer.errors import one_line
from visualizer.export.formats import DEFAULT_FPS, EXPORT_FORMATS
from visualizer.games.registry import cli_games, cli_options
from visualizer.pictures.themes import DEFAULT_THEME, THEMES
from visualizer.search import ALGORITHMS, OPTIONS
from visualizer.tracing import DEFAULT_MAX_NODES

__all__ = ["build_parser", "check_values", "port_number"]

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


def port_number(text: str) -> int:
    """A TCP port from 1 to 65535 (argparse type)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a port number; give a whole number from 1 to 65535"
        ) from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port number; give one from 1 to 65535, e.g. 8000")
    return port


def check_values(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """One rule for every option's text: an empty value, or one that is not valid UTF-8, is refused (in the
    command's own one-line error, `visualizer run: error: ...`, exit 2)."""
    command = _subparser(parser, args)
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


def _subparser(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser | None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            command: argparse.ArgumentParser | None = action.choices.get(getattr(args, "command", None) or "")
            return command
    return None


def _source_options(
    default: str = "the built-in 15-node example, root MIN", *, first: str | None = None
) -> OneLineParser:
    """The tree source options; `first` names a positional argument that comes before TREE."""
    options = OneLineParser(add_help=False)
    if first is not None:
        options.add_argument(first, metavar=f"{first.upper()}.py", nargs="?", help="the student's Python file")
    group = options.add_argument_group(f"tree source (default: {default})")
    group.add_argument(
        "tree", nargs="?", metavar="TREE", help="a level-order array '1,3,5' or a nested list '[[3,12],[2,4]]'"
    )
    group.add_argument("--trace", metavar="FILE", help="a saved trace (.json) instead of a tree: no new search")
    group.add_argument("--game", choices=cli_games(), help="a board game instead of a tree")
    for option in cli_options():  # each kind's own, from the game registry
        if option.switch:
            group.add_argument(option.flag, dest=option.name, action="store_const", const=True, help=option.help)
        else:
            group.add_argument(
                option.flag,
                dest=option.name,
                type=option.parse,
                metavar=option.metavar,
                choices=option.choices or None,
                help=option.help,
            )
    group.add_argument(
        "--order",
        metavar="ORDER",
        help="children tried in natural, best, worst or random[:SEED] order (natural); best is "
        "by exact value on trees and by static value on games",
    )
    group.add_argument("--root", choices=("max", "min"), help="who moves at the root (max; the built-in example: min)")
    group.add_argument(
        "--depth",
        type=int,
        metavar="N",
        help="look-ahead in plies (full depth by default); with --random and no --leaves, "
        "also the depth of the random tree",
    )
    group.add_argument(
        "--max-nodes",
        type=int,
        default=DEFAULT_MAX_NODES,
        metavar="N",
        help=f"stop a search that enters more nodes than this ({DEFAULT_MAX_NODES:,})",
    )
    return options


def _search_options() -> OneLineParser:
    options = OneLineParser(add_help=False)
    group = options.add_argument_group("search")
    group.add_argument("--algorithm", "-a", metavar="A", help=f"one of {', '.join(ALGORITHMS)} (alphabeta)")
    group.add_argument("--strict", action="store_true", help=STRICT_HELP)
    group.add_argument("--iterative", action="store_true", help="use the explicit-stack version (same trace)")
    group.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    _add_algorithm_options(options)
    return options


def _add_algorithm_options(parser: argparse.ArgumentParser) -> None:
    """One flag per search option (`OPTIONS`) that no source flag already gives (`--seed` does)."""
    group = parser.add_argument_group("algorithm options (only the algorithms that take them)")
    for option in OPTIONS.values():
        if option.flag == "--seed":
            continue
        if option.parse is None:
            group.add_argument(option.flag, dest=option.name, action="store_const", const=True, help=option.help)
        else:
            group.add_argument(option.flag, dest=option.name, metavar=option.metavar, help=option.help)


def build_parser() -> argparse.ArgumentParser:
    """The `visualizer` parser and its commands."""
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
    commands.add_parser(
        "show",
        parents=[sources],
        help="the node table, tree facts and traversals",
        description="Print the node table of a tree (and its facts and traversals).",
    )
    commands.add_parser(
        "run",
        parents=[sources, searches],
        help="search a tree and print the result",
        description="Search a tree and print the visit order, value, best move, "
        "principal variation, counts and cut-offs.",
    )
    best = commands.add_parser(
        "best-move",
        parents=[sources, searches],
        help="the recommended move for a position",
        description="Search a position (tic-tac-toe, connect four, NIM, or any tree) and print the "
        "recommended move, its value, the principal variation and the board after the move.",
    )
    best.set_defaults(algorithm=None)
    play = commands.add_parser(
        "play",
        parents=[sources, searches],
        help="play tic-tac-toe or connect four against the engine",
        description="Open the app's play mode: you against the engine. The options set the game, the "
        "engine's algorithm, look-ahead (--depth) and evaluator (--eval).",
    )
    play.add_argument(
        "--human", choices=("X", "O", "x", "o"), default="X", help="the side you play (X, who moves first)"
    )
    commands.add_parser(
        "overview",
        help="the built-in example as text: node table, minimax and alpha-beta",
        description="Print the built-in example's node table and both searches (what "
        "`visualizer` prints when it is not run in a terminal).",
    )
    commands.add_parser(
        "tui",
        parents=[sources, searches],
        help="open the app on a tree or a saved trace",
        description="Open the app on a tree (the built-in example by default) or on --trace FILE, paused at step 0.",
    )
    replay = commands.add_parser(
        "replay",
        help="open the app on a saved trace",
        description="Open the app on a trace saved by `visualizer export`.",
    )
    replay.add_argument("file", metavar="FILE", help="a .json trace")
    served = commands.add_parser(
        "serve",
        help="serve the app to a browser (textual-serve)",
        description="Serve the app to a web browser through textual-serve. Each visitor gets "
        "`visualizer tui TUI_ARGS`, e.g. visualizer serve -- --game nim --pile 6.",
    )
    served.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    served.add_argument("--port", type=port_number, default=8000, help="the port, 1 to 65535 (8000)")
    served.add_argument(
        "tui_args", nargs=argparse.REMAINDER, metavar="-- TUI_ARGS", help="options for `visualizer tui` after --"
    )
    export = commands.add_parser(
        "export",
        parents=[sources, searches],
        help="save a search: JSON, DOT, pictures, animations, slides",
        description=textwrap.fill(
            "Search a tree and save the trace: NAME.json (networkx node-link data) and NAME.dot; the figure "
            "as SVG, PNG or PDF (with --frames, one per step); every step as a GIF, an MP4 or beamer "
            "overlays (tex)."
        ),
        epilog=_format_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    files = export.add_argument_group("files")
    files.add_argument("--out", default="traces", metavar="DIR", help="the folder to write to (traces)")
    files.add_argument("--name", metavar="NAME", help="file name without extension (from the source and algorithm)")
    files.add_argument(
        "--format",
        default="json,dot",
        metavar="F,F",
        help=f"any of {', '.join(EXPORT_FORMATS)}, separated by commas (json,dot); see below",
    )
    files.add_argument(
        "--frames", action="store_true", help="also one file per step, NAME-0001.svg ..., for dot, svg, png and pdf"
    )
    files.add_argument(
        "--max-frames",
        type=int,
        default=DEFAULT_MAX_FRAMES,
        metavar="N",
        help=f"refuse --frames, gif, mp4 and tex for searches of more steps than this ({DEFAULT_MAX_FRAMES:,})",
    )
    files.add_argument(
        "--max-image-nodes",
        type=int,
        default=DEFAULT_MAX_IMAGE_NODES,
        metavar="N",
        help=f"refuse pictures of trees with more nodes than this ({DEFAULT_MAX_IMAGE_NODES:,})",
    )
    looks = export.add_argument_group("pictures")
    looks.add_argument(
        "--theme",
        default=DEFAULT_THEME,
        metavar="T",
        help=f"colours: {', '.join(THEMES)} (print reads in greyscale) ({DEFAULT_THEME})",
    )
    looks.add_argument(
        "--dpi",
        type=float,
        metavar="N",
        help="PNG/GIF/MP4 resolution (default: fit a 1920x1080 slide; animations 1280x720)",
    )
    looks.add_argument(
        "--fps", type=float, default=DEFAULT_FPS, metavar="N", help=f"animation steps per second ({DEFAULT_FPS:g})"
    )
    files.add_argument("--examples", action="store_true", help="write the committed examples of traces/ instead")
    _add_compare(commands, sources)
    _add_stats(commands)
    add_practice(commands, _source_options("a random tree, see below"))
    add_worksheet(commands)
    add_grade(
        commands,
        _source_options("the 15-node example, the textbook 3x3 tree and --trees random trees", first="student"),
    )
    return parser


def _format_epilog() -> str:
    """The formats `export --format` takes, a line each, from the registry."""
    lines = ["formats:"] + [f"  {fmt.name:<5} {fmt.help}" for fmt in EXPORT_FORMATS.values()]
    return "\n".join(lines)


def _add_compare(commands: argparse._SubParsersAction, sources: argparse.ArgumentParser) -> None:
    compare = commands.add_parser(
        "compare",
        parents=[sources],
        help="several searches of one tree side by side",
        description="Search one tree with several algorithms, move orders (--order a,b) or cut rules "
        "(--cuts equal,strict) and print the visit orders aligned (a gap where a search skips a node), "
        "the values, the counts and the nodes each search visits that another does not.",
    )
    compare.set_defaults(strict=False, iterative=False)
    group = compare.add_argument_group("comparison")
    group.add_argument(
        "--algorithms",
        "-A",
        default="minimax,alphabeta",
        metavar="A,B",
        help=f"algorithms separated by commas, from {', '.join(ALGORITHMS)}, each with options "
        "after +, e.g. alphabeta,alphabeta+fail-hard,alphabeta+window=-5:5 (minimax,alphabeta)",
    )
    group.add_argument(
        "--cuts",
        metavar="equal,strict",
        help="when pruning cuts: equal (when a value reaches the bound, the default), strict "
        "(only when it passes it), or both to compare them",
    )
    group.add_argument("--strict", dest="strict", action="store_true", help="the same as --cuts strict")
    group.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    _add_algorithm_options(compare)


def _add_stats(commands: argparse._SubParsersAction) -> None:
    stats = commands.add_parser(
        "stats",
        help="how much alpha-beta saves on random trees as they grow",
        description="The pruned-tree study: for each tree size, search N seeded random trees with "
        "minimax and alpha-beta (in each move order) and report the mean and standard deviation of the "
        "nodes visited and leaves evaluated, the fraction saved, and the Knuth-Moore minimal tree "
        "b^ceil(d/2) + b^floor(d/2) - 1 as the reference for perfect ordering.",
    )
    sizes = stats.add_argument_group("tree sizes (default: --leaves 8,16,32,...,1024)")
    chosen = sizes.add_mutually_exclusive_group()
    chosen.add_argument("--leaves", metavar="N,N,...", help="leaf counts separated by commas, e.g. 8,16,32,64")
    chosen.add_argument("--depth-range", metavar="LO:HI", help="uniform trees of depth LO..HI (branching^d leaves)")
    sizes.add_argument("--branching", type=int, default=2, metavar="K", help="children per node (2)")
    study = stats.add_argument_group("study")
    study.add_argument("--trials", type=int, metavar="N", help="random trees per size (20)")
    study.add_argument(
        "--range", metavar="LO:HI", help="leaf values (-10:10); a wide range such as -1000000:1000000 makes ties rare"
    )
    study.add_argument("--seed", type=int, metavar="S", help="random seed (shown in the output when omitted)")
    study.add_argument(
        "--orders",
        default="natural",
        metavar="O,O",
        help="alpha-beta's move orders, any of natural, best, worst, random (natural)",
    )
    study.add_argument(
        "--algorithms",
        "-A",
        metavar="A,B",
        help="the searches to hold against minimax, each with options after +, e.g. "
        "alphabeta,pvs,mtdf+tt,alphabeta+tt (alphabeta)",
    )
    study.add_argument("--root", choices=("max", "min"), default="max", help="who moves at the root (max)")
    output = stats.add_argument_group("output")
    output.add_argument("--csv", metavar="FILE", help="also write the table as CSV, one line per size and search")
    output.add_argument("--plot", metavar="FILE", help="also draw the plot as an image (.svg or .png)")
    output.add_argument("--json", action="store_true", help="print one JSON object instead of the table and plot")
