"""The tree view fits the terminal: every name on screen at every step, leaf values from step 0, zoom and pan."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from textual.geometry import Region
from ui_helpers import resize, wait_while

from visualizer.games import Player, builtin_example, from_nested, random_tree
from visualizer.tui import make_app
from visualizer.tui.node_labels import MARKERS, Density
from visualizer.tui.screens.compare_screen import CompareScreen
from visualizer.tui.widgets.game_tree_view import GameTreeView, TreeDrawingScroll
from visualizer.tui.widgets.tree_outline import TreeOutline

pytestmark = pytest.mark.asyncio

SIZES = [(80, 24), (120, 40)]  # the two sizes the app is made for (100x30 in between added 17 s to the suite)

ONE_TREE_SIZES = [(80, 24), (100, 30)]
"""One tree's view has full labels at all three sizes, and the same drawing at 100x30 and 120x40 (the textbook
tree spaced wider from 100 columns): 120x40, only roomier, adds nothing. Compare mode halves the width, so its
labels change with the size: it takes all three."""

TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"

BUILTIN_LEAVES = {"H": 6, "I": 7, "J": 3, "K": 4, "L": 2, "M": 8, "N": 1, "O": 2}
"""The 15-node example's leaf values (its level-order array 1,3,5,5,3,1,2,6,7,3,4,2,8,1,2)."""

TEXTBOOK_LEAVES = {"E": 3, "F": 12, "G": 8, "H": 2, "I": 4, "J": 6, "K": 14, "L": 5, "M": 2}
"""The textbook tree's leaves, named in level order after A (root) and B, C, D."""


def screen_lines(app) -> list[str]:
    """The screen as a person reads it: the composited text, one string per row."""
    console = Console(
        width=app.size.width, height=app.size.height, file=io.StringIO(), record=True, legacy_windows=False
    )
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False).splitlines()


def view_text(app, view: GameTreeView, lines: list[str] | None = None) -> str:
    """The text on screen inside `view`'s content region (its border excluded), from `lines` if given."""
    region = view.content_region.intersection(app.screen.region)
    lines = (screen_lines(app) if lines is None else lines)[region.y : region.bottom]
    return "\n".join(line[region.x : region.right] for line in lines)


def marked_name(player: Player, name: str) -> re.Pattern[str]:
    """The name as the drawing writes it, after its MAX/MIN marker and not followed by more of a name."""
    return re.compile(re.escape(MARKERS[player] + name) + r"(?![A-Z])")


def check_every_name_visible(app, view: GameTreeView, where: str, lines: list[str] | None = None) -> None:
    """Every node's top label line lies in the view's visible region, and its name is in the screen text.

    `lines` is the screen already rendered (one render serves both trees of compare mode), else it is rendered.
    """
    drawing = view.drawing
    assert drawing is not None, where
    scroll = view.query_one(TreeDrawingScroll)
    static = view.query_one("#tree-drawing")
    visible = scroll.scrollable_content_region.intersection(app.screen.region)
    text = view_text(app, view, lines)
    for node in view.trace.nodes:
        row, centre = drawing.positions[node.id]
        width = drawing.widths[node.id]
        box = Region(static.region.x + centre - (width - 1) // 2, static.region.y + row, width, 1)
        assert visible.contains_region(box), f"{node.name} is off screen {where}"
        assert marked_name(node.player, node.name).search(text), f"{node.name} is not on screen {where}\n{text}"


async def step_through(app, pilot, views, where: str) -> None:
    """Checks every view at step 0 and after every step to the end."""
    replay = views[0].replay

    def check() -> None:
        lines = screen_lines(app)
        for view in views:
            check_every_name_visible(app, view, f"{where} at step {replay.step}", lines)

    await pilot.pause()
    check()
    while replay.step < replay.count:
        await pilot.press("right")  # the press waits until the screen has caught up
        check()


@pytest.mark.parametrize("size", ONE_TREE_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_the_15_node_example_is_whole_at_every_step(size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await step_through(app, pilot, [app.screen.query_one(GameTreeView)], f"at {size}")


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_both_trees_of_compare_mode_are_whole_at_every_step(size):
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("m")
        assert isinstance(app.screen, CompareScreen)
        views = list(app.screen.query(GameTreeView))
        assert len(views) == 2
        await step_through(app, pilot, views, f"in compare mode at {size}")


@pytest.mark.parametrize("size", ONE_TREE_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_the_textbook_tree_is_whole_at_every_step(size):
    app = make_app(from_nested(TEXTBOOK))
    async with app.run_test(size=size) as pilot:
        await step_through(app, pilot, [app.screen.query_one(GameTreeView)], f"at {size}")


@pytest.mark.parametrize(
    ("tree", "leaves"), [(builtin_example, BUILTIN_LEAVES), (lambda: from_nested(TEXTBOOK), TEXTBOOK_LEAVES)]
)
@pytest.mark.parametrize("size", ONE_TREE_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_leaf_values_show_from_step_0_and_predict_mode_hides_them(size, tree, leaves):
    app = make_app(tree())
    async with app.run_test(size=size) as pilot:
        view = app.screen.query_one(GameTreeView)
        await pilot.pause()
        text = view_text(app, view)
        shown = [f"({value})" for value in leaves.values()]
        assert all(value in text for value in shown), text
        assert "v: values shown" in str(view.border_subtitle)
        await pilot.press("v")
        await pilot.pause()
        text = view_text(app, view)
        assert not view.show_leaf_values and "PREDICT" in str(view.border_subtitle)
        assert not any(value in text for value in shown), text
        assert all(f"▲{name}" in text for name in leaves)  # the names stay (all leaves are MAX's here)
        await pilot.press("v")
        await pilot.pause()
        assert all(value in view_text(app, view) for value in shown)


async def test_an_evaluated_leaf_shows_its_value_without_brackets():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.screen.query_one(GameTreeView)
        h, i, j = (view.trace.node(name).id for name in "HIJ")
        while view.replay.views[i].value is None:  # until I is evaluated
            await pilot.press("right")
        await pilot.pause()
        assert view.drawing.label(i)[1].startswith("7 [") and view.drawing.label(h)[1].startswith("6 [")
        assert view.drawing.label(j)[1] == "(3)"


async def test_zoom_cycles_fit_full_compact_names_and_the_border_names_it():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.screen.query_one(GameTreeView)
        await pilot.pause()
        assert view.zoom is None and view.plan.density is Density.FULL  # the full labels fit 80 columns
        seen = []
        for _ in range(4):
            await pilot.press("z")
            await pilot.pause()
            seen.append((view.zoom, view.plan.density, str(view.border_subtitle).split("  ")[0]))
        assert seen == [
            (Density.FULL, Density.FULL, "z: full"),
            (Density.COMPACT, Density.COMPACT, "z: compact"),
            (Density.NAMES, Density.NAMES, "z: names"),
            (None, Density.FULL, "z: fit (full)"),
        ]
        assert "z" in {binding.key for binding in app.screen.BINDINGS if binding.show}


async def test_pan_moves_a_drawing_wider_than_the_view_and_a_step_brings_the_current_node_back():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("m", "z")  # full labels: wider than a half screen
        await pilot.pause()
        left = app.screen.query_one("#left-tree", GameTreeView)
        scroll = left.query_one(TreeDrawingScroll)
        assert left.plan.density is Density.FULL and scroll.max_scroll_x > 0
        start = scroll.scroll_x
        await pilot.press("l", "l")
        await pilot.pause()
        assert scroll.scroll_x > start
        after_l = scroll.scroll_x
        await pilot.press("h")
        await pilot.pause()
        assert scroll.scroll_x < after_l
        await pilot.press("shift+right")
        await pilot.pause()
        assert scroll.scroll_x == after_l
        await pilot.press("end")  # A is current again, at the top middle
        await pilot.pause()
        check = left.drawing.positions[left.trace.root.id][1]
        assert scroll.scroll_x <= check < scroll.scroll_x + scroll.scrollable_content_region.width


async def test_a_resize_fits_the_drawing_again():
    app = make_app()
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        view = app.screen.query_one("#right-tree", GameTreeView)
        assert view.plan.density is Density.FULL
        await resize(app, pilot, 80, 24)
        assert view.plan.density is Density.COMPACT  # windows at the inner nodes, none at the leaves
        check_every_name_visible(app, view, "after the resize to 80x24")


async def test_compare_mode_stacks_trees_too_wide_for_half_the_screen():
    app = make_app(random_tree(leaves=16, seed=3))  # 31 nodes: 68 columns with names only
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        screen = app.screen
        assert screen.stacked
        top, bottom = screen.query(GameTreeView)
        assert top.region.bottom <= bottom.region.y and top.region.width == bottom.region.width == 120
        for keys in ([], ["right"] * 20, ["c"], ["end"]):  # a few steps: the 15-node tests walk every one
            await pilot.press(*keys)
            await pilot.pause()
            lines = screen_lines(app)
            for view in (top, bottom):
                check_every_name_visible(app, view, f"stacked at 120x40, step {view.replay.step}", lines)
        await resize(app, pilot, 200, 40)  # room side by side
        await wait_while(app, pilot, lambda: screen.stacked or top.region.x >= bottom.region.x, "the side by side")


async def test_a_tree_too_big_to_draw_keeps_the_current_node_on_screen_for_100_steps():
    app = make_app(random_tree(leaves=128, seed=11))
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.screen.query_one(GameTreeView)
        outline = view.query_one(TreeOutline)
        replay = view.replay
        scrolled = 0
        for step in range(1, 101):
            await pilot.press("right")
            assert replay.step == step
            node = view.trace.nodes[replay.current]
            line = outline.loaded[node.id].line
            assert outline.scroll_y <= line < outline.scroll_y + outline.scrollable_content_region.height, step
            scrolled = max(scrolled, outline.scroll_y)
            if step % 10 == 0:  # and, now and then, as a person reads the screen
                text = "\n".join(screen_lines(app))
                current = re.escape(f">{MARKERS[node.player]}{node.name}") + r"(?![A-Z])"
                assert re.search(current, text), (step, node.name)
        assert scrolled > 0  # the current node went below the first page and the outline followed it
        for key in ("end", "home", "c"):  # jumps land on screen too
            await pilot.press(key)
            await pilot.pause()
            node = view.trace.nodes[replay.current or 0]
            line = outline.loaded[node.id].line
            assert outline.scroll_y <= line < outline.scroll_y + outline.scrollable_content_region.height, key
