"""Provides `json_v2_chunks`: a trace as version 2 JSON text, in pieces, straight from its columns.

Version 2 is still networkx node-link data, but its node records hold only `id` and `name` and its
edges only `source` and `target`; every other node field is a column under `graph.node_columns` and
the events are columns under `graph.events` (one array per field, indexed by node id or by step - 1).
Small traces are written indented (a list or object of plain values on one line), big ones without
any space. The text is deterministic: sorted keys, the same bytes for the same search.
"""

from __future__ import annotations

import math
from itertools import compress, repeat
from operator import is_not
from typing import Any, Iterator, Sequence

import msgspec

import visualizer
from visualizer.export.graph import FORMAT, check_names, options_record
from visualizer.export.json_layout import Big, Records, compact_chunks, list_text, materialised, readable_text
from visualizer.export.values import MINUS_INF, PLUS_INF
from visualizer.games.base import Player
from visualizer.tracing.events import EVENT_FIELDS, EVENT_KINDS, SPARSE_FIELDS
from visualizer.tracing.trace import Trace
from visualizer.tracing.lazy_columns import RecordedColumns
from visualizer.tracing.trace_columns import KINDS, NO_CHILD, Nones, TraceColumns
from visualizer.tracing.trace_records import NodeStatus

__all__ = ["json_v2_chunks", "VERSION", "INDENT_LIMIT", "CARRIED_FIELDS", "CODES"]

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


def _values(column: Sequence[Any]) -> Records | None:
    """A column of search values (numbers, None, infinities written "+inf"/"-inf"); None when all are None."""
    if _all_none(column):
        return None

    def text(start: int, end: int) -> str:
        part = column[start:end]
        part = part if isinstance(part, list) else list(part)
        if set(map(type, part)) <= _NO_INFINITY:
            return list_text(part, whole=True)[1:-1]
        if math.inf in part or -math.inf in part:
            part = [PLUS_INF if value == math.inf else MINUS_INF if value == -math.inf else value for value in part]
        return list_text(part)[1:-1]

    return Records(len(column), text)


_NO_INFINITY = {int, type(None)}
"""Value types that cannot be an infinity: a part holding only these is written as it is, by msgspec."""


def _all_none(column: Sequence[Any]) -> bool:
    if isinstance(column, Nones):
        return True
    return not any(map(is_not, column, repeat(None)))  # in C, stopping at the first value


def _plain(column: Sequence[Any], *, whole: bool = False) -> Big:
    """A column written as it is; `whole` when it holds only whole numbers (ids, codes, depths)."""
    return Big(len(column), lambda start, end: list(column[start:end]), whole=whole)


def _coded(column: Sequence[Any], table: tuple[str, ...]) -> Big:
    """A column of enum members as their codes in `table` (looked up by identity, which is C-fast)."""
    codes = {id(member): table.index(member.value) for member in (type(column[0]) if len(column) else ())}
    return Big(len(column), lambda start, end: list(map(codes.__getitem__, map(id, column[start:end]))), whole=True)


def _maybe(column: Sequence[Any]) -> Big | None:
    """A column of plain values, or None when every one is None."""
    return None if _all_none(column) else _plain(column)


def _carried(trace: Trace) -> dict[str, list[Any]]:
    """Each field of `CARRIED_FIELDS`: its values at the events whose kind carries it, in step order.

    Raises:
        ValueError: an event whose kind carries a child has none (a trace made by hand).
    """
    columns = trace.columns
    kinds = columns.event_kind
    fields: dict[str, list[Any]] = {}
    for field in CARRIED_FIELDS:
        carries = kinds.translate(bytes(field in EVENT_KINDS[kind].carries for kind in KINDS) + bytes(256 - len(KINDS)))
        if field == "child":
            fields[field] = list(compress(columns.event_child, carries))
            if NO_CHILD in fields[field]:
                raise ValueError("an event whose kind carries a child has none")
            continue
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
        "cutoffs": [{"node": cut.node, "step": cut.step, "child": cut.child, "skipped": list(cut.skipped),
                     "pruned": list(cut.pruned)} for cut in summary.cutoffs],
        "pruned": list(summary.pruned),
        "unreached": list(summary.unreached),
    }


def _document(trace: Trace) -> dict[str, Any]:
    """One pass as a version 2 document, its big lists as `Big`s (its earlier passes left out)."""
    check_names(trace)
    columns = trace.columns
    names = columns.name
    _check_child_order(columns)
    events = {
        "kind": _plain(columns.event_kind, whole=True), "node": _plain(columns.event_node, whole=True),
        "value": _values(columns.event_value), "alpha": _values(columns.event_alpha),
        "beta": _values(columns.event_beta),
    }
    events.update((field, _plain(values, whole=field == "child")) for field, values in _carried(trace).items())
    node_columns = {
        "depth": _plain(columns.depth, whole=True), "move": _plain(columns.move),
        "player": _coded(columns.player, CODES["player"]), "status": _coded(columns.status, CODES["status"]),
        "board": _maybe(columns.board), "probability": _values(columns.probability) if columns.has_chance else None,
        **{field: _values(getattr(columns, field)) for field in _NODE_VALUES},
    }
    parents = columns.parent
    return {
        "directed": True,
        "multigraph": False,
        "graph": {
            "format": FORMAT, "version": VERSION, "tool_version": visualizer.__version__,
            "source": trace.source, "algorithm": trace.algorithm, "options": options_record(trace),
            "root_player": trace.root_player.value, "description": trace.description,
            "codes": {key: list(table) for key, table in CODES.items()},
            "summary": _summary(trace), "node_columns": node_columns, "events": events,
        },
        "nodes": Records(len(names), lambda start, end: _node_text(range(start, end), names[start:end])),
        "edges": Records(max(len(names) - 1, 0), lambda start, end: _records_text(
            map(_Edge, parents[start + 1 : end + 1], range(start + 1, end + 1)))),
    }


class _Node(msgspec.Struct, gc=False):
    """A node record as msgspec writes it: `{"id":...,"name":...}` (its fields in sorted order)."""

    id: int
    name: str


class _Edge(msgspec.Struct, gc=False):
    """An edge record as msgspec writes it: `{"source":...,"target":...}`."""

    source: int
    target: int


def _records_text(records: Iterator[msgspec.Struct]) -> str:
    """The records' compact JSON, comma-separated, without brackets (the whole list encoded in C)."""
    return msgspec.json.encode(list(records))[1:-1].decode("utf-8")


def _node_text(ids: range, names: Sequence[str]) -> str:
    """The node records of `ids`; a name holding a lone surrogate goes through the standard library,
    the only encoder that passes it (as `json.dumps` always did)."""
    try:
        return _records_text(map(_Node, ids, names))
    except UnicodeEncodeError:
        return list_text([{"id": node, "name": name} for node, name in zip(ids, names)])[1:-1]


def _size(trace: Trace) -> int:
    return max(max(len(one.columns.event_kind), len(one.columns.depth)) for one in trace.passes)


def json_v2_chunks(trace: Trace, *, indent: bool | None = None) -> Iterator[str]:
    """The trace as version 2 JSON text in pieces (joined, one document ending in a newline).

    Args:
        trace: a finished trace (with its earlier passes, if any).
        indent: True for the indented layout, False for no spaces at all; None (the default)
            indents traces of at most `INDENT_LIMIT` events and nodes in every pass.

    Raises:
        InputError: two nodes share a name, or a name is empty (before any piece is made).
        ValueError: a value is NaN.
    """
    documents = [_document(one) for one in trace.passes]  # names checked before any text
    document = documents[-1]
    if documents[:-1]:
        document["graph"]["passes"] = documents[:-1]
    if indent is None:
        indent = _size(trace) <= INDENT_LIMIT
    if indent:
        yield readable_text(materialised(document), 0) + "\n"
        return
    yield from compact_chunks(document)
    yield "\n"
