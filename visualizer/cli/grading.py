"""Provides the `grade` command: a student's own alpha-beta (or minimax) run on known trees in a sandbox,
compared with the engine's, with the first difference and the likely misconception for each tree."""

from __future__ import annotations

import argparse
import json
import sys

from visualizer.cli.progress import progress_bar
from visualizer.cli.sources import game_from_args, lookahead_from_args, source_kind
from visualizer.errors import InputError
from visualizer.games.random_tree import parse_range
from visualizer.grading.cases import MAX_TREES, fresh_seed, standard_cases
from visualizer.grading.limits import LIMIT_RANGES, check_limit
from visualizer.grading.models import Convention
from visualizer.grading.record import Run
from visualizer.grading.reference import Case
from visualizer.grading.report import GradeReport
from visualizer.grading.verdict import judge

__all__ = ["SIGNATURES", "grade"]

SIGNATURES = {"alphabeta": "(node, alpha, beta, maximizing)", "minimax": "(node, maximizing)"}
"""How the student's function is called, per --algorithm."""

MAX_VISITS_TEXT = 10_000_000
"""A visits file longer than this (in characters) is no list of a tree's nodes."""


def grade(args: argparse.Namespace) -> int:
    """Grades the student's file (or --visits FILE) and prints the report; exit 0 all pass, 1 any differ."""
    if (args.student is None) == (args.visits is None):
        raise InputError(
            "give the student's file, visualizer grade STUDENT.py, or a list of visits, --visits FILE"
            if args.student is None
            else f"{args.student} and --visits grade the same thing; give one"
        )
    cases, seed = _cases_from_args(args)
    function = args.function or args.algorithm
    if args.visits is not None:
        if len(cases) != 1:
            raise InputError("--visits grades one tree; give that tree (e.g. --nested ...) and drop --trees")
        runs = [_run_from_visits(args.visits, cases[0])]
        source, signature = args.visits, "visited nodes"
    else:
        runs = _run_student(args, function, cases)
        source, signature = args.student, f"{function}{SIGNATURES[args.algorithm]}"
    verdicts = tuple(judge(case, run) for case, run in zip(cases, runs))
    report = GradeReport(source, signature, args.algorithm, cases[0].convention, verdicts, seed)
    if args.json:
        print(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(report.to_text())
    return report.exit_code


def _cases_from_args(args: argparse.Namespace) -> tuple[list[Case], int | None]:
    """The trees to grade on, and the first random tree's seed (None when there are no random trees)."""
    if args.algorithm == "minimax" and (args.convention is not None or args.fail_hard):
        flag = "--fail-hard" if args.fail_hard else "--convention"
        raise InputError(f"{flag} is a rule of alpha-beta; drop it, or grade --algorithm alphabeta")
    convention = Convention(strict=args.convention == "strict", fail_hard=args.fail_hard)
    for flag, value, (least, most) in (
        ("--trees", args.trees, (0, MAX_TREES)),
        ("--timeout", args.timeout, LIMIT_RANGES["timeout"]),
        ("--memory", args.memory, LIMIT_RANGES["memory"]),
        ("--recursion", args.recursion, LIMIT_RANGES["recursion"]),
    ):
        if value is not None:
            check_limit(flag, value, least, most)
    kind, _ = source_kind(args)
    if kind == "trace":
        raise InputError(
            "grade runs the student's code on a tree: give the tree (e.g. --nested ...) instead of --trace"
        )
    if kind == "builtin" and not any(getattr(args, name) is not None for name in ("root", "levels", "names")):
        if args.visits is not None and args.trees is None:  # a list of visits is of one tree: the example
            return standard_cases(algorithm=args.algorithm, convention=convention, trees=0)[:1], None
        seed = fresh_seed() if args.seed is None else args.seed
        given = {name: getattr(args, name) for name in ("trees", "branching", "depth")}  # else the defaults
        if args.range:
            given["value_range"] = parse_range(args.range)
        settings = {name: value for name, value in given.items() if value is not None}
        cases = standard_cases(algorithm=args.algorithm, convention=convention, seed=seed, **settings)
        return cases, seed if len(cases) > 2 else None
    if args.trees is not None:
        raise InputError(
            "--trees is for the standard trees; a tree source (TREE, --array, --game ...) grades "
            "that one tree: drop one of them"
        )
    game = game_from_args(args)
    return [Case(game.describe(), game, lookahead_from_args(args, game), args.algorithm, convention)], None


def _run_student(args: argparse.Namespace, function: str, cases: list[Case]) -> list[Run]:
    from visualizer.grading.sandbox import run_student

    trees = [case.tree for case in cases]
    maximizing = [case.maximizing for case in cases]
    options = {
        name: value
        for name, value in (("timeout", args.timeout), ("memory_mb", args.memory), ("recursion", args.recursion))
        if value is not None
    }
    with progress_bar(len(trees), "grading") as report:
        return run_student(
            args.student, function, trees, maximizing, algorithm=args.algorithm, progress=report, **options
        )


def _run_from_visits(path: str, case: Case) -> Run:
    """A list of visited node names (one per line, or separated by spaces or commas) as a run with touches only."""
    try:
        if path == "-":
            text = sys.stdin.read(MAX_VISITS_TEXT + 1)
        else:
            with open(path, encoding="utf-8") as file:
                text = file.read(MAX_VISITS_TEXT + 1)
    except FileNotFoundError:
        raise InputError(f"--visits {path}: no such file; check the path") from None
    except IsADirectoryError:
        raise InputError(f"--visits {path} is a folder; give the file of visited node names") from None
    except UnicodeDecodeError:
        raise InputError(f"--visits {path} is not UTF-8 text; save it as text, one node name per line") from None
    except OSError as error:
        raise InputError(f"--visits {path}: {error.strerror}; check the path") from None
    if len(text) > MAX_VISITS_TEXT:
        raise InputError(f"--visits {path} is over {MAX_VISITS_TEXT:,} characters, no list of a tree's nodes")
    names = [
        name
        for line in text.splitlines()
        if not line.lstrip().startswith("#")
        for name in line.replace(",", " ").split()
    ]
    nodes = [node.name for node in case.tree.walk()]
    known = set(nodes)
    for number, name in enumerate(names, 1):
        if name not in known:
            some = ", ".join(nodes[:6]) + (", ..." if len(nodes) > 6 else "")
            raise InputError(
                f"--visits {path}: name {number}, {name!r}, is no node of {case.label}; its nodes are named {some}"
            )
    if not names:
        raise InputError(f"--visits {path} names no node; write the visited node names, one per line")
    first = list(dict.fromkeys(names))  # a node named again was touched before
    return Run(tuple(first))
