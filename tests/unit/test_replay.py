"""Replaying traces step by step: exact states forward and back, and one sentence per event."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from visualizer.games import Player, builtin_example, from_nested, random_tree
from visualizer.search import ALGORITHMS, trace_search
from visualizer.steps.describe import describe
from visualizer.steps.replay import NodeView, Phase, Replay
from visualizer.tracing import EventKind


def snapshot(replay: Replay) -> tuple:
    return (replay.step, tuple(replay.views), tuple(replay.stack), replay.visited, replay.evaluated, replay.cutoffs)


def test_state_at_the_first_cutoff_of_the_builtin_example():
    trace = trace_search(builtin_example(), "alphabeta")
    names = {node.name: node.id for node in trace.nodes}
    replay = Replay(trace)
    assert replay.next_cutoff() == 21  # hand count: 20 events reach E's value 3 from J
    replay.seek(21)
    assert trace.nodes[replay.current].name == "E"
    assert [trace.nodes[node].name for node in replay.stack] == ["A", "B", "E"]
    assert replay.views[names["K"]].phase is Phase.PRUNED
    assert replay.views[names["E"]] == NodeView(Phase.OPEN, 6, 3, 6, float("inf"))
    assert replay.views[names["D"]] == NodeView(Phase.DONE, 3, 6, float("-inf"), 6)
    assert replay.views[names["C"]].phase is Phase.UNSEEN
    assert (replay.visited, replay.cutoffs) == (7, 1)
    assert replay.evaluated == 3  # H, I and J
    assert replay.next_cutoff() == 46


def test_the_end_matches_the_trace():
    trace = trace_search(builtin_example(), "minimax")
    replay = Replay(trace)
    replay.seek(10**9)
    assert replay.step == replay.count == 52 and replay.stack == []
    assert all(view.phase is Phase.DONE for view in replay.views)
    assert [view.value for view in replay.views] == [node.value for node in trace.nodes]
    assert not replay.forward()


@given(
    seed=st.integers(0, 10_000),
    leaves=st.integers(1, 12),
    algorithm=st.sampled_from(ALGORITHMS),
    root=st.sampled_from((Player.MAX, Player.MIN)),
    steps=st.lists(st.integers(-5, 5), max_size=30),
)
def test_stepping_back_restores_every_state_exactly(seed, leaves, algorithm, root, steps):
    trace = trace_search(random_tree(leaves=leaves, branching=3, seed=seed, root=root), algorithm)
    replay, fresh = Replay(trace), None
    for move in steps:
        replay.seek(replay.step + move)
        fresh = Replay(trace)
        fresh.seek(replay.step)  # reached going forward only
        assert snapshot(replay) == snapshot(fresh)
    replay.seek(replay.count)
    values = [view.value for view, node in zip(replay.views, trace.nodes) if view.phase is Phase.DONE]
    finished = [
        node.value
        for node, view in zip(trace.nodes, replay.views)
        if node.visit is not None and not (view.phase is Phase.PRUNED and trace.traits.revisits)
    ]
    assert values == finished  # a search that revisits may skip a node it searched before (a re-search)


def test_sentences_of_the_builtin_example():
    trace = trace_search(builtin_example(), "alphabeta")
    sentences = [describe(trace, event) for event in trace.events]
    assert sentences[0] == "Enter A (MIN, depth 0) with window [-inf, +inf]."
    assert sentences[4] == "H is a leaf: static value 6."
    assert sentences[6] == "D takes H = 6, so D = 6."
    assert sentences[7] == "D: beta = 6, window now [-inf, 6]."
    assert sentences[20] == "E: J = 3 <= alpha 6, so K is pruned (cut-off)."
    assert sentences[-1] == "Done: A = 2, best move C."
    assert all("\n" not in sentence for sentence in sentences)


def test_sentences_for_depth_limit_negamax_and_strict():
    limited = trace_search(builtin_example(), "minimax", depth=1)
    assert describe(limited, limited.events[2]) == "B is at the depth limit: static value 3."
    negamax = trace_search(from_nested("[[3,5],[2,9]]"), "negamax-ab")
    cut = next(event for event in negamax.events if event.kind is EventKind.CUTOFF)
    # C (MIN) sees F = 2 as -2 from its own view; beta there is -3 (MAX's alpha 3 negated).
    assert describe(negamax, cut) == "C: -F = -2 >= beta -3, so G is pruned (cut-off; MIN's view)."
    backed = next(event for event in negamax.events if event.kind is EventKind.BACK_UP)
    assert describe(negamax, backed) == "B takes -D = -3, so B = -3 (MIN's view)."
    strict = trace_search(from_nested("[[3,5],[2,9]]"), "alphabeta", strict=True)
    cut = next(event for event in strict.events if event.kind is EventKind.CUTOFF)
    assert describe(strict, cut) == "C: F = 2 < alpha 3, so G is pruned (cut-off)."
