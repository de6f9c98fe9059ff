"""Provides a figure's legend: what the shapes, dashes and marks of the trace at hand mean.

Only what the trace can show is listed (no "pruned" for minimax, no "beyond the depth limit" for a
full search), and the same legend is on every frame of a trace, so frames keep their canvas.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from visualizer.games.base import Player
from visualizer.pictures.drawing import Dash, Item, Path, Shape, Text, text_width
from visualizer.pictures.layout import SUBTREE_HEIGHT, SUBTREE_WIDTH, glyph, subtree_glyph
from visualizer.pictures.themes import Theme
from visualizer.steps.visits import is_monte_carlo
from visualizer.tracing.trace import Trace

__all__ = ["LEGEND_SIZE", "STEP_ONLY", "LegendEntry", "chance_fill", "legend_items", "legend_rows"]

LEGEND_SIZE = 9.0
"""The font size of the legend."""

SWATCH, ENTRY_GAP = 18.0, 12.0
"""The width of an entry's picture, and the space after an entry."""

Swatch = Callable[[str, float, float], list[Item]]
"""An entry's picture: its items, given its key and its centre."""


@dataclass(frozen=True)
class LegendEntry:
    """One picture (`swatch` makes its items, given its centre) and its words (`label`)."""

    key: str
    label: str
    swatch: Swatch
    colour: str
    swatch_width: float = SWATCH

    @property
    def width(self) -> float:
        """The room the entry takes in a row, its gap included."""
        return self.swatch_width + 5 + text_width(self.label, LEGEND_SIZE) + ENTRY_GAP

    def place(self, x: float, y: float) -> Iterator[Item]:
        """The entry's items with its left edge at `x`, centred on `y`."""
        key = f"legend:{self.key}"
        yield from self.swatch(key, x + self.swatch_width / 2, y)
        yield Text(f"{key}:label", x + self.swatch_width + 5, y, self.label, LEGEND_SIZE, self.colour, anchor="start")


def chance_fill(theme: Theme) -> str:
    """The inside of a visited CHANCE node: halfway between MAX's fill and MIN's, as it belongs to neither."""
    channels = zip(bytes.fromhex(theme.max_fill[1:]), bytes.fromhex(theme.min_fill[1:]))
    return "#" + bytes((max_channel + min_channel + 1) // 2 for max_channel, min_channel in channels).hex()


def _glyph(player: Player, stroke: str, fill: str, line: float, dash: Dash) -> Swatch:
    """A node's triangle (or circle), 14 x 10 pt."""
    return lambda key, x, y: [Shape(f"{key}:swatch", glyph(x, y - 5.0, 14.0, 10.0, player), stroke, fill, line, dash)]


def _subtree(stroke: str, fill: str, line: float) -> Swatch:
    """The triangle of a collapsed subtree."""
    return lambda key, x, y: [Shape(f"{key}:swatch", subtree_glyph(x, y - SUBTREE_HEIGHT / 2), stroke, fill, line)]


def _line(colour: str, width: float, *, mark: bool = False) -> Swatch:
    """A line, crossed by a stroke when `mark`."""
    return lambda key, x, y: [
        Path(f"{key}:swatch", ((x - SWATCH / 2, y), (x + SWATCH / 2, y)), colour, width),
        *([Path(f"{key}:mark", ((x, y - 5), (x, y + 5)), colour, width)] if mark else []),
    ]


def _word(text: str, colour: str) -> Swatch:
    return lambda key, x, y: [Text(f"{key}:swatch", x, y, text, LEGEND_SIZE, colour)]


def legend_items(trace: Trace, theme: Theme, has_windows: bool, *, collapsed: bool = False) -> list[LegendEntry]:
    """The legend entries of `trace` in `theme`, in reading order (`collapsed`: some subtrees are drawn as one)."""
    summary, ink = trace.summary, theme.ink

    def entry(key: str, label: str, swatch: Swatch, *, words: str = "") -> LegendEntry:
        return LegendEntry(key, label, swatch, ink, max(SWATCH, text_width(words, LEGEND_SIZE)))

    entries = [
        entry("max", "MAX", _glyph(Player.MAX, ink, theme.max_fill, theme.line, "solid")),
        entry("min", "MIN", _glyph(Player.MIN, ink, theme.min_fill, theme.line, "solid")),
    ]
    if Player.CHANCE in trace.columns.player:
        entries.append(entry("chance", "CHANCE", _glyph(Player.CHANCE, ink, chance_fill(theme), theme.line, "solid")))
    monte_carlo = is_monte_carlo(trace)
    label, words = ("visits (mean inside)", "n=3") if monte_carlo else ("visit order", "#3")
    entries.append(entry("visit", label, _word(words, ink), words=words))
    if has_windows:
        label = "alpha-beta window (mover's view)" if trace.is_negamax else "alpha-beta window"
        entries.append(entry("window", label, _word("[a,b]", ink), words="[a,b]"))
    faded = (theme.muted, theme.background, theme.line)
    if summary.pruned:
        entries.append(entry("pruned", "pruned", _glyph(Player.MAX, *faded, "dashed")))
    if summary.cutoffs:
        entries.append(entry("cut", "cut-off", _line(theme.cut, theme.bold_line * 0.75, mark=True)))
    if summary.unreached:
        label = "not in the search's tree" if monte_carlo else "beyond the depth limit"
        entries.append(entry("unreached", label, _glyph(Player.MAX, *faded, "dotted")))
    if collapsed:
        swatch = _subtree(ink, theme.background, theme.line)
        entries.append(LegendEntry("subtree", "collapsed subtree, its size", swatch, ink, SUBTREE_WIDTH))
    entries.append(entry("pv", "principal variation", _line(ink, theme.bold_line)))
    entries.append(entry("current", "this step", _glyph(Player.MAX, ink, theme.current_fill, theme.bold_line, "solid")))
    entries.append(entry("backed-up", "value just backed up", _line(theme.last_child, theme.bold_line)))
    return entries


STEP_ONLY = frozenset(("current", "backed-up"))
"""The entries of marks only a step's frame shows: the finished search (a still, an answer key) has neither."""


def legend_rows(entries: list[LegendEntry], width: float) -> list[list[LegendEntry]]:
    """The entries in rows no wider than `width` (an entry wider than that has a row of its own)."""
    rows: list[list[LegendEntry]] = [[]]
    used = 0.0
    for entry in entries:
        if rows[-1] and used + entry.width - ENTRY_GAP > width:
            rows.append([])
            used = 0.0
        rows[-1].append(entry)
        used += entry.width
    return rows if rows[0] else []
