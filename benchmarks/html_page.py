"""Provides the HTML page rows: how long one step of an exported page (`visualizer export --format html`) takes
in headless Chromium, on searches of about a thousand steps (issue 36).

Run `python -m benchmarks.html_page` (half a minute, most of it exporting the page drawn whole; needs Debian's
chromium and chromium-driver, and selenium). Each page is opened at 1280x900; in the page, `performance.now()`
is read around each of 50 arrow-right key events from step 0, then around End, 50 arrow-left key events from the
last step (where the log is longest) and Home. A step's time includes the style and layout it causes (the script
reads the body's size before stopping the clock), not the paint. The measured figure is the slowest step over
`STEP_TARGET_MS`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.measure import percentile
from benchmarks.report import Row, format_table
from visualizer.cli import main as visualizer_main

if TYPE_CHECKING:
    from selenium.webdriver.chrome.webdriver import WebDriver

__all__ = ["PAGES", "STEP_TARGET_MS", "export_page", "html_rows", "start_chromium", "time_page"]

STEP_TARGET_MS = 50.0
"""The most one step of the page may take, in milliseconds: well under a frame at a 20 Hz key repeat."""

PRESSES = 50
"""Arrow keys timed in each direction."""

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"

PAGES: dict[str, tuple[str, tuple[str, ...]]] = {
    "random-whole": (
        "random tree of 200 leaves drawn whole, alpha-beta",
        ("--random", "--leaves", "200", "--seed", "1", "--whole-tree"),
    ),
    "tictactoe": ("tic-tac-toe X.O/.X./..., alpha-beta, collapsed", ("--game", "tictactoe", "--board", "X.O/.X./...")),
}
"""Name -> (what, `visualizer export` source options) of each timed page: a search of 934 steps drawn whole, a
page step per trace step; and one of 1,242 steps as the export draws it by default (subtrees collapsed, so a page
step per drawn node or collapsed run)."""

TIME_KEYS = """
const [key, presses] = arguments;
const times = [];
for (let press = 0; press < presses; press++) {
    const start = performance.now();
    document.body.dispatchEvent(new KeyboardEvent("keydown", {key, code: key, bubbles: true, cancelable: true}));
    document.body.getBoundingClientRect();  // the style and layout the step caused
    times.push(performance.now() - start);
}
return [times, document.body.dataset.step];
"""
"""Presses `key` `presses` times in the page; each press's milliseconds and the step the page ends at."""


@dataclass(frozen=True)
class PageTiming:
    """The steps of one page, timed in the browser.

    Attributes:
        steps: the page's last step (the trace's events, unless subtrees are collapsed).
        page_kb: the HTML file's size.
        forward_ms: each arrow-right from step 0 (`PRESSES` of them, or as many as the page has steps).
        back_ms: as many arrow-lefts from the last step.
        end_ms: End from there.
        home_ms: Home from there.
        problems: what went wrong (a key that did not step, console errors); empty when all went well.
    """

    steps: int
    page_kb: float
    forward_ms: list[float]
    back_ms: list[float]
    end_ms: float
    home_ms: float
    problems: list[str]


def start_chromium(*, width: int = 1280, height: int = 900) -> WebDriver:
    """Headless Chromium (Debian's paths) showing pages at `width` x `height` CSS pixels, its console log kept."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    extra_width, extra_height = driver.execute_script("return [outerWidth - innerWidth, outerHeight - innerHeight]")
    driver.set_window_size(width + extra_width, height + extra_height)  # the toolbars the headless window pretends
    return driver


def export_page(directory: Path, name: str, source: tuple[str, ...], *, algorithm: str = "alphabeta") -> Path:
    """`visualizer export SOURCE -a ALGORITHM --format html` into `directory`; the page's path."""
    argv = ["export", *source, "-a", algorithm, "--format", "html", "--out", str(directory), "--name", name]
    code = visualizer_main(argv)
    if code != 0:
        raise RuntimeError(f"visualizer {' '.join(argv)} exited with {code}")
    return directory / f"{name}.html"


def _press(driver: WebDriver, key: str, presses: int) -> tuple[list[float], int]:
    """Each press's milliseconds, and the step the page ends at."""
    times, step = driver.execute_script(TIME_KEYS, key, presses)
    return times, int(step)


def time_page(driver: WebDriver, path: Path) -> PageTiming:
    """Opens the page and times its steps (see the module's docstring)."""
    driver.get_log("browser")
    driver.get(path.as_uri())
    steps = int(driver.execute_script("return document.body.dataset.steps"))
    presses = min(PRESSES, steps)
    problems: list[str] = []
    forward, step = _press(driver, "ArrowRight", presses)
    if step != presses:
        problems.append(f"{presses} ArrowRight key events reached step {step}, not {presses}")
    (end_ms,), step = _press(driver, "End", 1)
    if step != steps:
        problems.append(f"End reached step {step}, not {steps}")
    back, step = _press(driver, "ArrowLeft", presses)
    if step != steps - presses:
        problems.append(f"{presses} ArrowLeft key events from the end reached step {step}, not {steps - presses}")
    (home_ms,), step = _press(driver, "Home", 1)
    if step != 0:
        problems.append(f"Home reached step {step}, not 0")
    console = [entry["message"] for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]
    problems.extend(f"console: {message}" for message in console)
    return PageTiming(steps, path.stat().st_size / 1024, forward, back, end_ms, home_ms, problems)


def html_rows(directory: Path) -> list[Row]:
    """One row per page of `PAGES`: the slowest step against `STEP_TARGET_MS`. Each page gets a fresh browser, so
    that one page's garbage is not collected during the next one's steps."""
    rows = []
    for name, (what, source) in PAGES.items():
        start = time.perf_counter()
        path = export_page(directory, name, source)
        export_s = time.perf_counter() - start
        driver = start_chromium()
        try:
            timing = time_page(driver, path)
        finally:
            driver.quit()
        steps = timing.forward_ms + timing.back_ms
        rows.append(
            Row(
                key=f"html-step-{name}",
                what=f"HTML page, slowest of {len(steps)} steps: {what}",
                figures={
                    "page_steps": timing.steps,
                    "page_kb": round(timing.page_kb),
                    "export_s": export_s,
                    "median_step_ms": statistics.median(steps),
                    "p95_step_ms": percentile(steps, 0.95),
                    "slowest_step_ms": max(steps),
                    "end_ms": timing.end_ms,
                    "home_ms": timing.home_ms,
                },
                measured=max(steps) / STEP_TARGET_MS,
                note="; ".join(timing.problems),
            )
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    """Prints the rows as a table; 1 when a target is missed or a page misbehaved."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.html_page", description=__doc__.split("\n\n")[0])
    parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="html-page-") as directory:
        rows = html_rows(Path(directory))
    print(format_table(rows))
    return 0 if all(row.met and not row.note for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
