"""Tests the JSON trace format (version 2): round trips, the schema, strictness, determinism, golden
files, bad files.

Regenerate the golden files after an intended format change with
`UPDATE_GOLDEN=1 python -m pytest tests/unit/test_export_json.py tests/unit/test_export_dot.py -k golden`.
"""

import functools
import json
import os
import re
from pathlib import Path

import jsonschema
import networkx
import pytest

from visualizer.errors import InputError, TraceFileError
from visualizer.games import Nim, TicTacToe, builtin_example, from_array, from_nested, random_tree
from visualizer.readwrite.schema import load_schema, validate
from visualizer.readwrite.trace_json import from_json, read_json, to_json, write_json
from visualizer.search import trace_search

GOLDEN = Path(__file__).parent / "golden"
TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
ODD_NAMES = ['say "hi"', "back\\slash", "two\nlines", "<b>x</b>", "port:sw", "héllo ∑ 日本", "tab\there"]

CASES = {
    "builtin-minimax": lambda: trace_search(builtin_example(), "minimax"),
    "builtin-alphabeta": lambda: trace_search(builtin_example(), "alphabeta"),
    "builtin-alphabeta-strict": lambda: trace_search(builtin_example(), "alphabeta", strict=True),
    "textbook-3x3": lambda: trace_search(from_nested(TEXTBOOK), "alphabeta"),
    "nim-6": lambda: trace_search(Nim(6), "alphabeta"),
    "tictactoe-midgame": lambda: trace_search(TicTacToe("XO./.X./..."), "alphabeta"),
    "depth-limited": lambda: trace_search(builtin_example(), "minimax", depth=2),
    "negamax": lambda: trace_search(builtin_example(), "negamax"),
    "negamax-ab-nim": lambda: trace_search(Nim(5), "negamax-ab"),
    "random-floats": lambda: trace_search(from_array([0.5, -1.25, 3.0, 7, 2.75, -0.5, 4]), "alphabeta"),
    "random-seeded": lambda: trace_search(random_tree(leaves=9, branching=3, seed=7), "negamax-ab", depth=1),
    "odd-names": lambda: trace_search(from_array([1, 2, 3, 4, 5, 6, 7], names=ODD_NAMES), "alphabeta"),
}


@functools.cache
def case(name):
    trace = CASES[name]()
    return trace, to_json(trace)


def _raise(constant):
    raise AssertionError(f"non-strict JSON constant {constant}")


def one_line_error(text):
    with pytest.raises(TraceFileError) as caught:
        from_json(text)
    message = str(caught.value)
    assert "\n" not in message and message.strip() == message
    assert isinstance(caught.value, InputError)
    return message


# -- round trips ------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(CASES))
def test_round_trip_gives_an_equal_trace(name):
    trace, text = case(name)
    loaded = from_json(text)
    assert loaded.nodes == trace.nodes
    assert loaded.events == trace.events
    assert loaded.summary == trace.summary
    assert (loaded.algorithm, loaded.depth_limit, loaded.strict) == (trace.algorithm, trace.depth_limit, trace.strict)
    assert (loaded.source, loaded.description) == (trace.source, trace.description)
    assert loaded.root_player == trace.root_player
    assert loaded == trace


@pytest.mark.parametrize("name", sorted(CASES))
def test_networkx_loads_the_text_as_a_digraph(name):
    trace, text = case(name)
    graph = networkx.node_link_graph(json.loads(text), edges="edges")
    assert isinstance(graph, networkx.DiGraph) and graph.is_directed()
    assert graph.number_of_nodes() == len(trace.nodes)
    assert graph.number_of_edges() == len(trace.nodes) - 1
    assert graph.nodes[0]["name"] == trace.root.name


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_export_matches_the_schema(name):
    _trace, text = case(name)
    data = json.loads(text)
    jsonschema.Draft202012Validator(load_schema()).validate(data)
    validate(data)


@pytest.mark.parametrize("name", sorted(CASES))
def test_export_is_strict_json(name):
    _trace, text = case(name)
    json.loads(text, parse_constant=_raise)
    assert not re.search(r"\b(Infinity|NaN)\b", text)


def test_infinite_windows_are_written_as_strings():
    data = json.loads(case("builtin-alphabeta")[1])
    events = data["graph"]["events"]
    assert (events["alpha"][0], events["beta"][0]) == ("-inf", "+inf")
    assert from_json(case("builtin-alphabeta")[1]).events[0].beta == float("inf")


def test_schema_is_draft_2020_12_and_documents_infinity():
    schema = load_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert '"+inf"' in schema["description"] and '"-inf"' in schema["description"]
    assert schema["$defs"]["graph"]["properties"]["version"]["const"] == 2


def test_floats_and_ints_keep_their_type():
    trace, text = case("random-floats")
    loaded = from_json(text)
    assert [type(node.static_value) for node in loaded.nodes] == [type(node.static_value) for node in trace.nodes]
    assert loaded.nodes[2].static_value == 3.0 and isinstance(loaded.nodes[2].static_value, float)


def test_odd_names_round_trip():
    trace, text = case("odd-names")
    assert [node.name for node in from_json(text).nodes] == ODD_NAMES
    assert "héllo ∑ 日本" in text  # written as UTF-8, not \u escapes


# -- determinism --------------------------------------------------------------
def test_same_trace_gives_identical_bytes():
    first = to_json(trace_search(TicTacToe("XO./.X./..."), "alphabeta"))
    second = to_json(trace_search(TicTacToe("XO./.X./..."), "alphabeta"))
    assert first.encode() == second.encode()
    assert first.endswith("}\n") and not first.endswith("\n\n")


def test_export_of_a_loaded_trace_is_identical():
    _trace, text = case("nim-6")
    assert to_json(from_json(text)) == text


def test_keys_are_sorted():
    data = json.loads(case("builtin-alphabeta")[1])
    assert list(data) == sorted(data)
    assert list(data["graph"]) == sorted(data["graph"])
    assert list(data["nodes"][0]) == ["id", "name"] and list(data["edges"][0]) == ["source", "target"]
    assert list(data["graph"]["events"]) == sorted(data["graph"]["events"])


def _normalise(text):
    return re.sub(r'"tool_version": "[^"]*"', '"tool_version": "*"', text)


@pytest.mark.parametrize("name", ["builtin-alphabeta", "nim-6"])
def test_golden_json(name):
    path = GOLDEN / f"{name}.json"
    _trace, text = case(name)
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert _normalise(text) == _normalise(path.read_text(encoding="utf-8"))
    assert from_json(path.read_text(encoding="utf-8")) == case(name)[0]


# -- files -----------------------------------------------------------------------
def test_write_and_read_json(tmp_path):
    trace, text = case("textbook-3x3")
    path = write_json(trace, tmp_path / "sub" / "trace.json")
    assert path.read_bytes() == text.encode("utf-8")
    assert read_json(path) == trace


def test_read_json_names_the_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(TraceFileError, match=re.escape(str(path)) + " is not JSON"):
        read_json(path)


def test_read_json_missing_file(tmp_path):
    with pytest.raises(TraceFileError, match="cannot read .*missing.json"):
        read_json(tmp_path / "missing.json")


def test_read_json_binary_file(tmp_path):
    path = tmp_path / "image.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(TraceFileError, match="not UTF-8"):
        read_json(path)


# -- bad files ---------------------------------------------------------------------
def _data():
    return json.loads(case("builtin-alphabeta")[1])


def test_not_json():
    message = one_line_error("digraph trace { n0 -> n1 }")
    assert "is not JSON" in message and "line 1 column 1" in message


def test_empty_text():
    assert "is empty" in one_line_error("  \n")


@pytest.mark.parametrize("cut", [0.1, 0.5, 0.9, 0.999])
def test_truncated_json(cut):
    text = case("builtin-alphabeta")[1]
    message = one_line_error(text[: int(len(text) * cut)])
    assert "truncated" in message


def test_every_prefix_is_reported_as_truncated():
    text = case("random-floats")[1].rstrip()
    messages = {one_line_error(text[:end]).split(" (")[0] for end in range(1, len(text), 3)}
    assert messages == {"the trace file ends in the middle of its JSON"}


@pytest.mark.parametrize(
    "text",
    ['{"hello": 1}', "[1, 2, 3]", "42", json.dumps(networkx.node_link_data(networkx.path_graph(3), edges="edges"))],
    ids=["object", "list", "number", "plain-networkx"],
)
def test_json_that_is_not_a_trace(text):
    message = one_line_error(text)
    assert "not a game-tree trace (no format" in message


def test_json_of_another_format():
    data = _data()
    data["graph"]["format"] = "chess-game"
    assert 'format "chess-game"' in one_line_error(json.dumps(data))


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda data: data["graph"]["node_columns"]["player"].__setitem__(3, 7), "graph.node_columns.player"),
        (lambda data: data["graph"]["node_columns"]["alpha"].__setitem__(5, "-infinity"), "graph.node_columns.alpha"),
        (lambda data: data["graph"]["events"]["kind"].__setitem__(2, 40), "graph.events.kind"),
        (lambda data: data["graph"]["codes"]["kind"].__setitem__(0, "jump"), "graph.codes.kind"),
        (lambda data: data["graph"]["summary"].pop("value"), "graph.summary lacks 'value'"),
        (lambda data: data["edges"][0].pop("target"), "edges[0] lacks 'target'"),
        (lambda data: data["graph"].update(version=0), "graph.version"),
        (lambda data: data.update(directed=False), "field directed"),
        (lambda data: data["graph"]["events"]["node"].pop(), "graph.events.node has 51 items, not 52"),
        (lambda data: data["graph"]["events"]["child"].pop(), "graph.events.child has 13 items, not 14"),
    ],
    ids=[
        "player",
        "alpha",
        "event-kind",
        "kind-table",
        "summary-value",
        "edge-target",
        "version-0",
        "undirected",
        "short-column",
        "short-child",
    ],
)
def test_schema_failure_names_the_field(change, field):
    data = _data()
    change(data)
    message = one_line_error(json.dumps(data))
    assert "does not match the trace format" in message
    assert field in message


def test_newer_major_version():
    data = _data()
    data["graph"]["version"] = 99
    data["graph"]["new_field"] = {"anything": True}
    message = one_line_error(json.dumps(data))
    assert "newer visualizer" in message and "version 99" in message and "upgrade" in message


def test_non_strict_constants_are_refused():
    text = case("builtin-alphabeta")[1].replace('"-inf"', "-Infinity", 1)
    message = one_line_error(text)
    assert "-Infinity" in message and "strict JSON" in message


def test_unknown_node_id_in_an_event():
    data = _data()
    data["graph"]["events"]["node"][0] = 99
    message = one_line_error(json.dumps(data))
    assert "field graph.events.node must hold numbers from 0 to 14" in message


def test_unknown_fields_are_ignored():
    data = _data()
    data["graph"]["comment"] = "made for class 3B"
    data["nodes"][0]["colour"] = "red"
    data["edges"][0]["weight"] = 2
    assert from_json(json.dumps(data)) == case("builtin-alphabeta")[0]


def test_edge_to_a_missing_node():
    data = _data()
    data["edges"].append({"source": 3, "target": 99})
    message = one_line_error(json.dumps(data))
    assert "field edges must list one edge into each node 1..14, in order of the target" in message


def test_duplicate_names_in_a_file():
    data = _data()
    data["nodes"][2]["name"] = "B"
    assert "must give every node a name of its own" in one_line_error(json.dumps(data))


def test_events_that_do_not_hang_together_are_refused_like_version_1():
    data = _data()
    events = data["graph"]["events"]
    events["node"][5] = 8  # exit I instead of H: I is at H's depth, so only the nesting is wrong
    message = one_line_error(json.dumps(data))
    assert "graph.events[5] (exit at node 'I') is not at the innermost open node" in message
