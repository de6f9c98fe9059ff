"""Provides `trace_from_v2`: parsed version 2 trace JSON straight to a column trace.

jsonschema checks a copy whose big lists are cut to `SAMPLE` items; the columns are checked here a
whole column at a time, and the trace then goes through `check_trace` like every trace made here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import chain
from operator import attrgetter, itemgetter
from typing import Annotated, Any

import numpy as np

from visualizer.errors import TraceFileError
from visualizer.games.base import MAX_DIGITS, Player
from visualizer.readwrite.check import OPENS, check_trace
from visualizer.readwrite.decode import msgspec
from visualizer.readwrite.json_write import CARRIED_FIELDS, NODE_VALUES
from visualizer.readwrite.schema import format_error, inconsistent, validate
from visualizer.tracing.events import EVENT_FIELDS, EVENT_KINDS, Bound, EventKind
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import HAS_CHILD, KIND_CODES, NO_CHILD, ChildIndex, Nones, TraceColumns, int_array
from visualizer.tracing.trace_records import Cutoff, NodeStatus, Summary

__all__ = ["trace_from_v2", "MAX_DIGITS", "SAMPLE"]

SAMPLE = 200
"""Items of each big list that go through jsonschema (the rest are checked a column at a time)."""


_LIMIT = 10**MAX_DIGITS
_Whole = Annotated[int, msgspec.Meta(ge=1 - _LIMIT, le=_LIMIT - 1)]
_PLAIN = _Whole | float | str | bool | None
"""The items of a list that holds no long number and nothing nested (checked in C)."""

_INFINITIES = {"+inf": math.inf, "-inf": -math.inf}
_VALUE_TYPES = {int, float, str, type(None)}
_ENUMS = {"kind": EventKind, "player": Player, "status": NodeStatus}


def _holds(column: Sequence[Any], kind: Any) -> bool:
    """True when every item of `column` is a `kind`: msgspec checks them in C (a bool is not an int)."""
    try:
        msgspec.convert(column, list[kind])
    except msgspec.ValidationError:
        return False
    return True


class _Reader:
    """Reads one pass's document; `fail` makes the one-line message about a field."""

    def __init__(self, data: dict[str, Any], name: str):
        self.data, self.name = data, name
        self.graph = data["graph"]

    def fail(self, where: str, problem: str) -> TraceFileError:
        return format_error(self.name, f"field {where} {problem}")

    def length(self, column: Any, count: int, where: str) -> None:
        if len(column) != count:
            raise self.fail(where, f"has {len(column):,} items, not {count:,}")

    def ids(
        self, column: Sequence[Any], count: int, where: str, *, optional: bool = False, dtype: type = np.intc
    ) -> np.ndarray:
        """A list of node ids (or codes) in 0..count - 1, checked (nulls allowed when `optional`); the ids
        as a numpy array of `dtype`."""
        if not _holds(column, int | None if optional else int):
            raise self.fail(where, "must hold whole numbers" + (" or null" if optional else ""))
        given = [item for item in column if item is not None] if optional else column
        try:
            ids = np.frombuffer(bytearray(given), dtype) if dtype is np.uint8 else np.fromiter(given, dtype, len(given))
        except (OverflowError, ValueError):  # beyond the dtype's range, so beyond the ids' too
            ids = None
        if ids is None or len(ids) and not 0 <= ids.min() <= ids.max() < count:
            raise self.fail(where, f"must hold numbers from 0 to {count - 1}")
        return ids

    def values(self, column: Any, count: int, where: str) -> Sequence[Any]:
        """A column of values (numbers, "+inf"/"-inf", nulls) with infinities decoded; null for all nulls."""
        if column is None:
            return Nones(count)
        self.length(column, count, where)
        if _holds(column, _Whole | float | None):  # no infinities, no long numbers
            return column
        if not set(map(type, column)) <= _VALUE_TYPES:
            raise self.fail(where, 'must hold numbers, "+inf", "-inf" or null')
        self.short(column, where)
        if not {item for item in column if type(item) is str} <= _INFINITIES.keys():
            raise self.fail(where, 'holds a string that is not "+inf" or "-inf"')
        return list(map(_INFINITIES.get, column, column))

    def short(self, item: Any, where: str) -> None:
        """Refuses a whole number of more than `MAX_DIGITS` digits anywhere in `item` (lists, objects and
        numbers; a walk with a stack, so deep nesting is no problem)."""
        stack = [(item, where)]
        while stack:
            item, where = stack.pop()
            if type(item) is int and not -_LIMIT < item < _LIMIT:
                digits = len(str(abs(item)))
                problem = f"holds a whole number of {digits:,} digits (trace numbers have at most {MAX_DIGITS})"
                raise self.fail(where, problem)
            if type(item) is dict:
                stack += [(value, f"{where}.{key}") for key, value in reversed(item.items())]
            elif type(item) is list and not _holds(item, _PLAIN):
                stack += [(value, f"{where}[{index}]") for index, value in reversed(list(enumerate(item)))]

    def members(self, table_name: str) -> list[Any]:
        """The file's code table `table_name` as our enum members."""
        try:
            return [_ENUMS[table_name](text) for text in self.graph["codes"][table_name]]
        except ValueError:
            raise self.fail(f"graph.codes.{table_name}", f"names an unknown {table_name}") from None

    def codes(self, column: list[Any], table_name: str, count: int, where: str) -> list[Any]:
        """A column of codes into the file's table `table_name`, as our enum members."""
        members = self.members(table_name)
        self.length(column, count, where)
        self.ids(column, len(members), where)
        return list(map(members.__getitem__, column))

    def fields(self, records: list[Any], where: str, key: str) -> list[Any]:
        """`key` of every record: the `NodeRecord`s and `EdgeRecord`s of `decode_v2`, or dicts."""
        if not records or not isinstance(records[0], dict):
            return list(map(attrgetter(key), records))  # structs: msgspec checked every one
        if not set(map(type, records)) <= {dict}:
            raise self.fail(where, "must hold only objects")
        try:
            return list(map(itemgetter(key), records))
        except KeyError:
            index = next(index for index, record in enumerate(records) if key not in record)
            raise self.fail(f"{where}[{index}]", f"lacks '{key}'") from None

    def kinds(self, column: list[Any]) -> bytearray:
        """The event kinds as our codes (`KIND_CODES`), from the file's codes into its table."""
        ours = bytes(map(KIND_CODES.__getitem__, self.members("kind")))
        return bytearray(self.ids(column, len(ours), "graph.events.kind", dtype=np.uint8)).translate(
            (ours + bytes(256))[:256]  # a table may list a kind twice, or more than 256 times
        )

    def read(self, earlier: tuple[Trace, ...]) -> Trace:
        """The trace of the document; its records are taken out of it as they are read, freeing memory."""
        data, graph = self.data, self.graph
        for key, value in graph.items():  # the columns of numbers are checked as they are read
            if key not in ("node_columns", "events", "passes"):
                self.short(value, f"graph.{key}")
        self.short(graph["node_columns"]["move"], "graph.node_columns.move")
        nodes, edges = data.pop("nodes"), data.pop("edges")
        count = len(nodes)
        if self.fields(nodes, "nodes", "id") != list(range(count)):
            raise self.fail("nodes", f"must list the node ids 0..{count - 1} in order, each once")
        names = self.fields(nodes, "nodes", "name")
        if not _holds(names, str) or "" in names:
            raise self.fail("nodes", "must give every node a name, a non-empty string")
        if len(set(names)) != count:
            raise self.fail("nodes", "must give every node a name of its own (two share one)")
        targets = self.fields(edges, "edges", "target")
        if targets != list(range(1, count)):
            raise self.fail("edges", f"must list one edge into each node 1..{count - 1}, in order of the target")
        sources = self.fields(edges, "edges", "source")
        self.ids(sources, count, "edges[].source")
        parents: list[int | None] = [None, *sources]
        del nodes, edges, targets, sources

        node_columns = graph["node_columns"]
        where = "graph.node_columns."
        for key in ("depth", "move"):
            self.length(node_columns[key], count, where + key)
        depth = self.ids(node_columns["depth"], count, where + "depth")
        board = node_columns["board"]
        if board is not None:
            self.length(board, count, where + "board")
            if not _holds(board, str | None):
                raise self.fail(where + "board", "must hold text or null")
        probability = self.values(node_columns["probability"], count, where + "probability")
        if not isinstance(probability, Nones) and any(
            type(item) is str or item is not None and not 0 <= item <= 1 for item in probability
        ):
            raise self.fail(where + "probability", "must hold numbers from 0 to 1 or null")

        events = graph["events"]
        event_kind = self.kinds(events.pop("kind"))
        event_count = len(event_kind)
        event_node = events.pop("node")
        self.length(event_node, event_count, "graph.events.node")
        event_node = self.ids(event_node, count, "graph.events.node")
        carried = self.carried(events, event_kind, count)

        extra = {  # only the values given, as a recording holds them (a transposition may have no "ref")
            field: {step: value for step, value in zip(steps, values) if value is not None}
            for field, (steps, values) in carried.items()
            if field not in ("child", "skipped") and any(value is not None for value in values)
        }
        event_child = np.full(event_count, NO_CHILD, np.intc)
        event_child[np.frombuffer(event_kind.translate(HAS_CHILD), np.bool_)] = carried["child"][1]
        skipped = {step: kids for step, kids in zip(*carried["skipped"]) if kids}
        entered = event_node[np.frombuffer(event_kind.translate(OPENS), np.bool_)]
        visit_numbers = np.zeros(count, np.intc)  # each node's last place in the visit order
        np.maximum.at(visit_numbers, entered, np.arange(1, len(entered) + 1, dtype=np.intc))
        visit = visit_numbers.astype(object)
        visit[visit_numbers == 0] = None  # never visited
        order = entered.tolist()
        columns = TraceColumns(
            name=names,
            parent=parents,
            children=ChildIndex(parents),  # built on first use
            move=node_columns["move"],
            depth=int_array(depth),
            player=self.codes(node_columns["player"], "player", count, where + "player"),
            **{key: self.values(node_columns[key], count, where + key) for key in NODE_VALUES},
            visit=visit.tolist(),
            status=self.codes(node_columns["status"], "status", count, where + "status"),
            board=Nones(count) if board is None else board,
            probability=probability,
            event_kind=event_kind,
            event_node=int_array(event_node),
            event_child=int_array(event_child),
            event_skipped=skipped,
            event_extra=extra,
            **{
                f"event_{key}": self.values(events[key], event_count, f"graph.events.{key}")
                for key in ("value", "alpha", "beta")
            },
        )
        trace = Trace(
            **trace_header(graph), summary=self.summary(count, tuple(order)), columns=columns, earlier_passes=earlier
        )
        check_trace(trace, name=self.name)
        given = graph["summary"]["nodes_visited"]  # not kept: the count of the events that enter nodes
        if given != len(order):
            problem = f"graph.summary.nodes_visited is {given:,}, but the events enter {len(order):,} nodes"
            raise inconsistent(self.name, problem)
        return trace

    def carried(self, events: dict[str, Any], event_kind: bytearray, count: int) -> dict[str, tuple[list, Any]]:
        """Each carried field as (the steps of the events that carry it, their values), checked."""
        result = {}
        for field in CARRIED_FIELDS:
            table = bytes(field in spec.carries for spec in EVENT_KINDS.values()) + bytes(256 - len(EVENT_KINDS))
            carries = event_kind.translate(table)
            steps = (np.flatnonzero(np.frombuffer(carries, np.bool_)) + 1).tolist()
            where = f"graph.events.{field}"
            column = events.get(field, [])
            self.length(column, len(steps), where)
            holds = EVENT_FIELDS[field].holds
            if field == "child":  # every back-up and cut-off has one
                column = self.ids(column, count, where)
            elif holds == "node":
                self.ids(column, count, where, optional=True)
            elif holds == "nodes":
                if not set(map(type, column)) <= {list}:
                    raise self.fail(where, "must hold lists of node ids")
                self.ids([kid for kids in column for kid in kids], count, where)
                column = [tuple(kids) for kids in column]
            elif holds == "bound":
                try:
                    column = [None if text is None else Bound(text) for text in column]
                except (ValueError, TypeError):
                    raise self.fail(where, "must hold exact, lower, upper or null") from None
            elif holds == "moves":
                given = [moves for moves in column if moves is not None]
                if not set(map(type, given)) <= {list} or not set(map(type, chain.from_iterable(given))) <= {str}:
                    raise self.fail(where, "must hold lists of move labels or null")
                column = [None if moves is None else tuple(moves) for moves in column]
            elif holds == "count":
                self.ids(column, _LIMIT, where, optional=True, dtype=np.int64)
            else:
                column = list(self.values(column, len(steps), where))
            result[field] = (steps, column)
        return result

    def summary(self, count: int, order: tuple[int, ...]) -> Summary:
        record, where = self.graph["summary"], "graph.summary."
        lists = {key: tuple(record[key]) for key in ("principal_variation", "pruned", "unreached")}
        for key, ids in lists.items():
            self.ids(ids, count, where + key)
        cutoffs = []
        for index, cut in enumerate(record["cutoffs"]):
            self.ids([cut["node"], cut["child"], *cut["skipped"], *cut["pruned"]], count, f"{where}cutoffs[{index}]")
            cutoffs.append(Cutoff(cut["node"], cut["step"], cut["child"], tuple(cut["skipped"]), tuple(cut["pruned"])))
        best_child = record["best_child"]
        self.ids([best_child], count, where + "best_child", optional=True)
        return Summary(
            value=_INFINITIES.get(record["value"], record["value"]),
            best_child=best_child,
            best_move=record["best_move"],
            visit_order=order,
            leaves_evaluated=record["leaves_evaluated"],
            cutoffs=tuple(cutoffs),
            **lists,
        )


def _sampled(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of one document (and its passes) with every big list cut to `SAMPLE` items, for jsonschema."""
    if not isinstance(data, dict) or not isinstance(data.get("graph"), dict):
        return data
    graph = dict(data["graph"])
    for key in ("node_columns", "events"):
        if isinstance(graph.get(key), dict):
            graph[key] = {
                field: column[:SAMPLE] if isinstance(column, list) else column for field, column in graph[key].items()
            }
    if isinstance(graph.get("passes"), list):
        graph["passes"] = [_sampled(document) for document in graph["passes"]]
    return {
        **data,
        "graph": graph,
        **{key: list(map(_plain, data[key][:SAMPLE])) for key in ("nodes", "edges") if isinstance(data.get(key), list)},
    }


def _plain(record: Any) -> Any:
    """A record as a dict (a struct of `decode_v2` turned back into what `json.loads` gives)."""
    return msgspec.structs.asdict(record) if isinstance(record, msgspec.Struct) else record


def trace_header(attributes: dict[str, Any]) -> dict[str, Any]:
    """The `Trace` fields a saved graph's attributes hold besides nodes, events, summary and (registered) traits."""
    options = attributes["options"]
    return {
        "algorithm": attributes["algorithm"],
        "depth_limit": options["depth_limit"],
        "strict": options["strict"],
        "iterative": options.get("iterative", False),  # version-1 files before it was recorded: recursive
        "root_player": Player(attributes["root_player"]),
        "description": attributes["description"],
        "source": attributes["source"],
        "options": {
            name: tuple(value) if isinstance(value, list) else value
            for name, value in options.items()
            if name not in ("depth_limit", "iterative", "strict")
        },
    }


def trace_from_v2(data: Any, *, name: str) -> Trace:
    """The trace in parsed version 2 JSON `data` (its format and version already checked).

    Raises:
        TraceFileError: one line naming the field that breaks the format, or the first node or step
            that does not hang together.
    """
    try:
        validate(_sampled(data), name=name)
        passes = enumerate(data["graph"].get("passes", ()))
        earlier = tuple(_Reader(document, f"{name} (graph.passes[{index}])").read(()) for index, document in passes)
        return _Reader(data, name).read(earlier)
    except RecursionError:  # a field nested thousands deep (the schema's checks recurse)
        raise TraceFileError(f"{name} nests its JSON too deeply to be a trace; export the trace again") from None
