"""Provides `describe`: one plain sentence per event, e.g. "E: J = 3 <= alpha 6, so K is pruned (cut-off)"."""

from __future__ import annotations

import bisect
import math
import weakref
from fractions import Fraction

from visualizer.games.base import Player, Value, format_value
from visualizer.steps.visits import backpropagate_sentence, select_sentence, simulate_sentence
from visualizer.tracing.events import Bound, Event, EventKind
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import KIND_CODES, TraceColumns
from visualizer.tracing.trace_records import TraceNode

__all__ = ["cutoff_relation", "describe", "format_probability", "point_of_view", "window_failure", "window_verdict"]


def _window(event: Event) -> str:
    return f"[{format_value(event.alpha)}, {format_value(event.beta)}]"


def _known(value: Value | None) -> Value:
    assert value is not None  # a value the event or node is sure to have (a searched child's, a cut-off's)
    return value


def _child(trace: Trace, event: Event) -> TraceNode:
    assert event.child is not None  # back-ups, cut-offs and re-searches name their child
    return trace.nodes[event.child]


def _passes(trace: Trace, above: bool, bound: Value | None) -> str:
    """How a value passes a bound: ">= beta 6" (above), "<= alpha 2" (below), or > / < when strict."""
    if above:
        return (">" if trace.strict else ">=") + f" beta {format_value(bound)}"
    return ("<" if trace.strict else "<=") + f" alpha {format_value(bound)}"


def point_of_view(trace: Trace, node: TraceNode) -> str:
    """Whose view a node's values and window are from: "MAX's view", or the mover's for negamax."""
    player = node.player if trace.is_negamax else Player.MAX
    return f"{player.value.upper()}'s view"


def _maximizes(trace: Trace, node: TraceNode) -> bool:
    """True when higher values are better at `node` in the trace's values (always for negamax)."""
    return trace.is_negamax or node.player is Player.MAX


def cutoff_relation(trace: Trace, event: Event) -> str:
    """How the value passed the bound at a cut-off: ">= beta 6", "<= alpha 2" (or > / < when strict)."""
    maximizes = _maximizes(trace, trace.nodes[event.node])
    return _passes(trace, maximizes, event.beta if maximizes else event.alpha)


def _child_value(trace: Trace, child: TraceNode) -> Value | None:
    """The child's final value as its parent compares it: MAX's view, or negated mover's view for negamax."""
    value = child.value
    return -(value * child.player.sign) if trace.is_negamax and value is not None else value


def _value_before(trace: Trace, node: TraceNode, child_id: int) -> Value | None:
    """The node's value just before `child_id` was backed up into it: the best of the children before it,
    all searched in full (a cut-off ends the node); None before its first child."""
    maximizes = _maximizes(trace, node)
    best = None
    for sibling in node.children:
        if sibling == child_id:
            break
        value = _child_value(trace, trace.nodes[sibling])  # None: not searched in this pass
        if value is not None and (best is None or (value > best if maximizes else value < best)):
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
    """ "a adds 1/3 x a.2 = 12: expectation so far 5." (the child's value weighted by its probability)."""
    child = _child(trace, event)
    offered = f"{child.name} = {format_value(_child_value(trace, child))}"
    return (
        f"{node.name} adds {format_probability(child.probability)} x {offered}: "
        f"expectation so far {format_value(event.value)}."
    )


def _transposition(trace: Trace, node: TraceNode, event: Event, view: str) -> str:
    """ "K: same position as H, stored value 3 (exact), so K = 3." or "lower bound 3 >= beta 2, ..."."""
    value = format_value(event.value)
    if event.bound is Bound.LOWER:
        stored = f"lower bound {value}" + ("" if event.beta is None else f" {_passes(trace, True, event.beta)}")
    elif event.bound is Bound.UPPER:
        stored = f"upper bound {value}" + ("" if event.alpha is None else f" {_passes(trace, False, event.alpha)}")
    else:
        stored = f"stored value {value}" + (" (exact)" if event.bound is Bound.EXACT else "")
    where = (
        "the table holds this position:" if event.ref is None else f"same position as {trace.nodes[event.ref].name},"
    )
    return f"{node.name}: {where} {stored}, so {node.name} = {value}{view}."


def _back_up(trace: Trace, node: TraceNode, event: Event, view: str) -> str:
    """ "D takes H = 6, so D = 6." or "A keeps 4: C = 2 is not better for MAX." (negamax: "-D", whose view)."""
    child = _child(trace, event)
    offered = _child_value(trace, child)
    taken = f"{'-' if trace.is_negamax else ''}{child.name} = {format_value(offered)}"
    mover = node.player.value.upper()
    before = _value_before(trace, node, child.id)
    if before is None:
        return f"{node.name} takes {taken}, so {node.name} = {format_value(event.value)}{view}."
    if offered == event.value and offered != before:
        return (
            f"{node.name} takes {taken}, better for {mover} than {format_value(before)}, "
            f"so {node.name} = {format_value(event.value)}{view}."
        )
    return f"{node.name} keeps {format_value(event.value)}: {taken} is not better for {mover}{view}."


def window_failure(trace: Trace) -> str | None:
    """ "low" or "high" when the root's value lies outside the root window given (`--window`), so is only a bound
    on the minimax value. A value equal to a bound is a bound too, unless --strict (and not fail-hard)."""
    window = trace.options.get("window")
    root = trace.root
    if window is None or not any(trace.nodes[child].visit for child in root.children):
        return None  # a root evaluated as a leaf has its exact value whatever the window
    low, high = window
    value = trace.summary.value
    inclusive = not trace.strict or bool(trace.options.get("fail_hard"))
    if value < low or (inclusive and value == low):
        return "low"
    if value > high or (inclusive and value == high):
        return "high"
    return None


def window_verdict(trace: Trace) -> str | None:
    """ "fails high: the value is at least 6 (window 2:6)" (or low: at most), None when it does not fail."""
    failure = window_failure(trace)
    if failure is None:
        return None
    window = ":".join(format_value(bound) for bound in trace.options["window"])
    limit = "at most" if failure == "low" else "at least"
    return f"fails {failure}: the value is {limit} {format_value(trace.summary.value)} (window {window})"


def _returned_bound(trace: Trace, node: TraceNode, value: Value) -> str:
    """ ", the bound it failed against (fail-hard): its best value 7 >= beta 6" when a fail-hard node returns a
    bound instead of its children's best value; "" otherwise."""
    if not trace.options.get("fail_hard"):
        return ""
    values = [_known(_child_value(trace, trace.nodes[child])) for child in node.children if trace.nodes[child].visit]
    if not values:
        return ""
    best = max(values) if _maximizes(trace, node) else min(values)
    if best == value:
        return ""
    relation = _passes(trace, best > value, value)
    return f", the bound it failed against (fail-hard): its best value {format_value(best)} {relation}"


def _chance_cutoff(trace: Trace, node: TraceNode, event: Event) -> str:
    """ "C: with J at most 15, C is worth at most 7 <= alpha 8, so J is pruned (chance cut-off).": the Star1
    leaf bound from the limit, the expectation so far and the skipped children's probability."""
    rest = sum(trace.nodes[child].probability or 0 for child in event.skipped)
    limit = _known(event.limit)
    leaf = (limit - _known(event.value)) / rest if rest else limit
    if event.bound is Bound.UPPER:
        words, relation = "at most", f"<= alpha {format_value(event.alpha)}"
    else:
        words, relation = "at least", f">= beta {format_value(event.beta)}"
    skipped = ", ".join(trace.names(event.skipped))
    return (
        f"{node.name}: with {skipped} {words} {format_value(leaf)}, {node.name} is worth {words} "
        f"{format_value(event.limit)} {relation}, so {_pruned(trace, event)} (chance cut-off)."
    )


def _pruned(trace: Trace, event: Event) -> str:
    skipped = trace.names(event.skipped)
    return f"{', '.join(skipped)} {'is' if len(skipped) == 1 else 'are'} pruned"


_SORTED_VALUES: weakref.WeakKeyDictionary[TraceColumns, list[Value]] = weakref.WeakKeyDictionary()
"""Trace columns -> their static values and those negated, sorted."""


def _values_inside(trace: Trace, alpha: Value, beta: Value) -> bool:
    """True when some static value of an explicit tree (or its negation) lies strictly between alpha and beta."""
    values = _SORTED_VALUES.get(trace.columns)
    if values is None:
        found = {value for value in trace.columns.static_value if value is not None}
        values = _SORTED_VALUES[trace.columns] = sorted(found | {-value for value in found})
    at = bisect.bisect_right(values, alpha)
    return at < len(values) and values[at] < beta


def is_null_window(trace: Trace, alpha: Value | None, beta: Value | None) -> bool:
    """A window of a PVS or MTD(f) trace no value can fall strictly inside (so it only tests "is the value beta
    or more?"): (alpha, alpha + 1) between whole numbers, or in an explicit tree one with none of its values."""
    if not trace.traits.null_windows or alpha is None or beta is None:
        return False
    if not (math.isfinite(alpha) and math.isfinite(beta) and alpha < beta):
        return False
    if float(alpha).is_integer() and beta - alpha == 1:
        return True
    return trace.nodes[0].board is None and not _values_inside(trace, alpha, beta)


def _enter(trace: Trace, node: TraceNode, event: Event, view: str) -> str:
    """ "Enter C (MAX, depth 1) with window [2, 6]." or, for a null window, "...: is C's value 6 or more?"."""
    heading = f"Enter {node.name} ({node.player.value.upper()}, depth {event.depth})"
    if event.alpha is None:
        return f"{heading}."
    if not is_null_window(trace, event.alpha, event.beta):
        return f"{heading} with window {_window(event)}{view}."
    question = f"{node.name}'s value is {format_value(event.beta)} or more"
    if node.parent is None and trace.traits.test_passes:
        return f"{heading} with null window {_window(event)}{view}: this pass tests whether {question}."
    return (
        f"{heading} with null window {_window(event)}{view}: a test, is {node.name}'s value "
        f"{format_value(event.beta)} or more?"
    )


def _research(trace: Trace, node: TraceNode, event: Event, view: str) -> str:
    """ "A: -C = -2 > alpha -6 in the null window [-6, -5]: C is better, but -2 is only a bound on it, so C
    is searched again with [-2, +inf]." (PVS; the child's test result is its exit just before)."""
    child = _child(trace, event)
    columns, step = trace.columns, event.step - 2  # the child's exit
    tested = _known(columns.event_value[step])
    offered = -tested if trace.is_negamax else tested
    enter = KIND_CODES[EventKind.ENTER]
    while step > 0 and not (columns.event_kind[step] == enter and columns.event_node[step] == event.child):
        step -= 1  # back to the child's entry, for the window it was tested with
    low, high = _known(columns.event_alpha[step]), _known(columns.event_beta[step])
    if trace.is_negamax:
        low, high = -high, -low
    shown = f"{'-' if trace.is_negamax else ''}{child.name} = {format_value(offered)}"
    return (
        f"{node.name}: {shown} > alpha {format_value(low)} in the null window [{format_value(low)}, "
        f"{format_value(high)}]{view}: {child.name} is better, but {format_value(offered)} is only a bound on "
        f"it, so {child.name} is searched again with [{format_value(offered)}, {format_value(event.beta)}]."
    )


def _pass_verdict(trace: Trace, node: TraceNode, event: Event) -> str:
    """An MTD(f) pass's end: "A = 2 >= beta 0: this pass fails high, so the value is at least 2.", then
    "Done: the value is 2, best move C." once the passes' bounds meet."""
    lower, upper = trace.options.get("window", (-math.inf, math.inf))
    verdict = ""
    for done in trace.passes:
        low, high, value = _known(done.events[0].alpha), _known(done.events[0].beta), done.summary.value
        if value < high:
            upper = value
        if value > low:
            lower = value
        if done is trace:
            alpha, beta, shown = format_value(low), format_value(high), format_value(value)
            if low < value < high:
                verdict = f"{node.name} = {shown}, inside the window [{alpha}, {beta}]: the value is {shown}."
            else:
                relation = f">= beta {beta}" if value >= high else f"<= alpha {alpha}"
                side, limit = ("high", "at least") if value >= high else ("low", "at most")
                verdict = f"{node.name} = {shown} {relation}: this pass fails {side}, so the value is {limit} {shown}."
    if lower < upper:
        return verdict
    best = trace.summary.best_move
    return f"{verdict} Done: the value is {format_value(trace.summary.value)}" + (
        "." if best is None else f", best move {best}."
    )


def describe(trace: Trace, event: Event) -> str:
    """The event as a sentence that does not depend on colour to be understood (negamax sentences say whose
    view their values and window are from; the others are from MAX's)."""
    nodes = trace.nodes
    node = nodes[event.node]
    name = node.name
    kind = event.kind
    view = f" ({point_of_view(trace, node)})" if trace.is_negamax else ""
    if kind is EventKind.SELECT:
        return select_sentence(trace, node, event)
    if kind is EventKind.EXPAND:
        return f"Expand {name} (new): it joins the tree at depth {event.depth}."
    if kind is EventKind.SIMULATE:
        return simulate_sentence(trace, node, event)
    if kind is EventKind.BACKPROPAGATE:
        return backpropagate_sentence(trace, node, event)
    if kind is EventKind.ENTER:
        return _enter(trace, node, event, view)
    if kind is EventKind.RESEARCH:
        return _research(trace, node, event, view)
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
        return _back_up(trace, node, event, view)
    if kind is EventKind.TRANSPOSITION:
        return _transposition(trace, node, event, view)
    if kind is EventKind.UPDATE:
        bound = (
            f"alpha = {format_value(event.alpha)}" if _maximizes(trace, node) else f"beta = {format_value(event.beta)}"
        )
        return f"{name}: {bound}, window now {_window(event)}{view}."
    if kind is EventKind.CHANCE_CUTOFF:
        return _chance_cutoff(trace, node, event)
    if kind is EventKind.CUTOFF:
        child = ("-" if trace.is_negamax else "") + _child(trace, event).name
        return (
            f"{name}: {child} = {format_value(event.value)} {cutoff_relation(trace, event)}, "
            f"so {_pruned(trace, event)} (cut-off{view.replace(' (', '; ').rstrip(')')})."
        )
    if node.parent is None and trace.traits.test_passes:
        return _pass_verdict(trace, node, event)
    if node.parent is None:
        best = trace.summary.best_move
        tail = "" if best is None else f", best move {best}"
        root_view = " (MAX's view)" if trace.is_negamax else ""
        verdict = window_verdict(trace)
        tail += "" if verdict is None else f"; the root {verdict}"
        return f"Done: {name} = {format_value(trace.summary.value)}{root_view}{tail}."
    return f"Leave {name} with {format_value(event.value)}{_returned_bound(trace, node, _known(event.value))}{view}."
