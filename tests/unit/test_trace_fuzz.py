"""Fuzzes the trace reader and writer: a mutated trace file either loads as a trace that replays from
start to end and back (and exports again), or is refused with one `VisualizerError` line; and any
node names round-trip."""

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from visualizer.errors import VisualizerError
from visualizer.games import TicTacToe, from_array
from visualizer.games.registry import from_spec
from visualizer.readwrite.trace_json import from_json, read_json, to_json
from visualizer.search import trace_search
from visualizer.steps.replay import Phase, Replay

TRACES = Path(__file__).parents[2] / "traces"
COMMITTED = ["example15-alphabeta", "textbook3x3-alphabeta", "nim6-alphabeta"]
BASES = [*COMMITTED, "tictactoe-midgame"]
"""Traces to mutate: the committed 15-node example, textbook 3x3 tree and NIM 6, and a tic-tac-toe
midgame made here (21 nodes; the committed one is six times bigger, and slow to fuzz)."""

_TEXTS = {name: to_json(read_json(TRACES / f"{name}.json")) for name in COMMITTED}
_TEXTS["tictactoe-midgame"] = to_json(trace_search(TicTacToe("XOX/.O./X.."), "alphabeta"))

REPLACEMENTS = st.sampled_from(
    [
        None,
        True,
        False,
        0,
        -1,
        1,
        2,
        1.5,
        -0.5,
        10**30,
        -(10**30),
        10**9,
        "",
        "x",
        "+inf",
        "-inf",
        "max",
        "A",
        [],
        ["A"],
        {},
        {"kind": "array"},
    ]
)
"""Values put in place of a field: each JSON type, huge, negative and float numbers, names, infinities."""

FIELD_OPERATIONS = ["delete", "replace"]
LIST_OPERATIONS = ["swap", "drop", "duplicate"]
OPERATIONS = [*FIELD_OPERATIONS, *LIST_OPERATIONS, "truncate", "bad-byte"]

ANCHORS = [
    (),
    ("graph",),
    ("graph", "events"),
    ("graph", "node_columns"),
    ("graph", "summary"),
    ("graph", "summary", "cutoffs"),
    ("graph", "codes"),
    ("nodes",),
    ("edges",),
    ("graph", "source"),
    ("graph", "options"),
]
"""Where a field mutation's walk starts (then it goes a few levels further down at random)."""

LISTS = [
    ("graph", "events", "kind"),
    ("graph", "events", "node"),
    ("graph", "events", "child"),
    ("graph", "events", "value"),
    ("graph", "node_columns", "depth"),
    ("graph", "node_columns", "player"),
    ("nodes",),
    ("edges",),
    ("graph", "summary", "cutoffs"),
    ("graph", "summary", "principal_variation"),
    ("graph", "summary", "pruned"),
    ("graph", "source", "values"),
]
"""The lists a list mutation reorders, cuts or repeats items of (the event columns most often)."""


def _walk(data, draw):
    """A random place in `data`: (container, key) with container[key] the value found there."""
    container, key = None, None
    value = data
    for step in draw(st.sampled_from(ANCHORS), label="anchor"):
        container, key, value = value, step, value[step]
    for _ in range(draw(st.integers(0, 3), label="depth")):
        if isinstance(value, dict) and value:
            step = draw(st.sampled_from(sorted(value)), label="key")
        elif isinstance(value, list) and value:
            step = draw(st.integers(0, len(value) - 1), label="index")
        else:
            break
        container, key, value = value, step, value[step]
    return container, key


def _mutate_list(items: list, operation: str, draw) -> None:
    """Swaps, drops or repeats items."""
    if len(items) < 2:
        return
    first = draw(st.integers(0, len(items) - 1), label="first")
    second = draw(st.integers(0, len(items) - 1), label="second")
    if operation == "swap":
        items[first], items[second] = items[second], items[first]
    elif operation == "drop":
        del items[first]
    else:
        items.insert(second, json.loads(json.dumps(items[first])))


def _mutate(text: str, draw) -> bytes:
    """The trace's text after one mutation drawn by `draw`."""
    operation = draw(st.sampled_from(OPERATIONS), label="operation")
    if operation == "truncate":
        return text.encode()[: draw(st.integers(0, len(text.encode()) - 1), label="length")]
    if operation == "bad-byte":
        raw = bytearray(text.encode())
        raw[draw(st.integers(0, len(raw) - 1), label="at")] = 0xFF
        return bytes(raw)
    data = json.loads(text)
    if operation in LIST_OPERATIONS:
        items = data
        for step in draw(st.sampled_from(LISTS), label="list"):
            items = items.get(step, []) if isinstance(items, dict) else []
        items = items if isinstance(items, list) else []
        _mutate_list(items, operation, draw)
    else:
        container, key = _walk(data, draw)
        if container is None:
            return b"null"  # the whole file replaced
        if operation == "delete":
            del container[key]
        else:
            container[key] = draw(REPLACEMENTS, label="replacement")
    return json.dumps(data, indent=1).encode()


def _check_loaded_or_refused(path: Path) -> None:
    try:
        trace = read_json(path)
    except VisualizerError as error:
        message = str(error)
        assert message and "\n" not in message and message == message.strip()
        return
    replay = Replay(trace)
    while replay.forward():
        pass
    assert replay.step == replay.count == len(trace.events) and replay.stack == []
    while replay.back():
        pass
    assert replay.step == 0 and replay.stack == [] and replay.visited == 0
    assert all(view.phase is Phase.UNSEEN for view in replay.views)
    assert from_json(to_json(trace)) == trace  # a loaded trace exports again
    try:
        from_spec(trace.source)  # the app rebuilds the tree from the source spec
    except VisualizerError as error:
        assert "\n" not in str(error)


@pytest.mark.parametrize("base", BASES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_trace_file_loads_and_replays_or_is_refused_in_one_line(base, data):
    raw = _mutate(_TEXTS[base], data.draw)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutated.json"
        path.write_bytes(raw)
        _check_loaded_or_refused(path)


def test_the_mutations_hit_both_outcomes():
    """The fuzzer is not vacuous: unchanged files load and replay, and a swap of events is refused."""
    for base in BASES:
        assert len(from_json(_TEXTS[base]).events) > 10
    data = json.loads(_TEXTS["example15-alphabeta"])
    events = data["graph"]["events"]
    for column in ("kind", "node"):  # the exit of H before H is evaluated
        events[column][4], events[column][5] = events[column][5], events[column][4]
    with pytest.raises(VisualizerError):
        from_json(json.dumps(data))


# -- any node names round-trip ------------------------------------------------------------------
PLACEHOLDER_LIKE = [
    "\x00nodes\x00",
    "\x00events\x00",
    "\x00edges\x00",
    "\x00pv\x00",
    "\x00pruned\x00",
    "\x00pruned0\x00",
    "\x00unreached\x00",
    "\x00visit_order\x00",
    "\\u0000nodes\\u0000",
    '"\x00nodes\x00"',
    "\x00",
    "\x00\x00",
    "nodes",
]
NAMES = st.one_of(
    st.sampled_from(PLACEHOLDER_LIKE), st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12)
)


@settings(max_examples=60, deadline=None)
@given(names=st.lists(NAMES, min_size=7, max_size=7, unique=True), algorithm=st.sampled_from(["alphabeta", "minimax"]))
def test_any_names_round_trip(names, algorithm):
    trace = trace_search(from_array([3, 1, 4, 1, 5, 9, 2], names=names), algorithm)
    text = to_json(trace)
    data = json.loads(text)
    assert data["graph"]["source"]["names"] == names
    assert [node["name"] for node in data["nodes"]] == names
    assert from_json(text) == trace
