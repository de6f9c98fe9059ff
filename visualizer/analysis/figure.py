"""Provides the study's plot as an SVG or PNG image drawn with matplotlib, ready for a slide.

Only matplotlib's object API is used (no pyplot, no global backend). The same study gives the same bytes
(no date, a fixed id salt); each search has its own marker and line style, so the image reads in greyscale.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from visualizer.analysis.plots import PLOT_TITLE, X_LABEL, series, tick_label
from visualizer.analysis.study import Study
from visualizer.errors import InputError
from visualizer.export.formats import formats_for

__all__ = ["FIGURE_FORMATS", "check_figure_path", "line_style", "render_figure"]

FIGURE_FORMATS = formats_for("study")
"""The image formats of the study's plot (svg, png), as the export registry marks them."""
FIGURE_SIZE = (10.0, 5.625)
"""Inches, 16:9; at PNG_DPI the PNG is 1600 x 900 pixels."""
PNG_DPI = 160
SVG_SALT = "gametree-visualizer"
COLOURS = ("#4d4d4d", "#1f77b4", "#2ca02c", "#d62728", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2")
"""minimax in dark grey, then one colour per alpha-beta order."""
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
"""One marker shape per search, in the order of the colours."""
LINE_STYLES = ("-", "-.", ":", (0, (6, 1.5, 1, 1.5, 1, 1.5)))
"""Solid, dash-dot, dotted, dash-dot-dot: never plain dashes, which mark the Knuth-Moore minimum."""
REFERENCE_STYLE = "--"
FIGURE_Y_LABEL = "leaves evaluated (mean ± sd, log scale)"


def check_figure_path(path: str | Path) -> str:
    """The image format of `path` ("svg" or "png"), or an InputError naming the choices."""
    path = Path(path)
    if path.is_dir():
        raise InputError(f"--plot {path} is a folder; give a file name inside it, e.g. {path / 'study.svg'}")
    extension = path.suffix.lower().lstrip(".")
    if extension not in FIGURE_FORMATS:
        endings = " or ".join(f".{name}" for name in FIGURE_FORMATS)
        raise InputError(f"--plot {path} has no known image extension; end the name in {endings}")
    return extension


def _subtitle(study: Study) -> str:
    low, high = study.value_range
    root = "" if study.root.value == "max" else ", root min"
    return (
        f"{study.trials} random trees per size, branching {study.branching}, "
        f"values {low}:{high}{root}, seed {study.seed}"
    )


def render_figure(study: Study, image_format: str) -> bytes:
    """The image file ("svg" or "png") of the study on log-log axes: mean leaves evaluated with a band of one sd."""
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.hashsalt": SVG_SALT, "font.size": 13}):
        figure = Figure(figsize=FIGURE_SIZE, layout="constrained")
        axes = figure.add_subplot()
        _draw_lines(axes, study)
        _label_axes(axes, study)
        buffer = io.BytesIO()
        metadata = {"Date": None} if image_format == "svg" else {"Software": None}
        figure.savefig(buffer, format=image_format, dpi=PNG_DPI, metadata=metadata)
        return buffer.getvalue()


def line_style(index: int) -> dict[str, Any]:
    """The matplotlib style of the `index`-th search's line: colour, marker shape and line style."""
    return {
        "color": COLOURS[index % len(COLOURS)],
        "marker": MARKERS[index % len(MARKERS)],
        "linestyle": LINE_STYLES[index % len(LINE_STYLES)],
    }


def _draw_lines(axes: Any, study: Study) -> None:
    """One line per search with its sd band; the Knuth-Moore minimum dashed, on top.

    Each search is drawn thinner and with smaller markers than the one before, so that a line lying on
    another (minimax under alpha-beta in the worst order, which visits the same nodes) shows as a rim
    around it instead of vanishing.
    """
    lines = series(study)
    searches = sum(not line.is_reference for line in lines)
    for index, line in enumerate(lines):  # the reference comes last: searches are numbered from 0
        if line.is_reference:
            axes.plot(
                line.x, line.y, linestyle=REFERENCE_STYLE, color="black", linewidth=1.6, label=line.label, zorder=3
            )
            continue
        style, wider = line_style(index), searches - 1 - index  # 0 for the last search drawn
        axes.plot(line.x, line.y, markersize=5 + 2 * wider, linewidth=1.5 + 0.8 * wider, label=line.label, **style)
        if any(line.sd):
            low = [max(mean - sd, 0.5) for mean, sd in zip(line.y, line.sd)]  # log axes: keep it positive
            high = [mean + sd for mean, sd in zip(line.y, line.sd)]
            axes.fill_between(line.x, low, high, color=style["color"], alpha=0.18, linewidth=0)


def _label_axes(axes: Any, study: Study) -> None:
    """Log-log axes (base 2) with the sizes as x ticks, labels, title and legend."""
    from matplotlib.ticker import FuncFormatter, NullLocator

    axes.set_xscale("log", base=2)
    axes.set_yscale("log", base=2)
    sizes = [size.leaves for size in study.sizes]
    axes.set_xticks(sizes, [tick_label(size) for size in sizes])
    axes.xaxis.set_minor_locator(NullLocator())
    axes.yaxis.set_major_formatter(FuncFormatter(lambda value, _: tick_label(round(value)) if value >= 1 else ""))
    axes.grid(True, which="major", alpha=0.3)
    axes.set_xlabel(f"{X_LABEL} (log scale)")
    axes.set_ylabel(FIGURE_Y_LABEL)
    axes.set_title(f"{PLOT_TITLE.removesuffix(' (log-log)')}\n{_subtitle(study)}", fontsize=14)
    axes.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0, frameon=False)  # beside the data
