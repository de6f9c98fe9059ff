"""Provides `check_trace`: a trace read from a file must be one a search could have recorded.

`_walk` answers whether the events fit, a whole column at a time (numpy); only when they do not does
`_check_events` walk them again, one by one, to name the first step that does not fit.
"""

from __future__ import annotations

from functools import partial
from itertools import chain, compress, islice

import numpy as np

from visualizer.errors import TraceFileError
from visualizer.tracing.events import EVENT_KINDS, Effect, EventKind
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import HAS_CHILD, KIND_CODES, KINDS, NO_CHILD

__all__ = ["check_trace", "inconsistent"]

_FIX = "export the trace again"


def inconsistent(name: str, problem: str) -> TraceFileError:
    """The error for a trace file whose records are well formed but do not hang together."""
    return TraceFileError(f"{name} is not a consistent trace: {problem}; {_FIX}")


BACK_UP, RESEARCH = KIND_CODES[EventKind.BACK_UP], KIND_CODES[EventKind.RESEARCH]
_EFFECTS = [EVENT_KINDS[kind].effect for kind in KINDS]
"""Each kind's effect, by code."""
_HAS_SKIPPED = [("skipped" in EVENT_KINDS[kind].carries) for kind in KINDS]
_OPEN, _CLOSE, _PRUNE = Effect.OPEN, Effect.CLOSE, Effect.PRUNE


def check_trace(trace: Trace, *, name: str = "the graph") -> None:
    """Checks that every node but the root hangs one level below its parent, and that the events are
    one depth-first walk from the root (see `_check_events`) that the summary describes.

    Raises:
        TraceFileError: naming the first node or step that does not fit.
    """
    columns = trace.columns
    parents, depths, names = columns.parent, columns.depth, columns.name
    if parents[0] is not None or depths[0] != 0:
        raise inconsistent(name, f"node 0 ({names[0]!r}) must be the root, at depth 0 without a parent")
    depth = np.asarray(depths, np.int32)
    if None in islice(parents, 1, None) or not np.array_equal(depth[1:], depth[_parent_ids(columns)[1:]] + 1):
        _check_nodes(parents, depths, names, columns.node_count, name)  # which node, and how
    entered = _walk(trace)
    if entered is None:  # something does not fit: walk again to say what
        entered = _check_events(trace, name)
    _check_summary(trace, entered, name)


def _parent_ids(columns) -> np.ndarray:
    """Each node's parent, -1 for the root's (the other nodes' parents are not None)."""
    return np.fromiter(chain((-1,), islice(columns.parent, 1, columns.node_count)), np.int32, columns.node_count)


def _check_nodes(parents, depths, names, count: int, name: str) -> None:
    for node in range(1, count):
        parent = parents[node]
        if parent is None:
            raise inconsistent(name, f"node {names[node]!r} has no parent, which only the root (node 0) may lack")
        if depths[node] != depths[parent] + 1:
            problem = f"node {names[node]!r} has depth {depths[node]} under a parent at depth {depths[parent]}"
            raise inconsistent(name, problem + ", not one level below it")


_LACKS_CHILD = bytes(not carries for carries in HAS_CHILD[: len(KINDS)]) + bytes(256 - len(KINDS))
_UNKNOWN = bytes(len(KINDS)) + bytes([1]) * (256 - len(KINDS))


def _walk(trace: Trace) -> list[int] | None:
    """The entered nodes in order when the events pass `_check_events`, else None, in bulk (numpy).

    The open nodes are always the path from the root down to the innermost one, so the events fit
    when each agrees with the one before about the innermost open node (-1 before the first event
    and after the last). Cut-offs and re-searches are then checked one by one.
    """
    columns = trace.columns
    kinds, children, skipped, count = (
        columns.event_kind,
        columns.event_child,
        columns.event_skipped,
        columns.event_count,
    )
    if not count or 1 in kinds.translate(_UNKNOWN):
        return None  # a kind code out of range

    def where(table: bytes) -> np.ndarray:
        return np.frombuffer(kinds.translate(table), np.bool_)

    at, child = np.asarray(columns.event_node, np.int32), np.asarray(children, np.int32)
    if not np.array_equal(child == NO_CHILD, where(_LACKS_CHILD)):
        return None  # a child where the kind carries none, or none where it carries one
    if any(not (type(step) is int and 1 <= step <= count and _HAS_SKIPPED[kinds[step - 1]]) for step in skipped):
        return None
    backs_up, closes = where(_BACKS_UP), where(_CLOSES)
    closed = np.where(closes, at, NO_CHILD - 1)[:-1][backs_up[1:]]  # what the event before each back-up closed
    if backs_up[0] or not np.array_equal(child[1:][backs_up[1:]], closed):
        return None  # a back-up's child is not the node that exited just before
    opens, parent_at = where(_OPENS), _parent_ids(columns)[at]
    expected = np.where(opens, parent_at, at)  # the innermost open node before each event
    left = np.where(closes, parent_at, at)  # and after it
    if expected[0] != -1 or left[-1] != -1 or not np.array_equal(expected[1:], left[:-1]):
        return None
    entered, revisits = at[opens], trace.traits.revisits
    if not revisits and np.bincount(entered).max() > 1:
        return None  # a node entered twice
    order = entered.tolist()
    rare, refs = kinds.translate(_RARE), columns.event_extra.get("ref", {})
    if 1 in rare or refs:
        entered_at = dict(zip(reversed(order), reversed(np.flatnonzero(opens).tolist())))  # the first time
        if not all(map(partial(_rare_fits, trace, entered_at), compress(range(count), rare))):
            return None
        if not all(_ref_fits(trace, entered_at, step - 1, ref) for step, ref in refs.items()):
            return None
    return order


def _rare_fits(trace: Trace, entered_at: dict[int, int], index: int) -> bool:
    columns = trace.columns
    parents, kinds, children = columns.parent, columns.event_kind, columns.event_child
    node, child, never = columns.event_node[index], children[index], columns.event_count
    if kinds[index] == RESEARCH:  # of a child entered before (the open nodes are the innermost one's ancestors)
        return parents[child] == node and entered_at.get(child, never) < index
    if index == 0 or kinds[index - 1] != BACK_UP or child != children[index - 1]:
        return False  # a cut-off follows the back-up of its child
    revisits = trace.traits.revisits  # and skips children not entered yet (unless the search revisits)
    kids = columns.event_skipped.get(index + 1, ())
    return all(parents[kid] == node and (revisits or entered_at.get(kid, never) > index) for kid in kids)


def _ref_fits(trace: Trace, entered_at: dict[int, int], index: int, ref: int) -> bool:
    """A transposition's earlier node was entered before it and has exited (it is not an open node)."""
    columns = trace.columns
    if _EFFECTS[columns.event_kind[index]] in (_OPEN, _CLOSE):
        return True  # an enter or exit is not checked for a link
    node: int | None = columns.event_node[index]
    while node is not None and node != ref:  # the open nodes are the innermost one and its ancestors
        node = columns.parent[node]
    return node is None and entered_at.get(ref, index) < index


_BACKS_UP = bytes(code == BACK_UP for code in range(256))
_PRUNES = bytes(code < len(KINDS) and _EFFECTS[code] is _PRUNE for code in range(256))
_CLOSES = bytes(code < len(KINDS) and _EFFECTS[code] is _CLOSE for code in range(256))
_OPENS = bytes(code < len(KINDS) and _EFFECTS[code] is _OPEN for code in range(256))
_RARE = bytes(code == RESEARCH or _PRUNES[code] for code in range(256))


def _unentered_children(kids, node: int, parents, entered: bytearray, revisits: bool) -> bool:
    return all(parents[kid] == node and not (entered[kid] and not revisits) for kid in kids)


def _check_events(trace: Trace, name: str) -> list[int]:
    """The events must open and close nodes as a depth-first search does (each kind's `Effect` in
    `EVENT_KINDS`): the first enters the root, each enter is of an unentered child of the innermost
    open node, every other event is at the innermost open node, an exit closes it, a back-up takes
    the child that exited just before, a cut-off follows the back-up of its child and skips only
    unentered children, a transposition's earlier node has exited, and the last event closes the
    root. Returns the entered nodes in order."""
    columns = trace.columns
    parents, names = columns.parent, columns.name
    kinds, nodes, children, skipped = columns.event_kind, columns.event_node, columns.event_child, columns.event_skipped
    revisits = trace.traits.revisits
    refs = columns.event_extra.get("ref", {})
    entered, order = bytearray(columns.node_count), []
    stack: list[int] = []
    top = None
    for index in range(columns.event_count):
        kind, node, child = kinds[index], nodes[index], children[index]
        effect = _EFFECTS[kind]
        problem = None
        if effect is _OPEN:
            twice = entered[node] and (not revisits or node in stack)  # a search that revisits reopens closed nodes
            if twice or parents[node] != top:
                problem = "enters it twice" if twice else "enters it outside its parent"
            entered[node] = 1
            order.append(node)
            stack.append(node)
            top = node
        elif node != top:
            problem = "is not at the innermost open node" if stack else "comes when no node is open"
        elif effect is _CLOSE:
            stack.pop()
            top = stack[-1] if stack else None
        elif kind == BACK_UP and (_EFFECTS[kinds[index - 1]] is not _CLOSE or child != nodes[index - 1]):
            problem = "does not take the child that exited just before"
        elif effect is _PRUNE and (kinds[index - 1] != BACK_UP or child != children[index - 1]):
            problem = "does not follow the back-up of its child"
        elif kind == RESEARCH and (parents[child] != node or not entered[child] or child in stack):
            problem = "searches again a node that is not a searched child of it"
        elif index + 1 in refs and (not entered[refs[index + 1]] or refs[index + 1] in stack):
            problem = "points at a node that has not been searched yet"
        if problem is None and (child != NO_CHILD) != HAS_CHILD[kind]:
            problem = "has a child, which only back-ups and cut-offs have" if child != NO_CHILD else "lacks its child"
        if problem is None and index + 1 in skipped:
            if not _HAS_SKIPPED[kind]:
                problem = "skips children, which only cut-offs do"
            elif not _unentered_children(skipped[index + 1], node, parents, entered, revisits):
                problem = "skips a node that is not an unentered child of it"
        if problem is not None:
            raise inconsistent(name, f"graph.events[{index}] ({KINDS[kind].value} at node {names[node]!r}) {problem}")
    if stack or not columns.event_count:
        raise inconsistent(name, "the events stop before the search is over (the root is never closed)")
    return order


def _check_summary(trace: Trace, entered: list[int], name: str) -> None:
    """The summary's cut-offs, visit order and principal variation agree with the events."""
    columns, summary = trace.columns, trace.summary
    parents, kinds, skipped = columns.parent, columns.event_kind, columns.event_skipped
    steps = list(compress(range(1, len(kinds) + 1), kinds.translate(_PRUNES)))  # in C
    listed = [cutoff.step for cutoff in summary.cutoffs]
    if listed != steps:
        index = next(index for index, pair in enumerate(zip([*listed, None], [*steps, None])) if pair[0] != pair[1])
        what = f"lists step {listed[index]}" if index < len(listed) else "has no entry"
        actual = f"have step {steps[index]} there" if index < len(steps) else "end before it"
        raise inconsistent(name, f"graph.summary.cutoffs[{index}] {what}, but the cut-off events {actual}")
    revisits = trace.traits.revisits  # a node it skipped, it may search later
    visited = set(entered) if summary.cutoffs and not revisits else set()
    for index, cutoff in enumerate(summary.cutoffs):
        event = cutoff.step - 1
        pruned = set(cutoff.pruned)
        kids = skipped.get(cutoff.step, ())
        same_event = (cutoff.node, cutoff.child, tuple(cutoff.skipped)) == (
            columns.event_node[event],
            columns.event_child[event],
            tuple(kids),
        )
        # each pruned node is skipped or below a pruned node, and none was visited
        below_skipped = all(node not in visited and (node in kids or parents[node] in pruned) for node in pruned)
        if not (same_event and below_skipped):
            problem = f"graph.summary.cutoffs[{index}] does not match the cut-off event at step {cutoff.step}"
            detail = " (it prunes a visited node or one not below a skipped child)" if same_event else ""
            raise inconsistent(name, problem + detail)
    if tuple(summary.visit_order) != tuple(entered):
        raise inconsistent(name, "graph.summary.visit_order is not the order in which the events enter the nodes")
    line = summary.principal_variation
    if (
        not line
        or line[0] != 0
        or any(parents[node] != before for before, node in zip(line, line[1:]))
        or summary.best_child != (line[1] if len(line) > 1 else None)
    ):
        raise inconsistent(
            name, "graph.summary.principal_variation is not a path down from the root through best_child"
        )
