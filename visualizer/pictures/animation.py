"""Provides the animations of a sequence of `Drawing`s: an animated GIF and an MP4 (through ffmpeg), one frame each.

Frames are painted by the PNG painter of `raster` (one figure reused for all), so a frame looks like
the PNG of its drawing. Outputs are deterministic: the GIF has one palette made from the drawings' own
colours (so nothing flickers between frames) and no time stamp. An MP4 needs ffmpeg; without it
`FfmpegMissing` says so in one line.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable

from visualizer.errors import InputError, RenderError
from visualizer.pictures.drawing import Drawing, Path, Shape, Text
from visualizer.pictures.raster import Painter, Progress, frames_png, pixel_size

__all__ = ["FfmpegMissing", "check_ffmpeg", "gif_palette", "is_ffmpeg_installed", "to_gif", "to_mp4"]

MAX_GIF_FPS = 50.0
"""GIF delays are in hundredths of a second and browsers slow down delays under 20 ms."""
LAST_FRAME_HOLD = 3
"""An animation's last frame (the finished search) stays this many frame times."""
BLEND_LEVELS = 6
"""At most this many mixes of each pair of a drawing's colours join the GIF palette (for antialiased edges)."""


class FfmpegMissing(InputError):
    """ffmpeg is needed to make an MP4 and is not installed."""


def is_ffmpeg_installed() -> bool:
    """True when the `ffmpeg` program is on the PATH."""
    return shutil.which("ffmpeg") is not None


def check_ffmpeg() -> str:
    """The path of the `ffmpeg` program.

    Raises:
        FfmpegMissing: ffmpeg is not installed.
    """
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
    """The colours of a GIF of `drawings`: every colour they use, then mixes of each pair for antialiased edges.

    The background comes first, then the colours in order of first use, then evenly spaced mixes
    (up to `BLEND_LEVELS` per pair) of each colour with the background, then of each other pair, as
    many as fit in 256 entries. At most 256 colours are kept.
    """
    colours: dict[tuple[int, int, int], None] = {}
    for drawing in drawings:
        colours.setdefault(_rgb(drawing.background))
        for item in drawing.items:
            for colour in _item_colours(item):
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
                palette.setdefault(tuple(round(a + (b - a) * share) for a, b in zip(first, second)))
    return list(palette)[:256]


def _item_colours(item: object) -> tuple[str, ...]:
    if isinstance(item, Shape):
        return tuple(colour for colour in (item.fill, item.stroke) if colour is not None)
    if isinstance(item, (Path, Text)):
        return (item.colour,)
    return ()


def _rgb(colour: str) -> tuple[int, int, int]:
    from matplotlib.colors import to_rgb

    return tuple(round(channel * 255) for channel in to_rgb(colour))


def to_gif(drawings: Iterable[Drawing], *, fps: float, dpi: float, progress: Progress | None = None) -> bytes:
    """An animated GIF with one frame per drawing, in order, looping; the last frame held longer.

    Every drawing is one frame, even when two in a row are equal (Pillow's own writer would merge
    them, so the frames are written here with its GIF encoder). All frames share one palette made
    from the drawings' colours (`gif_palette`); each frame after the first stores only the rectangle
    that changed. Frames are rendered one at a time: only the previous one is kept.

    Args:
        drawings: the frames, all with the same canvas size; a generator is fine (the drawings,
            not their images, are kept for the palette).
        fps: frames per second, at most `MAX_GIF_FPS`.
        dpi: dots per inch.
        progress: called with (frames done, total frames) after each frame.

    Raises:
        InputError: `fps` or `dpi` is not usable.
        ValueError: no drawings, or drawings of different canvas sizes.
    """
    from PIL import GifImagePlugin, Image, ImageChops

    if isinstance(fps, (int, float)) and fps > MAX_GIF_FPS:
        raise InputError(f"--fps {fps:g} is too fast for a GIF; give --fps {MAX_GIF_FPS:g} or less")
    frames = _check_frames(drawings, dpi=dpi, fps=fps)
    palette_image = Image.new("P", (1, 1))
    colours = gif_palette(frames)
    palette_image.putpalette([channel for colour in colours for channel in colour])
    delay = max(20, round(1000 / fps / 10) * 10)
    painter = Painter()
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


def to_mp4(drawings: Iterable[Drawing], *, fps: float, dpi: float, progress: Progress | None = None) -> bytes:
    """An H.264 MP4 (yuv420p, for every player) with one frame per drawing, made by ffmpeg.

    PNG frames are piped to ffmpeg as they are rendered; ffmpeg writes into a temporary folder (an
    MP4 needs a file it can seek in) and the bytes are returned. Odd sizes are cut to even ones.

    Args:
        drawings: the frames, all with the same canvas size.
        fps: frames per second.
        dpi: dots per inch.
        progress: called with (frames done, total frames) after each frame.

    Raises:
        FfmpegMissing: ffmpeg is not installed.
        InputError: `fps` or `dpi` is not usable.
        RenderError: ffmpeg failed (its first error line is quoted).
        ValueError: no drawings, or drawings of different canvas sizes.
    """
    frames = _check_frames(drawings, dpi=dpi, fps=fps)
    program = check_ffmpeg()
    with tempfile.TemporaryDirectory(prefix="visualizer-mp4-") as folder:
        output = os.path.join(folder, "animation.mp4")
        command = [
            program,
            "-hide_banner",
            "-loglevel",
            "error",
            "-y",
            "-f",
            "image2pipe",
            "-framerate",
            f"{fps:g}",
            "-c:v",
            "png",
            "-i",
            "-",
            "-vf",
            "scale=trunc(iw/2)*2:trunc(ih/2)*2",
            "-pix_fmt",
            "yuv420p",
            "-c:v",
            "libx264",
            "-movflags",
            "+faststart",
            "-map_metadata",
            "-1",
            "-fflags",
            "+bitexact",
            "-flags:v",
            "+bitexact",
            output,
        ]
        with tempfile.TemporaryFile() as errors:
            try:
                process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=errors)
            except OSError as error:
                raise RenderError(f"cannot run ffmpeg ({error.strerror or error}); check the installation") from None
            try:
                try:
                    for done, frame in enumerate(frames_png(frames, dpi=dpi), start=1):
                        process.stdin.write(frame)
                        if progress is not None:
                            progress(done, len(frames))
                    process.stdin.close()
                except BrokenPipeError:  # ffmpeg stopped early: its error output says why
                    pass
                returncode = process.wait()
            finally:
                if process.poll() is None:
                    process.kill()
                    process.wait()
                with contextlib.suppress(BrokenPipeError):
                    process.stdin.close()
            if returncode != 0:
                errors.seek(0)
                lines = errors.read().decode("utf-8", "replace").strip().splitlines()
                reason = lines[0] if lines else f"exit status {returncode}"
                raise RenderError(f"ffmpeg could not make the mp4 ({reason}); check the ffmpeg installation")
        with open(output, "rb") as file:
            return file.read()
