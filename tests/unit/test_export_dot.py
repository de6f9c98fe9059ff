"""Tests the DOT export: parsing back, labels and escaping, styles, per-step frames, golden files."""

import functools
import math
import os
import re
import shutil
import subprocess
from pathlib import Path

import pydot
import pytest
from dot_reading import unquote_label

from visualizer.dot import frames as dot_frames
from visualizer.dot.frames import write_frames
from visualizer.dot.labels import quote_label
from visualizer.dot.write import to_dot, write_dot
from visualizer.errors import InputError
from visualizer.games import Nim, TicTacToe, builtin_example, from_array
from visualizer.games.base import format_value
from visualizer.search import trace_search
from visualizer.shown_text import escaped_lines

pytestmark = pytest.mark.filterwarnings("ignore:'setParseAction' deprecated")  # pydot's parser, not ours

GOLDEN = Path(__file__).parent / "golden"
ODD_NAMES = ['say "hi"', "back\\slash", "two\nlines", "<b>x</b>", "port:sw", "héllo ∑ 日本", "ends\\"]
DOT = shutil.which("dot")
needs_dot = pytest.mark.skipif(
    DOT is None and not os.environ.get("CI"), reason="Graphviz's dot is not installed (on CI this test fails instead)"
)

TRACES = {
    "builtin-alphabeta": lambda: trace_search(builtin_example(), "alphabeta"),
    "builtin-minimax-depth-2": lambda: trace_search(builtin_example(), "minimax", depth=2),
    "builtin-negamax-ab": lambda: trace_search(builtin_example(), "negamax-ab"),
    "nim-4": lambda: trace_search(Nim(4), "alphabeta"),
    "tictactoe": lambda: trace_search(TicTacToe("XOX/OX./..."), "alphabeta"),
    "odd-names": lambda: trace_search(from_array([1, 2, 3, 4, 5, 6, 7], names=ODD_NAMES), "alphabeta"),
    "small": lambda: trace_search(from_array([0, 5, 2]), "alphabeta"),
}


@functools.cache
def trace(name):
    return TRACES[name]()


def decoded(element):
    return {key: unquote_label(str(value)) for key, value in element.get_attributes().items()}


def parse(text):
    """(nodes by DOT id with attributes decoded, edges in file order, the graph)."""
    graphs = pydot.graph_from_dot_data(text)
    assert graphs is not None and len(graphs) == 1
    graph = graphs[0]
    nodes = {
        node.get_name(): decoded(node) for node in graph.get_nodes() if node.get_name() not in {"node", "edge", "graph"}
    }
    edges = [(edge.get_source(), edge.get_destination(), decoded(edge)) for edge in graph.get_edges()]
    return nodes, edges, graph


def label_lines(attributes):
    return attributes["label"].split("\n")


# -- structure ---------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(TRACES))
def test_dot_parses_back_to_the_same_tree(name):
    result = trace(name)
    nodes, edges, graph = parse(to_dot(result))
    assert graph.get_type() == "digraph"
    assert set(nodes) == {f"n{node.id}" for node in result.nodes}
    expected = [(f"n{node.id}", f"n{child}") for node in result.nodes for child in node.children]
    assert [(source, target) for source, target, _ in edges] == expected
    assert all(re.fullmatch(r"n\d+", node) for node in nodes)


def test_children_keep_their_order():
    assert "ordering=out" in to_dot(trace("builtin-alphabeta"))


def test_labels_show_name_visit_value_and_window():
    nodes, _, _ = parse(to_dot(trace("builtin-alphabeta")))
    assert label_lines(nodes["n0"]) == ["A", "#1  v=2", "[-inf, 2]"]
    assert label_lines(nodes["n1"]) == ["B", "#2  v=6", "[6, +inf]"]
    assert label_lines(nodes["n10"]) == ["K", "(4)"]  # pruned leaf: static value only


def test_minimax_labels_have_no_window():
    nodes, _, _ = parse(to_dot(trace("builtin-minimax-depth-2")))
    assert label_lines(nodes["n1"]) == ["B", "#2  v=5"]


def test_shapes_by_player():
    result = trace("builtin-alphabeta")
    nodes, _, _ = parse(to_dot(result))
    for node in result.nodes:
        assert nodes[f"n{node.id}"]["shape"] == {"max": "box", "min": "ellipse"}[node.player.value]


def test_pruned_nodes_are_dashed_grey_and_the_cut_is_marked():
    nodes, edges, _ = parse(to_dot(trace("builtin-alphabeta")))
    for pruned in ("n10", "n14"):
        assert "dashed" in nodes[pruned]["style"] and nodes[pruned]["color"] == nodes[pruned]["fontcolor"] == "grey55"
    cut = {(source, target) for source, target, attributes in edges if attributes.get("label") == "cut"}
    assert cut == {("n4", "n10"), ("n6", "n14")}  # E -> K and G -> O, the first skipped children
    assert all(attributes["color"] == "red" for source, target, attributes in edges if (source, target) in cut)


def test_principal_variation_is_bold():
    nodes, edges, _ = parse(to_dot(trace("builtin-alphabeta")))
    bold_nodes = {node for node, attributes in nodes.items() if attributes.get("penwidth") == "3"}
    bold_edges = {(source, target) for source, target, attributes in edges if attributes.get("penwidth") == "3"}
    assert bold_nodes == {"n0", "n2", "n5", "n11"}  # A C F L
    assert bold_edges == {("n0", "n2"), ("n2", "n5"), ("n5", "n11")}


def test_unreached_nodes_are_dotted():
    nodes, _, _ = parse(to_dot(trace("builtin-minimax-depth-2")))
    assert "dotted" in nodes["n7"]["style"] and label_lines(nodes["n7"]) == ["H", "(6)"]
    assert "style" not in nodes["n3"]


def test_game_boards_are_monospace():
    result = trace("tictactoe")
    nodes, _, _ = parse(to_dot(result))
    root = nodes["n0"]
    assert root["fontname"] == "Courier"
    assert label_lines(root)[:4] == ["root", "XOX", "OX.", "..."]


# -- names and escaping -------------------------------------------------------------
@pytest.mark.parametrize("text", ODD_NAMES + ["", "\\N", "a\rb", '"', '\\\\"'])
def test_quote_label_round_trips(text):
    quoted = quote_label(text)
    assert quoted.startswith('"') and quoted.endswith('"') and "\n" not in quoted
    assert unquote_label(quoted) == escaped_lines(text)  # "a\rb" is drawn as "a\\rb" (only "\n" breaks a line)


def test_odd_names_round_trip_through_dot():
    result = trace("odd-names")
    nodes, _, _ = parse(to_dot(result))
    for node in result.nodes:
        attributes = nodes[f"n{node.id}"]
        assert attributes["tooltip"] == node.name
        window = f"[{_inf(node.alpha)}, {_inf(node.beta)}]"
        assert attributes["label"] == f"{node.name}\n#{node.visit}  v={node.value}\n{window}"


def _inf(value):
    return {float("inf"): "+inf", float("-inf"): "-inf"}.get(value, str(value))


def test_a_colon_never_becomes_a_port():
    text = to_dot(trace("odd-names"))
    _, edges, _ = parse(text)
    assert all(":" not in source + target for source, target, _ in edges)
    assert '"port:sw' in text


@needs_dot
def test_graphviz_accepts_odd_names(tmp_path):
    path = write_dot(trace("odd-names"), tmp_path / "odd.dot")
    result = subprocess.run([DOT or "dot", "-Tsvg", str(path)], capture_output=True, check=False)
    assert result.returncode == 0, result.stderr.decode()
    svg = result.stdout.decode("utf-8")
    assert "héllo ∑ 日本" in svg and "&lt;b&gt;x&lt;/b&gt;" in svg and "port:sw" in svg and "back\\slash" in svg


# -- steps and frames -------------------------------------------------------------------
def test_step_zero_shows_names_and_the_leaves_static_values_dimmed():
    result = trace("builtin-alphabeta")
    nodes, _, graph = parse(to_dot(result, step=0))
    # The example's leaves H..O hold 6 7 3 4 2 8 1 2 (DEFAULT_ARRAY[7:]); inner nodes show only their names.
    leaves = dict(zip("HIJKLMNO", "67342812"))
    for node in result.nodes:
        expected = [node.name, f"({leaves[node.name]})"] if node.name in leaves else [node.name]
        assert label_lines(nodes[f"n{node.id}"]) == expected
        assert nodes[f"n{node.id}"]["color"] == "grey75"  # not entered yet
    assert unquote_label(graph.get("label")).startswith("alphabeta: before the first step.")


def test_step_shows_values_as_of_that_step():
    result = trace("builtin-alphabeta")
    step = 20  # back_up at E from J: E has 3, its window [6, +inf]; C not yet entered
    event = result.events[step - 1]
    assert (event.kind.value, result.nodes[event.node].name) == ("back_up", "E")
    nodes, edges, graph = parse(to_dot(result, step=step))
    assert label_lines(nodes["n4"]) == ["E", "#6  v=3", "[6, +inf]"]
    assert "filled" in nodes["n4"]["style"] and nodes["n4"]["fillcolor"] == "gold"
    assert label_lines(nodes["n0"]) == ["A", "#1  v=?", "[-inf, +inf]"]  # the root has no value yet
    assert label_lines(nodes["n2"]) == ["C"] and nodes["n2"]["color"] == "grey75"
    assert label_lines(nodes["n10"]) == ["K", "(4)"]  # K's static value, dimmed: not evaluated yet
    assert [attributes["color"] for s, t, attributes in edges if (s, t) == ("n4", "n9")] == ["blue"]
    # The title is the algorithm, then the scene's caption: J's 3 backed up into E.
    assert unquote_label(graph.get("label")).startswith("alphabeta, step 20 of 52: E takes J = 3, so E = 3.")


def test_cut_appears_from_its_step_on():
    result = trace("builtin-alphabeta")
    first_cut = result.summary.cutoffs[0].step
    before = parse(to_dot(result, step=first_cut - 1))
    after = parse(to_dot(result, step=first_cut))
    assert not any(attributes.get("label") == "cut" for *_, attributes in before[1])
    assert [(s, t) for s, t, attributes in after[1] if attributes.get("label") == "cut"] == [("n4", "n10")]
    assert "dashed" in after[0]["n10"].get("style", "") and "dashed" not in before[0]["n10"].get("style", "")


def test_last_step_values_match_the_finished_drawing_for_negamax():
    result = trace("builtin-negamax-ab")
    final, _, _ = parse(to_dot(result))
    last, _, _ = parse(to_dot(result, step=len(result.events)))
    for node in result.nodes:
        if node.visit is not None:
            assert label_lines(last[f"n{node.id}"])[1] == label_lines(final[f"n{node.id}"])[1]
            assert f"v={node.value}" in label_lines(last[f"n{node.id}"])[1]  # MAX's view, as in the trace


@pytest.mark.parametrize("step", [-1, 53])
def test_step_out_of_range(step):
    with pytest.raises(InputError, match=f"step {step} is outside"):
        to_dot(trace("builtin-alphabeta"), step=step)


def test_write_frames_one_file_per_event(tmp_path):
    result = trace("small")
    paths = write_frames(result, tmp_path / "frames", "small")
    count = len(result.events)
    assert [path.name for path in paths] == [f"small-{step:04d}.dot" for step in range(1, count + 1)]
    assert sorted(path.name for path in (tmp_path / "frames").iterdir()) == [path.name for path in paths]
    for step, path in enumerate(paths, start=1):
        text = path.read_text(encoding="utf-8")
        assert text == to_dot(result, step=step)
        _, _, graph = parse(text)
        assert f"step {step} of {count}" in unquote_label(graph.get("label"))


def test_frame_numbers_widen_for_long_traces(tmp_path, monkeypatch):
    monkeypatch.setattr(dot_frames, "FRAME_DIGITS", 1)
    paths = write_frames(trace("small"), tmp_path, "f")
    assert paths[0].name == "f-01.dot" and len(paths) >= 10


@pytest.mark.parametrize("name", ["", "a/b", "..", "a\\b"])
def test_frame_name_must_be_a_plain_name(tmp_path, name):
    with pytest.raises(InputError, match="plain file name"):
        write_frames(trace("small"), tmp_path, name)


# -- determinism and golden files ---------------------------------------------------------
def test_dot_is_deterministic():
    first = to_dot(trace_search(TicTacToe("XOX/OX./..."), "alphabeta"))
    assert first == to_dot(trace_search(TicTacToe("XOX/OX./..."), "alphabeta"))


@pytest.mark.parametrize("name", ["builtin-alphabeta", "nim-4"])
def test_golden_dot(name):
    path = GOLDEN / f"{name}.dot"
    text = to_dot(trace(name))
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_write_dot_writes_the_text(tmp_path):
    result = trace("nim-4")
    path = write_dot(result, tmp_path / "nested" / "nim.dot", step=3)
    assert path.read_text(encoding="utf-8") == to_dot(result, step=3)


@pytest.mark.parametrize(
    "value, text",
    [(2, "2"), (2.0, "2"), (2.5, "2.5"), (-0.125, "-0.125"), (math.inf, "+inf"), (-math.inf, "-inf"), (None, "-")],
)
def test_values_in_labels(value, text):
    assert format_value(value) == text
