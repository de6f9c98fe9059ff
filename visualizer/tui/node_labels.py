"""Provides `node_label` and `node_line`: what a node's label says at one step, at one density: two lines
(name and marks; value and window) for the drawn tree, or one line for the outline."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from visualizer.games.base import Player, Value, format_value
from visualizer.shown_text import escaped
from visualizer.steps.replay import NodeView, Phase, shown_value
from visualizer.steps.visits import format_mean
from visualizer.tracing.trace import NodeStatus, TraceNode

__all__ = ["MARKERS", "VIEW_LEGEND", "Density", "NodeLabel", "compact_value", "node_label", "node_line", "shown_value"]

MARKERS = {Player.MAX: "▲", Player.MIN: "▼", Player.CHANCE: "●"}
"""Who moves at a node, shown without colour (a CHANCE node is round, as in the figures)."""

VIEW_LEGEND = "values: mover's view"  # says whose view a negamax trace's labels show their values and windows from

PHASE_WORDS = {Phase.OPEN: "open", Phase.DONE: "done"}
"""The phases an outline line names in words (pruned nodes already say "pruned")."""


class Density(enum.Enum):
    """How much a drawn label says, from the most to the fewest columns."""

    FULL = "full"  # ">▼E #6 " over "3 [6,∞]": the mark, who moves, the name, the visit, the value and the window
    COMPACT = "compact"  # ">▼E" over "3[6,∞]": no visit number, no spaces, a leaf's window left out, and a game
    # node named by its last move ("O6" for "X2.O6")
    NAMES = "names"  # ">▼E" over "3": the name (a game node's last move) with the value beneath (the window is
    # left to the node table)


def compact_value(value: Value | None) -> str:
    """A value in few columns: as `format_value` writes it, with infinities as "∞" and "-∞" and "·" for None."""
    return format_value(value, missing="·").replace("+inf", "∞").replace("inf", "∞")


@dataclass(frozen=True)
class NodeLabel:
    """A node's two label lines and their rich style.

    Attributes:
        top: a mark (">" current, "x" pruned), ▲/▼, the name, " #visit" once visited, "*" on the principal
            variation.
        bottom: the value and window ("3 [6,∞]"), "·" while unknown, "pruned"; an explicit tree's leaf not yet
            evaluated may show its value in brackets, "(3)".
        style: "bold reverse" for the current node, "dim strike" pruned, "dim" unreached (pruned wins, see
            `NodeStatus`), "" for none.
        bottom_style: the bottom line's style when it differs from `style` (a dim "(3)"), else None.
    """

    top: str
    bottom: str
    style: str
    bottom_style: str | None = None

    @property
    def width(self) -> int:
        """Columns the wider line takes."""
        return max(cell_len(self.top), cell_len(self.bottom))


def _leaf_value(node: TraceNode, view: NodeView, *, movers_view: bool) -> str | None:
    """An explicit tree's leaf value in brackets, "(3)", while the replay has not evaluated it; else None."""
    if node.children or node.board is not None or node.static_value is None or view.value is not None:
        return None
    return f"({compact_value(shown_value(node, node.static_value, movers_view=movers_view))})"


def node_label(
    node: TraceNode,
    view: NodeView,
    *,
    is_current: bool = False,
    on_pv: bool = False,
    short: bool = False,
    density: Density = Density.FULL,
    show_leaf_values: bool = False,
    movers_view: bool = False,
    visits: int | None = None,
) -> NodeLabel:
    """The label of `node` in the state `view`; nothing in it relies on colour.

    Args:
        is_current: the node of the step (marked ">").
        on_pv: the node is on the principal variation (marked "*").
        short: name a game node by its last move only (see `node_line`), as the compact and names densities do.
        show_leaf_values: show an explicit tree's leaf values, dim and in brackets, before they are evaluated.
        movers_view: values from the mover's view (`shown_value`); the window is shown as `view` holds it.
        visits: for Monte Carlo traces, the node's visits at the step: the full label shows "n=4" instead of
            the visit number, and the value is the mean.
    """
    pruned = view.phase is Phase.PRUNED
    short = short or density is not Density.FULL  # a drawn tree's shape says the path; its labels the last move
    name = escaped(node.name.rsplit(".", 1)[-1] if short and node.board is not None else node.name)
    leaf_value = _leaf_value(node, view, movers_view=movers_view) if show_leaf_values else None
    if density is Density.FULL:
        mark = ">" if is_current else "x" if pruned else " "
        visit = "" if view.visit is None else f" #{view.visit}"
        if visits is not None:
            visit = f" n={visits}" if visits else ""
        top = f"{mark}{MARKERS[node.player]}{name}{visit}{'*' if on_pv else ' '}"
    else:  # one mark: the current node, then a pruned one, then the principal variation
        mark = ">" if is_current else "x" if pruned else "*" if on_pv else " "
        top = f"{mark}{MARKERS[node.player]}{name}"
    if pruned:
        bottom = "pruned" if density is Density.FULL else leaf_value or "x"
    elif leaf_value is not None:
        bottom = leaf_value
    elif view.phase is Phase.UNSEEN:
        bottom = "·"
    else:
        if visits is None:
            bottom = compact_value(shown_value(node, view.value, movers_view=movers_view))
        else:  # Monte Carlo: the mean so far
            bottom = "·" if view.value is None else format_mean(view.value)
        windowed = density is Density.FULL or (density is Density.COMPACT and node.children)  # see `Density`
        if view.alpha is not None and view.beta is not None and windowed:
            window = f"[{compact_value(view.alpha)},{compact_value(view.beta)}]"
            bottom += f" {window}" if density is Density.FULL else window
    styles = []
    if pruned:
        styles.append("dim strike")
    elif view.phase is Phase.UNSEEN and node.status is NodeStatus.UNREACHED:
        styles.append("dim")
    elif view.phase is Phase.OPEN:
        styles.append("bold")
    if is_current:
        styles.append("bold reverse")
    if on_pv:
        styles.append("underline")
    style = " ".join(styles)
    bottom_style = None
    if leaf_value is not None and bottom == leaf_value and "dim" not in style:
        bottom_style = " ".join(["dim", *styles])
    return NodeLabel(top, bottom, style, bottom_style)


def node_line(node: TraceNode, view: NodeView, **options: Any) -> Text:
    """The label on one line, with the phase in words, e.g. ">▼E #6  3 [6,∞]  open" (or "unreached"); with
    `short`, a game node is named by its last move only ("O8" for "X4.O8"). The options are `node_label`'s."""
    label = node_label(node, view, **options)
    words = [label.top.strip(), label.bottom]
    if view.phase in PHASE_WORDS:
        words.append(PHASE_WORDS[view.phase])
    elif view.phase is Phase.UNSEEN and node.status is NodeStatus.UNREACHED:
        words.append(NodeStatus.UNREACHED.value)
    return Text("  ".join(words), style=label.style)
