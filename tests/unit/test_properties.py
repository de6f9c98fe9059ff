"""Tests invariants of every registered search over many seeded random trees and small tic-tac-toe positions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from visualizer.games import ExplicitTree, Player, TicTacToe, random_tree
from visualizer.games.base import Value
from visualizer.search import ALGORITHMS, REGISTRY, search, trace_search
from visualizer.tracing import EventKind, NodeStatus

players = st.sampled_from([Player.MAX, Player.MIN])
depth_limits = st.none() | st.integers(min_value=0, max_value=5)


def with_iterative() -> list[str]:
    """The registered algorithms that have an explicit-stack version (the four built-ins, at least)."""
    return [name for name in ALGORITHMS if REGISTRY[name].iterative is not None]


def exact() -> list[str]:
    """The registered algorithms that find the minimax value (not Monte Carlo's estimate)."""
    return [name for name in ALGORITHMS if not REGISTRY[name].estimates]


def with_cut_rule() -> list[str]:
    """The registered algorithms that take the cut rule (`strict`): the ones that prune."""
    return [name for name in ALGORITHMS if REGISTRY[name].accepts_strict]


@st.composite
def trees(draw: st.DrawFn) -> ExplicitTree:
    """Small seeded random trees; narrow value ranges make ties (and so strict-vs-default cases) common."""
    branching = draw(st.integers(min_value=2, max_value=3))
    leaves = draw(st.integers(min_value=1, max_value=14))
    high = draw(st.sampled_from([1, 3, 20]))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    return random_tree(leaves=leaves, branching=branching, seed=seed, value_range=(-high, high), root=draw(players))


def reference_value(tree: ExplicitTree, depth: int | None, node: int = 0, ply: int = 0) -> Value:
    """Minimax written independently of the library, straight from the definition."""
    kids = tree.children[node]
    if not kids or (depth is not None and ply >= depth):
        return tree.values[node]
    values = [reference_value(tree, depth, child, ply + 1) for child in kids]
    return max(values) if tree.player(node) is Player.MAX else min(values)


def is_subsequence(short: Sequence[int], long: Sequence[int]) -> bool:
    remaining = iter(long)
    return all(item in remaining for item in short)


@given(trees(), depth_limits, st.booleans())
def test_every_algorithm_finds_the_minimax_value(tree: ExplicitTree, depth: int | None, strict: bool) -> None:
    expected = reference_value(tree, depth)
    for algorithm in exact():
        for iterative in (False, True) if algorithm in with_iterative() else (False,):
            value = search(tree, algorithm, depth=depth, strict=strict, iterative=iterative)
            assert value == expected, (algorithm, iterative)


@given(trees(), depth_limits, st.booleans())
def test_alphabeta_visits_a_subsequence_of_minimax(tree: ExplicitTree, depth: int | None, strict: bool) -> None:
    plain = trace_search(tree, "minimax", depth=depth).summary.visit_order
    pruning = trace_search(tree, "alphabeta", depth=depth, strict=strict).summary.visit_order
    assert is_subsequence(pruning, plain)
    assert len(set(pruning)) == len(pruning)


@given(trees(), depth_limits, st.booleans())
def test_negamax_ab_mirrors_alphabeta(tree: ExplicitTree, depth: int | None, strict: bool) -> None:
    pruning = trace_search(tree, "alphabeta", depth=depth, strict=strict)
    negamax = trace_search(tree, "negamax-ab", depth=depth, strict=strict)
    assert negamax.summary.visit_order == pruning.summary.visit_order
    assert negamax.summary.cutoffs == pruning.summary.cutoffs
    assert negamax.summary.pruned == pruning.summary.pruned
    assert negamax.summary.value == pruning.summary.value
    # Step for step the same moves; values and windows seen from the mover (negated and swapped at MIN).
    assert len(negamax.events) == len(pruning.events)
    for mirror, event in zip(negamax.events, pruning.events):
        assert (mirror.kind, mirror.node, mirror.child, mirror.skipped) == (
            event.kind,
            event.node,
            event.child,
            event.skipped,
        )
        if tree.player(event.node) is Player.MAX:
            assert (mirror.alpha, mirror.beta, mirror.value) == (event.alpha, event.beta, event.value)
        else:
            assert (mirror.alpha, mirror.beta) == (-event.beta, -event.alpha)
            assert mirror.value == (None if event.value is None else -event.value)


@given(trees(), depth_limits)
def test_negamax_mirrors_minimax(tree: ExplicitTree, depth: int | None) -> None:
    plain = trace_search(tree, "minimax", depth=depth)
    negamax = trace_search(tree, "negamax", depth=depth)
    assert negamax.summary == plain.summary
    assert [(event.kind, event.node) for event in negamax.events] == [
        (event.kind, event.node) for event in plain.events
    ]
    assert [node.value for node in negamax.nodes] == [node.value for node in plain.nodes]


@given(trees(), depth_limits)
def test_recursive_and_iterative_traces_are_identical(tree: ExplicitTree, depth: int | None) -> None:
    for algorithm in with_iterative():
        for strict in (False, True):
            recursive = trace_search(tree, algorithm, depth=depth, strict=strict)
            iterative = trace_search(tree, algorithm, depth=depth, strict=strict, iterative=True)
            assert (recursive.iterative, iterative.iterative) == (False, True)
            assert recursive != iterative  # the option is recorded ...
            assert recursive == replace(iterative, iterative=False), (
                algorithm,
                strict,
            )  # ... and is the only difference


@given(trees(), depth_limits)
def test_strict_never_visits_fewer_nodes(tree: ExplicitTree, depth: int | None) -> None:
    for algorithm in with_cut_rule():
        default = trace_search(tree, algorithm, depth=depth)
        strict = trace_search(tree, algorithm, depth=depth, strict=True)
        assert strict.summary.nodes_visited >= default.summary.nodes_visited
        assert strict.summary.value == default.summary.value


@given(trees(), depth_limits, st.sampled_from(exact()), st.booleans())
def test_node_statuses(tree: ExplicitTree, depth: int | None, algorithm: str, strict: bool) -> None:
    trace = trace_search(tree, algorithm, depth=depth, strict=strict)
    visit_order = trace.summary.visit_order
    assert len(trace.nodes) == len(tree)
    for node in trace.nodes:
        if node.id in visit_order:
            assert node.status is NodeStatus.VISITED
            assert visit_order[node.visit - 1] == node.id
            assert depth is None or node.depth <= depth
        else:
            assert node.visit is None and node.value is None
            if depth is None:
                assert node.status is NodeStatus.PRUNED
            else:
                # below the limit and not under a cut-off: unreached; otherwise pruned
                assert node.status in (NodeStatus.PRUNED, NodeStatus.UNREACHED)
                if node.status is NodeStatus.UNREACHED:
                    assert node.depth > depth
    pruned = tuple(node.id for node in trace.nodes if node.status is NodeStatus.PRUNED)
    assert trace.summary.pruned == pruned
    if not REGISTRY[algorithm].windowed:
        assert pruned == ()
        if depth is None:
            assert sorted(visit_order) == list(range(len(tree)))


@given(trees(), depth_limits, st.sampled_from(exact()), st.booleans())
def test_best_move_leads_to_the_root_value(tree: ExplicitTree, depth: int | None, algorithm: str, strict: bool) -> None:
    trace = trace_search(tree, algorithm, depth=depth, strict=strict)
    summary = trace.summary
    if not tree.children[0] or depth == 0:
        assert summary.best_child is None
        return
    best = trace.nodes[summary.best_child]
    assert best.parent == 0
    assert best.value == summary.value == trace.root.value
    assert summary.best_move == best.name
    line = summary.principal_variation
    assert line[:2] == (0, best.id)
    for parent, child in zip(line, line[1:]):
        assert trace.nodes[child].parent == parent
        assert trace.nodes[child].status is NodeStatus.VISITED


@given(trees(), depth_limits)
def test_evaluations_are_the_frontier_nodes(tree: ExplicitTree, depth: int | None) -> None:
    trace = trace_search(tree, "minimax", depth=depth)
    frontier = [
        node
        for node in range(len(tree))
        if (depth is None or tree.depths[node] <= depth) and (not tree.children[node] or tree.depths[node] == depth)
    ]
    evaluated = sorted(event.node for event in trace.events if event.kind is EventKind.EVALUATE)
    assert evaluated == frontier
    assert trace.summary.leaves_evaluated == len(frontier)


# -- tic-tac-toe ------------------------------------------------------------------------

BOARDS = [
    "X.O/.X./..O",  # X to move, 5 empty squares
    "XO./.X./...",  # O to move, X threatens the diagonal
    "X../.O./..X",  # O to move
    "XOX/.O./...",  # X to move, must block at 7
    "OX./.X./..O",  # X to move, O holds the 0-8 diagonal ends
]


@given(st.sampled_from(BOARDS), st.none() | st.integers(min_value=0, max_value=4), players, st.booleans())
def test_tictactoe_alphabeta_equals_minimax(board: str, depth: int | None, root: Player, strict: bool) -> None:
    game = TicTacToe(board, root=root)
    expected = search(game, "minimax", depth=depth)
    for algorithm in ("alphabeta", "negamax", "negamax-ab"):
        assert search(game, algorithm, depth=depth, strict=strict) == expected, algorithm


@given(st.sampled_from(BOARDS), st.integers(min_value=0, max_value=3), st.sampled_from(with_iterative()), st.booleans())
def test_tictactoe_recursive_and_iterative_traces_are_identical(
    board: str, depth: int, algorithm: str, strict: bool
) -> None:
    game = TicTacToe(board)
    recursive = trace_search(game, algorithm, depth=depth, strict=strict)
    iterative = trace_search(game, algorithm, depth=depth, strict=strict, iterative=True)
    assert (recursive.iterative, iterative.iterative) == (False, True)
    assert recursive == replace(iterative, iterative=False)
    assert [node.name for node in recursive.nodes] == [node.name for node in iterative.nodes]
