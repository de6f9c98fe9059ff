"""Provides the study's plot: leaves evaluated against tree size, one line per search, Knuth-Moore dotted.

`draw_plotext` draws the CLI's terminal plot and the app's stats screen; each line has its own character.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from visualizer.analysis.study import Study

__all__ = ["PLOT_TITLE", "X_LABEL", "Series", "draw_plotext", "power_of_two_ticks", "series", "tick_label"]

PLOT_TITLE = "Leaves evaluated: minimax vs alpha-beta (log-log)"
X_LABEL = "leaves in the tree"
Y_LABEL = "leaves evaluated (mean)"
KNUTH_MOORE_LABEL = "Knuth-Moore minimum"
MAX_Y_TICKS = 8
SERIES_MARKERS = ("#", "+", "o", "x", "*", "%", "=", "@")
"""One character per search's line, in colour or not, so that no line is told apart by colour alone."""
REFERENCE_MARKERS = {True: "dot", False: "."}
"""The Knuth-Moore line's marker: plotext's dot (•) in colour, a full stop in plain ASCII output."""


@dataclass(frozen=True)
class Series:
    """One line of the plot: x = leaves in the tree, y = mean leaves evaluated, sd = its deviation."""

    label: str
    x: tuple[int, ...]
    y: tuple[float, ...]
    sd: tuple[float, ...]
    is_reference: bool = False


def series(study: Study) -> list[Series]:
    """minimax, alpha-beta per order, then the Knuth-Moore line over the uniform sizes (if any)."""
    lines = []
    for label in study.labels:
        rows = [row for row in study.rows if row.label == label]
        means, deviations = tuple(row.leaves.mean for row in rows), tuple(row.leaves.sd for row in rows)
        lines.append(Series(label, tuple(row.size.leaves for row in rows), means, deviations))
    minimal = {size.leaves: float(leaves) for size in study.sizes if (leaves := study.knuth_moore(size)) is not None}
    if minimal:
        zeros = (0.0,) * len(minimal)
        lines.append(Series(KNUTH_MOORE_LABEL, tuple(minimal), tuple(minimal.values()), zeros, is_reference=True))
    return lines


def power_of_two_ticks(low: float, high: float, *, most: int = MAX_Y_TICKS) -> list[int]:
    """Powers of two within [low, high] (both > 0): every one, or every k-th from the top so that
    at most `most` remain; the two around the range when none lies within it."""
    first, last = math.ceil(math.log2(low)), math.floor(math.log2(high))
    if first > last:
        return [2**last, 2**first]
    step = max(1, math.ceil((last - first + 1) / most))
    return [2**exponent for exponent in range(last, first - 1, -step)][::-1]


def tick_label(value: int) -> str:
    """1024 -> "1024", 65536 -> "64k", 1048576 -> "1M": short labels for the y axis."""
    if value >= 2**20 and value % 2**20 == 0:
        return f"{value // 2**20}M"
    if value >= 2**14 and value % 2**10 == 0:
        return f"{value // 2**10}k"
    return str(value)


def draw_plotext(plt: Any, study: Study, *, colour: bool = True) -> None:
    """Draws the study on a plotext module or a textual-plotext `PlotextPlot.plt` (log-log axes), its data
    cleared first; `colour` False keeps the markers ASCII."""
    plt.clear_data()
    plt.title(PLOT_TITLE)
    plt.xlabel(X_LABEL)
    plt.ylabel(Y_LABEL)
    plt.xscale("log")
    plt.yscale("log")
    lines = series(study)
    # The reference goes first so that a search on it (best order, usually) is drawn over it, not hidden.
    for index, line in sorted(enumerate(lines), key=lambda pair: not pair[1].is_reference):
        marker = REFERENCE_MARKERS[colour] if line.is_reference else SERIES_MARKERS[index % len(SERIES_MARKERS)]
        plt.plot(list(line.x), list(line.y), label=line.label, marker=marker)
    sizes = [size.leaves for size in study.sizes]
    plt.xticks(sizes, [tick_label(size) for size in sizes])
    values = [value for line in lines for value in line.y if value > 0]
    if values:
        ticks = power_of_two_ticks(min(values), max(values))
        plt.yticks(ticks, [tick_label(tick) for tick in ticks])
