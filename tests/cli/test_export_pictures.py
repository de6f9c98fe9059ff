"""`export` pictures: frames as SVG/PNG/PDF on one canvas, GIF, beamer TeX, themes, --dpi/--fps and the limits."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess

import pytest
from PIL import Image, ImageSequence
from svg_reading import read_canvas, read_positions

from tests.cli_helpers import run_cli

STEPS = 52  # alpha-beta on the 15-node example: 13 enters and exits, 8 evaluations, 12 back-ups, 4 updates, 2 cut-offs
NAME = "example15-alphabeta"

needs_pdflatex = pytest.mark.skipif(
    shutil.which("pdflatex") is None and not os.environ.get("CI"),
    reason="pdflatex is not installed (CI installs it); apt-get install texlive-latex-recommended texlive-pictures",
)


def _export(capsys, tmp_path, *argv: str) -> str:
    code, out, err = run_cli(capsys, "export", "--out", str(tmp_path), *argv)
    assert code == 0, err
    return out


def test_the_step_count_is_the_hand_counted_one():
    from visualizer.games import builtin_example
    from visualizer.search import trace_search
    from visualizer.tracing.events import EventKind

    kinds = [event.kind for event in trace_search(builtin_example(), "alphabeta").events]
    assert len(kinds) == STEPS
    assert kinds.count(EventKind.ENTER) == kinds.count(EventKind.EXIT) == 13
    assert kinds.count(EventKind.CUTOFF) == 2


SMALL = ("--array", "0,0,0,3,5,2,9")
"""Seven nodes, MIN(2, 9) cut off after 2 < 3: 23 steps (6 enters and exits, 3 evaluations, 5 back-ups,
2 updates, 1 cut-off). The 15-node example's 52 SVG frames are checked byte for byte in test_slides_goldens."""
SMALL_NAME, SMALL_STEPS = "array7-alphabeta", 23

TINY = ("--array", "1,2,3")
"""MAX over the leaves 2 and 3, for the formats that are slow per frame (PDF, GIF): 12 steps (3 enters and
3 exits, 2 evaluations, 2 back-ups, 2 updates of alpha)."""
TINY_NAME, TINY_STEPS = "array3-alphabeta", 12


def test_frames_in_three_formats_share_one_canvas_and_the_node_places(capsys, tmp_path):
    _export(capsys, tmp_path, *SMALL, "--frames", "--format", "svg,png", "--dpi", "30")
    _export(capsys, tmp_path, *TINY, "--frames", "--format", "pdf")  # PDF frames are slow: the smaller tree
    svgs = sorted(tmp_path.glob(f"{SMALL_NAME}-*.svg"))
    pngs = sorted(tmp_path.glob(f"{SMALL_NAME}-*.png"))
    pdfs = sorted(tmp_path.glob(f"{TINY_NAME}-*.pdf"))
    assert len(svgs) == len(pngs) == SMALL_STEPS and len(pdfs) == TINY_STEPS
    assert svgs[0].name == f"{SMALL_NAME}-0001.svg" and svgs[-1].name == f"{SMALL_NAME}-{SMALL_STEPS:04d}.svg"
    still = (tmp_path / f"{SMALL_NAME}.svg").read_text()
    canvas = read_canvas(still)
    nodes = {key: value for key, value in read_positions(still).items() if key.startswith("node:")}
    assert len(nodes) == 7
    for path in svgs:
        text = path.read_text()
        assert read_canvas(text) == canvas
        assert {key: value for key, value in read_positions(text).items() if key.startswith("node:")} == nodes
    assert svgs[-1].read_text() == still  # the last frame is the finished search
    sizes = {Image.open(path).size for path in pngs}
    assert sizes == {Image.open(tmp_path / f"{SMALL_NAME}.png").size}
    boxes = {re.search(rb"/MediaBox \[([^\]]*)\]", path.read_bytes()).group(1) for path in pdfs}
    assert len(boxes) == 1


def test_a_png_fits_a_full_hd_slide_unless_dpi_says_otherwise(capsys, tmp_path):
    _export(capsys, tmp_path, "--format", "svg,png")
    width, height = read_canvas((tmp_path / f"{NAME}.svg").read_text())
    size = Image.open(tmp_path / f"{NAME}.png").size
    assert size[0] == 1920 or size[1] == 1080
    assert size[0] <= 1920 and size[1] <= 1080
    _export(capsys, tmp_path, "--format", "png", "--dpi", "144", "--name", "double")
    assert Image.open(tmp_path / "double.png").size == (round(width * 2), round(height * 2))


def test_the_gif_has_one_frame_per_step(capsys, tmp_path):
    _export(capsys, tmp_path, *TINY, "--format", "gif", "--fps", "4")
    gif = Image.open(io.BytesIO((tmp_path / f"{TINY_NAME}.gif").read_bytes()))
    durations = [frame.info["duration"] for frame in ImageSequence.Iterator(gif)]
    assert len(durations) == TINY_STEPS
    assert gif.size[0] <= 1280 and gif.size[1] <= 720 and (gif.size[0] == 1280 or gif.size[1] == 720)
    assert durations[:-1] == [250] * (TINY_STEPS - 1) and durations[-1] == 750  # 4 fps; the outcome held longer


@needs_pdflatex
def test_the_beamer_slides_compile_to_one_page_per_step(capsys, tmp_path):
    _export(capsys, tmp_path, *SMALL, "--format", "tex")
    slides = tmp_path / f"{SMALL_NAME}-slides.tex"
    assert "\\input{" + SMALL_NAME + ".tex}" in slides.read_text()
    result = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", slides.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stdout[-2000:]
    assert f"({SMALL_STEPS} pages" in result.stdout.replace("\n", "")


def test_themes_change_the_colours_and_a_typo_is_one_line(capsys, tmp_path):
    _export(capsys, tmp_path, "--format", "svg", "--theme", "dark", "--name", "dark")
    assert 'fill="#1d1f21"' in (tmp_path / "dark.svg").read_text()  # the dark background
    code, _, err = run_cli(capsys, "export", "--out", str(tmp_path), "--format", "svg", "--theme", "drak")
    assert code == 2 and err.count("\n") == 1 and "light, dark, print" in err


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["--dpi", "0"], "--dpi"),
        (["--dpi", "-72"], "--dpi"),
        (["--dpi", "nan"], "--dpi"),
        (["--dpi", "100000"], "--dpi"),
        (["--fps", "0"], "--fps"),
        (["--fps", "inf"], "--fps"),
        (["--format", "gif,jpg"], "--format"),
    ],
)
def test_bad_picture_options_are_one_line_and_write_nothing(capsys, tmp_path, argv, fragment):
    code, _, err = run_cli(capsys, "export", "--out", str(tmp_path), "--format", "png", *argv)
    assert code == 2 and err.count("\n") == 1 and fragment in err
    assert not tmp_path.exists() or list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("fmt", ["gif", "tex", "mp4"])
def test_animations_of_long_searches_are_refused_naming_the_way_out(capsys, tmp_path, fmt):
    code, _, err = run_cli(capsys, "export", "--out", str(tmp_path), "--format", fmt, "--max-frames", "51")
    assert code == 2 and err.count("\n") == 1
    assert f"--format {fmt} would draw 52 frames" in err and "--depth" in err and "--max-frames 52" in err
    assert not tmp_path.exists() or list(tmp_path.iterdir()) == []


def test_the_full_tictactoe_animation_is_refused_before_any_drawing(capsys, tmp_path):
    code, _, err = run_cli(
        capsys,
        "export",
        "--out",
        str(tmp_path),
        "--game",
        "tictactoe",
        "--depth",
        "3",
        "-a",
        "minimax",
        "--format",
        "gif",
        "--whole-tree",
    )  # 2,261 steps, every one a frame when every node is drawn
    assert code == 2 and "would draw 2,261 frames" in err and "--max-frames 2261" in err and "--depth" in err


def test_frames_of_formats_without_steps_are_refused(capsys, tmp_path):
    code, _, err = run_cli(capsys, "export", "--out", str(tmp_path), "--format", "json,gif", "--frames")
    assert code == 2 and err.count("\n") == 1 and "--frames draws each step as dot, svg, png or pdf" in err
    assert not tmp_path.exists() or list(tmp_path.iterdir()) == []
