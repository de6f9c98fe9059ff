"""Replay checkpoints: a jump gives exactly the state of stepping there one event at a time, and costs little."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.trace_sources import SOURCES, depth_for
from visualizer.errors import VisualizerError
from visualizer.games import Player, random_tree
from visualizer.readwrite.trace_json import read_json
from visualizer.search import ALGORITHMS, trace_search
from visualizer.steps.replay import NodeView, Phase, Replay
from visualizer.tracing.events import EVENT_KINDS, Effect
from visualizer.tracing.trace import Trace

TRACES = sorted((Path(__file__).resolve().parents[2] / "traces").glob("*.json"))
"""The committed example traces."""


def state(replay: Replay) -> tuple:
    """Every field the app reads from a replay."""
    return (
        replay.step,
        tuple(replay.views),
        tuple(replay.stack),
        replay.current,
        replay.event,
        replay.visited,
        replay.evaluated,
        replay.cutoffs,
        replay.next_cutoff(),
    )


def reference_states(trace: Trace) -> list[tuple]:
    """The state at every step, by the rules of `Replay` written out again over `Event` records, one pass forward."""
    views, stack, visits, evaluations = [NodeView()] * len(trace.nodes), [], 0, 0
    pruned_at = {cutoff.step: cutoff.pruned for cutoff in trace.summary.cutoffs}
    cutoff_steps = sorted(pruned_at)
    events = list(trace.events)

    def snapshot(step: int) -> tuple:
        later = [cutoff for cutoff in cutoff_steps if cutoff > step]
        cutoffs = len(cutoff_steps) - len(later)
        event = events[step - 1] if step else None
        return (
            step,
            tuple(views),
            tuple(stack),
            event and event.node,
            event,
            visits,
            evaluations,
            cutoffs,
            later[0] if later else None,
        )

    states = [snapshot(0)]
    for event in events:
        node, old = event.node, views[event.node]
        value = event.value
        if value is not None and trace.is_negamax:
            value *= trace.nodes[node].player.sign
        effect = EVENT_KINDS[event.kind].effect
        if effect is Effect.OPEN:  # a node opened again shows the value it has (Monte Carlo selection)
            visits += 1
            views[node] = NodeView(Phase.OPEN, visits, value, event.alpha, event.beta)
            stack.append(node)
        else:
            phase = Phase.DONE if effect is Effect.CLOSE else old.phase
            views[node] = NodeView(phase, old.visit, old.value if value is None else value, event.alpha, event.beta)
        if effect is Effect.CLOSE:
            assert stack.pop() == node
        evaluations += effect is Effect.EVALUATE
        for pruned in pruned_at.get(event.step, ()) if effect is Effect.PRUNE else ():
            if views[pruned].visit is None:  # a node searched before the cut-off (a re-search's) stays searched
                views[pruned] = views[pruned]._replace(phase=Phase.PRUNED)
        states.append(snapshot(event.step))
    return states


class CountingReplay(Replay):
    """A replay that counts the events it applies one by one (every walk forward goes through `_walk`)."""

    replayed = 0

    def _walk(self, until: int) -> None:
        self.replayed += until - self.step
        super()._walk(until)


OPERATIONS = st.one_of(
    st.tuples(st.just("seek"), st.integers(-3, 80)),
    st.tuples(st.just("move"), st.integers(-12, 12)),
    st.tuples(st.sampled_from(["forward", "back", "start", "end", "finish", "cutoff"]), st.just(0)),
)


@given(
    seed=st.integers(0, 10_000),
    leaves=st.integers(1, 14),
    algorithm=st.sampled_from(ALGORITHMS),
    root=st.sampled_from((Player.MAX, Player.MIN)),
    depth=st.sampled_from((None, 1, 2)),
    interval=st.integers(1, 9),
    operations=st.lists(OPERATIONS, max_size=25),
)
def test_every_jump_and_step_matches_stepping_from_the_start(
    seed, leaves, algorithm, root, depth, interval, operations
):
    tree = random_tree(leaves=leaves, branching=3, seed=seed, root=root)
    try:
        trace = trace_search(tree, algorithm, depth=depth)
    except VisualizerError:  # a look-ahead on a tree without values at inner nodes (iterative deepening)
        return
    expected = reference_states(trace)
    replay = CountingReplay(trace, interval=interval)
    for name, number in operations:
        before, cost = replay.replayed, replay.seek_cost(replay.count if name == "end" else number)
        if name == "seek":
            replay.seek(number)
        elif name == "move":
            replay.seek(replay.step + number)
        elif name == "forward":
            at_end = replay.step == replay.count
            assert replay.forward() is not at_end
        elif name == "back":
            at_start = replay.step == 0
            assert replay.back() is not at_start
        elif name == "start":
            replay.seek(0)
        elif name == "end":
            replay.seek(replay.count)
        elif name == "finish":
            replay.finish()
            cost = 0
        elif replay.next_cutoff() is not None:
            replay.seek(replay.next_cutoff())
        assert state(replay) == expected[replay.step]
        if name in ("seek", "end", "finish"):
            assert replay.replayed - before == cost  # what the app reads to choose a long jump


@pytest.mark.parametrize("path", TRACES, ids=lambda path: path.stem)
@pytest.mark.parametrize("interval", [1, 4, 25])
def test_committed_traces_jump_and_step_back_exactly(path, interval):
    trace = read_json(path)
    expected = reference_states(trace)
    replay = Replay(trace, interval=interval)
    order = list(range(replay.count + 1))
    random.Random(path.stem).shuffle(order)
    for step in order:
        replay.seek(step)
        assert state(replay) == expected[step]
    replay.seek(replay.count)
    while replay.back():  # back across every checkpoint, the undo log rebuilt segment by segment
        assert state(replay) == expected[replay.step]
    assert replay.step == 0 and not replay.back()
    finished = Replay(trace, interval=interval)
    finished.finish()  # the final state read from the columns, no checkpoint built
    assert state(finished) == expected[finished.count]
    while finished.back():
        assert state(finished) == expected[finished.step]


@pytest.mark.parametrize("source", sorted(SOURCES))
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_game_traces_of_every_algorithm_jump_exactly(source, algorithm):
    if source == "nested" and algorithm == "id":
        pytest.skip("nested lists have no values at inner nodes: iterative deepening refuses them")
    trace = trace_search(SOURCES[source](), algorithm, depth=depth_for(source))
    expected = reference_states(trace)
    replay = Replay(trace, interval=7)
    picks = random.Random(f"{source}-{algorithm}")
    for step in [replay.count, 0, replay.count // 2, *picks.choices(range(replay.count + 1), k=40), 0]:
        replay.seek(step)
        assert state(replay) == expected[step]
        replay.back()
        assert state(replay) == expected[max(step - 1, 0)]
    for step in (0, replay.count // 2, replay.count - 1):  # from the final state, unbuilt checkpoints and built
        finished = Replay(trace, interval=7)
        finished.seek(step)
        finished.finish()
        assert state(finished) == expected[finished.count]
        finished.back()
        assert state(finished) == expected[finished.count - 1]


def test_the_first_pass_builds_the_checkpoints_and_later_jumps_replay_at_most_an_interval():
    trace = trace_search(SOURCES["tictactoe"](), "minimax")
    interval = 10
    replay = CountingReplay(trace, interval=interval)
    count = replay.count
    assert count > 20 * interval and replay.frontier == 0
    replay.seek(count)
    assert replay.replayed == count  # one pass, no more
    assert replay.frontier == count // interval * interval
    picks = random.Random(16)
    for step in [0, count, *picks.choices(range(count + 1), k=200)]:
        before = replay.replayed
        assert replay.seek_cost(step) <= interval
        replay.seek(step)
        assert replay.step == step and replay.replayed - before <= interval
    before = replay.replayed
    replay.seek(count // 2)
    while replay.step > count // 2 - 3 * interval:  # stepping back replays one segment per segment crossed
        replay.back()
    assert replay.replayed - before <= 4 * interval


def test_the_undo_log_stays_within_two_intervals():
    trace = trace_search(SOURCES["connect4"](), "alphabeta", depth=depth_for("connect4"))
    replay = Replay(trace, interval=5)
    longest = 0
    while replay.forward():
        longest = max(longest, len(replay._log_marks))  # the per-step undo records held
    assert replay.count > 50 and longest <= 2 * 5


def test_a_jump_beyond_the_built_checkpoints_walks_from_the_last_one():
    trace = trace_search(SOURCES["nim"](), "alphabeta")
    replay = CountingReplay(trace, interval=4)
    replay.seek(30)
    assert (replay.replayed, replay.frontier) == (30, 28)
    assert replay.seek_cost(60) == 30
    replay.seek(10)
    assert replay.seek_cost(60) == 60 - 28
    replay.seek(60)
    assert replay.replayed == 30 + 2 + 32  # 10 is 2 past checkpoint 8; 60 is walked from checkpoint 28
    assert replay.frontier == 60


def test_an_interval_below_one_is_refused():
    with pytest.raises(ValueError, match="interval must be 1 or more"):
        Replay(trace_search(SOURCES["example"](), "minimax"), interval=0)


def test_seeking_yields_progress_between_whole_steps_and_ends_where_seek_does():
    trace = trace_search(SOURCES["connect4"](), "alphabeta", depth=depth_for("connect4"))
    expected = reference_states(trace)
    replay = Replay(trace, interval=16)
    count = replay.count
    fractions = []
    for fraction in replay.seeking(count, chunk=40):
        fractions.append(fraction)
        assert state(replay) == expected[replay.step]
        assert fraction == replay.step / count
    assert len(fractions) == -(-count // 40) and fractions[-1] == 1.0 and fractions == sorted(fractions)
    assert list(replay.seeking(3, chunk=40)) == [1.0] and state(replay) == expected[3]  # built: one chunk
    fresh = Replay(trace, interval=16)
    for _ in fresh.seeking(count - 1, chunk=40):
        break  # a jump dropped after its first chunk leaves a whole step behind
    assert fresh.step == 40 and state(fresh) == expected[40]
    fresh.seek(count - 1)
    assert state(fresh) == expected[count - 1]
