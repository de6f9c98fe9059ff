"""Shared by the browser tests: export pages with the CLI, drive them with keys, and read them back beside what the
trace says the same step shows."""

from __future__ import annotations

import contextlib
import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from visualizer.cli import main
from visualizer.readwrite.trace_json import read_json
from visualizer.steps.describe import describe
from visualizer.steps.replay import Replay
from visualizer.tracing import Trace

if TYPE_CHECKING:  # selenium is imported where it is used, so that a machine without it skips (conftest.browser)
    from selenium.webdriver.chrome.webdriver import WebDriver

WAIT = 5.0
"""Seconds to wait for the page to reach a step before reading it (it usually has, at once)."""

STEP = "return document.body.dataset.step ?? null"
"""The page's step, as its body says it."""

READ_PAGE = """
const words = (element) => element === null ? null : element.textContent.replace(/\\s+/g, " ").trim();
const items = (selector) => Array.from(document.querySelectorAll(selector), words);
const slider = document.querySelector("#slider");
const cells = document.querySelectorAll("#node-table [data-field]");
return {
    step: document.body.dataset.step ?? null,
    steps: document.body.dataset.steps ?? null,
    current: document.body.dataset.current ?? null,
    step_text: words(document.querySelector("#step")),
    sentence: words(document.querySelector("#sentence")),
    log: items("#log > li"),
    stack: items("#stack > li"),
    table: Object.fromEntries(Array.from(cells, (cell) => [cell.dataset.field, words(cell)])),
    slider: slider === null ? null : slider.value,
    play: words(document.querySelector("#play")),
};
"""
"""What the tests compare, read in one round trip."""


def export_page(directory: Path, name: str, *argv: str) -> tuple[Path, Trace]:
    """Runs `visualizer export ARGV --format html,json` into `directory`; the page and the trace read back."""
    code = main(["export", *argv, "--format", "html,json", "--out", str(directory), "--name", name])
    assert code == 0, f"visualizer export {' '.join(argv)} exited with {code}"
    return directory / f"{name}.html", read_json(directory / f"{name}.json")


def open_page(driver: WebDriver, path: Path) -> None:
    """Loads the page fresh (focus on its body) and drops the console lines of the pages before."""
    driver.get_log("browser")
    driver.get(path.as_uri())


def press(driver: WebDriver, *keys: str) -> None:
    """Types the keys into whatever has the focus, as a user would."""
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(*keys).perform()


def read_page(driver: WebDriver) -> dict[str, Any]:
    """The body's step attributes, #step, #sentence, #log, #stack, the node table's cells, the slider and Play."""
    return driver.execute_script(READ_PAGE)


def wait_for_step(driver: WebDriver, step: int) -> dict[str, Any]:
    """The page once its body says `data-step` = step (or after `WAIT` seconds, for the caller to compare)."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    with contextlib.suppress(TimeoutException):
        WebDriverWait(driver, WAIT, poll_frequency=0.02).until(lambda _: driver.execute_script(STEP) == str(step))
    return read_page(driver)


def expected_page(trace: Trace, step: int) -> dict[str, Any]:
    """What the page should show at `step`, from the trace: the fields of `read_page` the contract fixes (of the
    node table: the name, the visit number and an integer value)."""
    replay = Replay(trace)
    replay.seek(step)
    count = len(trace.events)
    current = replay.current
    expected: dict[str, Any] = {
        "step": str(step),
        "steps": str(count),
        "current": "" if current is None else trace.nodes[current].name,
        "step_text": f"step {step} of {count}",
        "log": [describe(trace, event) for event in reversed(trace.events[:step])],
        "stack": [trace.nodes[node].name for node in replay.stack],
        "slider": str(step),
    }
    if current is not None:
        expected["sentence"] = describe(trace, trace.events[step - 1])
        view = replay.views[current]
        table = {"name": trace.nodes[current].name}
        if view.visit is not None:
            table["visit"] = str(view.visit)
        if isinstance(view.value, int):
            table["value"] = str(view.value)  # how -inf or 2.5 are written is the page's choice
        expected["table"] = table
    return expected


def compare(page: dict[str, Any], expected: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
    """The fields where the page differs from what was expected: field -> (expected, got). The stack's items
    only need to start with each node's name (they may add its window)."""
    differences = {}
    for field, value in expected.items():
        got: Any = page.get(field)
        if field == "stack":
            matches = got is not None and len(got) == len(value) and all(map(_starts_with_name, got, value))
        elif field == "table":  # these cells; status, alpha and beta only need to be there
            cells = got or {}
            matches = {key: cells.get(key) for key in value} == value and all(
                key in cells for key in ("status", "alpha", "beta")
            )
        else:
            matches = got == value
        if not matches:
            differences[field] = (value, got)
    return differences


def _starts_with_name(text: str, name: str) -> bool:
    return text == name or (text.startswith(name) and not text[len(name)].isalnum() and text[len(name)] != ".")


def console_problems(driver: WebDriver) -> list[dict[str, Any]]:
    """The console lines since the last look at warning level or above."""
    return [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


def host_page(directory: Path, page: Path, *, width: int = 640, height: int = 480) -> Path:
    """A small HTML file beside `page` that shows it in an iframe of `width` x `height` CSS pixels."""
    host = directory / f"{page.stem}-host.html"
    host.write_text(
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>host</title></head><body>\n"
        f'<iframe id="frame" src="{html.escape(page.name)}" style="width:{width}px;height:{height}px"></iframe>\n'
        "</body></html>\n",
        encoding="utf-8",
    )
    return host
