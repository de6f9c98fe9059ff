"""Provides the documentation's pictures of the HTML page: `python -m benchmarks.html_screenshots` exports three
pages (the 15-node example, a tic-tac-toe position mid-game, an expectimax tree), steps each a few times in
headless Chromium at 1280x900 and saves `docs/images/html-NAME.png`."""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from benchmarks.html_page import export_page, start_chromium

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"
"""Where the pictures go."""

SHOTS: dict[str, tuple[str, tuple[str, ...], int]] = {
    "example15": ("alphabeta", (), 21),
    "tictactoe": ("alphabeta", ("--game", "tictactoe", "--board", "X.O/.X./..O"), 12),
    "expectimax": (
        "expectimax",
        ("--array", "0,0,0,0,3,12,9,2,4,6,15,6,0", "--branching", "3", "--levels", "max,chance"),
        14,
    ),
}
"""Picture name -> (algorithm, `visualizer export` source options, arrow-right presses): the example at its first
cut-off, the others part-way."""


def take_screenshots(directory: Path, images: Path = IMAGES) -> list[Path]:
    """Exports each page of `SHOTS` into `directory`, steps it and saves its picture into `images`."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    images.mkdir(parents=True, exist_ok=True)
    driver = start_chromium(width=1280, height=900)
    saved = []
    try:
        for name, (algorithm, source, presses) in SHOTS.items():
            driver.get(export_page(directory, name, source, algorithm=algorithm).as_uri())
            ActionChains(driver).send_keys(*[Keys.ARROW_RIGHT] * presses).perform()
            picture = images / f"html-{name}.png"
            if not driver.save_screenshot(str(picture)):
                raise RuntimeError(f"could not save {picture}")
            saved.append(picture)
    finally:
        driver.quit()
    return saved


def main(argv: list[str] | None = None) -> int:
    """Saves the pictures and prints their paths."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.html_screenshots", description=__doc__)
    parser.add_argument("--images", type=Path, default=IMAGES, help=f"the folder to save into ({IMAGES})")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="html-shots-") as directory:
        for picture in take_screenshots(Path(directory), args.images):
            print(picture)
    return 0


if __name__ == "__main__":
    sys.exit(main())
