"""No colour-only cues in the study's plot: every search has its own character in the terminal plot (with
colours as without), and its own marker shape in the image, so both read in greyscale."""

from __future__ import annotations

import re

import plotext
import pytest
from plotext._figure import _figure_class

from visualizer.analysis.plots import draw_plotext, series
from visualizer.analysis.study import parse_leaves, run_study

LABELS = ["minimax", "alphabeta (natural)", "alphabeta (best)", "alphabeta (worst)", "alphabeta (random)"]
"""The study's searches in the order `series` gives them (the Knuth-Moore line comes last)."""


@pytest.fixture(scope="module")
def study():
    return run_study(parse_leaves("8,16,32", 2), trials=1, seed=3, orders=("natural", "best", "worst", "random"))


def terminal_plot(study, *, colour: bool) -> list[str]:
    figure = _figure_class()
    figure._limit_size(False, False)
    figure.plot_size(80, 24)
    figure.theme("pro" if colour else "clear")
    draw_plotext(figure, study, colour=colour)
    return plotext.uncolorize(figure.build()).splitlines()


def legend(lines: list[str]) -> dict[str, str]:
    """Label -> the character plotext draws twice before it in the legend ("## minimax")."""
    found = {}
    for label in [*LABELS, "Knuth-Moore minimum"]:
        pattern = re.compile(r"(\S)\1 " + re.escape(label) + r"(?= |$)")
        (match,) = [match for line in lines for match in pattern.finditer(line)]
        found[label] = match.group(1)
    return found


@pytest.mark.parametrize("colour", [True, False], ids=["colour", "plain"])
def test_each_search_has_its_own_character_in_the_legend_and_on_the_lines(study, colour):
    assert [line.label for line in series(study)] == [*LABELS, "Knuth-Moore minimum"]
    lines = terminal_plot(study, colour=colour)
    shown = legend(lines)
    characters = [shown[label] for label in LABELS]
    assert all(character.isascii() for character in characters), characters
    assert len(set(characters)) == len(LABELS)  # no two searches share one
    assert shown["Knuth-Moore minimum"] == ("•" if colour else ".")
    # The lines are drawn with those characters (not braille, whose dots look alike whatever the series).
    body = "\n".join(line[line.index("┤") + 1 if "┤" in line else 0 :] for line in lines[len(LABELS) + 3 : -3])
    assert not any("\u2800" <= character <= "\u28ff" for character in body)
    assert all(body.count(character) > 2 for character in characters[1:])  # minimax may lie under worst order


def test_each_search_has_its_own_marker_and_the_first_four_their_own_line_style(study):
    from matplotlib.figure import Figure

    from visualizer.analysis.figure import _draw_lines, line_style

    axes = Figure().add_subplot()
    _draw_lines(axes, study)
    drawn = {line.get_label(): line for line in axes.get_lines()}
    assert list(drawn) == [*LABELS, "Knuth-Moore minimum"]
    markers = [drawn[label].get_marker() for label in LABELS]
    assert len(set(markers)) == len(LABELS) and "None" not in markers
    styles = [line_style(index)["linestyle"] for index in range(len(LABELS))]
    assert len({str(style) for style in styles[:4]}) == 4 and "--" not in styles
    assert [drawn[label].get_linestyle() for label in LABELS[:3]] == styles[:3]  # matplotlib names only these
    reference = drawn["Knuth-Moore minimum"]
    assert reference.get_linestyle() == "--" and reference.get_marker() == "None"


def test_no_line_hides_another_and_the_legend_keeps_off_the_data(study):
    from matplotlib.figure import Figure

    from visualizer.analysis.figure import FIGURE_SIZE, _draw_lines, _label_axes

    figure = Figure(figsize=FIGURE_SIZE, layout="constrained")
    axes = figure.add_subplot()
    _draw_lines(axes, study)
    _label_axes(axes, study)
    drawn = {line.get_label(): line for line in axes.get_lines()}
    widths = [drawn[label].get_linewidth() for label in LABELS]
    sizes = [drawn[label].get_markersize() for label in LABELS]
    assert widths == sorted(widths, reverse=True) and len(set(widths)) == len(LABELS)  # each drawn inside the last
    assert sizes == sorted(sizes, reverse=True) and len(set(sizes)) == len(LABELS)
    figure.draw_without_rendering()  # the constrained layout makes room for the legend
    legend, plot = axes.get_legend().get_window_extent(), axes.get_window_extent()
    assert legend.x0 >= plot.x1 and figure.bbox.contains(legend.x1 - 1, legend.y0 + 1)  # beside the data, on the page
