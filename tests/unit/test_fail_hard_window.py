"""Tests `--fail-hard` and `--window`: hand-checked traces on the 15-node example, and over random trees
the root values against minimax and fail-soft (clamped to the window), and the root's fail low/high."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.test_properties import reference_value, trees
from visualizer.errors import InputError
from visualizer.games import ExplicitTree
from visualizer.games.explicit import builtin_example
from visualizer.search import alphabeta, negamax_ab, search, trace_search
from visualizer.steps.describe import describe, window_failure, window_verdict
from visualizer.tracing import EventKind
from visualizer.tracing.tracer import NodeCounter

windows = st.tuples(st.integers(-21, 21), st.integers(1, 12)).map(lambda pair: (pair[0], pair[0] + pair[1]))


def clamp(value: Any, window: tuple[Any, Any]) -> Any:
    return min(max(value, window[0]), window[1])


def root_is_leaf(tree: ExplicitTree, depth: int | None) -> bool:
    return not tree.children[0] or depth == 0


def exits(trace: Any) -> dict[str, Any]:
    return {trace.nodes[event.node].name: event.value for event in trace.events if event.kind is EventKind.EXIT}


def test_fail_hard_returns_the_bound_on_the_example() -> None:
    """By hand: E (MIN, window [6, inf]) cuts at J = 3 and returns alpha 6 instead of 3; G (MIN,
    window [2, inf]) cuts at N = 1 and returns 2; the root is still 2, by the same visits."""
    game = builtin_example()
    soft, hard = trace_search(game, "alphabeta"), trace_search(game, "alphabeta", fail_hard=True)
    assert exits(soft)["E"] == 3 and exits(hard)["E"] == 6
    assert exits(soft)["G"] == 1 and exits(hard)["G"] == 2
    assert hard.summary.value == soft.summary.value == 2
    assert hard.summary.visit_order == soft.summary.visit_order
    assert hard.options == {"fail_hard": True} and soft.options == {}
    sentences = [describe(hard, event) for event in hard.events]
    assert "Leave E with 6, the bound it failed against (fail-hard): its best value 3 <= alpha 6." in sentences
    assert "Leave G with 2, the bound it failed against (fail-hard): its best value 1 <= alpha 2." in sentences
    assert not any("fail-hard" in describe(soft, event) for event in soft.events)


def test_a_root_window_that_fails_low_says_so() -> None:
    """By hand: the root (MIN) is 2, so the window 2:6 fails low (2 <= alpha 2): at most 2. With
    --strict, 2 is inside the closed window and exact; 3:6 fails low either way."""
    game = builtin_example()
    trace = trace_search(game, "alphabeta", window=(2, 6))
    assert trace.root.alpha is not None and trace.events[0].alpha == 2 and trace.events[0].beta == 6
    assert window_failure(trace) == "low"
    assert window_verdict(trace) == "fails low: the value is at most 2 (window 2:6)"
    assert (
        describe(trace, trace.events[-1])
        == "Done: A = 2, best move C; the root fails low: the value is at most 2 (window 2:6)."
    )
    assert window_failure(trace_search(game, "alphabeta", window=(2, 6), strict=True)) is None
    assert window_failure(trace_search(game, "alphabeta", window=(-5, 5))) is None
    high = trace_search(game, "negamax-ab", window=(-9, 1))
    assert window_verdict(high) == "fails high: the value is at least 2 (window -9:1)"
    assert high.events[0].alpha == -1 and high.events[0].beta == 9  # MIN's view at the root


def test_fail_hard_at_a_window_returns_its_edge() -> None:
    game = builtin_example()
    assert search(game, "alphabeta", fail_hard=True, window=(3, 6)) == 3
    assert search(game, "negamax-ab", fail_hard=True, window=(-9, 1)) == 1
    assert search(game, "alphabeta", window=(3, 6)) == 2


def test_options_are_refused_where_they_do_not_apply() -> None:
    game = builtin_example()
    with pytest.raises(InputError, match="--fail-hard does not apply to minimax"):
        search(game, "minimax", fail_hard=True)
    with pytest.raises(InputError, match="--tt does not apply to negamax;"):
        search(game, "negamax", tt=True)
    with pytest.raises(InputError, match="explicit-stack version of alphabeta takes no --window"):
        search(game, "alphabeta", window=(0, 1), iterative=True)


@settings(max_examples=150, deadline=None)
@given(trees(), st.none() | st.integers(0, 4), st.booleans())
def test_fail_hard_gives_the_fail_soft_root_value(tree: ExplicitTree, depth: int | None, strict: bool) -> None:
    expected = reference_value(tree, depth)
    for function in (alphabeta, negamax_ab):
        assert function(tree, depth=depth, strict=strict, fail_hard=True) == expected
        assert function(tree, depth=depth, strict=strict) == expected
    if not strict:  # the same cuts: a node fails hard exactly where it fails soft
        soft, hard = NodeCounter(), NodeCounter()
        alphabeta(tree, depth=depth, tracer=soft)
        alphabeta(tree, depth=depth, fail_hard=True, tracer=hard)
        assert soft.result() == hard.result()


@settings(max_examples=150, deadline=None)
@given(trees(), st.none() | st.integers(0, 4), st.booleans(), windows)
def test_a_window_gives_a_bound_on_the_side_it_fails(
    tree: ExplicitTree, depth: int | None, strict: bool, window: tuple[int, int]
) -> None:
    """Inside the window the value is minimax's; outside it, a bound on the side it failed; fail-hard
    gives fail-soft's value clamped to the window; negamax-ab agrees with alphabeta."""
    expected = reference_value(tree, depth)
    low, high = window
    soft = alphabeta(tree, depth=depth, strict=strict, window=window)
    assert negamax_ab(tree, depth=depth, strict=strict, window=window) == soft
    hard = alphabeta(tree, depth=depth, strict=strict, window=window, fail_hard=True)
    assert negamax_ab(tree, depth=depth, strict=strict, window=window, fail_hard=True) == hard
    if root_is_leaf(tree, depth):
        assert soft == hard == expected
        return
    assert hard == clamp(soft, window)
    if low < expected < high or (strict and low <= expected <= high):
        assert soft == expected
    elif expected <= low:
        assert soft <= low
    else:
        assert soft >= high
    trace = trace_search(tree, "alphabeta", depth=depth, strict=strict, window=window)
    failure = window_failure(trace)
    if failure == "low":
        assert expected <= soft
    elif failure == "high":
        assert expected >= soft
    else:
        assert soft == expected
