"""Label densities, leaf values before evaluation, and the fullest layout that fits a width (no Textual)."""

from __future__ import annotations

import pytest

from visualizer.games import builtin_example, from_nested
from visualizer.search import trace_search
from visualizer.steps.replay import NodeView, Phase, Replay
from visualizer.tui import tree_layout as layout
from visualizer.tui.node_labels import node_label
from visualizer.tui.tree_layout import Density


@pytest.fixture(scope="module")
def builtin():
    return trace_search(builtin_example(), "alphabeta")


def replay_at(trace, step):
    replay = Replay(trace)
    replay.seek(step)
    return replay


def test_an_unevaluated_leaf_shows_its_value_in_brackets_and_dim_only_when_asked(builtin):
    leaf = builtin.node("H")  # value 6 in the level-order array 1,3,5,5,3,1,2,6,...
    shown = node_label(leaf, NodeView(), show_leaf_values=True)
    assert shown.bottom == "(6)" and shown.bottom_style == "dim" and shown.style == ""
    assert node_label(leaf, NodeView()).bottom == "·"  # predict mode: hidden
    evaluated = NodeView(Phase.DONE, 4, 6, float("-inf"), float("inf"))
    assert node_label(leaf, evaluated, show_leaf_values=True).bottom == "6 [-∞,∞]"
    inner = builtin.node("D")  # an inner node's static value is not the problem's data
    assert node_label(inner, NodeView(), show_leaf_values=True).bottom == "·"


def test_the_three_densities_write_the_same_node_in_fewer_columns(builtin):
    node, view = builtin.node("E"), NodeView(Phase.OPEN, 6, 3, 6, float("inf"))
    labels = [node_label(node, view, is_current=True, density=density) for density in Density]
    assert [(label.top, label.bottom) for label in labels] == [(">▼E #6 ", "3 [6,∞]"), (">▼E", "3[6,∞]"), (">▼E", "3")]
    pruned = NodeView(Phase.PRUNED)
    leaf = builtin.node("K")  # value 4
    assert node_label(leaf, pruned, density=Density.NAMES).bottom == "x"
    assert node_label(leaf, pruned, density=Density.NAMES, show_leaf_values=True).bottom == "(4)"
    assert node_label(leaf, pruned, density=Density.FULL, show_leaf_values=True).bottom == "pruned"


@pytest.mark.parametrize(
    ("width", "density"), [(78, Density.FULL), (58, Density.COMPACT), (38, Density.COMPACT), (20, Density.COMPACT)]
)
def test_fit_tree_picks_the_fullest_labels_that_fit(builtin, width, density):
    plan = layout.fit_tree(builtin, width)
    assert plan is not None and plan.density is density
    if width >= 38:  # 8 leaves of three columns (compact: no window at a leaf) and seven one-column gaps
        assert plan.width <= width
    else:  # nothing fits: the narrowest drawing, to be scrolled (compact ties with names: the fuller wins)
        assert plan.width == min(layout.plan_tree(builtin, density=each, target_width=width).width for each in Density)


def test_every_label_stays_whole_at_every_density_and_step():
    trace = trace_search(from_nested("[[3,12,8],[2,4,6],[14,5,2]]"), "alphabeta")
    for density in Density:
        plan = layout.plan_tree(trace, density=density, target_width=38)
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
                    )
                    assert drawing.label(node.id) == (label.top.strip(), label.bottom), (density, node.name)
            if not replay.forward():
                break


def test_the_dim_leaf_value_is_styled_apart_from_its_name(builtin):
    plan = layout.fit_tree(builtin, 38)
    drawing = layout.draw_tree(plan, Replay(builtin), show_leaf_values=True)
    row, centre = drawing.positions[builtin.node("H").id]
    styles = {str(span.style) for span in drawing.lines[row + 1].spans if span.start <= centre < span.end}
    assert styles == {"dim"}
    assert not [span for span in drawing.lines[row].spans if span.start <= centre < span.end]
