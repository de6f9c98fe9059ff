"""Negamax in the app: the tree's border says whose view the values are from, and the labels and the
call stack show them from that view (the mover's), worked by hand for a small tree.

MAX root A over MIN nodes B and C over the leaves 3, 5 and 2, 9. By hand (negamax-ab, Knuth and
Moore's F2): B takes -D = -3 and raises its alpha to -3 at step 7; C is entered with [-inf, -3],
takes -F = -2 and cuts G off at step 20 (-2 >= -3). From MAX's view B and C are worth 3 and 2.
"""

from __future__ import annotations

import pytest

from visualizer.games import from_nested
from visualizer.tui import make_app
from visualizer.tui.node_labels import VIEW_LEGEND
from visualizer.tui.widgets.game_tree_view import GameTreeView
from visualizer.tui.widgets.panels import CallStack

pytestmark = pytest.mark.asyncio

TREE = [[3, 5], [2, 9]]


def screen_lines(app) -> list[str]:
    """The composited screen as text, one string per row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def border_rows(app, widget) -> tuple[str, str]:
    """The top and bottom border rows of `widget` as drawn on screen."""
    region = widget.region
    lines = screen_lines(app)
    return lines[region.y][region.x : region.right], lines[region.bottom - 1][region.x : region.right]


async def step(pilot, steps: int) -> None:
    for _ in range(steps):
        await pilot.press("right")
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_tree_border_names_the_movers_view_and_min_labels_are_negated(size):
    app = make_app(from_nested(TREE), algorithm="negamax-ab")
    async with app.run_test(size=size) as pilot:
        view = app.screen.query_one(GameTreeView)
        assert VIEW_LEGEND == "values: mover's view"
        assert VIEW_LEGEND in view.border_subtitle
        _, bottom = border_rows(app, view)
        assert VIEW_LEGEND in bottom  # on screen, not cut off
        await step(pilot, 7)
        b_node = app.screen.session.trace.node("B")
        assert view.drawing.label(b_node.id) == (">▼B #2", "-3 [-3,∞]")
        assert any("-3 [-3,∞]" in line for line in screen_lines(app))
        stack = app.screen.query_one(CallStack)
        assert stack.lines == ["▲A [-inf, +inf] = -", "  ▼B [-3, +inf] = -3"]
        await step(pilot, 13)  # step 20: the cut-off at C
        c_node = app.screen.session.trace.node("C")
        assert view.drawing.label(c_node.id) == (">▼C #5", "-2 [-∞,-3]")
        assert stack.lines == ["▲A [3, +inf] = 3", "  ▼C [-inf, -3] = -2"]
        top, _ = border_rows(app, stack)
        assert VIEW_LEGEND in top


async def test_alphabeta_keeps_max_view_and_no_legend():
    app = make_app(from_nested(TREE), algorithm="alphabeta")
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.screen.query_one(GameTreeView)
        assert "view" not in view.border_subtitle
        stack = app.screen.query_one(CallStack)
        assert not stack.border_title
        await step(pilot, 7)  # by hand: B takes D = 3 and lowers its beta to 3
        assert view.drawing.label(app.screen.session.trace.node("B").id) == (">▼B #2", "3 [-∞,3]")
        assert stack.lines == ["▲A [-inf, +inf] = -", "  ▼B [-inf, 3] = 3"]
        await step(pilot, 13)  # step 20: C takes F = 2 <= alpha 3
        assert stack.lines == ["▲A [3, +inf] = 3", "  ▼C [3, +inf] = 2"]


async def test_plain_negamax_has_the_legend_and_negated_min_values():
    app = make_app(from_nested(TREE), algorithm="negamax")
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.screen.query_one(GameTreeView)
        assert view.border_subtitle.endswith(VIEW_LEGEND)
        await step(pilot, len(app.screen.session.trace.events))
        labels = {name: view.drawing.label(app.screen.session.trace.node(name).id)[1] for name in "ABC"}
        assert labels == {"A": "3", "B": "-3", "C": "-2"}  # plain negamax: no window; MIN's values negated
