"""The notebook player, headless: build it, step it, read the frame it shows."""

from __future__ import annotations

import pytest

from visualizer.errors import InputError
from visualizer.export.figure import Figure
from visualizer.export.svg import to_svg
from visualizer.games import builtin_example
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
