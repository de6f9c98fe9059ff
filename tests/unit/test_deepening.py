"""Tests `id`, iterative-deepening alpha-beta: one pass per look-ahead, each alpha-beta's value at that
look-ahead (with the same window), the principal variation tried first, and minimax's value at the end."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.reference_tt import reference_minimax
from tests.unit.test_fail_hard_window import clamp, windows
from tests.unit.test_properties import reference_value, trees
from visualizer.games import ExplicitTree, Player, TicTacToe
from visualizer.games.explicit import builtin_example
from visualizer.games.nim import Nim
from visualizer.search import alphabeta, search, trace_search
from visualizer.search.deepening import iterative_deepening
from visualizer.tracing.tracer import Tracer


class PassValues(Tracer):
    """Collects (look-ahead, value) of each pass."""

    def __init__(self) -> None:
        self.passes: list[tuple[int | None, Any]] = []
        self.limit: int | None = None

    def begin(self, game: Any, *, algorithm: str, depth_limit: int | None, strict: bool) -> None:
        assert algorithm == "id"
        self.limit = depth_limit

    def end(self, value: Any) -> None:
        self.passes.append((self.limit, value))


def test_passes_on_the_example() -> None:
    """By hand: the example is 3 plies deep, so passes at 1, 2 and 3, and pass 3 meets no limit. At
    look-ahead 2, A (MIN) takes C = min(F 1, G 2) = 2 over B = 3, with G the line (C's best, 2), so
    pass 3 tries A, C, G first."""
    trace = trace_search(builtin_example(), "id")
    assert [one.depth_limit for one in trace.passes] == [1, 2, 3]
    assert all(one.algorithm == "id" for one in trace.passes)
    assert trace.summary.value == 2 and trace.summary.best_move == "C"
    second, third = trace.passes[1], trace.passes[2]
    assert second.names(second.summary.principal_variation) == ["A", "C", "G"]
    assert third.names(third.summary.visit_order)[:3] == ["A", "C", "G"]
    assert trace_search(builtin_example(), "alphabeta").names(
        trace_search(builtin_example(), "alphabeta").summary.visit_order
    )[:2] == ["A", "B"]
    for one in trace.passes:
        assert one.summary.value == search(builtin_example(), "alphabeta", depth=one.depth_limit)
    two = trace_search(builtin_example(), "id", depth=2)
    assert [one.depth_limit for one in two.passes] == [1, 2]
    assert [one.depth_limit for one in trace_search(builtin_example(), "id", depth=0).passes] == [0]
    assert [one.depth_limit for one in trace_search(builtin_example(), "id", depth=7).passes] == [1, 2, 3]


@settings(max_examples=150, deadline=None)
@given(trees(), st.none() | st.integers(0, 5), st.booleans(), st.booleans())
def test_each_pass_is_alphabeta_at_its_lookahead(
    tree: ExplicitTree, depth: int | None, strict: bool, fail_hard: bool
) -> None:
    tracer = PassValues()
    value = iterative_deepening(tree, depth=depth, strict=strict, fail_hard=fail_hard, tracer=tracer)
    assert value == reference_value(tree, depth)
    first = 0 if depth == 0 else 1
    assert [limit for limit, _ in tracer.passes] == list(range(first, first + len(tracer.passes)))
    assert depth is None or tracer.passes[-1][0] <= depth
    for limit, pass_value in tracer.passes:
        assert pass_value == reference_value(tree, limit)


@settings(max_examples=150, deadline=None)
@given(trees(), st.none() | st.integers(1, 5), st.booleans(), st.booleans(), windows)
def test_with_a_window_each_pass_is_alphabeta_with_that_window(
    tree: ExplicitTree, depth: int | None, strict: bool, fail_hard: bool, window: tuple[int, int]
) -> None:
    """Fail-soft values beyond the window depend on the order the children are tried in (id tries
    the last line first), so they are compared clamped; fail-hard values are equal as they are."""
    tracer = PassValues()
    iterative_deepening(tree, depth=depth, strict=strict, fail_hard=fail_hard, window=window, tracer=tracer)
    for limit, pass_value in tracer.passes:
        alone = alphabeta(tree, depth=limit, strict=strict, fail_hard=fail_hard, window=window)
        if fail_hard:
            assert pass_value == alone
        else:
            assert clamp(pass_value, window) == clamp(alone, window)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 12),
    st.integers(1, 4),
    st.sampled_from(["misere", "normal"]),
    st.sampled_from([Player.MAX, Player.MIN]),
    st.booleans(),
    st.booleans(),
)
def test_with_a_table_id_ends_at_minimax_on_nim(
    pile: int, max_take: int, rules: str, root: Player, strict: bool, tt: bool
) -> None:
    game = Nim(pile, max_take=max_take, rules=rules, root=root)
    tracer = PassValues()
    assert iterative_deepening(game, strict=strict, tt=tt, tracer=tracer) == reference_minimax(game)
    assert tracer.passes[-1][0] <= pile  # it stops once a pass meets no depth limit


def test_with_a_table_each_pass_is_alphabeta_on_tictactoe() -> None:
    """Tic-tac-toe reaches a position only at one ply, so an entry of an earlier pass never answers a
    deeper one: each pass's value is alpha-beta's at its look-ahead, whatever the table keeps."""
    game = TicTacToe(board="X...O....", evaluator="open-lines")
    tracer = PassValues()
    iterative_deepening(game, tt=True, tracer=tracer)
    assert [limit for limit, _ in tracer.passes] == list(range(1, 8))
    for limit, value in tracer.passes:
        assert value == reference_minimax(game, limit) == alphabeta(game, depth=limit, tt=True)
    trace = trace_search(game, "id", tt=True)
    assert [one.summary.value for one in trace.passes] == [value for _, value in tracer.passes]
    assert trace.options == {"tt": True}
