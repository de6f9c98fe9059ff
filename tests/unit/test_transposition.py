"""Tests `--tt`: the transposition table's rules, and alpha-beta with it against minimax and against a
plain reference (`tests/reference_tt.py`) on every tic-tac-toe position, connect four 4x4 and NIM."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.reference_tt import reference_minimax, reference_tt_alphabeta
from visualizer.games import Player, TicTacToe
from visualizer.games.connect4 import ConnectFour
from visualizer.games.nim import Nim
from visualizer.search import alphabeta, negamax_ab, search, trace_search
from visualizer.search.deepening import iterative_deepening
from visualizer.search.transposition import TranspositionTable, bound_of
from visualizer.steps.describe import describe
from visualizer.tracing import EventKind
from visualizer.tracing.events import Bound
from visualizer.tracing.tracer import NodeCounter

INF = float("inf")


class At:
    """`game` with its root moved to `state` (for untraced searches: they ask only the game's rules)."""

    def __init__(self, game: Any, state: Any):
        self.game, self.state = game, state

    def root(self) -> Any:
        return self.state

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)


def reachable(game: Any) -> list[Any]:
    """Every position reachable from the root (finished ones included), in a fixed order."""
    seen, stack, order = {game.root()}, [game.root()], []
    while stack:
        state = stack.pop()
        order.append(state)
        if game.is_terminal(state):
            continue
        for _, child in game.successors(state):
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return order


def memoized_minimax(game: Any) -> dict[Any, Any]:
    """Minimax's value of every position of `game` (MAX's view), each worked out once."""
    values: dict[Any, Any] = {}

    def value_of(state: Any) -> Any:
        if state not in values:
            if game.is_terminal(state):
                values[state] = game.static_value(state)
            else:
                children = [value_of(child) for _, child in game.successors(state)]
                values[state] = max(children) if game.player(state) is Player.MAX else min(children)
        return values[state]

    value_of(game.root())
    return values


# The table's rules -------------------------------------------------------------------------------


def test_bound_of_reads_a_fail_soft_value_against_its_window() -> None:
    assert bound_of(3, alpha=3, beta=6) is Bound.UPPER
    assert bound_of(2, alpha=3, beta=6) is Bound.UPPER
    assert bound_of(4, alpha=3, beta=6) is Bound.EXACT
    assert bound_of(6, alpha=3, beta=6) is Bound.LOWER
    # cut only past a bound: a value equal to it is exact
    assert bound_of(3, alpha=3, beta=6, strict=True) is Bound.EXACT
    assert bound_of(6, alpha=3, beta=6, strict=True) is Bound.EXACT
    assert bound_of(7, alpha=3, beta=6, strict=True) is Bound.LOWER
    assert bound_of(5, alpha=-INF, beta=INF) is Bound.EXACT


def test_probe_answers_only_what_the_entry_proves() -> None:
    table = TranspositionTable()
    table.store("lower", 6, remaining=2, alpha=0, beta=5)  # failed high: at least 6
    assert table.probe("lower", remaining=2, alpha=0, beta=6) == (6, Bound.LOWER)
    assert table.probe("lower", remaining=2, alpha=0, beta=7) is None  # 6 does not decide a window to 7
    assert table.probe("lower", remaining=2, alpha=0, beta=6, strict=True) is None  # needs 6 > beta
    assert table.probe("lower", remaining=3, alpha=0, beta=5) is None  # searched too shallow
    assert table.probe("lower", remaining=1, alpha=0, beta=5) == (6, Bound.LOWER)
    table.store("upper", -1, remaining=None, alpha=0, beta=5)  # failed low, to the end: at most -1
    assert table.probe("upper", remaining=9, alpha=-1, beta=5) == (-1, Bound.UPPER)
    assert table.probe("upper", remaining=None, alpha=-2, beta=5) is None
    table.store("exact", 2, remaining=1, alpha=0, beta=5)
    assert table.probe("exact", remaining=1, alpha=10, beta=20) == (2, Bound.EXACT)
    assert table.probe("exact", remaining=None, alpha=10, beta=20) is None
    assert table.probe("unknown", remaining=0, alpha=0, beta=1) is None
    assert len(table.entries) == 3 and "exact" in table.entries


def test_store_keeps_the_deeper_search_and_the_best_move() -> None:
    table = TranspositionTable()
    table.store("p", 1, remaining=4, alpha=-INF, beta=INF, best_move="a")
    table.store("p", 9, remaining=2, alpha=-INF, beta=INF, best_move="b")  # shallower: ignored
    assert table.probe("p", remaining=4, alpha=-INF, beta=INF) == (1, Bound.EXACT)
    assert table.best_move("p") == "a"
    table.store("p", 5, remaining=None, alpha=-INF, beta=INF, best_move="c")  # to the end: deeper
    assert table.probe("p", remaining=4, alpha=-INF, beta=INF) == (5, Bound.EXACT)
    assert table.best_move("p") == "c" and table.best_move("q") is None


# Against minimax and the reference ----------------------------------------------------------------


def test_tt_enters_fewer_nodes_than_alphabeta_on_the_empty_board() -> None:
    game = TicTacToe()
    plain, with_table = NodeCounter(), NodeCounter()
    assert alphabeta(game, tracer=plain) == 0
    assert alphabeta(game, tt=True, tracer=with_table) == 0
    assert plain.nodes == 18_297
    assert with_table.nodes < plain.nodes
    assert (0, with_table.nodes) == reference_tt_alphabeta(game)  # 4,866 as measured
    trace = trace_search(game, "alphabeta", tt=True)
    assert trace.summary.nodes_visited == with_table.nodes
    assert trace.options == {"tt": True}


SHARED_VARIANTS: list[tuple[Any, dict[str, Any]]] = [
    (alphabeta, {}),
    (alphabeta, {"strict": True}),
    (alphabeta, {"fail_hard": True}),
    (alphabeta, {"fail_hard": True, "strict": True}),
    (negamax_ab, {}),
    (negamax_ab, {"strict": True}),
]
"""Variants that share the positions out; iterative deepening takes every position (in a seventh of them it missed
a table that ignores the window, or stores a value equal to a bound as exact, which the whole set finds)."""


@pytest.mark.parametrize("function, options", [*SHARED_VARIANTS, (iterative_deepening, {})])
def test_tt_gives_minimax_on_every_tictactoe_position(function: Any, options: dict[str, Any]) -> None:
    """The six shared variants share the tic-tac-toe positions out: with the positions ordered by the pieces on
    the board, variant i searches from positions i, i+6, ..., so that each position is a root once (the empty
    board in the first variant's share) and each variant gets a sixth of the positions with 1, 2, ..., 9 pieces.
    A search from an early position still stores and probes the table at thousands of later ones. Broken on
    purpose (a table that ignores the window, or stores a value equal to a bound as exact), the same variants
    fail as on every position."""
    game = TicTacToe()
    values = memoized_minimax(game)
    positions = sorted(reachable(game), key=lambda state: sum(square != "." for square in state.board))
    assert len(positions) == 5_478
    if (function, options) in SHARED_VARIANTS:
        positions = positions[SHARED_VARIANTS.index((function, options)) :: len(SHARED_VARIANTS)]
        assert {sum(square != "." for square in state.board) for state in positions} >= set(range(1, 10))
    wrong = [state for state in positions if function(At(game, state), tt=True, **options) != values[state]]
    assert wrong == []


def test_library_table_enters_as_many_nodes_as_the_reference_on_every_tictactoe_position() -> None:
    game = TicTacToe()
    for strict in (False, True):
        for state in reachable(game)[::7]:
            counter = NodeCounter()
            value = alphabeta(At(game, state), tt=True, strict=strict, tracer=counter)
            assert (value, counter.nodes) == reference_tt_alphabeta(At(game, state), strict=strict), state


def test_tt_on_connect_four_4x4_positions() -> None:
    game = ConnectFour(rows=4, cols=4, connect=3)
    positions = [state for state in reachable(At(game, game.root())) if not game.is_terminal(state)]
    depth = 4
    checked = 0
    for state in positions[:: max(1, len(positions) // 150)][:150]:
        rooted = At(game, state)
        expected = reference_minimax(rooted, depth)
        for function in (alphabeta, negamax_ab):
            assert function(rooted, depth=depth, tt=True) == expected
        counter = NodeCounter()
        value = alphabeta(rooted, depth=depth, tt=True, tracer=counter)
        assert (value, counter.nodes) == reference_tt_alphabeta(rooted, depth)
        checked += 1
    assert checked >= 100


def reachable_limited(game: Any, plies: int) -> list[Any]:
    """Positions up to `plies` moves from the root."""
    level, seen = [game.root()], [game.root()]
    for _ in range(plies):
        level = [child for state in level if not game.is_terminal(state) for _, child in game.successors(state)]
        seen.extend(level)
    return list(dict.fromkeys(seen))


def test_tt_on_connect_four_4x4_to_the_end_from_late_positions() -> None:
    game = ConnectFour(rows=4, cols=4, connect=4, board="..../..../OXOX/XOXO")
    for state in reachable_limited(game, 3):
        rooted = At(game, state)
        expected = reference_minimax(rooted)
        assert alphabeta(rooted, tt=True) == expected
        assert negamax_ab(rooted, tt=True, strict=True) == expected


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 14),
    st.integers(1, 4),
    st.sampled_from(["misere", "normal"]),
    st.sampled_from([Player.MAX, Player.MIN]),
    st.none() | st.integers(0, 6),
    st.booleans(),
    st.booleans(),
)
def test_tt_on_nim_matches_the_reference(
    pile: int, max_take: int, rules: str, root: Player, depth: int | None, strict: bool, fail_hard: bool
) -> None:
    """NIM reaches one pile by many orders of takes, so the table is used at every size."""
    game = Nim(pile, max_take=max_take, rules=rules, root=root)
    value, nodes = reference_tt_alphabeta(game, depth, strict=strict)
    counter = NodeCounter()
    assert alphabeta(game, depth=depth, strict=strict, tt=True, tracer=counter) == value
    assert counter.nodes == nodes
    if depth is None:
        assert value == reference_minimax(game)
        assert alphabeta(game, strict=strict, fail_hard=fail_hard, tt=True) == value
        assert negamax_ab(game, strict=strict, fail_hard=fail_hard, tt=True) == value
        assert iterative_deepening(game, strict=strict, fail_hard=fail_hard, tt=True) == value


# In the trace ------------------------------------------------------------------------------------


def test_hits_are_transposition_events_that_name_the_same_position() -> None:
    game = Nim(5, max_take=2, rules="normal")
    for algorithm in ("alphabeta", "negamax-ab"):
        trace = trace_search(game, algorithm, tt=True)
        hits = [event for event in trace.events if event.kind is EventKind.TRANSPOSITION]
        assert hits, algorithm
        for event in hits:
            node = trace.nodes[event.node]
            assert event.ref is not None
            assert trace.nodes[event.ref].board == node.board  # the same pile, earlier
            following = trace.events[event.step]  # the hit node exits at once, with the stored value
            assert following.kind is EventKind.EXIT and following.node == event.node
            assert following.value == event.value
            assert "same position as" in describe(trace, event)
        assert trace.summary.value == reference_minimax(game)
    assert search(game, "alphabeta", tt=True) == search(game, "alphabeta")
