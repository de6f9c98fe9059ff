"""`check_trace`'s quick walk of the events accepts exactly the traces its detailed walk accepts."""

import dataclasses
import random

import pytest

from visualizer.errors import InputError
from visualizer.games import Nim, TicTacToe, builtin_example, random_tree
from visualizer.readwrite.check import _check_events, _walk, check_trace
from visualizer.search import trace_search
from visualizer.tracing.trace_columns import KINDS, NO_CHILD, TraceColumns

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
    columns = TraceColumns.from_records(list(trace.nodes), list(trace.events))
    return dataclasses.replace(trace, columns=columns)


def _detailed_accepts(trace):
    try:
        return _check_events(trace, "the trace")
    except InputError:
        return None


@pytest.mark.parametrize("make, algorithm, options", SEARCHES)
def test_both_walks_give_the_same_visits_of_a_recorded_search(make, algorithm, options):
    trace = _copy(trace_search(make(), algorithm, **options))
    assert _detailed_accepts(trace) == list(trace.summary.visit_order)
    assert _walk(trace) == list(trace.summary.visit_order)


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
def test_a_changed_trace_is_refused_by_both_walks_or_by_neither(make, algorithm, options):
    rng = random.Random(7)
    trace = trace_search(make(), algorithm, **options)
    refused = 0
    for changed in _mutations(trace, rng):
        detailed = _detailed_accepts(changed)
        walked = _walk(changed)
        assert walked == detailed
        refused += detailed is None
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
    assert _walk(trace) == list(trace.summary.visit_order)
