"""Provides `StudyPlot`: the study's plot in the app, drawn by the same code as the CLI's terminal plot."""

from __future__ import annotations

from textual.app import RenderResult
from textual_plotext import PlotextPlot

from visualizer.analysis.plots import draw_plotext
from visualizer.analysis.study import Study

__all__ = ["StudyPlot"]


class StudyPlot(PlotextPlot):
    """Leaves evaluated against tree size (log-log), one line per search, and the Knuth-Moore minimum."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.study: Study | None = None
        """The study drawn (None until the first one finishes)."""

    def show(self, study: Study) -> None:
        """Draws `study` in place of the last one."""
        self.study = study
        self.refresh()

    def render(self) -> RenderResult:
        """Draws the study afresh before each build.

        plotext 5 builds a plot by changing its data in place (it takes the logarithm of a log axis's
        values, and edits the legend), so building the same data twice fails; textual-plotext builds
        on every render (a resize, a scroll into view), so the data is drawn again each time.
        """
        if self.study is not None:
            draw_plotext(self.plt, self.study)
        return super().render()
