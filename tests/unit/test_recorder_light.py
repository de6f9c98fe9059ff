"""The light recording: hooks that only log, a log filed into columns (a chunk at a time) on first read."""

import dataclasses

import pytest
from object_recorder import ObjectRecorder
from toys import ExpectimaxExample
from trace_sources import SOURCES, depth_for

from visualizer.errors import NodeBudgetExceeded
from visualizer.games import TicTacToe, builtin_example
from visualizer.search import search, trace_search
from visualizer.tracing import Recorder, filing


def recorded(game, algorithm, **options):
    """(the recorder's trace, the object recorder's trace) of one search."""
    recorder, oracle = Recorder(), ObjectRecorder()
    search(game(), algorithm, tracer=recorder, **options)
    search(game(), algorithm, tracer=oracle, **options)
    return recorder.result(), oracle.result()


def test_the_hooks_only_log_and_the_trace_is_filed_when_first_read():
    recorder = Recorder()
    search(TicTacToe("X.O/.X./..."), "alphabeta", tracer=recorder)
    trace = recorder.result()
    assert len(recorder.recording.event_kind) > 0
    assert "filed" not in vars(trace.columns)  # nothing worked out yet
    assert trace.summary._later is not None
    assert trace.summary.value == search(TicTacToe("X.O/.X./..."), "minimax")  # known at once: the search's answer
    assert "filed" not in vars(trace.columns)
    oracle = ObjectRecorder()
    search(TicTacToe("X.O/.X./..."), "alphabeta", tracer=oracle)
    assert trace.summary.cutoffs == oracle.result().summary.cutoffs  # the first read works every field out
    assert trace.summary._later is None
    assert "filed" in vars(trace.columns)


CASES = [
    ("example", "alphabeta", {}),
    ("nested", "negamax-ab", {}),
    ("tictactoe", "minimax", {}),
    ("tictactoe", "alphabeta", {"tt": True}),
    ("tictactoe", "pvs", {"tt": True}),
    ("nim", "mtdf", {"tt": True}),
    ("nim", "id", {"tt": True}),
    ("connect4", "negamax-ab", {"depth": 3}),
    ("example", "pvs", {}),
    ("tictactoe", "mcts", {"iterations": 25, "seed": 3}),
    ("example", "mcts", {"iterations": 25, "seed": 3}),
]


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64])
@pytest.mark.parametrize("source, algorithm, options", CASES, ids=[f"{s}-{a}" for s, a, _ in CASES])
def test_filing_a_chunk_at_a_time_records_what_the_object_recorder_does(source, algorithm, options, chunk, monkeypatch):
    # Nodes left open at the end of one chunk carry their visit, value and window into the next.
    monkeypatch.setattr(filing, "CHUNK", chunk)
    options = {"depth": depth_for(source), **options} if depth_for(source) else options
    new, old = recorded(SOURCES[source], algorithm, **options)
    assert list(new.nodes) == list(old.nodes)
    assert list(new.events) == list(old.events)
    assert new.summary == old.summary
    assert [one.summary for one in new.passes] == [one.summary for one in old.passes]


@pytest.mark.parametrize("chunk", [1, 5, 64])
@pytest.mark.parametrize("algorithm, options", [("expectimax", {}), ("star1", {"bounds": (0, 15)})])
def test_chance_searches_file_alike_in_chunks(algorithm, options, chunk, monkeypatch):
    monkeypatch.setattr(filing, "CHUNK", chunk)
    new, old = recorded(ExpectimaxExample, algorithm, **options)
    assert algorithm == "expectimax" or any(event.kind.value == "chance_cutoff" for event in new.events)
    assert list(new.events) == list(old.events)
    assert [dataclasses.replace(node, probability=None) for node in new.nodes] == list(old.nodes)  # (the oracle's)
    assert new.summary == old.summary


def test_a_node_s_depth_is_its_place_on_the_stack():
    # The hooks log no depth: each node's is the number of nodes open above it when it opens.
    trace = trace_search(builtin_example(), "alphabeta")
    for node in trace.nodes:
        assert node.depth == (0 if node.parent is None else trace.nodes[node.parent].depth + 1)
    assert max(node.depth for node in trace.nodes) == 3


def test_skipped_children_do_not_count_against_the_node_budget():
    game = TicTacToe("X.O/.X./...")
    trace = trace_search(game, "alphabeta")
    entered = len(trace.summary.visit_order)
    assert trace.summary.pruned  # skipped children are logged among the entered ones
    assert trace_search(TicTacToe("X.O/.X./..."), "alphabeta", max_nodes=entered) == trace
    with pytest.raises(NodeBudgetExceeded):
        trace_search(TicTacToe("X.O/.X./..."), "alphabeta", max_nodes=entered - 1)


def test_the_line_follows_the_last_back_up_that_changed_a_node_s_value():
    # The best child is the one whose back-up last changed the root's value, read off the events here.
    trace = trace_search(builtin_example().replace(root_player=builtin_example().root_player.other), "minimax")
    oracle = ObjectRecorder()
    search(builtin_example().replace(root_player=builtin_example().root_player.other), "minimax", tracer=oracle)
    assert trace.summary.principal_variation == oracle.result().summary.principal_variation
    root_children = trace.nodes[0].children
    backed_up = [event for event in trace.events if event.kind.value == "back_up" and event.node == 0]
    changes = [
        event.child for before, event in zip([None, *backed_up], backed_up) if (before and before.value) != event.value
    ]
    assert trace.summary.best_child == changes[-1]
    assert trace.summary.best_child in root_children
