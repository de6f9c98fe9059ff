"""The groundwork for the searches after alpha-beta, proved with toys written here: a search that enters
a node again (a re-search, Monte Carlo iterations) reopens the same node, its events are checked,
replayed and saved like any other; search options reach the algorithm, the trace and its file."""

from __future__ import annotations

import json
from typing import Any

import pytest
from toys import TwoPileNim

from visualizer.errors import InputError
from visualizer.games import Player
from visualizer.games.explicit import builtin_example
from visualizer.readwrite.check import check_trace
from visualizer.readwrite.schema import validate
from visualizer.readwrite.trace_json import from_json, to_json
from visualizer.search import Algorithm, registered, trace_search
from visualizer.search.options import OPTIONS, changed_options, option_label, parse_interval, parse_option
from visualizer.steps.replay import Phase, Replay
from visualizer.tracing import Recorder
from visualizer.tracing.events import EVENT_KINDS, Bound, EventKind
from visualizer.tracing.tracer import NULL_TRACER, Tracer
from visualizer.tracing.traits import traits_of

AGAIN = "toy-again"
CARLO = "toy-carlo"


def search_first_child_twice(game: Any, *, depth: int | None = None, tracer: Tracer = NULL_TRACER) -> Any:
    """Minimax that searches the root's first child, reports a re-search, and searches it again."""

    def node_value(state: Any, move: Any, ply: int) -> Any:
        tracer.enter(state, move, depth=ply, alpha=None, beta=None)
        if game.is_terminal(state) or (depth is not None and ply >= depth):
            value = game.static_value(state)
            tracer.evaluate(state, value)
        else:
            maximizes = game.player(state) is Player.MAX
            value = None
            children = list(game.successors(state))
            for index, (child_move, child) in enumerate(children):
                child_value = node_value(child, child_move, ply + 1)
                if ply == 0 and index == 0:
                    tracer.research(state, child)
                    child_value = node_value(child, child_move, ply + 1)
                better = value is None or (child_value > value if maximizes else child_value < value)
                value = child_value if better else value
                tracer.back_up(state, child, value)
        tracer.exit(state, value)
        return value

    tracer.begin(game, algorithm=AGAIN, depth_limit=depth, strict=False)
    value = node_value(game.root(), None, 0)
    tracer.end(value)
    return value


def carlo(game: Any, *, tracer: Tracer = NULL_TRACER, iterations: int = 4) -> Any:
    """A Monte-Carlo-shaped toy with no randomness: iteration i walks down the first moves until it
    meets a node it has not added, adds it, "plays out" the first moves to the end, and backs the
    result up. Every node keeps visits and the mean of its results."""
    totals: dict[tuple, list] = {}
    tracer.begin(game, algorithm=CARLO, depth_limit=None, strict=False)
    root = game.root()
    for _ in range(iterations):
        path, state, moves = [root], root, ()
        tracer.select(root, None, depth=0, score=None)
        while not game.is_terminal(state):
            children = list(game.successors(state))
            fresh = [(move, child) for move, child in children if moves + (move,) not in totals]
            move, child = fresh[0] if fresh else children[0]
            moves += (move,)
            path.append(child)
            if fresh:
                tracer.expand(child, move, depth=len(moves))
                totals[moves] = [0, 0]
                break
            tracer.select(child, move, depth=len(moves), score=len(moves) / 10)
            state = child
        playout, end = [], path[-1]
        while not game.is_terminal(end):
            move, end = game.successors(end)[0]
            playout.append(str(move))
        result = game.static_value(end)
        tracer.simulate(path[-1], playout, result)
        for depth in range(len(path) - 1, -1, -1):
            key = moves[:depth]
            totals.setdefault(key, [0, 0])
            totals[key][0] += 1
            totals[key][1] += result
            visits, total = totals[key]
            tracer.backpropagate(path[depth], total / visits, visits=visits)
    visits, total = totals[()]
    tracer.end(total / visits)
    return total / visits


TOY_AGAIN = Algorithm(AGAIN, search_first_child_twice, windowed=False, movers_view=False, revisits=True)
TOY_CARLO = Algorithm(
    CARLO,
    carlo,
    windowed=False,
    movers_view=False,
    accepts_depth=False,
    revisits=True,
    estimates=True,
    options=("iterations",),
)


@pytest.fixture(autouse=True)
def toys():
    with registered(TOY_AGAIN), registered(TOY_CARLO):
        yield


def record(search, game, **options):
    recorder = Recorder()
    search(game, tracer=recorder, **options)
    return recorder.result()


# -- a node entered again is the same node --------------------------------------------------------------------


@pytest.mark.parametrize("game", [TwoPileNim((2, 1)), builtin_example()], ids=["game", "explicit"])
def test_a_re_search_reopens_the_same_nodes(game):
    trace = record(search_first_child_twice, game)
    plain = trace_search(game, "minimax")
    assert trace.summary.value == plain.summary.value
    assert len(trace.nodes) == len(plain.nodes)  # no node is added by searching it again
    assert sorted(trace.columns.name) == sorted(plain.columns.name)
    first = plain.root.children[0]
    subtree = (
        [node for node in range(len(plain.nodes)) if plain.columns.name[node].startswith(plain.columns.name[first])]
        if not game.is_explicit
        else None
    )
    visits = trace.summary.visit_order
    assert len(visits) > len(set(visits)) and set(visits) == set(plain.summary.visit_order)
    if subtree is not None:
        assert len(visits) == len(plain.summary.visit_order) + len(subtree)
    research = [event for event in trace.events if event.kind is EventKind.RESEARCH]
    assert len(research) == 1 and research[0].node == 0
    assert trace.columns.name[research[0].child] == plain.columns.name[first]
    check_trace(trace)


def test_the_checker_still_refuses_a_second_entry_for_searches_that_do_not_revisit():
    trace = record(search_first_child_twice, TwoPileNim((2, 1)))
    from dataclasses import replace

    from visualizer.errors import TraceFileError

    with pytest.raises(TraceFileError, match="enters it twice"):
        check_trace(replace(trace, algorithm="minimax", traits=traits_of("minimax")))


def test_replay_steps_a_re_search_forward_and_back_exactly():
    trace = record(search_first_child_twice, TwoPileNim((2, 1)))
    replay, seen = Replay(trace, interval=3), []
    while replay.forward():
        seen.append(list(replay.views))
    while replay.back():
        assert (
            replay.views == seen[replay.step - 1]
            if replay.step
            else all(view.phase is Phase.UNSEEN for view in replay.views)
        )


# -- Monte Carlo shaped events --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [TwoPileNim((2, 1)), builtin_example()], ids=["game", "explicit"])
def test_monte_carlo_events_build_the_tree_they_walk(game):
    trace = record(carlo, game, iterations=5)
    check_trace(trace)
    kinds = [event.kind for event in trace.events]
    assert kinds.count(EventKind.SELECT) >= 5 and kinds.count(EventKind.EXPAND) == 5
    assert kinds.count(EventKind.SIMULATE) == 5
    assert len(set(trace.summary.visit_order)) == 6  # the root and one node added per iteration
    assert len(trace.nodes) == (15 if game.is_explicit else 6)  # explicit trees know all their nodes
    assert trace.summary.visit_order.count(0) == 5  # the root is selected in every iteration
    root_visits = [event.visits for event in trace.events if event.kind is EventKind.BACKPROPAGATE and event.node == 0]
    assert root_visits == [1, 2, 3, 4, 5]
    for event in trace.events:  # every event carries exactly its kind's fields
        for field in ("score", "playout", "visits"):
            carried = field in EVENT_KINDS[event.kind].carries
            if field == "score" and event.kind is EventKind.SELECT and event.node == 0:
                carried = False  # the root is chosen by no score
            assert (getattr(event, field) is not None) == carried, (event, field)
    assert trace.summary.leaves_evaluated == 5  # simulations count as evaluations


def test_a_selected_node_shows_its_mean_so_far_and_the_line_follows_the_most_visited_child():
    game = TwoPileNim((2, 1))
    trace = record(carlo, game, iterations=6)
    replay = Replay(trace)
    selects = [event for event in trace.events if event.kind is EventKind.SELECT and event.node != 0]
    assert selects, "the toy selects below the root"
    replay.seek(selects[0].step)
    before = [
        event
        for event in trace.events[: selects[0].step - 1]
        if event.kind is EventKind.BACKPROPAGATE and event.node == selects[0].node
    ][-1]
    assert replay.views[selects[0].node].value == before.value == selects[0].value
    counts = {}
    for event in trace.events:
        if event.kind is EventKind.BACKPROPAGATE:
            counts[event.node] = event.visits
    best = max(trace.root.children, key=lambda child: (counts.get(child, 0), -child))
    assert trace.summary.principal_variation[1] == best


@pytest.mark.parametrize("search", ["again", "carlo"])
def test_the_file_reads_back(search):
    trace = (
        record(search_first_child_twice, TwoPileNim((2, 1)))
        if search == "again"
        else record(carlo, TwoPileNim((2, 2)), iterations=7)
    )
    text = to_json(trace)
    validate(json.loads(text))
    assert from_json(text) == trace


# -- options ----------------------------------------------------------------------------------------------------


def test_options_reach_the_algorithm_and_the_trace_records_those_set():
    trace = trace_search(TwoPileNim((2, 2)), CARLO, iterations=3)
    assert trace.options == {"iterations": 3}
    assert [event.visits for event in trace.events if event.kind is EventKind.BACKPROPAGATE and event.node == 0] == [
        1,
        2,
        3,
    ]
    assert trace_search(TwoPileNim((2, 2)), CARLO, iterations=OPTIONS["iterations"].default).options == {}
    again = from_json(to_json(trace))
    assert again.options == {"iterations": 3}
    assert json.loads(to_json(trace))["graph"]["options"]["iterations"] == 3


def test_an_option_an_algorithm_does_not_take_is_refused_in_one_line():
    with pytest.raises(InputError, match=r"^--tt does not apply to minimax; drop it, or choose -a "):
        trace_search(TwoPileNim((1, 1)), "minimax", tt=True)
    with pytest.raises(InputError, match="--iterations does not apply to alphabeta; drop it, or choose -a .*toy-carlo"):
        trace_search(TwoPileNim((1, 1)), "alphabeta", iterations=5)
    trace_search(TwoPileNim((1, 1)), "alphabeta", seed=4)  # --seed also seeds random trees: never refused
    trace_search(TwoPileNim((1, 1)), "minimax", tt=False)  # a default is no request


def test_option_text_is_read_and_checked():
    assert parse_interval("-5:5", "--window") == (-5, 5)
    assert parse_interval("-inf:3.5", "--window") == (float("-inf"), 3.5)
    assert parse_interval("2:2", "--bounds", closed=True) == (2, 2)
    for text, message in [
        ("5:-5", "LO 5 above HI -5"),
        ("2:2", "LO 2 equal to HI 2"),
        ("3", "takes LO:HI"),
        ("a:b", "needs numbers"),
        ("nan:1", "needs numbers"),
    ]:
        with pytest.raises(InputError, match=message):
            parse_interval(text, "--window")
    assert parse_option("tt") == ("tt", True)
    assert parse_option("Fail_Hard") == ("fail_hard", True)
    assert parse_option("window=-1:1") == ("window", (-1, 1))
    assert parse_option("iterations=20") == ("iterations", 20)
    for text, message in [
        ("ttt", "unknown search option 'ttt'"),
        ("tt=1", "is a switch"),
        ("window=", "needs a value"),
        ("iterations=0", "1 or more"),
        ("exploration=-1", "0 or more"),
    ]:
        with pytest.raises(InputError, match=message):
            parse_option(text)
    assert option_label("window", (-1, 1)) == "window -1:1"
    assert option_label("fail_hard", True) == "fail-hard"
    assert changed_options({"tt": False, "window": (0, 1)}) == {"window": (0, 1)}


def test_bound_is_read_back_from_files_and_a_bad_one_is_refused():
    assert Bound("upper") is Bound.UPPER
    trace = record(carlo, TwoPileNim((1, 1)), iterations=2)
    data = json.loads(to_json(trace))
    data["graph"]["events"]["visits"][-1] = -1
    from visualizer.errors import TraceFileError

    with pytest.raises(TraceFileError, match=r"field graph.events.visits\[3\] is invalid"):
        from_json(json.dumps(data))
