"""Negamax tree labels show value and window from one point of view, the mover's; minimax ones from MAX's.

The expected labels are worked by hand from Knuth and Moore's F2 (`negamax_ab`): MAX root A over MIN
nodes B and C over the leaves D, E = 3, 5 and F, G = 2, 9 (every leaf is a MAX node). The call
stack's lines are checked in tests/ui/test_negamax_legend.py.

    step  event                  by hand
     7    B: alpha = -3          B = max(-inf, -D) = -3 (MIN's view), window [-3, +inf]
    20    C: cut-off, G pruned   C is entered with [-beta, -alpha] = [-inf, -3]; -F = -2 >= beta -3
    23    Done: A = 3            A = max(-B, -C) = max(3, 2) = 3, window [3, +inf]
"""

from __future__ import annotations

import pytest

from visualizer.games import from_nested
from visualizer.search import trace_search
from visualizer.steps.replay import Replay
from visualizer.tracing.events import EventKind
from visualizer.tracing.trace import Trace
from visualizer.tui import tree_layout as layout
from visualizer.tui.node_labels import node_label, node_line, shown_value
from visualizer.tui.tree_layout import Density

TREE = [[3, 5], [2, 9]]


def replay_at(trace: Trace, step: int) -> Replay:
    replay = Replay(trace)
    replay.seek(step)
    return replay


def labels_at(trace: Trace, step: int, density: Density = Density.FULL) -> dict[str, tuple[str, str]]:
    """Every node's two label lines as drawn at `step`, by name."""
    plan = layout.plan_tree(trace, density=density)
    assert plan is not None
    drawing = layout.draw_tree(plan, replay_at(trace, step))
    return {node.name: drawing.label(node.id) for node in trace.nodes}


def test_the_steps_worked_by_hand_are_the_traced_ones():
    trace = trace_search(from_nested(TREE), "negamax-ab")
    kinds = {7: EventKind.UPDATE, 20: EventKind.CUTOFF, 23: EventKind.EXIT}
    assert {step: (trace.events[step - 1].kind, trace.nodes[trace.events[step - 1].node].name) for step in kinds} == {
        7: (EventKind.UPDATE, "B"),
        20: (EventKind.CUTOFF, "C"),
        23: (EventKind.EXIT, "A"),
    }


def test_negamax_ab_labels_show_the_movers_view():
    trace = trace_search(from_nested(TREE), "negamax-ab")
    at_update = labels_at(trace, 7)
    assert at_update["A"] == ("▲A #1", "· [-∞,∞]")
    assert at_update["B"] == (">▼B #2", "-3 [-3,∞]")  # MIN's view: minimax would say 3
    assert at_update["D"] == ("▲D #3", "3 [-∞,∞]")
    at_cutoff = labels_at(trace, 20)
    assert at_cutoff["A"] == ("▲A #1", "3 [3,∞]")
    assert at_cutoff["B"] == ("▼B #2", "-3 [-3,∞]")
    assert at_cutoff["C"] == (">▼C #5", "-2 [-∞,-3]")  # value and window both from MIN's view
    assert at_cutoff["F"] == ("▲F #6", "2 [3,∞]")
    assert at_cutoff["G"] == ("x▲G", "pruned")
    at_end = labels_at(trace, 23)
    assert (at_end["A"], at_end["C"]) == ((">▲A #1", "3 [3,∞]"), ("▼C #5", "-2 [-∞,-3]"))


def test_negamax_ab_compact_and_name_labels_show_the_movers_view():
    trace = trace_search(from_nested(TREE), "negamax-ab")
    assert labels_at(trace, 20, Density.COMPACT)["C"] == (">▼C", "-2[-∞,-3]")
    assert labels_at(trace, 20, Density.NAMES)["B"] == ("▼B", "-3")


def test_alphabeta_labels_stay_in_max_view():
    # By hand, alpha-beta: B takes D = 3 and lowers beta to 3 at step 7; C takes F = 2 <= alpha 3 at step 20.
    trace = trace_search(from_nested(TREE), "alphabeta")
    assert labels_at(trace, 7)["B"] == (">▼B #2", "3 [-∞,3]")
    assert labels_at(trace, 20)["C"] == (">▼C #5", "2 [3,∞]")


def test_plain_negamax_labels_negate_min_values_and_show_no_window():
    trace = trace_search(from_nested(TREE), "negamax")
    end = labels_at(trace, len(trace.events))
    assert (end["A"][1], end["B"][1], end["C"][1], end["G"][1]) == ("3", "-3", "-2", "9")
    minimax = trace_search(from_nested(TREE), "minimax")
    end = labels_at(minimax, len(minimax.events))
    assert (end["A"][1], end["B"][1], end["C"][1], end["G"][1]) == ("3", "3", "2", "9")


def test_a_min_leafs_preview_is_in_the_movers_view_too():
    # MAX root over two MIN leaves 4 and 7: negamax evaluates B as -4 (MIN's view), so its preview is (-4).
    trace = trace_search(from_nested([4, 7]), "negamax")
    plan = layout.plan_tree(trace)
    before = layout.draw_tree(plan, Replay(trace), show_leaf_values=True)
    assert before.label(trace.node("B").id) == ("▼B", "(-4)")
    evaluated = layout.draw_tree(plan, replay_at(trace, 3), show_leaf_values=True)  # enter A, enter B, evaluate B
    assert evaluated.label(trace.node("B").id) == (">▼B #2", "-4")
    minimax = trace_search(from_nested([4, 7]), "minimax")
    shown = layout.draw_tree(layout.plan_tree(minimax), Replay(minimax), show_leaf_values=True)
    assert shown.label(minimax.node("B").id) == ("▼B", "(4)")


def test_node_line_and_shown_value_follow_the_flag():
    trace = trace_search(from_nested(TREE), "negamax-ab")
    replay = replay_at(trace, 20)
    node = trace.node("C")
    view = replay.views[node.id]
    assert view.value == 2  # the replay keeps MAX's view
    assert shown_value(node, view.value, movers_view=True) == -2
    assert shown_value(node, view.value, movers_view=False) == 2
    assert shown_value(trace.node("A"), 3, movers_view=True) == 3
    assert shown_value(node, None, movers_view=True) is None
    line = node_line(node, view, is_current=True, movers_view=True).plain
    assert line == ">▼C #5  -2 [-∞,-3]  open"


@pytest.mark.parametrize("density", list(Density))
def test_negated_labels_stay_whole_in_their_boxes_at_every_step(density):
    # Leaves at depth 3 are MIN nodes: negated values ("-12") are wider than MAX's view ("12").
    trace = trace_search(from_nested([[[3, 12], [8, 2]], [[4, 6], [14, 5]]]), "negamax-ab")
    plan = layout.plan_tree(trace, density=density)
    replay = Replay(trace)
    while True:
        for shown in (False, True):
            drawing = layout.draw_tree(plan, replay, show_leaf_values=shown)
            for node in trace.nodes:
                label = node_label(
                    node,
                    replay.views[node.id],
                    is_current=node.id == replay.current,
                    density=density,
                    show_leaf_values=shown,
                    movers_view=True,
                )
                assert drawing.label(node.id) == (label.top.strip(), label.bottom), (density, node.name)
        if not replay.forward():
            break
    drawing = layout.draw_tree(plan, replay)
    leaf = trace.node("H")  # the first leaf, 3, a MIN node
    assert leaf.player.value == "min" and drawing.label(leaf.id)[1].startswith("-3")
