"""The version 1 column reader gives the reference reader's trace for valid version 1 files, and its
message otherwise."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from trace_sources import SOURCES, depth_for

from visualizer.export import TraceFileError, from_json
from visualizer.export.json_columns import trace_from_data
from visualizer.export.graph import sparse_fields
from visualizer.export.json_format import from_data_networkx, to_json_v1 as to_json
from visualizer.games import (
    builtin_example,
    from_array,
    random_tree,
)
from visualizer.search import ALGORITHMS, trace_search


def read_both(text, trace=None):
    """(the column reader's trace, the reference reader's trace) of valid trace JSON.

    A file of several passes, or with the fields only some searches' events carry (a table hit's ref,
    a playout, ...), is left to the reference reader for now: `read_json` then reads it that way.
    """
    fast = trace_from_data(json.loads(text), name="t")
    if trace is not None and (trace.earlier_passes or sparse_fields(trace)):
        assert fast is None, "the column reader reads only files of one pass and the fields of before"
        fast = from_json(text)
    assert fast is not None, "a valid file must not need the reference reader"
    return fast, from_data_networkx(json.loads(text), name="t")


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("source", SOURCES)
def test_same_trace_as_the_reference_reader(source, algorithm):
    if source == "nested" and algorithm == "id":
        pytest.skip("nested lists have no values at inner nodes: iterative deepening refuses them")
    trace = trace_search(SOURCES[source](), algorithm, depth=depth_for(source))
    fast, reference = read_both(to_json(trace), trace)
    assert fast == reference == trace
    assert len(fast.events) > 3
    assert list(fast.events) == list(reference.events)  # child, step and depth of every event
    assert to_json(fast) == to_json(trace)


def test_depth_limits_and_strict_cuts_read_the_same():
    trace = trace_search(random_tree(depth=4, branching=3, seed=1), "alphabeta", depth=3, strict=True)
    assert trace.summary.unreached and trace.summary.cutoffs
    fast, reference = read_both(to_json(trace))
    assert fast == reference == trace


@settings(max_examples=40, deadline=None)
@given(
    names=st.lists(st.text(min_size=1, max_size=5), min_size=12, max_size=12, unique=True),
    values=st.lists(st.one_of(st.integers(-5, 5), st.sampled_from([0.5, 2.0, -0.0])), min_size=12, max_size=12),
    algorithm=st.sampled_from(ALGORITHMS),
)
def test_odd_names_and_values_read_the_same(names, values, algorithm):
    trace = trace_search(from_array(values, branching=3, names=names), algorithm)
    fast, reference = read_both(to_json(trace), trace)
    assert fast == reference == trace


def _outcome(text):
    try:
        return from_json(text, name="t")
    except TraceFileError as error:
        return str(error)


def _reference_outcome(text):
    try:
        return from_data_networkx(json.loads(text), name="t")
    except TraceFileError as error:
        return str(error)


SPOTS = st.sampled_from([
    ("nodes", 3), ("nodes", 0), ("edges", 2), ("graph", "events", 7), ("graph", "events", 0),
    ("graph", "summary"), ("graph", "summary", "cutoffs", 0),
])
JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 20), st.sampled_from([1.5, "+inf", "-inf", "", "A", "Z", "max",
                                                                    "pruned", "enter", [], ["B"], {}]),
)


@settings(max_examples=150, deadline=None)
@given(spot=SPOTS, key_index=st.integers(0, 12), junk=JUNK, delete=st.booleans())
def test_a_broken_file_gets_the_reference_readers_answer(spot, key_index, junk, delete):
    # One field of a valid file changed or removed: whatever the reference reader says (a message,
    # or a trace when the change is harmless), reading the file says the same.
    data = json.loads(to_json(trace_search(builtin_example(), "alphabeta")))
    record = data
    for part in spot:
        record = record[part]
    key = sorted(record)[key_index % len(record)]
    if delete:
        del record[key]
    else:
        record[key] = copy.deepcopy(junk)
    text = json.dumps(data)
    assert _outcome(text) == _reference_outcome(text)


def test_steps_and_depths_must_agree_with_the_nodes():
    data = json.loads(to_json(trace_search(builtin_example(), "minimax")))
    data["graph"]["events"][4]["step"] = 99
    with pytest.raises(TraceFileError, match=r"graph.events\[4\] has step 99, but it is step 5"):
        from_json(json.dumps(data), name="t")
    data["graph"]["events"][4]["step"] = 5
    data["graph"]["events"][4]["depth"] = 0
    with pytest.raises(TraceFileError, match=r"graph.events\[4\] has depth 0, but its node 'H' is at depth 3"):
        from_json(json.dumps(data), name="t")
