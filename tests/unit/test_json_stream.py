"""The streamed version 1 JSON writer gives exactly the text of the networkx path, and streams it safely;
version 1 text still reads back as the trace it was written from."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from trace_sources import SOURCES, depth_for

from visualizer.errors import InputError
from visualizer.export import from_json, json_stream, read_json, write_json
from visualizer.export.atomic import write_text_atomic
from visualizer.export.json_format import to_json_networkx, to_json_v1 as to_json
from visualizer.export.json_stream import scalar_texts
from visualizer.games import (
    TicTacToe,
    builtin_example,
    from_array,
)
from visualizer.tracing.events import EVENT_KINDS, Effect
from visualizer.search import ALGORITHMS, trace_search


@pytest.fixture
def small_chunks(monkeypatch):
    """A few records a chunk, so that every list crosses chunk boundaries."""
    monkeypatch.setattr(json_stream, "CHUNK_RECORDS", 3)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("source", SOURCES)
def test_streamed_json_equals_the_networkx_path(source, algorithm, small_chunks):
    if source == "nested" and algorithm == "id":
        pytest.skip("nested lists have no values at inner nodes: iterative deepening refuses them")
    trace = trace_search(SOURCES[source](), algorithm, depth=depth_for(source))
    expected = to_json_networkx(trace)
    assert to_json(trace) == expected
    opened = sum(expected.count(f'"kind": "{kind.value}"') for kind, spec in EVENT_KINDS.items()
                 if spec.effect is Effect.OPEN)
    assert opened == sum(one.summary.nodes_visited for one in trace.passes) > 1  # every pass's nodes


@pytest.mark.parametrize("depth", [0, 1, 2])
def test_depth_limits_and_strict_cuts_stream_the_same(depth, small_chunks):
    # Unreached nodes (depth limit) and pruned subtrees (cut-offs) fill the summary's lists.
    trace = trace_search(builtin_example(), "alphabeta", depth=depth, strict=True)
    assert to_json(trace) == to_json_networkx(trace)


NAMES = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=6)
VALUES = st.one_of(
    st.integers(-5, 5),
    st.sampled_from([0.5, -2.25, 2.0, -0.0, 1e20, 1e-7]),
)


@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    size=st.integers(1, 20),
    branching=st.integers(1, 3),
    algorithm=st.sampled_from(ALGORITHMS),
)
def test_any_names_and_values_stream_the_same(data, size, branching, algorithm):
    # Quotes, backslashes, new lines, non-ASCII names; ints next to equal floats (2 and 2.0).
    names = data.draw(st.lists(NAMES, min_size=size, max_size=size, unique=True))
    values = data.draw(st.lists(VALUES, min_size=size, max_size=size))
    trace = trace_search(from_array(values, branching=branching, names=names), algorithm)
    text = to_json(trace)
    assert text == to_json_networkx(trace)
    assert from_json(text) == trace


def test_scalar_texts_match_json_one_by_one():
    column = [None, 1, 1.0, -0.0, 2.5, True, math.inf, -math.inf, 10**20, "a, b", 'q"']
    assert scalar_texts(column) == [
        "null", "1", "1.0", "-0.0", "2.5", "true", '"+inf"', '"-inf"', "100000000000000000000", '"a, b"', '"q\\""'
    ]
    assert scalar_texts([None, None]) == ["null", "null"]
    with pytest.raises(ValueError, match="NaN"):
        scalar_texts([1, math.nan])


def test_a_full_tictactoe_subtree_round_trips(tmp_path, small_chunks):
    trace = trace_search(TicTacToe("XO.X.O..."), "minimax")
    path = write_text_atomic(tmp_path / "trace.json", to_json(trace))
    assert path.read_text(encoding="utf-8") == to_json_networkx(trace)
    assert read_json(path) == trace


def test_a_failed_export_leaves_the_old_file(tmp_path):
    path = tmp_path / "trace.json"
    path.write_text("old", encoding="utf-8")
    trace = trace_search(from_array([1, 2, 3], names=["A", "B", "C"]), "minimax")
    broken = trace_search(from_array([1, 2, 3], names=["A", "B", "C"]), "minimax")
    broken.columns.name = ["A", "B", "B"]  # a custom game could name two nodes alike
    with pytest.raises(InputError, match="'B' is used by more than one node"):
        write_json(broken, path)
    assert path.read_text(encoding="utf-8") == "old"
    assert [entry.name for entry in tmp_path.iterdir()] == ["trace.json"]  # no temporary file left
    write_json(trace, path)
    assert read_json(path) == trace
