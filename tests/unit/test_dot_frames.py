"""The per-step DOT frames read the one scene, keep every node in place, and render on one canvas."""

import functools
import os
import re
import shutil
import subprocess
import tempfile

import pydot
import pytest
from dot_reading import read_dot, unquote_label

from visualizer.dot.frames import RENDER_HINT, write_frames
from visualizer.dot.labels import TITLE_LINES
from visualizer.dot.write import to_dot
from visualizer.games import TicTacToe, builtin_example, from_array
from visualizer.games.base import format_value
from visualizer.pictures.scene import scene_at
from visualizer.readwrite.trace_json import from_json, to_json
from visualizer.search import trace_search
from visualizer.steps.replay import Replay

pytestmark = pytest.mark.filterwarnings("ignore:'setParseAction' deprecated")  # pydot's parser, not ours

NEATO = shutil.which("neato")
DOT = shutil.which("dot")
needs_graphviz = pytest.mark.skipif(
    (NEATO is None or DOT is None) and not os.environ.get("CI"),
    reason="Graphviz is not installed (on CI this test fails instead)",
)
POSITION = re.compile(r"^(-?[\d.]+),(-?[\d.]+)!$")


@functools.cache
def example():
    return trace_search(builtin_example(), "alphabeta")


def parse(text):
    """(nodes by DOT id with decoded attributes, the graph's attributes)."""
    dot = read_dot(text)
    return dot.nodes, dot.graph


@functools.cache
def example_frames():
    """(step, nodes by DOT id with decoded attributes, the graph's attributes) of every frame `write_frames` writes."""
    directory = tempfile.mkdtemp(prefix="dot-frames-")
    try:
        paths = write_frames(example(), directory, "example")
        return tuple((step, *parse(path.read_text(encoding="utf-8"))) for step, path in enumerate(paths, start=1))
    finally:
        shutil.rmtree(directory)


@pytest.mark.parametrize("step", [20, None])
def test_the_quick_reader_reads_what_pydot_reads(step):
    trace = trace_search(TicTacToe("XOX/.O./..."), "alphabeta") if step is None else example()
    text = to_dot(trace, step=step)
    graph = pydot.graph_from_dot_data(text)[0]
    dot = read_dot(text)
    for node in graph.get_nodes():
        if node.get_name() not in {"node", "edge", "graph"}:
            expected = {key: unquote_label(str(value)) for key, value in node.get_attributes().items()}
            assert dot.nodes[node.get_name()] == expected
    assert len(dot.nodes) == len(trace.nodes)
    edges = [
        (
            edge.get_source(),
            edge.get_destination(),
            {key: unquote_label(str(value)) for key, value in edge.get_attributes().items()},
        )
        for edge in graph.get_edges()
    ]
    assert dot.edges == edges and len(edges) == len(trace.nodes) - 1
    assert dot.graph == {key: unquote_label(str(value)) for key, value in graph.get_attributes().items()}


def position(attributes):
    found = POSITION.match(attributes["pos"])
    assert found, attributes["pos"]
    return float(found.group(1)), float(found.group(2))


def test_every_frame_gives_each_node_the_same_place_and_size():
    frames = example_frames()
    assert len(frames) == len(example().events) == 52
    _, first, _ = frames[0]
    assert set(first) == {f"n{node}" for node in range(15)}
    for _, nodes, _ in frames[1:]:
        for node, attributes in nodes.items():
            assert (attributes["pos"], attributes["width"], attributes["height"]) == (
                first[node]["pos"],
                first[node]["width"],
                first[node]["height"],
            )


def test_places_draw_the_tree_top_down_with_parents_over_their_children():
    _, nodes, _ = example_frames()[0]
    places = {node.name: position(nodes[f"n{node.id}"]) for node in example().nodes}
    rows = ["A", "BC", "DEFG", "HIJKLMNO"]
    heights = [{places[name][1] for name in row} for row in rows]
    assert all(len(height) == 1 for height in heights)  # one height per depth
    assert [height.pop() for height in heights] == sorted((places[row[0]][1] for row in rows), reverse=True)
    leaves = [places[name][0] for name in rows[3]]
    gaps = {round(right - left, 1) for left, right in zip(leaves, leaves[1:])}
    assert len(gaps) == 1 and gaps.pop() > 0  # equal slots, left to right in search order
    for parent, (left, right) in {"A": "BC", "B": "DE", "C": "FG", "D": "HI", "G": "NO"}.items():
        assert places[parent][0] == pytest.approx((places[left][0] + places[right][0]) / 2, abs=0.11)


def test_neighbouring_nodes_never_overlap():
    _, nodes, _ = example_frames()[0]
    for row in ["BC", "DEFG", "HIJKLMNO"]:
        ids = [f"n{'ABCDEFGHIJKLMNO'.index(name)}" for name in row]
        for left, right in zip(ids, ids[1:]):
            room = position(nodes[right])[0] - position(nodes[left])[0]
            half_widths = 72 * (float(nodes[left]["width"]) + float(nodes[right]["width"])) / 2
            assert room >= half_widths


def test_the_node_of_each_step_is_the_one_filled_gold():
    trace = example()
    for step, nodes, _ in example_frames():
        filled = [node for node, attributes in nodes.items() if attributes.get("fillcolor") == "gold"]
        assert filled == [f"n{trace.events[step - 1].node}"]
        assert "filled" in nodes[filled[0]]["style"].split(",")


def test_each_label_shows_what_the_scene_has_at_that_step():
    trace = example()
    replay = Replay(trace)
    for step, nodes, graph in example_frames():
        replay.seek(step)
        scene = scene_at(trace, replay)
        for node, look in enumerate(scene.looks):
            lines = nodes[f"n{node}"]["label"].split("\n")
            assert lines[0] == trace.nodes[node].name
            if look.visit is not None:
                assert lines[1].startswith(f"#{look.visit}  v={format_value(look.value, missing='?')}")
            if look.dimmed is not None:
                assert lines[1].endswith(f"({format_value(look.dimmed)})")
            if look.visit is None and look.dimmed is None:
                assert lines == [trace.nodes[node].name]
            assert (lines[-1] == look.window) == bool(look.window)
        title = graph["label"]
        assert title.startswith(f"alphabeta, step {step} of 52: ")
        assert title.count("\n") == TITLE_LINES - 1  # always as tall


def test_a_leaf_keeps_its_static_value_dimmed_until_evaluated():
    # K (static 4) is pruned at the first cut-off and never evaluated: "(4)" on every frame, grey.
    for _, nodes, _ in example_frames():
        assert nodes["n10"]["label"] == "K\n(4)"
        assert nodes["n10"]["fontcolor"] in {"grey75", "grey55"}  # not yet seen, then pruned


def test_frames_say_how_to_render_them():
    for _, _, graph in example_frames()[:3]:
        assert graph["comment"] == RENDER_HINT
    assert "neato -n2" in RENDER_HINT


def test_a_trace_read_from_json_draws_the_same_steps():
    trace = example()
    loaded = from_json(to_json(trace))
    for step in (0, 1, 20, 52):
        assert to_dot(loaded, step=step) == to_dot(trace, step=step)


def _canvas(svg: str) -> tuple[str, str]:
    found = re.search(r'<svg width="([\d.]+pt)" height="([\d.]+pt)"', svg)
    assert found, svg[:300]
    return found.group(1), found.group(2)


@needs_graphviz
@pytest.mark.parametrize(
    "source, steps",
    [
        (lambda: builtin_example(), (1, 20, 33, 52)),  # first, middle, first cut-off's neighbourhood, last
        (lambda: TicTacToe("XOX/OX./..."), (1, 5, -1)),  # boards in Courier
        (lambda: from_array([0, 5, 2]), None),  # a small tree: every frame, captions wider than the tree
    ],
)
def test_neato_draws_every_frame_on_the_same_canvas(tmp_path, source, steps):
    trace = trace_search(source(), "alphabeta")
    paths = write_frames(trace, tmp_path, "frame")
    chosen = paths if steps is None else [paths[step - 1 if step > 0 else step] for step in steps]
    canvases = set()
    for path in chosen:
        result = subprocess.run([NEATO or "neato", "-n2", "-Tsvg", str(path)], capture_output=True, check=False)
        assert result.returncode == 0, result.stderr.decode()
        canvases.add(_canvas(result.stdout.decode("utf-8")))
    assert len(canvases) == 1, canvases


@needs_graphviz
def test_dot_still_draws_a_frame(tmp_path):
    path = write_frames(example(), tmp_path, "frame")[19]
    result = subprocess.run([DOT or "dot", "-Tsvg", str(path)], capture_output=True, check=False)
    assert result.returncode == 0, result.stderr.decode()
    assert "E takes J = 3" in result.stdout.decode("utf-8")
