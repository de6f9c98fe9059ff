"""The column recorder records exactly what the plain object recorder (tests/object_recorder.py) does."""

import dataclasses
import gc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from object_recorder import ObjectRecorder
from trace_sources import SOURCES, depth_for

from visualizer.errors import InputError, NodeBudgetExceeded
from visualizer.games import Nim, Player, TicTacToe, builtin_example, random_tree
from visualizer.search import REGISTRY, search, trace_search
from visualizer.tracing import EventKind, Recorder
from visualizer.tracing.trace import check_names

GAMES = {
    **SOURCES,
    "tictactoe-min-root": lambda: TicTacToe("XO./.X./...", root=Player.MIN),  # 1,061 nodes
    "tictactoe-symmetry": lambda: TicTacToe("X../.O./...", symmetry=True),  # mirror-symmetric about a diagonal
    "nim-misere": lambda: Nim(6),
}


def record_both(game, algorithm, *, depth=None, strict=False, iterative=False):
    """(the column recorder's trace, the object recorder's trace) of one search.

    The object recorder cannot tell an iterative search from a recursive one, so the column
    recorder's `iterative` option is checked here and then cleared for the comparison.
    """
    old = ObjectRecorder()
    search(game, algorithm, depth=depth, strict=strict, iterative=iterative, tracer=old)
    new = trace_search(game, algorithm, depth=depth, strict=strict, iterative=iterative)
    assert new.iterative is iterative
    return dataclasses.replace(new, iterative=False), old.result()


def assert_same(new, old):
    assert len(new.events) == len(old.events) > 0
    assert list(new.nodes) == list(old.nodes)
    assert list(new.events) == list(old.events)
    assert new.summary == old.summary
    assert new == old
    assert len(new.columns.event_child) == len(old.events)  # events now read their child from the column:
    assert list(new.events) == list(old.events)
    for index in (0, len(old.events) // 2, -1):  # random access too, not only iteration
        assert new.events[index] == old.events[index]
    for index in (0, len(old.nodes) // 2, -1):
        assert new.nodes[index] == old.nodes[index]


VERSIONS = [
    (name, iterative)
    for name, record in REGISTRY.items()
    for iterative in ((False, True) if record.iterative is not None else (False,))
]
"""Each registered algorithm recursive, and iterative when it has an explicit-stack version."""


@pytest.mark.parametrize(
    "algorithm, iterative",
    VERSIONS,
    ids=[f"{name}-{'iterative' if iterative else 'recursive'}" for name, iterative in VERSIONS],
)
@pytest.mark.parametrize("source", GAMES)
def test_same_trace_as_the_object_recorder(source, algorithm, iterative):
    if source == "nested" and algorithm == "id":
        pytest.skip("nested lists have no values at inner nodes: iterative deepening refuses them")
    assert_same(*record_both(GAMES[source](), algorithm, depth=depth_for(source), iterative=iterative))


@pytest.mark.parametrize("algorithm", ["alphabeta", "negamax-ab"])
def test_same_trace_with_strict_cuts_and_a_depth_limit(algorithm):
    # Depth 2 of the 15-node tree leaves unreached nodes; strict cuts change which are pruned.
    new, old = record_both(builtin_example(), algorithm, depth=2, strict=True)
    assert old.summary.unreached
    assert_same(new, old)


@settings(max_examples=40, deadline=None)
@given(
    leaves=st.integers(1, 40),
    branching=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    version=st.sampled_from(VERSIONS),
    strict=st.booleans(),
)
def test_random_trees_record_the_same(leaves, branching, seed, version, strict):
    game = random_tree(leaves=leaves, branching=branching, value_range=(-3, 3), seed=seed)
    algorithm, iterative = version
    assert_same(*record_both(game, algorithm, strict=strict, iterative=iterative))


def test_each_event_names_its_child_as_recorded():
    # The recorder writes each back-up's and cut-off's child as the search reports it; on a
    # depth-first search that is the node that exited just before (a back-up) or the back-up's child.
    trace = trace_search(TicTacToe("X.O/.X./..O"), "alphabeta")
    events = list(trace.events)
    for before, event in zip(events, events[1:]):
        if event.kind is EventKind.BACK_UP:
            assert before.kind is EventKind.EXIT and event.child == before.node
        elif event.kind is EventKind.CUTOFF:
            assert before.kind is EventKind.BACK_UP and event.child == before.child
        else:
            assert event.child is None
    assert sum(event.kind is EventKind.CUTOFF for event in events) > 3


def test_budget_and_progress_as_before():
    seen = []
    trace_search(TicTacToe("X........"), "minimax", progress=seen.append)
    assert seen == [25_000, 50_000]  # 59,705 nodes below X in the corner
    with pytest.raises(NodeBudgetExceeded, match="passed 100 nodes"):
        trace_search(TicTacToe(), "minimax", max_nodes=100)


def test_gc_runs_again_after_a_recording_even_one_that_fails():
    assert gc.isenabled()
    trace_search(builtin_example(), "alphabeta")
    assert gc.isenabled()
    with pytest.raises(NodeBudgetExceeded):
        trace_search(TicTacToe(), "minimax", max_nodes=10)
    assert gc.isenabled()


def test_a_second_search_is_a_second_pass():
    recorder = Recorder()
    search(builtin_example(), "minimax", tracer=recorder)
    search(builtin_example(), "alphabeta", tracer=recorder)
    trace = recorder.result()
    assert [one.algorithm for one in trace.passes] == ["minimax", "alphabeta"]
    assert trace.earlier_passes == (trace_search(builtin_example(), "minimax"),)
    assert dataclasses.replace(trace, earlier_passes=()) == trace_search(builtin_example(), "alphabeta")


def test_a_pass_cannot_begin_inside_another():
    recorder = Recorder()
    game = builtin_example()
    recorder.begin(game, algorithm="minimax", depth_limit=None, strict=False)
    recorder.enter(0, None, depth=0, alpha=None, beta=None)
    with pytest.raises(RuntimeError, match="still open"):
        recorder.begin(game, algorithm="minimax", depth_limit=None, strict=False)


def test_hooks_looked_up_before_begin_still_record():
    # A search may bind tracer.enter etc. to locals before it calls begin.
    recorder = Recorder()
    enter, exit_node = recorder.enter, recorder.exit
    game = builtin_example()
    recorder.begin(game, algorithm="minimax", depth_limit=0, strict=False)
    enter(0, None, depth=0, alpha=None, beta=None)
    recorder.evaluate(0, 7)
    exit_node(0, 7)
    recorder.end(7)
    trace = recorder.result()
    assert [event.kind.value for event in trace.events] == ["enter", "evaluate", "exit"]
    assert trace.summary.value == 7


def test_a_recorder_without_a_search_says_so():
    with pytest.raises(RuntimeError, match="no search began"):
        Recorder().result()


class _LabelledNim(Nim):
    """NIM whose takes are named by `labels` (take -> label), for the path names' uniqueness."""

    def __init__(self, labels, root_name="root"):
        super().__init__(4)
        self.labels, self.name_of_root = labels, root_name

    def move_label(self, state, move):
        return self.labels[move]

    def root_name(self):
        return self.name_of_root


@pytest.mark.parametrize(
    "labels, root_name, proven, unique",
    [
        ({1: "a", 2: "b", 3: "c"}, "root", True, True),
        ({1: "a", 2: "a", 3: "c"}, "root", False, False),  # siblings alike
        ({1: "a", 2: "b", 3: "a.a"}, "root", False, False),  # a dotted label meets a path
        ({1: "a.1", 2: "b", 3: "c"}, "root", False, True),  # dotted, yet unique: hashed to be sure
        ({1: "a", 2: "b", 3: "c"}, "b", False, False),  # the root named as a child
    ],
)
def test_path_names_are_proven_unique_or_checked(labels, root_name, proven, unique):
    trace = trace_search(_LabelledNim(labels, root_name), "minimax")
    names = trace.columns.name
    assert (trace.columns.checked_names == names) is proven  # proven unique while made: not hashed again
    assert (len(set(names)) == len(names)) is unique
    if unique:
        check_names(trace)
    else:
        with pytest.raises(InputError, match="is used by more than one node"):
            check_names(trace)
