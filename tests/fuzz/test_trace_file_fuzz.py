"""Fuzzes trace files (issue 34, point 7): a small trace with a changed column or summary field, in another
encoding or compressed, read by `visualizer run --trace` in-process, gives exit 0, or one line and exit 2,
never a traceback."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from cli_helpers import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from visualizer.games.base import format_value

TRACE = json.loads((Path(__file__).resolve().parents[2] / "traces" / "example15-alphabeta.json").read_text("utf-8"))
"""The 15-node example searched by alpha-beta: 15 nodes, 52 events."""

FIELDS = [
    *(("node_columns", key) for key in TRACE["graph"]["node_columns"]),
    *(("events", key) for key in TRACE["graph"]["events"]),
    *(("summary", key) for key in TRACE["graph"]["summary"]),
    ("source", "order"),
    ("source", "order_seed"),
    ("source", "values"),
    ("root_player",),
]
"""Where a change goes: each column, each summary field, and a few header fields."""

ODD_NUMBERS = st.sampled_from([0, 1, 2, -1, 14, 15, 999, 10**18, -(10**18), int("9" * 400), 0.5, 1e308, True])
ITEMS = st.one_of(ODD_NUMBERS, st.none(), st.sampled_from(["+inf", "-inf", "max", "C", "", "\ud800", "\x1b[2J"]))
VALUES = st.one_of(
    ODD_NUMBERS, ODD_NUMBERS, ITEMS, st.lists(ITEMS, max_size=4), st.lists(st.lists(ITEMS, max_size=2), max_size=2)
)
SUMMARY_FIELDS = [field for field in FIELDS if field[0] == "summary"]


@st.composite
def changed_traces(draw) -> dict:
    """The trace with one to three fields replaced: a whole column or field, or one item of a column."""
    data = json.loads(json.dumps(TRACE))
    for _ in range(draw(st.integers(1, 3))):
        *path, key = draw(st.sampled_from(FIELDS) | st.sampled_from(SUMMARY_FIELDS))  # the summary half the time
        record = data["graph"]
        for part in path:
            record = record.setdefault(part, {})
        column = record.get(key)
        if isinstance(column, list) and column and draw(st.booleans()):
            column[draw(st.integers(0, len(column) - 1))] = draw(VALUES)
        else:
            record[key] = draw(VALUES)
    return data


def _encoded(text: str, how: str) -> bytes:
    raw = text.encode("utf-8", "surrogatepass")
    return {
        "utf-8": raw,
        "bom": b"\xef\xbb\xbf" + raw,
        "utf-16": text.encode("utf-16", "surrogatepass"),
        "gzip": gzip.compress(raw, mtime=0),
        "truncated gzip": gzip.compress(raw, mtime=0)[: len(raw) // 20],
    }[how]


ENCODINGS = ["utf-8", "utf-8", "utf-8", "bom", "utf-16", "gzip", "truncated gzip"]
"""How the file is written (mostly as the writer does)."""


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=changed_traces(), how=st.sampled_from(ENCODINGS))
def test_a_changed_trace_file_loads_or_is_refused_in_one_line(capsys, tmp_path, data, how):
    path = tmp_path / "fuzzed.json"
    path.write_bytes(_encoded(json.dumps(data, ensure_ascii=False), how))
    code, out, err = run_cli(capsys, "run", "--trace", str(path))
    assert code in (0, 2), err
    assert "Traceback" not in err
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("visualizer: error: "), err
    else:  # what loads agrees with its events: the last one is the root's exit, with the root's value
        root_value = data["graph"]["events"]["value"][-1]
        shown = format_value({"+inf": float("inf"), "-inf": -float("inf")}.get(root_value, root_value))
        assert f"value:               {shown}\n" in out


def test_the_unchanged_trace_loads_in_every_encoding_but_utf16_and_truncated_gzip(capsys, tmp_path):
    path = tmp_path / "plain.json"
    for how, expected in [("utf-8", 0), ("bom", None), ("gzip", 0), ("utf-16", 2), ("truncated gzip", 2)]:
        path.write_bytes(_encoded(json.dumps(TRACE), how))
        code, out, err = run_cli(capsys, "run", "--trace", str(path))
        if expected is not None:
            assert code == expected, (how, err)
        assert code == 2 or "value:               2\n" in out
        assert code == 0 or err.count("\n") == 1
