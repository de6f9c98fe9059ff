"""Drawings of a Monte Carlo search show each node's visits and its mean, not a visit number."""

import re

from visualizer.dot.frames import step_to_dot
from visualizer.dot.write import to_dot
from visualizer.games import TicTacToe
from visualizer.games.explicit import builtin_example
from visualizer.pictures.figure import Figure
from visualizer.pictures.scene import finished_scene, scene_at
from visualizer.pictures.svg import to_svg
from visualizer.search import trace_search
from visualizer.steps.replay import Replay
from visualizer.tracing.events import EventKind


def monte_carlo(iterations=30):
    return trace_search(builtin_example(), "mcts", iterations=iterations, seed=3)


def backpropagated(trace, *, until=None):
    """Each node's visits and mean after its last backpropagation up to step `until`, read from the events."""
    seen = {}
    for event in trace.events[:until]:
        if event.kind is EventKind.BACKPROPAGATE:
            seen[event.node] = (event.visits, event.value)
    return seen


def test_the_finished_scene_shows_visits_and_rounded_means():
    trace = monte_carlo()
    looks, seen = finished_scene(trace).looks, backpropagated(trace)
    assert looks[0].visits == 30 and looks[0].visit_text == "n=30"
    for node, (visits, mean) in seen.items():
        assert looks[node].visits == visits
        assert looks[node].value == round(mean, 3)
    for node, look in enumerate(looks):
        if node not in seen:
            assert look.visits is None and look.status != "visited"


def test_a_step_shows_the_visits_so_far():
    trace = monte_carlo()
    replay = Replay(trace)
    middle = len(trace.events) // 2
    replay.seek(middle)
    looks, seen = scene_at(trace, replay).looks, backpropagated(trace, until=middle)
    for node, (visits, _mean) in seen.items():
        assert looks[node].visits == visits


def test_dot_labels_say_n_and_v():
    trace = monte_carlo()
    text = to_dot(trace)
    seen = backpropagated(trace)
    labels = dict(re.findall(r'tooltip="([^"]+)".*?label="[^"]*?\\n(n=\d+  v=[^"\\]+)', text))
    for node, (visits, mean) in seen.items():
        assert labels[trace.columns.name[node]] == f"n={visits}  v={round(mean, 3):g}"
    assert "#" not in "".join(labels.values())
    frame = step_to_dot(trace, Replay(trace))
    assert "n=" not in frame  # step 0: nothing visited yet


def test_the_figure_says_visits_in_its_legend_and_counts_distinct_nodes():
    trace = trace_search(TicTacToe("XX.OO...."), "mcts", iterations=60, seed=1)
    svg = to_svg(Figure(trace).still())
    assert "n=60" in svg and "visits (mean inside)" in svg and "visit order" not in svg
    distinct = len(set(trace.summary.visit_order))
    assert f"{distinct} of {len(trace.nodes)} nodes visited ({len(trace.summary.visit_order):,} entries)" in svg


def test_other_searches_keep_their_visit_numbers():
    trace = trace_search(builtin_example(), "alphabeta")
    looks = finished_scene(trace).looks
    assert looks[0].visits is None and looks[0].visit_text == "#1"
    assert "#1  v=2" in to_dot(trace)
