"""Provides `json_chunks`: a trace as version 1 JSON text in pieces, written straight from its columns.

The text is byte-identical to the networkx path in `json_format` (node-link data dumped with sorted
keys and a one-space indent), which the tests check. That path builds a graph, a dict per node,
edge and event, and then runs the stdlib's pure-Python indenting encoder over it all: for the full
tic-tac-toe minimax trace, about a minute and gigabytes. Here the small parts (options, source,
summary scalars) still go through `json.dumps`; the big lists (edges, nodes, events and the
summary's node lists) are formatted a few thousand records at a time from whole columns, with the
per-value work done by C code (`json.dumps` of a column, one `str.join` over the interleaved values
and the constant text between them).
"""

from __future__ import annotations

import enum
import json
from itertools import chain, repeat
from typing import Any, Callable, Iterable, Iterator, Sequence

import visualizer
from visualizer.tracing.events import EVENT_FIELDS
from visualizer.export.graph import FORMAT, GRAPH_VERSION, check_names, field_record, options_record, sparse_fields
from visualizer.export.values import MINUS_INF, PLUS_INF, encode_value
from visualizer.tracing.trace_columns import KINDS
from visualizer.tracing.trace import Trace

__all__ = ["json_chunks", "CHUNK_RECORDS"]

CHUNK_RECORDS = 20_000
"""Records formatted per chunk: big enough to keep the loop in C, small enough to keep memory flat."""

_INFINITIES = {"Infinity": json.dumps(PLUS_INF), "-Infinity": json.dumps(MINUS_INF)}
_NAN = "a trace value is NaN; values must be numbers or +/-infinity"
_KIND_TEXT = [json.dumps(kind.value) for kind in KINDS]

_NODE_KEYS = ("alpha", "beta", "board", "depth", "id", "move", "name", "parent", "player", "static_value",
              "status", "value", "visit")
_EVENT_KEYS = ("alpha", "beta", "child", "depth", "kind", "node", "skipped", "step", "value")
_EDGE_KEYS = ("cutoff", "order", "source", "target")
_PROBABILITY = "probability"
"""The edge key of traces with chance nodes."""


def _record_pieces(keys: Sequence[str], level: int) -> list[str]:
    """The constant text around the values of one record whose `{` is indented `level` spaces.

    A record is pieces[0] + value0 + pieces[1] + value1 + ... + pieces[-1]; records are separated
    by ",\n", which the first piece carries (the caller drops it before the first record).
    """
    inner = " " * (level + 1)
    pieces = [f',\n{" " * level}{{\n{inner}"{keys[0]}": ']
    pieces += [f',\n{inner}"{key}": ' for key in keys[1:]]
    pieces.append(f"\n{' ' * level}}}")
    return pieces


def _join_records(pieces: list[str], *columns: Iterable[str]) -> str:
    """The records whose values are in `columns`, joined with the constant `pieces` (see
    `_record_pieces`): one str.join over the interleaved strings, no per-record formatting."""
    constants = [repeat(piece) for piece in pieces[:-1]]
    interleaved = chain.from_iterable(zip(*chain.from_iterable(zip(constants, columns)), repeat(pieces[-1])))
    return "".join(interleaved)[2:]  # without the first record's ",\n"


def scalar_texts(column: Sequence[Any]) -> list[str]:
    """The JSON text of each value of a column of None, bools, numbers or strings.

    The whole column goes through the C encoder at once, its items separated by a NUL (which the
    encoder escapes inside strings, so it only ever separates items). Infinities become
    "+inf"/"-inf" (as `encode_value` writes them); NaN is refused.

    Raises:
        ValueError: a value is NaN.
    """
    values = list(column)
    if not values:
        return []
    if values.count(None) == len(values):
        return ["null"] * len(values)
    texts = json.dumps(values, ensure_ascii=False, allow_nan=True, separators=("\x00", ":"))[1:-1].split("\x00")
    if "NaN" in texts:
        raise ValueError(_NAN)
    return list(map(_INFINITIES.get, texts, texts))


def _name_list(names: Sequence[str | None], ids: Iterable[int], level: int) -> str:
    """A JSON list of the names of nodes `ids`, its `[` at `level`."""
    items = scalar_texts(list(map(names.__getitem__, ids)))
    if not items:
        return "[]"
    inner = "\n" + " " * (level + 1)
    return "[" + inner + ("," + inner).join(items) + "\n" + " " * level + "]"


def _text_list(texts: Sequence[str] | None, level: int) -> str:
    """A JSON list of strings (or null), its `[` at `level`."""
    if texts is None:
        return "null"
    items = scalar_texts(list(texts))
    if not items:
        return "[]"
    inner = "\n" + " " * (level + 1)
    return "[" + inner + ("," + inner).join(items) + "\n" + " " * level + "]"


def _chunked(count: int) -> Iterator[tuple[int, int]]:
    for start in range(0, count, CHUNK_RECORDS):
        yield start, min(count, start + CHUNK_RECORDS)


class _Slot:
    """A big list in the skeleton: `chunks(level)` gives its text when its `[` is at column `level`."""

    def __init__(self, chunks: Callable[[int], Iterator[str]]):
        self.chunks = chunks


class _Tree(dict):
    """A dict of the skeleton that holds slots (written key by key; other dicts are dumped whole)."""


class _Items(list):
    """A list of the skeleton that holds slots (written item by item; other lists are dumped whole)."""


class _Writer:
    """The pieces of one trace's text.

    Names are turned into JSON text a chunk at a time, not kept for the whole trace: that would
    double the memory the names take (tens of megabytes for the full tic-tac-toe tree).
    """

    def __init__(self, trace: Trace):
        self.trace, self.columns = trace, trace.columns
        self.names = self.columns.name
        self.names_or_none = [*self.names, None]  # index NO_CHILD (-1) reads None

    # -- the skeleton: everything but the big lists, through json.dumps --------------------------
    def skeleton(self) -> _Tree:
        """The file's data with a `_Slot` for each big list; containers that hold slots are `_Tree`s.

        A search of several passes has `graph.passes`: the skeleton of each earlier pass, in order.
        """
        skeleton = self.pass_skeleton()
        if self.trace.earlier_passes:
            earlier_passes = self.trace.earlier_passes
            skeleton["graph"]["passes"] = _Items(_Writer(earlier).pass_skeleton() for earlier in earlier_passes)
        return skeleton

    def pass_skeleton(self) -> _Tree:
        """The skeleton of this trace alone, without its earlier passes."""
        trace, summary = self.trace, self.trace.summary

        def names_of(ids: Sequence[int]) -> _Slot:
            return _Slot(lambda level: iter([_name_list(self.names, ids, level)]))

        names = self.columns.name
        summary_data = _Tree({
            "value": encode_value(summary.value),
            "best_child": None if summary.best_child is None else names[summary.best_child],
            "best_move": summary.best_move,
            "principal_variation": names_of(summary.principal_variation),
            "visit_order": names_of(summary.visit_order),
            "nodes_visited": summary.nodes_visited,
            "leaves_evaluated": summary.leaves_evaluated,
            "cutoffs": _Items(
                _Tree({
                    "node": names[cutoff.node],
                    "step": cutoff.step,
                    "child": names[cutoff.child],
                    "skipped": [names[node] for node in cutoff.skipped],
                    "pruned": names_of(cutoff.pruned),
                })
                for cutoff in summary.cutoffs
            ),
            "pruned": names_of(summary.pruned),
            "unreached": names_of(summary.unreached),
        })
        return _Tree({
            "directed": True,
            "multigraph": False,
            "graph": _Tree({
                "format": FORMAT,
                "version": GRAPH_VERSION,
                "tool_version": visualizer.__version__,
                "source": trace.source,
                "algorithm": trace.algorithm,
                "options": options_record(trace),
                "root_player": trace.root_player.value,
                "description": trace.description,
                "summary": summary_data,
                "events": _Slot(lambda level: _records(self.events(level + 1), level)),
            }),
            "nodes": _Slot(lambda level: _records(self.nodes(level + 1), level)),
            "edges": _Slot(lambda level: _records(self.edges(level + 1), level)),
        })

    # -- the big lists ------------------------------------------------------------------------------
    def events(self, level: int) -> Iterator[str]:
        columns, names = self.columns, self.names
        extras = sparse_fields(self.trace)
        keys = sorted((*_EVENT_KEYS, *extras))
        pieces = _record_pieces(keys, level)
        depth_text = list(map(str, columns.depth))
        skipped = {step: _name_list(names, ids, level + 1) for step, ids in columns.event_skipped.items()}
        child_column = columns.event_child
        for start, end in _chunked(columns.event_count):
            nodes = columns.event_node[start:end]
            steps = range(start + 1, end + 1)
            texts = {
                "alpha": scalar_texts(columns.event_alpha[start:end]),
                "beta": scalar_texts(columns.event_beta[start:end]),
                "child": scalar_texts(map(self.names_or_none.__getitem__, child_column[start:end])),
                "depth": map(depth_text.__getitem__, nodes),
                "kind": map(_KIND_TEXT.__getitem__, columns.event_kind[start:end]),
                "node": scalar_texts(map(names.__getitem__, nodes)),
                "skipped": map(skipped.get, steps, repeat("[]")),
                "step": map(str, steps),
                "value": scalar_texts(columns.event_value[start:end]),
            }
            for field in extras:
                extra = columns.event_extra.get(field, {})
                if EVENT_FIELDS[field].holds == "moves":  # a list, laid out as the stdlib's indenting encoder does
                    texts[field] = [_text_list(extra.get(step), level + 1) for step in steps]
                    continue
                texts[field] = scalar_texts([field_record(self.trace, field, extra.get(step)) for step in steps])
            yield _join_records(pieces, *map(texts.__getitem__, keys))

    def nodes(self, level: int) -> Iterator[str]:
        columns, names, pieces = self.columns, self.names, _record_pieces(_NODE_KEYS, level)
        for start, end in _chunked(columns.node_count):
            yield _join_records(
                pieces,
                scalar_texts(columns.alpha[start:end]),
                scalar_texts(columns.beta[start:end]),
                scalar_texts(columns.board[start:end]),
                map(str, columns.depth[start:end]),
                map(str, range(start, end)),
                scalar_texts(columns.move[start:end]),
                scalar_texts(names[start:end]),
                scalar_texts([None if parent is None else names[parent] for parent in columns.parent[start:end]]),
                _enum_texts(columns.player[start:end]),
                scalar_texts(columns.static_value[start:end]),
                _enum_texts(columns.status[start:end]),
                scalar_texts(columns.value[start:end]),
                scalar_texts(columns.visit[start:end]),
            )

    def edges(self, level: int) -> Iterator[str]:
        chance = self.columns.has_chance
        keys = sorted((*_EDGE_KEYS, _PROBABILITY)) if chance else _EDGE_KEYS
        pieces = _record_pieces(keys, level)
        cuts = {(cutoff.node, cutoff.child) for cutoff in self.trace.summary.cutoffs}
        sources, orders, targets = self.columns.edges()
        for start, end in _chunked(len(targets)):
            flags = ["true" if (source, target) in cuts else "false"
                     for source, target in zip(sources[start:end], targets[start:end])] if cuts else \
                repeat("false", end - start)
            texts = {
                "cutoff": flags, "order": map(str, orders[start:end]), "source": map(str, sources[start:end]),
                "target": map(str, targets[start:end]),
            }
            if chance:
                texts[_PROBABILITY] = scalar_texts(list(map(self.columns.probability.__getitem__, targets[start:end])))
            yield _join_records(pieces, *map(texts.__getitem__, keys))


def _enum_texts(column: Sequence[enum.Enum]) -> Iterator[str]:
    """The JSON text of each member's value (looked up by identity: an Enum's hash is Python code)."""
    texts = {id(member): json.dumps(member.value) for member in (type(column[0]) if column else ())}
    return map(texts.__getitem__, map(id, column))


def _records(chunks: Iterator[str], level: int) -> Iterator[str]:
    """A JSON list whose records come in chunks (already indented for `level` + 1), its `[` at `level`."""
    opening = "[\n"
    for chunk in chunks:
        yield opening + chunk
        opening = ",\n"
    yield "[]" if opening == "[\n" else "\n" + " " * level + "]"


def _skeleton_chunks(value: Any, level: int) -> Iterator[str]:
    """`value` as `json.dumps(value, sort_keys=True, indent=1)` writes it when its `{` or `[` is at
    column `level`, with each `_Slot` replaced by the text its chunks give."""
    if isinstance(value, _Slot):
        yield from value.chunks(level)
    elif isinstance(value, (_Tree, _Items)):
        items = sorted(value.items()) if isinstance(value, _Tree) else [(None, item) for item in value]
        opening, closing = "{}" if isinstance(value, _Tree) else "[]"
        if not items:
            yield opening + closing
            return
        separator = opening + "\n" + " " * (level + 1)
        for key, item in items:
            yield separator if key is None else separator + json.dumps(key, ensure_ascii=False) + ": "
            yield from _skeleton_chunks(item, level + 1)
            separator = ",\n" + " " * (level + 1)
        yield "\n" + " " * level + closing
    else:  # plain data, dumped whole (its inner lines indented to `level`; JSON text has no raw newline)
        text = json.dumps(value, sort_keys=True, indent=1, ensure_ascii=False, allow_nan=False)
        yield text.replace("\n", "\n" + " " * level) if level else text


def json_chunks(trace: Trace) -> Iterator[str]:
    """The trace as strict JSON text in pieces; joined, they are exactly `to_json(trace)`.

    Raises:
        InputError: two nodes share a name, or a name is empty (before any piece is made).
        ValueError: a value is NaN.
    """
    for each in trace.passes:
        check_names(each)
    yield from _skeleton_chunks(_Writer(trace).skeleton(), 0)
    yield "\n"
