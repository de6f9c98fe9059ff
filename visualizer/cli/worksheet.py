"""Provides the `worksheet` command: N alpha-beta exercises meeting constraints, with blank sheets, keys and an index."""

from __future__ import annotations

import argparse
import json
from itertools import groupby
from pathlib import Path
from typing import Any

from visualizer.cli.defaults import DEFAULT_COUNT, DEFAULT_OUT
from visualizer.cli.progress import progress_bar
from visualizer.errors import InputError
from visualizer.pictures.themes import find_theme
from visualizer.practice.worksheet_files import DEFAULT_WORKSHEET_FORMATS, WorksheetPage, parse_worksheet_formats, write_worksheet
from visualizer.games import Player
from visualizer.games.random_tree import DEFAULT_RANGE, parse_range
from visualizer.practice.answers import Answers, key_answers, to_text
from visualizer.practice.code import RandomExercise, draw_seed
from visualizer.practice.worksheet import (
    WorksheetExercise,
    WorksheetRequest,
    choose_exercises,
)

__all__ = ["DEFAULT_COUNT", "DEFAULT_OUT", "instructions", "worksheet"]


def worksheet(args: argparse.Namespace) -> int:
    """Finds the exercises, writes their sheets, keys and index, and prints the index (text or JSON)."""
    formats = parse_worksheet_formats(args.format) if args.format else DEFAULT_WORKSHEET_FORMATS
    find_theme(args.theme)  # an unknown theme is refused before the search
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {args.out} is a file; give a folder for the worksheet (it is created if missing)")
    chosen_seed = args.seed is None
    shape = RandomExercise(
        branching=args.branching,
        depth=args.depth,
        value_range=parse_range(args.range) if args.range else DEFAULT_RANGE,
        seed=draw_seed() if chosen_seed else args.seed,
        root=Player.parse(args.root),
        strict=args.strict,
    )
    request = WorksheetRequest(args.count, shape, args.cutoffs, args.deep_cutoff, args.distinct)
    with progress_bar(0, "looking for exercises") as report:
        exercises, tried = choose_exercises(request, progress=report)
    rows = [index_row(exercise) for exercise in exercises]
    pages = [WorksheetPage(exercise.number, exercise.code, exercise.exercise.solution, instructions(shape),
                           to_text(Answers({}, {}), exercise.exercise), to_text(key_answers(exercise.exercise),
                                                                               exercise.exercise), row)
             for exercise, row in zip(exercises, rows)]
    heading = settings_text(request)
    constraints = request.describe()
    written = write_worksheet(pages, out, formats, heading=heading, theme=args.theme,
                              key_heading=f"{heading}; each with {constraints}" if constraints else heading)
    if args.json:
        print(json.dumps({"settings": settings_json(request, chosen_seed), "tried": tried, "exercises": rows,
                          "files": [str(path) for path in written]}, indent=2))
    else:
        print(_text(request, chosen_seed, tried, rows, written))
    return 0


def instructions(shape: RandomExercise) -> str:
    """The line a sheet gives under its title: the rules the student works by."""
    rule = "cut only when a value passes the bound (strict)" if shape.strict else \
        "cut when a value reaches the bound (on equality)"
    return f"alpha-beta, children left to right, {rule}; root {shape.root.value.upper()}"


def settings_text(request: WorksheetRequest) -> str:
    """e.g. "6 exercises: branching 2, depth 4, values -10:10, root MAX, cut on equality"."""
    shape = request.shape
    low, high = shape.value_range
    rule = "strict cuts" if shape.strict else "cut on equality"
    plural = "" if request.count == 1 else "s"
    return (f"{request.count} exercise{plural}: branching {shape.branching}, depth {shape.depth}, "
            f"values {low}:{high}, root {shape.root.value.upper()}, {rule}")


def settings_json(request: WorksheetRequest, chosen_seed: bool) -> dict[str, Any]:
    """The request as --json gives it."""
    shape = request.shape
    low, high = shape.value_range
    return {"count": request.count, "branching": shape.branching, "depth": shape.depth, "range": f"{low}:{high}",
            "seed": shape.seed, "seed_chosen": chosen_seed, "root": shape.root.value, "strict": shape.strict,
            "cutoffs": request.cutoffs, "deep_cutoff": request.deep, "distinct": request.distinct}


def index_row(exercise: WorksheetExercise) -> dict[str, Any]:
    """One exercise's row of the index (`INDEX_COLUMNS`)."""
    settings = exercise.settings
    low, high = settings.value_range
    return {"number": exercise.number, "code": exercise.code, "branching": settings.branching,
            "depth": settings.depth, "range": f"{low}:{high}", "seed": settings.seed, "root": settings.root.value,
            "strict": settings.strict, "cutoffs": exercise.cutoffs, "deep_cutoffs": exercise.deep,
            "leaves": list(exercise.leaves), "value": exercise.value}


def _text(request: WorksheetRequest, chosen_seed: bool, tried: int, rows: list[dict[str, Any]],
          written: list[Path]) -> str:
    seed = request.shape.seed
    repeat = f" (chosen at random; --seed {seed} repeats this worksheet)" if chosen_seed else ""
    constraints = request.describe()
    lines = [f"worksheet of {settings_text(request)}" + (f"; each with {constraints}" if constraints else ""),
             f"seed {seed}{repeat}; {len(rows)} of {tried:,} random trees kept", ""]
    code_width = max(len("code"), *(len(row["code"]) for row in rows))
    lines.append(f"{'#':>3}  {'code':<{code_width}}  {'seed':>6}  cut-offs  deep  value")
    for row in rows:
        lines.append(f"{row['number']:>3}  {row['code']:<{code_width}}  {row['seed']:>6}  {row['cutoffs']:>8}  "
                     f"{row['deep_cutoffs']:>4}  {row['value']:>5}")
    lines += ["", f"wrote {len(written)} files in {written[0].parent}:", *_file_lines(written),
              "a student checks a sheet with: visualizer practice --code CODE --answers FILE"]
    return "\n".join(lines)


def _file_lines(written: list[Path]) -> list[str]:
    """The files' names, one line per exercise (its sheets and keys) and one for the documents and index."""
    def exercise(path: Path) -> str:
        return path.name.rsplit("-", 1)[0] if path.name.startswith("exercise-") else ""

    return ["  " + "  ".join(path.name for path in group) for _, group in groupby(written, key=exercise)]
