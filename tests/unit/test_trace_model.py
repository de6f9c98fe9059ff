"""Tests the trace model beyond one depth-first pass of MAX and MIN: transposition events, several passes and
chance nodes, on the toys of tests/toys.py, and that every event carries exactly what `EVENT_KINDS` says.

Hand-worked answers:
- CS188's expectimax example (leaves 3 12 9 | 2 4 6 | 15 6 0, each draw 1/3): the chance nodes are worth
  (3 + 12 + 9) / 3 = 8, (2 + 4 + 6) / 3 = 4 and (15 + 6 + 0) / 3 = 7, so MAX's root is worth 8 (move a).
- Two-pile NIM (2, 1), normal rules, MAX to move, alpha-beta with a table: A1.A1.B1 is the first node at
  (0, 0) with MIN to move (+1: MAX took the last one). A1.B1.A1 reaches the same position and takes the
  stored exact +1 (ref A1.A1.B1). A1.B1, at (1, 0) with MAX to move, is searched in the window (-inf, 1) and
  fails high (a lower bound), so B1.A1, at the same position in the window (1, +inf), cannot use it and is
  searched: its child B1.A1.A1 is (0, 0) again and takes the exact +1, whose latest earlier node is now
  A1.B1.A1. B1.A1's 1 <= alpha 1 then cuts B1.A2 off.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toys import (
    CHANCE_LEAVES,
    TOY_DEEPENING,
    TOY_EXPECTIMAX,
    TOY_TT,
    TT,
    ExpectimaxExample,
    TwoPileNim,
    toy_expectimax,
    toy_iterative_deepening,
    toy_tt_alphabeta,
)

from visualizer.games import Player, TicTacToe, builtin_example
from visualizer.games.evaluators import geometry
from visualizer.readwrite.check import check_trace
from visualizer.search import ALGORITHMS, REGISTRY, registered, search, trace_search
from visualizer.tracing.events import EVENT_FIELDS, EVENT_KINDS, SPARSE_FIELDS, Bound, Event, EventKind
from visualizer.tracing.recorder import Recorder
from visualizer.tracing.trace import Trace

TOY_ALGORITHMS = (TOY_EXPECTIMAX, TOY_TT, TOY_DEEPENING)
BUILT_INS = tuple(name for name in ALGORITHMS if name not in {toy.name for toy in TOY_ALGORITHMS})
"""The library's own algorithms (read before the toys are registered)."""


@pytest.fixture(scope="module", autouse=True)
def toys_registered():
    """The toys' traits (window, point of view) come from the registry, as for any algorithm."""
    with registered(TOY_EXPECTIMAX), registered(TOY_TT), registered(TOY_DEEPENING):
        yield


def recorded(search_function, game, **options) -> Trace:
    """The trace a `Recorder` makes of `search_function(game, **options)`, checked as a trace file would be."""
    recorder = Recorder()
    search_function(game, tracer=recorder, **options)
    trace = recorder.result()
    for one_pass in trace.passes:
        check_trace(one_pass, name=one_pass.algorithm)
    return trace


def carried(event: Event, field: str) -> bool:
    """True when `event` has a value for `field` (None, and an empty tuple of skipped children, mean it has
    none; a playout from a node that ends the game is empty, and still a playout)."""
    value = getattr(event, field)
    return value is not None and (value != () or field == "playout")


def assert_fields_follow_kinds(trace: Trace) -> None:
    """Every event of every pass has exactly the fields its kind's `KindSpec` lists."""
    for one_pass in trace.passes:
        for event in one_pass.events:
            carries = EVENT_KINDS[event.kind].carries
            for field in EVENT_FIELDS:
                expected = field in carries and not (field == "score" and event.node == 0)  # the root: no score
                assert carried(event, field) == expected, (one_pass.algorithm, event, field)


def ancestors(trace: Trace, node: int) -> set[int]:
    found, parent = set(), trace.nodes[node].parent
    while parent is not None:
        found.add(parent)
        parent = trace.nodes[parent].parent
    return found


def transpositions(trace: Trace) -> list[Event]:
    return [event for event in trace.events if event.kind is EventKind.TRANSPOSITION]


def assert_transpositions_point_back(trace: Trace) -> None:
    """Each table hit points at an earlier, finished node of the same position and searches nothing below."""
    events = trace.events
    for event in transpositions(trace):
        node, ref = trace.nodes[event.node], trace.nodes[event.ref]
        assert isinstance(event.bound, Bound)
        assert ref.visit is not None and ref.visit < node.visit
        assert ref.board == node.board
        assert ref.id not in ancestors(trace, node.id)
        assert all(trace.nodes[kid].visit is None for kid in node.children)
        following = events[event.step]  # the step after it (steps are 1-based)
        assert (following.kind, following.node, following.value) == (EventKind.EXIT, node.id, event.value)


# -- the one list of event kinds --------------------------------------------------------------------------


def test_every_event_kind_has_one_spec_and_every_carried_field_is_declared():
    assert list(EVENT_KINDS) == list(EventKind)
    for kind, spec in EVENT_KINDS.items():
        assert spec.kind is kind
        assert set(spec.carries) <= set(EVENT_FIELDS), kind
    assert set(SPARSE_FIELDS) <= set(EVENT_FIELDS)
    assert all(hasattr(Event(1, EventKind.ENTER, 0, 0), field) for field in EVENT_FIELDS)
    assert EVENT_KINDS[EventKind.BACK_UP].carries == ("child",)
    assert set(EVENT_KINDS[EventKind.CUTOFF].carries) == {"child", "skipped"}
    assert set(EVENT_KINDS[EventKind.TRANSPOSITION].carries) == {"ref", "bound"}
    for kind in (EventKind.ENTER, EventKind.EVALUATE, EventKind.UPDATE, EventKind.EXIT):
        assert EVENT_KINDS[kind].carries == (), kind


@pytest.mark.parametrize("iterative", [False, True])
@pytest.mark.parametrize("strict", [False, True])
def test_built_in_searches_carry_exactly_the_fields_of_their_kinds(strict: bool, iterative: bool):
    assert set(BUILT_INS) >= {"minimax", "alphabeta", "negamax", "negamax-ab"}
    for algorithm in BUILT_INS:
        record = REGISTRY[algorithm]
        if (strict and not record.accepts_strict) or (iterative and record.iterative is None):
            continue
        trace = trace_search(builtin_example(), algorithm, strict=strict, iterative=iterative)
        for one in trace.passes:  # iterative deepening and MTD(f) search in several passes
            assert_fields_follow_kinds(one)
        assert trace.passes[-1] is trace
        if algorithm not in ("id", "mtdf"):
            assert trace.passes == (trace,) and trace.earlier_passes == ()


def test_the_toys_carry_exactly_the_fields_of_their_kinds():
    nim = TwoPileNim((3, 2))
    for trace in (
        recorded(toy_expectimax, ExpectimaxExample()),
        recorded(toy_tt_alphabeta, nim),
        recorded(toy_iterative_deepening, nim, depth=4),
    ):
        assert_fields_follow_kinds(trace)
    assert transpositions(recorded(toy_tt_alphabeta, nim))  # the check above saw some table hits


# -- transpositions ---------------------------------------------------------------------------------------


def test_nim_2_1_table_hits_by_hand():
    trace = recorded(toy_tt_alphabeta, TwoPileNim((2, 1)))
    hits = [
        (trace.nodes[event.node].name, trace.nodes[event.ref].name, event.bound, event.value)
        for event in transpositions(trace)
    ]
    assert hits == [("A1.B1.A1", "A1.A1.B1", Bound.EXACT, 1), ("B1.A1.A1", "A1.B1.A1", Bound.EXACT, 1)]
    assert trace.node("A1.A1.B1").board == trace.node("A1.B1.A1").board == "A 0, B 0"
    assert trace.summary.value == 1 and trace.summary.best_move == "A1"
    assert trace.summary.leaves_evaluated == 2  # A1.A1.B1 and A2.B1; the other game ends come from the table
    assert [trace.names(cutoff.skipped) for cutoff in trace.summary.cutoffs] == [["B1.A2"]]


def nim_position_value(board: str, player: Player, misere: bool) -> int:
    """Minimax's value of the NIM position `board` ("A 1, B 0") with `player` to move (the library's minimax)."""
    piles = tuple(int(part.split()[1]) for part in board.split(", "))
    return search(TwoPileNim(piles, misere=misere, root=player), "minimax")


@pytest.mark.parametrize("piles", [(first, second) for first in range(5) for second in range(5)])
def test_tt_alphabeta_finds_minimax_on_every_small_nim(piles: tuple[int, int]):
    for misere in (False, True):
        for root in (Player.MAX, Player.MIN):
            game = TwoPileNim(piles, misere=misere, root=root)
            expected = search(game, "minimax")
            trace = recorded(toy_tt_alphabeta, game)
            assert trace.summary.value == expected == toy_tt_alphabeta(game), (misere, root)
            assert_transpositions_point_back(trace)
            for event in transpositions(trace):
                node = trace.nodes[event.node]
                assert event.value == trace.nodes[event.ref].value  # what the earlier node left in the table
                exact = nim_position_value(node.board, node.player, misere)
                if event.bound is Bound.EXACT:
                    assert event.value == exact
                elif event.bound is Bound.LOWER:
                    assert exact >= event.value
                else:
                    assert exact <= event.value


@st.composite
def tictactoe_positions(draw: st.DrawFn) -> str:
    """Legal boards with 4 to 6 marks, X and O alternating from X, stopping at a win (which needs 5 marks)."""
    cells = draw(st.permutations(range(9)))
    marks = draw(st.integers(min_value=4, max_value=6))
    board = ["."] * 9
    for turn, cell in enumerate(cells[:marks]):
        board[cell] = "XO"[turn % 2]
        if geometry(3, 3, 3, False).winner("".join(board)):
            break
    return "".join(board)


@settings(max_examples=30)
@given(tictactoe_positions())
def test_tt_alphabeta_finds_minimax_on_tictactoe(board: str):
    game = TicTacToe(board)
    trace = recorded(toy_tt_alphabeta, game)
    assert trace.summary.value == search(game, "minimax")
    assert_transpositions_point_back(trace)
    assert_fields_follow_kinds(trace)


# -- passes ---------------------------------------------------------------------------------------------------


@settings(max_examples=40)
@given(st.tuples(st.integers(0, 3), st.integers(0, 3)), st.booleans(), st.integers(1, 4))
def test_iterative_deepening_is_one_pass_per_lookahead(piles: tuple[int, int], misere: bool, depth: int):
    game = TwoPileNim(piles, misere=misere)
    recorder = Recorder()
    value = toy_iterative_deepening(game, depth=depth, tracer=recorder)
    trace = recorder.result()
    assert len(trace.passes) == depth and trace.passes[-1] is trace
    assert trace.summary.value == value == toy_tt_alphabeta(game, depth=depth)
    for index, one_pass in enumerate(trace.passes):
        assert one_pass.depth_limit == index + 1
        assert one_pass is trace or one_pass.earlier_passes == ()
        alone = recorded(toy_tt_alphabeta, game, depth=index + 1)
        assert alone.algorithm == TT and one_pass.algorithm == TOY_DEEPENING.name
        assert replace(one_pass, algorithm=TT, earlier_passes=()) == alone, index
        assert list(one_pass.events) == list(alone.events) and list(one_pass.nodes) == list(alone.nodes)
    assert trace.earlier_passes == trace.passes[:-1]


def test_a_recorder_of_one_pass_has_no_earlier_passes():
    trace = recorded(toy_tt_alphabeta, TwoPileNim((2, 2)))
    assert trace.passes == (trace,) and trace.earlier_passes == ()


# -- chance nodes -------------------------------------------------------------------------------------------


def test_expectimax_on_the_cs188_example():
    game = ExpectimaxExample()
    assert game.leaves == CHANCE_LEAVES
    trace = recorded(toy_expectimax, game)
    assert trace.summary.value == pytest.approx(8) and trace.summary.best_move == "a"
    assert [trace.node(name).value for name in "abc"] == pytest.approx([8, 4, 7])
    assert trace.columns.has_chance
    for node in trace.nodes:
        assert node.player is (Player.MAX, Player.CHANCE, Player.MIN)[node.depth], node.name
        if node.depth == 2:
            assert node.probability == pytest.approx(1 / 3)
        else:
            assert node.probability is None, node.name
    assert [node.value for node in trace.nodes if node.depth == 2] == [3, 12, 9, 2, 4, 6, 15, 6, 0]


def test_a_game_without_chance_has_no_probabilities():
    trace = recorded(toy_tt_alphabeta, TwoPileNim((2, 1)))
    assert not trace.columns.has_chance
    assert {node.probability for node in trace.nodes} == {None}
    assert Player.CHANCE not in {node.player for node in trace.nodes}


def reference_expectimax(leaves: tuple[tuple[int, ...], ...]) -> Fraction:
    """MAX's choice among chance nodes that draw each of their leaves with equal probability, exactly."""
    return max(Fraction(sum(row), len(row)) for row in leaves)


@given(
    st.integers(2, 3).flatmap(lambda draws: st.lists(st.tuples(*[st.integers(-9, 9)] * draws), min_size=2, max_size=3))
)
def test_expectimax_agrees_with_a_reference_on_random_leaves(rows: list[tuple[int, ...]]):
    leaves = tuple(rows)
    trace = recorded(toy_expectimax, ExpectimaxExample(leaves))
    assert trace.summary.value == pytest.approx(float(reference_expectimax(leaves)))
    chance_nodes = [node for node in trace.nodes if node.player is Player.CHANCE]
    assert len(chance_nodes) == len(leaves)
    for node, row in zip(chance_nodes, leaves):
        assert node.value == pytest.approx(float(Fraction(sum(row), len(row))))
        assert [trace.nodes[kid].probability for kid in node.children] == pytest.approx([1 / len(row)] * len(row))
    assert_fields_follow_kinds(trace)


def test_the_docs_list_every_event_kind():
    page = (Path(__file__).parents[2] / "docs" / "explanation" / "tracing.md").read_text(encoding="utf-8")
    section = page.split("## One event is one step", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1].strip(" `") for line in section.splitlines() if line.startswith("| `")]
    assert rows == [kind.value for kind in EventKind]
