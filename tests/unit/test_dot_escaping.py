"""Tests that "&" in names is escaped in DOT labels, so Graphviz draws "&#65;" as written and not as "A",
whatever the size of the streamed chunks, and that `unquote_label` reads the escaped text back.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree

import pydot
import pytest
from dot_reading import unquote_label
from hypothesis import given
from hypothesis import strategies as st

from visualizer.dot.labels import quote_label
from visualizer.dot.stream import dot_chunks
from visualizer.dot.write import to_dot, write_dot
from visualizer.games import from_array
from visualizer.search import trace_search

pytestmark = pytest.mark.filterwarnings("ignore:'setParseAction' deprecated")  # pydot's parser, not ours

ENTITY_NAMES = ["&#65;", "&amp;", "&lt;", "a&b", "&", "&#x42;", "x&amp;amp;y", "&nbsp;\\&"]
"""Names Graphviz would read as entities (decimal, hex, named), or that hold a bare or escaped "&"."""

DOT = shutil.which("dot")
needs_dot = pytest.mark.skipif(
    DOT is None and not os.environ.get("CI"), reason="Graphviz's dot is not installed (on CI this test fails instead)"
)
SVG = "{http://www.w3.org/2000/svg}"
XLINK_TITLE = "{http://www.w3.org/1999/xlink}title"


def entity_trace(algorithm: str = "minimax"):
    """The 7-node tree 1..7 with the entity names; minimax's best move is node 2, "&lt;"."""
    tree = from_array([1, 2, 3, 4, 5, 6, 7], names=ENTITY_NAMES[:7])
    return trace_search(tree, algorithm)


@pytest.mark.parametrize("text", ENTITY_NAMES)
def test_quote_label_escapes_every_ampersand_and_round_trips(text):
    quoted = quote_label(text)
    inner = quoted[1:-1]
    assert inner.count("&") == text.count("&") and inner.count("&amp;") == text.count("&")
    assert unquote_label(quoted) == text


@given(st.text(alphabet='&amp;#\\"\nlt;x65', max_size=20))
def test_quote_label_round_trips_any_mix_of_ampersands_and_escapes(text):
    assert unquote_label(quote_label(text)) == text


def test_an_unescaped_ampersand_reads_back_as_written():
    # Files written before the escaping hold a bare "&": it is kept, not taken for an entity.
    assert unquote_label('"a&b &lt;"') == "a&b &lt;"


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
@pytest.mark.parametrize("chunk_nodes", [1, 3, 4096])
def test_every_chunk_size_escapes_alike(algorithm, chunk_nodes):
    trace = entity_trace(algorithm)
    text = "".join(dot_chunks(trace, chunk_nodes=chunk_nodes))
    assert to_dot(trace) == text
    assert 'label="a&amp;b\\n' in text and 'tooltip="&amp;#65;"' in text
    assert "&#65;" not in text.replace("&amp;#65;", "")  # no raw entity anywhere


def test_labels_parse_back_to_the_names():
    trace = entity_trace()
    graph = pydot.graph_from_dot_data(to_dot(trace))[0]
    nodes = {node.get_name(): node.get_attributes() for node in graph.get_nodes()}
    for node in trace.nodes:
        attributes = nodes[f"n{node.id}"]
        assert unquote_label(attributes["tooltip"]) == node.name
        assert unquote_label(attributes["label"]).split("\n")[0] == node.name
    assert unquote_label(graph.get("label")).endswith("best move &lt;")


@needs_dot
def test_graphviz_draws_the_names_literally(tmp_path):
    trace = entity_trace()
    path = write_dot(trace, tmp_path / "entities.dot")
    result = subprocess.run([DOT or "dot", "-Tsvg", str(path)], capture_output=True, check=False)
    assert result.returncode == 0, result.stderr.decode()
    svg = ElementTree.fromstring(result.stdout)  # the XML parser undoes the SVG's own escaping
    texts = [element.text for element in svg.iter(f"{SVG}text")]
    for name in ENTITY_NAMES[:7]:
        assert name in texts, (name, texts)
    assert "A" not in texts and "B" not in texts and "<" not in texts and "&" in texts
    assert "value 6, best move &lt;" in texts
    tooltips = {element.get(XLINK_TITLE) for element in svg.iter(f"{SVG}a")}
    assert set(ENTITY_NAMES[:7]) <= tooltips
