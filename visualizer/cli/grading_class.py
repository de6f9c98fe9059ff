"""Provides `grade_class` (a class's submissions graded in parallel, into a roster and a report per student) and
`grade_for_gradescope` (one submission, as Gradescope's results.json).

Each student's code runs in a process of its own (`grading.separate`), which runs it in the sandbox's worker
in turn: a crash, a time-out or a hostile file stops only that student's grading, and the answer counts only
with the token that process was given. The trees and their references are made once, here, for the class.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from visualizer.cli.grading_setup import cases_from_args, report_of, run_options, run_with_progress
from visualizer.cli.progress import progress_bar
from visualizer.errors import InputError, one_line
from visualizer.grading.gradescope import gradescope_results, gradescope_unusable
from visualizer.grading.limits import DEFAULT_TIMEOUT
from visualizer.grading.reference import Case
from visualizer.grading.report import escaped
from visualizer.grading.roster import VERDICTS, RosterRow, roster_csv, roster_json, row_of
from visualizer.grading.sandbox import adopt_orphans, check_function_name, children_now, end_strays, not_dumpable
from visualizer.grading.separate import grade_apart, stop_all
from visualizer.grading.submissions import Submission, find_submissions
from visualizer.safe_files import StagedWrites, write_text_atomic

__all__ = ["grade_class", "grade_for_gradescope"]

MAX_JOBS = 64
"""The most submissions graded at once (`--jobs`)."""
SLACK = 30.0
"""Seconds a student's grading may take beyond the time limits of its trees (loading, starting workers)."""


def grade_class(args: argparse.Namespace, paths: list[str]) -> int:
    """Grades every submission in `paths` and writes the roster and the reports to --out; exit 0 once written."""
    function = _function(args)
    submissions = find_submissions(paths, function)
    cases, seed = cases_from_args(args)
    out = Path(args.out or "grades")
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {out} is a file; give a folder for the roster and the reports")
    jobs = os.cpu_count() or 1 if args.jobs is None else args.jobs
    if not 1 <= jobs <= MAX_JOBS:
        raise InputError(f"--jobs {args.jobs} is out of range: give 1 to {MAX_JOBS}")
    limit = (args.timeout or DEFAULT_TIMEOUT) * (len(cases) + 1) + SLACK
    started = time.monotonic()
    outcomes: list[Outcome | None] = [None] * len(submissions)
    not_dumpable()
    adopt_orphans()  # what a student's code left running after its grading process was stopped comes here
    before = children_now()
    try:
        with progress_bar(len(submissions), "grading the class") as report, ThreadPoolExecutor(jobs) as pool:
            futures = {
                pool.submit(_grade_one, args, submission, cases, seed, limit): index
                for index, submission in enumerate(submissions)
            }
            try:
                for done, future in enumerate(as_completed(futures), 1):
                    outcomes[futures[future]] = future.result()
                    if report is not None:
                        report(done, len(submissions))
            except BaseException:  # ctrl+c, a closed terminal: no student's grading goes on, and no roster
                pool.shutdown(wait=False, cancel_futures=True)
                stop_all()
                raise
    finally:
        end_strays(before)
    about = {
        "seed": seed,
        "algorithm": args.algorithm,
        "convention": cases[0].convention.describe(),
        "trees": [case.label for case in cases],
    }
    rows = _write(out, [outcome for outcome in outcomes if outcome is not None], about)
    if args.json:
        print(json.dumps(roster_json(rows, **about), indent=2))
    else:
        sys.stdout.write(_table(rows, out, seed, time.monotonic() - started))
    return 0


def grade_for_gradescope(args: argparse.Namespace, paths: list[str]) -> int:
    """Grades one submission (a file, or the folder Gradescope fills) and writes results.json; exit 0 once
    written, even when the submission cannot be used (its score is 0 and the output says why)."""
    if len(paths) != 1:
        raise InputError("--format gradescope grades one submission: give its file or folder (/autograder/submission)")
    if args.visits is not None:
        raise InputError("--format gradescope grades a student's code: drop --visits")
    if args.points is not None and not 0 < args.points <= 1_000_000:
        raise InputError(f"--points {args.points:g} is out of range: give a number of points above 0")
    function = _function(args)
    cases, seed = cases_from_args(args)
    try:
        if not os.path.exists(paths[0]):
            name = os.path.basename(paths[0])
            raise InputError(f"the submission has no {name}: submit your code in a file named {name}")
        submission = find_submissions(paths, function, whole=True)[0]
        if submission.entry is None:
            raise InputError(submission.problem or "no file to grade")
        runs = run_with_progress(args, str(submission.entry), cases)
        report = report_of(args, str(submission.entry), cases, runs, seed)
    except InputError as error:
        results = gradescope_unusable(one_line(str(error)), points=args.points or len(cases))
        sys.stdout.write(results["output"])
    else:
        text = report.to_text()
        results = gradescope_results(report.to_json(), text, points=args.points)
        sys.stdout.write(text)
    write_text_atomic(args.out or "results.json", json.dumps(results, indent=2) + "\n")
    return 0


def _function(args: argparse.Namespace) -> str:
    function = str(args.function or args.algorithm)
    check_function_name(function)  # before any student's code runs: the teacher's mistake, refused once
    return function


@dataclass(frozen=True)
class Outcome:
    """One submission graded: its report (JSON and text), or why there is none (`verdict`, `problem`)."""

    submission: Submission
    seconds: float
    report: dict[str, Any] | None = None
    text: str = ""
    verdict: str = "unusable"
    problem: str = ""
    total: int = 0


def _grade_one(
    args: argparse.Namespace, submission: Submission, cases: list[Case], seed: int | None, limit: float
) -> Outcome:
    """Grades one submission in a process of its own, which has `limit` seconds."""
    started = time.monotonic()
    if submission.entry is None:
        return Outcome(submission, 0.0, problem=submission.problem or "", total=len(cases))
    path = str(submission.entry)
    trees, maximizing = [case.tree for case in cases], [case.maximizing for case in cases]
    apart = grade_apart(path, args.function or args.algorithm, trees, maximizing, limit, **run_options(args))
    seconds = time.monotonic() - started
    if apart.runs is None:
        verdict = "stopped" if apart.stopped else "unusable"
        return Outcome(submission, seconds, verdict=verdict, problem=apart.problem, total=len(cases))
    report = report_of(args, path, cases, apart.runs, seed)
    return Outcome(submission, seconds, report.to_json(), report.to_text())


def _write(out: Path, outcomes: list[Outcome], about: dict[str, Any]) -> list[RosterRow]:
    """Writes roster.csv, roster.json (with `about`) and reports/NAME.txt|json to `out` together; returns the
    rows."""
    rows = []
    with StagedWrites() as files:
        for outcome in outcomes:
            name = outcome.submission.name
            shown = "" if outcome.submission.entry is None else str(outcome.submission.entry)
            report_file = ""
            if outcome.report is not None:
                report_file = f"reports/{name}.txt"
                files.stage(out / report_file, [outcome.text])
                files.stage(out / "reports" / f"{name}.json", [json.dumps(outcome.report, indent=2) + "\n"])
            rows.append(
                row_of(
                    name,
                    escaped(shown),
                    outcome.report,
                    problem=outcome.problem,
                    verdict=outcome.verdict,
                    seconds=outcome.seconds,
                    total=outcome.total,
                    report_file=report_file,
                )
            )
        files.stage(out / "roster.csv", [roster_csv(rows)])
        files.stage(out / "roster.json", [json.dumps(roster_json(rows, **about), indent=2) + "\n"])
    return rows


def _table(rows: list[RosterRow], out: Path, seed: int | None, seconds: float) -> str:
    """What the teacher reads: a line per student, then where the roster is."""
    width = max(len(row.student) for row in rows)
    room = max(20, shutil.get_terminal_size((100, 24)).columns - width - 23)  # what is left of the line
    lines = [f"{'student':<{width}}  passed  verdict     first failure"]
    for row in rows:
        failure = row.first_failure if len(row.first_failure) <= room else row.first_failure[: room - 3] + "..."
        passed = f"{row.passed}/{row.total}"
        lines.append(f"{row.student:<{width}}  {passed:>6}  {row.verdict:<10}  {failure}".rstrip())
    counts = {verdict: sum(row.verdict == verdict for row in rows) for verdict in VERDICTS}
    summary = ", ".join(f"{count} {verdict}" for verdict, count in counts.items() if count)
    lines.append(f"{len(rows)} submissions in {seconds:.1f} s: {summary}.")
    if seed is not None:
        lines.append(f"Random trees from seed {seed} (--seed {seed} grades on them again).")
    lines.append(f"Roster: {out / 'roster.csv'} and .json; reports: {out / 'reports'}")
    return "\n".join(lines) + "\n"
