"""Provides `describe`: one plain sentence per event, e.g. "E: J = 3 <= alpha 6, so K is pruned (cut-off)"."""

from __future__ import annotations

from visualizer.games.base import Player, format_value
from visualizer.tracing.events import Event, EventKind
from visualizer.tracing.trace import Trace

__all__ = ["describe", "cutoff_relation"]


def _window(event: Event) -> str:
    return f"[{format_value(event.alpha)}, {format_value(event.beta)}]"


def cutoff_relation(trace: Trace, event: Event) -> str:
    """How the value passed the bound at a cut-off: ">= beta 6", "<= alpha 2" (or > / < when strict)."""
    maximizes = trace.is_negamax or trace.nodes[event.node].player is Player.MAX
    if maximizes:
        return (">" if trace.strict else ">=") + f" beta {format_value(event.beta)}"
    return ("<" if trace.strict else "<=") + f" alpha {format_value(event.alpha)}"


def describe(trace: Trace, event: Event) -> str:
    """The event as a sentence that does not depend on colour to be understood."""
    nodes = trace.nodes
    node = nodes[event.node]
    name = node.name
    kind = event.kind
    if kind is EventKind.ENTER:
        window = "" if event.alpha is None else f" with window {_window(event)}"
        return f"Enter {name} ({node.player.value.upper()}, depth {event.depth}){window}."
    if kind is EventKind.EVALUATE:
        if not node.children and node.board is None:
            why = "is a leaf"
        elif trace.depth_limit is not None and event.depth >= trace.depth_limit:
            why = "is at the depth limit"
        else:
            why = "ends the game"
        view = " (mover's view)" if trace.is_negamax else ""
        return f"{name} {why}: static value {format_value(event.value)}{view}."
    if kind is EventKind.BACK_UP:
        child = nodes[event.child]
        if trace.is_negamax:  # the child's value in its mover's view, negated
            taken = f"-{child.name} = {format_value(-child.value * child.player.sign)}"
        else:
            taken = f"{child.name} = {format_value(child.value)}"
        return f"{name} takes {taken}, so {name} = {format_value(event.value)}."
    if kind is EventKind.UPDATE:
        maximizes = trace.is_negamax or node.player is Player.MAX
        bound = f"alpha = {format_value(event.alpha)}" if maximizes else f"beta = {format_value(event.beta)}"
        return f"{name}: {bound}, window now {_window(event)}."
    if kind is EventKind.CUTOFF:
        skipped = trace.names(event.skipped)
        verb = "is" if len(skipped) == 1 else "are"
        child = nodes[event.child].name
        return (
            f"{name}: {child} = {format_value(event.value)} {cutoff_relation(trace, event)}, "
            f"so {', '.join(skipped)} {verb} pruned (cut-off)."
        )
    if node.parent is None:
        best = trace.summary.best_move
        tail = "" if best is None else f", best move {best}"
        return f"Done: {name} = {format_value(trace.summary.value)}{tail}."
    return f"Leave {name} with {format_value(event.value)}."
