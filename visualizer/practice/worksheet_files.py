"""Provides `write_worksheet`: a worksheet's files, a blank sheet and an answer key per exercise, and its index.

Per exercise and picture format (svg, pdf): `exercise-NN-sheet.EXT` (the tree, nothing to be found) and
`exercise-NN-key.EXT` (the finished search); `tex` and `md` give `worksheet.EXT` and `worksheet-key.EXT`;
`index.csv` is always written. All files are replaced together.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from visualizer.errors import InputError
from visualizer.export.formats import formats_for
from visualizer.pictures.drawing import Drawing
from visualizer.pictures.figure import Figure
from visualizer.pictures.raster import to_pdf
from visualizer.pictures.svg import to_svg
from visualizer.pictures.tex import tex_text
from visualizer.pictures.themes import DEFAULT_THEME
from visualizer.pictures.tikz import to_tikz
from visualizer.safe_files import StagedWrites, check_output_folder
from visualizer.tracing.trace import Trace

__all__ = [
    "DEFAULT_WORKSHEET_FORMATS",
    "INDEX_COLUMNS",
    "WORKSHEET_FORMATS",
    "WorksheetPage",
    "index_csv",
    "parse_worksheet_formats",
    "write_worksheet",
]

WORKSHEET_FORMATS = ("md", *formats_for("worksheet"))
"""What `worksheet --format` takes, in the order the files are written: md and the export registry's worksheet
formats."""

DEFAULT_WORKSHEET_FORMATS = ("md", "svg")

INDEX_COLUMNS = (
    "number",
    "code",
    "branching",
    "depth",
    "range",
    "seed",
    "root",
    "strict",
    "cutoffs",
    "deep_cutoffs",
    "leaves",
    "value",
)
"""The columns of index.csv (and the keys of each exercise in `--json`, with "levels"); a worksheet whose trees
have levels (`--levels`) adds a last column, "levels"."""


@dataclass(frozen=True)
class WorksheetPage:
    """What one exercise puts in the files: alpha-beta's trace (the key), the caption, practice's blank
    sheet and key as text, and its row of the index."""

    number: int
    code: str
    trace: Trace
    instructions: str
    sheet_text: str
    key_text: str
    row: dict[str, Any]

    @property
    def title(self) -> str:
        return f"Exercise {self.number} - code {self.code}"

    @property
    def check_command(self) -> str:
        return f"visualizer practice --code {self.code} --answers exercise-{self.number}.txt"


def parse_worksheet_formats(text: str) -> tuple[str, ...]:
    """'md,svg' -> ("md", "svg"), in `WORKSHEET_FORMATS` order; an InputError for an unknown format."""
    asked = [part.strip().lower() for part in text.split(",")]
    unknown = [part for part in asked if part not in WORKSHEET_FORMATS]
    if unknown or not asked:
        shown = ", ".join(repr(part) for part in unknown) or "nothing"
        raise InputError(
            f"--format has {shown}; a worksheet takes any of {', '.join(WORKSHEET_FORMATS)}, "
            "separated by commas, e.g. --format pdf,md"
        )
    return tuple(fmt for fmt in WORKSHEET_FORMATS if fmt in asked)


def index_csv(rows: Iterable[dict[str, Any]]) -> str:
    """The index as CSV: a header line of `INDEX_COLUMNS` (and "levels" when a row has them, e.g. "max min min"),
    then one line per exercise."""
    rows = list(rows)
    columns = INDEX_COLUMNS + (("levels",) if any(row.get("levels") for row in rows) else ())
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({column: _cell(row[column]) for column in columns})
    return buffer.getvalue()


def _cell(value: Any) -> Any:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return " ".join(str(item) for item in value)
    return value


def file_stem(page: WorksheetPage, count: int) -> str:
    """exercise-01 ... (numbers padded to the count's digits, two at least, so the files sort)."""
    return f"exercise-{page.number:0{max(2, len(str(count)))}d}"


def write_worksheet(
    pages: Sequence[WorksheetPage],
    out: Path,
    formats: Sequence[str],
    *,
    heading: str,
    key_heading: str | None = None,
    theme: str = DEFAULT_THEME,
) -> list[Path]:
    """Writes the worksheet's files into `out` (created if missing), all or none (`StagedWrites`: on any failure
    no new file remains and the old ones are as they were); returns the paths written.

    `heading` says what the worksheet is, atop the students' documents; `key_heading` (default: the same) atop
    the keys.
    """
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {out} is a file; give a folder for the worksheet (it is created if missing)")
    check_output_folder(out)
    key_heading = heading if key_heading is None else key_heading
    written: list[tuple[Path, Iterable[bytes | str]]] = []
    pictures = [fmt for fmt in ("svg", "pdf") if fmt in formats]
    drawings: list[tuple[Drawing, Drawing]] = []
    for page in pages:
        figure = Figure(page.trace, theme=theme, title=f"{page.title}: answer key")
        sheet, key = figure.blank(page.instructions, title=page.title), figure.still()
        drawings.append((sheet, key))
        stem = file_stem(page, len(pages))
        for fmt in pictures:
            for kind, drawing in (("sheet", sheet), ("key", key)):
                written.append((out / f"{stem}-{kind}.{fmt}", [to_svg(drawing) if fmt == "svg" else to_pdf(drawing)]))
    for fmt, document in (("tex", _tex_document), ("md", _markdown)):
        if fmt in formats:
            for is_key in (False, True):
                chosen = [pair[is_key] for pair in drawings]  # the sheets, or the keys
                text = document(pages, chosen, key_heading if is_key else heading, is_key, "svg" in formats)
                written.append((out / f"worksheet{'-key' if is_key else ''}.{fmt}", [text]))
    written.append((out / "index.csv", [index_csv(page.row for page in pages)]))
    with StagedWrites() as group:
        for path, chunks in written:
            group.stage(path, chunks)
    return [path for path, _ in written]


def _markdown(pages: Sequence[WorksheetPage], drawings: Sequence[Drawing], heading: str, key: bool, svg: bool) -> str:
    """worksheet.md (the blank text sheets) or worksheet-key.md (the keys): the text forms, and the `svg` files
    of the drawings when written."""
    title = "Alpha-beta worksheet: answer keys" if key else "Alpha-beta worksheet"
    lines = [f"# {title}", "", f"{heading}.", ""]
    if not key:
        lines += [
            "Work alpha-beta on each tree by hand: write every node's value, and its alpha and beta as the",
            "search leaves it (`NAME VALUE ALPHA BETA`), and mark the nodes it never enters (`NAME pruned`).",
            "Copy an exercise's sheet into a file and check it with the command under it; the code opens",
            "the same tree in `visualizer practice --code CODE`.",
            "",
        ]
    for page in pages:
        stem = file_stem(page, len(pages))
        lines += [f"## {page.title}", "", f"{page.instructions[:1].upper()}{page.instructions[1:]}.", ""]
        if svg:
            kind = "key" if key else "sheet"
            lines += [f"![{page.title}, {'answer key' if key else 'blank sheet'}]({stem}-{kind}.svg)", ""]
        lines += ["```text", (page.key_text if key else page.sheet_text).rstrip("\n"), "```", ""]
        row = page.row
        if key:
            plural = "" if row["cutoffs"] == 1 else "s"
            lines += [f"Value {row['value']}, {row['cutoffs']} cut-off{plural} ({row['deep_cutoffs']} deep).", ""]
        else:
            lines += [f"Check: `{page.check_command}`", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def _tex_document(
    pages: Sequence[WorksheetPage], drawings: Sequence[Drawing], heading: str, key: bool, svg: bool
) -> str:
    """A LaTeX document with one page per drawing (`svg` is for the markdown); a sheet's page ends with the
    command that checks it."""
    heading = f"Answer keys: {heading}" if key else heading
    lines = [
        "% Worksheet made by gametree visualizer: run `pdflatex` on this file.",
        "% Needs only Debian's texlive-latex-base and texlive-pictures (geometry, tikz).",
        "\\documentclass[a4paper]{article}",
        "\\usepackage[a4paper, landscape, margin=1.5cm]{geometry}% trees are wide",
        "\\usepackage{tikz}",
        "\\pagestyle{empty}",
        "\\setlength{\\parindent}{0pt}",
        "\\newcommand{\\gametreeheight}{0.8\\textheight}",
        "\\begin{document}",
    ]
    for index, (page, drawing) in enumerate(zip(pages, drawings)):
        if index:
            lines.append("\\newpage")
        lines += [
            f"% {page.title}",
            f"{{\\small {tex_text(heading)}}}\\par\\medskip",
            "\\begin{center}",
            to_tikz([drawing]).rstrip("\n"),
            "\\end{center}",
        ]
        if not key:
            lines.append(f"{{\\small Check: {{\\ttfamily {tex_text(page.check_command)}}}}}")
    lines.append("\\end{document}")
    return "\n".join(lines) + "\n"
