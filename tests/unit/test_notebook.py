"""The notebook player, headless: build it, step it, read the frame it shows."""

from __future__ import annotations

import pytest

from visualizer.errors import InputError
from visualizer.games import builtin_example
from visualizer.pictures.figure import Figure
from visualizer.pictures.svg import to_svg
from visualizer.search import trace_search

pytest.importorskip("ipywidgets")

from visualizer.notebook import Player  # noqa: E402

TRACE = trace_search(builtin_example(), "alphabeta")


def test_the_player_opens_on_the_finished_search():
    player = Player(TRACE)
    assert player.step == player.slider.max == len(TRACE.events) == 52
    assert player.slider.min == 0 and player.play.max == 52
    assert player.svg == to_svg(Figure(TRACE).still())


def test_moving_the_slider_shows_that_step():
    player = Player(TRACE, theme="print")
    figure = Figure(TRACE, theme="print")
    for step in (1, 20, 0, 52, 7):
        player.step = step
        assert player.svg == to_svg(figure.frame(step))
    assert "Step 7 of 52: " in player.svg and "Before the first step." not in player.svg


def test_play_steps_at_the_asked_speed_and_the_widget_displays():
    player = Player(TRACE, fps=4, step=0)
    assert player.play.interval == 250 and player.step == 0
    bundle = player._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_a_step_outside_the_trace_is_one_line():
    with pytest.raises(InputError, match="steps 0..52"):
        Player(TRACE, step=53)


def test_a_trace_shows_itself_in_ipython_as_the_still():
    from IPython.core.formatters import DisplayFormatter

    from visualizer.notebook import register_display, trace_svg

    class Shell:  # what register_display uses of IPython's shell
        display_formatter = DisplayFormatter()

    assert register_display(Shell) is True
    bundle, _ = Shell.display_formatter.format(TRACE)
    assert bundle["image/svg+xml"] == trace_svg(TRACE) == to_svg(Figure(TRACE).still())
    assert register_display() is False  # outside IPython nothing is registered


def test_importing_visualizer_inside_ipython_registers_the_display():
    import subprocess
    import sys

    code = (
        "from IPython.testing.globalipapp import start_ipython; shell = start_ipython(); "
        "from visualizer import builtin_example, trace_search; "
        "trace = trace_search(builtin_example(), 'minimax'); "
        "show = shell.display_formatter.formatters['image/svg+xml'].lookup(trace); "
        "print(show.__module__, show.__name__)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.stdout.strip() == "visualizer.notebook trace_svg", result.stderr[-600:]
