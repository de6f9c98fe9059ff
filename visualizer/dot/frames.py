"""Provides `step_to_dot` and `write_frames`: the search after one step as DOT, each node at a fixed place.

What each node shows comes from the same `Scene` as the pictures; where it sits comes from the
figure's `TreeLayout` (`pos`, kept by `neato -n2 -Tsvg`), and every node of a shape has one size, so
every frame of a search has the same canvas when rendered that way.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from visualizer.dot.labels import (
    BOARD_FONT,
    CURRENT_FILL,
    FONT_SIZE,
    LAST_CHILD,
    SHAPES,
    STATUS_LOOKS,
    edge_attributes,
    look_label,
    quote_label,
    step_title,
)
from visualizer.dot.stream import transposition_lines
from visualizer.dot.text import dot_attributes, dot_header
from visualizer.errors import InputError
from visualizer.games.base import format_value
from visualizer.pictures.drawing import text_width
from visualizer.pictures.layout import ROW_GAP, TreeLayout
from visualizer.pictures.scene import inner_nodes, scene_at
from visualizer.safe_files import StagedWrites
from visualizer.steps.replay import Replay
from visualizer.tracing.trace import Trace, check_names

__all__ = ["FRAME_DIGITS", "RENDER_HINT", "step_to_dot", "write_frames"]

FRAME_DIGITS = 4
"""Frame numbers are zero-padded to at least this many digits (NAME-0001.dot)."""

RENDER_HINT = "steady frames: render with neato -n2 -Tsvg, which keeps every node at its pos (dot ignores pos)"
"""The `comment` of every per-step drawing (Graphviz copies it into the SVG)."""

NODE_MARGIN, LINE_SPACING = (8.0, 4.0), 1.2
"""Graphviz's default space around a label inside its node, in points, and its line pitch (times the font size)."""

SQRT2 = math.sqrt(2)
"""An ellipse around a label's box is at most this much larger each way (Graphviz's own rule)."""

TITLE_CHARACTERS, NODE_GAP, RANK_GAP = 40, 14.0, 40.0
"""The least width of a drawing in title characters; the least space between two neighbouring nodes,
and between two rows, in points."""


@dataclass(frozen=True)
class _FramePlan:
    """What every per-step drawing of one trace shares, so that `neato -n2` draws them all alike.

    Attributes:
        positions: each node's `pos` ("x,y!" in points, y up), from the figure's `TreeLayout`.
        sizes: the node width and height in inches by shape, big enough for any label on any step.
        title_width: the title's line length in characters, so it is never wider than the tree.
        inner: the nodes with children (`inner_nodes`).
    """

    positions: tuple[str, ...]
    sizes: dict[str, tuple[str, str]]
    title_width: int
    inner: frozenset[int]

    @classmethod
    def of(cls, trace: Trace) -> _FramePlan:
        """The plan of `trace`'s frames."""
        layout, columns = TreeLayout.of(trace), trace.columns
        sizes = {shape: _node_size(trace, shape) for shape in set(SHAPES.values())}
        widths = [sizes[SHAPES[player.value]][0] for player in columns.player]
        across = _spread(layout, widths)
        character = text_width("x", FONT_SIZE)
        span = max(layout.xs) - min(layout.xs)
        if span > 0:  # wide enough for a title of `TITLE_CHARACTERS`, which then never widens the canvas
            across = max(across, (TITLE_CHARACTERS * character - max(widths)) / span)
        title_width = max(12, int((span * across + max(widths)) // character))
        tallest = max(height for _width, height in sizes.values())
        down = max(1.0, (tallest + RANK_GAP) / (layout.stack + ROW_GAP))
        positions = tuple(
            f'"{x * across:.1f},{(layout.height - top) * down:.1f}!"' for x, top in zip(layout.xs, layout.tops)
        )
        inches = {
            shape: (f"{math.ceil(width / 0.72) / 100:.2f}", f"{math.ceil(height / 0.72) / 100:.2f}")
            for shape, (width, height) in sizes.items()
        }
        return cls(positions, inches, title_width, inner_nodes(trace))


def _digits(values: list[Any]) -> int:
    """The most characters any of `values` (or its negation: negamax shows the mover's view) takes."""
    numbers = [-value for value in values if isinstance(value, (int, float))]
    return max((len(format_value(value)) for value in [*values, *numbers]), default=1)


def _node_size(trace: Trace, shape: str) -> tuple[float, float]:
    """(width, height) in points of a node of `shape` that holds any label any node shows on any step."""
    columns = trace.columns
    has_windows = any(alpha is not None for alpha in columns.alpha)
    values = [value for value in columns.value if value is not None]
    if columns.has_chance:  # an expectation so far (a step's value) may be longer than any final one
        values += [value for value in columns.event_value if value is not None]
    value = "9" * _digits(values)
    static = "9" * _digits([value for value in columns.static_value if value is not None])
    bound = "9" * max(len(value), len(static), 4 if has_windows else 1)  # "+inf"
    visit = "#" + "9" * len(str(len(columns.name)))
    texts = [*columns.name, f"{visit}  v={value}", f"{visit}  v=? ({static})"]
    if has_windows:
        texts.append(f"[{bound}, {bound}]")
    boards = [board.split("\n") for board in columns.board if board is not None]
    texts.extend(line for lines in boards for line in lines)
    width = max(text_width(text, FONT_SIZE) for text in texts) + 2 * NODE_MARGIN[0]
    lines = 2 + max(map(len, boards), default=0) + int(has_windows)  # name, board, visit and value, window
    height = lines * FONT_SIZE * LINE_SPACING + 2 * NODE_MARGIN[1]
    if shape == "circle":
        return (max(width, height) * SQRT2,) * 2
    return (width * SQRT2, height * SQRT2) if shape == "ellipse" else (width, height)


def _spread(layout: TreeLayout, widths: list[float]) -> float:
    """How much to stretch the layout across so that no two neighbours in a row overlap."""
    rows: dict[float, list[int]] = {}
    for node, top in enumerate(layout.tops):
        rows.setdefault(top, []).append(node)
    stretch = 1.0
    for row in rows.values():
        row.sort(key=layout.xs.__getitem__)
        for left, right in zip(row, row[1:]):
            room = layout.xs[right] - layout.xs[left]
            if room > 0:
                stretch = max(stretch, ((widths[left] + widths[right]) / 2 + NODE_GAP) / room)
    return stretch


def step_to_dot(trace: Trace, replay: Replay, *, plan: _FramePlan | None = None) -> str:
    """DOT text of the search as it stands at `replay`'s step, every node at a fixed `pos` and size.

    `plan` is given when many steps of one trace are drawn (`write_frames`).
    """
    plan = plan or _FramePlan.of(trace)
    scene, columns = scene_at(trace, replay, inner=plan.inner), trace.columns
    title = step_title(trace.algorithm, scene.caption, width=plan.title_width)
    lines = [dot_header(title, comment=quote_label(RENDER_HINT))]
    for node, look in enumerate(scene.looks):
        shape, board = SHAPES[columns.player[node].value], columns.board[node]
        width, height = plan.sizes[shape]
        attributes: dict[str, Any] = {"shape": shape, "tooltip": quote_label(columns.name[node])}
        if board is not None:
            attributes["fontname"] = BOARD_FONT
        attributes.update(pos=plan.positions[node], width=width, height=height)
        attributes["label"] = quote_label(look_label(columns.name[node], look, board=board))
        line, colour = STATUS_LOOKS.get(look.status, ("", ""))
        styles = (["filled", "bold"] if look.current else []) + ([line] if line else [])
        if styles:  # several styles: one quoted value
            attributes["style"] = styles[0] if len(styles) == 1 else '"' + ",".join(styles) + '"'
        if look.current:
            attributes["fillcolor"] = CURRENT_FILL
        if colour:
            attributes["color"] = attributes["fontcolor"] = colour
        lines.append(f"n{node}{dot_attributes(**attributes)};\n")
    parents, _orders, children = columns.edges()
    probabilities = columns.probability if columns.has_chance else None
    for parent, child in zip(parents, children):
        probability = None if probabilities is None else probabilities[child]
        attributes = edge_attributes(
            scene.looks[child].status, probability=probability, cut=(parent, child) in scene.cuts
        )
        if (parent, child) == scene.last_edge:
            attributes.update(color=LAST_CHILD, penwidth="2")
        lines.append(f"n{parent} -> n{child}{dot_attributes(**attributes)};\n")
    lines.append(transposition_lines(columns, replay.step) + "}\n")
    return "".join(lines)


def write_frames(
    trace: Trace,
    directory: str | Path,
    name: str,
    *,
    progress: Callable[[int, int], None] | None = None,
    group: StagedWrites | None = None,
) -> list[Path]:
    """Writes one DOT file per event, NAME-0001.dot, NAME-0002.dot, ..., into `directory`; returns the paths.

    The frames are written all or none: staged in `group`, which its owner commits (with the other files
    written with them), or in a group of their own. `progress(done, total)` is called after each frame.

    Raises:
        InputError: `name` is empty or contains a path separator, or a file cannot be written.
    """
    if not name or "/" in name or "\\" in name or name in {".", ".."}:
        raise InputError(f"frame name {name!r} must be a plain file name such as 'frame'; put folders in the directory")
    check_names(trace)
    if group is None:
        with StagedWrites() as own:
            return write_frames(trace, directory, name, progress=progress, group=own)
    directory = Path(directory)
    plan = _FramePlan.of(trace)
    digits = max(FRAME_DIGITS, len(str(len(trace.events))))
    paths = []
    replay = Replay(trace)
    while replay.forward():
        path = directory / f"{name}-{replay.step:0{digits}d}.dot"
        group.stage(path, [step_to_dot(trace, replay, plan=plan)])
        paths.append(path)
        if progress is not None:
            progress(replay.step, len(trace.events))
    return paths
