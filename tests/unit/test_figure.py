"""The drawing model (`export/figure.py`): steady frames, the last frame is the still, what each frame shows."""

from __future__ import annotations

import itertools

import pytest
from svg_reading import read_canvas, read_positions

from visualizer.games import ConnectFour, TicTacToe, builtin_example, from_nested, random_tree
from visualizer.pictures.drawing import Path, Shape, Text, text_width
from visualizer.pictures.figure import Figure
from visualizer.pictures.svg import to_svg
from visualizer.pictures.themes import THEMES
from visualizer.search import trace_search
from visualizer.tracing.events import EventKind

EXAMPLE = trace_search(builtin_example(), "alphabeta")


def _traces():
    return {
        "example15-alphabeta": EXAMPLE,
        "example15-minimax-d2": trace_search(builtin_example(), "minimax", depth=2),
        "textbook-negamax-ab": trace_search(from_nested("[[3,12,8],[2,4,6],[14,5,2]]"), "negamax-ab"),
        "tictactoe-midgame": trace_search(TicTacToe("XOX/.O./X.."), "alphabeta"),  # 21 boards, 4 cut-offs
        "connect4-d2": trace_search(ConnectFour("..../.O../XO.X", rows=3, cols=4, connect=3), "alphabeta", depth=2),
    }


TRACES = _traces()

WIDE = {"tictactoe-130-boards": trace_search(TicTacToe("XOX/.O./..."), "alphabeta")}
"""A wide tree of boards, for the checks of the still alone (its 392 frames are not drawn one by one)."""


def _node_keys(positions):
    return {key: value for key, value in positions.items() if key.startswith(("node:", "name:"))}


@pytest.mark.parametrize("name", sorted(TRACES))
def test_every_frame_has_the_canvas_and_node_places_of_the_still(name):
    trace = TRACES[name]
    figure = Figure(trace)
    still = to_svg(figure.still())
    canvas, places = read_canvas(still), _node_keys(read_positions(still))
    assert len(places) == 2 * len(trace.nodes)  # every node drawn, pruned and unreached ones too
    count = 0
    for drawing in figure.frames():
        svg = to_svg(drawing)
        assert read_canvas(svg) == canvas
        assert _node_keys(read_positions(svg)) == places
        count += 1
    assert count == len(trace.events)


@pytest.mark.parametrize("name", sorted(TRACES))
def test_the_last_frame_is_the_still(name):
    figure = Figure(TRACES[name])
    *_, last = figure.frames()
    assert last == figure.still()
    assert to_svg(last) == to_svg(figure.still())
    assert figure.frame(figure.steps) == figure.still()


def _texts(drawing, prefix):
    return {item.key: item for item in drawing.items if isinstance(item, Text) and item.key.startswith(prefix)}


def test_leaf_values_show_on_every_frame_dimmed_until_evaluated():
    theme = THEMES["light"]
    figure = Figure(EXAMPLE)
    names = EXAMPLE.columns.name
    leaves = {node.id: node.static_value for node in EXAMPLE.nodes if not node.children}
    evaluated_at = {event.node: event.step for event in EXAMPLE.events if event.kind is EventKind.EVALUATE}
    assert set(evaluated_at) < set(leaves)  # K and O are pruned: never evaluated
    for step, drawing in enumerate(figure.frames(), start=1):
        values = _texts(drawing, "value:")
        for leaf, static in leaves.items():
            text = values[f"value:{leaf}"]
            assert text.text == str(static), (step, names[leaf])
            evaluated = leaf in evaluated_at and evaluated_at[leaf] <= step
            assert text.colour == (theme.ink if evaluated else theme.muted), (step, names[leaf])


def test_the_step_node_is_filled_and_a_backed_up_edge_coloured():
    theme = THEMES["light"]
    figure = Figure(EXAMPLE)
    for step, drawing in enumerate(figure.frames(), start=1):
        if step == figure.steps:
            break  # the still: no step is highlighted
        event = EXAMPLE.events[step - 1]
        shapes = {item.key: item for item in drawing.items if isinstance(item, Shape) and item.key.startswith("node:")}
        filled = [key for key, shape in shapes.items() if shape.fill == theme.current_fill]
        assert filled == [f"node:{event.node}"]
        assert shapes[f"node:{event.node}"].width == theme.bold_line
        coloured = [
            item.key
            for item in drawing.items
            if isinstance(item, Path) and item.colour == theme.last_child and item.key.startswith("edge:")
        ]
        if event.kind in (EventKind.BACK_UP, EventKind.CUTOFF):  # the child taken, or the one that closed the window
            assert coloured == [f"edge:{event.node}:{event.child}"]
        else:
            assert coloured == []


def _legend(drawing) -> set[str]:
    return {item.key.split(":")[1] for item in drawing.items if item.key.startswith("legend:")}


def test_the_legend_names_the_step_marks_on_the_frames_and_not_on_the_still():
    figure = Figure(EXAMPLE)
    still, frames = figure.still(), list(figure.frames())
    assert all(_legend(frame) - _legend(still) == {"current", "backed-up"} for frame in frames[:-1])  # the still: none
    assert _legend(still) == {"max", "min", "visit", "window", "pruned", "cut", "pv"}
    assert frames[-1] == still and {(frame.width, frame.height) for frame in frames} == {(still.width, still.height)}


def test_the_caption_tells_the_step_and_the_still_the_outcome():
    figure = Figure(EXAMPLE)
    first = figure.frame(1)
    assert _texts(first, "caption:")["caption:0"].text.startswith(f"Step 1 of {figure.steps}: Enter A (MIN")
    still = " ".join(text.text for text in _texts(figure.still(), "caption:").values())
    # Hand-checked on the 15-node example: root MIN, value 2 through C; K and O pruned.
    assert still == "Done: A = 2, best move C. 13 of 15 nodes visited, 2 cut-offs."


def test_the_still_marks_pruned_cuts_and_the_principal_variation():
    theme = THEMES["light"]
    still = Figure(EXAMPLE).still()
    items = {item.key: item for item in still.items}
    ids = {name: node for node, name in enumerate(EXAMPLE.columns.name)}
    for pruned in "KO":
        assert items[f"node:{ids[pruned]}"].dash == "dashed"
    cuts = sorted(key for key in items if key.startswith("cutlabel:"))
    assert cuts == sorted([f"cutlabel:{ids['E']}:{ids['K']}", f"cutlabel:{ids['G']}:{ids['O']}"])
    assert all(items[key].text == "cut" for key in cuts)
    bold_edges = {key for key, item in items.items() if key.startswith("edge:") and item.width == theme.bold_line}
    assert bold_edges == {f"edge:{ids['A']}:{ids['C']}", f"edge:{ids['C']}:{ids['F']}", f"edge:{ids['F']}:{ids['L']}"}


def _box(item: Text):
    width = text_width(item.text, item.size)
    left = {"start": item.x, "middle": item.x - width / 2, "end": item.x - width}[item.anchor]
    return left, item.y - item.size / 2, left + width, item.y + item.size / 2


def _glyph_box(shape: Shape):
    xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
    return min(xs), min(ys), max(xs), max(ys)


def _overlap(first, second) -> bool:
    return first[0] < second[2] and second[0] < first[2] and first[1] < second[3] and second[1] < first[3]


@pytest.mark.parametrize("seed", range(12))
def test_a_cut_label_never_covers_a_name_or_a_node(seed):
    trace = trace_search(random_tree(leaves=12, branching=3, seed=seed), "alphabeta")
    still = Figure(trace).still()
    labels = [_box(item) for item in still.items if isinstance(item, Text) and item.key.startswith("cutlabel:")]
    names = [_box(item) for item in still.items if isinstance(item, Text) and item.key.startswith("name:")]
    glyphs = [_glyph_box(item) for item in still.items if isinstance(item, Shape) and item.key.startswith("node:")]
    assert len(labels) == len(trace.summary.cutoffs) - sum(1 for cut in trace.summary.cutoffs if not cut.skipped)
    for label, other in itertools.product(labels, names + glyphs):
        assert not _overlap(label, other)


@pytest.mark.parametrize("name", sorted(TRACES | WIDE))
def test_no_two_node_stacks_overlap(name):
    still = Figure((TRACES | WIDE)[name]).still()
    boxes = [_box(item) for item in still.items if isinstance(item, Text) and item.key.startswith(("name:", "board:"))]
    boxes += [_glyph_box(item) for item in still.items if isinstance(item, Shape) and item.key.startswith("node:")]
    by_row = sorted(boxes, key=lambda box: box[1])
    for first, second in itertools.combinations(by_row, 2):
        if second[1] >= first[3]:
            continue
        assert not _overlap(first, second) or first == second


def test_print_theme_is_greyscale_and_pruned_is_dashed_not_only_grey():
    still = Figure(EXAMPLE, theme="print").still()
    colours = {still.background}
    for item in still.items:
        colours |= {getattr(item, name) for name in ("stroke", "fill", "colour") if getattr(item, name, None)}
    for colour in colours:
        red, green, blue = (int(colour[index : index + 2], 16) for index in (1, 3, 5))
        assert red == green == blue, colour
    pruned = [item for item in still.items if isinstance(item, Shape) and item.dash == "dashed"]
    assert len(pruned) >= 2


def test_an_unknown_theme_is_one_line_naming_the_choices():
    from visualizer.errors import InputError

    with pytest.raises(InputError, match="choose one of light, dark, print"):
        Figure(EXAMPLE, theme="neon")


def test_every_zero_is_slashed_and_no_letter_o_is():
    figure = Figure(trace_search(TicTacToe("X.O/.X./..O"), "alphabeta"))  # names X2.O4, boards, values 0
    drawing = figure.frame(40)
    slashes = {item.key for item in drawing.items if isinstance(item, Path) and ":zero:" in item.key}
    texts = [item for item in drawing.items if isinstance(item, Text)]
    wanted = {f"{text.key}:zero:{index}" for text in texts for index, char in enumerate(text.text) if char == "0"}
    assert wanted and slashes == wanted
    assert any("O" in text.text for text in texts)  # the letter O is drawn and left as it is
    for text in texts:  # each slash sits on its own character's cell
        left = text.x - text_width(text.text, text.size) * {"start": 0, "middle": 0.5, "end": 1}[text.anchor]
        for index, char in enumerate(text.text):
            if char == "0":
                (x1, _), (x2, _) = next(item for item in drawing.items if item.key == f"{text.key}:zero:{index}").points
                cell = text_width("0", text.size)
                assert left + cell * index < x1 < x2 < left + cell * (index + 1)
