"""Provides the notebook views: every `Trace` shown as the figure of its finished search, and `Player`,
a slider and a play button over a trace's frames.

The display is registered on import (which `import visualizer` does inside IPython). `Player` needs the
`notebook` extra (ipywidgets):

    from visualizer.notebook import Player
    Player(trace_search(builtin_example(), "alphabeta"))
"""

from __future__ import annotations

from typing import Any

from visualizer.errors import InputError
from visualizer.export.formats import DEFAULT_FPS
from visualizer.pictures.figure import MAX_INLINE_NODES, Figure
from visualizer.pictures.svg import to_svg
from visualizer.pictures.themes import DEFAULT_THEME
from visualizer.tracing.trace import Trace

__all__ = ["Player", "register_display", "trace_svg"]


def trace_svg(trace: Trace) -> str | None:
    """The SVG of the trace's finished search, None (so the text) for a trace of over `MAX_INLINE_NODES` nodes."""
    if trace.columns.node_count > MAX_INLINE_NODES:
        return None
    return to_svg(Figure(trace).still())


def register_display(shell: Any = None) -> bool:
    """Shows every `Trace` as `trace_svg` in IPython (the running shell unless `shell` is given); True when a
    shell took the format, False outside IPython."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
        if shell is None:
            return False
    shell.display_formatter.formatters["image/svg+xml"].for_type(Trace, trace_svg)
    return True


class Player:
    """The frames of a trace behind a slider (0 = before the first step) and a play button; `step` is shown
    first (default: the finished search), and `widget` is what the notebook displays.

    Args:
        trace: the trace to step through.
        theme: "light", "dark" or "print", as `Figure`'s.
        fps: the frames per second of the play button.
        step: the step shown first; None: the finished search.

    Raises:
        InputError: ipywidgets is not installed (the `notebook` extra), or `step` is outside the trace.

    Examples:
        >>> from visualizer import builtin_example, trace_search
        >>> from visualizer.notebook import Player
        >>> player = Player(trace_search(builtin_example(), "alphabeta"), step=21)
        >>> player.step, player.slider.max
        (21, 52)
        >>> "Step 21 of 52: E: J = 3 &lt;= alpha 6, so K is pruned (cut-off)." in player.svg
        True
        >>> player.step = 22  # what moving the slider does
    """

    def __init__(self, trace: Trace, *, theme: str = DEFAULT_THEME, fps: float = DEFAULT_FPS, step: int | None = None):
        try:
            import ipywidgets as widgets
        except ImportError:
            raise InputError(
                "the notebook player needs ipywidgets; install it with pip install 'gametree-visualizer[notebook]'"
            ) from None
        self.figure = Figure(trace, theme=theme)
        steps = self.figure.steps
        first = steps if step is None else step
        if not 0 <= first <= steps:
            raise InputError(f"step {first} is outside this trace, which has steps 0..{steps}")
        interval = max(1, round(1000 / fps))
        self.slider = widgets.IntSlider(value=first, min=0, max=steps, description="step", continuous_update=True)
        self.play = widgets.Play(value=first, min=0, max=steps, interval=interval, description="play")
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.view = widgets.HTML(value=to_svg(self.figure.frame(first)))
        self.slider.observe(self._on_step, names="value")
        self.widget = widgets.VBox([widgets.HBox([self.play, self.slider]), self.view])

    @property
    def step(self) -> int:
        """The step shown."""
        return self.slider.value

    @step.setter
    def step(self, step: int) -> None:
        self.slider.value = step

    @property
    def svg(self) -> str:
        """The SVG of the frame shown."""
        return self.view.value

    def _on_step(self, change: dict[str, Any]) -> None:
        self.view.value = to_svg(self.figure.frame(change["new"]))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


register_display()
