"""Stepping shows what a drawing from scratch shows: the caches that make a step cheap never leave stale text.

A step redraws only what changed: the node table changes only the rows that changed, the outline relabels
only the nodes whose label changed, the text panels keep their drawing and ask for a layout only
when their height changes, and the event log draws only the sentences that could be in view. Here
the screen after each checked step is compared with the same screen after every cache is dropped
and everything is laid out and drawn again.
"""

from __future__ import annotations

import gc
import weakref

import pytest
from textual.content import Content
from textual.geometry import Region
from textual.widgets import Static, Tree
from ui_helpers import box_rows, resize, wait_while

from visualizer import gc_policy
from visualizer.games import TicTacToe
from visualizer.tui import make_app
from visualizer.tui.widgets.node_table import MAX_TABLE_ROWS, NodeTable
from visualizer.tui.widgets.panels import EventLog
from visualizer.tui.widgets.static_update import DrawnContent
from visualizer.tui.widgets.tree_outline import TreeOutline

pytestmark = pytest.mark.asyncio

SIZE = (100, 32)


async def drawn_from_scratch(app, pilot) -> str:
    """The screen after dropping every drawing the app keeps and laying everything out again."""
    app.screen.query_one(EventLog).show(app.screen.session.replay.step)
    for widget in app.screen.walk_children(with_self=False):
        if isinstance(widget, NodeTable):  # every listed row's cells made afresh from the replay
            views = app.screen.session.replay.views
            widget.rows = [widget._cells(node_id, views[node_id]) for node_id in widget.shown]
        if isinstance(widget, Static) and isinstance(widget.visual, DrawnContent):
            widget.update(Content(widget.visual.plain, list(widget.visual.spans)))
        widget.refresh(layout=True)
    await pilot.pause()
    return app.export_screenshot()


async def check_steps(app, pilot, keys: list[str], check_every: int) -> int:
    """Presses `keys`, comparing the screen with a fresh drawing every `check_every` presses; returns the checks."""
    checks = 0
    for count, key in enumerate(keys, 1):
        await pilot.press(key)
        await pilot.pause()
        if count % check_every == 0 or count == len(keys):
            shown = app.export_screenshot()
            assert await drawn_from_scratch(app, pilot) == shown, f"stale screen after {keys[:count]}"
            checks += 1
    return checks


async def test_stepping_the_drawn_tree_shows_what_a_fresh_drawing_shows():
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = app.export_screenshot()
        keys = ["right"] * 24 + ["left"] * 3 + ["c", "c", "end", "home", "right"]
        assert await check_steps(app, pilot, keys, check_every=4) == 8
        assert app.export_screenshot() != start and app.screen.session.replay.step == 1


async def test_stepping_a_big_outline_shows_what_a_fresh_drawing_shows():
    app = make_app(TicTacToe(), algorithm="minimax", depth=4)  # 3,610 nodes: an outline and a short table
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert len(app.screen.session.trace.nodes) > MAX_TABLE_ROWS
        keys = ["right"] * 30 + ["left"] * 4 + ["right"] * 3
        assert await check_steps(app, pilot, keys, check_every=3) == 13
        outline = app.screen.query_one(TreeOutline)
        for node_id, tree_node in outline.loaded.items():
            assert tree_node.label == outline._label(node_id, outline._label_state(node_id, outline.replay.current))
        # The table, changed row by row, lists the open nodes and the current node's children; the cursor
        # is on the current node, or at the top once the node has been left (as in a table listed afresh).
        trace, replay = app.screen.session.trace, app.screen.session.replay
        current = trace.nodes[replay.current]
        listed = [*replay.stack, *(child for child in current.children if child not in replay.stack)]
        table = app.screen.query_one(NodeTable)
        assert [row[0] for row in table.rows] == [trace.nodes[node].name for node in listed]
        assert table.cursor_row == (listed.index(current.id) if current.id in listed else 0) and len(listed) > 2


async def test_the_outline_keeps_a_line_drawn_only_while_tree_would_draw_it_the_same():
    app = make_app(TicTacToe(), algorithm="minimax", depth=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        outline = app.screen.query_one(TreeOutline)
        assert outline.has_focus  # the guides under the cursor's node are styled: the keys must tell lines apart
        for key in ["right"] * 30 + ["up", "up", "enter", "down", "left", "right"]:
            await pilot.press(key)
            await pilot.pause()
            outline.render_lines(Region(0, 0, *outline.size))
            for y in range(outline.size.height):  # the same segments, styles and mouse data (line, node) as `Tree`'s
                kept, drawn = TreeOutline.render_line(outline, y), Tree.render_line(outline, y)
                assert list(kept) == list(drawn) and [part.style.meta for part in kept] == [
                    part.style.meta for part in drawn
                ], (key, y)
        assert outline._drawn.hits > outline._drawn.misses  # lines moved down by a branch opened above are kept


def counted_layouts(widget, monkeypatch) -> list[bool]:
    """Whether each `refresh` of `widget` from now on asks for a layout (the list fills as it is called)."""
    layouts, refresh = [], widget.refresh

    def counted(*regions, **options):
        layouts.append(bool(options.get("layout")))
        return refresh(*regions, **options)

    monkeypatch.setattr(widget, "refresh", counted)
    return layouts


@pytest.mark.parametrize(("size", "cut"), [((80, 24), True), ((100, 40), False)])
async def test_the_call_stack_keeps_its_height_and_its_deepest_line_in_view(monkeypatch, size, cut):
    app = make_app(TicTacToe(), algorithm="minimax", depth=4)
    async with app.run_test(size=size) as pilot:  # at 80x24 its max-height leaves rows for 3 of up to 5 open nodes
        await pilot.pause()
        stack, layouts = app.screen.call_stack, counted_layouts(app.screen.call_stack, monkeypatch)
        height, cuts = stack.size.height, 0
        assert (height < 5) == cut and box_rows(stack) == ["(nothing open)"] + [""] * (height - 1)  # 5 deep at most
        for _ in range(30):
            await pilot.press("right")
            await pilot.pause()
            rows, lines = box_rows(stack), [line.strip() for line in stack.lines]
            assert stack.size.height == height  # the box never moves; the current node (the last line) stays in it
            if len(lines) > len(rows):
                cuts += 1
                assert rows == [f"⋮ {len(lines) - len(rows) + 1} more above", *lines[len(lines) - len(rows) + 1 :]]
            else:
                assert rows[: len(lines)] == lines and not any(rows[len(lines) :])
        assert not any(layouts) and (cuts > 10) == cut, cuts
        shown = app.export_screenshot()
        assert await drawn_from_scratch(app, pilot) == shown


async def test_the_event_log_fills_up_when_the_terminal_grows():
    app = make_app()
    async with app.run_test(size=(240, 24)) as pilot:  # wide enough for a sentence a row
        for _ in range(30):
            await pilot.press("right")
        await pilot.pause()
        log = app.screen.query_one(EventLog)
        before = log.content_size.height
        await resize(app, pilot, 240, 50)
        await wait_while(app, pilot, lambda: log.content_size.height <= before, "the log's growth")
        rows = box_rows(log)
        assert len(rows) == log.content_size.height and all(rows), rows  # no blank rows inside the border
        assert rows[0] == "> " + log.lines[-1][: len(rows[0]) - 2]


@pytest.fixture
def freeze_every_trace(monkeypatch):
    """Every trace counts as big enough to freeze the heap for (the 15-node example has 52 steps)."""
    monkeypatch.setattr(gc_policy, "FREEZE_FROM_STEPS", 1)


async def test_the_app_keeps_its_heap_out_of_full_collections_while_it_runs(freeze_every_trace):
    frozen = gc.get_freeze_count()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")
        assert gc.get_freeze_count() > frozen  # the app and its trace, frozen once the screen is up
    assert gc.get_freeze_count() == 0  # handed back to the collector at exit


async def test_a_small_trace_leaves_the_collector_alone_and_a_new_search_needs_no_full_collection(monkeypatch):
    collections = []
    monkeypatch.setattr(gc_policy.gc, "collect", lambda *args: collections.append(args) or 0)
    frozen = gc.get_freeze_count()  # what the test suite froze (tests/conftest.py), left alone by the app
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")
        assert 0 < gc.get_freeze_count() <= frozen  # 52 steps: fewer than FREEZE_FROM_STEPS (what was frozen may go)
        await pilot.press("a")
        await wait_while(app, pilot, lambda: app.screen.searching, "the search")
        assert app.screen.session.trace.algorithm == "negamax" and 0 < gc.get_freeze_count() <= frozen
    assert collections == [] and 0 < gc.get_freeze_count() <= frozen


async def test_a_new_search_lets_the_old_trace_go(freeze_every_trace):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        old = weakref.ref(app.screen.session.trace)
        await pilot.press("a")  # the next algorithm: a new trace and new widgets
        await wait_while(app, pilot, lambda: app.screen.searching, "the search")
        assert app.screen.session.trace.algorithm == "negamax" and gc.get_freeze_count() > 0
        assert old() is None  # neither frozen nor cached with the widgets that showed it
