"""The committed pictures of the 15-node example (traces/): SVG frames, the beamer TeX, the GIF and the PNG."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageSequence

from tests.cli_helpers import run_cli

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


def test_the_committed_gif_and_png_match_fresh_ones_in_frames_and_size(capsys, tmp_path):
    # Their bytes depend on the matplotlib, FreeType and Pillow versions; frames and sizes do not.
    code, _, err = run_cli(capsys, "export", "--out", str(tmp_path), "--format", "gif,png")
    assert code == 0, err
    fresh, committed = (Image.open(io.BytesIO((folder / f"{NAME}.gif").read_bytes())) for folder in (tmp_path, TRACES))
    assert fresh.size == committed.size
    assert [frame.info["duration"] for frame in ImageSequence.Iterator(committed)] == [
        frame.info["duration"] for frame in ImageSequence.Iterator(fresh)
    ]
    assert committed.n_frames == fresh.n_frames == STEPS
    assert Image.open(tmp_path / f"{NAME}.png").size == Image.open(TRACES / f"{NAME}.png").size
