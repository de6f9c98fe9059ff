"""Makes the docs' pictures with the tool itself, so that none goes stale: `python docs/pictures.py [--out DIR]`.

Each picture comes from the same path a user takes: the app's own screenshot (Textual), `visualizer export`,
`visualizer worksheet`, `visualizer stats --plot` and `visualizer grade`, run in this process, with fixed seeds.
The beamer page needs pdflatex and pdftoppm (poppler-utils). The docs hook (docs/hooks/reference.py) runs this
script before a build; the build fails if a picture is missing or empty.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the visualizer of this checkout, also when it is not installed

PICTURES = (
    "app-80x24.svg",
    "app-120x40.svg",
    "example15-alphabeta.svg",
    "example15-alphabeta.gif",
    "tictactoe-midgame.svg",
    "beamer-page.png",
    "worksheet.svg",
    "stats-plot.svg",
    "grading-report.svg",
)
"""Every picture this script makes, by its name in the output folder."""

MIDGAME = "X.O/.X./..O"
"""The tic-tac-toe position of `tictactoe-midgame.svg` (the one the slides how-to uses)."""

BEAMER_SLIDE = 20
"""The overlay of the 15-node example's beamer file shown in `beamer-page.png` (the first cut-off is near)."""

STUDENT = "beta_from_alpha.py"
"""The student file of tests/students/ whose grading report is `grading-report.svg` (a common mistake)."""


def place(out: Path, name: str, content: bytes | str | Path) -> None:
    """Writes picture `name` into `out` atomically (an interrupted run leaves the old picture, never half of one):
    `content` is its bytes or text, or the file the tool wrote it to."""
    from visualizer.safe_files import write_chunks_atomic

    write_chunks_atomic(out / name, [content.read_bytes() if isinstance(content, Path) else content])


class PictureError(Exception):
    """A step that makes a picture failed; the message says which and why."""


def visualizer(*argv: str, expect: int = 0) -> str:
    """Runs `visualizer ARGV...` in this process; returns what it printed, or raises PictureError with its stderr."""
    from visualizer.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    if code != expect:
        raise PictureError(f"`visualizer {' '.join(argv)}` exited {code}: {err.getvalue().strip()}")
    return out.getvalue()


def app_screens(work: Path, out: Path) -> None:
    """The app on the built-in example at its first cut-off, as Textual's own SVG screenshot, at two sizes."""
    from visualizer.tui import make_app

    async def screenshot(width: int, height: int) -> str:
        app = make_app()
        async with app.run_test(size=(width, height)) as pilot:
            await pilot.press("c")  # the next cut-off: the first one, at E
            await app.workers.wait_for_complete()
            await pilot.pause()
            return app.export_screenshot(title="visualizer")

    for width, height in ((80, 24), (120, 40)):
        place(out, f"app-{width}x{height}.svg", asyncio.run(screenshot(width, height)))


def figure_and_animation(work: Path, out: Path) -> None:
    """`visualizer export --format svg,gif,tex` on the built-in example (the tex file is the beamer page's)."""
    visualizer("export", "--format", "svg,gif,tex", "--out", str(work / "example"))
    for suffix in (".svg", ".gif"):
        place(out, f"example15-alphabeta{suffix}", work / "example" / f"example15-alphabeta{suffix}")


def midgame(work: Path, out: Path) -> None:
    """A tic-tac-toe position mid-game as a slide's still: the subtrees that do not fit are collapsed."""
    visualizer("export", "--game", "tictactoe", "--board", MIDGAME, "--format", "svg", "--out", str(work / "midgame"))
    (still,) = (work / "midgame").glob("*.svg")
    place(out, "tictactoe-midgame.svg", still)


def beamer_page(work: Path, out: Path) -> None:
    """One overlay of the example's beamer slides, through pdflatex and pdftoppm. The slides file is compiled as
    written, except that beamer is asked for that one overlay only (`\\begin{frame}<N>`), which takes a second
    instead of fifteen."""
    missing = [tool for tool in ("pdflatex", "pdftoppm") if shutil.which(tool) is None]
    if missing:
        raise PictureError(f"beamer-page.png needs {' and '.join(missing)} (texlive-latex-base, poppler-utils)")
    folder = work / "example"
    slides = folder / "example15-alphabeta-slides.tex"
    text = slides.read_text()
    frame = "\\begin{frame}[plain]"
    page = 1 if frame in text else BEAMER_SLIDE
    slides.write_text(text.replace(frame, f"\\begin{{frame}}<{BEAMER_SLIDE}>[plain]", 1))
    latex = ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", slides.name]
    done = subprocess.run(latex, cwd=folder, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise PictureError(f"pdflatex {slides.name} failed:\n{done.stdout[-2000:]}")
    page_args = ["-f", str(page), "-l", str(page), "-singlefile", "-png", "-scale-to-x", "1280", "-scale-to-y", "-1"]
    picture = ["pdftoppm", *page_args, slides.with_suffix(".pdf").name, "beamer-page"]
    subprocess.run(picture, cwd=folder, check=True)
    place(out, "beamer-page.png", folder / "beamer-page.png")


def worksheet(work: Path, out: Path) -> None:
    """The blank sheet of one worksheet exercise (seed 7), as `visualizer worksheet --format svg` writes it."""
    visualizer("worksheet", "--count", "1", "--seed", "7", "--format", "svg", "--out", str(work / "worksheet"))
    place(out, "worksheet.svg", work / "worksheet" / "exercise-01-sheet.svg")


def stats_plot(work: Path, out: Path) -> None:
    """`visualizer stats --plot` on a small study (three sizes, ten trees each, seed 1)."""
    plot = work / "stats.svg"
    visualizer("stats", "--leaves", "8,16,32,64", "--trials", "10", "--seed", "1", "--plot", str(plot))
    place(out, "stats-plot.svg", plot)


def grading_report(work: Path, out: Path) -> None:
    """`visualizer grade` on a student file with a typical mistake (exit 1: trees differ), its report drawn as a
    terminal would show it (rich's SVG export)."""
    from rich.console import Console
    from rich.text import Text

    shutil.copyfile(ROOT / "tests" / "students" / STUDENT, work / STUDENT)
    with contextlib.chdir(work):  # the report names the file as given: a short relative path
        report = visualizer("grade", STUDENT, "--trees", "2", "--seed", "1", expect=1)
    console = Console(record=True, width=100, file=io.StringIO(), color_system="truecolor")
    console.print(Text(f"$ visualizer grade {STUDENT} --trees 2 --seed 1", style="bold"))
    console.print(Text(report.rstrip("\n")))
    place(out, "grading-report.svg", console.export_svg(title="visualizer grade"))


STEPS: tuple[Callable[[Path, Path], None], ...] = (
    app_screens,
    figure_and_animation,
    beamer_page,
    midgame,
    worksheet,
    stats_plot,
    grading_report,
)
"""Each step, in order (the beamer page uses the tex file the figure's export wrote)."""


def missing(out: Path) -> list[str]:
    """The pictures not in `out`, or empty there."""
    return [name for name in PICTURES if not (out / name).is_file() or (out / name).stat().st_size == 0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images", help="the folder (docs/images)")
    args = parser.parse_args(argv)
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"pictures.py: cannot make the folder {args.out}: {error.strerror}; give another --out", file=sys.stderr)
        return 2
    from visualizer.errors import InputError

    started = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory(prefix="docs-pictures-") as work:
            for step in STEPS:
                step(Path(work), args.out)
    except (PictureError, InputError) as error:  # InputError: a picture that cannot be written
        print(f"pictures.py: {error}", file=sys.stderr)
        return 1
    absent = missing(args.out)
    if absent:
        print(f"pictures.py: not made, or empty: {', '.join(absent)}", file=sys.stderr)
        return 1
    print(f"pictures.py: {len(PICTURES)} pictures in {args.out} ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
