"""Provides `trace_from_data`: parsed trace JSON straight to a column trace, for big files.

The reference reader checks the whole file against the JSON Schema with jsonschema, loads it into a
networkx graph and rebuilds the trace record by record (`from_networkx`): for the full tic-tac-toe
minimax trace (1.9 million events) that took minutes, 92 % of it in jsonschema. This reader checks
the same rules a column at a time (the types in a column as one set, enums as set inclusion, names
through one dict) and fills `TraceColumns` without a graph.

It only reads files of one plain pass over a two-player tree: a file with earlier passes
(`graph.passes`), event or edge fields beyond the first version's (a table hit's ref and bound, an
edge's probability, or any field it does not know) or chance nodes is left to the reference reader,
which reads them all. Anything unusual (a rule broken, references that do not add
up, edges not in the order the writer puts them, a number too big for a machine int) makes it give
up, and the caller falls back to the reference reader, which then names the problem exactly as
before. So a valid file gives the same trace either way (tested), and an invalid one the same
message. Both readers end with the same `check_trace`, so a trace whose records are well formed but
whose events do not hang together is refused with the same line by either.
"""

from __future__ import annotations

import math
from array import array
from itertools import chain
from operator import itemgetter
from typing import Any, Iterable, Sequence

from visualizer.export.rebuild import trace_header
from visualizer.export.trace_check import check_trace
from visualizer.export.schema import validate
from visualizer.games.base import Player
from visualizer.tracing.trace_columns import KIND_CODES, NO_CHILD, ChildIndex, TraceColumns
from visualizer.tracing.events import EventKind
from visualizer.tracing.trace_records import Cutoff, NodeStatus, Summary
from visualizer.tracing.trace import Trace

__all__ = ["trace_from_data", "SAMPLE"]

SAMPLE = 200
"""Records of each big list that still go through jsonschema (the rest are checked by column)."""

_NUMBER_TYPES = {int, float}
_VALUE_TYPES = {int, float, str, type(None)}
_INFINITIES = {"+inf": math.inf, "-inf": -math.inf}
_PLAYERS = {player.value: player for player in (Player.MAX, Player.MIN)}
"""The players this reader reads (files with chance nodes go to the reference reader)."""
_STATUSES = {status.value: status for status in NodeStatus}
_KINDS = {kind.value: KIND_CODES[kind] for kind in EventKind}
_NODE_KEYS = ("id", "name", "parent", "player", "static_value", "value", "alpha", "beta", "visit", "status",
              "board", "move", "depth")
_EVENT_KEYS = ("step", "kind", "node", "depth", "alpha", "beta", "value", "child", "skipped")
_EDGE_KEYS = ("source", "target", "order", "cutoff")
_NAME_LISTS = ("principal_variation", "visit_order", "pruned", "unreached")


class _Unsure(Exception):
    """The file is not plainly valid: leave it to the reference reader."""


def _require(condition: bool) -> None:
    if not condition:
        raise _Unsure


def _columns(records: list[Any], keys: Sequence[str]) -> dict[str, list[Any]]:
    """Each key's values over all records (all dicts holding every key)."""
    _require(type(records) is list and set(map(type, records)) <= {dict})
    try:
        return {key: list(map(itemgetter(key), records)) for key in keys}
    except KeyError:
        raise _Unsure from None


def _types(column: Iterable[Any]) -> set[type]:
    return set(map(type, column))


def _check_ints(column: list[Any], minimum: int, *, optional: bool = False) -> None:
    allowed = {int, type(None)} if optional else {int}
    _require(_types(column) <= allowed)
    numbers = [value for value in column if value is not None] if optional else column
    _require(not numbers or min(numbers) >= minimum)


def _check_names(column: list[Any], *, optional: bool = False) -> None:
    _require(_types(column) <= ({str, type(None)} if optional else {str}) and "" not in set(column))


def _check_values(column: list[Any], *, optional: bool = True) -> None:
    types = _types(column)
    _require(types <= (_VALUE_TYPES if optional else _VALUE_TYPES - {type(None)}))
    if str in types:
        _require({value for value in set(column) if type(value) is str} <= _INFINITIES.keys())


def _check_enum(column: list[Any], allowed: Iterable[str]) -> None:
    _require(_types(column) <= {str} and set(column) <= set(allowed))


def _decode(column: list[Any]) -> list[Any]:
    """"+inf"/"-inf" back to float infinities (every other value stays)."""
    return list(map(_INFINITIES.get, column, column)) if str in _types(column) else column


def _no_more_keys(records: list[Any], keys: Sequence[str]) -> None:
    """Gives up when a record (all dicts, each holding every one of `keys`) holds any other key, such as
    a table hit's ref or an edge's probability: one C-level pass over the records' sizes."""
    _require(set(map(len, records)) <= {len(keys)})


def _sampled(data: dict[str, Any]) -> dict[str, Any]:
    """The file with its big lists cut to `SAMPLE` records, for jsonschema."""
    graph, summary = data["graph"], data["graph"]["summary"]
    _require(type(graph) is dict and type(summary) is dict)
    lists = [data.get("nodes"), data.get("edges"), graph.get("events"), *map(summary.get, _NAME_LISTS)]
    _require(all(type(items) is list for items in lists))
    return {
        **data,
        "nodes": data["nodes"][:SAMPLE],
        "edges": data["edges"][:SAMPLE],
        "graph": {
            **graph,
            "events": graph["events"][:SAMPLE],
            "summary": {**summary, **{key: summary[key][:SAMPLE] for key in _NAME_LISTS}},
        },
    }


def trace_from_data(data: Any, *, name: str) -> Trace | None:
    """The trace in parsed JSON `data` (format already checked), or None when the file is not
    plainly valid and the reference reader must judge it.

    Raises:
        TraceFileError: the records are well formed but do not hang together (see `check_trace`).
    """
    try:
        trace = _read(data, name)
    except (_Unsure, OverflowError):  # OverflowError: an id or order too big for the int arrays
        return None
    check_trace(trace, name=name)
    return trace


def _read(data: Any, name: str) -> Trace:
    _require("passes" not in data["graph"])  # before jsonschema, which would read every pass whole
    try:
        validate(_sampled(data), name=name)
    except Exception:  # noqa: BLE001 (any failure: the reference reader will say what it is)
        raise _Unsure from None
    graph, summary = data["graph"], data["graph"]["summary"]
    node = _columns(data["nodes"], _NODE_KEYS)
    event = _columns(graph["events"], _EVENT_KEYS)
    edge = _columns(data["edges"], _EDGE_KEYS)
    _no_more_keys(graph["events"], _EVENT_KEYS)
    _no_more_keys(data["edges"], _EDGE_KEYS)

    count = len(data["nodes"])
    _require(node["id"] == list(range(count)))
    _check_names(node["name"])
    names = node["name"]
    ids = {name: index for index, name in enumerate(names)}
    _require(len(ids) == count)
    _check_names(node["parent"], optional=True)
    parents = list(map(ids.get, node["parent"]))
    _require(parents[0] is None and node["parent"][0] is None and None not in parents[1:])
    _check_enum(node["player"], _PLAYERS)
    _check_enum(node["status"], _STATUSES)
    for key in ("static_value", "value", "alpha", "beta"):
        _check_values(node[key])
    _check_ints(node["visit"], 1, optional=True)
    _require(_types(node["board"]) <= {str, type(None)})
    _check_ints(node["depth"], 0)

    for key in ("source", "target", "order"):
        _check_ints(edge[key], 0)
    _require(_types(edge["cutoff"]) <= {bool})
    children = ChildIndex(parents)  # each node's children in id order: the writer's edge order
    sources, orders, targets = children.edges()
    _require(array("i", edge["source"]) == sources and array("i", edge["target"]) == targets
             and array("i", edge["order"]) == orders)

    event_count = len(graph["events"])
    _require(event["step"] == list(range(1, event_count + 1)))
    _check_enum(event["kind"], _KINDS)
    _check_names(event["node"])
    _check_names(event["child"], optional=True)
    for key in ("alpha", "beta", "value"):
        _check_values(event[key])
    try:
        event_node = array("i", map(ids.__getitem__, event["node"]))
        event_child = array("i", map({**ids, None: NO_CHILD}.__getitem__, event["child"]))
    except KeyError:
        raise _Unsure from None
    _require(event["depth"] == list(map(node["depth"].__getitem__, event_node)))
    _require(_types(event["skipped"]) <= {list})
    _check_names(list(chain.from_iterable(event["skipped"])))
    try:
        skipped = {step: tuple(map(ids.__getitem__, kids)) for step, kids in enumerate(event["skipped"], 1) if kids}
    except KeyError:
        raise _Unsure from None

    for key in _NAME_LISTS:
        _check_names(summary[key])
    try:
        lookup = ids.__getitem__
        cutoffs = tuple(
            Cutoff(lookup(cut["node"]), cut["step"], lookup(cut["child"]), tuple(map(lookup, cut["skipped"])),
                   tuple(map(lookup, cut["pruned"])))
            for cut in summary["cutoffs"]
        )
        best_child = None if summary["best_child"] is None else lookup(summary["best_child"])
        outcome = Summary(
            value=_INFINITIES.get(summary["value"], summary["value"]),
            best_child=best_child,
            best_move=summary["best_move"],
            principal_variation=tuple(map(lookup, summary["principal_variation"])),
            visit_order=tuple(map(lookup, summary["visit_order"])),
            leaves_evaluated=summary["leaves_evaluated"],
            cutoffs=cutoffs,
            pruned=tuple(map(lookup, summary["pruned"])),
            unreached=tuple(map(lookup, summary["unreached"])),
        )
    except (KeyError, TypeError):
        raise _Unsure from None

    columns = TraceColumns(
        name=names, parent=parents, children=children, move=node["move"], depth=node["depth"],
        player=list(map(_PLAYERS.__getitem__, node["player"])),
        static_value=_decode(node["static_value"]), value=_decode(node["value"]),
        alpha=_decode(node["alpha"]), beta=_decode(node["beta"]), visit=node["visit"],
        status=list(map(_STATUSES.__getitem__, node["status"])), board=node["board"],
        event_kind=bytearray(map(_KINDS.__getitem__, event["kind"])), event_node=event_node,
        event_value=_decode(event["value"]), event_alpha=_decode(event["alpha"]),
        event_beta=_decode(event["beta"]), event_child=event_child, event_skipped=skipped,
    )
    return Trace(**trace_header(graph), summary=outcome, columns=columns)
