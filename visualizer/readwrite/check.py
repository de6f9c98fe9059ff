"""Provides `check_trace`: a trace read from a file must be one a search could have recorded."""

from __future__ import annotations

from itertools import chain, islice
from operator import indexOf

import numpy as np

from visualizer.readwrite.check_summary import check_agreement
from visualizer.readwrite.schema import inconsistent
from visualizer.tracing.events import EVENT_KINDS, Effect, EventKind
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import HAS_CHILD, KIND_CODES, KINDS, NO_CHILD

__all__ = ["OPENS", "check_trace", "inconsistent"]


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
    parents, depths, names, count = columns.parent, columns.depth, columns.name, columns.node_count
    if parents[0] is not None or depths[0] != 0:
        raise inconsistent(name, f"node 0 ({names[0]!r}) must be the root, at depth 0 without a parent")
    orphan = indexOf(islice(parents, 1, None), None) + 1 if None in islice(parents, 1, None) else count
    parent_ids = np.fromiter(chain((-1,), islice(parents, 1, orphan)), np.int32, orphan)  # the root's is -1
    depth = np.asarray(depths, np.int32)
    misplaced = np.flatnonzero(depth[1:orphan] != depth[parent_ids[1:]] + 1)  # of the nodes before the first orphan
    if len(misplaced):
        node = int(misplaced[0]) + 1
        problem = f"node {names[node]!r} has depth {depths[node]} under a parent at depth {depths[parent_ids[node]]}"
        raise inconsistent(name, problem + ", not one level below it")
    if orphan < count:
        raise inconsistent(name, f"node {names[orphan]!r} has no parent, which only the root (node 0) may lack")
    entered = _check_events(trace, parent_ids, name)
    _check_summary(trace, entered, name)
    check_agreement(trace, parent_ids, entered, name)


_BACKS_UP = bytes(code == BACK_UP for code in range(256))
_PRUNES = bytes(code < len(KINDS) and _EFFECTS[code] is _PRUNE for code in range(256))
_CLOSES = bytes(code < len(KINDS) and _EFFECTS[code] is _CLOSE for code in range(256))
OPENS = bytes(code < len(KINDS) and _EFFECTS[code] is _OPEN for code in range(256))
"""A `bytes.translate` table: 1 for the codes of kinds that open a node."""
_RESEARCHES = bytes(code == RESEARCH for code in range(256))


def _check_events(trace: Trace, parent_ids: np.ndarray, name: str) -> list[int]:
    """The events must open and close nodes as a depth-first search does (each kind's `Effect` in
    `EVENT_KINDS`): the first enters the root, each enter is of an unentered child of the innermost
    open node, every other event is at the innermost open node, an exit closes it, a back-up takes
    the child that exited just before, a cut-off follows the back-up of its child and skips only
    unentered children, a transposition's earlier node has exited, and the last event closes the
    root. `parent_ids`: each node's parent, -1 for the root. Returns the entered nodes in order.

    The open nodes are always the path from the root down to the innermost one, so while the events
    fit, each one's innermost open node is what the one before left (-1 before the first): the events
    that may not fit are found a whole column at a time (numpy), then `_problem` looks at each in turn.
    """
    columns = trace.columns
    kinds, count = columns.event_kind, columns.event_count
    if not count:
        raise inconsistent(name, _UNFINISHED)

    def where(table: bytes) -> np.ndarray:
        return np.frombuffer(kinds.translate(table), np.bool_)

    at, child = np.asarray(columns.event_node, np.int32), np.asarray(columns.event_child, np.int32)
    opens, closes, backs_up = where(OPENS), where(_CLOSES), where(_BACKS_UP)
    parent_at = parent_ids[at]
    left = np.where(closes, parent_at, at)  # the innermost open node after each event
    top = np.concatenate(([-1], left[:-1]))  # and before it, while the events before it fit
    doubtful = np.where(opens, parent_at, at) != top
    doubtful |= (child != NO_CHILD) != where(HAS_CHILD)
    doubtful[1:] |= backs_up[1:] & ((child[1:] != at[:-1]) | ~closes[:-1])  # not the node that exited just before
    doubtful[1:] |= where(_PRUNES)[1:] & ((child[1:] != child[:-1]) | ~backs_up[:-1])  # not after the child's back-up
    entered, opened = at[opens], np.flatnonzero(opens)
    revisits, skipped, refs = trace.traits.revisits, columns.event_skipped, columns.event_extra.get("ref", {})
    if not revisits and np.bincount(entered, minlength=1).max() > 1:  # a node entered twice
        first = np.zeros(len(entered), np.bool_)
        first[np.unique(entered, return_index=True)[1]] = True
        doubtful[opened[~first]] = True
    rare = {step - 1 for step in refs if 1 <= step <= count}.union(np.flatnonzero(where(_RESEARCHES)).tolist())
    if rare or skipped or doubtful.any():
        order, parents, nodes = entered.tolist(), columns.parent, columns.event_node
        entered_at = dict(zip(reversed(order), reversed(opened.tolist())))  # the first time
        for step, kids in skipped.items():  # the cut-offs that skip what is not an unentered child of their node
            index = step - 1
            if not 0 <= index < count:
                continue
            node, searched = nodes[index], not revisits and any(entered_at.get(kid, count) < index for kid in kids)
            if searched or not _HAS_SKIPPED[kinds[index]] or any(parents[kid] != node for kid in kids):
                rare.add(index)
        for index in sorted(rare.union(np.flatnonzero(doubtful).tolist())):
            problem = _problem(trace, index, int(top[index]), entered_at)
            if problem is not None:
                kind, at_node = KINDS[kinds[index]].value, columns.name[columns.event_node[index]]
                raise inconsistent(name, f"graph.events[{index}] ({kind} at node {at_node!r}) {problem}")
    if left[-1] != -1:
        raise inconsistent(name, _UNFINISHED)
    return entered.tolist()


_UNFINISHED = "the events stop before the search is over (the root is never closed)"


def _problem(trace: Trace, index: int, top: int, entered_at: dict[int, int]) -> str | None:
    """What is wrong with event `index` when the events before it fit (`top`: the innermost open node,
    -1 for none; `entered_at`: each entered node's first step - 1), or None."""
    columns, revisits = trace.columns, trace.traits.revisits
    parents, kinds, nodes, children = columns.parent, columns.event_kind, columns.event_node, columns.event_child
    kind, node, child = kinds[index], nodes[index], children[index]
    effect, ref, skipped = _EFFECTS[kind], columns.event_extra.get("ref", {}).get(index + 1), columns.event_skipped
    innermost = None if top < 0 else top

    def searched(one: int) -> bool:  # entered before this event
        return entered_at.get(one, index) < index

    def is_open(one: int) -> bool:  # the open nodes are the innermost one and its ancestors
        ancestor = innermost
        while ancestor is not None and ancestor != one:
            ancestor = parents[ancestor]
        return ancestor is not None

    if effect is _OPEN:
        twice = searched(node) and (not revisits or is_open(node))  # a search that revisits reopens closed nodes
        if twice or parents[node] != innermost:
            return "enters it twice" if twice else "enters it outside its parent"
    elif node != top:
        return "is not at the innermost open node" if top >= 0 else "comes when no node is open"
    elif effect is _CLOSE:
        pass
    elif kind == BACK_UP and (_EFFECTS[kinds[index - 1]] is not _CLOSE or child != nodes[index - 1]):
        return "does not take the child that exited just before"
    elif effect is _PRUNE and (kinds[index - 1] != BACK_UP or child != children[index - 1]):
        return "does not follow the back-up of its child"
    elif kind == RESEARCH and (parents[child] != node or not searched(child) or is_open(child)):
        return "searches again a node that is not a searched child of it"
    elif ref is not None and (not searched(ref) or is_open(ref)):
        return "points at a node that has not been searched yet"
    if (child != NO_CHILD) != HAS_CHILD[kind]:
        return "has a child, which only back-ups and cut-offs have" if child != NO_CHILD else "lacks its child"
    if index + 1 in skipped:
        if not _HAS_SKIPPED[kind]:
            return "skips children, which only cut-offs do"
        if not all(parents[kid] == node and not (searched(kid) and not revisits) for kid in skipped[index + 1]):
            return "skips a node that is not an unentered child of it"
    return None


def _check_summary(trace: Trace, entered: list[int], name: str) -> None:
    """The summary's cut-offs, visit order and principal variation agree with the events."""
    columns, summary = trace.columns, trace.summary
    parents, kinds, skipped = columns.parent, columns.event_kind, columns.event_skipped
    steps = (np.flatnonzero(np.frombuffer(kinds.translate(_PRUNES), np.bool_)) + 1).tolist()
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
        facts = (columns.event_node[event], columns.event_child[event], tuple(kids))  # of the cut-off event
        same_event = (cutoff.node, cutoff.child, tuple(cutoff.skipped)) == facts
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
