"""The export command, the committed example traces, and replaying saved traces."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import networkx
import pytest

from visualizer.cli import main
from visualizer.readwrite.schema import validate
from visualizer.readwrite.trace_json import read_json

TRACES = Path(__file__).resolve().parents[2] / "traces"
EXAMPLE_NAMES = [
    "example15-minimax",
    "example15-alphabeta",
    "textbook3x3-alphabeta",
    "nim6-alphabeta",
    "tictactoe-midgame-alphabeta",
]
needs_dot = pytest.mark.skipif(
    shutil.which("dot") is None and not os.environ.get("CI"),
    reason="Graphviz's dot is not installed (CI installs it); apt-get install graphviz to run this",
)


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = exit_.code
    out, err = capsys.readouterr()
    return code, out, err


def test_export_writes_json_and_dot_by_default(capsys, tmp_path):
    code, out, _ = cli(capsys, "export", "--out", str(tmp_path))
    assert code == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == ["example15-alphabeta.dot", "example15-alphabeta.json"]
    data = json.loads((tmp_path / "example15-alphabeta.json").read_text())
    validate(data)
    graph = networkx.node_link_graph(data, edges="edges")
    assert isinstance(graph, networkx.DiGraph) and graph.number_of_nodes() == 15
    trace = read_json(tmp_path / "example15-alphabeta.json")
    assert trace.names(trace.summary.visit_order) == list("ABDHIEJCFLMGN")
    assert str(tmp_path / "example15-alphabeta.json") in out


def test_export_name_depth_and_strict_in_the_slug(capsys, tmp_path):
    cli(capsys, "export", "--out", str(tmp_path), "--nested", "[[3,5],[3,9]]", "--depth", "2", "--strict")
    assert (tmp_path / "nested7-alphabeta-d2-strict.json").exists()
    cli(capsys, "export", "--out", str(tmp_path), "--game", "tictactoe", "--depth", "1")
    assert (tmp_path / "tictactoe-empty-alphabeta-d1.json").exists()
    cli(capsys, "export", "--out", str(tmp_path), "--board", "XO./.../...", "--depth", "1")
    assert (tmp_path / "tictactoe-XO_______-alphabeta-d1.json").exists()
    cli(capsys, "export", "--out", str(tmp_path), "--name", "mine", "--game", "nim", "--pile", "4")
    assert read_json(tmp_path / "mine.json").source["pile"] == 4


def test_export_frames_one_per_step(capsys, tmp_path):
    cli(capsys, "export", "--out", str(tmp_path), "--frames", "-a", "minimax")
    trace = read_json(tmp_path / "example15-minimax.json")
    frames = sorted(tmp_path.glob("example15-minimax-*.dot"))
    assert len(frames) == len(trace.events) == 52  # 15 enters, 8 evaluations, 14 back-ups, 15 exits
    assert frames[0].name == "example15-minimax-0001.dot" and frames[-1].name == "example15-minimax-0052.dot"


def test_export_renders_svg_and_png(capsys, tmp_path):
    code, _, err = cli(capsys, "export", "--out", str(tmp_path), "--format", "svg,png")
    assert code == 0, err
    assert (tmp_path / "example15-alphabeta.svg").read_text().lstrip().startswith("<?xml")
    assert (tmp_path / "example15-alphabeta.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_pictures_need_no_graphviz(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name, *args, **kwargs: None)
    code, _, err = cli(capsys, "export", "--out", str(tmp_path), "--format", "json,svg")
    assert code == 0, err
    assert (tmp_path / "example15-alphabeta.svg").exists() and (tmp_path / "example15-alphabeta.json").exists()


def test_mp4_without_ffmpeg_is_one_line_and_writes_nothing(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name, *args, **kwargs: None)
    code, _, err = cli(capsys, "export", "--out", str(tmp_path), "--format", "json,mp4")
    assert code == 2
    assert err.count("\n") == 1 and "ffmpeg" in err and "--format gif" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv, fragment", [(["--format", "json,jpeg"], "--format"), (["--name", "a/b"], "--name")])
def test_export_bad_options(capsys, tmp_path, argv, fragment):
    code, _, err = cli(capsys, "export", "--out", str(tmp_path), *argv)
    assert code == 2 and fragment in err and err.count("\n") == 1


def test_export_into_a_file_path_fails_cleanly(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("keep me")
    code, _, err = cli(capsys, "export", "--out", str(blocker))
    assert code == 2 and err.count("\n") == 1
    assert blocker.read_text() == "keep me"


def test_committed_examples_are_current(capsys, tmp_path):
    code, _, _ = cli(capsys, "export", "--examples", "--out", str(tmp_path), "--format", "json,dot,svg")
    assert code == 0
    for name in EXAMPLE_NAMES:
        for suffix in (".json", ".dot", ".svg"):
            fresh, committed = tmp_path / (name + suffix), TRACES / (name + suffix)
            assert fresh.read_bytes() == committed.read_bytes(), (
                f"{committed} is out of date: run visualizer export --examples --out traces --format json,dot,svg"
            )


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_replay_matches_a_fresh_search(capsys, name):
    saved = TRACES / f"{name}.json"
    code, replayed, _ = cli(capsys, "run", "--trace", str(saved), "--json")
    assert code == 0
    trace = read_json(saved)
    fresh_argv = {
        "example15-minimax": ["-a", "minimax"],
        "example15-alphabeta": [],
        "textbook3x3-alphabeta": ["--nested", "[[3,12,8],[2,4,6],[14,5,2]]"],
        "nim6-alphabeta": ["--game", "nim", "--pile", "6"],
        "tictactoe-midgame-alphabeta": ["--board", "XOX/.O./..."],
    }[name]
    code, fresh, _ = cli(capsys, "run", *fresh_argv, "--json")
    assert json.loads(replayed) == json.loads(fresh)
    assert json.loads(replayed)["value"] == trace.summary.value


def test_show_trace_prints_table_and_summary(capsys):
    code, out, _ = cli(capsys, "show", "--trace", str(TRACES / "example15-alphabeta.json"))
    assert code == 0
    assert "E     B       J K       MIN     3" in out
    assert "E (MIN): J brings it to 3 <= alpha 6, so K is pruned" in out


@pytest.mark.parametrize(
    "content, fragment",
    [("not json at all", "not"), ('{"directed": true, "graph": {', "truncated"), ('{"hello": "world"}', "not a")],
)
def test_replay_rejects_bad_files(capsys, tmp_path, content, fragment):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = cli(capsys, "run", "--trace", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and fragment in err, err


def test_replay_rejects_unknown_major_version(capsys, tmp_path):
    data = json.loads((TRACES / "example15-alphabeta.json").read_text())
    data["graph"]["version"] = 99
    path = tmp_path / "future.json"
    path.write_text(json.dumps(data))
    code, _, err = cli(capsys, "show", "--trace", str(path))
    assert code == 2 and "99" in err and err.count("\n") == 1


def test_trace_conflicts_with_sources_and_search_options(capsys):
    saved = str(TRACES / "example15-alphabeta.json")
    code, _, err = cli(capsys, "run", "--trace", saved, "--array", "1,2,3")
    assert code == 2 and "conflicting sources" in err
    code, _, err = cli(capsys, "run", "--trace", saved, "--depth", "2")
    assert code == 2 and "--depth" in err
