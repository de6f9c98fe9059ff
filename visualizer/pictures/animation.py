"""Provides the animations of a sequence of `Drawing`s: an animated GIF and an MP4 (through ffmpeg), one frame each.

Frames are painted by the PNG painter of `raster`. Outputs are deterministic: the GIF has one palette
made from the drawings' own colours (so nothing flickers between frames) and no time stamp.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable

from visualizer.errors import InputError, RenderError
from visualizer.pictures.drawing import Drawing, Shape
from visualizer.pictures.raster import Painter, Progress, frames_png, pixel_size

__all__ = ["FfmpegMissing", "check_ffmpeg", "gif_palette", "to_gif", "to_mp4"]

MAX_GIF_FPS = 50.0  # GIF delays are in hundredths of a second and browsers slow down delays under 20 ms
LAST_FRAME_HOLD = 3  # an animation's last frame (the finished search) stays this many frame times
BLEND_LEVELS = 6  # the most mixes of each pair of a drawing's colours in the GIF palette


class FfmpegMissing(InputError):
    """ffmpeg is needed to make an MP4 and is not installed."""


def check_ffmpeg() -> str:
    """The path of the `ffmpeg` program; raises FfmpegMissing when it is not installed."""
    program = shutil.which("ffmpeg")
    if program is None:
        raise FfmpegMissing(
            "ffmpeg is not installed; install it (e.g. `apt-get install ffmpeg`) to write mp4, or choose --format gif"
        )
    return program


def _check_frames(drawings: Iterable[Drawing], *, dpi: float, fps: float) -> tuple[Drawing, ...]:
    """All the drawings of an animation, once the fps, the dpi and their common canvas are checked."""
    if not (isinstance(fps, (int, float)) and 0 < fps < float("inf")):
        raise InputError(f"--fps must be a positive number of frames per second, not {fps!r}; e.g. --fps 2")
    frames = tuple(drawings)
    if not frames:
        raise ValueError("an animation needs at least one drawing")
    pixel_size(frames[0], dpi)
    canvas = (frames[0].width, frames[0].height)
    if any((frame.width, frame.height) != canvas for frame in frames):
        raise ValueError("the drawings of an animation must share one canvas size")
    return frames


def gif_palette(drawings: Iterable[Drawing]) -> list[tuple[int, int, int]]:
    """The (at most 256) colours of a GIF of `drawings`: the background, the colours in order of first use,
    then mixes of each colour with the background and of each other pair, for antialiased edges."""
    colours: dict[tuple[int, int, int], None] = {}
    for drawing in drawings:
        colours.setdefault(_rgb(drawing.background))
        for item in drawing.items:
            for colour in (item.fill, item.stroke) if isinstance(item, Shape) else (item.colour,):
                if colour is not None:
                    colours.setdefault(_rgb(colour))
    base = list(colours)[:256]
    background, others = base[0], base[1:]
    palette = dict.fromkeys(base)
    on_background = [(background, colour) for colour in others]  # most edges and letters lie on the background
    among_others = [(first, second) for index, first in enumerate(others) for second in others[index + 1 :]]
    for pairs in (on_background, among_others):
        if not pairs:
            continue
        levels = min(BLEND_LEVELS, (256 - len(palette)) // len(pairs))
        for first, second in pairs:
            for level in range(1, levels + 1):
                share = level / (levels + 1)
                red, green, blue = (round(a + (b - a) * share) for a, b in zip(first, second))
                palette.setdefault((red, green, blue))
    return list(palette)[:256]


def _rgb(colour: str) -> tuple[int, int, int]:
    from matplotlib.colors import to_rgb

    red, green, blue = (round(channel * 255) for channel in to_rgb(colour))
    return red, green, blue


def to_gif(
    drawings: Iterable[Drawing],
    *,
    fps: float,
    dpi: float,
    progress: Progress | None = None,
    painter: Painter | None = None,
) -> bytes:
    """An animated GIF with one frame per drawing, in order, looping; the last frame held longer.

    Every drawing is one frame, even when two in a row are equal (Pillow's own writer would merge
    them); each frame after the first stores only the rectangle that changed. `painter` paints them
    (a new one if None: see `Painter` for one that keeps its frames). Raises InputError for
    an unusable `fps` or `dpi`, ValueError for no drawings or drawings of different canvas sizes.
    """
    from PIL import GifImagePlugin, Image, ImageChops

    if isinstance(fps, (int, float)) and fps > MAX_GIF_FPS:
        raise InputError(f"--fps {fps:g} is too fast for a GIF; give --fps {MAX_GIF_FPS:g} or less")
    frames = _check_frames(drawings, dpi=dpi, fps=fps)
    palette_image = Image.new("P", (1, 1))
    colours = gif_palette(frames)
    palette_image.putpalette([channel for colour in colours for channel in colour])
    delay = max(20, round(1000 / fps / 10) * 10)
    painter = painter or Painter()
    chunks: list[bytes] = []
    previous = None
    for done, drawing in enumerate(frames, start=1):
        image = painter.rgb(drawing, dpi=dpi).quantize(palette=palette_image, dither=Image.Dither.NONE)
        duration = delay * (LAST_FRAME_HOLD if done == len(frames) else 1)
        if previous is None:
            header, _ = GifImagePlugin.getheader(image, info={"loop": 0, "duration": duration})
            chunks.extend(header)
            chunks.extend(GifImagePlugin.getdata(image, (0, 0), duration=duration, disposal=1))
        else:
            box = ImageChops.subtract_modulo(image, previous).getbbox(alpha_only=False) or (0, 0, 1, 1)
            chunks.extend(GifImagePlugin.getdata(image.crop(box), box[:2], duration=duration, disposal=1))
        previous = image
        if progress is not None:
            progress(done, len(frames))
    chunks.append(b";")
    return b"".join(chunks)


def to_mp4(
    drawings: Iterable[Drawing],
    *,
    fps: float,
    dpi: float,
    progress: Progress | None = None,
    painter: Painter | None = None,
) -> bytes:
    """An H.264 MP4 (yuv420p, for every player) with one frame per drawing, the last held `LAST_FRAME_HOLD` frame
    times as in the GIF, made by ffmpeg.

    PNG frames are piped to ffmpeg as they are rendered; ffmpeg writes into a temporary folder (an
    MP4 needs a file it can seek in). Odd sizes are cut to even ones. Raises as `to_gif`, and
    FfmpegMissing or RenderError (quoting ffmpeg's first error line).
    """
    frames = _check_frames(drawings, dpi=dpi, fps=fps)
    program = check_ffmpeg()
    with tempfile.TemporaryDirectory(prefix="visualizer-mp4-") as folder:
        output = os.path.join(folder, "animation.mp4")
        options = (
            "-hide_banner -loglevel error -y -f image2pipe -framerate {fps} -c:v png -i - "
            "-vf scale=trunc(iw/2)*2:trunc(ih/2)*2 -pix_fmt yuv420p -c:v libx264 -movflags +faststart "
            "-map_metadata -1 -fflags +bitexact -flags:v +bitexact"
        )
        command = [program, *options.format(fps=f"{fps:g}").split(), output]
        with tempfile.TemporaryFile() as errors:
            try:
                process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=errors)
            except OSError as error:
                raise RenderError(f"cannot run ffmpeg ({error.strerror or error}); check the installation") from None
            stdin = process.stdin
            assert stdin is not None  # stdin=PIPE
            try:
                with contextlib.suppress(BrokenPipeError):  # ffmpeg stopped early: its error output says why
                    for done, frame in enumerate(frames_png(frames, dpi=dpi, painter=painter), start=1):
                        stdin.write(frame)
                        if progress is not None:
                            progress(done, len(frames))
                    for _ in range(LAST_FRAME_HOLD - 1):  # the finished search held, as in the GIF
                        stdin.write(frame)
                    stdin.close()
                returncode = process.wait()
            finally:
                if process.poll() is None:
                    process.kill()
                    process.wait()
                with contextlib.suppress(BrokenPipeError):
                    stdin.close()
            if returncode != 0:
                errors.seek(0)
                lines = errors.read().decode("utf-8", "replace").strip().splitlines()
                reason = lines[0] if lines else f"exit status {returncode}"
                raise RenderError(f"ffmpeg could not make the mp4 ({reason}); check the ffmpeg installation")
        with open(output, "rb") as file:
            return file.read()
