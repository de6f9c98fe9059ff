"""The event log's sentences are true: "takes" only when the child's value was taken, and negamax says whose view.

Every expected sentence below is worked by hand from the tree in the test's name (A is the root,
B, C, ... its children in level order); no sentence was copied from the code's output.
"""

from __future__ import annotations

import pytest

from visualizer.games import Player, from_nested
from visualizer.search import trace_search
from visualizer.steps.describe import describe
from visualizer.tracing import EventKind


def sentences(nested: str, algorithm: str, *, root: Player = Player.MAX, kind: EventKind | None = None) -> list[str]:
    trace = trace_search(from_nested(nested, root=root), algorithm)
    return [describe(trace, event) for event in trace.events if kind is None or event.kind is kind]


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_max_over_4_2_keeps_4(algorithm):
    assert sentences("[4, 2]", algorithm, kind=EventKind.BACK_UP) == [
        "A takes B = 4, so A = 4.",
        "A keeps 4: C = 2 is not better for MAX.",
    ]


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_max_over_2_4_takes_the_better_4(algorithm):
    assert sentences("[2, 4]", algorithm, kind=EventKind.BACK_UP) == [
        "A takes B = 2, so A = 2.",
        "A takes C = 4, better for MAX than 2, so A = 4.",
    ]


def test_a_tie_is_kept_not_taken():
    # The search replaces the value only on a strictly better one, so the second 4 changes nothing.
    assert sentences("[4, 4]", "minimax", kind=EventKind.BACK_UP)[1] == "A keeps 4: C = 4 is not better for MAX."


def test_min_over_4_2_takes_2_and_min_over_2_4_keeps_2():
    assert sentences("[4, 2]", "minimax", root=Player.MIN, kind=EventKind.BACK_UP) == [
        "A takes B = 4, so A = 4.",
        "A takes C = 2, better for MIN than 4, so A = 2.",
    ]
    assert sentences("[2, 4]", "alphabeta", root=Player.MIN, kind=EventKind.BACK_UP)[1] == (
        "A keeps 2: C = 4 is not better for MIN."
    )


def test_no_sentence_says_takes_unless_the_value_became_the_childs():
    # MAX A over MIN B [3, 5] and MIN C [2, 9]: B keeps 3 over 5, C keeps 2 over 9, A keeps 3 over C's 2.
    told = sentences("[[3, 5], [2, 9]]", "minimax", kind=EventKind.BACK_UP)
    assert told == [
        "B takes D = 3, so B = 3.",
        "B keeps 3: E = 5 is not better for MIN.",
        "A takes B = 3, so A = 3.",
        "C takes F = 2, so C = 2.",
        "C keeps 2: G = 9 is not better for MIN.",
        "A keeps 3: C = 2 is not better for MAX.",
    ]


def test_alphabeta_after_a_cutoff_the_root_keeps_its_value():
    # Alpha-beta on the same tree: C stops after F = 2 <= alpha 3; A then keeps 3.
    told = sentences("[[3, 5], [2, 9]]", "alphabeta")
    assert "C: F = 2 <= alpha 3, so G is pruned (cut-off)." in told
    assert told[-2:] == ["A keeps 3: C = 2 is not better for MAX.", "Done: A = 3, best move B."]
    assert not any("(" in sentence and "view" in sentence for sentence in told)  # all MAX's view: not said


def test_negamax_over_4_2_says_whose_view():
    # B and C are MIN leaves: their static 4 and 2 (MAX's view) are -4 and -2 for MIN; A negates them back.
    assert sentences("[4, 2]", "negamax") == [
        "Enter A (MAX, depth 0).",
        "Enter B (MIN, depth 1).",
        "B is a leaf: static value -4 (MIN's view).",
        "Leave B with -4 (MIN's view).",
        "A takes -B = 4, so A = 4 (MAX's view).",
        "Enter C (MIN, depth 1).",
        "C is a leaf: static value -2 (MIN's view).",
        "Leave C with -2 (MIN's view).",
        "A keeps 4: -C = 2 is not better for MAX (MAX's view).",
        "Done: A = 4 (MAX's view), best move B.",
    ]


def test_negamax_at_a_min_node_better_means_higher_from_mins_view():
    # MIN root A over [2, 4]: from A's (MIN's) view the children are worth -2 and -4; -2 is kept.
    assert sentences("[2, 4]", "negamax", root=Player.MIN, kind=EventKind.BACK_UP) == [
        "A takes -B = -2, so A = -2 (MIN's view).",
        "A keeps -2: -C = -4 is not better for MIN (MIN's view).",
    ]


def test_negamax_ab_windows_and_cutoff_from_the_movers_view():
    # MAX A over MIN B [3, 5] and MIN C [2, 9]. B's window [-inf, +inf]; D = 3 is -3 for B, so alpha -3;
    # E gets [-inf, 3] (B's window negated and swapped). A takes 3, alpha 3; C's window is [-inf, -3];
    # F = 2 is -2 for C, and -2 >= beta -3 cuts G.
    told = sentences("[[3, 5], [2, 9]]", "negamax-ab")
    assert told[1] == "Enter B (MIN, depth 1) with window [-inf, +inf] (MIN's view)."
    assert "B takes -D = -3, so B = -3 (MIN's view)." in told
    assert "B: alpha = -3, window now [-3, +inf] (MIN's view)." in told
    assert "Enter E (MAX, depth 2) with window [-inf, 3] (MAX's view)." in told
    assert "B keeps -3: -E = -5 is not better for MIN (MIN's view)." in told
    assert "Enter C (MIN, depth 1) with window [-inf, -3] (MIN's view)." in told
    assert "C: -F = -2 >= beta -3, so G is pruned (cut-off; MIN's view)." in told
    assert told[-2:] == [
        "A keeps 3: -C = 2 is not better for MAX (MAX's view).",
        "Done: A = 3 (MAX's view), best move B.",
    ]


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "negamax", "negamax-ab"])
def test_every_takes_is_true_on_the_textbook_tree(algorithm):
    # The textbook 3x3 tree (AIMA Fig. 5.2): wherever a sentence says "X takes ..., so X = v",
    # v is the value X holds right after, and a "keeps" sentence leaves it as it was.
    trace = trace_search(from_nested("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"), algorithm)
    held: dict[int, object] = {}
    for event in trace.events:
        if event.kind is not EventKind.BACK_UP:
            continue
        sentence = describe(trace, event)
        if " keeps " in sentence:
            assert held[event.node] == event.value, sentence
        else:
            assert " takes " in sentence and event.node not in held or held[event.node] != event.value, sentence
        held[event.node] = event.value
