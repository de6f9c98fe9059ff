"""Provides the `grade` command: a student's own alpha-beta (or minimax) run on known trees in a sandbox,
compared with the engine's, with the first difference and the likely misconception for each tree."""

from __future__ import annotations

import argparse
import json
import os
import sys

from visualizer.cli.grading_class import grade_class, grade_for_gradescope
from visualizer.cli.grading_setup import cases_from_args, report_of, run_with_progress
from visualizer.errors import InputError
from visualizer.grading.record import Run
from visualizer.grading.reference import Case
from visualizer.grading.report import GradeReport
from visualizer.grading.verdict import judge
from visualizer.input_files import NotAFileError, open_input

__all__ = ["grade"]

MAX_VISITS_TEXT = 10_000_000
"""A visits file longer than this (in characters) is no list of a tree's nodes."""


def grade(args: argparse.Namespace) -> int:
    """Grades the student's file (or --visits FILE) and prints the report; exit 0 all pass, 1 any differ.

    Several submissions (or a class folder, or --out) grade a class (`grading_class`); --format gradescope
    writes Gradescope's results.json for one submission."""
    submissions = _submissions_and_tree(args)
    if not submissions and args.visits is None:
        raise InputError(
            "give the student's file, visualizer grade STUDENT.py (several, or a class folder, grade "
            "a class), or a list of visits, --visits FILE"
        )
    if args.format == "gradescope" or (
        args.visits is None and (len(submissions) > 1 or args.out is not None or any(map(os.path.isdir, submissions)))
    ):
        return (grade_for_gradescope if args.format == "gradescope" else grade_class)(args, submissions)
    if len(submissions) > 1 or (submissions and args.visits is not None):
        raise InputError(f"{submissions[0]} and --visits grade the same thing; give one")
    args.student = submissions[0] if submissions else None
    cases, seed = cases_from_args(args)
    if args.visits is not None:
        if len(cases) != 1:
            raise InputError("--visits grades one tree; give that tree (e.g. --nested ...) and drop --trees")
        verdicts = (judge(cases[0], _run_from_visits(args.visits, cases[0])),)
        report = GradeReport(args.visits, "visited nodes", args.algorithm, cases[0].convention, verdicts, seed)
    else:
        runs = run_with_progress(args, args.student, cases)
        report = report_of(args, args.student, cases, runs, seed)
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        sys.stdout.write(report.to_text())
    return report.exit_code


def _submissions_and_tree(args: argparse.Namespace) -> list[str]:
    """The submissions named on the command line. The positional TREE comes after them (argparse gives every
    positional to SUBMISSION): a last one that is no file and reads as a tree ('1,3,5', '[[3,12],[2,4]]')."""
    given = list(args.student or [])
    if args.tree is None and given and not os.path.exists(given[-1]) and given[-1][:1] in TREE_STARTS:
        args.tree = given.pop()
    return given


TREE_STARTS = tuple("[(-0123456789")
"""How a tree written on the command line starts, where a file name does not."""


def _run_from_visits(path: str, case: Case) -> Run:
    """A list of visited node names (one per line, or separated by spaces or commas) as a run with touches only."""
    try:
        with open_input(path, encoding="utf-8", stdin=True) as file:
            text = file.read(MAX_VISITS_TEXT + 1)
    except NotAFileError as error:
        raise InputError(
            f"--visits {path} is {error.kind}; give the file of visited node names, or - for stdin"
        ) from None
    except FileNotFoundError:
        raise InputError(f"--visits {path}: no such file; check the path") from None
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
