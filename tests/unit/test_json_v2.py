"""Version 2 of the trace format: every trace round-trips, networkx loads the file in one call, the
two parsers (msgspec's fast path and the standard library's) agree, the indented and compact layouts,
gzip read and written transparently, and a version 1 file refused in one line."""

import gzip
import json
from pathlib import Path

import networkx
import pytest
from object_recorder import ObjectRecorder
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
from trace_sources import SOURCES, depth_for

from visualizer.errors import TraceFileError, VisualizerError
from visualizer.export.formats import EXPORT_FORMATS, ExportJob
from visualizer.games import TicTacToe, builtin_example, from_array
from visualizer.readwrite import json_text as json_layout
from visualizer.readwrite import json_write as json_v2
from visualizer.readwrite.decode import decode_v2
from visualizer.readwrite.json_read import trace_from_v2
from visualizer.readwrite.trace_json import from_json, read_json, to_json, write_json
from visualizer.search import ALGORITHMS, registered, search, trace_search
from visualizer.tracing import Recorder

TRACES = Path(__file__).parents[2] / "traces"
GOLDEN = Path(__file__).parent / "golden"
CASES = [
    (source, algorithm)
    for source in SOURCES
    for algorithm in ALGORITHMS
    if not (source == "nested" and algorithm == "id")
]  # nested lists have no inner values for id


def record(algorithm, game):
    recorder = Recorder()
    algorithm(game, tracer=recorder)
    return recorder.result()


TOYS = {
    "expectimax": (TOY_EXPECTIMAX, lambda: record(toy_expectimax, ExpectimaxExample())),
    "transpositions": (TOY_TT, lambda: record(toy_tt_alphabeta, TwoPileNim((3, 3)))),
    "deepening": (TOY_DEEPENING, lambda: record(toy_iterative_deepening, TwoPileNim((3, 3)))),
}


def assert_round_trip(trace):
    """The file gives the trace back, the same text again, and networkx's graph of the tree in one call."""
    text = to_json(trace)
    loaded = from_json(text)
    assert loaded == trace
    assert list(loaded.events) == list(trace.events) and list(loaded.nodes) == list(trace.nodes)
    assert [list(one.nodes) for one in loaded.passes] == [list(one.nodes) for one in trace.passes]
    assert to_json(loaded) == text  # byte-identical again
    graph = networkx.node_link_graph(json.loads(text), edges="edges")
    assert [graph.nodes[node]["name"] for node in graph.nodes] == list(trace.columns.name)
    assert sorted(graph.edges) == sorted((node.parent, node.id) for node in trace.nodes if node.parent is not None)
    assert json.loads(text)["graph"]["version"] == 2


@pytest.mark.parametrize(("source", "algorithm"), CASES)
def test_every_trace_round_trips(source, algorithm):
    trace = trace_search(SOURCES[source](), algorithm, depth=depth_for(source))
    assert len(trace.events) > 3
    assert_round_trip(trace)


@pytest.mark.parametrize("toy", sorted(TOYS))
def test_chance_nodes_transpositions_and_passes_round_trip(toy):
    registry, make = TOYS[toy]
    with registered(registry):
        trace = make()
        assert_round_trip(trace)
        data = json.loads(to_json(trace))
    graph = data["graph"]
    if toy == "expectimax":  # a probability on every node under a chance node, hand-checked: 1/3 each
        probability = graph["node_columns"]["probability"]
        assert sum(value is not None for value in probability) == 9
        assert {value for value in probability if value is not None} == {1 / 3}
    if toy == "transpositions":
        kinds = graph["codes"]["kind"]
        hits = graph["events"]["kind"].count(kinds.index("transposition"))
        assert hits == len(graph["events"]["ref"]) == len(graph["events"]["bound"]) == 24
    if toy == "deepening":
        assert [one["graph"]["options"]["depth_limit"] for one in [*graph["passes"], data]] == [1, 2, 3]


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "pvs", "mcts"])
def test_the_object_recorders_trace_round_trips(algorithm):
    # The oracle records an object per event: its trace must survive version 2 as the recorder's does.
    oracle = ObjectRecorder()
    search(TicTacToe("X.O/.X./..O"), algorithm, tracer=oracle)
    trace = oracle.result()
    assert from_json(to_json(trace)) == trace == trace_search(TicTacToe("X.O/.X./..O"), algorithm)


@pytest.mark.parametrize("name", ["example15-alphabeta", "tictactoe-midgame-alphabeta", "nim6-alphabeta"])
def test_the_fast_parser_and_the_standard_library_give_the_same_trace(name):
    text = (TRACES / f"{name}.json").read_text(encoding="utf-8")
    fast = decode_v2(text)
    assert fast is not None and not isinstance(fast["nodes"][0], dict)  # msgspec's structs
    assert trace_from_v2(fast, name="t") == trace_from_v2(json.loads(text), name="t")


def test_decode_v2_leaves_other_files_to_the_standard_library():
    assert decode_v2((GOLDEN / "version1-example15-alphabeta.json").read_text(encoding="utf-8")) is None
    assert decode_v2("{not json") is None
    assert decode_v2('{"directed": true}') is None
    assert decode_v2(b'{"directed": "h\xe9"}') is None  # not UTF-8: the standard library says so


def test_a_version_1_file_is_refused_in_one_line_that_says_how_to_make_a_new_one(tmp_path):
    old = GOLDEN / "version1-example15-alphabeta.json"  # exported by the visualizer before version 2
    assert json.loads(old.read_text(encoding="utf-8"))["graph"]["version"] == 1
    message = refusal(old)
    assert message == (
        f"{old} is a trace of format version 1, which this visualizer no longer reads (it reads version 2); "
        "make a new one by running the search again with `visualizer export`"
    )
    gzipped = tmp_path / "old.json.gz"  # gzipped, or given as text: the same answer
    gzipped.write_bytes(gzip.compress(old.read_bytes()))
    assert refusal(gzipped) == message.replace(str(old), str(gzipped))
    with pytest.raises(TraceFileError, match="^the trace file is a trace of format version 1"):
        from_json(old.read_text(encoding="utf-8"))


# -- layout ---------------------------------------------------------------------------------------
def test_small_traces_are_indented_and_big_ones_compact(monkeypatch):
    trace = trace_search(builtin_example(), "alphabeta")
    indented, compact = to_json(trace), to_json(trace, indent=False)
    assert indented.startswith('{\n "directed": true,\n "edges": [\n  {"source": 0, "target": 1},')
    assert '  "kind": [0, 0, 0, 0, 1, 5, 2, 3, 0, 1, 5,' in indented  # a column on one line
    assert "\n" not in compact.rstrip("\n") and ": " not in compact and compact.endswith("}\n")
    assert json.loads(indented) == json.loads(compact)
    monkeypatch.setattr(json_v2, "INDENT_LIMIT", len(trace.events) - 1)
    assert to_json(trace) == compact
    monkeypatch.setattr(json_layout, "CHUNK_ITEMS", 4)  # every big list across chunk boundaries
    assert to_json(trace) == compact
    assert from_json(compact) == trace


def test_the_events_hold_no_step_and_no_depth_and_carried_fields_only_where_carried():
    data = json.loads(to_json(trace_search(builtin_example(), "alphabeta")))
    events = data["graph"]["events"]
    assert sorted(events) == [
        "alpha",
        "beta",
        "bound",
        "child",
        "kind",
        "limit",
        "node",
        "playout",
        "ref",
        "score",
        "skipped",
        "value",
        "visits",
    ]
    assert len(events["kind"]) == 52 and len(events["child"]) == 14  # 12 back-ups and 2 cut-offs
    assert events["skipped"] == [[10], [14]]  # K and O, hand-checked
    assert data["graph"]["summary"]["principal_variation"] == [0, 2, 5, 11]  # A C F L
    assert data["graph"]["node_columns"]["board"] is None  # an explicit tree has no boards


def test_nan_is_refused_by_the_writer():
    trace = trace_search(from_array([1, 2, 3]), "minimax")
    trace.columns.event_value[4] = float("nan")
    with pytest.raises(ValueError, match="NaN"):
        to_json(trace, indent=False)


# -- gzip -------------------------------------------------------------------------------------------
def test_json_gz_is_written_and_read_transparently(tmp_path):
    trace = trace_search(TicTacToe("XO./.X./..."), "alphabeta")
    path = write_json(trace, tmp_path / "trace.json.gz")
    raw = path.read_bytes()
    assert raw[:2] == b"\x1f\x8b" and gzip.decompress(raw).decode("utf-8") == to_json(trace)
    assert read_json(path) == trace
    assert write_json(trace, tmp_path / "again.json.gz").read_bytes() == raw  # deterministic bytes
    renamed = tmp_path / "plain-name.json"  # gzip is known by its first bytes, not its name
    renamed.write_bytes(raw)
    assert read_json(renamed) == trace
    chunks = EXPORT_FORMATS["json.gz"].whole(ExportJob(trace, "trace"))
    assert b"".join(chunks) == raw and EXPORT_FORMATS["json.gz"].suffix == ".json.gz"


def refusal(path, **limits):
    with pytest.raises(TraceFileError) as caught:
        read_json(path, **limits)
    message = str(caught.value)
    assert message and "\n" not in message and message == message.strip()
    return message


def test_bad_gzip_files_are_refused_in_one_line(tmp_path):
    raw = gzip.compress(to_json(trace_search(builtin_example(), "alphabeta")).encode("utf-8"))
    cut = tmp_path / "cut.json.gz"
    cut.write_bytes(raw[: len(raw) // 2])
    assert "ends in the middle of its gzip data; the file is truncated" in refusal(cut)
    damaged = tmp_path / "damaged.json.gz"
    damaged.write_bytes(raw[:20] + bytes(60) + raw[80:])
    assert "is gzip data that is damaged" in refusal(damaged)
    other = tmp_path / "other.json.gz"
    other.write_bytes(gzip.compress(b"digraph trace { a -> b }"))
    assert "other.json.gz is not JSON" in refusal(other)
    binary = tmp_path / "binary.json.gz"
    binary.write_bytes(gzip.compress(b"\x89PNG\xff\xfe"))
    assert "is not UTF-8 text" in refusal(binary)
    bomb = tmp_path / "bomb.json.gz"
    bomb.write_bytes(gzip.compress(b" " * 100_000))
    assert "bomb.json.gz unpacks to more than the 1,000 bytes a trace file may hold" in refusal(bomb, max_bytes=1000)


# -- broken version 2 files: a trace that replays, or one line ---------------------------------------
def mutations():
    """(where, change) pairs: each column and record list cut short, lengthened, or given a bad item."""
    base = json.loads(to_json(trace_search(builtin_example(), "alphabeta")))
    spots = [("graph", "events", key) for key in base["graph"]["events"]]
    spots += [("graph", "node_columns", key) for key in base["graph"]["node_columns"]]
    spots += [
        ("nodes",),
        ("edges",),
        ("graph", "summary", "principal_variation"),
        ("graph", "summary", "pruned"),
        ("graph", "codes", "kind"),
        ("graph", "codes", "player"),
    ]
    junk = [None, -1, 99, 10**30, 1.5, "x", "+inf", [], {}, True]
    for spot in spots:
        for change in ["pop", "append", *range(len(junk))]:
            yield spot, change, junk


def apply(data, spot, change, junk):
    holder = data
    for part in spot[:-1]:
        holder = holder[part]
    column = holder[spot[-1]]
    if not isinstance(column, list) or not column:
        holder[spot[-1]] = junk[change] if isinstance(change, int) else [1]
    elif change == "pop":
        column.pop()
    elif change == "append":
        column.append(column[-1])
    else:
        column[len(column) // 2] = junk[change]


@pytest.mark.parametrize("sample", [200, 1], ids=["schema-sample", "columns-only"])
def test_every_broken_version_2_file_loads_and_replays_or_is_one_line(sample, monkeypatch):
    # With a sample of 1, jsonschema sees only the first item of each list: the column checks must
    # refuse the rest themselves, in one line, as they do for big files.
    from visualizer.readwrite import json_read as json_v2_read
    from visualizer.steps.replay import Replay

    monkeypatch.setattr(json_v2_read, "SAMPLE", sample)
    text = to_json(trace_search(builtin_example(), "alphabeta"))
    outcomes = {"loaded": 0, "refused": 0}
    for spot, change, junk in mutations():
        data = json.loads(text)
        apply(data, spot, change, junk)
        broken = json.dumps(data)
        try:
            trace = from_json(broken)
        except VisualizerError as error:
            message = str(error)
            assert message and "\n" not in message, (spot, change)
            outcomes["refused"] += 1
            continue
        replay = Replay(trace)  # what loads, replays to its end
        replay.seek(replay.count)
        assert replay.step == len(trace.events) and replay.stack == []
        assert from_json(to_json(trace)) == trace
        outcomes["loaded"] += 1
    assert outcomes["refused"] > 250 and outcomes["loaded"] > 0  # both outcomes are reached


@pytest.mark.parametrize(
    "spot, item, problem",
    [
        (("graph", "events", "node"), True, "field graph.events.node must hold whole numbers"),  # a bool is no int
        (("graph", "events", "node"), 2.0, "field graph.events.node must hold whole numbers"),
        (("graph", "events", "node"), 10**30, "field graph.events.node must hold numbers from 0 to 14"),
        (("graph", "events", "kind"), 300, "field graph.events.kind must hold numbers from 0 to 12"),
        (("graph", "events", "kind"), -1, "field graph.events.kind must hold numbers from 0 to 12"),
        (("graph", "events", "child"), None, "field graph.events.child must hold whole numbers"),
        (("graph", "events", "value"), True, 'field graph.events.value must hold numbers, "+inf", "-inf" or null'),
        (("graph", "events", "value"), "inf", 'field graph.events.value holds a string that is not "+inf" or "-inf"'),
        (("graph", "node_columns", "depth"), False, "field graph.node_columns.depth must hold whole numbers"),
        (("graph", "node_columns", "player"), 3, "field graph.node_columns.player must hold numbers from 0 to 2"),
        (("nodes",), {"id": 14, "name": 5}, "field nodes must give every node a name, a non-empty string"),
        (("edges",), {"source": True, "target": 14}, "field edges[].source must hold whole numbers"),
    ],
)
def test_the_column_checks_name_a_bad_last_item(spot, item, problem, monkeypatch):
    # The sample of 1 leaves the last item to the column checks, as the items past 200 of a big file are.
    from visualizer.readwrite import json_read as json_v2_read

    monkeypatch.setattr(json_v2_read, "SAMPLE", 1)
    data = json.loads(to_json(trace_search(builtin_example(), "alphabeta")))
    column = data
    for part in spot:
        column = column[part]
    column[-1] = item
    with pytest.raises(TraceFileError) as error:
        from_json(json.dumps(data), name="t")
    assert str(error.value) == f"t does not match the trace format: {problem}; export the trace again or fix that field"
