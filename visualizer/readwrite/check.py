"""Provides `check_trace`: a trace read from a file must be one a search could have recorded, which the
JSON reader checks before anyone steps through it.

The events of a big trace (1.9 million for the full tic-tac-toe minimax) are walked twice at most:
first by `_walk`, which only answers whether they fit (the checks that need no running state done
in bulk, in C, before it), then, only when they do not, by `_check_events`, which names the first
step that does not fit. The two accept the same traces.
"""

from __future__ import annotations

from itertools import compress, islice
from itertools import count as counter
from operator import eq

from visualizer.errors import TraceFileError
from visualizer.tracing.events import EVENT_KINDS, Effect, EventKind
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import HAS_CHILD, KIND_CODES, KINDS, NO_CHILD

__all__ = ["check_trace", "inconsistent"]

_FIX = "export the trace again"


def inconsistent(name: str, problem: str) -> TraceFileError:
    """The error for a trace file whose records are well formed but do not hang together."""
    return TraceFileError(f"{name} is not a consistent trace: {problem}; {_FIX}")


_problem = inconsistent


BACK_UP, RESEARCH = KIND_CODES[EventKind.BACK_UP], KIND_CODES[EventKind.RESEARCH]
_EFFECTS = [EVENT_KINDS[kind].effect for kind in KINDS]
"""Each kind's effect, by code."""
_HAS_SKIPPED = [("skipped" in EVENT_KINDS[kind].carries) for kind in KINDS]
_OPEN, _CLOSE, _PRUNE = Effect.OPEN, Effect.CLOSE, Effect.PRUNE


def check_trace(trace: Trace, *, name: str = "the graph") -> None:
    """Checks that a rebuilt trace is one a search could have recorded, so that `Replay` and the app
    can step through it: every node but the root hangs one level below its parent, and the events
    are one depth-first walk from the root (see `_check_events`) that the summary describes.

    Raises:
        TraceFileError: naming the first node or step that does not fit.
    """
    columns = trace.columns
    parents, depths, names = columns.parent, columns.depth, columns.name
    if parents[0] is not None or depths[0] != 0:
        raise _problem(name, f"node 0 ({names[0]!r}) must be the root, at depth 0 without a parent")
    below = list(islice(parents, 1, columns.node_count))
    if None in below or not all(map(eq, islice(depths, 1, None), map(_one_more, map(depths.__getitem__, below)))):
        _check_nodes(parents, depths, names, columns.node_count, name)  # which node, and how
    entered = _walk(trace)
    if entered is None:  # something does not fit: walk again to say what
        entered = _check_events(trace, name)
    _check_summary(trace, entered, name)


_one_more = (1).__add__


def _check_nodes(parents, depths, names, count: int, name: str) -> None:
    """Every node but the root has a parent one level above it (raises for the first that does not)."""
    for node in range(1, count):
        parent = parents[node]
        if parent is None:
            raise _problem(name, f"node {names[node]!r} has no parent, which only the root (node 0) may lack")
        if depths[node] != depths[parent] + 1:
            problem = f"node {names[node]!r} has depth {depths[node]} under a parent at depth {depths[parent]}"
            raise _problem(name, problem + ", not one level below it")


_ROLES = tuple(
    0
    if kind_effect is _OPEN
    else 1
    if kind_effect is _CLOSE
    else 2
    if code == BACK_UP
    else 3
    if kind_effect is _PRUNE or code == RESEARCH
    else 4
    for code, kind_effect in enumerate(_EFFECTS)
)
"""What `_walk` does at each kind, by code: 0 opens a node, 1 closes it, 3 (cut-offs, re-searches)
is checked as `_check_events` does; the others (2, a back-up, whose child is checked in bulk, and 4)
only have to be at the innermost open node."""

_LACKS_CHILD = bytes(not carries for carries in HAS_CHILD[: len(KINDS)]) + bytes(256 - len(KINDS))
"""`HAS_CHILD`'s other half: 1 for the codes of kinds that carry no child (0 for codes of no kind)."""


def _walk(trace: Trace) -> list[int] | None:
    """The entered nodes in order when the events pass `_check_events`, else None (about half its time).

    The checks that need no running state are made in bulk first: each event has a child exactly
    when its kind carries one, only cut-offs skip children. Transpositions' earlier nodes are left
    to `_check_events`, as are the rare kinds (`_ROLES` 3).
    """
    columns = trace.columns
    kinds, nodes, children, skipped = columns.event_kind, columns.event_node, columns.event_child, columns.event_skipped
    count = columns.event_count
    carries = kinds.translate(HAS_CHILD)
    lacking = kinds.translate(_LACKS_CHILD).count(1)
    if columns.event_extra.get("ref") or not count or carries.count(1) + lacking != count:
        return None  # a transposition's link, or a kind code out of range
    if NO_CHILD in compress(children, carries) or children.count(NO_CHILD) != lacking:
        return None  # an event whose kind carries a child lacks it, or (then) one whose kind does not has one
    if any(not (type(step) is int and 1 <= step <= count and _HAS_SKIPPED[kinds[step - 1]]) for step in skipped):
        return None
    if not _backs_up_what_closed(kinds, nodes, children):
        return None
    parents, revisits, roles = columns.parent, trace.traits.revisits, _ROLES
    entered, order, stack = bytearray(columns.node_count), [], []
    push, pop, add = stack.append, stack.pop, order.append
    top = None
    for index, kind, node in zip(counter(), kinds, nodes):
        role = roles[kind]
        if role == 0:
            if (entered[node] and (not revisits or node in stack)) or parents[node] != top:
                return None
            entered[node] = 1
            add(node)
            push(node)
            top = node
        elif node != top:
            return None
        elif role == 1:
            pop()
            top = stack[-1] if stack else None
        elif role == 3 and not _rare_fits(
            kind, index, node, children, kinds, parents, entered, stack, skipped, revisits
        ):
            return None
    return None if stack else order


def _backs_up_what_closed(kinds: bytearray, nodes, children) -> bool:
    """Each back-up follows a closing event, and takes the node that event closed as its child (in C)."""
    backs_up = kinds.translate(_BACKS_UP)
    if backs_up[:1] == b"\x01":
        return False
    after = int.from_bytes(backs_up[1:], "big")
    if after & ~int.from_bytes(kinds.translate(_CLOSES)[:-1], "big"):  # a back-up after an event that closes nothing
        return False
    return all(map(eq, compress(children, backs_up), compress(islice(nodes, 0, len(nodes) - 1), backs_up[1:])))


_BACKS_UP = bytes(code == BACK_UP for code in range(256))
_PRUNES = bytes(code < len(KINDS) and _EFFECTS[code] is _PRUNE for code in range(256))
_CLOSES = bytes(code < len(KINDS) and _EFFECTS[code] is _CLOSE for code in range(256))


def _rare_fits(kind: int, index: int, node: int, children, kinds, parents, entered, stack, skipped, revisits) -> bool:
    """`_check_events`'s checks of a cut-off or a re-search (at the innermost open node), for `_walk`."""
    child = children[index]
    if kind == RESEARCH:
        return parents[child] == node and bool(entered[child]) and child not in stack
    if index == 0 or kinds[index - 1] != BACK_UP or child != children[index - 1]:
        return False
    return _unentered_children(skipped.get(index + 1, ()), node, parents, entered, revisits)


def _unentered_children(kids, node: int, parents, entered: bytearray, revisits: bool) -> bool:
    """Each of `kids` is a child of `node` not entered yet (a search that revisits may skip one it searched)."""
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
            raise _problem(name, f"graph.events[{index}] ({KINDS[kind].value} at node {names[node]!r}) {problem}")
    if stack or not columns.event_count:
        raise _problem(name, "the events stop before the search is over (the root is never closed)")
    return order


def _check_summary(trace: Trace, entered: list[int], name: str) -> None:
    """The summary's cut-offs are the cut-off events, its visit order the entered nodes, and its
    principal variation a path down from the root."""
    columns, summary = trace.columns, trace.summary
    parents, kinds, skipped = columns.parent, columns.event_kind, columns.event_skipped
    steps = list(compress(range(1, len(kinds) + 1), kinds.translate(_PRUNES)))  # in C
    listed = [cutoff.step for cutoff in summary.cutoffs]
    if listed != steps:
        index = next(index for index, pair in enumerate(zip([*listed, None], [*steps, None])) if pair[0] != pair[1])
        what = f"lists step {listed[index]}" if index < len(listed) else "has no entry"
        actual = f"have step {steps[index]} there" if index < len(steps) else "end before it"
        raise _problem(name, f"graph.summary.cutoffs[{index}] {what}, but the cut-off events {actual}")
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
            raise _problem(name, problem + detail)
    if tuple(summary.visit_order) != tuple(entered):
        raise _problem(name, "graph.summary.visit_order is not the order in which the events enter the nodes")
    line = summary.principal_variation
    if (
        not line
        or line[0] != 0
        or any(parents[node] != before for before, node in zip(line, line[1:]))
        or summary.best_child != (line[1] if len(line) > 1 else None)
    ):
        raise _problem(name, "graph.summary.principal_variation is not a path down from the root through best_child")
