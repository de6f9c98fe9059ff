"""The tree view in a running app: the textbook drawing for small trees, a lazy outline for big ones."""

from __future__ import annotations

import time
from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Static

from visualizer.games import Player, TicTacToe, builtin_example, random_tree
from visualizer.search import trace_search
from visualizer.steps.replay import Replay
from visualizer.tracing.trace import Trace
from visualizer.tui.tree_layout import Density
from visualizer.tui.widgets.game_tree_view import GameTreeView, TreeDrawingScroll
from visualizer.tui.widgets.tree_outline import TreeOutline


class TreeApp(App):
    """Just the tree view, with the stepping keys the search screen binds."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(key, f"press('{key}')") for key in ("space", "right", "left", "home", "end")
    ]

    def __init__(self, trace: Trace, replay: Replay | None = None) -> None:
        super().__init__()
        self.trace = trace
        self.replay = replay
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        view = GameTreeView(self.trace)
        if self.replay is not None:
            view.show(self.replay)  # before mounting, as a screen may do
        yield view

    def action_press(self, key: str) -> None:
        self.pressed.append(key)


def replay_at(trace: Trace, step: int) -> Replay:
    replay = Replay(trace)
    replay.seek(step)
    return replay


def rendered(widget: Widget) -> list[str]:
    """The widget's lines as it renders them."""
    region = Region(0, 0, widget.size.width, widget.size.height)
    return [strip.text.rstrip() for strip in widget.render_lines(region)]


def path_to(trace: Trace, node_id: int) -> list[int]:
    path = [node_id]
    while trace.nodes[path[-1]].parent is not None:
        path.append(trace.nodes[path[-1]].parent)
    return path[::-1]


def loaded_along(trace: Trace, path: list[int]) -> set[int]:
    """The nodes an outline opened along `path` holds: the root and the children of every node above the last."""
    return {0} | {child for node in path[:-1] for child in trace.nodes[node].children}


@pytest.fixture(scope="module")
def builtin() -> Trace:
    return trace_search(builtin_example(), "alphabeta")


@pytest.fixture(scope="module")
def tictactoe() -> Trace:
    return trace_search(TicTacToe(), "alphabeta")


@pytest.mark.asyncio
async def test_the_15_node_example_is_drawn_with_the_cutoff_at_e(builtin):
    app = TreeApp(builtin)
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(GameTreeView)
        view.show(replay_at(builtin, 21))
        await pilot.pause()
        assert not app.query(TreeOutline)
        lines = rendered(app.query_one("#tree-drawing", Static))
        assert lines == view.drawing.plain.splitlines()
        level = view.plan.level_height  # the view is taller than the tree: the levels spread out
        assert level > 3 and len(lines) == 3 * level + 2
        assert "▼A #1" in lines[0] and "▲B #2" in lines[level]
        assert ">▼E #6" in lines[2 * level] and "x▲K" in lines[3 * level] and "pruned" in lines[3 * level + 1]
        assert not app.query_one("#tree-board").display  # an explicit tree has no board


@pytest.mark.asyncio
async def test_each_show_redraws_the_step_and_the_end_marks_the_principal_variation(builtin):
    app = TreeApp(builtin, replay_at(builtin, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        view = app.query_one(GameTreeView)
        drawing = app.query_one("#tree-drawing", Static)
        assert "#" not in "".join(rendered(drawing))  # step 0: nothing visited yet
        view.show(replay_at(builtin, 21))
        await pilot.pause()
        assert "pruned" in "".join(rendered(drawing)) and "*" not in "".join(rendered(drawing))
        view.show(replay_at(builtin, 10**6), show_pv=True)
        await pilot.pause()
        starred = [view.drawing.label(node)[0] for node in builtin.summary.principal_variation]
        assert starred == [">▼A #1*", "▲C #8*", "▼F #9*", "▲L #10*"]
        assert sum(line.count("*") for line in rendered(drawing)) == 4


@pytest.mark.asyncio
async def test_a_narrow_view_scrolls_to_the_current_node(builtin):
    app = TreeApp(builtin)
    async with app.run_test(size=(40, 12)) as pilot:
        view = app.query_one(GameTreeView)
        assert view.cycle_zoom() is Density.FULL  # full labels do not fit 40 columns (the fitted names would)
        scroll = app.query_one(TreeDrawingScroll)
        view.show(replay_at(builtin, 46))  # the cut-off at G, at the right
        await pilot.pause()
        assert scroll.max_scroll_x > 0 and scroll.scroll_x > 0
        _, centre = view.drawing.positions[builtin.node("G").id]
        assert scroll.scroll_x <= centre < scroll.scroll_x + scroll.scrollable_content_region.width
        view.show(replay_at(builtin, 4))  # H, the leftmost leaf
        await pilot.pause()
        assert scroll.scroll_x == 0


@pytest.mark.asyncio
async def test_tic_tac_toe_opens_an_outline_with_only_the_current_path_loaded(tictactoe):
    replay = replay_at(tictactoe, 60)
    app = TreeApp(tictactoe)
    started = time.perf_counter()
    async with app.run_test(size=(80, 24)) as pilot:
        app.query_one(GameTreeView).show(replay)
        await pilot.pause()
        assert time.perf_counter() - started < 5
        outline = app.query_one(TreeOutline)
        path = path_to(tictactoe, replay.current)
        assert path[:-1] == replay.stack[: len(path) - 1]
        expected = loaded_along(tictactoe, path)
        assert set(outline.loaded) == expected and len(expected) < 60 < len(tictactoe.nodes)
        assert outline.cursor_node.data == replay.current
        assert all(outline.loaded[node].is_expanded for node in path[:-1])
        current = tictactoe.nodes[replay.current]
        visible = "\n".join(rendered(outline))
        marker = "▲" if current.player is Player.MAX else "▼"
        assert f">{marker}{current.name.rsplit('.', 1)[-1]} #" in visible
        board = str(app.query_one("#tree-board", Static).render())
        assert current.name in board and current.board in board


@pytest.mark.asyncio
async def test_the_outline_scroll_bar_comes_and_goes_with_its_lines():
    trace = trace_search(random_tree(leaves=128, seed=11), "minimax")  # no boards: only the outline lays out
    app = TreeApp(trace, replay_at(trace, 0))
    async with app.run_test(size=(80, 12)) as pilot:
        outline = app.query_one(TreeOutline)
        for step, shown in ((10, True), (15, True), (30, False), (35, True)):  # 15, 13, 9, 15 lines in 12 rows
            app.query_one(GameTreeView).show(replay_at(trace, step))
            await pilot.pause()
            assert (outline.last_line >= outline.scrollable_content_region.height) is shown, step
            assert outline.show_vertical_scrollbar is shown, step
            assert not shown or outline.vertical_scrollbar.window_virtual_size == outline.last_line + 1, step


@pytest.mark.asyncio
async def test_the_outline_follows_the_search_and_drops_branches_it_left(tictactoe):
    early = replay_at(tictactoe, 60)
    later = replay_at(tictactoe, 60)
    while later.stack[1:2] == early.stack[1:2]:  # until the search is under another first move
        later.forward()
    app = TreeApp(tictactoe, early)
    async with app.run_test(size=(80, 24)) as pilot:
        outline = app.query_one(TreeOutline)
        old_branch = early.stack[2]
        assert old_branch in outline.loaded
        app.query_one(GameTreeView).show(later)
        await pilot.pause()
        path = path_to(tictactoe, later.current)
        assert old_branch not in outline.loaded
        assert set(outline.loaded) == loaded_along(tictactoe, path)
        assert outline.cursor_node.data == later.current


@pytest.mark.asyncio
async def test_opening_a_branch_loads_its_children_on_demand(tictactoe):
    app = TreeApp(tictactoe, replay_at(tictactoe, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        outline = app.query_one(TreeOutline)
        second = tictactoe.root.children[1]
        assert set(outline.loaded) == {0, *tictactoe.root.children}
        outline.focus()
        outline.move_cursor(outline.loaded[second])
        await pilot.press("enter")
        await pilot.pause()
        grandchildren = tictactoe.nodes[second].children
        assert set(grandchildren) <= set(outline.loaded) and len(grandchildren) == 8
        assert [node.data for node in outline.loaded[second].children] == list(grandchildren)


@pytest.mark.asyncio
async def test_the_outline_marks_and_opens_the_principal_variation_at_the_end(tictactoe):
    app = TreeApp(tictactoe)
    async with app.run_test(size=(80, 24)) as pilot:
        app.query_one(GameTreeView).show(replay_at(tictactoe, 10**9), show_pv=True)
        await pilot.pause()
        outline = app.query_one(TreeOutline)
        line = tictactoe.summary.principal_variation
        assert set(line) <= set(outline.loaded)
        assert all(str(outline.loaded[node].label).rstrip().endswith("done") for node in line)
        assert all("* " in str(outline.loaded[node].label) for node in line)
        assert outline.cursor_node.data == 0  # the search ends back at the root


@pytest.mark.asyncio
@pytest.mark.parametrize("which", ["drawing", "outline"])
async def test_the_tree_view_leaves_the_stepping_keys_to_the_screen(which, builtin, tictactoe):
    app = TreeApp(builtin if which == "drawing" else tictactoe)
    async with app.run_test(size=(40, 10)) as pilot:  # small enough to scroll both ways
        focusable = app.query_one(TreeDrawingScroll if which == "drawing" else TreeOutline)
        focusable.focus()
        await pilot.pause()
        await pilot.press("space", "right", "left", "home", "end")
        assert app.focused is focusable
        assert app.pressed == ["space", "right", "left", "home", "end"]
