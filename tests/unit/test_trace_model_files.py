"""Tests that the trace files (JSON and DOT) carry the trace model beyond one pass over MAX and MIN: chance
nodes and their edge probabilities, transposition events with their ref and bound, and several passes.

Hand-worked answers:
- CS188's expectimax example (leaves 3 12 9 | 2 4 6 | 15 6 0, each draw 1/3): the chance nodes a, b, c are
  worth 8, 4 and 7, so the root is worth 8; the 9 edges out of them each have probability 1/3 ("0.333").
- Two-pile NIM (2, 1), alpha-beta with a table (see test_trace_model.py): A1.B1.A1 takes the stored exact
  +1 of A1.A1.B1, and B1.A1.A1 that of A1.B1.A1. Two-pile NIM (3, 3) has 24 table hits.
- Iterative deepening to look-ahead 3 makes three passes with look-aheads 1, 2, 3; the first is the root
  and its four moves A1, A2, B1, B2 (5 nodes).
"""

from __future__ import annotations

import copy
import json
import re

import networkx
import pytest
from dot_reading import assert_draws
from toys import (
    TOY_DEEPENING,
    TOY_EXPECTIMAX,
    TOY_TT,
    ExpectimaxExample,
    TwoPileNim,
    toy_expectimax,
    toy_iterative_deepening,
    toy_tt_alphabeta,
)

from visualizer.dot.write import to_dot
from visualizer.errors import TraceFileError
from visualizer.games import Player
from visualizer.readwrite.schema import validate
from visualizer.readwrite.trace_json import from_json, read_json, to_json
from visualizer.search import registered
from visualizer.tracing import Recorder
from visualizer.tracing.events import Bound, EventKind


@pytest.fixture(autouse=True)
def toy_algorithms():
    with registered(TOY_EXPECTIMAX), registered(TOY_TT), registered(TOY_DEEPENING):
        yield


def record(search, game):
    recorder = Recorder()
    search(game, tracer=recorder)
    return recorder.result()


TOYS = {
    "expectimax": lambda: record(toy_expectimax, ExpectimaxExample()),
    "transpositions": lambda: record(toy_tt_alphabeta, TwoPileNim((3, 3))),
    "deepening": lambda: record(toy_iterative_deepening, TwoPileNim((3, 3))),
}


@pytest.fixture(params=list(TOYS))
def toy(request):
    return TOYS[request.param]()


def write(tmp_path, text):
    path = tmp_path / "trace.json"
    path.write_text(text, encoding="utf-8")
    return path


def refused(tmp_path, data):
    """The one-line message with which the file holding `data` is refused."""
    with pytest.raises(TraceFileError) as caught:
        read_json(write(tmp_path, json.dumps(data)))
    message = str(caught.value)
    assert "\n" not in message
    return message


def dot_nodes(text, attribute):
    """The tooltips (node names) of the DOT nodes whose attributes include `attribute`."""
    return [
        name
        for attributes, name in re.findall(r'^n\d+ \[(.*?tooltip="([^"]*)".*)\];$', text, re.M)
        if attribute in attributes.split(", ")
    ]


# -- JSON -------------------------------------------------------------------------------------------------------


def nodes_of(data):
    """The nodes of version 2 data as records by name: each column's item, codes turned to their names."""
    graph = data["graph"]
    columns, codes = graph["node_columns"], graph["codes"]
    records = {}
    for node in data["nodes"]:
        record = {field: None if column is None else column[node["id"]] for field, column in columns.items()}
        record["player"], record["status"] = codes["player"][record["player"]], codes["status"][record["status"]]
        records[node["name"]] = {**record, "id": node["id"]}
    return records


def events_of(data):
    """The kinds of version 2 data's events, by name, in step order."""
    graph = data["graph"]
    return [graph["codes"]["kind"][code] for code in graph["events"]["kind"]]


def test_the_file_reads_back(toy, tmp_path):
    text = to_json(toy)
    assert read_json(write(tmp_path, text)) == toy  # passes, probabilities, refs and bounds included
    assert to_json(read_json(write(tmp_path, text))) == text


def test_the_file_is_node_link_data_and_schema_valid(toy):
    data = json.loads(to_json(toy))
    validate(data)
    documents = [*data["graph"].get("passes", []), data]
    assert len(documents) == len(toy.passes)
    for document, trace in zip(documents, toy.passes):
        graph = networkx.node_link_graph(document, edges="edges")
        assert graph.number_of_nodes() == len(trace.nodes)
        assert graph.number_of_edges() == len(trace.nodes) - 1
        assert [graph.nodes[node]["name"] for node in graph.nodes] == list(trace.columns.name)
        assert "passes" not in document["graph"] or document is data


def test_chance_nodes_and_edge_probabilities_in_json():
    data = json.loads(to_json(TOYS["expectimax"]()))
    by_name = nodes_of(data)
    assert {name for name, node in by_name.items() if node["player"] == "chance"} == {"a", "b", "c"}
    assert [by_name[name]["value"] for name in "abc"] == [8, 4, 7]
    assert data["graph"]["summary"]["value"] == 8
    below_chance = {name for name, node in by_name.items() if name[:1] in "abc" and node["depth"] == 2}
    for name, node in by_name.items():
        assert node["probability"] == (pytest.approx(1 / 3) if name in below_chance else None)
    assert len(below_chance) == 9
    events = data["graph"]["events"]
    assert events["ref"] == [] and events["bound"] == []  # no table hits


def test_transposition_events_name_their_earlier_node_in_json():
    data = json.loads(to_json(record(toy_tt_alphabeta, TwoPileNim((2, 1)))))
    names = {node["id"]: node["name"] for node in data["nodes"]}
    events = data["graph"]["events"]
    steps = [index for index, kind in enumerate(events_of(data)) if kind == "transposition"]
    hits = [
        (names[events["node"][index]], names[ref], bound)
        for index, ref, bound in zip(steps, events["ref"], events["bound"], strict=True)
    ]
    assert hits == [("A1.B1.A1", "A1.A1.B1", "exact"), ("B1.A1.A1", "A1.B1.A1", "exact")]
    assert data["graph"]["node_columns"]["probability"] is None  # no chance nodes
    big = json.loads(to_json(TOYS["transpositions"]()))
    assert events_of(big).count("transposition") == len(big["graph"]["events"]["ref"]) == 24


def test_earlier_passes_are_whole_documents_in_order():
    trace = TOYS["deepening"]()
    data = json.loads(to_json(trace))
    passes = data["graph"]["passes"]
    assert [document["graph"]["options"]["depth_limit"] for document in [*passes, data]] == [1, 2, 3]
    assert [node["name"] for node in passes[0]["nodes"]] == ["root", "A1", "A2", "B1", "B2"]
    assert all(document["directed"] and not document["multigraph"] for document in passes)
    back = from_json(to_json(trace))
    assert [earlier.depth_limit for earlier in back.earlier_passes] == [1, 2]
    assert back.earlier_passes == trace.earlier_passes


def test_reading_back_keeps_the_new_fields():
    chance = from_json(to_json(TOYS["expectimax"]()))
    assert [chance.node(name).player for name in "abc"] == [Player.CHANCE] * 3
    assert chance.node("a.1").probability == pytest.approx(1 / 3) and chance.root.probability is None
    table = from_json(to_json(record(toy_tt_alphabeta, TwoPileNim((2, 1)))))
    hit = next(event for event in table.events if event.kind is EventKind.TRANSPOSITION)
    assert (table.nodes[hit.node].name, table.nodes[hit.ref].name, hit.bound) == ("A1.B1.A1", "A1.A1.B1", Bound.EXACT)


# -- broken files: one line naming the field -----------------------------------------------------------------------


def test_a_ref_to_an_unknown_node_is_refused(tmp_path):
    data = json.loads(to_json(record(toy_tt_alphabeta, TwoPileNim((2, 1)))))
    data["graph"]["events"]["ref"][0] = len(data["nodes"])
    message = refused(tmp_path, data)
    assert f"field graph.events.ref must hold numbers from 0 to {len(data['nodes']) - 1}" in message


def test_a_ref_to_a_node_not_yet_searched_is_refused(tmp_path):
    data = json.loads(to_json(record(toy_tt_alphabeta, TwoPileNim((2, 1)))))
    data["graph"]["events"]["ref"][0] = len(data["nodes"]) - 1  # entered later (ids are in search order)
    assert "graph.events" in refused(tmp_path, data)


def test_a_bad_bound_or_kind_is_refused(tmp_path):
    data = json.loads(to_json(record(toy_tt_alphabeta, TwoPileNim((2, 1)))))
    broken = copy.deepcopy(data)
    broken["graph"]["events"]["bound"][0] = "sideways"
    assert "graph.events.bound" in refused(tmp_path, broken)
    broken = copy.deepcopy(data)
    broken["graph"]["events"]["kind"][3] = len(broken["graph"]["codes"]["kind"])
    assert "graph.events.kind" in refused(tmp_path, broken)


def test_a_probability_above_one_is_refused(tmp_path):
    data = json.loads(to_json(TOYS["expectimax"]()))
    column = data["graph"]["node_columns"]["probability"]
    index = next(index for index, probability in enumerate(column) if probability is not None)
    column[index] = 1.5
    message = refused(tmp_path, data)
    assert "graph.node_columns.probability" in message and "1.5" in message


def test_a_chance_root_player_is_refused(tmp_path):
    data = json.loads(to_json(TOYS["expectimax"]()))
    data["graph"]["root_player"] = "chance"
    assert "graph.root_player" in refused(tmp_path, data)


def test_a_broken_earlier_pass_is_refused_naming_the_pass(tmp_path):
    data = json.loads(to_json(TOYS["deepening"]()))
    broken = copy.deepcopy(data)
    broken["graph"]["passes"][1]["graph"]["node_columns"]["player"][2] = 7
    assert "graph.passes[1]" in refused(tmp_path, broken)
    broken = copy.deepcopy(data)
    broken["graph"]["passes"][1]["graph"]["events"]["node"][1] = 999
    message = refused(tmp_path, broken)
    assert "graph.passes[1]" in message and "graph.events.node" in message
    broken = copy.deepcopy(data)
    broken["graph"]["passes"][0]["graph"]["passes"] = []
    assert "graph.passes[0].graph" in refused(tmp_path, broken)


# -- DOT ----------------------------------------------------------------------------------------------------------


def test_the_drawing_reads_back_and_a_file_read_back_draws_the_same(toy, tmp_path):
    text = to_dot(toy)
    assert_draws(toy, text)
    assert text == to_dot(read_json(write(tmp_path, to_json(toy))))


def test_chance_nodes_are_circles_with_probability_labels():
    text = to_dot(TOYS["expectimax"]())
    assert dot_nodes(text, "shape=circle") == ["a", "b", "c"]
    assert len(dot_nodes(text, "shape=ellipse")) == 9 and dot_nodes(text, "shape=box") == ["root"]
    labelled = re.findall(r'^n\d+ -> n\d+ \[.*label="0\.333".*\];$', text, re.M)
    assert len(labelled) == 9


def test_each_transposition_links_its_node_to_the_earlier_one():
    trace = record(toy_tt_alphabeta, TwoPileNim((2, 1)))
    text = to_dot(trace)
    ids = {node.name: node.id for node in trace.nodes}
    link = ' [label="same position", style=dashed, color=grey55, fontcolor=grey55, constraint=false];'
    assert re.findall(r"^n\d+ -> n\d+ \[label=\"same position\".*$", text, re.M) == [
        f"n{ids['A1.B1.A1']} -> n{ids['A1.A1.B1']}{link}",
        f"n{ids['B1.A1.A1']} -> n{ids['A1.B1.A1']}{link}",
    ]
    assert len(re.findall(r'^n\d+ -> n\d+ \[label="same position"', to_dot(TOYS["transpositions"]()), re.M)) == 24


def test_a_search_of_several_passes_draws_its_last_pass():
    trace = TOYS["deepening"]()
    text = to_dot(trace)
    assert len(re.findall(r"^n\d+ \[", text, re.M)) == len(trace.nodes) != len(trace.earlier_passes[0].nodes)
    assert "toy-id" in text.splitlines()[4]  # the title


def test_per_step_drawings_are_made_for_every_toy(toy):
    for step in (0, len(toy.events) // 2, len(toy.events)):
        assert to_dot(toy, step=step).startswith("digraph trace {")


def test_per_step_drawings_show_circles_probabilities_and_links_once_they_happen():
    expectimax = TOYS["expectimax"]()
    final = to_dot(expectimax, step=len(expectimax.events))
    assert len(re.findall(r"shape=circle", final)) == 3 and final.count('label="0.333"') == 9
    widths = set(re.findall(r"shape=circle, [^]]*width=([0-9.]+), height=([0-9.]+)", final))
    assert len(widths) == 1 and len(set(next(iter(widths)))) == 1  # every circle one size, round
    table = record(toy_tt_alphabeta, TwoPileNim((2, 1)))
    first_hit = next(event.step for event in table.events if event.kind is EventKind.TRANSPOSITION)
    links = re.compile(r'^n\d+ -> n\d+ \[label="same position"', re.M)
    assert links.findall(to_dot(table, step=first_hit - 1)) == []
    assert len(links.findall(to_dot(table, step=first_hit))) == 1
    assert len(links.findall(to_dot(table, step=len(table.events)))) == 2
