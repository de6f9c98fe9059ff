"""The compare page of minimax and alpha-beta on the 15-node example in Chromium: one key steps both panes, minimax
leading and alpha-beta waiting where it prunes, each pane showing its own step as its trace says."""

from __future__ import annotations

from bisect import bisect_left

import pytest
from page_reading import console_problems, open_page, press, wait_for_step

from visualizer.cli import main
from visualizer.games import builtin_example
from visualizer.search import trace_search
from visualizer.steps.describe import describe
from visualizer.steps.lockstep import lockstep
from visualizer.steps.replay import Replay
from visualizer.tracing import Trace

RIGHT, LEFT, HOME, END = "\ue014", "\ue012", "\ue011", "\ue010"  # selenium's Keys.ARROW_RIGHT, ...

READ_PANES = """
const words = (element) => element === null ? null : element.textContent.replace(/\\s+/g, " ").trim();
const pane = (number) => {
    const root = document.querySelector("#pane-" + number);
    if (root === null) return null;
    return {
        title: words(root.querySelector(".title")),
        sentence: words(root.querySelector(".sentence")),
        svg: root.querySelector(".figure svg") !== null,
        name: words(root.querySelector(".node-table [data-field=name]")),
        stack: root.querySelectorAll(".stack > li").length,
    };
};
return {
    step: document.body.dataset.step,
    steps: document.body.dataset.steps,
    current: [document.body.getAttribute("data-current-1"), document.body.getAttribute("data-current-2")],
    step_text: words(document.querySelector("#step")),
    panes: [pane(1), pane(2)],
};
"""


@pytest.fixture(scope="module")
def traces() -> tuple[Trace, Trace]:
    example = builtin_example()
    return trace_search(example, "minimax"), trace_search(example, "alphabeta")


@pytest.fixture(scope="module")
def own_steps(traces) -> list[list[int]]:
    """Each pane's own step at each joint step: minimax visits more, so it leads; alpha-beta is in lockstep."""
    full, pruning = traces
    following = lockstep(full, pruning)
    following[-1] = len(pruning.events)
    return [list(range(len(full.events) + 1)), following]


@pytest.fixture(scope="module")
def compare_page(tmp_path_factory):
    directory = tmp_path_factory.mktemp("compare")
    argv = ["compare", "--algorithms", "minimax,alphabeta", "--format", "html", "--out", str(directory)]
    assert main([*argv, "--name", "compare"]) == 0
    return directory / "compare.html"


def expected(traces, own_steps, joint: int) -> dict:
    """Joint step `joint` as the traces say it: each pane's node name, sentence (None at its step 0) and stack depth."""
    names, sentences, stacks = [], [], []
    for trace, steps in zip(traces, own_steps):
        own = steps[joint]
        names.append(trace.nodes[trace.events[own - 1].node].name if own else "")
        sentences.append(describe(trace, trace.events[own - 1]) if own else None)
        replay = Replay(trace)
        replay.seek(own)
        stacks.append(len(replay.stack))
    return {"step": str(joint), "names": names, "sentences": sentences, "stacks": stacks}


def check(shown: dict, want: dict, count: int) -> None:
    assert (shown["step"], shown["step_text"]) == (want["step"], f"step {want['step']} of {count}")
    assert shown["current"] == want["names"]
    for pane, sentence, name, stack in zip(shown["panes"], want["sentences"], want["names"], want["stacks"]):
        assert pane["stack"] == stack
        if sentence is not None:
            assert pane["sentence"] == sentence
            assert pane["name"] == name


def read(driver) -> dict:
    return driver.execute_script(READ_PANES)


def test_both_panes_open_at_step_0(browser, compare_page, traces):
    open_page(browser, compare_page)
    shown = read(browser)
    count = len(traces[0].events)
    assert (shown["step"], shown["steps"], shown["current"]) == ("0", str(count), ["", ""])
    assert shown["step_text"] == f"step 0 of {count}"
    for pane in shown["panes"]:
        assert pane is not None and pane["title"] and pane["sentence"] and pane["svg"]
    assert "minimax" in shown["panes"][0]["title"].lower() and "alpha" in shown["panes"][1]["title"].lower()
    for button in ("first", "back", "play", "forward", "last", "next-cutoff"):
        assert browser.execute_script(f"return document.querySelector('#{button}')?.tagName") == "BUTTON", button
    for select in ("speed", "print-mode"):
        assert browser.execute_script(f"return document.querySelector('#{select}')?.tagName") == "SELECT", select
    slider = browser.execute_script("const s = document.querySelector('#slider'); return [s.min, s.max, s.value]")
    assert slider == ["0", str(count), "0"]


def test_the_keys_step_both_panes_together(browser, compare_page, traces, own_steps):
    open_page(browser, compare_page)
    count = len(traces[0].events)
    waiting = next(joint for joint in range(1, count) if own_steps[1][joint] == own_steps[1][joint - 1])
    done = 0
    for joint in (1, 5, waiting, waiting + 1):
        press(browser, *[RIGHT] * (joint - done))
        done = joint
        wait_for_step(browser, joint)
        check(read(browser), expected(traces, own_steps, joint), count)
    press(browser, LEFT)
    wait_for_step(browser, done - 1)
    check(read(browser), expected(traces, own_steps, done - 1), count)
    press(browser, END)
    wait_for_step(browser, count)
    check(read(browser), expected(traces, own_steps, count), count)
    press(browser, HOME)
    wait_for_step(browser, 0)
    assert read(browser)["current"] == ["", ""]
    assert console_problems(browser) == []


def test_c_goes_to_alpha_betas_first_cut_off(browser, compare_page, traces, own_steps):
    open_page(browser, compare_page)
    first_cutoff = traces[1].summary.cutoffs[0].step
    joint = bisect_left(own_steps[1], first_cutoff)
    press(browser, "c")
    wait_for_step(browser, joint)
    check(read(browser), expected(traces, own_steps, joint), len(traces[0].events))
    assert "cut-off" in read(browser)["panes"][1]["sentence"]
    assert console_problems(browser) == []
