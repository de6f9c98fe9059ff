"""Provides each command's own options (`OWN_OPTIONS`), `add_option` that adds one, and the defaults they show,
in a module that imports no command, so that building the parser does not import every command."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from visualizer.export.formats import DEFAULT_FPS, EXPORT_FORMATS
from visualizer.grading import cases
from visualizer.grading.limits import DEFAULT_MEMORY_MB, DEFAULT_RECURSION, DEFAULT_TIMEOUT, LIMIT_RANGES
from visualizer.pictures.themes import DEFAULT_THEME, THEMES
from visualizer.practice.worksheet_files import DEFAULT_WORKSHEET_FORMATS, WORKSHEET_FORMATS
from visualizer.readwrite.trace_json import MAX_TRACE_BYTES
from visualizer.search import ALGORITHMS, OPTIONS

__all__ = [
    "DEFAULT_BRANCHING",
    "DEFAULT_DEPTH",
    "OWN_OPTIONS",
    "STRICT_HELP",
    "add_algorithm_options",
    "add_max_unpacked",
    "add_option",
    "add_registered",
]

DEFAULT_MAX_FRAMES = 1000
"""`export --frames` writes one file per step; more steps than this need `--max-frames` (or a smaller search)."""

DEFAULT_MAX_IMAGE_NODES = 5000
"""`export`: pictures of more nodes than this need `--max-image-nodes` (too wide to read, slow to paint)."""

DEFAULT_BRANCHING = 2
"""`practice`: children per node of a random practice tree."""

DEFAULT_DEPTH = 4
"""`practice`: depth of a random practice tree: 16 leaves, a drawing that fits a terminal."""

DEFAULT_COUNT = 6
"""`worksheet`: exercises on a worksheet unless --count says otherwise."""

DEFAULT_OUT = "worksheet"
"""`worksheet`: the folder the files go to unless --out says otherwise."""

STRICT_HELP = "cut only when a value passes the bound (>, <), not when it equals it"
"""The help of every command's --strict."""

THEME_HELP = f"{', '.join(THEMES)} (print reads in greyscale) ({DEFAULT_THEME})"
"""The help of every command's --theme, after what the colours are for."""


def add_option(group: Any, spec: str, help: str, **settings: Any) -> None:
    """Adds one option to a parser or group: `spec` is its flags, then the name of its value when it takes
    one ("--count N", "--algorithm -a A"); with neither that nor `choices` it is a switch (store_true)."""
    words = spec.split()
    flags = [word for word in words if word.startswith("-")]
    if len(flags) < len(words):
        settings["metavar"] = words[-1]
    elif "choices" not in settings:
        settings["action"] = "store_true"
    group.add_argument(*flags, help=help, **settings)


def add_registered(group: Any, option: Any, **settings: Any) -> None:
    """Adds an option from a registry (a game kind's or a search's) under its own name: True when a switch is
    given, else its text (read by `settings`' type, if any)."""
    if settings.pop("switch"):
        group.add_argument(option.flag, dest=option.name, action="store_const", const=True, help=option.help)
    else:
        group.add_argument(option.flag, dest=option.name, metavar=option.metavar, help=option.help, **settings)


def add_algorithm_options(parser: argparse.ArgumentParser) -> None:
    """One flag per search option (`OPTIONS`) that no source flag already gives (`--seed` does)."""
    group = parser.add_argument_group("algorithm options (only the algorithms that take them)")
    for option in OPTIONS.values():
        if option.flag != "--seed":
            add_registered(group, option, switch=option.parse is None)


def add_max_unpacked(group: Any) -> None:
    """`--max-unpacked MB`, for every command that reads a trace file: the most text it may hold, gunzipped
    (in `args.max_trace_bytes`, as bytes, for `read_json(path, max_bytes=...)`)."""
    most = (
        f"the most MiB of text a trace file may hold once gunzipped ({MAX_TRACE_BYTES // 2**20}; the biggest "
        "real trace, the full tic-tac-toe minimax one, holds 83)"
    )
    add_option(group, "--max-unpacked MB", most, type=trace_megabytes, dest="max_trace_bytes", default=MAX_TRACE_BYTES)


def trace_megabytes(text: str) -> int:
    """`--max-unpacked MB`'s value, a whole number of MiB from 1 up, as bytes (argparse type)."""
    try:
        megabytes = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of MiB; give e.g. 512") from None
    if megabytes < 1:
        raise argparse.ArgumentTypeError(f"{megabytes} MiB holds no trace; give 1 or more, e.g. 512")
    return megabytes * 2**20


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


def _play(play: argparse.ArgumentParser) -> None:
    add_option(play, "--human", "the side you play (X, who moves first)", choices=("X", "O", "x", "o"), default="X")


def _replay(replay: argparse.ArgumentParser) -> None:
    replay.add_argument("file", metavar="FILE", help="a .json or .json.gz trace")
    add_max_unpacked(replay)


def _serve(serve: argparse.ArgumentParser) -> None:
    add_option(serve, "--host HOST", "the address to listen on (127.0.0.1)", default="127.0.0.1")
    add_option(serve, "--port PORT", "the port, 1 to 65535 (8000)", type=port_number, default=8000)
    serve.add_argument(
        "tui_args", nargs=argparse.REMAINDER, metavar="-- TUI_ARGS", help="options for `visualizer tui` after --"
    )


def _export(export: argparse.ArgumentParser) -> None:
    export.epilog = "\n".join(["formats:"] + [f"  {fmt.name:<5} {fmt.help}" for fmt in EXPORT_FORMATS.values()])
    export.formatter_class = argparse.RawDescriptionHelpFormatter
    files = export.add_argument_group("files")
    add_option(files, "--out DIR", "the folder to write to (traces)", default="traces")
    add_option(files, "--name NAME", "file name without extension (from the source and algorithm)")
    formats = f"any of {', '.join(EXPORT_FORMATS)}, separated by commas (json,dot); see below"
    add_option(files, "--format F,F", formats, default="json,dot")
    add_option(files, "--frames", "also one file per step, NAME-0001.svg ..., for dot, svg, png and pdf")
    every_step = ", ".join(name for name, fmt in EXPORT_FORMATS.items() if fmt.per_step)
    steps = f"refuse --frames, {every_step} for searches of more steps than this ({DEFAULT_MAX_FRAMES:,})"
    add_option(files, "--max-frames N", steps, type=int, default=DEFAULT_MAX_FRAMES)
    nodes = f"refuse pictures of trees with more nodes than this ({DEFAULT_MAX_IMAGE_NODES:,})"
    add_option(files, "--max-image-nodes N", nodes, type=int, default=DEFAULT_MAX_IMAGE_NODES)
    looks = export.add_argument_group("pictures")
    add_option(looks, "--theme T", f"colours: {THEME_HELP}", default=DEFAULT_THEME)
    add_option(
        looks, "--dpi N", "PNG/GIF/MP4 resolution (default: fit a 1920x1080 slide; animations 1280x720)", type=float
    )
    add_option(looks, "--fps N", f"animation steps per second ({DEFAULT_FPS:g})", type=float, default=DEFAULT_FPS)
    collapsed = "a big tree: draw every node above depth N, the rest as collapsed subtrees"
    add_option(looks, "--draw-levels N", collapsed, type=int)
    add_option(looks, "--expand NAMES", "a big tree: also draw these nodes' children, e.g. --expand X6,X6.O4")
    add_option(looks, "--whole-tree", "draw every node, however small (a big tree is collapsed to fit a slide)")
    add_option(files, "--examples", "write the committed examples of traces/ instead")


def _compare(compare: argparse.ArgumentParser) -> None:
    compare.set_defaults(strict=False, iterative=False)
    group = compare.add_argument_group("comparison")
    algorithms = (
        f"algorithms separated by commas, from {', '.join(ALGORITHMS)}, each with options after +, e.g. "
        "alphabeta,alphabeta+fail-hard,alphabeta+window=-5:5 (minimax,alphabeta)"
    )
    add_option(group, "--algorithms -A A,B", algorithms, default="minimax,alphabeta")
    cuts = (
        "when pruning cuts: equal (when a value reaches the bound, the default), strict (only when it passes it), "
        "or both to compare them"
    )
    add_option(group, "--cuts equal,strict", cuts)
    add_option(group, "--strict", "the same as --cuts strict")
    add_option(group, "--json", "print one JSON object instead of text")
    page = compare.add_argument_group("a web page of two searches side by side, stepped together")
    add_option(
        page,
        "--format",
        "html: also write NAME.html, one self-contained page that steps both searches in lockstep (no install)",
        choices=("html",),
    )
    add_option(page, "--out DIR", "the folder to write the page to (.)", default=".")
    add_option(page, "--name NAME", "the page's file name without .html (from the source and the searches)")
    add_option(page, "--theme T", f"the figures' colours: {THEME_HELP}", default=DEFAULT_THEME)
    steps = f"refuse a page of searches of more steps than this ({DEFAULT_MAX_FRAMES:,})"
    add_option(page, "--max-frames N", steps, type=int, default=DEFAULT_MAX_FRAMES)
    add_algorithm_options(compare)


def _stats(stats: argparse.ArgumentParser) -> None:
    sizes = stats.add_argument_group("tree sizes (default: --leaves 8,16,32,...,1024)")
    chosen = sizes.add_mutually_exclusive_group()
    add_option(chosen, "--leaves N,N,...", "leaf counts separated by commas, e.g. 8,16,32,64")
    add_option(chosen, "--depth-range LO:HI", "uniform trees of depth LO..HI (branching^d leaves)")
    add_option(sizes, "--branching K", "children per node (2)", type=int, default=2)
    study = stats.add_argument_group("study")
    add_option(study, "--trials N", "random trees per size (20)", type=int)
    wide = "leaf values (-10:10); a wide range such as -1000000:1000000 makes ties rare"
    add_option(study, "--range LO:HI", wide)
    add_option(study, "--seed S", "random seed (shown in the output when omitted)", type=int)
    orders = "alpha-beta's move orders, any of natural, best, worst, random (natural)"
    add_option(study, "--orders O,O", orders, default="natural")
    algorithms = (
        "the searches to hold against minimax, each with options after +, e.g. alphabeta,pvs,mtdf+tt,alphabeta+tt "
        "(alphabeta)"
    )
    add_option(study, "--algorithms -A A,B", algorithms)
    add_option(study, "--root", "who moves at the root (max)", choices=("max", "min"), default="max")
    output = stats.add_argument_group("output")
    add_option(output, "--csv FILE", "also write the table as CSV, one line per size and search")
    add_option(output, "--plot FILE", "also draw the plot as an image (.svg or .png)")
    add_option(output, "--json", "print one JSON object instead of the table and plot")


def _practice(practice: argparse.ArgumentParser) -> None:
    practice.set_defaults(iterative=False)
    exercise = practice.add_argument_group(
        "exercise (default: a random tree, branching 2, depth 4, values -10:10, a random seed)"
    )
    add_option(exercise, "--code CODE", "the exercise a code names, e.g. XN1A-77S")
    add_option(exercise, "--example", "the built-in 15-node example (root MIN)")
    add_option(exercise, "--strict", STRICT_HELP)
    cut_window = (
        "alpha/beta of a node a cut-off leaves: kept as they were when the cut came (the default), or raised "
        "(MAX's alpha, MIN's beta moved to the value first); an answer file records it"
    )
    add_option(exercise, "--cut-window", cut_window, choices=("kept", "raised"))
    headless = practice.add_argument_group("without the app")
    add_option(headless, "--answers FILE", "check a filled-in answer file (text or JSON) and report")
    add_option(headless, "--json", "with --answers: the report as one JSON object")
    add_option(headless, "--reveal", "with --answers: say the right values in the report")
    add_option(headless, "--sheet", "print the blank answer sheet (text form)")
    add_option(headless, "--key", "print the answer key: the sheet filled in correctly")
    add_option(practice, "--drill", "open the predict-the-next-node drill first (escape leads to the answers)")


def _worksheet(sheet: argparse.ArgumentParser) -> None:
    trees = sheet.add_argument_group("trees")
    add_option(trees, "--count N", f"exercises ({DEFAULT_COUNT})", type=int, default=DEFAULT_COUNT)
    branching = f"children per inner node ({DEFAULT_BRANCHING})"
    add_option(trees, "--branching K", branching, type=int, default=DEFAULT_BRANCHING)
    add_option(trees, "--depth D", f"levels below the root ({DEFAULT_DEPTH})", type=int, default=DEFAULT_DEPTH)
    add_option(trees, "--range LO:HI", "leaf values (-10:10)")
    add_option(trees, "--root", "who moves at the root (max; the first of --levels)", choices=("max", "min"))
    levels = (
        "the kind of each level of inner nodes from the root, max or min, repeated down the tree, e.g. "
        "max,min,min (MAX and two MIN agents; MAX and MIN take turns by default)"
    )
    add_option(trees, "--levels KINDS", levels)
    add_option(trees, "--strict", STRICT_HELP)
    add_option(trees, "--seed S", "the first seed tried (chosen at random and shown when omitted)", type=int)
    wanted = sheet.add_argument_group("constraints (each exercise meets all of them)")
    add_option(wanted, "--cutoffs K", "exactly K cut-offs (any number by default)", type=int)
    deep = "at least one deep cut-off: its bound was set at the grandparent or higher"
    add_option(wanted, "--deep-cutoff", deep)
    add_option(wanted, "--distinct", "all leaf values differ (no ties to decide)")
    files = sheet.add_argument_group("files")
    add_option(files, "--out DIR", f"the folder to write to ({DEFAULT_OUT})", default=DEFAULT_OUT)
    formats = (
        f"any of {', '.join(WORKSHEET_FORMATS)}, separated by commas ({','.join(DEFAULT_WORKSHEET_FORMATS)}); "
        "index.csv is always written"
    )
    add_option(files, "--format F,F", formats)
    add_option(files, "--theme T", f"picture colours: {THEME_HELP}", default=DEFAULT_THEME)
    add_option(files, "--json", "print the index as one JSON object instead of text")


def _grade(grade: argparse.ArgumentParser) -> None:
    checked = grade.add_argument_group("what is graded")
    add_option(checked, "--function NAME", "the function to call (alphabeta; minimax for -a minimax)")
    algorithm = ("alphabeta", "minimax")
    add_option(checked, "--algorithm -a", "what the function is (alphabeta)", choices=algorithm, default="alphabeta")
    convention = (
        "the course's cut rule: tie (cut when a value reaches the bound, the default) or strict (only when it "
        "passes it)"
    )
    add_option(checked, "--convention", convention, choices=("tie", "strict"))
    from visualizer.grading.models import CHECKS, RETURNS

    returns = (
        "what the course's alpha-beta returns: soft (its best value, the default), hard (the bound it failed "
        "against) or mixed (the value that caused a cut-off, else the bound: alpha at MAX, beta at MIN)"
    )
    add_option(checked, "--returns", returns, choices=RETURNS)
    add_option(checked, "--fail-hard", "the same as --returns hard")
    check = (
        "what is compared: all (the visits, each call's maximizing, window and value; the default) or visits "
        "(the order of the visits and the root's value only)"
    )
    add_option(checked, "--check", check, choices=CHECKS)
    visits = (
        "grade a list of visited node names (one per line, - for stdin) made by code in any language, instead "
        "of STUDENT.py"
    )
    add_option(checked, "--visits FILE", visits)
    record = (
        "also record the calls of these module-level functions as the graded one's own, so that their windows, "
        "MAX/MIN and values are checked (AIMA's max_value,min_value). Each is NAME (node, alpha and beta found by "
        "parameter name; MAX from a maximizing/is_max parameter, else max... is MAX, min... is MIN) or "
        "NAME(NODE,ALPHA,BETA), optionally with =max, =min, =PARAMETER (true at MAX) or =PARAMETER==VALUE, e.g. "
        "'value=agentIndex==0'"
    )
    add_option(checked, "--record F,F", record)
    trees = (
        f"random trees besides the two examples ({cases.DEFAULT_TREES}; at most {cases.MAX_TREES:,}; every "
        f"{cases.IRREGULAR_EVERY}th irregular: leaves at mixed depths), of --depth "
        f"({cases.DEFAULT_DEPTH}), "
        f"--branching ({cases.DEFAULT_BRANCHING}), --range, --seed (drawn afresh and reported when omitted)"
    )
    add_option(checked, "--trees N", trees, type=int)
    limits = grade.add_argument_group("limits per tree")
    ranges = {name: f"{least:,} to {most:,}" for name, (least, most) in LIMIT_RANGES.items()}
    add_option(limits, "--timeout SECONDS", f"time ({DEFAULT_TIMEOUT:g} s; {ranges['timeout']})", type=float)
    add_option(limits, "--memory MB", f"memory ({DEFAULT_MEMORY_MB} MB; {ranges['memory']})", type=int)
    add_option(limits, "--recursion N", f"recursion depth ({DEFAULT_RECURSION:,}; {ranges['recursion']})", type=int)
    add_option(grade, "--json", "print the report (a class: the roster) as one JSON object, for an autograder")
    course = grade.add_argument_group("a class, and a course's tools")
    out = (
        "a class's folder for roster.csv, roster.json and reports/STUDENT.txt|json (grades); with --format "
        "gradescope, the results file (results.json)"
    )
    add_option(course, "--out PATH", out)
    add_option(course, "--jobs N", "submissions graded at once (the machine's cores)", type=int)
    gradescope = "gradescope: write Gradescope's autograder results.json for one submission (file or folder)"
    add_option(course, "--format", gradescope, choices=("gradescope",))
    points = "--format gradescope: the points all trees are worth together (one point a tree)"
    add_option(course, "--points P", points, type=float)


OWN_OPTIONS: dict[str, Callable[[argparse.ArgumentParser], object]] = {
    "best-move": lambda best: best.set_defaults(algorithm=None),
    "play": _play,
    "replay": _replay,
    "serve": _serve,
    "export": _export,
    "compare": _compare,
    "stats": _stats,
    "practice": _practice,
    "worksheet": _worksheet,
    "grade": _grade,
}
"""What each command adds to the options it shares with others (the source and search options)."""
