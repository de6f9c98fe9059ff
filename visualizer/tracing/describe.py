"""Provides `describe`: one plain sentence per event, e.g. "E: J = 3 <= alpha 6, so K is pruned (cut-off)"."""

from __future__ import annotations

from fractions import Fraction

from visualizer.games.base import Player, Value, format_value
from visualizer.tracing.events import Bound, Event, EventKind
from visualizer.tracing.trace_records import TraceNode
from visualizer.tracing.trace import Trace

__all__ = ["cutoff_relation", "describe", "format_probability", "point_of_view"]


def _window(event: Event) -> str:
    return f"[{format_value(event.alpha)}, {format_value(event.beta)}]"


def point_of_view(trace: Trace, node: TraceNode) -> str:
    """Whose view a node's values and window are from: "MAX's view", or the mover's for negamax."""
    player = node.player if trace.is_negamax else Player.MAX
    return f"{player.value.upper()}'s view"


def _maximizes(trace: Trace, node: TraceNode) -> bool:
    """True when higher values are better at `node` in the trace's values (always for negamax)."""
    return trace.is_negamax or node.player is Player.MAX


def cutoff_relation(trace: Trace, event: Event) -> str:
    """How the value passed the bound at a cut-off: ">= beta 6", "<= alpha 2" (or > / < when strict)."""
    if _maximizes(trace, trace.nodes[event.node]):
        return (">" if trace.strict else ">=") + f" beta {format_value(event.beta)}"
    return ("<" if trace.strict else "<=") + f" alpha {format_value(event.alpha)}"


def _child_value(trace: Trace, child: TraceNode) -> Value:
    """The child's final value as its parent compares it: MAX's view, or negated mover's view for negamax."""
    if trace.is_negamax:
        return -(child.value * child.player.sign)
    return child.value


def _value_before(trace: Trace, node: TraceNode, child_id: int) -> Value | None:
    """The node's value just before `child_id` was backed up into it (None before its first child).

    The children before it were all searched in full (a cut-off ends the node), in this order, so
    the value then is the best of theirs, taken as the search takes them: only a better one replaces it.
    """
    maximizes = _maximizes(trace, node)
    best = None
    for sibling in node.children:
        if sibling == child_id:
            break
        value = _child_value(trace, trace.nodes[sibling])
        if best is None or (value > best if maximizes else value < best):
            best = value
    return best


def format_probability(probability: float | None) -> str:
    """A probability as people read it: "1/3" when it is a simple fraction, else "0.35" ("?" for None)."""
    if probability is None:
        return "?"
    fraction = Fraction(probability).limit_denominator(100)
    if fraction.denominator > 1 and abs(float(fraction) - probability) < 1e-9:
        return f"{fraction.numerator}/{fraction.denominator}"
    return format_value(probability)


def _chance_back_up(trace: Trace, node: TraceNode, event: Event) -> str:
    """ "a adds 1/3 x a.2 = 12: expectation so far 5.": the child's value, weighted by the probability
    of its edge, added to the chance node's expectation."""
    child = trace.nodes[event.child]
    offered = f"{child.name} = {format_value(_child_value(trace, child))}"
    return (f"{node.name} adds {format_probability(child.probability)} x {offered}: "
            f"expectation so far {format_value(event.value)}.")


def _transposition(trace: Trace, node: TraceNode, event: Event, view: str) -> str:
    """ "K: same position as H, stored value 3 (exact), so K = 3.", or with a bound that answers the
    window, "K: same position as H, lower bound 3 >= beta 2, so K = 3."; "the table holds this
    position:" when the stored entry has no earlier node in this pass."""
    value = format_value(event.value)
    if event.bound is Bound.LOWER:
        stored = f"lower bound {value}"
        if event.beta is not None:
            stored += f" {'>' if trace.strict else '>='} beta {format_value(event.beta)}"
    elif event.bound is Bound.UPPER:
        stored = f"upper bound {value}"
        if event.alpha is not None:
            stored += f" {'<' if trace.strict else '<='} alpha {format_value(event.alpha)}"
    else:
        stored = f"stored value {value}" + (" (exact)" if event.bound is Bound.EXACT else "")
    if event.ref is None:
        where = "the table holds this position:"
    else:
        where = f"same position as {trace.nodes[event.ref].name},"
    return f"{node.name}: {where} {stored}, so {node.name} = {value}{view}."


def _back_up(trace: Trace, node: TraceNode, event: Event) -> str:
    """ "D takes H = 6, so D = 6." when the child's value is taken, "A keeps 4: C = 2 is not better for MAX."
    when it is not; negamax sentences name the child as "-D" (its value negated) and say whose view."""
    child = trace.nodes[event.child]
    offered = _child_value(trace, child)
    taken = f"{'-' if trace.is_negamax else ''}{child.name} = {format_value(offered)}"
    view = f" ({point_of_view(trace, node)})" if trace.is_negamax else ""
    mover = node.player.value.upper()
    before = _value_before(trace, node, event.child)
    if before is None:
        return f"{node.name} takes {taken}, so {node.name} = {format_value(event.value)}{view}."
    if offered == event.value and offered != before:
        return (
            f"{node.name} takes {taken}, better for {mover} than {format_value(before)}, "
            f"so {node.name} = {format_value(event.value)}{view}."
        )
    return f"{node.name} keeps {format_value(event.value)}: {taken} is not better for {mover}{view}."


def describe(trace: Trace, event: Event) -> str:
    """The event as a sentence that does not depend on colour to be understood.

    Negamax sentences say whose view their values and window are from (the player to move at the
    node); the others are all from MAX's view.
    """
    nodes = trace.nodes
    node = nodes[event.node]
    name = node.name
    kind = event.kind
    view = f" ({point_of_view(trace, node)})" if trace.is_negamax else ""
    if kind is EventKind.ENTER:
        window = "" if event.alpha is None else f" with window {_window(event)}"
        return f"Enter {name} ({node.player.value.upper()}, depth {event.depth}){window}{view if window else ''}."
    if kind is EventKind.EVALUATE:
        if not node.children and node.board is None:
            why = "is a leaf"
        elif trace.depth_limit is not None and event.depth >= trace.depth_limit:
            why = "is at the depth limit"
        else:
            why = "ends the game"
        return f"{name} {why}: static value {format_value(event.value)}{view}."
    if kind is EventKind.BACK_UP:
        if node.player is Player.CHANCE:
            return _chance_back_up(trace, node, event)
        return _back_up(trace, node, event)
    if kind is EventKind.TRANSPOSITION:
        return _transposition(trace, node, event, view)
    if kind is EventKind.UPDATE:
        bound = f"alpha = {format_value(event.alpha)}" if _maximizes(trace, node) else f"beta = {format_value(event.beta)}"
        return f"{name}: {bound}, window now {_window(event)}{view}."
    if kind is EventKind.CUTOFF:
        skipped = trace.names(event.skipped)
        verb = "is" if len(skipped) == 1 else "are"
        child = ("-" if trace.is_negamax else "") + nodes[event.child].name
        return (
            f"{name}: {child} = {format_value(event.value)} {cutoff_relation(trace, event)}, "
            f"so {', '.join(skipped)} {verb} pruned (cut-off{view.replace(' (', '; ').rstrip(')')})."
        )
    if node.parent is None:
        best = trace.summary.best_move
        tail = "" if best is None else f", best move {best}"
        root_view = " (MAX's view)" if trace.is_negamax else ""
        return f"Done: {name} = {format_value(trace.summary.value)}{root_view}{tail}."
    return f"Leave {name} with {format_value(event.value)}{view}."
