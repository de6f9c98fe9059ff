"""Tests the animations: one GIF frame per drawing with its palette and delays, refusals, and MP4 through ffmpeg."""

import io
import json
import shutil
import subprocess

import pytest
from PIL import Image, ImageSequence

from tests.drawing_samples import BLUE, GREEN, RED, WHITE, scene, square
from visualizer.errors import InputError
from visualizer.pictures.animation import LAST_FRAME_HOLD, FfmpegMissing, gif_palette, to_gif, to_mp4
from visualizer.pictures.drawing import Drawing

needs_ffmpeg = pytest.mark.skipif(shutil.which("ffmpeg") is None, reason="ffmpeg is not installed")


def gif_frames(data: bytes) -> list[tuple[Image.Image, int]]:
    image = Image.open(io.BytesIO(data))
    return [(frame.convert("RGB"), frame.info.get("duration")) for frame in ImageSequence.Iterator(image)]


def test_gif_has_one_frame_per_drawing_even_when_equal():
    drawings = [scene("#ff0000"), scene("#00ff00"), scene("#00ff00"), scene("#ff0000")]
    calls = []
    data = to_gif(
        (drawing for drawing in drawings), fps=2, dpi=72, progress=lambda done, total: calls.append((done, total))
    )
    assert data.startswith(b"GIF89a")
    frames = gif_frames(data)
    assert len(frames) == 4
    assert {frame.size for frame, _ in frames} == {(100, 50)}
    assert [duration for _, duration in frames] == [500, 500, 500, 1500]  # 2 fps, the last frame held 3 times
    assert [frame.getpixel((15, 15)) for frame, _ in frames] == [RED, (0, 255, 0), (0, 255, 0), RED]
    assert all(frame.getpixel((2, 2)) == WHITE and frame.getpixel((35, 15)) == BLUE for frame, _ in frames)
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_gif_single_and_identical_frames():
    frames = gif_frames(to_gif([scene()] * 3, fps=4, dpi=36))
    assert len(frames) == 3
    assert [duration for _, duration in frames] == [250, 250, 750]
    assert len(gif_frames(to_gif([scene()], fps=1, dpi=36))) == 1


def test_gif_palette_holds_every_colour_first_background():
    palette = gif_palette([scene("#ff0000"), scene("#00ff00")])
    assert palette[:6] == [WHITE, RED, BLUE, (0, 0, 0), GREEN, (0, 255, 0)]
    assert len(palette) == len(set(palette)) <= 256
    greys = [colour for colour in palette if colour[0] == colour[1] == colour[2] and 90 < colour[0] < 170]
    assert greys  # mixes of black and white, for antialiased edges


def test_gif_refuses_bad_input():
    with pytest.raises(InputError, match="--fps must be a positive number"):
        to_gif([scene()], fps=0, dpi=72)
    with pytest.raises(InputError, match="too fast for a GIF"):
        to_gif([scene()], fps=100, dpi=72)
    with pytest.raises(ValueError, match="one canvas size"):
        to_gif([scene(), Drawing(10, 10, "#ffffff", ())], fps=2, dpi=72)
    with pytest.raises(ValueError, match="at least one drawing"):
        to_gif([], fps=2, dpi=72)


def test_missing_ffmpeg_is_one_clear_line(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(FfmpegMissing) as caught:
        to_mp4([scene()], fps=2, dpi=72)
    assert str(caught.value) == (
        "ffmpeg is not installed; install it (e.g. `apt-get install ffmpeg`) to write mp4, or choose --format gif"
    )
    assert isinstance(caught.value, InputError)


@needs_ffmpeg
def test_mp4_has_one_frame_per_drawing_and_holds_the_last():
    drawings = [scene("#ff0000"), scene("#00ff00"), scene("#00ff00")]
    calls = []
    data = to_mp4(iter(drawings), fps=2, dpi=72, progress=lambda done, total: calls.append((done, total)))
    assert data[4:8] == b"ftyp"
    assert calls == [(1, 3), (2, 3), (3, 3)]
    if shutil.which("ffprobe") is None:
        return
    result = subprocess.run(
        [
            "ffprobe",
            "-v",
            "error",
            "-count_frames",
            "-select_streams",
            "v:0",
            "-show_entries",
            "stream=nb_read_frames,width,height,pix_fmt",
            "-of",
            "json",
            "-",
        ],
        input=data,
        capture_output=True,
        check=True,
    )
    stream = json.loads(result.stdout)["streams"][0]
    assert int(stream["nb_read_frames"]) == 3 + LAST_FRAME_HOLD - 1  # the finished search held, as in the GIF
    assert (stream["width"], stream["height"], stream["pix_fmt"]) == (100, 50, "yuv420p")


@needs_ffmpeg
def test_mp4_odd_size_is_made_even():
    odd = Drawing(101, 51, "#ffffff", (square("s", 10, 10, 20, "#ff0000"),))
    data = to_mp4([odd, odd], fps=5, dpi=72)
    if shutil.which("ffprobe") is None:
        assert data
        return
    result = subprocess.run(
        [
            "ffprobe",
            "-v",
            "error",
            "-select_streams",
            "v:0",
            "-show_entries",
            "stream=width,height",
            "-of",
            "json",
            "-",
        ],
        input=data,
        capture_output=True,
        check=True,
    )
    stream = json.loads(result.stdout)["streams"][0]
    assert (stream["width"], stream["height"]) == (100, 50)


@pytest.mark.parametrize("formats", [("gif",), ("gif", "mp4")])
def test_each_frame_is_painted_once_and_kept_only_for_a_second_animation(tmp_path, monkeypatch, formats):
    """A GIF alone keeps no frame (keeping cost a PNG encoding a frame, a fifth of the export); a GIF and an MP4
    of one export share their frames, each painted once."""
    if "mp4" in formats and shutil.which("ffmpeg") is None:
        pytest.skip("ffmpeg is not installed")
    from visualizer.export.files import write_trace_files
    from visualizer.games import from_nested
    from visualizer.pictures.raster import Painter
    from visualizer.search import trace_search

    painted: list[object] = []
    kept: list[bool] = []
    original_paint, original_init = Painter.paint, Painter.__init__

    def counting_paint(self, drawing, **options):
        painted.append(drawing)
        return original_paint(self, drawing, **options)

    def recording_init(self, *, keeps=False):
        kept.append(keeps)
        original_init(self, keeps=keeps)

    monkeypatch.setattr(Painter, "paint", counting_paint)
    monkeypatch.setattr(Painter, "__init__", recording_init)
    trace = trace_search(from_nested([[3, 5], [2, 9]]), "alphabeta")
    write_trace_files(trace, tmp_path, "t", formats)
    assert kept == [len(formats) > 1]
    with Image.open(tmp_path / "t.gif") as gif:
        frames = sum(1 for _ in ImageSequence.Iterator(gif))
    assert frames > 10 and len(painted) == frames
    assert all((tmp_path / f"t.{fmt}").stat().st_size > 0 for fmt in formats)
