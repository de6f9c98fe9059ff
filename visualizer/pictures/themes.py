"""Provides the figures' colour themes (`light`, `dark`, `print`) and `find_theme`, which names the choices."""

from __future__ import annotations

from dataclasses import dataclass

from visualizer.errors import InputError

__all__ = ["DEFAULT_THEME", "THEMES", "Theme", "find_theme"]


@dataclass(frozen=True)
class Theme:
    """The colours and line widths (in points) of a figure, `name` being what `--theme` calls it.

    Nothing is told apart by colour alone: pruned nodes are dashed, unreached ones dotted, a cut-off
    edge carries a mark and the word "cut", the principal variation and the current node are thick.
    `muted` is for pruned and unreached nodes and leaf values not evaluated yet, `unseen` for nodes
    not entered yet, `current_fill` for the node of the step, `last_child` for the edge just backed up.
    """

    name: str
    background: str
    ink: str
    muted: str
    unseen: str
    max_fill: str
    min_fill: str
    current_fill: str
    cut: str
    last_child: str
    line: float = 1.0
    bold_line: float = 2.6


THEMES = {
    theme.name: theme
    for theme in (
        Theme(
            "light",
            background="#ffffff",
            ink="#1f1f1f",
            muted="#8c8c8c",
            unseen="#c4c4c4",
            max_fill="#dde8fb",
            min_fill="#fbe2da",
            current_fill="#ffd84d",
            cut="#d1241f",
            last_child="#1f5fc4",
        ),
        Theme(
            "dark",
            background="#1d1f21",
            ink="#e8e8e8",
            muted="#8a8a8a",
            unseen="#555555",
            max_fill="#23395e",
            min_fill="#5e2d25",
            current_fill="#b88a00",
            cut="#ff6f61",
            last_child="#73a9ff",
        ),
        Theme(
            "print",
            background="#ffffff",
            ink="#000000",
            muted="#707070",
            unseen="#b0b0b0",
            max_fill="#ffffff",
            min_fill="#ffffff",
            current_fill="#d0d0d0",
            cut="#000000",
            last_child="#000000",
            bold_line=2.8,
        ),
    )
}
"""Every theme by name; `print` is greyscale (pruned is told apart by dashes, a cut by its mark)."""

DEFAULT_THEME = "light"


def find_theme(name: str) -> Theme:
    """The theme called `name` (any case); InputError names the choices when there is none."""
    theme = THEMES.get(name.strip().lower())
    if theme is None:
        raise InputError(f"--theme {name!r} is not a theme; choose one of {', '.join(THEMES)}")
    return theme
