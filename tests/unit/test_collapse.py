"""Collapsed subtrees (`pictures/collapse.py`): a big tree's pictures draw what a slide shows legibly, the PV open."""

from __future__ import annotations

import pytest

from visualizer.errors import InputError
from visualizer.games import Nim, TicTacToe, builtin_example
from visualizer.pictures.collapse import Collapse
from visualizer.pictures.drawing import Drawing, Path, Shape, Text
from visualizer.pictures.figure import Figure
from visualizer.search import trace_search
from visualizer.tracing.events import EventKind

MIDGAME = trace_search(TicTacToe("X.O/.X./..O"), "alphabeta")  # the position: 115 nodes, 339 steps
SLIDE = (1280, 720)


def _text_px(drawing: Drawing) -> float:
    """The height of the smallest text of `drawing` in pixels, scaled to fit a 1280x720 slide."""
    scale = min(SLIDE[0] / drawing.width, SLIDE[1] / drawing.height)
    return scale * min(item.size for item in drawing.items if isinstance(item, Text))


def _ancestors(trace, node):
    parents, found = trace.columns.parent, []
    while (node := parents[node]) is not None:
        found.append(node)
    return found


def test_the_15_node_example_is_drawn_whole_with_a_frame_per_step():
    trace = trace_search(builtin_example(), "alphabeta")
    figure = Figure(trace, collapse=Collapse())
    assert figure.collapsed is None and figure.notice == ""
    assert figure.frame_steps == tuple(range(1, 53))
    assert _text_px(figure.still()) >= 12


def test_the_midgame_slide_text_is_at_least_12_px_on_every_frame_boards_included():
    figure = Figure(MIDGAME, collapse=Collapse())
    drawings = [figure.still(), *figure.frames()]
    assert all(_text_px(drawing) >= 12 for drawing in drawings)
    boards = [item for item in drawings[0].items if isinstance(item, Text) and item.key.startswith("board:")]
    assert len(boards) == 3 * len(figure.collapsed.shown)  # every drawn node shows its 3-line board
    whole = Figure(MIDGAME, collapse=Collapse(whole=True))
    assert whole.collapsed is None and _text_px(whole.still()) < 4  # what the issue saw: a thin strip


def test_the_midgame_takes_at_most_60_frames_and_each_hidden_step_is_in_one_collapsed_run():
    figure = Figure(MIDGAME, collapse=Collapse())
    collapsed, steps = figure.collapsed, figure.frame_steps
    assert collapsed is not None and len(steps) <= 60 and steps[-1] == len(MIDGAME.events)
    shown_frames = set(steps)
    owner_of = {}
    for node in range(len(MIDGAME.nodes)):  # the collapsed node each node lies in, from the parents alone
        inside = [ancestor for ancestor in [node, *_ancestors(MIDGAME, node)] if ancestor in collapsed.hidden]
        owner_of[node] = inside[-1] if inside else None
    nodes = [event.node for event in MIDGAME.events]
    for step, node in enumerate(nodes, start=1):
        if owner_of[node] is None:
            assert step in shown_frames  # a step at a drawn node is a frame of its own
        elif step not in shown_frames:  # a hidden step: the run goes on to a frame in the same subtree
            assert owner_of[nodes[step]] == owner_of[node]


def test_a_collapsed_subtree_is_labelled_with_the_nodes_under_it_and_a_run_frame_tells_its_search():
    figure = Figure(MIDGAME, collapse=Collapse())
    for node, hidden in figure.collapsed.hidden.items():
        assert hidden == sum(node in _ancestors(MIDGAME, other) for other in range(len(MIDGAME.nodes)))
    still = {item.key: item for item in figure.still().items}
    x2 = MIDGAME.columns.name.index("X2")
    assert still[f"subtree-size:{x2}"].text == f"{figure.collapsed.hidden[x2]} nodes"
    under = [other for other in range(len(MIDGAME.nodes)) if x2 in _ancestors(MIDGAME, other)]
    visited = sum(MIDGAME.columns.status[other].value == "visited" for other in under)
    entered = [step for step, event in enumerate(MIDGAME.events, 1) if event.node == x2]
    frame = {item.key: item for item in figure.frame(entered[-1]).items}
    caption = frame["caption:0"].text
    assert f"X2: searched {visited} of the {len(under)} nodes under it, value -1" in caption
    assert frame[f"node:{x2}"].width > still[f"node:{x2}"].width  # the subtree's node is the current one


def test_the_principal_variation_opens_first_and_named_nodes_open_however_small():
    figure = Figure(MIDGAME, collapse=Collapse())
    pv = MIDGAME.summary.principal_variation
    assert pv[1] in figure.collapsed.opened  # X6, the best move, shows its replies
    named = Figure(MIDGAME, collapse=Collapse(expand=("X2.O4",)))
    x2, x2o4 = (MIDGAME.columns.name.index(name) for name in ("X2", "X2.O4"))
    assert {0, x2, x2o4} <= named.collapsed.opened
    assert set(MIDGAME.columns.children[x2o4]) <= named.collapsed.shown
    levels = Figure(MIDGAME, collapse=Collapse(levels=2))
    depth2 = {node for node, depth in enumerate(MIDGAME.columns.depth) if depth == 2}
    assert depth2 <= levels.collapsed.shown and _text_px(levels.still()) < 12  # asked for, legible or not


@pytest.mark.parametrize(
    ("collapse", "words"),
    [(Collapse(expand=("X9",)), "no node named 'X9'"), (Collapse(levels=-1), "--draw-levels -1 is negative")],
)
def test_a_bad_request_is_refused_in_one_line(collapse, words):
    with pytest.raises(InputError, match=words):
        Figure(MIDGAME, collapse=collapse)


def _inside(point, box):
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


@pytest.mark.parametrize("trace", [MIDGAME, trace_search(Nim(6), "alphabeta")], ids=["tictactoe", "nim"])
def test_no_edge_runs_through_a_collapsed_subtree_or_its_label(trace):
    drawing = Figure(trace, collapse=Collapse()).still()
    items = {item.key: item for item in drawing.items}
    triangles = [item for item in drawing.items if isinstance(item, Shape) and item.key.startswith("subtree:")]
    assert triangles
    edges = [item for item in drawing.items if isinstance(item, Path) and item.key.startswith("edge:")]
    for triangle in triangles:
        xs, ys = [x for x, _ in triangle.points], [y for _, y in triangle.points]
        label = items[triangle.key.replace("subtree:", "subtree-size:")]
        half = len(label.text) * 0.3 * label.size
        box = (min(min(xs), label.x - half), min(ys), max(max(xs), label.x + half), label.y + label.size / 2)
        for edge in edges:
            (x1, y1), (x2, y2) = edge.points
            samples = [(x1 + (x2 - x1) * k / 50, y1 + (y2 - y1) * k / 50) for k in range(51)]
            assert not any(_inside(point, box) for point in samples), (edge.key, triangle.key)


def test_frames_share_the_still_canvas_and_the_last_frame_is_the_still():
    figure = Figure(MIDGAME, collapse=Collapse())
    frames = list(figure.frames())
    assert {(frame.width, frame.height) for frame in frames} == {(figure.width, figure.height)}
    assert frames[-1] == figure.still()
    kinds = {event.kind for event in MIDGAME.events}
    assert EventKind.CUTOFF in kinds  # the position prunes, so the frames show cut-offs as the still does


def test_the_names_a_collapsed_picture_hides_do_not_widen_it():
    # Two trees of 63 nodes alike but for the names of the deepest nodes (levels 4 and 5), long in one: both
    # collapse below those levels, so their pictures are the same width, and their text the same size.
    from visualizer.games import from_array

    values = [index % 7 - 3 for index in range(63)]
    short = [f"n{index}" for index in range(63)]
    long = [name if index < 15 else f"{name}-{'x' * 40}" for index, name in enumerate(short)]
    figures = [
        Figure(trace_search(from_array(values, names=names), "alphabeta"), collapse=Collapse(levels=3))
        for names in (short, long)
    ]
    assert all(figure.collapsed is not None for figure in figures)
    assert all(max(figure.trace.columns.depth[node] for node in figure.collapsed.shown) == 3 for figure in figures)
    assert figures[0].width == figures[1].width
    assert _text_px(figures[0].still()) == _text_px(figures[1].still()) >= 12
