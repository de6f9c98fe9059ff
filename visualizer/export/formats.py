"""Provides `EXPORT_FORMATS`, the one registry of what `export` can write, and `PictureOptions`.

A format is a "trace" (JSON, DOT: the whole trace as data), a "picture" (SVG, PNG, PDF: the finished
search, and with `--frames` one file per step) or an "animation" (GIF, MP4, TikZ, an HTML page: every step in
one file). To add a format, write its painter and add an `ExportFormat` here: the CLI's `--format`, its help,
the limits and the file names all read this registry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from visualizer.dot.stream import dot_chunks
from visualizer.pictures.animation import check_ffmpeg, to_gif, to_mp4
from visualizer.pictures.collapse import Collapse
from visualizer.pictures.drawing import Drawing
from visualizer.pictures.figure import Figure
from visualizer.pictures.page import to_html
from visualizer.pictures.raster import Painter, to_pdf, to_png
from visualizer.pictures.svg import to_svg
from visualizer.pictures.themes import DEFAULT_THEME
from visualizer.pictures.tikz import slides_file_name, standalone_tex, to_tikz
from visualizer.readwrite.json_write import json_v2_bytes
from visualizer.readwrite.trace_json import gzip_chunks
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
    "formats_for",
]

Chunks = Iterable[bytes | str]

STILL_SIZE = (1920, 1080)
"""A PNG is scaled to fit a full-HD slide unless `--dpi` says otherwise."""

ANIMATION_SIZE = (1280, 720)
"""GIF and MP4 frames are scaled to fit this unless `--dpi` says otherwise."""

DEFAULT_FPS = 2.0
"""Animation steps per second."""


@dataclass(frozen=True)
class PictureOptions:
    """How pictures are made: a theme's name, a raster `dpi` (None fits `STILL_SIZE` or `ANIMATION_SIZE`), and
    what of a big tree is drawn (`collapse`)."""

    theme: str = DEFAULT_THEME
    dpi: float | None = None
    fps: float = DEFAULT_FPS
    collapse: Collapse = Collapse()


@dataclass
class ExportJob:
    """One trace being exported as files of stem `name`, and its `Figure` made once when first needed."""

    trace: Trace
    name: str
    options: PictureOptions = field(default_factory=PictureOptions)
    progress: Callable[[int, int], None] | None = None
    notice: Callable[[str], None] | None = None
    """Told, in one line, what the figure collapsed (if anything) when it is made."""
    shares_frames: bool = False
    """True when several animations are made (a GIF and an MP4): the painter keeps each frame for the next."""

    @cached_property
    def figure(self) -> Figure:
        """The trace's drawing model (raises InputError for an unknown theme, or a node `--expand` names
        that the tree does not have)."""
        figure = Figure(self.trace, theme=self.options.theme, collapse=self.options.collapse)
        if figure.notice and self.notice is not None:
            self.notice(figure.notice)
        return figure

    @cached_property
    def painter(self) -> Painter:
        """Paints the animations, each frame once for all of them (a GIF and an MP4 share their frames)."""
        return Painter(keeps=self.shares_frames)

    def dpi(self, canvas: Drawing | Figure, size: tuple[int, int]) -> float:
        """The resolution to paint a drawing (or a figure's frames) at: `--dpi`, or the one that fits `size`."""
        if self.options.dpi is not None:
            return self.options.dpi
        return 72.0 * min(size[0] / canvas.width, size[1] / canvas.height)


@dataclass(frozen=True)
class ExportFormat:
    """One thing `export --format` can write.

    Attributes:
        whole: the content of NAME.SUFFIX for a job.
        paint: pictures only: the content of one drawing (a frame, or the still).
        extra: further files beside NAME.SUFFIX: name -> content (the beamer wrapper), whose names
            `extra_names` gives for a stem.
        check: raises a one-line error when a program the format needs is missing.
    """

    name: str
    suffix: str
    kind: Literal["trace", "picture", "animation"]
    help: str
    whole: Callable[[ExportJob], Chunks]
    paint: Callable[[ExportJob, Drawing], bytes | str] | None = None
    extra: Callable[[ExportJob], dict[str, Chunks]] = lambda job: {}
    extra_names: Callable[[str], tuple[str, ...]] = lambda name: ()
    check: Callable[[], object] = lambda: None

    @property
    def per_step(self) -> bool:
        """True when the file holds every step, so its size grows with the search's length."""
        return self.kind == "animation"


def _json(job: ExportJob) -> Chunks:
    return json_v2_bytes(job.trace)


def _dot(job: ExportJob) -> Chunks:
    return dot_chunks(job.trace)


def _picture(name: str, help: str, paint: Callable[[ExportJob, Drawing], bytes | str]) -> ExportFormat:
    """A picture format: the finished search's still is `paint`ed to NAME.SUFFIX (and with --frames, each step)."""
    return ExportFormat(name, f".{name}", "picture", help, lambda job: [paint(job, job.figure.still())], paint=paint)


def _png(job: ExportJob, drawing: Drawing) -> bytes:
    return to_png(drawing, dpi=job.dpi(drawing, STILL_SIZE))


def _animation(
    name: str, help: str, make: Callable[..., bytes], check: Callable[[], object] = lambda: None
) -> ExportFormat:
    """An animation format: every step in the one file that `make` (`to_gif`, `to_mp4`) writes."""

    def whole(job: ExportJob) -> Chunks:
        frames = job.figure.frames(progress=job.progress)
        return [make(frames, fps=job.options.fps, dpi=job.dpi(job.figure, ANIMATION_SIZE), painter=job.painter)]

    return ExportFormat(name, f".{name}", "animation", help, whole, check=check)


def _slides_name(name: str) -> tuple[str, ...]:
    return (slides_file_name(f"{name}.tex"),)


def _slides(job: ExportJob) -> dict[str, Chunks]:
    (slides,) = _slides_name(job.name)
    return {slides: [standalone_tex(f"{job.name}.tex", title="")]}  # the picture has its own title


EXPORT_FORMATS: dict[str, ExportFormat] = {
    fmt.name: fmt
    for fmt in (
        ExportFormat("json", ".json", "trace", "the trace as networkx node-link JSON (trace format version 2)", _json),
        ExportFormat(
            "json.gz", ".json.gz", "trace", "the same JSON, gzip-compressed", lambda job: gzip_chunks(_json(job))
        ),
        ExportFormat(
            "dot", ".dot", "trace", "Graphviz DOT of the finished search (with --frames, of every step)", _dot
        ),
        _picture("svg", "the figure as SVG (with --frames, every step)", lambda job, drawing: to_svg(drawing)),
        _picture("png", "the figure as PNG, sized for a 1920x1080 slide (--dpi)", _png),
        _picture("pdf", "the figure as vector PDF", lambda job, drawing: to_pdf(drawing)),
        _animation("gif", "every step in one animated GIF (--fps)", to_gif),
        _animation("mp4", "every step in one MP4 video (--fps; needs ffmpeg)", to_mp4, check=check_ffmpeg),
        ExportFormat(
            "tex",
            ".tex",
            "animation",
            "beamer overlays in TikZ, one per step, and NAME-slides.tex that compiles them",
            lambda job: [to_tikz(list(job.figure.frames(progress=job.progress)))],
            extra=_slides,
            extra_names=_slides_name,
        ),
        ExportFormat(
            "html",
            ".html",
            "animation",
            "one self-contained web page that steps through the search (no install, works offline)",
            lambda job: [to_html(job.figure, speed=job.options.fps, progress=job.progress)],
        ),
    )
}
"""Every export format by name, in the order `--help` lists them and files are written."""

FORMAT_USES = {"app": ("json", "dot", "svg"), "worksheet": ("svg", "pdf", "tex"), "study": ("svg", "png")}
"""Where else the tool writes formats of `EXPORT_FORMATS`: the app's export key (e), `worksheet --format`
and the study's plot (`stats --plot`)."""


def formats_for(use: str) -> tuple[str, ...]:
    """The names of the formats of `use` (a key of `FORMAT_USES`), in the registry's order."""
    return tuple(name for name in EXPORT_FORMATS if name in FORMAT_USES[use])
