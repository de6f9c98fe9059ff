"""The committed pictures of the 15-node example (traces/): SVG frames, the beamer TeX, the GIF and the PNG."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageSequence

from tests.cli_helpers import run_cli
from visualizer.export.formats import ANIMATION_SIZE, STILL_SIZE, ExportJob
from visualizer.games import builtin_example
from visualizer.pictures.raster import pixel_size
from visualizer.search import trace_search

TRACES = Path(__file__).resolve().parents[2] / "traces"
NAME = "example15-alphabeta"
STEPS = 52
REGENERATE = (
    "visualizer export --out traces --format gif,tex,png; visualizer export --out traces/frames --format svg --frames"
)


def test_the_committed_svg_frames_and_tex_are_current(capsys, tmp_path):
    code, _, err = run_cli(capsys, "export", "--out", str(tmp_path), "--format", "svg,tex", "--frames")
    assert code == 0, err
    committed = sorted(path.name for path in (TRACES / "frames").glob(f"{NAME}-*.svg"))
    assert len(committed) == STEPS
    assert sorted(path.name for path in tmp_path.glob(f"{NAME}-*.svg")) == committed
    for name in [*committed, f"{NAME}.svg"]:
        assert (tmp_path / name).read_bytes() == (TRACES / "frames" / name).read_bytes(), f"{name}: run {REGENERATE}"
    for name in (f"{NAME}.tex", f"{NAME}-slides.tex"):
        assert (tmp_path / name).read_bytes() == (TRACES / name).read_bytes(), f"{name}: run {REGENERATE}"


def test_the_committed_gif_and_png_have_the_frames_and_sizes_of_todays_figure():
    # Their bytes depend on the matplotlib, FreeType and Pillow versions; frames, sizes and delays do not, and
    # they follow from the figure without painting it.
    job = ExportJob(trace_search(builtin_example(), "alphabeta"), NAME)
    figure, still = job.figure, job.figure.still()
    with Image.open(TRACES / f"{NAME}.gif") as gif:
        assert gif.n_frames == len(figure.frame_steps) == STEPS
        assert gif.size == pixel_size(still, job.dpi(figure, ANIMATION_SIZE)), f"run {REGENERATE}"
        delays = [frame.info["duration"] for frame in ImageSequence.Iterator(gif)]
    assert delays == [500] * (STEPS - 1) + [1500]  # 2 steps a second, the finished search held three times as long
    with Image.open(TRACES / f"{NAME}.png") as png:
        assert png.size == pixel_size(still, job.dpi(still, STILL_SIZE)), f"run {REGENERATE}"
