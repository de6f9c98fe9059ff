"""Provides what grading one student and grading a class share: the trees from the command line
(`cases_from_args`), the sandbox's options (`run_options`), a run with a progress bar, and the report."""

from __future__ import annotations

import argparse
from typing import Any

from visualizer.cli.progress import progress_bar
from visualizer.cli.sources import game_from_args, lookahead_from_args, source_kind
from visualizer.errors import InputError
from visualizer.games.base import takes_turns
from visualizer.games.random_tree import parse_range
from visualizer.grading.cases import MAX_TREES, fresh_seed, standard_cases
from visualizer.grading.limits import LIMIT_RANGES, check_limit
from visualizer.grading.models import Convention
from visualizer.grading.record import Run, recorded_from_string
from visualizer.grading.reference import Case
from visualizer.grading.report import GradeReport
from visualizer.grading.sandbox import run_student
from visualizer.grading.verdict import judge

__all__ = ["SIGNATURES", "cases_from_args", "report_of", "run_options", "run_with_progress"]

SIGNATURES = {"alphabeta": "(node, alpha, beta, maximizing)", "minimax": "(node, maximizing)"}
"""How the student's function is called, per --algorithm."""


def cases_from_args(args: argparse.Namespace) -> tuple[list[Case], int | None]:
    """The trees to grade on, and the first random tree's seed (None when there are no random trees)."""
    rules = {"--convention": args.convention, "--returns": args.returns, "--fail-hard": args.fail_hard or None}
    named = [flag for flag, value in rules.items() if value is not None]
    if args.algorithm == "minimax" and named:
        raise InputError(f"{named[0]} is a rule of alpha-beta; drop it, or grade --algorithm alphabeta")
    if args.fail_hard and args.returns not in (None, "hard"):
        raise InputError(f"--fail-hard is --returns hard, not --returns {args.returns}; give one of the two")
    convention = Convention(
        strict=args.convention == "strict",
        returns="hard" if args.fail_hard else args.returns or "soft",
        checks=args.check or "all",
    )
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
    if not takes_turns(game):
        raise InputError(
            "grade tells the student's code only whether the root maximizes, and the code turns it over at each "
            "level, so a tree where one player moves twice in a row (several MIN agents) cannot be graded; "
            "give a tree where MAX and MIN take turns"
        )
    return [Case(game.describe(), game, lookahead_from_args(args, game), args.algorithm, convention)], None


def run_options(args: argparse.Namespace) -> dict[str, Any]:
    """The sandbox's options from the command line (`run_student`'s keywords), --record checked now: a wrong
    one is the teacher's mistake, refused before any student's code runs."""
    options: dict[str, Any] = {"algorithm": args.algorithm}
    for name, value in (("timeout", args.timeout), ("memory_mb", args.memory), ("recursion", args.recursion)):
        if value is not None:
            options[name] = value
    if args.record is not None:
        recorded_from_string(args.record)
        options["record"] = args.record
    return options


def run_with_progress(args: argparse.Namespace, path: str, cases: list[Case]) -> list[Run]:
    """The runs of the student's function in `path` on the cases' trees, with a progress bar on stderr."""
    trees = [case.tree for case in cases]
    maximizing = [case.maximizing for case in cases]
    with progress_bar(len(trees), "grading") as report:
        function = args.function or args.algorithm
        return run_student(path, function, trees, maximizing, progress=report, **run_options(args))


def report_of(args: argparse.Namespace, path: str, cases: list[Case], runs: list[Run], seed: int | None) -> GradeReport:
    """The report on the student's runs (from `path`) on the cases."""
    function = args.function or args.algorithm
    verdicts = tuple(judge(case, run) for case, run in zip(cases, runs))
    signature = f"{function}{SIGNATURES[args.algorithm]}"
    return GradeReport(path, signature, args.algorithm, cases[0].convention, verdicts, seed)
