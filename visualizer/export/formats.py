"""Provides `EXPORT_FORMATS`, the one registry of what `export` can write, and `PictureOptions`.

A format is one of three kinds:
- "trace": the whole trace as data (JSON, DOT), streamed from its columns;
- "picture": one `Drawing` painted (SVG, PNG, PDF): the finished search as NAME.EXT, and with
  `--frames` one file per step, NAME-0001.EXT ...;
- "animation": every step in one file (GIF, MP4, beamer TikZ).
To add a format, write its painter and add an `ExportFormat` here: the CLI's `--format`, its help,
the limits and the file names all read this registry. `FORMAT_USES` says which of them the tool writes
elsewhere: the one list of the app's export, worksheet pictures and the study's plot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from visualizer.pictures.drawing import Drawing
from visualizer.pictures.figure import Figure
from visualizer.pictures.themes import DEFAULT_THEME
from visualizer.tracing.trace import Trace

__all__ = [
    "ANIMATION_SIZE",
    "DEFAULT_FPS",
    "EXPORT_FORMATS",
    "ExportFormat",
    "FORMAT_USES",
    "ExportJob",
    "PictureOptions",
    "STILL_SIZE",
    "fit_dpi",
    "formats_for",
]

Chunks = Iterable[bytes | str]

STILL_SIZE = (1920, 1080)
"""A PNG is scaled to fit a full-HD slide unless `--dpi` says otherwise."""

ANIMATION_SIZE = (1280, 720)
"""GIF and MP4 frames are scaled to fit this unless `--dpi` says otherwise (a GIF four times bigger gains little)."""

DEFAULT_FPS = 2.0
"""Animation steps per second."""


def fit_dpi(canvas: Drawing | Figure, size: tuple[int, int]) -> float:
    """The resolution at which a drawing (or any frame of a figure: they share one canvas) just fits `size` pixels."""
    return 72.0 * min(size[0] / canvas.width, size[1] / canvas.height)


@dataclass(frozen=True)
class PictureOptions:
    """How pictures are made.

    Attributes:
        theme: the theme's name ("light", "dark", "print").
        dpi: raster resolution (PNG, GIF, MP4); None fits `STILL_SIZE` or `ANIMATION_SIZE`.
        fps: animation steps per second.
    """

    theme: str = DEFAULT_THEME
    dpi: float | None = None
    fps: float = DEFAULT_FPS


@dataclass
class ExportJob:
    """One trace being exported: the trace, the options, and its `Figure` made once when first needed.

    Attributes:
        trace: the trace.
        name: the files' stem.
        options: how pictures are made.
        progress: called with (done, total) as steps are painted.
    """

    trace: Trace
    name: str
    options: PictureOptions = field(default_factory=PictureOptions)
    progress: Callable[[int, int], None] | None = None

    @cached_property
    def figure(self) -> Figure:
        """The trace's drawing model (raises InputError for an unknown theme)."""
        return Figure(self.trace, theme=self.options.theme)

    def dpi(self, canvas: Drawing | Figure, size: tuple[int, int]) -> float:
        """The resolution to paint a drawing (or a figure's frames) at: `--dpi`, or the one that fits `size`."""
        return self.options.dpi if self.options.dpi is not None else fit_dpi(canvas, size)


@dataclass(frozen=True)
class ExportFormat:
    """One thing `export --format` can write.

    Attributes:
        name: what `--format` calls it.
        suffix: the file name's ending.
        kind: "trace", "picture" or "animation" (see the module docstring).
        help: a few words for `--help`.
        whole: the content of NAME.SUFFIX for a job.
        paint: pictures only: the content of one drawing (a frame, or the still).
        extra: further files beside NAME.SUFFIX: name -> content (the beamer wrapper).
        extra_names: the names `extra` gives, for a stem (to keep clear of them, or list them).
        check: raises a one-line error when a program the format needs is missing.
    """

    name: str
    suffix: str
    kind: Literal["trace", "picture", "animation"]
    help: str
    whole: Callable[[ExportJob], Chunks]
    paint: Callable[[ExportJob, Drawing], bytes | str] | None = None
    extra: Callable[[ExportJob], dict[str, Chunks]] | None = None
    extra_names: Callable[[str], tuple[str, ...]] = lambda name: ()
    check: Callable[[], None] | None = None

    @property
    def per_step(self) -> bool:
        """True when the file holds every step, so its size grows with the search's length."""
        return self.kind == "animation"


def _json(job: ExportJob) -> Chunks:
    from visualizer.readwrite.json_write import json_v2_bytes

    return json_v2_bytes(job.trace)


def _json_gz(job: ExportJob) -> Chunks:
    from visualizer.readwrite.files import gzip_chunks
    from visualizer.readwrite.json_write import json_v2_bytes

    return gzip_chunks(json_v2_bytes(job.trace))


def _dot(job: ExportJob) -> Chunks:
    from visualizer.dot.stream import dot_chunks

    return dot_chunks(job.trace)


def _svg(job: ExportJob, drawing: Drawing) -> str:
    from visualizer.pictures.svg import to_svg

    return to_svg(drawing)


def _png(job: ExportJob, drawing: Drawing) -> bytes:
    from visualizer.pictures.raster import to_png

    return to_png(drawing, dpi=job.dpi(drawing, STILL_SIZE))


def _pdf(job: ExportJob, drawing: Drawing) -> bytes:
    from visualizer.pictures.raster import to_pdf

    return to_pdf(drawing)


def _still(paint: Callable[[ExportJob, Drawing], bytes | str]) -> Callable[[ExportJob], Chunks]:
    return lambda job: [paint(job, job.figure.still())]


def _gif(job: ExportJob) -> Chunks:
    from visualizer.pictures.animation import to_gif

    figure = job.figure
    dpi = job.dpi(figure, ANIMATION_SIZE)  # the frames' canvas, without drawing one
    return [to_gif(figure.frames(progress=job.progress), fps=job.options.fps, dpi=dpi)]


def _mp4(job: ExportJob) -> Chunks:
    from visualizer.pictures.animation import to_mp4

    figure = job.figure
    dpi = job.dpi(figure, ANIMATION_SIZE)  # the frames' canvas, without drawing one
    return [to_mp4(figure.frames(progress=job.progress), fps=job.options.fps, dpi=dpi)]


def _check_ffmpeg() -> None:
    from visualizer.pictures.animation import check_ffmpeg

    check_ffmpeg()


def _tex(job: ExportJob) -> Chunks:
    from visualizer.pictures.tikz import to_tikz

    return [to_tikz(list(job.figure.frames(progress=job.progress)))]


def _slides_name(name: str) -> tuple[str, ...]:
    from visualizer.pictures.tikz import slides_file_name

    return (slides_file_name(f"{name}.tex"),)


def _slides(job: ExportJob) -> dict[str, Chunks]:
    from visualizer.pictures.tikz import standalone_tex

    (slides,) = _slides_name(job.name)
    return {slides: [standalone_tex(f"{job.name}.tex", title="")]}  # the picture has its own title


EXPORT_FORMATS: dict[str, ExportFormat] = {
    fmt.name: fmt
    for fmt in (
        ExportFormat("json", ".json", "trace", "the trace as networkx node-link JSON (trace format version 2)", _json),
        ExportFormat("json.gz", ".json.gz", "trace", "the same JSON, gzip-compressed", _json_gz),
        ExportFormat(
            "dot", ".dot", "trace", "Graphviz DOT of the finished search (with --frames, of every step)", _dot
        ),
        ExportFormat(
            "svg", ".svg", "picture", "the figure as SVG (with --frames, every step)", _still(_svg), paint=_svg
        ),
        ExportFormat(
            "png", ".png", "picture", "the figure as PNG, sized for a 1920x1080 slide (--dpi)", _still(_png), paint=_png
        ),
        ExportFormat("pdf", ".pdf", "picture", "the figure as vector PDF", _still(_pdf), paint=_pdf),
        ExportFormat("gif", ".gif", "animation", "every step in one animated GIF (--fps)", _gif),
        ExportFormat(
            "mp4", ".mp4", "animation", "every step in one MP4 video (--fps; needs ffmpeg)", _mp4, check=_check_ffmpeg
        ),
        ExportFormat(
            "tex",
            ".tex",
            "animation",
            "beamer overlays in TikZ, one per step, and NAME-slides.tex that compiles them",
            _tex,
            extra=_slides,
            extra_names=_slides_name,
        ),
    )
}
"""Every export format by name, in the order `--help` lists them and files are written."""

FORMAT_USES = {"app": ("json", "dot", "svg"), "worksheet": ("svg", "pdf", "tex"), "study": ("svg", "png")}
"""Where else the tool writes formats of `EXPORT_FORMATS`: the app's export key (e), the pictures of
`worksheet --format` (made by its own writer, beside its md text) and the study's plot (`stats --plot`, drawn
by matplotlib)."""


def formats_for(use: str) -> tuple[str, ...]:
    """The names of the formats of `use` (a key of `FORMAT_USES`), in the registry's order."""
    return tuple(name for name in EXPORT_FORMATS if name in FORMAT_USES[use])
