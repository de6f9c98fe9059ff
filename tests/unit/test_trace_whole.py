"""A trace is checked as a whole when read (issue 34, point 5): the summary, the players, the status column and
the numbers of `traces/example15-alphabeta.json`, each changed by hand, are refused in one line with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli

import visualizer.cli
from visualizer.errors import TraceFileError
from visualizer.readwrite.trace_json import from_json, read_json

TRACES = Path(__file__).resolve().parents[2] / "traces"
EXAMPLE = json.loads((TRACES / "example15-alphabeta.json").read_text(encoding="utf-8"))
"""The 15-node example searched by alpha-beta (root MIN, value 2, best move C, line A C F L, K and O pruned)."""


def _refused(capsys, tmp_path: Path, change, expected: str) -> None:
    """`run --trace` of the example after `change(graph)`: exit 2 and one line holding `expected`."""
    data = json.loads(json.dumps(EXAMPLE))
    change(data["graph"])
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run_cli(capsys, "run", "--trace", str(path))
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("visualizer: error: ")
    assert expected in err


def _set(*keys, value):
    def change(graph):
        record = graph
        for key in keys[:-1]:
            record = record[key]
        record[keys[-1]] = value

    return change


CASES = {
    "summary value": (
        _set("summary", "value", value=999),
        "is not a consistent trace: graph.summary.value is 999, but the events give the root 2",
    ),
    "root's node value": (
        _set("node_columns", "value", value=[5, 6, 2, 6, 3, 2, 1, 6, 7, 3, None, 2, 8, 1, None]),
        "graph.node_columns.value[0] (node 'A') is 5, but its last exit gives 2",
    ),
    "value of a node never visited": (
        _set("node_columns", "value", value=[2, 6, 2, 6, 3, 2, 1, 6, 7, 3, 4, 2, 8, 1, None]),
        "graph.node_columns.value[10] (node 'K') is 4, but it never exits, so it has None",
    ),
    "nodes visited": (
        _set("summary", "nodes_visited", value=7),
        "graph.summary.nodes_visited is 7, but the events enter 13 nodes",
    ),
    "leaves evaluated": (
        _set("summary", "leaves_evaluated", value=7),
        "graph.summary.leaves_evaluated is 7, but the events evaluate 6",
    ),
    "best move": (
        _set("summary", "best_move", value="B"),
        "graph.summary.best_move is 'B', but the move into the best child is 'C'",
    ),
    "best child and line": (
        lambda graph: graph["summary"].update(best_child=1, best_move="B", principal_variation=[0, 1, 3, 7]),
        "graph.summary.best_child is 'B', but the events make the root's best child 'C'",
    ),
    "line below the best child": (
        _set("summary", "principal_variation", value=[0, 2, 6, 13]),
        "graph.summary.principal_variation goes from 'C' to 'G', but the events make its best child 'F'",
    ),
    "line cut short": (
        _set("summary", "principal_variation", value=[0, 2, 5]),
        "graph.summary.principal_variation goes from 'F' to none, but the events make its best child 'L'",
    ),
    "summary's pruned nodes": (_set("summary", "pruned", value=[10]), "graph.summary.pruned leaves out node 'O'"),
    "a cut-off's pruned nodes": (
        lambda graph: graph["summary"]["cutoffs"][0].update(pruned=[]),
        "graph.summary.cutoffs[0].pruned leaves out node 'K'",
    ),
    "status of a pruned node": (
        _set("node_columns", "status", value=[0] * 15),
        "graph.node_columns.status[10] (node 'K') is visited, but the events and cut-offs make it pruned",
    ),
    "unreached nodes": (
        _set("summary", "unreached", value=[10]),
        "graph.summary.unreached lists 1 nodes, but the status column has 0 unreached",
    ),
    "players max, max, max": (
        lambda graph: (
            graph.update(root_player="max", source={**graph["source"], "root": "max"})
            or _set("node_columns", "player", value=[0] * 15)(graph)
        ),
        "graph.node_columns.player[1] (node 'B') is max, but MAX and MIN alternate from the root",
    ),
    "root player": (
        _set("node_columns", "player", value=[0, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]),
        "graph.node_columns.player[0] (the root 'A') is max, but graph.root_player is min",
    ),
    "probability without a chance node": (
        _set("node_columns", "probability", value=[None, 0.5, 0.5] + [None] * 12),
        "graph.node_columns.probability[1] (node 'B') has a probability, but 'A' is not a chance node",
    ),
    "chance node without probabilities": (
        _set("node_columns", "player", value=[1, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2]),
        "node 'N' is a chance node without children",
    ),
    "a 400-digit value": (
        _set("summary", "value", value=int("9" * 400)),
        "field graph.summary.value holds a whole number of 400 digits (trace numbers have at most 18)",
    ),
    "a 19-digit source value": (
        lambda graph: graph["source"]["values"].__setitem__(3, 10**18),
        "field graph.source.values[3] holds a whole number of 19 digits",
    ),
    "a 40-digit event value": (
        lambda graph: graph["events"]["value"].__setitem__(4, -(10**39)),
        "field graph.events.value[4] holds a whole number of 40 digits",
    ),
    "a random order without its seed": (_set("source", "order", value="random"), "graph.source lacks 'order_seed'"),
    "an unknown order": (_set("source", "order", value="sideways"), "field graph.source.order is invalid"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_an_inconsistent_trace_is_refused_in_one_line(capsys, tmp_path, case):
    change, expected = CASES[case]
    _refused(capsys, tmp_path, change, expected)


def test_a_random_order_without_its_seed_is_refused_by_export(capsys, tmp_path):
    data = json.loads(json.dumps(EXAMPLE))
    data["graph"]["source"].update(order="random")
    path = tmp_path / "random.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _out, err = run_cli(capsys, "export", "--trace", str(path), "--format", "dot", "--out", str(tmp_path / "o"))
    assert code == 2 and err.count("\n") == 1 and "graph.source lacks 'order_seed'" in err
    assert not (tmp_path / "o").exists()


def test_a_deeply_nested_field_is_refused_in_one_line():
    text = json.dumps(EXAMPLE).replace('"best_move": "C"', '"best_move": ' + "[" * 3000 + "1" + "]" * 3000)
    with pytest.raises(TraceFileError, match="nests its JSON too deeply to be a trace; export the trace again"):
        from_json(text, name="deep.json")


@pytest.mark.parametrize(
    ("argv", "advice"),
    [
        (["run"], "add --iterative (or limit the look-ahead with --depth N)"),
        (["compare"], "limit the look-ahead with --depth N"),
        (["run", "--trace", str(TRACES / "example15-alphabeta.json")], "give a trace of a smaller search"),
        (["replay", str(TRACES / "example15-alphabeta.json")], "give a trace of a smaller search"),
    ],
)
def test_deep_recursion_advises_only_options_the_command_takes(capsys, monkeypatch, argv, advice):
    def too_deep(args):
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(visualizer.cli, "command_function", lambda command: too_deep)
    code, _out, err = run_cli(capsys, *argv)
    assert code == 2 and err.count("\n") == 1 and advice in err
    assert ("--iterative" in err) == (argv == ["run"])


@pytest.mark.parametrize("path", sorted(TRACES.glob("*.json")), ids=lambda path: path.name)
def test_the_committed_traces_still_load(path):
    trace = read_json(path)
    assert (
        trace.summary.nodes_visited == json.loads(path.read_text(encoding="utf-8"))["graph"]["summary"]["nodes_visited"]
    )
