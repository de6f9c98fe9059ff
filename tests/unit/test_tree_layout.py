"""The textbook drawing of small trees: positions, labels and styles, without Textual."""

from __future__ import annotations

import subprocess
import sys

import pytest

from visualizer.errors import NoStaticValue
from visualizer.games import Nim, builtin_example, from_array, from_nested, random_tree
from visualizer.search import ALGORITHMS, REGISTRY, trace_search
from visualizer.steps.replay import Replay
from visualizer.steps.visits import is_monte_carlo, visit_counts
from visualizer.tracing.trace import Trace
from visualizer.tui import tree_layout as layout
from visualizer.tui.node_labels import node_label, node_line

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def replay_at(trace: Trace, step: int) -> Replay:
    replay = Replay(trace)
    replay.seek(step)
    return replay


def draw(trace: Trace, step: int, *, show_pv: bool = False):
    plan = layout.plan_tree(trace)
    assert plan is not None
    return layout.draw_tree(plan, replay_at(trace, step), show_pv=show_pv)


def box(drawing, trace: Trace, name: str) -> tuple[str, str]:
    """The two label lines of a node as drawn."""
    return drawing.label(trace.node(name).id)


def styles_at(drawing, trace: Trace, name: str) -> str:
    """Every style applied at a node's centre on its first label line."""
    row, centre = drawing.positions[trace.node(name).id]
    spans = drawing.lines[row].spans
    return " ".join(str(span.style) for span in spans if span.start <= centre < span.end)


@pytest.fixture(scope="module")
def builtin() -> Trace:
    return trace_search(builtin_example(), "alphabeta")


def test_the_15_node_example_is_drawn_like_the_textbook_figure(builtin):
    drawing = draw(builtin, 21)
    rows = {name: drawing.positions[builtin.node(name).id] for name in "ABCDEFGHIJKLMNO"}
    assert drawing.width <= 78 and all(len(line.plain) == drawing.width for line in drawing.lines)
    assert [rows[name][0] for name in "ABDH"] == [0, 3, 6, 9]  # root on top, one level every 3 rows
    for parent, (left, right) in {"A": "BC", "B": "DE", "C": "FG", "D": "HI", "G": "NO"}.items():
        assert rows[parent][1] == (rows[left][1] + rows[right][1]) // 2
    leaves = [rows[name] for name in "HIJKLMNO"]
    assert len({row for row, _ in leaves}) == 1
    assert [column for _, column in leaves] == sorted(column for _, column in leaves)
    assert len({column for _, column in leaves}) == 8


def test_edges_join_each_parent_to_its_children(builtin):
    drawing = draw(builtin, 0)
    (_, root), (_, left), (_, right) = (drawing.positions[builtin.node(name).id] for name in "ABC")
    edges = drawing.lines[2].plain
    assert (edges[left], edges[root], edges[right]) == ("┌", "┴", "┐")
    assert set(edges[left + 1 : right]) == {"─", "┴"}


def test_labels_show_marker_name_visit_value_and_window_at_the_first_cutoff(builtin):
    drawing = draw(builtin, 21)
    assert box(drawing, builtin, "A") == ("▼A #1", "· [-∞,∞]")  # MIN root: value not known yet
    assert box(drawing, builtin, "B") == ("▲B #2", "6 [6,∞]")
    assert box(drawing, builtin, "E") == (">▼E #6", "3 [6,∞]")  # the current node is marked ">"
    assert box(drawing, builtin, "K") == ("x▲K", "pruned")
    assert box(drawing, builtin, "C") == ("▲C", "·")  # not reached yet


def test_the_current_node_is_bold_reverse_and_open_nodes_bold(builtin):
    drawing = draw(builtin, 21)
    assert "bold reverse" in styles_at(drawing, builtin, "E")
    assert "bold" in styles_at(drawing, builtin, "B") and "reverse" not in styles_at(drawing, builtin, "B")
    assert styles_at(drawing, builtin, "D") == ""  # done: plain


def test_pruned_nodes_are_dim_and_struck_through(builtin):
    before, after = draw(builtin, 20), draw(builtin, 21)
    assert "strike" not in styles_at(before, builtin, "K")
    assert "strike" in styles_at(after, builtin, "K") and "dim" in styles_at(after, builtin, "K")
    assert "strike" not in styles_at(after, builtin, "J")


def test_the_principal_variation_is_starred_and_underlined_when_asked(builtin):
    end = builtin.summary.principal_variation
    assert builtin.names(end) == ["A", "C", "F", "L"]
    marked = draw(builtin, 10**6, show_pv=True)
    for name in "ACFL":
        assert box(marked, builtin, name)[0].endswith("*") and "underline" in styles_at(marked, builtin, name)
    for name in "BGM":
        assert "*" not in box(marked, builtin, name)[0] and "underline" not in styles_at(marked, builtin, name)
    assert "*" not in draw(builtin, 10**6).plain


def test_minimax_labels_have_no_window():
    trace = trace_search(builtin_example(), "minimax")
    drawing = draw(trace, 10**6)
    assert box(drawing, trace, "A") == (">▼A #1", "2") and box(drawing, trace, "K") == ("▲K #8", "4")


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("game", [builtin_example(), from_nested(TEXTBOOK), Nim(4)], ids=["builtin", "3x3", "nim4"])
def test_the_layout_is_stable_and_labels_never_collide_at_any_step(game, algorithm):
    # 150 playouts instead of 1,000: every label kind (visit counts of three digits) in ~1,300 steps, not ~9,000.
    options = {"iterations": 150} if REGISTRY[algorithm].estimates else {}
    try:
        trace = trace_search(game, algorithm, **options)
    except NoStaticValue:
        assert algorithm == "id"  # nested lists have no values at inner nodes: iterative deepening refuses them
        return
    plan = layout.plan_tree(trace)
    wide = isinstance(game, Nim) or REGISTRY[algorithm].estimates  # NIM's path names; "n=1000" visit counts
    assert plan is not None and (plan.width <= 78 or wide)
    counts = visit_counts(trace) if is_monte_carlo(trace) else None
    replay = Replay(trace)
    while True:
        drawing = layout.draw_tree(plan, replay, show_pv=replay.step == replay.count)
        assert drawing.width == plan.width
        on_pv = set(trace.summary.principal_variation) if replay.step == replay.count else set()
        for node in trace.nodes:  # every label is intact in its box, so no other label or edge overwrote it
            label = node_label(
                node,
                replay.views[node.id],
                is_current=node.id == replay.current,
                on_pv=node.id in on_pv,
                movers_view=trace.is_negamax,
                visits=None if counts is None else counts.at(node.id, replay.step),
            )
            assert drawing.label(node.id) == (label.top.strip(), label.bottom)
        if not replay.forward():
            break


def test_the_textbook_3x3_tree_fits_78_columns():
    trace = trace_search(from_nested(TEXTBOOK), "alphabeta")
    drawing = draw(trace, 10**6, show_pv=True)
    assert drawing.width <= 78
    assert box(drawing, trace, "F") == ("▲F #4", "12 [-∞,3]")
    (_, root), (_, middle) = (drawing.positions[trace.node(name).id] for name in "AC")
    assert root == middle and drawing.lines[2].plain[root] == "┼"  # the root sits right over its middle child


def test_trees_too_big_or_too_wide_are_not_drawn(builtin):
    many = trace_search(random_tree(leaves=200, seed=7), "alphabeta")
    assert layout.plan_tree(many) is None
    wide = trace_search(from_array(list(range(41)), branching=40), "minimax")  # 41 nodes, 40 leaves abreast
    assert len(wide.nodes) <= layout.MAX_DRAWN_NODES
    assert layout.plan_tree(wide) is None
    assert layout.plan_tree(builtin, max_width=40) is None
    assert layout.plan_tree(builtin, max_width=78) is not None


def test_outline_lines_name_the_phase_and_shorten_game_names():
    trace = trace_search(Nim(4), "alphabeta")
    replay = replay_at(trace, 3)
    node = trace.nodes[replay.current]
    line = node_line(node, replay.views[node.id], is_current=True, short=True)
    assert node.name == "1.1" and line.plain.startswith(">▲1 #3 ") and line.plain.endswith("open")
    assert "bold reverse" in str(line.style)


def test_the_layout_imports_no_textual():
    # `visualizer.tui` itself imports the app, so the probe stands in an empty package for it.
    probe = (
        "import sys, types, visualizer; "
        "package = types.ModuleType('visualizer.tui'); "
        "package.__path__ = [visualizer.__path__[0] + '/tui']; "
        "sys.modules['visualizer.tui'] = package; "
        "import visualizer.tui.tree_layout; "
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'textual'))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
