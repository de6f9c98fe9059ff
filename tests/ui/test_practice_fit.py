"""The practice and drill trees fit the terminal: every name on screen at 80x24 and 120x40, whichever
node is selected (practice) and whichever nodes a question names (drill)."""

from __future__ import annotations

import re

import pytest
from textual.geometry import Region
from ui_helpers import resize

from visualizer.cli.parser import build_parser
from visualizer.cli.practicing import exercise_from_args
from visualizer.games import Player
from visualizer.practice.answers import parse_answer
from visualizer.practice.exercise import Exercise
from visualizer.practice.session import PracticeSession
from visualizer.tui import make_practice_app
from visualizer.tui.node_labels import MARKERS, Density
from visualizer.tui.screens.drill_screen import DrillScreen
from visualizer.tui.screens.practice_screen import PracticeScreen
from visualizer.tui.widgets.game_tree_view import GameTreeView, TreeDrawingScroll
from visualizer.tui.widgets.practice_tree import PracticeTree, practice_label

SIZES = [(80, 24), (120, 40)]  # the two sizes the app is made for (100x30 in between added 17 s to the suite)

NAMES = [chr(code) for code in range(ord("A"), ord("Z") + 1)] + ["AA", "AB", "AC", "AD", "AE"]
"""The 31 nodes of a perfect binary tree of depth 4, named in level order."""

QUESTIONS_CHECKED = 20


def seed_5() -> Exercise:
    """The exercise of `visualizer practice --seed 5`: branching 2, depth 4, values -10:10, root MAX."""
    return exercise_from_args(build_parser().parse_args(["practice", "--seed", "5"]))


def screen_text(app) -> list[str]:
    """The screen as a person reads it, one string per row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def settle(app, pilot) -> None:
    """Pauses until two pauses in a row leave the same screen (under load one pause may catch a redraw)."""
    text = None
    for _ in range(20):
        await pilot.pause()
        if text == (text := screen_text(app)):
            return


def text_in(app, region: Region) -> str:
    """The screen text inside `region`."""
    lines = screen_text(app)[region.y : region.bottom]
    return "\n".join(line[region.x : region.right] for line in lines)


def marked_name(player: Player, name: str) -> re.Pattern[str]:
    """The name as a drawing writes it, after its MAX/MIN marker and not followed by more of a name."""
    return re.compile(re.escape(MARKERS[player] + name) + r"(?![A-Z])")


def check_labels_visible(app, scroll: TreeDrawingScroll, static, drawing, nodes, where: str) -> None:
    """The two label lines of each node lie in the scroll's visible region, and its name is on screen there."""
    visible = scroll.scrollable_content_region.intersection(app.screen.region)
    text = text_in(app, visible)
    for node in nodes:
        row, centre = drawing.positions[node.id]
        width = drawing.widths[node.id]
        box = Region(static.region.x + centre - (width - 1) // 2, static.region.y + row, width, 2)
        assert visible.contains_region(box), f"{node.name} is off screen {where}"
        assert marked_name(node.player, node.name).search(text), f"{node.name} is not on screen {where}\n{text}"


def check_practice_tree(app, where: str) -> None:
    view = app.screen.query_one(PracticeTree)
    drawing = view.drawing
    assert drawing is not None, where
    scroll = view.query_one(TreeDrawingScroll)
    check_labels_visible(app, scroll, view.query_one("#practice-drawing"), drawing, view.exercise.tree.nodes, where)
    assert scroll.max_scroll_x == scroll.max_scroll_y == 0, f"the drawing scrolls {where}"


def test_the_exercise_is_the_31_node_tree():
    exercise = seed_5()
    assert [node.name for node in exercise.tree.nodes] == NAMES
    assert exercise.random is not None and exercise.random.seed == 5


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("size", "density"),
    # Full labels need 99 columns (16 leaves of 4 or 5, 15 gaps of 2) or 84 (gaps of 1): more than 78 at 80x24.
    [((80, 24), Density.COMPACT), ((100, 30), Density.FULL), ((120, 40), Density.FULL)],
    ids=["80x24", "100x30", "120x40"],
)
async def test_the_practice_tree_has_the_fullest_labels_that_fit_and_is_whole_at_every_selection(size, density):
    app = make_practice_app(seed_5())
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, PracticeScreen)
        view = screen.query_one(PracticeTree)
        assert view.plan.density is density
        assert view.plan.width <= view.query_one(TreeDrawingScroll).scrollable_content_region.width
        check_practice_tree(app, f"at the start at {size}")
        seen = [screen.selected]
        for _ in range(len(NAMES) - 1):
            await pilot.press("down")
            await settle(app, pilot)
            selected = screen.selected
            seen.append(selected)
            check_practice_tree(app, f"with {selected} selected at {size}")
            view = screen.query_one(PracticeTree)
            node = view.exercise.by_name[selected]
            assert f">{MARKERS[node.player]}{selected}" in view.drawing.label(node.id)[0]
        assert sorted(seen) == sorted(NAMES)


@pytest.mark.asyncio
async def test_a_resize_fits_the_practice_tree_again():
    app = make_practice_app(seed_5())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        view = app.screen.query_one(PracticeTree)
        assert view.plan.density is Density.FULL
        await resize(app, pilot, 80, 24)
        assert view.plan.density is Density.COMPACT
        check_practice_tree(app, "after the resize to 80x24")


@pytest.mark.asyncio
async def test_verdicts_and_typed_values_stay_readable_at_80x24():
    exercise = seed_5()
    app = make_practice_app(exercise)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        # B = min(D, E) = min(max(2, -7), max(-10, -4)) = -4; its beta falls from 2 (after D) to -4 (after E).
        screen.practice.set_answer("B", parse_answer("-4 -inf -4", "B"))
        screen.practice.set_answer("C", parse_answer("99", "C"))  # no value in -10:10 backs up to 99
        await pilot.press("c")
        await pilot.pause()
        view = screen.query_one(PracticeTree)
        assert view.plan.density is Density.COMPACT
        check_practice_tree(app, "after a check")
        text = text_in(app, view.query_one(TreeDrawingScroll).scrollable_content_region)
        b, c = (exercise.by_name[name].id for name in "BC")
        assert view.drawing.label(b) == (">▼B", "-4 ✓") or view.drawing.label(b) == ("▼B", "-4 ✓")
        assert view.drawing.label(c) == ("▼C", "99 ✗")
        assert "-4 ✓" in text and "99 ✗" in text


@pytest.mark.asyncio
async def test_at_80x24_the_tree_keeps_its_box_and_the_selected_problem_is_told_whole_under_the_table():
    app = make_practice_app(seed_5())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.practice.set_answer("B", parse_answer("6 1 3", "B"))  # B is -4 with window [-inf, 2] on entry
        await pilot.press("c", "down")
        await settle(app, pilot)
        rows = screen_text(app)
        tree = screen.query_one(PracticeTree).region
        assert rows[tree.bottom - 1].strip().startswith("╰") and rows[tree.bottom - 1].strip().endswith("╯")
        words = screen.practice.report.of("B").words()
        assert len(words) > 30 and words.count("wrong") == 3  # longer than the table's last column at 80 wide
        assert f"B: {words}" in [row.strip() for row in rows]  # one whole line under the table
        table = screen.query_one("#answer-table")
        assert table.region.height >= 5 and not any(f"B: {words}" in row for row in rows[: table.region.bottom])


def test_denser_practice_labels_move_the_verdict_after_the_value():
    exercise = seed_5()
    session = PracticeSession(exercise)
    session.set_answer("B", parse_answer("6", "B"))  # B = min(D, E) = min(max(2, -7), max(-10, -4)) = -4
    session.check()
    labels = {
        density: practice_label(
            exercise.by_name["B"], session.answers, session.report, marked_pruned=False, selected=True, density=density
        )
        for density in Density
    }
    assert {density: (label.top, label.bottom) for density, label in labels.items()} == {
        Density.FULL: (">▼B✗", "6"),
        Density.COMPACT: (">▼B", "6 ✗"),
        Density.NAMES: (">▼B", "6✗"),
    }


def check_drill_tree(app, screen: DrillScreen, node_ids, where: str) -> None:
    view = screen.query_one(GameTreeView)
    drawing = view.drawing
    assert drawing is not None, where
    scroll = view.query_one(TreeDrawingScroll)
    nodes = [view.trace.nodes[node_id] for node_id in node_ids]
    check_labels_visible(app, scroll, view.query_one("#tree-drawing"), drawing, nodes, where)


@pytest.mark.asyncio
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
async def test_the_drill_shows_every_node_a_question_names(size):
    app = make_practice_app(seed_5())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DrillScreen)
        for number in range(QUESTIONS_CHECKED):
            await pilot.press("space")  # on to the question
            await pilot.pause()
            question = screen.drill.current
            assert screen.asking and question is not None, number
            named = {choice.node for choice in question.choices}
            check_drill_tree(app, screen, named, f"at question {number + 1} (step {question.step}) at {size}")
            everything = range(len(screen.replay.trace.nodes))
            check_drill_tree(app, screen, everything, f"(the whole tree) at question {number + 1} at {size}")
            # and the question itself, with every choice, is on screen
            panel = screen.query_one("#drill-question").region
            shown = text_in(app, panel)
            assert f"Question {number + 1} of" in shown and "what does step" in shown
            assert screen.choices.region.height >= 2
            await pilot.press(str(question.choices.index(question.answer) + 1))
            await pilot.pause()
        assert screen.drill.asked == QUESTIONS_CHECKED
