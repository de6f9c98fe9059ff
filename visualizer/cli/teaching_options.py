"""Provides the options of the teaching commands: `practice`, `worksheet` and `grade` (the tree source options
come from `parser.py`, which adds these commands)."""

from __future__ import annotations

import argparse

from visualizer.cli.defaults import DEFAULT_BRANCHING, DEFAULT_COUNT, DEFAULT_DEPTH, DEFAULT_OUT, STRICT_HELP
from visualizer.grading import cases
from visualizer.grading.limits import DEFAULT_MEMORY_MB, DEFAULT_RECURSION, DEFAULT_TIMEOUT
from visualizer.pictures.themes import DEFAULT_THEME, THEMES
from visualizer.practice.worksheet_files import DEFAULT_WORKSHEET_FORMATS, WORKSHEET_FORMATS

__all__ = ["add_grade", "add_practice", "add_worksheet"]


def add_practice(commands: argparse._SubParsersAction, sources: argparse.ArgumentParser) -> None:
    practice = commands.add_parser(
        "practice",
        parents=[sources],
        help="work alpha-beta by hand; the tool checks every node",
        description="Practice alpha-beta by hand. Opens the app on a random tree (or on any tree source, "
        "--example for the built-in one) whose exercise code names the same tree anywhere: fill in the "
        "values (and alpha/beta), mark the pruned nodes, and check. With --answers, checks a filled-in "
        "answer file instead (exit 0 all right, 1 mistakes, 2 bad input).",
    )
    practice.set_defaults(iterative=False)
    exercise = practice.add_argument_group(
        "exercise (default: a random tree, branching 2, depth 4, values -10:10, a random seed)"
    )
    exercise.add_argument("--code", metavar="CODE", help="the exercise a code names, e.g. XN1A-77S")
    exercise.add_argument("--example", action="store_true", help="the built-in 15-node example (root MIN)")
    exercise.add_argument("--strict", action="store_true", help=STRICT_HELP)
    exercise.add_argument(
        "--cut-window",
        choices=("kept", "raised"),
        help="alpha/beta of a node a cut-off leaves: kept as they were when the cut came (the "
        "default), or raised (MAX's alpha, MIN's beta moved to the value first); an answer "
        "file records it",
    )
    headless = practice.add_argument_group("without the app")
    headless.add_argument("--answers", metavar="FILE", help="check a filled-in answer file (text or JSON) and report")
    headless.add_argument("--json", action="store_true", help="with --answers: the report as one JSON object")
    headless.add_argument("--reveal", action="store_true", help="with --answers: say the right values in the report")
    headless.add_argument("--sheet", action="store_true", help="print the blank answer sheet (text form)")
    headless.add_argument("--key", action="store_true", help="print the answer key: the sheet filled in correctly")
    practice.add_argument(
        "--drill", action="store_true", help="open the predict-the-next-node drill first (escape leads to the answers)"
    )


def add_grade(commands: argparse._SubParsersAction, sources: argparse.ArgumentParser) -> None:
    grade = commands.add_parser(
        "grade",
        parents=[sources],
        help="grade a student's own alpha-beta: where it departs, and why",
        description="Run a student's alpha-beta (or minimax) from STUDENT.py in a separate process, with time, "
        "memory and recursion limits, on the 15-node example, the textbook 3x3 tree and seeded random trees "
        "(or on the tree the source options name), and compare what it visits, the windows it passes and the "
        "values it returns with alpha-beta's: pass, or the first difference and the likely misconception. "
        "The function is called as f(node, alpha, beta, maximizing) (minimax: f(node, maximizing)); a node has "
        ".name, .children, .value and .is_leaf(). Exit 0 all trees pass, 1 any differs, 2 the file cannot be "
        "used.",
    )
    checked = grade.add_argument_group("what is graded")
    checked.add_argument("--function", metavar="NAME", help="the function to call (alphabeta; minimax for -a minimax)")
    checked.add_argument(
        "--algorithm",
        "-a",
        choices=("alphabeta", "minimax"),
        default="alphabeta",
        help="what the function is (alphabeta)",
    )
    checked.add_argument(
        "--convention",
        choices=("tie", "strict"),
        help="the course's cut rule: tie (cut when a value reaches the bound, the default) or "
        "strict (only when it passes it)",
    )
    checked.add_argument(
        "--fail-hard",
        action="store_true",
        help="the course's alpha-beta returns the bound it failed against (fail-soft by default)",
    )
    checked.add_argument(
        "--visits",
        metavar="FILE",
        help="grade a list of visited node names (one per line, - for stdin) made by code in any "
        "language, instead of STUDENT.py",
    )
    checked.add_argument(
        "--trees",
        type=int,
        metavar="N",
        help=f"random trees besides the two examples ({cases.DEFAULT_TREES}), of --depth ({cases.DEFAULT_DEPTH}), "
        f"--branching ({cases.DEFAULT_BRANCHING}), --range, --seed ({cases.DEFAULT_SEED})",
    )
    limits = grade.add_argument_group("limits per tree")
    limits.add_argument("--timeout", type=float, metavar="SECONDS", help=f"time ({DEFAULT_TIMEOUT:g} s)")
    limits.add_argument("--memory", type=int, metavar="MB", help=f"memory ({DEFAULT_MEMORY_MB} MB)")
    limits.add_argument("--recursion", type=int, metavar="N", help=f"recursion depth ({DEFAULT_RECURSION:,})")
    grade.add_argument("--json", action="store_true", help="print the report as one JSON object (for an autograder)")


def add_worksheet(commands: argparse._SubParsersAction) -> None:
    sheet = commands.add_parser(
        "worksheet",
        help="alpha-beta exercises to print: blank sheets, answer keys, an index of codes",
        description="Find N random practice trees whose alpha-beta run meets the constraints (trying seeds "
        "S, S+1, ... up to a bounded number of trees) and write, per exercise, a blank sheet and an answer "
        "key, plus index.csv of the exercise codes; each code opens the same tree in `visualizer practice "
        "--code CODE`. A request no tree can meet is refused in one line.",
    )
    trees = sheet.add_argument_group("trees")
    trees.add_argument("--count", type=int, default=DEFAULT_COUNT, metavar="N", help=f"exercises ({DEFAULT_COUNT})")
    trees.add_argument(
        "--branching",
        type=int,
        default=DEFAULT_BRANCHING,
        metavar="K",
        help=f"children per inner node ({DEFAULT_BRANCHING})",
    )
    trees.add_argument(
        "--depth", type=int, default=DEFAULT_DEPTH, metavar="D", help=f"levels below the root ({DEFAULT_DEPTH})"
    )
    trees.add_argument("--range", metavar="LO:HI", help="leaf values (-10:10)")
    trees.add_argument("--root", choices=("max", "min"), default="max", help="who moves at the root (max)")
    trees.add_argument("--strict", action="store_true", help=STRICT_HELP)
    trees.add_argument(
        "--seed", type=int, metavar="S", help="the first seed tried (chosen at random and shown when omitted)"
    )
    wanted = sheet.add_argument_group("constraints (each exercise meets all of them)")
    wanted.add_argument("--cutoffs", type=int, metavar="K", help="exactly K cut-offs (any number by default)")
    wanted.add_argument(
        "--deep-cutoff",
        action="store_true",
        help="at least one deep cut-off: its bound was set at the grandparent or higher",
    )
    wanted.add_argument("--distinct", action="store_true", help="all leaf values differ (no ties to decide)")
    files = sheet.add_argument_group("files")
    files.add_argument("--out", default=DEFAULT_OUT, metavar="DIR", help=f"the folder to write to ({DEFAULT_OUT})")
    files.add_argument(
        "--format",
        metavar="F,F",
        help=f"any of {', '.join(WORKSHEET_FORMATS)}, separated by commas "
        f"({','.join(DEFAULT_WORKSHEET_FORMATS)}); index.csv is always written",
    )
    files.add_argument(
        "--theme",
        default=DEFAULT_THEME,
        metavar="T",
        help=f"picture colours: {', '.join(THEMES)} (print reads in greyscale) ({DEFAULT_THEME})",
    )
    files.add_argument("--json", action="store_true", help="print the index as one JSON object instead of text")
