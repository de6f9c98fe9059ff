"""Provides `json_v2_chunks`: a trace as version 2 JSON text, in pieces, straight from its columns.

Version 2 is still networkx node-link data, but its node records hold only `id` and `name` and its
edges only `source` and `target`; every other node field is a column under `graph.node_columns` and
the events are columns under `graph.events` (one array per field, indexed by node id or by step - 1).
Small traces are written indented (a list or object of plain values on one line), big ones without
any space. The text is deterministic: sorted keys, the same bytes for the same search.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from itertools import compress
from typing import Any

from visualizer.games.base import Player
from visualizer.readwrite.decode import msgspec
from visualizer.readwrite.json_text import (
    MINUS_INF,
    PLUS_INF,
    Records,
    coded_column,
    compact_chunks,
    encoded,
    list_bytes,
    materialised,
    maybe_column,
    plain_column,
    readable_text,
    small_codes_column,
    values_column,
)
from visualizer.tracing.events import EVENT_FIELDS, EVENT_KINDS, SPARSE_FIELDS
from visualizer.tracing.graph import FORMAT, check_names, options_record
from visualizer.tracing.lazy_columns import RecordedColumns
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import KINDS, NO_CHILD, TraceColumns
from visualizer.tracing.trace_records import NodeStatus
from visualizer.version import __version__

__all__ = ["json_v2_bytes", "json_v2_chunks", "VERSION", "INDENT_LIMIT", "CARRIED_FIELDS", "CODES"]

VERSION = 2
"""The major version this module writes."""

INDENT_LIMIT = 5_000
"""A trace whose passes each have at most this many events and nodes is written indented."""

CODES: dict[str, tuple[str, ...]] = {
    "kind": tuple(kind.value for kind in KINDS),
    "player": tuple(player.value for player in (Player.MAX, Player.MIN, Player.CHANCE)),
    "status": tuple(status.value for status in NodeStatus),
}
"""The code tables a file carries in `graph.codes`: a column of codes holds indices into them."""

CARRIED_FIELDS = ("child", "skipped", *SPARSE_FIELDS)
"""The event fields held only for the events whose kind carries them (`EVENT_KINDS`), in step order."""

_NODE_VALUES = ("static_value", "value", "alpha", "beta")


def _carried(trace: Trace) -> dict[str, list[Any]]:
    """Each field of `CARRIED_FIELDS`: its values at the events whose kind carries it, in step order.

    Raises:
        ValueError: an event whose kind carries a child has none (a trace made by hand).
    """
    columns = trace.columns
    kinds = columns.event_kind
    fields: dict[str, list[Any]] = {"child": columns.carried_children()}
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
            fields[field] = [_field_value(field, extra.get(step)) for step in steps]
    return fields


def _field_value(field: str, value: Any) -> Any:
    """A sparse field's value as the file holds it: a node as its id, a bound as its text, moves as a list."""
    if value is None:
        return None
    holds = EVENT_FIELDS[field].holds
    if holds == "bound":
        return value.value
    if holds == "moves":
        return list(value)
    if holds == "value" and isinstance(value, float) and math.isinf(value):
        return PLUS_INF if value > 0 else MINUS_INF
    return value


def _check_child_order(columns: TraceColumns) -> None:
    """Files list each node's children in id order (a recording's always are).

    Raises:
        ValueError: a node's children are out of id order (a trace made by hand).
    """
    if isinstance(columns, RecordedColumns):  # children in discovery order, or an explicit tree's level order
        return
    if any(list(kids) != sorted(kids) for kids in columns.children):
        raise ValueError("a node's children are not in id order, which trace files require")


def _summary(trace: Trace) -> dict[str, Any]:
    summary = trace.summary
    value = summary.value
    if isinstance(value, float) and math.isinf(value):
        value = PLUS_INF if value > 0 else MINUS_INF
    return {
        "value": value,
        "best_child": summary.best_child,
        "best_move": summary.best_move,
        "principal_variation": list(summary.principal_variation),
        "nodes_visited": summary.nodes_visited,
        "leaves_evaluated": summary.leaves_evaluated,
        "cutoffs": [
            {
                "node": cut.node,
                "step": cut.step,
                "child": cut.child,
                "skipped": list(cut.skipped),
                "pruned": list(cut.pruned),
            }
            for cut in summary.cutoffs
        ],
        "pruned": list(summary.pruned),
        "unreached": list(summary.unreached),
    }


def _document(trace: Trace, errors: str) -> dict[str, Any]:
    """One pass as a version 2 document, its big lists as `Big`s (its earlier passes left out);
    `errors` as `compact_chunks`."""
    check_names(trace)
    columns = trace.columns
    names = columns.name
    _check_child_order(columns)
    events = {
        "kind": small_codes_column(columns.event_kind),
        "node": plain_column(columns.event_node, whole=True),
        "value": values_column(columns.event_value, errors),
        "alpha": values_column(columns.event_alpha, errors),
        "beta": values_column(columns.event_beta, errors),
    }
    events.update((field, plain_column(values, whole=field == "child")) for field, values in _carried(trace).items())
    node_columns = {
        "depth": plain_column(columns.depth, whole=True),
        "move": plain_column(columns.move),
        "player": coded_column(columns.player, CODES["player"]),
        "status": coded_column(columns.status, CODES["status"]),
        "board": maybe_column(columns.board),
        "probability": values_column(columns.probability, errors) if columns.has_chance else None,
        **{field: values_column(getattr(columns, field), errors) for field in _NODE_VALUES},
    }
    parents = columns.parent
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
        "nodes": Records(len(names), lambda start, end: _node_text(range(start, end), names[start:end], errors)),
        "edges": Records(
            max(len(names) - 1, 0),
            lambda start, end: _edge_text(parents[start + 1 : end + 1], range(start + 1, end + 1)),
        ),
    }


class _Node(msgspec.Struct, gc=False):
    """A node record as msgspec writes it: `{"id":...,"name":...}` (its fields in sorted order)."""

    id: int
    name: str


class _Edge(msgspec.Struct, gc=False):
    """An edge record as msgspec writes it: `{"source":...,"target":...}`."""

    source: int
    target: int


def _records_text(records: Iterator[msgspec.Struct]) -> bytearray:
    """The records' compact JSON list (the whole list encoded in C)."""
    return encoded(list(records))


def _edge_text(parents: Sequence[int], children: range) -> bytearray:
    """The edge records parent -> child, encoded by msgspec."""
    return _records_text(map(_Edge, parents, children))


def _node_text(ids: range, names: Sequence[str], errors: str = "strict") -> bytearray:
    """The node records of `ids`; a name holding a lone surrogate (or a str subclass) goes through the
    standard library, the only encoder that passes it (as `json.dumps` always did)."""
    try:
        return _records_text(map(_Node, ids, names))
    except (UnicodeEncodeError, TypeError):
        return list_bytes([{"id": node, "name": name} for node, name in zip(ids, names)], errors=errors)


def _size(trace: Trace) -> int:
    return max(max(len(one.columns.event_kind), len(one.columns.depth)) for one in trace.passes)


def json_v2_bytes(trace: Trace, *, indent: bool | None = None, errors: str = "strict") -> Iterator[bytes]:
    """The trace as version 2 JSON in pieces of UTF-8 (joined, one document ending in a newline):
    what a file takes, made as bytes by msgspec and never decoded on the way.

    Args:
        trace: a finished trace (with its earlier passes, if any).
        indent: True for the indented layout, False for no spaces at all; None (the default)
            indents traces of at most `INDENT_LIMIT` events and nodes in every pass.
        errors: "strict" refuses a name holding a lone surrogate (UnicodeEncodeError: UTF-8 cannot
            hold it); "surrogatepass" encodes it anyway, for `json_v2_chunks`, which decodes it back.

    Raises:
        InputError: two nodes share a name, or a name is empty (before any piece is made).
        ValueError: a value is NaN.
    """
    documents = [_document(one, errors) for one in trace.passes]  # names checked before any text
    document = documents[-1]
    if documents[:-1]:
        document["graph"]["passes"] = documents[:-1]
    if indent is None:
        indent = _size(trace) <= INDENT_LIMIT
    if indent:
        yield (readable_text(materialised(document), 0) + "\n").encode("utf-8", errors)
        return
    yield from compact_chunks(document, errors)
    yield b"\n"


def json_v2_chunks(trace: Trace, *, indent: bool | None = None) -> Iterator[str]:
    """`json_v2_bytes` as text: the same pieces decoded (a lone surrogate in a name is kept, as
    `json.dumps` keeps it). See `json_v2_bytes` for the arguments and errors."""
    for chunk in json_v2_bytes(trace, indent=indent, errors="surrogatepass"):
        yield chunk.decode("utf-8", "surrogatepass")
