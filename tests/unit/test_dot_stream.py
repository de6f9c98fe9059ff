"""The streamed DOT writer draws each trace as it is (read back), whatever its chunks, and streams it safely."""

import pytest
from dot_reading import assert_draws
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.dot.stream import dot_chunks
from visualizer.dot.write import to_dot, write_dot
from visualizer.errors import InputError
from visualizer.games import ConnectFour, Nim, Player, TicTacToe, builtin_example, from_array, from_nested, random_tree
from visualizer.readwrite.trace_json import from_json, to_json
from visualizer.search import ALGORITHMS, trace_search

pytestmark = pytest.mark.filterwarnings("ignore:'setParseAction' deprecated")  # pydot's parser, not ours

SOURCES = {
    "example": lambda: builtin_example(),
    "example-min-root": lambda: builtin_example().replace(root_player=Player.MIN),
    "nested": lambda: from_nested([[3, [5, 1]], [[2, 9], 0, [7]], [4]]),
    "random": lambda: random_tree(depth=4, branching=3, seed=7),
    "tictactoe": lambda: TicTacToe("X.O/.X./..O"),
    "nim": lambda: Nim(7, rules="normal"),
    "connect4": lambda: ConnectFour("..../.O../XO.X", rows=3, cols=4, connect=3),
}

ODD_NAMES = [
    'say "hi"',
    "back\\slash",
    "two\nlines",
    "cr\rhere",
    "<b>x</b>",
    "port:sw",
    "héllo ∑ 日本",
    "ends\\",
    "node",
    "edge",
    "graph",
    "strict",
    "Digraph",
    "12",
    "-1.5",
    ".5",
    "a b",
    "{x}",
    "\\N",
    '"',
    "n0",
    "x;y",
    "[z]",
]
"""Quotes, backslashes, line breaks, HTML-like and port-like names, DOT keywords and numbers."""


def streamed(trace, chunk_nodes=3):
    """The stream in small chunks, so that nodes and edges cross chunk boundaries."""
    return "".join(dot_chunks(trace, chunk_nodes=chunk_nodes))


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("source", SOURCES)
def test_streamed_dot_reads_back_as_the_trace(source, algorithm):
    if source == "nested" and algorithm == "id":
        pytest.skip("nested lists have no values at inner nodes: iterative deepening refuses them")
    trace = trace_search(SOURCES[source](), algorithm, depth=3 if source == "connect4" else None)
    text = streamed(trace)
    assert to_dot(trace) == text
    assert_draws(trace, text)


@pytest.mark.parametrize("root", (Player.MAX, Player.MIN))
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_the_example_with_either_root_reads_back(algorithm, root):
    trace = trace_search(builtin_example().replace(root_player=root), algorithm)
    text = streamed(trace)
    assert_draws(trace, text)
    shape = "box" if root is Player.MAX else "ellipse"
    assert f"n0 [shape={shape}, " in text


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("depth", [0, 1, 2])
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_depth_limits_and_strict_cuts_read_back(algorithm, depth, strict):
    # Unreached nodes are dotted, pruned ones dashed, and cut edges red: every edge style.
    trace = trace_search(builtin_example(), algorithm, depth=depth, strict=strict)
    text = streamed(trace)
    assert_draws(trace, text)
    assert ("style=dotted" in text) == bool(trace.summary.unreached)


def test_pruned_cut_and_principal_variation_edges():
    trace = trace_search(from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), "alphabeta")
    text = streamed(trace, chunk_nodes=1)
    assert_draws(trace, text)
    assert 'style=dashed, color=red, label="cut", fontcolor=red];' in text
    assert "[penwidth=3];" in text


@pytest.mark.parametrize("board", ["XOX/.O./...", "X.O/.X./..O", "XO./.../..."])
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_tictactoe_boards_in_labels(board, algorithm):
    trace = trace_search(TicTacToe(board), algorithm)
    text = streamed(trace, chunk_nodes=100)
    assert_draws(trace, text)
    assert text.count("fontname=Courier") == len(trace.nodes)


def test_odd_names_read_back():
    trace = trace_search(from_array(list(range(len(ODD_NAMES))), names=ODD_NAMES), "alphabeta")
    text = streamed(trace)
    assert_draws(trace, text)
    assert 'tooltip="say \\"hi\\""' in text and 'tooltip="node"' in text and 'tooltip="12"' in text


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "negamax"])
def test_writing_a_trace_again_gives_the_same_text(algorithm):
    # The second write uses what the first remembered (names checked, edges listed).
    trace = trace_search(TicTacToe("X../.O./..."), algorithm)
    first = streamed(trace, chunk_nodes=50)
    assert_draws(trace, first)
    assert streamed(trace, chunk_nodes=7) == first


def test_a_trace_read_back_from_json_streams_the_same():
    trace = trace_search(TicTacToe("XOX/.O./..."), "negamax-ab")
    loaded = from_json(to_json(trace))
    assert streamed(loaded) == streamed(trace)
    assert_draws(loaded, streamed(loaded))


@pytest.mark.parametrize("chunk_nodes", [1, 2, 7, 4096])
def test_chunk_size_does_not_change_the_text(chunk_nodes):
    trace = trace_search(Nim(6), "alphabeta")
    chunks = list(dot_chunks(trace, chunk_nodes=chunk_nodes))
    assert "".join(chunks) == to_dot(trace)
    assert_draws(trace, "".join(chunks))
    node_chunks, edge_chunks = -(-len(trace.nodes) // chunk_nodes), -(-(len(trace.nodes) - 1) // chunk_nodes)
    assert len(chunks) == 1 + node_chunks + edge_chunks + 1  # header, nodes, edges, closing brace


NAMES = st.one_of(
    st.sampled_from(ODD_NAMES),
    st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=6),
    st.text(st.sampled_from('\\"\n\r <>:;{}[]=,-.0123456789nodeNODE'), min_size=1, max_size=5),
)
VALUES = st.one_of(
    st.integers(-5, 5), st.sampled_from([0.5, -2.25, 2.0, -0.0, 1e20, 1e-7, float("inf"), float("-inf")])
)


@settings(max_examples=80, deadline=None)
@given(
    data=st.data(),
    size=st.integers(1, 25),
    branching=st.integers(1, 3),
    algorithm=st.sampled_from(ALGORITHMS),
    depth=st.one_of(st.none(), st.integers(0, 3)),
    strict=st.booleans(),
    root=st.sampled_from((Player.MAX, Player.MIN)),
    chunk_nodes=st.integers(1, 9),
)
def test_any_tree_and_names_read_back(data, size, branching, algorithm, depth, strict, root, chunk_nodes):
    names = data.draw(st.lists(NAMES, min_size=size, max_size=size, unique=True))
    values = data.draw(st.lists(VALUES, min_size=size, max_size=size))
    game = from_array(values, branching=branching, names=names, root=root)
    trace = trace_search(game, algorithm, depth=depth, strict=strict)
    text = streamed(trace, chunk_nodes)
    assert text == to_dot(trace)
    assert_draws(trace, text)


def named_twice():
    trace = trace_search(from_array([1, 2, 3], names=["A", "B", "C"]), "minimax")
    trace.columns.name = ["A", "B", "B"]  # a custom game could name two nodes alike
    return trace


def named_empty():
    trace = trace_search(from_array([1, 2, 3], names=["A", "B", "C"]), "minimax")
    trace.columns.name = ["A", "", "C"]
    return trace


@pytest.mark.parametrize(
    "broken, message", [(named_twice, "'B' is used by more than one node"), (named_empty, "a node has an empty name")]
)
def test_bad_names_are_refused_before_the_first_chunk(broken, message):
    trace = broken()
    with pytest.raises(InputError, match=message):
        trace.to_networkx()
    with pytest.raises(InputError, match=message):
        dot_chunks(trace)  # raised by the call itself: nothing has been made or written yet
    with pytest.raises(InputError, match=message):
        to_dot(trace)


def test_write_dot_streams_the_text(tmp_path):
    trace = trace_search(TicTacToe("XO./.../..."), "alphabeta")
    path = write_dot(trace, tmp_path / "trace.dot")
    assert path.read_bytes() == to_dot(trace).encode("utf-8")
    assert_draws(trace, path.read_text(encoding="utf-8"))


def test_a_failed_export_leaves_the_old_file(tmp_path):
    path = tmp_path / "trace.dot"
    path.write_text("old", encoding="utf-8")
    with pytest.raises(InputError, match="'B' is used by more than one node"):
        write_dot(named_twice(), path)
    assert path.read_text(encoding="utf-8") == "old"
    assert [entry.name for entry in tmp_path.iterdir()] == ["trace.dot"]  # no temporary file left
    trace = trace_search(builtin_example(), "alphabeta")
    write_dot(trace, path)
    assert path.read_text(encoding="utf-8") == to_dot(trace)


def test_a_chunk_that_fails_midway_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "trace.dot"
    path.write_text("old", encoding="utf-8")
    trace = trace_search(Nim(6), "minimax")

    def failing_edges(self, parents, children):
        raise RuntimeError("disk gone")

    from visualizer.dot import stream as dot_stream

    monkeypatch.setattr(dot_stream._DotStream, "edge_lines", failing_edges)
    with pytest.raises(RuntimeError, match="disk gone"):
        write_dot(trace, path)
    assert path.read_text(encoding="utf-8") == "old"
    assert [entry.name for entry in tmp_path.iterdir()] == ["trace.dot"]


class _QuotedNim(Nim):
    """NIM whose moves are named `take "1"` & co: labels that JSON and DOT must escape."""

    def move_label(self, state, move):
        return f'take "{move}" & go\\'


@pytest.mark.parametrize(("game", "plain"), [(Nim(4), True), (_QuotedNim(4), False)])
def test_names_made_from_plain_labels_are_known_plain_and_others_are_escaped(game, plain):
    trace = trace_search(game, "alphabeta")
    names = list(trace.columns.name)
    assert trace.columns.plain_names is plain
    assert any('"' in name for name in names) is not plain
    text = streamed(trace, chunk_nodes=3)
    assert_draws(trace, text)  # every label reads back as its name
    assert [node.name for node in from_json(to_json(trace)).nodes] == names
