"""The light recording: hooks that only log, a summary read from the log, the columns filed on first read."""

import pytest
from object_recorder import ObjectRecorder

from visualizer.errors import NodeBudgetExceeded
from visualizer.games import Nim, TicTacToe
from visualizer.search import search, trace_search
from visualizer.tracing import EventKind, Recorder
from visualizer.tracing.principal_line import logged_line
from visualizer.tracing.trace_columns import KIND_CODES

ENTER, EVALUATE, BACK_UP, EXIT = (
    KIND_CODES[kind] for kind in (EventKind.ENTER, EventKind.EVALUATE, EventKind.BACK_UP, EventKind.EXIT)
)


def never(node):
    return False


def two_leaves(first, second, backed_up):
    """A root with two leaves: its kinds and its values (the back-ups report `backed_up`)."""
    kinds = [ENTER, ENTER, EVALUATE, EXIT, BACK_UP, ENTER, EVALUATE, EXIT, BACK_UP, EXIT]
    values = [first, first, backed_up[0], second, second, backed_up[1], backed_up[1]]
    return bytearray(kinds), values, [0, 1, 1]


def test_the_line_follows_the_last_back_up_that_changed_the_value():
    # MAX root: 3 then 5, the second child raises the value: it is the best.
    assert logged_line(*two_leaves(3, 5, (3, 5)), stops=never) == (0, 2)
    # 5 then 3: the second back-up keeps 5, so the first child stays the best.
    assert logged_line(*two_leaves(5, 3, (5, 5)), stops=never) == (0, 1)
    # A node the line stops at has no best child in the line.
    assert logged_line(*two_leaves(3, 5, (3, 5)), stops=lambda node: node == 0) == (0,)


def test_a_back_up_before_any_child_exits_is_left_to_the_replay():
    kinds, values, depths = two_leaves(3, 5, (3, 5))
    kinds[1:1] = bytes([BACK_UP])  # the root backs up before its first child has run
    values.insert(0, 4)
    assert logged_line(kinds, values, depths, stops=never) is None


def test_depths_past_255_are_searched_as_a_list():
    # A chain of 300 nodes, each with one child; the leaf is worth 1.
    count = 300
    kinds = bytearray([ENTER] * count + [EVALUATE, EXIT] + [BACK_UP, EXIT] * (count - 1))
    values = [1] * (2 + 2 * (count - 1))
    assert logged_line(kinds, values, list(range(count)), stops=never) == tuple(range(count))


@pytest.mark.parametrize(
    "algorithm, game",
    [
        ("minimax", lambda: TicTacToe("X.O/.X./..O")),
        ("negamax", lambda: TicTacToe("X.O/.X./...")),
        ("minimax", lambda: Nim(7)),
        ("alphabeta", lambda: TicTacToe("X.O/.X./...")),
        ("alphabeta", lambda: TicTacToe("X../.O./...")),
    ],
)
def test_a_light_search_is_summed_up_from_the_log_and_filed_when_read(algorithm, game):
    recorder = Recorder()
    search(game(), algorithm, tracer=recorder)
    trace = recorder.result()
    assert len(recorder.recording.event_kind) > 0
    assert len(recorder.recording.event_node) == 0  # the summary needed no replay
    oracle = ObjectRecorder()
    search(game(), algorithm, tracer=oracle)
    expected = oracle.result()
    assert trace.summary == expected.summary
    assert list(trace.events) == list(expected.events)  # reading them files the log
    assert len(recorder.recording.event_node) == len(expected.events)
    assert list(trace.nodes) == list(expected.nodes)


def test_skipped_children_do_not_count_against_the_node_budget():
    game = TicTacToe("X.O/.X./...")
    trace = trace_search(game, "alphabeta")
    entered = len(trace.summary.visit_order)
    assert trace.summary.pruned  # skipped children are logged among the entered ones
    assert trace_search(TicTacToe("X.O/.X./..."), "alphabeta", max_nodes=entered) == trace
    with pytest.raises(NodeBudgetExceeded):
        trace_search(TicTacToe("X.O/.X./..."), "alphabeta", max_nodes=entered - 1)


def test_an_alpha_beta_summary_read_from_the_log_names_each_cut_off_s_node_and_child():
    game = TicTacToe("X.O/.X./...")
    recorder = Recorder()
    search(game, "alphabeta", tracer=recorder)
    trace = recorder.result()
    assert len(recorder.recording.event_node) == 0  # no replay: the cut-offs were read from the log
    assert trace.summary.cutoffs
    for cutoff in trace.summary.cutoffs:  # checked against the events, which the replay files when read
        event = trace.events[cutoff.step - 1]
        assert event.kind is EventKind.CUTOFF
        assert (event.node, event.child, event.skipped) == (cutoff.node, cutoff.child, cutoff.skipped)
        assert trace.nodes[cutoff.child].parent == cutoff.node


def test_a_light_summary_is_worked_out_when_first_read():
    recorder = Recorder()
    search(TicTacToe("X.O/.X./..."), "alphabeta", tracer=recorder)
    trace = recorder.result()
    assert trace.summary._later is not None  # nothing read yet: the line and cut-offs wait
    assert trace.summary.value == search(TicTacToe("X.O/.X./..."), "minimax")  # known at once: the search's answer
    assert trace.summary._later is not None
    oracle = ObjectRecorder()
    search(TicTacToe("X.O/.X./..."), "alphabeta", tracer=oracle)
    assert trace.summary.cutoffs == oracle.result().summary.cutoffs  # the first read works every field out
    assert trace.summary._later is None
    assert len(recorder.recording.event_node) == 0  # still read from the log, without a replay


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_a_summary_the_log_cannot_give_is_worked_out_from_the_filed_columns(algorithm, monkeypatch):
    monkeypatch.setattr("visualizer.tracing.recorder.logged_line", lambda *arguments, **keywords: None)
    recorder = Recorder()
    search(TicTacToe("X../.O./..."), algorithm, tracer=recorder)
    trace = recorder.result()
    oracle = ObjectRecorder()
    search(TicTacToe("X../.O./..."), algorithm, tracer=oracle)
    assert trace.summary == oracle.result().summary
    assert len(recorder.recording.event_node) == len(trace.events)  # the replay filed the log to get it
