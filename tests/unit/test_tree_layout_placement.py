"""The one tree layout, `place_tree`: hand-checked placements, and its promises over many random trees,
in the pictures' points and in the app's columns."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from visualizer.games import Nim, from_nested
from visualizer.pictures.layout import SLOT_GAP, TreeLayout, place_tree
from visualizer.search import trace_search
from visualizer.tui import tree_layout as layout
from visualizer.tui.tree_layout import Density

# Node 0 has a leaf (1) and a node (2) with two leaves (3, 4): 2's subtree is the deeper.
SMALL = [[1, 2], [], [3, 4], [], []]


def test_a_short_subtree_tucks_in_beside_a_deeper_one_in_columns():
    # Boxes 3 wide cover columns x-2..x; leaves 3 and 4 are 4 apart (3 + gap 1), 2 midway over them;
    # 1 only has to clear 2 on its own row, so 2's subtree tucks in: leaf 3 (columns 2..4) is under 1 (0..2).
    xs, width = place_tree(SMALL, [3] * 5, 1)
    assert xs == [4, 2, 6, 4, 8] and width == 9
    assert all(isinstance(x, int) for x in xs)


def test_bars_keep_the_row_under_a_parent_clear():
    # 2's edge row runs over columns 4..8 (its children's middles, x - 1): 1 (columns 0..2) keeps a gap to it.
    xs, width = place_tree(SMALL, [3] * 5, 1, bars=True)
    assert xs == [4, 2, 7, 5, 9] and width == 10


def test_points_center_parents_exactly():
    xs, width = place_tree(SMALL, [10.0] * 5, 0.0)
    assert xs == [10.0, 5.0, 15.0, 10.0, 20.0] and width == 25.0


def test_a_parent_with_an_odd_number_of_children_sits_over_the_middle_one_in_columns():
    # Leaves 1 and 2 one column wide, 3 five wide: midway between 1 and 3 is a column right of 2.
    xs, width = place_tree([[1, 2, 3], [], [], []], [1, 1, 1, 5], 1)
    assert xs == [3, 1, 3, 7] and width == 9
    assert (xs[1] + xs[3]) // 2 == 4


@st.composite
def trees(draw: st.DrawFn) -> list[list[int]]:
    """Children lists of a random tree, node 0 the root, each node's children in id order."""
    count = draw(st.integers(min_value=1, max_value=40))
    children: list[list[int]] = [[] for _ in range(count)]
    for node in range(1, count):
        children[draw(st.integers(min_value=0, max_value=node - 1))].append(node)
    return children


def depths_of(children: list[list[int]]) -> list[int]:
    depths = [0] * len(children)
    for node, kids in enumerate(children):  # a parent's id is below its children's
        for child in kids:
            depths[child] = depths[node] + 1
    return depths


@given(trees(), st.data(), st.integers(min_value=1, max_value=3), st.booleans())
def test_columns_never_collide_and_parents_sit_over_their_children(children, data, gap, bars):
    widths = data.draw(st.lists(st.integers(min_value=1, max_value=9), min_size=len(children), max_size=len(children)))
    xs, width = place_tree(children, widths, gap, bars=bars)
    boxes = [(x - (w - w // 2), x + w // 2) for x, w in zip(xs, widths)]  # columns left..right-1
    assert min(left for left, _ in boxes) == 0 and max(right for _, right in boxes) == width
    depths = depths_of(children)
    for depth in set(depths):
        row = sorted((boxes[node], node) for node in range(len(xs)) if depths[node] == depth)
        spans = [box for box, _ in row]
        if bars:  # a parent's edge row counts as its own on its row
            spans = [
                (min(left, xs[children[node][0]] - 1), max(right, xs[children[node][-1]]))
                if children[node]
                else (left, right)
                for (left, right), node in row
            ]
        for (_, right), (left, _) in zip(spans, spans[1:]):
            assert left - right >= gap
    for node, kids in enumerate(children):
        if kids:
            assert [xs[kid] for kid in kids] == sorted({xs[kid] for kid in kids})  # siblings left to right, apart
            middle = (xs[kids[0]] + xs[kids[-1]]) // 2
            assert xs[node] in (middle, xs[kids[len(kids) // 2]])
            assert abs(xs[node] - middle) <= 1


@given(trees(), st.data())
def test_points_never_collide_and_parents_sit_midway(children, data):
    widths = data.draw(st.lists(st.floats(min_value=1, max_value=50), min_size=len(children), max_size=len(children)))
    xs, width = place_tree(children, widths, 4.0)
    depths = depths_of(children)
    for depth in set(depths):
        row = sorted(
            (xs[node] - widths[node] / 2, xs[node] + widths[node] / 2)
            for node in range(len(xs))
            if depths[node] == depth
        )
        for (_, right), (left, _) in zip(row, row[1:]):
            assert left - right >= 4.0 - 1e-9
    assert abs(min(x - w / 2 for x, w in zip(xs, widths))) < 1e-9
    assert abs(max(x + w / 2 for x, w in zip(xs, widths)) - width) < 1e-9
    for node, kids in enumerate(children):
        if kids:
            assert abs(xs[node] - (xs[kids[0]] + xs[kids[-1]]) / 2) < 1e-9


def test_the_figure_packs_a_tree_with_early_leaves_narrower_than_a_slot_a_leaf():
    # A: B = [D, E = [H, I]], C = [F = [J, K], G]; F's subtree only has to clear E's row by row.
    trace = trace_search(from_nested([[1, [2, 3]], [[4, 5], 6]]), "minimax")
    figure = TreeLayout.of(trace)
    right = max(figure.half_width, figure.reach)  # the visit number's side is the wider (names are one letter)
    slot, shift = figure.half_width + right + SLOT_GAP, (right - figure.half_width) / 2
    in_slots = [round((x + shift) / slot, 9) for x in figure.xs]  # a node's centre is left of its room's middle
    assert dict(zip(trace.names(range(len(trace.nodes))), in_slots)) == {
        "A": 2.5,
        "B": 1,
        "C": 4,
        "D": 0.5,
        "E": 1.5,
        "F": 3.5,
        "G": 4.5,
        "H": 1,
        "I": 2,
        "J": 3,
        "K": 4,
    }
    assert round(figure.width / slot, 9) == 5  # six leaves in five slots


def test_the_app_packs_a_game_tree_with_early_ends_into_78_columns_with_full_labels():
    trace = trace_search(Nim(4), "minimax")
    plan = layout.fit_tree(trace, 78)  # subtrees side by side in bands would need compact labels
    assert plan is not None and plan.density is Density.FULL and plan.width <= 78
