"""Provides `to_html` and `to_compare_html`: a search (or two side by side, in lockstep) as one self-contained
HTML page that steps through the figure's frames, with the step's sentence, the log, the node table and the
call stack; no network, no server, no build step.

The page is `page.css` and `page.js` (kept beside this module, read as package data) inlined around the data
of `page_data`. The DOM the script keeps up to date (ids, `data-*` attributes) is the page's contract with
its browser tests: see `page.js`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from html import escape
from importlib.resources import files
from typing import Any

from visualizer.errors import InputError
from visualizer.pictures.figure import Figure
from visualizer.pictures.page_data import FIELDS, KEYFRAME_EVERY, joint_cuts, lockstep_pane_steps, page_pane, page_steps

__all__ = ["MAX_PAGE_BYTES", "to_compare_html", "to_html"]

MAX_PAGE_BYTES = 64 * 2**20
"""The largest page written: a browser opens a bigger one slowly, and a course site may refuse it."""

Progress = Callable[[int, int], None] | None

_SPEEDS = (0.5, 1, 2, 4, 8, 16, 32)
"""Steps per second the speed menu offers."""

_TABLE_ID, _TABLE_CLASS = 'id="node-table" class="node-table"', 'class="node-table"'

_PRINT_MODES = (("step", "print: this step"), ("every", "print: every step"), ("final", "print: the final figure"))


def _asset(name: str) -> str:
    return files("visualizer.pictures").joinpath(name).read_text(encoding="utf-8")


def _script_json(data: dict[str, Any]) -> str:
    """`data` as JSON that an HTML <script> element holds as it is: no "</" nor "<!--" in it."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\u0021--")


def _controls(steps: int, speed: float) -> str:
    default = min(_SPEEDS, key=lambda choice: abs(choice - speed))
    speeds = "".join(
        f'<option value="{choice:g}"{" selected" if choice == default else ""}>{choice:g} steps/s</option>'
        for choice in _SPEEDS
    )
    modes = "".join(f'<option value="{value}">{label}</option>' for value, label in _PRINT_MODES)
    buttons = "".join(
        f'<button type="button" id="{name}" title="{tip}">{label}</button>'
        for name, label, tip in (
            ("first", "First", "first step (Home)"),
            ("back", "Back", "step back (←)"),
            ("play", "Play", "play or pause (space)"),
            ("forward", "Forward", "step forward (→)"),
            ("last", "Last", "last step (End)"),
            ("next-cutoff", "Next cut-off", "the next cut-off (c)"),
        )
    )
    return (
        '<nav class="controls" aria-label="steps">'
        f'<div class="buttons">{buttons}</div>'
        f'<label class="speed">speed <select id="speed">{speeds}</select></label>'
        f'<label class="slider">step <input type="range" id="slider" min="0" max="{steps}" value="0" step="1"></label>'
        f'<output id="step" aria-live="polite">step 0 of {steps}</output><span id="notice" role="status"></span>'
        f'<label class="print">print <select id="print-mode">{modes}</select></label>'
        '<p class="keys">Keys: → forward, ← back, space play/pause, Home/End first/last, c next cut-off.</p>'
        "</nav>"
    )


def _node_table(attributes: str) -> str:
    heads = "".join(f'<th scope="col">{"α" if f == "alpha" else "β" if f == "beta" else f}</th>' for f in FIELDS)
    cells = "".join(f'<td data-field="{field}"></td>' for field in FIELDS)
    return f"<table {attributes}><thead><tr>{heads}</tr></thead><tbody><tr>{cells}</tr></tbody></table>"


def _document(title: str, body_attributes: str, main: str, data: dict[str, Any]) -> str:
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{escape(title)}</title>\n<style>\n{_asset('page.css')}</style>\n</head>\n"
        f"<body {body_attributes}>\n{main}\n"
        '<div id="print-pages" aria-hidden="true"></div>\n'
        f'<script type="application/json" id="page-data">{_script_json(data)}</script>\n'
        f"<script>\n{_asset('page.js')}</script>\n</body>\n</html>\n"
    )


def _checked(page: str) -> str:
    size = len(page.encode("utf-8"))
    if size > MAX_PAGE_BYTES:
        raise InputError(
            f"--format html would write a {size / 2**20:,.0f} MiB page, more than the {MAX_PAGE_BYTES // 2**20} MiB "
            "a browser opens quickly; search less (--depth N, or a smaller tree)"
        )
    return page


def to_html(figure: Figure, *, speed: float = 2.0, progress: Progress = None) -> str:
    """The page of one search: every frame of `figure`, `speed` steps per second when playing."""
    pane = page_pane(figure, progress=progress)
    steps = len(pane["rows"]) - 1
    panel = (
        '<section class="side" aria-label="the step">'
        '<h2>This step</h2><p id="sentence" class="sentence" aria-live="polite"></p>'
        f"<h2>Node of the step</h2>{_node_table(_TABLE_ID)}"
        '<h2>Call stack <span class="hint">(open nodes, root first)</span></h2><ol id="stack" class="stack"></ol>'
        '<h2>Log <span class="hint">(newest first)</span></h2><ol id="log" reversed></ol>'
        "</section>"
    )
    main = (
        f"<header><h1>{escape(pane['title'])}</h1></header>\n<main>{_controls(steps, speed)}"
        '<div class="layout"><figure class="card" aria-label="the figure at this step">'
        f'<div id="figure" class="figure"></div></figure>{panel}</div></main>'
    )
    data = {"panes": [pane], "steps": steps, "cuts": pane.pop("cuts"), "keyframe_every": KEYFRAME_EVERY}
    if steps != len(figure.trace.events):  # collapsed subtrees: a page step may be a run of the search's steps
        data |= {"search_steps": page_steps(figure), "search_total": len(figure.trace.events)}
    return _checked(_document(pane["title"], f'data-step="0" data-steps="{steps}" data-current=""', main, data))


def to_compare_html(
    figures: Sequence[Figure], labels: Sequence[str], *, speed: float = 2.0, progress: Progress = None
) -> str:
    """The page of two searches of one tree side by side, stepped together as the app's compare mode does: the
    search that visits more nodes leads, the other waits where it prunes."""
    first, second = figures
    at_first, at_second, lead = lockstep_pane_steps(first.trace, second.trace)
    titles = [
        None if label == figure.trace.algorithm else f"{label}: {figure.title}"
        for figure, label in zip(figures, labels)
    ]
    panes = [page_pane(figure, title=title, progress=progress) for figure, title in zip(figures, titles)]
    at = [at_first, at_second]
    steps = len(at[lead]) - 1
    cuts = joint_cuts(at, [pane.pop("cuts") for pane in panes])
    sections = "".join(
        f'<section id="pane-{number}" class="pane" aria-label="{escape(pane["title"])}">'
        f'<h2 class="title">{escape(pane["title"])}</h2>'
        '<figure class="card"><div class="figure"></div></figure>'
        '<p class="sentence" aria-live="polite"></p>'
        f"<h3>Node of the step</h3>{_node_table(_TABLE_CLASS)}"
        '<h3>Call stack <span class="hint">(root first)</span></h3><ol class="stack"></ol>'
        "</section>"
        for number, pane in enumerate(panes, start=1)
    )
    title = f"{labels[0]} and {labels[1]}: {first.trace.description}"
    leader = f"{labels[lead]} leads; {labels[1 - lead]} waits where it prunes."
    main = (
        f"<header><h1>{escape(title)}</h1><p>{escape(leader)}</p></header>\n<main>{_controls(steps, speed)}"
        f'<div class="panes">{sections}</div></main>'
    )
    data = {"panes": panes, "steps": steps, "cuts": cuts, "at": at, "keyframe_every": KEYFRAME_EVERY}
    attributes = f'data-step="0" data-steps="{steps}" data-current-1="" data-current-2="" class="compare"'
    return _checked(_document(title, attributes, main, data))
