"""What shows a trace understands the new trace model: chance nodes, transposition events, several passes
and children searched in any order, in `Replay`, `describe`, `lockstep`, the figure and the drill.

Hand-worked facts used below:

- CS188's expectimax example (`ExpectimaxExample`): MAX over chance nodes a, b, c, each over three leaves
  drawn with probability 1/3: a = (3 + 12 + 9) / 3 = 8, b = (2 + 4 + 6) / 3 = 4, c = (15 + 6 + 0) / 3 = 7,
  root = max(8, 4, 7) = 8. Step 10 is a's second back-up (enter root, enter a, then enter, evaluate,
  exit and back-up of a.1, then a.2): a's expectation so far is 3/3 + 12/3 = 5.
- Two-pile NIM (2, 1), MAX to move, normal rules, searched by the transposition-table toy (fail-soft
  alpha-beta, moves tried A1, A2, B1): A1.A1.B1 reaches (0, 0) with MIN to move (+1, stored exact);
  A1.B1.A1 reaches the same position and takes it from the table (step 14); B1.A1.A1 does so again
  (step 32), its latest earlier node being A1.B1.A1. B1 = 1 <= alpha 1 cuts off B1.A2 (step 37).
  Root value +1 (A1 leaves (1, 1): MIN takes one, MAX takes the last). 40 events.
- Two-pile NIM (3, 3): every pile is 0 modulo 3, so the player to move (MAX) loses: root value -1.
"""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from tests.toys import (
    TOY_ALGORITHM,
    TOY_DEEPENING,
    TOY_EXPECTIMAX,
    TOY_TT,
    ExpectimaxExample,
    TwoPileNim,
    right_to_left_minimax,
    toy_expectimax,
    toy_iterative_deepening,
    toy_tt_alphabeta,
)
from visualizer.errors import InputError
from visualizer.games import builtin_example
from visualizer.pictures.drawing import Shape
from visualizer.pictures.figure import Figure
from visualizer.pictures.layout import GLYPH_HEIGHT
from visualizer.pictures.scene import finished_scene
from visualizer.pictures.svg import to_svg
from visualizer.pictures.tikz import to_tikz
from visualizer.practice.drill import CUTOFF, Drill, iter_questions
from visualizer.practice.exercise import Exercise
from visualizer.search import registered, trace_search
from visualizer.steps.describe import describe
from visualizer.steps.lockstep import lockstep
from visualizer.steps.replay import NodeView, Phase, Replay
from visualizer.tracing.events import Bound, EventKind
from visualizer.tracing.recorder import Recorder


@pytest.fixture(autouse=True)
def toy_algorithms():
    with registered(TOY_EXPECTIMAX), registered(TOY_TT), registered(TOY_DEEPENING), registered(TOY_ALGORITHM):
        yield


def record(search, game, **options):
    recorder = Recorder()
    search(game, tracer=recorder, **options)
    return recorder.result()


def ids(trace) -> dict[str, int]:
    return {node.name: node.id for node in trace.nodes}


def snapshot(replay: Replay) -> tuple:
    return (replay.step, tuple(replay.views), tuple(replay.stack), replay.visited, replay.evaluated, replay.cutoffs)


def assert_replays_exactly(trace) -> Replay:
    """Forward step by step, back step by step, then seeks in a shuffled order: each step shows the same."""
    replay = Replay(trace, interval=4)  # small, so that the walk crosses many checkpoints
    seen = [snapshot(replay)]
    while replay.forward():
        seen.append(snapshot(replay))
    assert replay.step == len(trace.events) and replay.stack == []
    while replay.back():
        assert snapshot(replay) == seen[replay.step]
    steps = list(range(len(seen)))
    random.Random(18).shuffle(steps)
    for step in steps:
        replay.seek(step)
        assert snapshot(replay) == seen[step]
    replay.seek(len(trace.events))
    return replay


# -- Replay ---------------------------------------------------------------------------------------------


def test_the_expectimax_replay_ends_with_the_hand_worked_expectations():
    trace = record(toy_expectimax, ExpectimaxExample())
    names = ids(trace)
    replay = assert_replays_exactly(trace)
    values = {name: replay.views[node].value for name, node in names.items()}
    assert (values["a"], values["b"], values["c"], values["root"]) == (8, 4, 7, 8)
    assert [values[f"{letter}.{draw}"] for letter in "abc" for draw in "123"] == [3, 12, 9, 2, 4, 6, 15, 6, 0]
    assert all(view.phase is Phase.DONE for view in replay.views)
    assert (replay.visited, replay.evaluated, replay.cutoffs) == (13, 9, 0)
    replay.seek(10)
    assert replay.views[names["a"]] == NodeView(Phase.OPEN, 2, 5, None, None)
    assert [trace.nodes[node].name for node in replay.stack] == ["root", "a"]


def test_a_transposition_sets_the_value_and_stepping_back_takes_it_away():
    trace = record(toy_tt_alphabeta, TwoPileNim((2, 1)))
    names = ids(trace)
    kinds = [event.kind for event in trace.events]
    assert len(kinds) == 40
    assert [event.step for event in trace.events if event.kind is EventKind.TRANSPOSITION] == [14, 32]
    assert kinds[12:15] == [EventKind.ENTER, EventKind.TRANSPOSITION, EventKind.EXIT]
    assert kinds[36] is EventKind.CUTOFF
    replay = Replay(trace)
    replay.seek(13)
    node = names["A1.B1.A1"]
    assert replay.views[node] == NodeView(Phase.OPEN, 6, None, float("-inf"), 1)
    replay.forward()
    assert replay.views[node] == NodeView(Phase.OPEN, 6, 1, float("-inf"), 1)  # the stored value, still open
    assert replay.stack[-1] == node and replay.evaluated == 1  # a table hit is no evaluation
    replay.back()
    assert replay.views[node] == NodeView(Phase.OPEN, 6, None, float("-inf"), 1)
    replay = assert_replays_exactly(trace)
    final = {name: replay.views[node].value for name, node in names.items() if name != "B1.A2"}
    assert final == {
        "root": 1,
        "A1": 1,
        "A1.A1": 1,
        "A1.A1.B1": 1,
        "A1.B1": 1,
        "A1.B1.A1": 1,
        "A2": -1,
        "A2.B1": -1,
        "B1": 1,
        "B1.A1": 1,
        "B1.A1.A1": 1,
    }
    assert replay.views[names["B1.A2"]].phase is Phase.PRUNED
    assert (replay.visited, replay.evaluated, replay.cutoffs) == (11, 2, 1)


def test_the_transposition_toy_on_three_and_three_replays_exactly():
    trace = record(toy_tt_alphabeta, TwoPileNim((3, 3)))
    assert sum(event.kind is EventKind.TRANSPOSITION for event in trace.events) == 24
    replay = assert_replays_exactly(trace)
    assert replay.views[0].value == -1


def test_every_pass_of_iterative_deepening_replays_exactly():
    trace = record(toy_iterative_deepening, TwoPileNim((2, 1)))
    assert [len(search.earlier_passes) for search in trace.passes] == [0, 0, 2]
    assert [search.depth_limit for search in trace.passes] == [1, 2, 3]
    first = trace.passes[0]  # look-ahead 1: A1, A2, B1 are all cut short at static value 0
    assert [(event.kind.value, first.nodes[event.node].name) for event in first.events] == [
        ("enter", "root"),
        ("enter", "A1"),
        ("evaluate", "A1"),
        ("exit", "A1"),
        ("back_up", "root"),
        ("update", "root"),
        ("enter", "A2"),
        ("evaluate", "A2"),
        ("exit", "A2"),
        ("back_up", "root"),
        ("enter", "B1"),
        ("evaluate", "B1"),
        ("exit", "B1"),
        ("back_up", "root"),
        ("exit", "root"),
    ]
    for search in trace.passes:
        replay = assert_replays_exactly(search)
        assert replay.views[0].phase is Phase.DONE
    assert replay.views[0].value == 1  # three plies end every game from (2, 1): the last pass is a full search


# -- describe -------------------------------------------------------------------------------------------


def test_chance_sentences():
    trace = record(toy_expectimax, ExpectimaxExample())
    sentences = [describe(trace, event) for event in trace.events]
    assert sentences[1] == "Enter a (CHANCE, depth 1)."
    assert sentences[5] == "a adds 1/3 x a.1 = 3: expectation so far 1."
    assert sentences[9] == "a adds 1/3 x a.2 = 12: expectation so far 5."
    assert sentences[13] == "a adds 1/3 x a.3 = 9: expectation so far 8."
    assert sentences[15] == "root takes a = 8, so root = 8."
    assert sentences[20] == "b adds 1/3 x b.1 = 2: expectation so far 0.666667."
    assert sentences[-1] == "Done: root = 8, best move a."


def test_transposition_sentences():
    trace = record(toy_tt_alphabeta, TwoPileNim((2, 1)))
    first, second = (event for event in trace.events if event.kind is EventKind.TRANSPOSITION)
    assert (first.bound, second.bound) == (Bound.EXACT, Bound.EXACT)
    assert describe(trace, first) == "A1.B1.A1: same position as A1.A1.B1, stored value 1 (exact), so A1.B1.A1 = 1."
    assert describe(trace, second) == "B1.A1.A1: same position as A1.B1.A1, stored value 1 (exact), so B1.A1.A1 = 1."
    lower = dataclasses.replace(first, bound=Bound.LOWER, beta=1)
    assert describe(trace, lower) == "A1.B1.A1: same position as A1.A1.B1, lower bound 1 >= beta 1, so A1.B1.A1 = 1."
    unknown = dataclasses.replace(first, ref=None, bound=Bound.UPPER, alpha=2)
    assert describe(trace, unknown) == (
        "A1.B1.A1: the table holds this position: upper bound 1 <= alpha 2, so A1.B1.A1 = 1."
    )


# -- lockstep -------------------------------------------------------------------------------------------


def test_lockstep_of_the_table_search_against_minimax():
    game = TwoPileNim((3, 3))
    full, pruning = trace_search(game, "minimax"), record(toy_tt_alphabeta, game)
    steps = lockstep(full, pruning)
    assert len(steps) == len(full.events) + 1
    assert steps[0] == 0 and steps[-1] == len(pruning.events)
    assert all(before <= after for before, after in zip(steps, steps[1:]))
    exits = {(event.kind, full.nodes[event.node].name): event.step for event in full.events}
    for event in pruning.events:  # a table hit waits while minimax searches below the same node
        if event.kind is EventKind.TRANSPOSITION:
            name = pruning.nodes[event.node].name
            full_exit, own_exit = exits[(EventKind.EXIT, name)], event.step + 1
            assert steps[full_exit - 1] < own_exit <= steps[full_exit]


# -- the figure -----------------------------------------------------------------------------------------


def test_chance_nodes_are_circles_and_the_principal_variation_stops_at_them():
    trace = record(toy_expectimax, ExpectimaxExample())
    names = ids(trace)
    figure = Figure(trace)
    drawing = figure.still()
    shapes = {item.key: item for item in drawing.items if isinstance(item, Shape)}
    circle = shapes[f"node:{names['a']}"].points
    centre_x = sum(x for x, _ in circle) / len(circle)
    centre_y = sum(y for _, y in circle) / len(circle)
    assert len(circle) > 8
    assert all(math.isclose(math.dist((x, y), (centre_x, centre_y)), GLYPH_HEIGHT / 2) for x, y in circle)
    assert len(shapes[f"node:{names['root']}"].points) == 3 and len(shapes[f"node:{names['a.1']}"].points) == 3
    assert "legend:chance:swatch" in shapes
    labels = {item.key: item.text for item in drawing.items if item.key.startswith("probability:")}
    assert labels == {
        f"probability:{names[letter]}:{names[f'{letter}.{draw}']}": "1/3" for letter in "abc" for draw in "123"
    }
    assert finished_scene(trace).bold == {names["root"], names["a"]}  # below a, chance draws the move
    assert 'data-key="node:1"' in to_svg(drawing) and to_tikz([drawing])
    for step in range(figure.steps + 1):
        figure.frame(step)


def test_figures_of_table_hits_and_passes_draw():
    trace = record(toy_iterative_deepening, TwoPileNim((2, 1)))
    figure = Figure(trace)
    assert figure.title.startswith("toy-id, depth 3, last of 3 passes: ")
    assert to_svg(figure.still()).count("<polygon") >= len(trace.nodes)
    figure = Figure(record(toy_tt_alphabeta, TwoPileNim((2, 1))))
    caption = " ".join(
        item.text for item in figure.frame(14).items if item.key.startswith("caption:") and ":zero:" not in item.key
    )
    assert "A1.B1.A1: same position as A1.A1.B1" in caption


# -- the drill ------------------------------------------------------------------------------------------


def test_the_drill_follows_a_search_that_tries_children_right_to_left():
    trace = record(right_to_left_minimax, builtin_example())  # A: B, C; B: D, E; C: F, G; ... G: N, O
    asked = list(iter_questions(trace))
    order = ["C", "G", "O", "N", "F", "M", "L", "B", "E", "K", "J", "D", "I", "H"]
    assert [question.answer.label for question in asked] == [f"enter {name}" for name in order]
    offered = [sorted(choice.label.removeprefix("enter ") for choice in question.choices) for question in asked[:5]]
    assert offered == [["B", "C"], ["B", "F", "G"], ["B", "F", "N", "O"], ["B", "F", "N"], ["B", "F"]]
    assert not any(choice.kind == CUTOFF for question in asked for choice in question.choices)  # minimax
    drill = Drill(trace)
    while not drill.is_done:
        assert drill.answer(drill.current.answer)
    assert drill.score == "14/14 right (100%)" and drill.total == 14


def test_the_drill_asks_through_table_hits_and_chance_nodes():
    for trace in (record(toy_tt_alphabeta, TwoPileNim((2, 1))), record(toy_expectimax, ExpectimaxExample())):
        drill = Drill(trace)
        while not drill.is_done:
            assert drill.answer(drill.current.answer)
        assert drill.asked == drill.total == trace.summary.nodes_visited - 1 + len(trace.summary.cutoffs)


def test_practice_refuses_a_game_with_chance_nodes_in_one_line():
    with pytest.raises(InputError) as refused:
        Exercise.from_game(ExpectimaxExample())
    message = str(refused.value)
    assert "\n" not in message and "chance nodes" in message and message.endswith("choose a game without chance nodes")
    assert Exercise.from_game(TwoPileNim((2, 1))).key[0].name == "root"  # a game without them is worked as before
