"""The trace reader refuses every bad file with one line and reads within a limit; what loads replays;
`iterative` is recorded.

The example is the committed 15-node alpha-beta trace (Knuth and Moore's tree): A's children are B and
C, B's are D and E, ..., G's are N and O (ids 0..14 in that order); it cuts off at E (step 21, skipping
K) and at G (step 46, skipping O), and its events begin enter A, enter B, enter D, enter H, evaluate H,
exit H, back_up D (child H).
"""

import json
import os
import stat
from pathlib import Path

import pytest

from visualizer.errors import TraceFileError, VisualizerError
from visualizer.games import builtin_example
from visualizer.readwrite.trace_json import MAX_TRACE_BYTES, from_json, read_json, to_json
from visualizer.search import trace_search
from visualizer.steps.replay import Phase, Replay

TRACES = Path(__file__).parents[2] / "traces"
EXAMPLE = TRACES / "example15-alphabeta.json"
TICTACTOE = TRACES / "tictactoe-midgame-alphabeta.json"
KINDS = [
    "enter",
    "evaluate",
    "back_up",
    "update",
    "cutoff",
    "exit",
    "transposition",
    "research",
    "chance_cutoff",
    "select",
    "expand",
    "simulate",
    "backpropagate",
]
"""The event kinds by code, as the committed files list them in `graph.codes.kind`."""


def example() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def one_line(error: BaseException) -> str:
    message = str(error)
    assert isinstance(error, VisualizerError)
    assert message and "\n" not in message and message == message.strip()
    return message


def refused(data: dict) -> str:
    """The message the reader gives for `data`."""
    with pytest.raises(TraceFileError) as from_text:
        from_json(json.dumps(data), name="t.json")
    return one_line(from_text.value)


def replays(trace) -> None:
    """Steps through the whole trace and back, as `visualizer replay` lets one do."""
    replay = Replay(trace)
    replay.seek(replay.count)
    assert replay.step == len(trace.events) and replay.stack == []
    assert replay.views[0].phase is Phase.DONE
    assert replay.cutoffs == len(trace.summary.cutoffs)
    replay.seek(0)
    assert replay.stack == [] and all(view.phase is Phase.UNSEEN for view in replay.views)


# -- reading files: limits and special files ------------------------------------------------------
def test_the_limit_fits_the_biggest_example_and_is_bounded():
    assert 86_000_000 < MAX_TRACE_BYTES <= 4 * 2**30  # the full tic-tac-toe minimax trace is 86 MB


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_dev_zero_is_refused_unread():
    with pytest.raises(TraceFileError) as caught:
        read_json("/dev/zero")
    assert "/dev/zero is a device" in one_line(caught.value)


def test_a_file_over_the_limit_is_refused_naming_its_size(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 1500)
    with pytest.raises(TraceFileError) as caught:
        read_json(path, max_bytes=1000)
    message = one_line(caught.value)
    assert "big.json is 1,500 bytes, more than the 1,000 bytes a trace file may hold" in message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_unopened(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # opening it to read would wait for a writer forever
    with pytest.raises(TraceFileError) as caught:
        read_json(fifo)
    assert "pipe.json is a FIFO (named pipe), not a trace file" in one_line(caught.value)


def test_a_nul_in_the_path_is_one_line():
    with pytest.raises(TraceFileError) as caught:
        read_json("trace\x00.json")
    assert "a path cannot hold a NUL character" in one_line(caught.value)


def test_a_missing_file_a_folder_and_bad_utf8_are_one_line_each(tmp_path):
    messages = []
    for path in (tmp_path / "missing.json", tmp_path):
        with pytest.raises(TraceFileError) as caught:
            read_json(path)
        messages.append(one_line(caught.value))
    assert "no such file" in messages[0] and "is a folder" in messages[1]
    path = tmp_path / "latin1.json"
    path.write_bytes('{"name": "h\xe9"}'.encode("latin-1"))
    with pytest.raises(TraceFileError) as caught:
        read_json(path)
    assert "is not UTF-8" in one_line(caught.value)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_is_one_line(tmp_path):
    path = tmp_path / "secret.json"
    path.write_bytes(EXAMPLE.read_bytes())
    path.chmod(0)
    try:
        with pytest.raises(TraceFileError) as caught:
            read_json(path)
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)
    assert "Permission denied" in one_line(caught.value)


# -- numbers Python cannot hold --------------------------------------------------------------------
@pytest.mark.parametrize("field", ['"leaves_evaluated": ', '"static_value": ['])
def test_a_number_with_5000_digits_is_refused(field):
    text = EXAMPLE.read_text(encoding="utf-8")
    assert field in text
    text = text.replace(field, field + "9" * 5000 + ", ", 1)
    with pytest.raises(TraceFileError) as caught:
        from_json(text)
    assert "holds a number with more than 4,300 digits" in one_line(caught.value)


def test_a_float_beyond_range_is_refused_not_read_as_infinity():
    text = EXAMPLE.read_text(encoding="utf-8").replace('"static_value": [', '"static_value": [1e999, ', 1)
    with pytest.raises(TraceFileError) as caught:
        from_json(text)
    assert "1e999, too large for a float" in one_line(caught.value)


def test_a_huge_id_is_refused():
    data = example()
    data["edges"][0]["target"] = 10**30
    assert "edges" in refused(data)


# -- events and summary that do not hang together --------------------------------------------------
def test_a_cutoff_step_far_past_the_events_is_refused():
    data = example()
    data["graph"]["summary"]["cutoffs"][0]["step"] = 10**9
    assert "graph.summary.cutoffs[0]" in refused(data)


def test_no_events_while_cutoffs_are_listed_is_refused():
    data = example()
    data["graph"]["events"] = {field: [] for field in data["graph"]["events"]}
    assert "the events stop before the search is over" in refused(data)


def test_events_reordered_are_refused():
    data = example()
    events = data["graph"]["events"]
    for field in ("kind", "node", "value", "alpha", "beta", "child", "skipped"):
        events[field].reverse()
    assert "graph.events[0] (exit at node 'A') comes when no node is open" in refused(data)


def test_an_exit_of_a_node_that_is_not_open_is_refused():
    data = example()
    events = data["graph"]["events"]
    assert KINDS[events["kind"][5]] == "exit" and events["node"][5] == 7  # H
    events["node"][5] = 8  # I is at H's depth, so only the nesting is wrong
    assert "graph.events[5] (exit at node 'I') is not at the innermost open node" in refused(data)


def test_a_back_up_of_a_child_that_did_not_just_exit_is_refused():
    data = example()
    events = data["graph"]["events"]
    assert KINDS[events["kind"][6]] == "back_up" and events["child"][0] == 7  # back_up D takes H
    events["child"][0] = 8  # I, which did not exit at step 6
    assert "graph.events[6] (back_up at node 'D') does not take the child that exited just before" in refused(data)


def test_a_node_entered_under_the_wrong_parent_is_refused():
    data = example()
    data["graph"]["events"]["node"][3] = 9  # step 4 enters H under D; J is E's child, at H's depth
    assert "graph.events[3] (enter at node 'J') enters it outside its parent" in refused(data)


def test_a_cutoff_that_prunes_a_visited_node_is_refused():
    data = example()
    data["graph"]["summary"]["cutoffs"][0]["pruned"] = [9, 10]  # J was visited before the cut at E
    assert "graph.summary.cutoffs[0] does not match the cut-off event at step 21" in refused(data)


def test_a_node_two_levels_below_its_parent_is_refused():
    data = example()
    assert data["nodes"][7]["name"] == "H" and data["edges"][6] == {"source": 3, "target": 7}
    data["edges"][6]["source"] = 1  # depth 3 under B, at depth 1
    assert "node 'H' has depth 3 under a parent at depth 1" in refused(data)


# -- header fields the app and `replay` rely on ----------------------------------------------------
def test_a_board_that_is_not_text_is_refused():
    data = json.loads(TICTACTOE.read_text(encoding="utf-8"))
    data["graph"]["source"]["board"] = 5
    assert "field graph.source.board is invalid" in refused(data)


@pytest.mark.parametrize(("key", "value"), [("root", 5), ("values", [1, "a"]), ("branching", "2"), ("names", 3)])
def test_source_fields_of_the_wrong_type_are_refused(key, value):
    data = example()
    data["graph"]["source"][key] = value
    assert f"field graph.source.{key}" in refused(data)


def test_a_root_player_that_is_not_max_or_min_is_refused():
    data = example()
    data["graph"]["root_player"] = 5
    assert "field graph.root_player is invalid" in refused(data)


def test_an_iterative_option_that_is_not_a_boolean_is_refused():
    data = example()
    data["graph"]["options"]["iterative"] = "no"
    assert "field graph.options.iterative is invalid" in refused(data)


# -- what loads, replays ------------------------------------------------------------------------------
def test_harmless_changes_load_and_replay():
    data = example()
    data["graph"]["comment"] = "added by hand"  # readers ignore fields they do not know
    data["graph"]["node_columns"]["static_value"][14] = 2.5  # O, pruned: its value is free
    trace = from_json(json.dumps(data))
    assert trace.node("O").static_value == 2.5
    replays(trace)


@pytest.mark.parametrize("path", sorted(TRACES.glob("*.json")), ids=lambda path: path.stem)
def test_every_committed_trace_replays_to_its_end(path):
    replays(read_json(path))


# -- the iterative option --------------------------------------------------------------------------
def test_an_iterative_search_is_recorded_in_the_trace_and_the_file():
    trace = trace_search(builtin_example(), "alphabeta", iterative=True)
    assert trace.iterative is True and trace_search(builtin_example(), "alphabeta").iterative is False
    text = to_json(trace)
    assert json.loads(text)["graph"]["options"] == {"depth_limit": None, "iterative": True, "strict": False}
    assert trace.to_networkx().graph["options"] == {"depth_limit": None, "iterative": True, "strict": False}
    loaded = from_json(text)
    assert loaded.iterative is True and loaded == trace


def test_the_iterative_option_is_part_of_trace_equality():
    recursive = trace_search(builtin_example(), "minimax")
    iterative = trace_search(builtin_example(), "minimax", iterative=True)
    assert recursive != iterative
    assert recursive.events == iterative.events and recursive.summary == iterative.summary


def test_a_kind_table_that_lists_kinds_again_past_256_entries_still_reads():
    data = example()
    data["graph"]["codes"]["kind"] = KINDS + ["enter"] * 300  # the events use only the first codes
    trace = from_json(json.dumps(data), name="t.json")
    assert trace.summary.value == from_json(EXAMPLE.read_text(encoding="utf-8")).summary.value
    assert len(trace.events) == len(from_json(EXAMPLE.read_text(encoding="utf-8")).events)
