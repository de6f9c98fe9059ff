"""Provides the raster and print formats of a `Drawing`: PNG and PDF through matplotlib, and the `Painter` behind them.

matplotlib is imported inside the functions that need it and only its object API is used (no
pyplot, no global backend). Outputs are deterministic (no time stamps, no dates), and texts are drawn
in the DejaVu Sans Mono that ships with matplotlib, so every machine draws the same glyphs.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from visualizer.errors import InputError
from visualizer.pictures.drawing import CENTRAL_RISE, Drawing, Path, Shape, Text, clean_text, dash_pattern

__all__ = ["MAX_PIXELS", "Painter", "Progress", "frames_png", "pixel_size", "to_pdf", "to_png"]

if TYPE_CHECKING:
    from PIL import Image

Progress = Callable[[int, int], None]
"""Called with (frames done, total frames) as frames are made."""

MAX_PIXELS = 40_000_000
"""The most pixels one frame may have (about 8000 x 5000): more is a mistake in --dpi, not a slide."""

_HALIGN = {"start": "left", "middle": "center", "end": "right"}


def pixel_size(drawing: Drawing, dpi: float) -> tuple[int, int]:
    """The `(width, height)` in pixels of `drawing` rendered at `dpi` dots per inch (72 points per inch).

    Raises:
        InputError: `dpi` is not a positive number, or the image would exceed `MAX_PIXELS`.
    """
    if not (isinstance(dpi, (int, float)) and 0 < dpi < float("inf")):
        raise InputError(f"--dpi must be a positive number, not {dpi!r}; e.g. --dpi 150")
    width, height = max(1, round(drawing.width / 72 * dpi)), max(1, round(drawing.height / 72 * dpi))
    if width * height > MAX_PIXELS:
        raise InputError(f"--dpi {dpi:g} makes a {width}x{height} image, too large; lower --dpi")
    return width, height


@contextlib.contextmanager
def _style() -> Iterator[None]:
    """matplotlib's default settings for a while (a user's matplotlibrc changes no output), with dash
    lengths in points as given (not times the line width), TrueType fonts embedded in PDFs, and glyphs
    not hinted: hinting rounds each advance to whole pixels, so a long line at a slide's resolution
    ends several pixels short of its width (`text_width`), and marks placed by it (a zero's slash) miss."""
    import matplotlib
    import matplotlib.style

    with (
        matplotlib.style.context("default"),
        matplotlib.rc_context({"lines.scale_dashes": False, "pdf.fonttype": 42, "text.hinting": "none"}),
    ):
        yield


class Painter:
    """One matplotlib figure on an Agg canvas, painted again for each drawing (all the frames of a call).

    A painter that `keeps` its images paints each drawing once at each dpi: a GIF and an MP4 of one export
    share their frames. It keeps them as quickly compressed PNGs, some 100 KB a slide-sized frame.
    """

    def __init__(self, *, keeps: bool = False) -> None:
        import matplotlib
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.font_manager import FontProperties

        with _style():
            self.figure = Figure()
            self.canvas = FigureCanvasAgg(self.figure)
            self.axes = self.figure.add_axes((0, 0, 1, 1))
        fonts = os.path.join(matplotlib.get_data_path(), "fonts", "ttf")
        self._fonts = {
            bold: os.path.join(fonts, f"DejaVuSansMono{'-Bold' if bold else ''}.ttf") for bold in (False, True)
        }
        self._font_properties = FontProperties
        self._kept: dict[tuple[Drawing, float], bytes] | None = {} if keeps else None

    def paint(self, drawing: Drawing, *, dpi: float, size: tuple[int, int] | None = None) -> None:
        """Clears the figure and paints `drawing`; `size` in pixels fixes the figure's size at `dpi`."""
        from matplotlib.lines import Line2D
        from matplotlib.patches import Polygon

        if size is None:
            inches = (drawing.width / 72, drawing.height / 72)
        else:  # a hair over, as Agg truncates the figure's size in pixels
            inches = ((size[0] + 1e-6) / dpi, (size[1] + 1e-6) / dpi)
        self.figure.set_dpi(dpi)
        self.figure.set_size_inches(inches, forward=False)
        self.figure.set_facecolor(drawing.background)
        axes = self.axes
        axes.cla()
        axes.set_axis_off()
        axes.set_xlim(0, drawing.width)
        axes.set_ylim(drawing.height, 0)
        for order, item in enumerate(drawing.items):
            if isinstance(item, Shape):
                axes.add_patch(
                    Polygon(
                        item.points,
                        closed=True,
                        facecolor=item.fill or "none",
                        fill=item.fill is not None,
                        edgecolor=item.stroke or "none",
                        linewidth=item.width if item.stroke else 0,
                        joinstyle="miter",
                        capstyle="butt" if item.dash != "dotted" else "round",
                        linestyle=_line_style(item.dash, item.width),
                        zorder=order,
                    )
                )
            elif isinstance(item, Path):
                axes.add_line(
                    Line2D(
                        [x for x, _ in item.points],
                        [y for _, y in item.points],
                        color=item.colour,
                        linewidth=item.width,
                        linestyle=_line_style(item.dash, item.width),
                        solid_capstyle="butt",
                        dash_capstyle="round" if item.dash == "dotted" else "butt",
                        solid_joinstyle="round",
                        dash_joinstyle="round",
                        zorder=order,
                    )
                )
            elif isinstance(item, Text):
                font = self._font_properties(fname=self._fonts[item.bold], size=item.size)
                axes.text(
                    item.x,
                    item.y + CENTRAL_RISE * item.size,
                    clean_text(item.text),
                    color=item.colour,
                    fontproperties=font,
                    ha=_HALIGN[item.anchor],
                    va="baseline",
                    parse_math=False,
                    zorder=order,
                )
            else:
                raise TypeError(f"cannot draw a {type(item).__name__}; items are Shape, Path or Text")

    def rgb(self, drawing: Drawing, *, dpi: float) -> Image.Image:
        """`drawing` rendered to an RGB image of `pixel_size(drawing, dpi)` pixels."""
        from PIL import Image

        kept = None if self._kept is None else self._kept.get((drawing, dpi))
        if kept is not None:
            return Image.open(io.BytesIO(kept)).convert("RGB")
        size = pixel_size(drawing, dpi)
        with _style():
            self.paint(drawing, dpi=dpi, size=size)
            self.canvas.draw()
        width, height = self.canvas.get_width_height(physical=True)
        image = Image.frombuffer("RGBA", (width, height), self.canvas.buffer_rgba(), "raw", "RGBA", 0, 1).convert("RGB")
        if self._kept is not None:
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", compress_level=1)
            self._kept[drawing, dpi] = buffer.getvalue()
        return image


def _line_style(dash: str, width: float) -> Any:
    """matplotlib's line style for a pattern: the lengths of `dash_pattern` (in points, see `_style`)."""
    pattern = dash_pattern(dash, width)
    return (0, pattern) if pattern else "solid"


def to_png(drawing: Drawing, *, dpi: float) -> bytes:
    """`drawing` as a PNG of `pixel_size(drawing, dpi)` pixels, with no time stamp or software name."""
    return next(frames_png([drawing], dpi=dpi))


def frames_png(drawings: Iterable[Drawing], *, dpi: float, painter: Painter | None = None) -> Iterator[bytes]:
    """One PNG per drawing (as `to_png`), in order, made as they are asked for (by `painter`, or a new one)."""
    painter = painter or Painter()
    for drawing in drawings:
        buffer = io.BytesIO()
        painter.rgb(drawing, dpi=dpi).save(buffer, format="PNG", dpi=(dpi, dpi))
        yield buffer.getvalue()


def to_pdf(drawing: Drawing) -> bytes:
    """`drawing` as a one-page vector PDF the size of its canvas, fonts embedded, with no dates."""
    painter = Painter()
    with _style():
        painter.paint(drawing, dpi=72)
        buffer = io.BytesIO()
        metadata = dict.fromkeys(("CreationDate", "ModDate", "Producer", "Creator"), None)
        metadata["Title"] = drawing.title or None
        painter.figure.savefig(buffer, format="pdf", metadata=metadata, facecolor=drawing.background)
    return buffer.getvalue()
