"""Provides `browser`: one headless Chromium for the session (selenium), or a skip naming the packages to install."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
"""Debian's `chromium` package puts the browser here."""

CHROMEDRIVER = Path("/usr/bin/chromedriver")
"""Debian's `chromium-driver` package puts the driver here."""

NO_BROWSER = "no chromium/chromedriver: install Debian's chromium and chromium-driver"
"""The one reason every browser test is skipped for."""

WINDOW = (1280, 900)
"""The page's viewport, in CSS pixels: a laptop screen (the headless window is made bigger by its toolbars)."""


def find_browser() -> tuple[str, str] | None:
    """(browser, driver) paths: Debian's, else the first on $PATH; None when either is missing."""
    browser = str(CHROMIUM) if CHROMIUM.is_file() else shutil.which("chromium")
    driver = str(CHROMEDRIVER) if CHROMEDRIVER.is_file() else shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


@pytest.fixture(scope="session")
def browser() -> Iterator:
    """Headless Chromium at 1280x900 with its console log kept (`get_log("browser")`), quit at the end."""
    found = find_browser()
    if found is None:
        pytest.skip(NO_BROWSER)
    pytest.importorskip("selenium", reason="selenium is not installed: pip install -e '.[test]'")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver_path = found
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_argument("--window-size={},{}".format(*WINDOW))
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    width, height = driver.execute_script("return [outerWidth - innerWidth, outerHeight - innerHeight]")
    driver.set_window_size(WINDOW[0] + width, WINDOW[1] + height)  # the page gets the whole 1280x900
    try:
        yield driver
    finally:
        driver.quit()
