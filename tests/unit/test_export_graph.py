"""Tests `Trace.to_networkx` on the hand-checked 15-node example."""

import dataclasses
import math
import subprocess
import sys

import networkx
import pytest
from object_recorder import columns_from_records

import visualizer
from visualizer.errors import InputError
from visualizer.games import Nim, builtin_example, from_array
from visualizer.search import trace_search
from visualizer.tracing import Trace
from visualizer.tracing.trace import FORMAT, GRAPH_VERSION


@pytest.fixture(scope="module")
def trace():
    return trace_search(builtin_example(), "alphabeta")


@pytest.fixture(scope="module")
def graph(trace):
    return trace.to_networkx()


def test_graph_is_a_digraph_keyed_by_node_id(graph, trace):
    assert isinstance(graph, networkx.DiGraph)
    assert list(graph.nodes) == list(range(len(trace.nodes)))
    assert networkx.is_arborescence(graph)


def test_node_attributes_of_a_cut_off_node(graph):
    assert graph.nodes[4] == {
        "name": "E",
        "parent": "B",
        "player": "min",
        "static_value": 3,
        "value": 3,
        "alpha": 6,
        "beta": math.inf,
        "visit": 6,
        "status": "visited",
        "board": None,
        "move": "E",
        "depth": 2,
    }


def test_pruned_node_has_no_visit_or_value(graph):
    pruned = graph.nodes[10]
    assert (pruned["name"], pruned["status"], pruned["visit"], pruned["value"]) == ("K", "pruned", None, None)


def test_edges_carry_child_order_and_mark_the_cut(graph):
    assert [graph.edges[0, child]["order"] for child in (1, 2)] == [0, 1]
    cut = {(graph.nodes[u]["name"], graph.nodes[v]["name"]) for u, v, data in graph.edges(data=True) if data["cutoff"]}
    assert cut == {("E", "J"), ("G", "N")}


def test_graph_attributes(graph, trace):
    attributes = graph.graph
    assert attributes["format"] == FORMAT == "gametree-trace"
    assert attributes["version"] == GRAPH_VERSION == 1  # the networkx graph keeps version 1's layout
    assert attributes["tool_version"] == visualizer.__version__
    assert attributes["source"] == trace.source
    assert attributes["algorithm"] == "alphabeta"
    assert attributes["options"] == {"depth_limit": None, "iterative": False, "strict": False}
    assert attributes["root_player"] == "min"
    assert attributes["description"] == "array tree, 15 nodes, branching 2"


def test_summary_uses_names(graph):
    summary = graph.graph["summary"]
    assert summary["value"] == 2
    assert summary["best_move"] == "C"
    assert summary["principal_variation"] == ["A", "C", "F", "L"]
    assert summary["visit_order"] == list("ABDHIEJCFLMGN")
    assert summary["nodes_visited"] == 13
    assert summary["leaves_evaluated"] == 6
    assert summary["cutoffs"] == [
        {"node": "E", "step": 21, "child": "J", "skipped": ["K"], "pruned": ["K"]},
        {"node": "G", "step": 46, "child": "N", "skipped": ["O"], "pruned": ["O"]},
    ]
    assert (summary["pruned"], summary["unreached"]) == (["K", "O"], [])


def test_events_use_names(graph, trace):
    events = graph.graph["events"]
    assert len(events) == len(trace.events)
    assert events[0] == {
        "step": 1,
        "kind": "enter",
        "node": "A",
        "depth": 0,
        "alpha": -math.inf,
        "beta": math.inf,
        "value": None,
        "child": None,
        "skipped": [],
    }
    cutoff = events[20]
    assert (cutoff["kind"], cutoff["node"], cutoff["child"], cutoff["skipped"]) == ("cutoff", "E", "J", ["K"])


def test_a_game_graph_holds_every_node_the_trace_knows():
    trace = trace_search(Nim(5), "alphabeta")
    graph = trace.to_networkx()
    assert [graph.nodes[node]["name"] for node in graph.nodes] == list(trace.columns.name)
    assert sorted(graph.edges) == sorted((node.parent, node.id) for node in trace.nodes if node.parent is not None)
    assert [event["kind"] for event in graph.graph["events"]] == [event.kind.value for event in trace.events]


def test_importing_the_exporters_loads_no_heavy_or_ui_library():
    libraries = "{'pydot', 'networkx', 'jsonschema', 'textual'}"
    code = f"import sys, visualizer.export; print(sorted({libraries} & set(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("names", [["A", "B", "B"], ["A", "", "C"]])
def test_trees_refuse_duplicate_or_empty_names(names):
    with pytest.raises(InputError, match="unique and non-empty"):
        from_array([1, 2, 3], names=names)


@pytest.mark.parametrize(
    "rename, message", [({2: "B"}, "the name 'B' is used by more than one node"), ({1: ""}, "a node has an empty name")]
)
def test_names_must_be_unique_and_non_empty_to_export(rename, message):
    # A custom Game could name nodes badly; the exporter refuses such a trace rather than write it.
    trace = trace_search(from_array([1, 2, 3]), "minimax")
    nodes = tuple(dataclasses.replace(node, name=rename.get(node.id, node.name)) for node in trace.nodes)
    with pytest.raises(InputError, match=message):
        _with_nodes(trace, nodes).to_networkx()


def _with_nodes(trace, nodes):
    """`trace` with other node records (same events and summary)."""
    attributes = {field.name: getattr(trace, field.name) for field in dataclasses.fields(trace)}
    del attributes["columns"]
    return Trace(columns=columns_from_records(nodes, trace.events), **attributes)


def test_graph_source_is_a_copy(trace):
    graph = trace.to_networkx()
    graph.graph["source"]["values"].append(99)
    assert 99 not in trace.source["values"]
