"""`check_trace`'s walk of the events (numpy) accepts exactly the traces a plain one-by-one walk accepts, and
names the same first step with the same message."""

import dataclasses
import random

import numpy as np
import pytest
from object_recorder import columns_from_records

from visualizer.errors import InputError
from visualizer.games import Nim, TicTacToe, builtin_example, random_tree
from visualizer.readwrite.check import (
    _EFFECTS,
    _HAS_SKIPPED,
    BACK_UP,
    RESEARCH,
    _check_events,
    check_trace,
    inconsistent,
)
from visualizer.search import trace_search
from visualizer.tracing.events import Effect
from visualizer.tracing.trace_columns import HAS_CHILD, KINDS, NO_CHILD

_OPEN, _CLOSE, _PRUNE = Effect.OPEN, Effect.CLOSE, Effect.PRUNE

SEARCHES = [
    (lambda: builtin_example(), "alphabeta", {}),
    (lambda: builtin_example(), "minimax", {}),
    (lambda: TicTacToe("X.O/.X./..."), "alphabeta", {}),
    (lambda: TicTacToe("X.O/.X./..."), "negamax-ab", {}),
    (lambda: TicTacToe("X.O/.X./..."), "pvs", {}),
    (lambda: TicTacToe("X.O/.X./..."), "alphabeta", {"tt": True}),
    (lambda: TicTacToe("X.O/.X./..."), "pvs", {"tt": True}),
    (lambda: Nim(6), "mcts", {"iterations": 30, "seed": 1}),
    (lambda: random_tree(branching=3, depth=3, seed=4), "alphabeta", {}),
]


def _copy(trace):
    """The trace with plain, changeable columns."""
    columns = columns_from_records(list(trace.nodes), list(trace.events))
    return dataclasses.replace(trace, columns=columns)


def _unentered_children(kids, node: int, parents, entered: bytearray, revisits: bool) -> bool:
    return all(parents[kid] == node and not (entered[kid] and not revisits) for kid in kids)


def _one_by_one(trace, name):
    """The reference walk: the events one by one, with a stack of the open nodes (as `_check_events`
    was once written); returns the entered nodes in order, or raises naming the first that does not fit."""
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


def _bulk(trace, name):
    """`_check_events` given the parents as `check_trace` passes them (every node but the root has one)."""
    parents = trace.columns.parent
    return _check_events(trace, np.fromiter((-1 if parent is None else parent for parent in parents), np.int32), name)


def _outcome(walk, trace):
    """The entered nodes, or the message of the error."""
    try:
        return walk(trace, "the trace")
    except InputError as error:
        return str(error)


@pytest.mark.parametrize("make, algorithm, options", SEARCHES)
def test_both_walks_give_the_same_visits_of_a_recorded_search(make, algorithm, options):
    trace = _copy(trace_search(make(), algorithm, **options))
    assert _one_by_one(trace, "the trace") == list(trace.summary.visit_order)
    assert _bulk(trace, "the trace") == list(trace.summary.visit_order)


def _mutations(trace, rng):
    """Copies of `trace` with one event field, parent or skipped list changed at random."""
    columns = trace.columns
    count, nodes = columns.event_count, columns.node_count
    for _ in range(60):
        changed = _copy(trace)
        target = changed.columns
        index = rng.randrange(count)
        what = rng.choice(["node", "kind", "child", "parent", "skipped", "ref", "swap"])
        if what == "node":
            target.event_node[index] = rng.randrange(nodes)
        elif what == "kind":
            target.event_kind[index] = rng.randrange(len(KINDS))
        elif what == "child":
            target.event_child[index] = rng.choice([NO_CHILD, rng.randrange(nodes)])
        elif what == "parent" and nodes > 1:
            target.parent[rng.randrange(1, nodes)] = rng.randrange(nodes)
        elif what == "ref" and "ref" in target.event_extra:  # a transposition's link moved to another node
            refs = target.event_extra["ref"]
            refs[rng.choice(list(refs))] = rng.randrange(nodes)
        elif what == "skipped":
            target.event_skipped[index + 1] = (rng.randrange(nodes),)
        elif index + 1 < count:  # two neighbouring events swapped
            for column in (target.event_kind, target.event_node, target.event_child):
                column[index], column[index + 1] = column[index + 1], column[index]
        yield changed


@pytest.mark.parametrize("make, algorithm, options", SEARCHES)
def test_a_changed_trace_is_refused_by_both_walks_or_by_neither_with_the_same_message(make, algorithm, options):
    rng = random.Random(7)
    trace = trace_search(make(), algorithm, **options)
    refused = 0
    for changed in _mutations(trace, rng):
        expected = _outcome(_one_by_one, changed)
        assert _outcome(_bulk, changed) == expected
        refused += isinstance(expected, str)
    assert refused > 10  # the changes do break traces


@pytest.mark.parametrize("parent, message", [(None, "has no parent"), (0, "not one level below it")])
def test_a_node_out_of_place_is_named(parent, message):
    trace = _copy(trace_search(builtin_example(), "minimax"))
    trace.columns.parent[8] = parent  # node I (a leaf, depth 3) put under the root, or under none
    with pytest.raises(InputError, match=f"node 'I' .*{message}"):
        check_trace(trace)


def test_a_recorded_trace_passes():
    trace = trace_search(TicTacToe("X.O/.X./..."), "alphabeta")
    check_trace(trace)  # raises if it did not pass
    assert _bulk(trace, "the trace") == list(trace.summary.visit_order)
