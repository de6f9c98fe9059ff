"""Provides the `practice` command (alpha-beta by hand in the app, or a headless check of an answer file)
and the `worksheet` command; with no terminal, `practice` prints the blank answer sheet, as `--sheet` does."""

from __future__ import annotations

import argparse
import json
import sys
from itertools import groupby
from pathlib import Path
from typing import Any

from visualizer.cli.command_options import DEFAULT_BRANCHING, DEFAULT_DEPTH
from visualizer.cli.commands import has_terminal, print_instead_of_app
from visualizer.cli.progress import progress_bar
from visualizer.cli.sources import check_owned, game_from_args, source_kind
from visualizer.errors import InputError
from visualizer.games import Player
from visualizer.games.explicit import levels_root, parse_levels
from visualizer.games.random_tree import DEFAULT_RANGE, fresh_seed, parse_range
from visualizer.pictures.themes import find_theme
from visualizer.practice.answers import Answers, key_answers, read_answers, to_text
from visualizer.practice.check import check
from visualizer.practice.code import SEEDS, RandomExercise
from visualizer.practice.exercise import Exercise
from visualizer.practice.worksheet import WorksheetExercise, WorksheetRequest, choose_exercises
from visualizer.practice.worksheet_files import (
    DEFAULT_WORKSHEET_FORMATS,
    WorksheetPage,
    parse_worksheet_formats,
    write_worksheet,
)
from visualizer.safe_files import check_output_folder

__all__ = ["exercise_from_args", "instructions", "practice", "worksheet"]


_NO_TERMINAL_HINT = "it is the blank sheet (--sheet): fill it in, then check it with --answers FILE"
"""What stderr says when the app cannot run and the sheet is printed instead."""

_RANDOM_OPTIONS = ("branching", "depth", "range", "seed", "root", "levels", "leaves", "order")
"""Options that shape a random tree (all of them come with the code)."""


def practice(args: argparse.Namespace) -> int:
    """Opens the app on the exercise, prints its sheet or key, or checks an answer file (exit 1 on mistakes)."""
    _check_modes(args)
    exercise = exercise_from_args(args)
    if args.answers:
        answers = read_answers(args.answers)
        exercise = _exercise_for(answers, exercise, args.answers)
        exercise = exercise.with_cut_window(args.cut_window or answers.header.get("cut_window") or "kept")
        report = check(exercise, answers)
        print(json.dumps(report.to_json(), indent=2) if args.json else report.to_text(reveal=args.reveal))
        return 0 if report.right == report.total else 1
    assert exercise is not None
    exercise = exercise.with_cut_window(args.cut_window or "kept")
    if args.sheet or args.key:
        sys.stdout.write(to_text(key_answers(exercise) if args.key else Answers({}, {}), exercise))
        return 0
    if not has_terminal():
        return print_instead_of_app(to_text(Answers({}, {}), exercise).rstrip("\n"), _NO_TERMINAL_HINT)
    from visualizer.tui import make_practice_app, run_app

    return run_app(make_practice_app(exercise, drill=args.drill))


def _check_modes(args: argparse.Namespace) -> None:
    modes = [f"--{mode}" for mode in ("answers", "sheet", "key", "drill") if getattr(args, mode)]
    if len(modes) > 1:
        raise InputError(f"{' and '.join(modes)} do different things; give one of them")
    if not args.answers:
        for flag, given in (("--json", args.json), ("--reveal", args.reveal)):
            if given:
                raise InputError(f"{flag} is for the report of --answers FILE; add --answers, or drop {flag}")


def exercise_from_args(args: argparse.Namespace) -> Exercise | None:
    """The exercise the options name, its cut window the default; None when they name none and an answer file
    may (with --answers)."""
    kind, _ = source_kind(args)
    if kind == "trace":
        raise InputError("practice searches the tree itself: give the tree (e.g. --nested ...) instead of --trace")
    shaped = [f"--{name.replace('_', '-')}" for name in _RANDOM_OPTIONS if getattr(args, name) is not None]
    if args.code:
        extra = shaped + (["--example"] if args.example else []) + (["--strict"] if args.strict else [])
        if kind != "builtin" or extra:
            raise InputError(f"--code names the whole exercise; drop {', '.join(extra) or 'the tree source'}")
        return Exercise.from_code(args.code)
    if args.example and kind != "builtin":
        raise InputError("--example is the built-in tree; drop it or the other tree source")
    if args.example or kind not in ("builtin", "random"):
        return Exercise.from_game(game_from_args(args), depth=args.depth, strict=args.strict)
    if args.answers and not (args.random or shaped or args.strict):
        return None
    check_owned(args, "random")
    if args.leaves is not None:
        raise InputError("practice trees are perfect trees: give --depth and --branching instead of --leaves")
    if args.order is not None:
        raise InputError("exercise codes record no move order: drop --order, or give the tree itself (--array ...)")
    return Exercise.from_random(_random_shape(args))


def _random_shape(args: argparse.Namespace) -> RandomExercise:
    """The random tree the options shape: the defaults for what they leave out, a seed drawn when none is given;
    the root moves as --root says, else as the first of --levels, else MAX."""
    levels = None if args.levels is None else parse_levels(args.levels)
    return RandomExercise(
        branching=DEFAULT_BRANCHING if args.branching is None else args.branching,
        depth=DEFAULT_DEPTH if args.depth is None else args.depth,
        value_range=parse_range(args.range) if args.range else DEFAULT_RANGE,
        seed=fresh_seed(SEEDS) if args.seed is None else args.seed,
        root=Player.parse(args.root) if args.root else levels_root(levels, Player.MAX),
        strict=args.strict,
        levels=levels,
    )


def _exercise_for(answers: Answers, given: Exercise | None, path: str) -> Exercise:
    """The exercise to check against: the options' or the file's, which must agree when both name one."""
    where = path if path.isprintable() else repr(path)
    names = any(field != "cut_window" for field in answers.header)
    named = Exercise.from_header(answers.header, where=where) if names else None
    exercise = given or named
    if exercise is None:
        raise InputError(f"{where} names no exercise (no 'exercise CODE' line); add it, or give --code CODE")
    if given is not None and named is not None and _tree(given) != _tree(named):
        raise InputError(
            f"{where} is for {named.code or named.describe()}, but the options name "
            f"{given.code or given.describe()}; drop the options to check it against its own exercise"
        )
    return exercise


def _tree(exercise: Exercise) -> dict:
    """The header fields that name the tree and its cut rule (the cut window left out)."""
    return {field: value for field, value in exercise.header().items() if field != "cut_window"}


def worksheet(args: argparse.Namespace) -> int:
    """Finds the exercises, writes their sheets, keys and index, and prints the index (text or JSON)."""
    formats = parse_worksheet_formats(args.format) if args.format else DEFAULT_WORKSHEET_FORMATS
    find_theme(args.theme)  # an unknown theme is refused before the search
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {args.out} is a file; give a folder for the worksheet (it is created if missing)")
    check_output_folder(out)  # a file above it, a link to a missing folder: refused before the search
    chosen_seed = args.seed is None
    shape = _random_shape(args)
    request = WorksheetRequest(args.count, shape, args.cutoffs, args.deep_cutoff, args.distinct)
    with progress_bar(0, "looking for exercises") as report:
        exercises, tried = choose_exercises(request, progress=report)
    rows = [index_row(exercise) for exercise in exercises]
    pages, rule = [], instructions(shape)
    for chosen, row in zip(exercises, rows):
        sheet, key = to_text(Answers({}, {}), chosen.exercise), to_text(key_answers(chosen.exercise), chosen.exercise)
        pages.append(WorksheetPage(chosen.number, chosen.code, chosen.exercise.solution, rule, sheet, key, row))
    heading = settings_text(request)
    constraints = request.describe()
    key_heading = f"{heading}; each with {constraints}" if constraints else heading
    written = write_worksheet(pages, out, formats, heading=heading, theme=args.theme, key_heading=key_heading)
    if args.json:
        files = [str(path) for path in written]
        index = {"settings": settings_json(request, chosen_seed), "tried": tried, "exercises": rows, "files": files}
        print(json.dumps(index, indent=2))
    else:
        print(_text(request, key_heading, chosen_seed, tried, rows, written))
    return 0


def instructions(shape: RandomExercise) -> str:
    """The line a sheet gives under its title: the rules the student works by."""
    rule = (
        "cut only when a value passes the bound (strict)"
        if shape.strict
        else "cut when a value reaches the bound (on equality)"
    )
    levels = "" if shape.levels is None else f"{shape.levels_text()} (repeated down the tree)"
    return f"alpha-beta, children left to right, {rule}; root {shape.root.value.upper()}{levels}"


def settings_text(request: WorksheetRequest) -> str:
    """e.g. "6 exercises: branching 2, depth 4, values -10:10, root MAX, cut on equality" (", levels
    max,min,min" after the root when given)."""
    shape = request.shape
    low, high = shape.value_range
    rule = "strict cuts" if shape.strict else "cut on equality"
    plural = "" if request.count == 1 else "s"
    return (
        f"{request.count} exercise{plural}: branching {shape.branching}, depth {shape.depth}, "
        f"values {low}:{high}, root {shape.root.value.upper()}{shape.levels_text()}, {rule}"
    )


def settings_json(request: WorksheetRequest, chosen_seed: bool) -> dict[str, Any]:
    """The request as --json gives it."""
    shape = request.shape
    low, high = shape.value_range
    return {
        "count": request.count,
        "branching": shape.branching,
        "depth": shape.depth,
        "range": f"{low}:{high}",
        "seed": shape.seed,
        "seed_chosen": chosen_seed,
        "root": shape.root.value,
        "levels": _levels_json(shape),
        "strict": shape.strict,
        "cutoffs": request.cutoffs,
        "deep_cutoff": request.deep,
        "distinct": request.distinct,
    }


def _levels_json(shape: RandomExercise) -> list[str] | None:
    """The levels as --json gives them, e.g. ["max", "min", "min"]; None where MAX and MIN take turns."""
    return None if shape.levels is None else [level.value for level in shape.levels]


def index_row(exercise: WorksheetExercise) -> dict[str, Any]:
    """One exercise's row of the index (`INDEX_COLUMNS`)."""
    settings = exercise.settings
    low, high = settings.value_range
    return {
        "number": exercise.number,
        "code": exercise.code,
        "branching": settings.branching,
        "depth": settings.depth,
        "range": f"{low}:{high}",
        "seed": settings.seed,
        "root": settings.root.value,
        "levels": _levels_json(settings),
        "strict": settings.strict,
        "cutoffs": exercise.cutoffs,
        "deep_cutoffs": exercise.deep,
        "leaves": list(exercise.leaves),
        "value": exercise.value,
    }


def _text(
    request: WorksheetRequest,
    heading: str,
    chosen_seed: bool,
    tried: int,
    rows: list[dict[str, Any]],
    written: list[Path],
) -> str:
    """The printed index: `heading` (the settings and constraints), the seed, one row per exercise, the files."""
    seed = request.shape.seed
    repeat = f" (chosen at random; --seed {seed} repeats this worksheet)" if chosen_seed else ""
    lines = [f"worksheet of {heading}", f"seed {seed}{repeat}; {len(rows)} of {tried:,} random trees kept", ""]
    code_width = max(len("code"), *(len(row["code"]) for row in rows))
    lines.append(f"{'#':>3}  {'code':<{code_width}}  {'seed':>6}  cut-offs  deep  value")
    for row in rows:
        lines.append(
            f"{row['number']:>3}  {row['code']:<{code_width}}  {row['seed']:>6}  {row['cutoffs']:>8}  "
            f"{row['deep_cutoffs']:>4}  {row['value']:>5}"
        )
    lines += [
        "",
        f"wrote {len(written)} files in {written[0].parent}:",
        *_file_lines(written),
        "a student checks a sheet with: visualizer practice --code CODE --answers FILE",
    ]
    return "\n".join(lines)


def _file_lines(written: list[Path]) -> list[str]:
    """The files' names, one line per exercise (its sheets and keys) and one for the documents and index."""

    def exercise(path: Path) -> str:
        return path.name.rsplit("-", 1)[0] if path.name.startswith("exercise-") else ""

    return ["  " + "  ".join(path.name for path in group) for _, group in groupby(written, key=exercise)]
