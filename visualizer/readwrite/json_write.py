"""Provides `json_v2_chunks`: a trace as version 2 JSON text, in pieces, straight from its columns.

Version 2 is networkx node-link data whose node records hold only `id` and `name` and whose edges
only `source` and `target`; every other node field is a column under `graph.node_columns` and the
events are columns under `graph.events` (one array per field, indexed by node id or by step - 1).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator, Sequence
from itertools import compress, repeat
from operator import is_not
from typing import Any

import numpy as np

from visualizer.games.base import Player
from visualizer.readwrite.bulk_text import int_texts, interleave
from visualizer.readwrite.json_text import (
    MINUS_INF,
    PLUS_INF,
    Column,
    codes_text,
    compact_chunks,
    holds_whole_numbers,
    list_text,
    listed,
    readable_text,
    values_text,
    whole_numbers_text,
)
from visualizer.tracing.events import EVENT_FIELDS, EVENT_KINDS, SPARSE_FIELDS
from visualizer.tracing.lazy_columns import RecordedColumns
from visualizer.tracing.trace import FORMAT, Trace, check_names, field_record, options_record, summary_record
from visualizer.tracing.trace_columns import HAS_CHILD, KINDS, NO_CHILD, Nones, TraceColumns, int_array
from visualizer.tracing.trace_records import NodeStatus
from visualizer.version import __version__

__all__ = ["json_v2_bytes", "json_v2_chunks", "VERSION", "INDENT_LIMIT", "CARRIED_FIELDS", "CODES", "NODE_VALUES"]

VERSION, INDENT_LIMIT = 2, 5_000
"""The major version this module writes; traces whose passes each have at most INDENT_LIMIT events and
nodes are written indented."""

CODES: dict[str, tuple[str, ...]] = {
    "kind": tuple(kind.value for kind in KINDS),
    "player": tuple(player.value for player in (Player.MAX, Player.MIN, Player.CHANCE)),
    "status": tuple(status.value for status in NodeStatus),
}
"""The code tables a file carries in `graph.codes`: a column of codes holds indices into them."""

CARRIED_FIELDS = ("child", "skipped", *SPARSE_FIELDS)
"""The event fields held only for the events whose kind carries them (`EVENT_KINDS`), in step order."""

NODE_VALUES = ("static_value", "value", "alpha", "beta")
"""The node columns of search values, written with infinities as "+inf" and "-inf"."""


def _carried(trace: Trace) -> dict[str, Sequence[Any]]:
    """Each field of `CARRIED_FIELDS`: its values at the events whose kind carries it, in step order."""
    columns = trace.columns
    kinds = columns.event_kind
    carries_child = np.frombuffer(kinds.translate(HAS_CHILD), np.bool_)
    fields: dict[str, Sequence[Any]] = {"child": int_array(np.asarray(columns.event_child, np.intc)[carries_child])}
    if NO_CHILD in fields["child"]:
        raise ValueError("an event whose kind carries a child has none")
    for field in CARRIED_FIELDS[1:]:  # after "child"
        carries = kinds.translate(bytes(field in EVENT_KINDS[kind].carries for kind in KINDS) + bytes(256 - len(KINDS)))
        steps = compress(range(1, len(kinds) + 1), carries) if 1 in carries else ()
        if field == "skipped":
            skipped = columns.event_skipped
            fields[field] = [list(skipped.get(step, ())) for step in steps]
        else:
            extra = columns.event_extra.get(field, {})
            fields[field] = [field_record(trace, field, extra.get(step), by_name=False) for step in steps]
    return fields


def _check_child_order(columns: TraceColumns) -> None:
    """Files list each node's children in id order (a recording's always are)."""
    if isinstance(columns, RecordedColumns):  # children in discovery order, or an explicit tree's level order
        return
    if any(list(kids) != sorted(kids) for kids in columns.children):
        raise ValueError("a node's children are not in id order, which trace files require")


def _summary(trace: Trace) -> dict[str, Any]:
    record = summary_record(trace, by_name=False)
    del record["visit_order"]  # the reader works it out from the events
    value = record["value"]
    if isinstance(value, float) and math.isinf(value):  # files hold infinities as "+inf" and "-inf"
        record["value"] = PLUS_INF if value > 0 else MINUS_INF
    return record


def _column(column: Sequence[Any], text: Callable[[list[Any]], str] = list_text) -> Column:
    if text is list_text and holds_whole_numbers(column):  # (the event kinds, nodes and children)
        numbers = column
        return Column(len(numbers), lambda start, end: whole_numbers_text(numbers[start:end]))
    return Column(len(column), lambda start, end: text(listed(column[start:end])))


def _maybe(column: Sequence[Any], text: Callable[[list[Any]], str] = list_text) -> Column | None:
    """`_column`, or None (JSON null) when every value is None."""
    if isinstance(column, Nones) or not any(map(is_not, column, repeat(None))):  # in C, stopping at a value
        return None
    return _column(column, text)


def _codes(column: Sequence[Any], table: tuple[str, ...]) -> Column:
    """A column of enum members as their codes in `table`."""
    members = type(column[0]) if len(column) else ()
    codes = {id(member): str(table.index(member.value)) for member in members}
    return Column(len(column), lambda start, end: codes_text(column[start:end], codes))


_NEEDS_ESCAPE = re.compile(r'[\x00-\x1f"\\]')
"""The characters `json.dumps` escapes in a string (with `ensure_ascii=False`)."""


def _node_records(ids: range, names: Sequence[str], plain: bool) -> str:
    """The node records `{"id":...,"name":...}` of `ids`, joined by commas (`plain`: no name needs escaping)."""
    if not plain and _NEEDS_ESCAPE.search("".join(names)):
        names = [json.dumps(name, ensure_ascii=False)[1:-1] for name in names]
    return interleave(len(ids), ['{"id":', ids, ',"name":"', names, '"}'], ",")


def _edge_records(parents: list[int], children: range) -> str:
    """The edge records `{"source":...,"target":...}` parent -> child, joined by commas."""
    sources = int_texts(parents) or list_text(parents).split(",")
    return interleave(len(children), ['{"source":', sources, ',"target":', children, "}"], ",")


def _document(trace: Trace) -> dict[str, Any]:
    """One pass as a version 2 document, its big lists as `Column`s (its earlier passes left out)."""
    check_names(trace)
    columns = trace.columns
    names, parents = columns.name, columns.parent
    _check_child_order(columns)
    events = {
        "kind": _column(columns.event_kind),
        "node": _column(columns.event_node),
        **{field: _maybe(getattr(columns, f"event_{field}"), values_text) for field in ("value", "alpha", "beta")},
    }
    for field, values in _carried(trace).items():
        events[field] = _column(values, values_text if EVENT_FIELDS[field].holds == "value" else list_text)
    node_columns = {
        "depth": _column(columns.depth),
        "move": _column(columns.move),
        "player": _codes(columns.player, CODES["player"]),
        "status": _codes(columns.status, CODES["status"]),
        "board": _maybe(columns.board),
        "probability": _maybe(columns.probability, values_text) if columns.has_chance else None,
        **{field: _maybe(getattr(columns, field), values_text) for field in NODE_VALUES},
    }
    return {
        "directed": True,
        "multigraph": False,
        "graph": {
            "format": FORMAT,
            "version": VERSION,
            "tool_version": __version__,
            "source": trace.source,
            "algorithm": trace.algorithm,
            "options": options_record(trace),
            "root_player": trace.root_player.value,
            "description": trace.description,
            "codes": {key: list(table) for key, table in CODES.items()},
            "summary": _summary(trace),
            "node_columns": node_columns,
            "events": events,
        },
        "nodes": Column(
            len(names), lambda start, end: _node_records(range(start, end), names[start:end], columns.plain_names)
        ),
        "edges": Column(
            max(len(names) - 1, 0),
            lambda start, end: _edge_records(listed(parents[start + 1 : end + 1]), range(start + 1, end + 1)),
        ),
    }


_SURROGATE = re.compile("[\ud800-\udfff]")
"""A lone surrogate (a name read from "\\ud800"), which UTF-8 cannot hold: written as its JSON escape."""


def _encodable(chunk: str) -> str:
    """`chunk` with each lone surrogate as its JSON escape "\\ud800" (they are only ever inside strings)."""
    if chunk.isascii():  # the usual case, known without a look at the text
        return chunk
    return _SURROGATE.sub(lambda found: f"\\u{ord(found.group()):04x}", chunk)


def json_v2_chunks(trace: Trace, *, indent: bool | None = None) -> Iterator[str]:
    """The trace as version 2 JSON text in pieces: sorted keys, the same bytes for the same search. Any
    text may be written: a lone surrogate in a name is written as its escape ("\\ud800"), so it reads back.

    `indent` True gives the indented layout, False no spaces at all; None indents traces of at most
    `INDENT_LIMIT` events and nodes in every pass.

    Raises:
        InputError: two nodes share a name, or a name is empty (before any piece is made).
        ValueError: a value is NaN.
    """
    documents = [_document(one) for one in trace.passes]  # names checked before any text
    document = documents[-1]
    if documents[:-1]:
        document["graph"]["passes"] = documents[:-1]
    if indent is None:
        indent = max(max(len(one.columns.event_kind), len(one.columns.depth)) for one in trace.passes) <= INDENT_LIMIT
    if indent:
        yield _encodable(readable_text(document)) + "\n"
        return
    yield from map(_encodable, compact_chunks(document))
    yield "\n"


def json_v2_bytes(trace: Trace, *, indent: bool | None = None) -> Iterator[bytes]:
    """`json_v2_chunks` as UTF-8."""
    return (chunk.encode("utf-8") for chunk in json_v2_chunks(trace, indent=indent))
