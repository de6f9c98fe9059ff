"""The HTML page of alpha-beta on the 15-node example in Chromium: keys, buttons and the slider step it exactly as
the trace says, in a window and in a small iframe, and the console stays empty."""

from __future__ import annotations

import time

import pytest
from page_reading import (
    STEP,
    compare,
    console_problems,
    expected_page,
    export_page,
    host_page,
    open_page,
    press,
    read_page,
    wait_for_step,
)

from visualizer.games import builtin_example
from visualizer.search import trace_search
from visualizer.tracing.events import EventKind

STEPS = 52  # 13 enters and exits, 8 evaluations, 12 back-ups, 4 updates, 2 cut-offs
CUTOFFS = (21, 46)  # E prunes K, G prunes O

RIGHT, LEFT, HOME, END, SPACE = "\ue014", "\ue012", "\ue011", "\ue010", " "  # selenium's Keys.ARROW_RIGHT, ...


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """The page (and its trace) of `visualizer export --format html` with no source: alpha-beta on the example."""
    return export_page(tmp_path_factory.mktemp("example15"), "example15")


@pytest.fixture
def page(browser, exported):
    """The browser on a fresh copy of the page, at step 0."""
    open_page(browser, exported[0])
    return browser


@pytest.fixture(scope="module")
def trace(exported):
    return exported[1]


def test_the_exported_trace_is_the_example_one(trace):
    searched = trace_search(builtin_example(), "alphabeta")
    assert [event.kind for event in trace.events] == [event.kind for event in searched.events]
    assert len(trace.events) == STEPS
    assert tuple(event.step for event in trace.events if event.kind is EventKind.CUTOFF) == CUTOFFS


def test_the_page_opens_at_step_0_with_every_control(page, trace):
    shown = read_page(page)
    assert compare(shown, expected_page(trace, 0)) == {}
    assert shown["sentence"], "step 0 shows a start line in #sentence"
    assert shown["play"] == "Play"
    assert page.execute_script("return document.querySelector('#figure > svg, #figure svg') !== null")
    for button in ("first", "back", "play", "forward", "last", "next-cutoff"):
        assert page.execute_script(f"return document.querySelector('#{button}')?.tagName") == "BUTTON", button
    for select in ("speed", "print-mode"):
        assert page.execute_script(f"return document.querySelector('#{select}')?.tagName") == "SELECT", select
    slider = page.execute_script("const s = document.querySelector('#slider'); return [s.type, s.min, s.max, s.value]")
    assert slider == ["range", "0", str(STEPS), "0"]
    assert page.execute_script("return document.querySelector('#log').tagName") == "OL"
    assert page.execute_script("return document.querySelector('#stack').tagName") == "OL"
    assert page.execute_script("return document.querySelector('#node-table').tagName") == "TABLE"


@pytest.mark.parametrize("step", [1, 5, CUTOFFS[0]])
def test_right_arrow_steps_as_the_trace_does(page, trace, step):
    press(page, *[RIGHT] * step)
    assert compare(wait_for_step(page, step), expected_page(trace, step)) == {}
    assert console_problems(page) == []


def test_left_arrow_steps_back_and_stops_at_0(page, trace):
    press(page, *[RIGHT] * 6)
    wait_for_step(page, 6)
    press(page, LEFT, LEFT)
    assert compare(wait_for_step(page, 4), expected_page(trace, 4)) == {}
    press(page, *[LEFT] * 6)
    assert compare(wait_for_step(page, 0), expected_page(trace, 0)) == {}


def test_end_and_home_jump_to_the_last_and_first_steps(page, trace):
    press(page, END)
    assert compare(wait_for_step(page, STEPS), expected_page(trace, STEPS)) == {}
    press(page, RIGHT)  # nothing after the last step
    assert read_page(page)["step"] == str(STEPS)
    press(page, HOME)
    assert compare(wait_for_step(page, 0), expected_page(trace, 0)) == {}


def test_c_jumps_to_each_cut_off_in_turn(page, trace):
    for cutoff in CUTOFFS:
        press(page, "c")
        shown = wait_for_step(page, cutoff)
        assert compare(shown, expected_page(trace, cutoff)) == {}
        assert "cut-off" in shown["sentence"]
    press(page, "c")  # no cut-off after the last one: the page stays
    assert compare(read_page(page), expected_page(trace, CUTOFFS[-1])) == {}
    press(page, HOME, LEFT)
    assert compare(wait_for_step(page, 0), expected_page(trace, 0)) == {}


def test_the_buttons_step_as_the_keys_do(page, trace):
    def click(button: str, step: int) -> None:
        page.find_element("css selector", f"#{button}").click()
        assert compare(wait_for_step(page, step), expected_page(trace, step)) == {}, button

    for step in (1, 2, 3):
        click("forward", step)
    click("back", 2)
    click("next-cutoff", CUTOFFS[0])
    click("last", STEPS)
    click("first", 0)
    assert console_problems(page) == []


def test_the_slider_follows_the_step_and_moves_it(page, trace):
    press(page, *[RIGHT] * 5)
    assert wait_for_step(page, 5)["slider"] == "5"
    page.execute_script(
        "const s = document.querySelector('#slider'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('input', {bubbles: true})); s.dispatchEvent(new Event('change', {bubbles: true}));",
        30,
    )
    assert compare(wait_for_step(page, 30), expected_page(trace, 30)) == {}


def test_the_figure_is_the_steps_own(page):
    figure = "return document.querySelector('#figure svg').outerHTML"
    before = page.execute_script(figure)
    press(page, *[RIGHT] * 5)
    wait_for_step(page, 5)
    after = page.execute_script(figure)
    assert after != before
    press(page, HOME)
    wait_for_step(page, 0)
    assert page.execute_script(figure) == before


def test_space_plays_and_pauses(page):
    fastest = page.execute_script(
        "const options = Array.from(document.querySelector('#speed').options);"
        "return options.reduce((best, o) => parseFloat(o.value) > parseFloat(best.value) ? o : best).value;"
    )
    page.execute_script(
        "const s = document.querySelector('#speed'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('change', {bubbles: true}));",
        fastest,
    )
    page.execute_script("document.activeElement.blur()")  # the keys go to the page, not the select
    press(page, SPACE)
    assert read_page(page)["play"] == "Pause"
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(page, 10, poll_frequency=0.02).until(lambda _: int(read_page(page)["step"]) >= 2)
    press(page, SPACE)
    paused = read_page(page)
    assert paused["play"] == "Play"
    time.sleep(0.3)  # not a time limit: long enough for the fastest speed to step again if it were still playing
    assert read_page(page)["step"] == paused["step"]
    assert int(paused["step"]) < STEPS


def test_every_print_mode_keeps_the_figure(page):
    values = page.execute_script("return Array.from(document.querySelector('#print-mode').options, o => o.value)")
    assert len(values) >= 2
    press(page, *[RIGHT] * 5)
    for value in values:
        page.execute_script(
            "const s = document.querySelector('#print-mode'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('change', {bubbles: true}));",
            value,
        )
        assert page.execute_script("return document.querySelector('#figure svg') !== null"), value
        assert read_page(page)["step"] == "5", value
    assert console_problems(page) == []


def test_the_console_stays_empty(page):
    press(page, RIGHT, "c", "c", END, LEFT, HOME)
    wait_for_step(page, 0)
    assert page.get_log("browser") == []


def test_in_a_small_iframe_the_keys_work_and_the_figure_fits(browser, exported, trace, tmp_path):
    page_path = tmp_path / exported[0].name
    page_path.write_bytes(exported[0].read_bytes())  # self-contained: one file is the whole page
    open_page(browser, host_page(tmp_path, page_path, width=640, height=480))
    browser.switch_to.frame(browser.find_element("css selector", "#frame"))
    try:
        browser.find_element("css selector", "#step").click()  # as a reader does: the frame takes the keys
        scrolled = browser.execute_script("return scrollY")
        press(browser, *[RIGHT] * 5)
        assert compare(wait_for_step(browser, 5), expected_page(trace, 5)) == {}
        press(browser, "c")
        assert compare(wait_for_step(browser, CUTOFFS[0]), expected_page(trace, CUTOFFS[0])) == {}
        press(browser, SPACE, SPACE, END, HOME)  # the page's keys, not the frame's scrolling
        wait_for_step(browser, 0)
        assert browser.execute_script("return scrollY") == scrolled
        figure_width, frame_width = browser.execute_script(
            "return [document.querySelector('#figure svg').getBoundingClientRect().width,"
            " document.documentElement.clientWidth];"
        )
        assert 0 < figure_width <= frame_width <= 640
        assert browser.execute_script("return document.documentElement.scrollWidth") <= frame_width
    finally:
        browser.switch_to.default_content()
    assert console_problems(browser) == []


ITEMS = """
return Array.from(document.querySelector('#figure svg').children, (item) => [
    item.tagName, item.getAttribute('data-key'), item.getAttribute('fill'), item.getAttribute('stroke'),
    item.getAttribute('points') ?? (item.getAttribute('x') + ',' + item.getAttribute('y')), item.textContent,
]);
"""


def _expected_items(drawing) -> list[list[str | None]]:
    """What the browser should hold of `to_svg(drawing)`: each element under <svg>, as `ITEMS` reads it."""
    import xml.etree.ElementTree as ElementTree

    from visualizer.pictures.svg import to_svg

    items = []
    for item in ElementTree.fromstring(to_svg(drawing).split("\n", 1)[1]):
        tag = item.tag.split("}")[-1]
        x, y = (item.get(name, "null") for name in ("x", "y"))  # as JavaScript joins a missing attribute
        where = item.get("points") if item.get("points") is not None else f"{x},{y}"
        items.append([tag, item.get("data-key"), item.get("fill"), item.get("stroke"), where, item.text or ""])
    return items


def test_every_step_forward_and_back_shows_its_frame_exactly(page, trace):
    """The page updates only the items that change between frames: walked right to the end and back to the start,
    each step's figure holds exactly the items of `to_svg(figure.frame(step))`."""
    from visualizer.pictures.figure import Figure

    figure = Figure(trace)
    for step in [*range(1, STEPS + 1), *range(STEPS - 1, -1, -1)]:
        press(page, RIGHT if step > int(page.execute_script(STEP)) else LEFT)
        wait_for_step(page, step)
        assert page.execute_script(ITEMS) == _expected_items(figure.frame(step)), step


def test_jumps_by_the_slider_show_their_frames_exactly(page, trace):
    """A jump starts from a keyframe (every 50 frames) or the frame shown: each lands on its own frame."""
    from visualizer.pictures.figure import Figure

    figure = Figure(trace)
    slide = "const s = document.querySelector('#slider'); s.value = arguments[0]; s.dispatchEvent(new Event('input'));"
    for step in (50, 51, 49, 52, 0, 25, 51, 50, 3, 52):
        page.execute_script(slide, str(step))
        wait_for_step(page, step)
        assert page.execute_script(ITEMS) == _expected_items(figure.frame(step)), step
