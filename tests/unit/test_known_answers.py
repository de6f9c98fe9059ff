"""Tests the searches against answers worked out by hand (see the comments), down to the visit order.

The built-in example (level order A..O, values 1 3 5 5 3 1 2 6 7 3 4 2 8 1 2):

                      A(1)
              B(3)              C(5)
          D(5)    E(3)      F(1)    G(2)
         H6 I7   J3 K4     L2 M8   N1 O2
"""

from __future__ import annotations

import pytest

from visualizer.errors import InputError, NoStaticValue
from visualizer.games import Nim, Player, TicTacToe, builtin_example, from_nested
from visualizer.search import REGISTRY, search, trace_search
from visualizer.tracing import EventKind, NodeCounter, NodeStatus, Trace

INF = float("inf")
EXACT = [name for name, record in REGISTRY.items() if not record.estimates]
"""The searches that find the minimax value (Monte Carlo only estimates it)."""
VERSIONS = [
    (name, iterative)
    for name in EXACT
    for iterative in ((False, True) if REGISTRY[name].iterative is not None else (False,))
]
"""Each of them recursive, and iterative when it has an explicit-stack version."""
ONE_PASS = ["minimax", "alphabeta", "negamax", "negamax-ab", "expectimax", "star1"]
"""The searches that visit the children in their natural order, once, in one pass (others reorder
them from an earlier pass or a table, test with a null window first, or search a child again)."""
TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def visited(trace: Trace) -> list[str]:
    return trace.names(trace.summary.visit_order)


def with_status(trace: Trace, status: NodeStatus) -> list[str]:
    return [node.name for node in trace.nodes if node.status is status]


# -- the built-in example, root MIN --------------------------------------------------
# MIN leaves' parents D..G (MIN): D=min(6,7)=6, E=min(3,4)=3, F=min(2,8)=2, G=min(1,2)=1
# B, C (MAX): B=max(6,3)=6, C=max(2,1)=2;  A (MIN) = min(6,2) = 2, reached through C, F, L.


def test_minimax_builtin_example() -> None:
    trace = trace_search(builtin_example(), "minimax")
    assert visited(trace) == list("ABDHIEJKCFLMGNO")
    assert trace.summary.value == 2
    assert {name: trace.node(name).value for name in "DEFGBC"} == {"D": 6, "E": 3, "F": 2, "G": 1, "B": 6, "C": 2}
    assert trace.summary.nodes_visited == 15
    assert trace.summary.leaves_evaluated == 8
    assert trace.summary.cutoffs == () and trace.summary.pruned == ()


def test_alphabeta_builtin_example() -> None:
    # A(-inf,inf) MIN > B MAX > D MIN: H=6 (beta 6), I=7 -> D=6; B alpha=6.
    # E(6,inf) MIN: J=3 <= alpha 6 -> cut, K skipped; E=3; B=6; A beta=6.
    # C(-inf,6) MAX > F MIN: L=2, M=8 -> F=2; C alpha=2.
    # G(2,6) MIN: N=1 <= alpha 2 -> cut, O skipped; G=1; C=2; A=min(6,2)=2.
    trace = trace_search(builtin_example(), "alphabeta")
    assert visited(trace) == list("ABDHIEJCFLMGN")
    assert trace.summary.value == 2
    assert trace.names(trace.summary.pruned) == ["K", "O"]
    assert with_status(trace, NodeStatus.PRUNED) == ["K", "O"]
    cutoffs = [
        (trace.nodes[cut.node].name, trace.nodes[cut.child].name, trace.names(cut.skipped))
        for cut in trace.summary.cutoffs
    ]
    assert cutoffs == [("E", "J", ["K"]), ("G", "N", ["O"])]
    assert trace.summary.nodes_visited == 13
    assert trace.summary.leaves_evaluated == 6
    for cut in trace.summary.cutoffs:  # each cut-off's step is a CUTOFF event at that node
        event = trace.events[cut.step - 1]
        assert event.kind is EventKind.CUTOFF and event.node == cut.node and event.skipped == cut.skipped


@pytest.mark.parametrize("algorithm, iterative", VERSIONS)
def test_builtin_example_best_move_and_principal_variation(algorithm: str, iterative: bool) -> None:
    trace = trace_search(builtin_example(), algorithm, iterative=iterative)
    assert trace.summary.value == 2
    assert trace.summary.best_move == "C"
    assert trace.names(trace.summary.principal_variation) == ["A", "C", "F", "L"]


@pytest.mark.parametrize("algorithm", EXACT)
def test_builtin_example_with_root_max(algorithm: str) -> None:
    # Players flip: D..G are MAX, B C are MIN. D=7 E=4 F=8 G=2; B=min(7,4)=4, C=min(8,2)=2; A=max(4,2)=4.
    # Alpha-beta: D(-inf,inf) never reaches beta; E(-inf,7): 3, 4 < 7; C(4,inf): F(4,inf) has beta inf;
    # C=8 > alpha; G(4,8): N=1, O=2 stay inside; C's last child ends it. No cut-off anywhere.
    trace = trace_search(builtin_example().replace(root_player=Player.MAX), algorithm)
    assert trace.summary.value == 4
    if algorithm in ONE_PASS:
        assert trace.summary.cutoffs == ()
        assert visited(trace) == list("ABDHIEJKCFLMGNO")
    assert trace.summary.best_move == "B"
    assert trace.names(trace.summary.principal_variation) == ["A", "B", "E", "K"]


# -- the textbook 3x3 tree (AIMA Fig. 5.2), root MAX ---------------------------------


def test_textbook_tree() -> None:
    # B=min(3,12,8)=3, C=min(2,4,6)=2, D=min(14,5,2)=2; A=max=3 by B.
    # Alpha-beta: alpha=3 after B; at C, H=2 <= 3 cuts I and J; D(3,inf): 14, 5, 2 (last child).
    tree = from_nested(TEXTBOOK)
    plain = trace_search(tree, "minimax")
    pruning = trace_search(tree, "alphabeta")
    assert plain.summary.value == pruning.summary.value == 3
    assert plain.summary.best_move == pruning.summary.best_move == "B"
    assert visited(plain) == list("ABEFGCHIJDKLM")
    assert visited(pruning) == list("ABEFGCHDKLM")
    assert pruning.names(pruning.summary.pruned) == ["I", "J"]


# -- NIM ------------------------------------------------------------------------------


def count_nim_nodes(pile: int, max_take: int) -> int:
    """Nodes of the full NIM tree: the node itself plus each take's subtree."""
    return 1 + sum(count_nim_nodes(pile - take, max_take) for take in range(1, min(pile, max_take) + 1))


def test_nim_pile_six_misere() -> None:
    # Misere, take 1..3: the mover loses exactly when pile % 4 == 1. 6 % 4 == 2, so MAX wins by
    # taking 1 (leaving 5); taking 2 or 3 leaves 4 or 3, from which MIN leaves 1.
    trace = trace_search(Nim(6, max_take=3, rules="misere"), "minimax")
    assert trace.summary.value == 1
    assert trace.summary.best_move == 1
    # T(0)=1, T(n)=1+T(n-1)+T(n-2)+T(n-3): 1 2 4 8 15 28 52
    assert count_nim_nodes(6, 3) == 52
    assert trace.summary.nodes_visited == len(trace.nodes) == 52
    assert trace.node("1").value == 1 and trace.node("2").value == -1 and trace.node("3").value == -1


@pytest.mark.parametrize("pile", range(1, 9))
@pytest.mark.parametrize("rules", ["misere", "normal"])
def test_nim_values_follow_the_mod_four_rule(pile: int, rules: str) -> None:
    # Take 1..3: the mover loses when pile % 4 == 1 (misere) or pile % 4 == 0 (normal).
    losing = 1 if rules == "misere" else 0
    expected = -1 if pile % 4 == losing else 1
    for algorithm in EXACT:
        assert search(Nim(pile, rules=rules), algorithm) == expected
        assert search(Nim(pile, rules=rules, root=Player.MIN), algorithm) == -expected


# -- tic-tac-toe -----------------------------------------------------------------------


def test_tictactoe_from_the_empty_board() -> None:
    # Well-known counts: 549,946 nodes in the full game tree and 255,168 possible games; a draw.
    counter = NodeCounter()
    assert search(TicTacToe(), "minimax", tracer=counter) == 0
    assert counter.result() == (549_946, 255_168)


def test_tictactoe_immediate_win_is_found() -> None:
    # X to move on XX./OO./... (squares 1-9 row by row): X3 completes the top row at once (and O
    # would win at square 6 otherwise).
    trace = trace_search(TicTacToe("XX./OO./..."), "alphabeta")
    assert trace.summary.value == 1
    assert trace.summary.best_move == 3
    assert trace.nodes[trace.summary.best_child].name == "X3"


# -- exact events ------------------------------------------------------------------------


def test_alphabeta_event_sequence_on_a_tiny_tree() -> None:
    # [[3,5],[2,9]], root MAX: A; B=[3,5] C=[2,9] (MIN); D=3 E=5 F=2 G=9.
    trace = trace_search(from_nested([[3, 5], [2, 9]]), "alphabeta")
    expected = [
        ("enter", "A", -INF, INF, None),
        ("enter", "B", -INF, INF, None),
        ("enter", "D", -INF, INF, None),
        ("evaluate", "D", -INF, INF, 3),
        ("exit", "D", -INF, INF, 3),
        ("back_up", "B", -INF, INF, 3),  # B = 3; alpha -inf < 3, no cut
        ("update", "B", -INF, 3, 3),  # 3 < beta: beta = 3
        ("enter", "E", -INF, 3, None),  # E inherits B's window
        ("evaluate", "E", -INF, 3, 5),
        ("exit", "E", -INF, 3, 5),
        ("back_up", "B", -INF, 3, 3),  # min(3,5) = 3; not below beta, no update
        ("exit", "B", -INF, 3, 3),
        ("back_up", "A", -INF, INF, 3),  # A = 3 < beta inf
        ("update", "A", 3, INF, 3),  # alpha = 3
        ("enter", "C", 3, INF, None),
        ("enter", "F", 3, INF, None),
        ("evaluate", "F", 3, INF, 2),
        ("exit", "F", 3, INF, 2),
        ("back_up", "C", 3, INF, 2),  # C = 2 <= alpha 3: the window closes
        ("cutoff", "C", 3, INF, 2),  # G skipped
        ("exit", "C", 3, INF, 2),
        ("back_up", "A", 3, INF, 3),  # max(3,2) = 3
        ("exit", "A", 3, INF, 3),
    ]
    actual = [
        (event.kind.value, trace.nodes[event.node].name, event.alpha, event.beta, event.value) for event in trace.events
    ]
    assert actual == expected
    assert [event.step for event in trace.events] == list(range(1, 24))
    cutoff = trace.events[19]
    assert trace.names([cutoff.child]) == ["F"] and trace.names(cutoff.skipped) == ["G"]
    assert [trace.nodes[event.child].name for event in trace.events if event.kind is EventKind.BACK_UP] == [
        "D",
        "E",
        "B",
        "F",
        "C",
    ]


def test_minimax_events_have_no_window() -> None:
    trace = trace_search(from_nested([[3, 5], [2, 9]]), "minimax")
    kinds = [event.kind for event in trace.events]
    assert EventKind.UPDATE not in kinds and EventKind.CUTOFF not in kinds
    assert all(event.alpha is None and event.beta is None for event in trace.events)
    # 7 enters, 4 evaluates, 6 back-ups, 7 exits
    assert len(trace.events) == 24


# -- depth limits --------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", EXACT)
def test_depth_one_uses_interior_static_values(algorithm: str) -> None:
    # Root MIN, look-ahead 1: B and C are evaluated with their own values 3 and 5; min = 3.
    trace = trace_search(builtin_example(), algorithm, depth=1)
    assert trace.summary.value == 3
    assert trace.node("B").static_value == 3
    assert trace.summary.best_move == "B"
    if algorithm in ONE_PASS:  # MTD(f)'s last pass, for one, tests a bound and prunes C
        assert visited(trace) == ["A", "B", "C"]
        assert trace.summary.leaves_evaluated == 2
        assert trace.node("C").static_value == 5
        assert with_status(trace, NodeStatus.UNREACHED) == list("DEFGHIJKLMNO")
        assert trace.names(trace.summary.unreached) == list("DEFGHIJKLMNO")
        assert trace.summary.pruned == ()


@pytest.mark.parametrize("algorithm", EXACT)
def test_depth_zero_evaluates_only_the_root(algorithm: str) -> None:
    trace = trace_search(builtin_example(), algorithm, depth=0)
    assert trace.summary.value == 1  # A's own value
    assert visited(trace) == ["A"]
    assert trace.summary.leaves_evaluated == 1
    assert trace.summary.best_child is None and trace.summary.best_move is None
    assert trace.summary.principal_variation == (0,)
    assert len(trace.summary.unreached) == 14
    assert [event.kind for event in trace.events] == [EventKind.ENTER, EventKind.EVALUATE, EventKind.EXIT]


def test_depth_limit_on_a_nested_interior_has_no_static_value() -> None:
    with pytest.raises(NoStaticValue) as caught:
        search(from_nested(TEXTBOOK), "minimax", depth=1)
    assert "\n" not in str(caught.value) and "drop --depth" in str(caught.value)


def test_negative_depth_is_refused() -> None:
    with pytest.raises(InputError) as caught:
        search(builtin_example(), "alphabeta", depth=-1)
    assert "\n" not in str(caught.value) and "must be 0 or more" in str(caught.value)


# -- negamax views ---------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", ["negamax", "negamax-ab"])
def test_negamax_event_values_are_from_the_movers_view(algorithm: str) -> None:
    # Root MAX: depth 3 leaves are MIN nodes. H's static value 6 is -6 for MIN, the mover there.
    trace = trace_search(builtin_example().replace(root_player=Player.MAX), algorithm)
    assert trace.is_negamax
    h = trace.node("H").id
    evaluate_h = next(event for event in trace.events if event.kind is EventKind.EVALUATE and event.node == h)
    assert evaluate_h.value == -6
    assert trace.node("H").value == 6 and trace.node("H").static_value == 6  # nodes keep MAX's view
    assert trace.summary.value == 4
    assert trace.events[-1].node == 0 and trace.events[-1].value == 4  # the root is MAX: same view


@pytest.mark.parametrize("algorithm", ["negamax", "negamax-ab"])
def test_negamax_summary_is_from_max_view_at_a_min_root(algorithm: str) -> None:
    trace = trace_search(builtin_example(), algorithm)  # root MIN, value 2 for MAX
    root_exit = trace.events[-1]
    assert root_exit.kind is EventKind.EXIT and root_exit.node == 0
    assert root_exit.value == -2  # MIN's view
    assert trace.summary.value == 2 and trace.root.value == 2
    assert search(builtin_example(), algorithm) == 2


# -- strict pruning ---------------------------------------------------------------------------


def test_strict_does_not_cut_on_a_tie() -> None:
    # MAX root; B=MIN(3,5)=3 gives alpha 3; at C, F=3 equals alpha: >= cuts G (9), > does not.
    tree = from_nested([[3, 5], [3, 9]])
    default = trace_search(tree, "alphabeta")
    strict = trace_search(tree, "alphabeta", strict=True)
    assert visited(default) == list("ABDECF")
    assert default.names(default.summary.pruned) == ["G"]
    assert visited(strict) == list("ABDECFG")
    assert strict.summary.pruned == () and strict.summary.cutoffs == ()
    assert strict.strict and not default.strict
    assert default.summary.value == strict.summary.value == 3
