"""Tests that a trace's node names may hold any Unicode (issue 34, points 1 and 6): a lone surrogate
("\\ud800" in the file) and a name that would clear the screen ("B\\x1b[2J\\x1b[31mX") go through `run`,
`show`, `replay` without a terminal and `export` (json, dot, svg) with exit 0, shown as escapes, and a
JSON trace written again keeps the surrogate as the JSON escape, so it reads back the same.

The trace is traces/example15-alphabeta.json with node 1 (B) renamed; the expected lines are written by hand
from `visualizer run --trace traces/example15-alphabeta.json`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli

from visualizer.cli import commands
from visualizer.errors import one_line
from visualizer.grading.report import escaped as report_escaped
from visualizer.readwrite.trace_json import read_json, to_json
from visualizer.shown_text import escaped, escaped_lines

EXAMPLE = Path(__file__).parents[2] / "traces" / "example15-alphabeta.json"

SURROGATE, CONTROL = "\\ud800", "B\\u001b[2J\\u001b[31mX"
"""Node 1's name as the JSON file spells it."""

SHOWN = {SURROGATE: "\\ud800", CONTROL: "B\\x1b[2J\\x1b[31mX"}
"""The same name as the tool shows it."""


def trace_file(folder: Path, spelled: str) -> Path:
    """The example's trace with node 1 ("B") named `spelled` (JSON text)."""
    text = EXAMPLE.read_text(encoding="utf-8")
    assert text.count('{"id": 1, "name": "B"}') == 1
    path = folder / "odd.json"
    path.write_text(text.replace('{"id": 1, "name": "B"}', f'{{"id": 1, "name": "{spelled}"}}'), encoding="utf-8")
    return path


def test_escaped_writes_every_control_character_and_surrogate_as_its_escape():
    assert escaped("B\x1b[2J\x1b[31mX") == "B\\x1b[2J\\x1b[31mX"
    assert escaped("\ud800") == "\\ud800"
    assert escaped("a\nb\rc\td\x85e\u2028f\u202eg\x7f") == "a\\nb\\rc\\td\\x85e\\u2028f\\u202eg\\x7f"
    assert escaped("Ünïcode ✓ [b]") == "Ünïcode ✓ [b]"  # printable text stays as it is
    assert escaped(escaped("\x1b\ud800")) == "\\x1b\\ud800"  # escaping twice changes nothing
    assert escaped_lines("X.O\n\x1b.X") == "X.O\n\\x1b.X"  # the line breaks kept


def test_one_escape_for_reports_and_errors():
    assert report_escaped is escaped
    assert one_line("no node named 'B\x1b[2J'\nat \ud800") == "no node named 'B\\x1b[2J'\\nat \\ud800"


@pytest.mark.parametrize("spelled", [SURROGATE, CONTROL])
def test_run_and_show_print_the_name_escaped(capsys, tmp_path, spelled):
    path = trace_file(tmp_path, spelled)
    name = SHOWN[spelled]
    code, out, err = run_cli(capsys, "run", "--trace", str(path))
    assert (code, err) == (0, "")
    assert f"visit order:         A {name} D H I E J C F L M G N\n" in out
    assert "\x1b" not in out
    code, out, err = run_cli(capsys, "show", "--trace", str(path))
    assert (code, err) == (0, "")
    assert f"\nD{' ' * (len(name) + 1)}{name}  H I " in out  # D's parent, in a column as wide as the name
    assert "\x1b" not in out


def test_show_aligns_the_table_on_the_escaped_name(capsys, tmp_path):
    code, out, _ = run_cli(capsys, "show", "--trace", str(trace_file(tmp_path, CONTROL)))
    lines = out.splitlines()
    assert lines[1] == "name               parent             children             player  value  status"
    assert lines[3] == "B\\x1b[2J\\x1b[31mX  A                  D E                  MAX     3      visited"


@pytest.mark.parametrize("spelled", [SURROGATE, CONTROL])
def test_replay_without_a_terminal_prints_the_name_escaped(capsys, tmp_path, monkeypatch, spelled):
    monkeypatch.setattr(commands, "has_terminal", lambda: False)
    code, out, err = run_cli(capsys, "replay", str(trace_file(tmp_path, spelled)))
    assert code == 0 and "no terminal for the app" in err
    assert f"visit order:         A {SHOWN[spelled]} D H I" in out


@pytest.mark.parametrize("spelled", [SURROGATE, CONTROL])
def test_export_writes_json_dot_and_svg(capsys, tmp_path, spelled):
    path, out_dir = trace_file(tmp_path, spelled), tmp_path / "out"
    code, _, err = run_cli(capsys, "export", "--trace", str(path), "--out", str(out_dir), "--format", "json,dot,svg")
    assert (code, err) == (0, "")
    name = SHOWN[spelled]
    dot = (out_dir / "example15-alphabeta.dot").read_text(encoding="utf-8")
    doubled = name.replace("\\", "\\\\")  # a DOT string writes a backslash twice
    assert f'n1 [shape=box, tooltip="{doubled}", label="{doubled}\\n#2  v=6\\n[6, +inf]"];' in dot
    svg = (out_dir / "example15-alphabeta.svg").read_text(encoding="utf-8")
    assert f">{name}</text>" in svg and "\x1b" not in svg and "\ufffd" not in svg
    written = (out_dir / "example15-alphabeta.json").read_text(encoding="utf-8")
    assert f'{{"id": 1, "name": "{spelled}"}}' in written  # the name as the file spelled it
    assert read_json(out_dir / "example15-alphabeta.json").nodes[1].name == json.loads(f'"{spelled}"')


def test_a_surrogate_name_round_trips_through_json(tmp_path):
    trace = read_json(trace_file(tmp_path, SURROGATE))
    assert trace.nodes[1].name == "\ud800"
    text = to_json(trace)
    assert '{"id": 1, "name": "\\ud800"}' in text and "\ud800" not in text
    again = tmp_path / "again.json"
    again.write_text(text, encoding="utf-8")
    assert read_json(again).nodes[1].name == "\ud800"
