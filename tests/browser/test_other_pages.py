"""HTML pages of other sources in Chromium: tic-tac-toe positions mid-game (alpha-beta), drawn whole and with
subtrees collapsed, and an expectimax tree with chance nodes; each steps as its trace says and logs nothing."""

from __future__ import annotations

import re

import pytest
from page_reading import (
    compare,
    console_problems,
    expected_page,
    export_page,
    open_page,
    press,
    read_page,
    wait_for_step,
)

from visualizer.steps.describe import describe

RIGHT, END, HOME = "\ue014", "\ue010", "\ue011"  # selenium's Keys.ARROW_RIGHT, Keys.END, Keys.HOME

SOURCES = {
    "tictactoe": ("--game", "tictactoe", "--board", "X.O/XXO/...", "--whole-tree"),  # 92 steps, 26 nodes
    "expectimax": (
        "--array",
        "0,0,0,0,3,12,9,2,4,6,15,6,0",
        "--branching",
        "3",
        "--levels",
        "max,chance",
        "-a",
        "expectimax",
    ),
}
"""Pages whose every step is a step of the trace (a tree small enough, or --whole-tree)."""

COLLAPSED = ("--game", "tictactoe", "--board", "X.O/.X./..O")
"""339 steps, 115 nodes: the page collapses most subtrees, and steps once through each."""

RUN = re.compile(r"Steps ([\d,]+)-([\d,]+), inside a collapsed subtree; the last: (.*)")
"""The sentence of a page step that stands for a run of steps inside a collapsed subtree."""


@pytest.fixture(scope="module", params=sorted(SOURCES))
def exported(request, tmp_path_factory):
    """(page, trace) of each source, exported once."""
    return export_page(tmp_path_factory.mktemp(request.param), request.param, *SOURCES[request.param])


def test_the_page_steps_as_its_trace_does(browser, exported):
    path, trace = exported
    open_page(browser, path)
    assert compare(wait_for_step(browser, 0), expected_page(trace, 0)) == {}
    for step in range(1, 8):
        press(browser, RIGHT)
        assert compare(wait_for_step(browser, step), expected_page(trace, step)) == {}, step
    last = len(trace.events)
    press(browser, END)
    assert compare(wait_for_step(browser, last), expected_page(trace, last)) == {}
    press(browser, HOME)
    assert compare(wait_for_step(browser, 0), expected_page(trace, 0)) == {}
    assert browser.execute_script("return document.querySelector('#figure svg') !== null")
    assert console_problems(browser) == []


def test_a_collapsed_page_steps_through_the_trace_in_order(browser, tmp_path_factory):
    """Each page step shows one trace step, or the last of a run inside a collapsed subtree, in the trace's order,
    with no step left out; the last page step is the trace's last."""
    path, trace = export_page(tmp_path_factory.mktemp("collapsed"), "collapsed", *COLLAPSED)
    open_page(browser, path)
    count = int(read_page(browser)["steps"])
    assert 1 < count < len(trace.events)
    done = 0  # the trace step the page step before showed
    for page_step in range(1, count + 1):
        press(browser, RIGHT)
        shown = wait_for_step(browser, page_step)
        run = RUN.fullmatch(shown["sentence"])
        if run is None:
            step = done + 1
        else:
            first, step = (int(number.replace(",", "")) for number in run.groups()[:2])
            assert first == done + 1, (page_step, shown["sentence"])
        event = trace.events[step - 1]
        assert (run.group(3) if run else shown["sentence"]) == describe(trace, event), page_step
        assert shown["current"] == trace.nodes[event.node].name, page_step
        assert shown["step_text"] == f"step {page_step} of {count}"
        search_step = browser.execute_script("return document.querySelector('#search-step').textContent")
        assert search_step == f"(search step {step} of {len(trace.events)})", page_step  # as the figure's caption
        assert len(shown["log"]) == page_step
        done = step
    assert done == len(trace.events)
    assert browser.execute_script("return document.querySelector('#figure svg') !== null")
    assert console_problems(browser) == []
