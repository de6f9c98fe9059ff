"""Provides `dot_chunks`: a finished search's DOT text, streamed in pieces straight from the trace's columns.

The text is byte for byte what `graph_to_dot(to_networkx(trace))` makes through networkx and pydot
(see `dot_format` for what the drawing shows), without either: no graph, no object per node, and
never the whole text in memory. The full tic-tac-toe minimax trace (549,946 nodes, an 82 MB file)
goes out in pieces of `CHUNK_NODES` nodes.

How pydot writes the text, and so how it is written here: the graph's attributes one a line, the
node and edge defaults, every node in id order, then every edge by parent id and child order
(`TraceColumns.edges`), then the transposition links in step order, each statement ending in ";". A value pydot passes through as it is (an identifier, a number, or a
string already in double quotes, as every label and tooltip is) is written as it is; the stream
uses no value that pydot would quote.

Per node the work is one f-string of a handful of pieces; the pieces many nodes share (a shape, a
style, a formatted value, an escaped board) are made once and looked up, a chunk at a time.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import repeat
from typing import Any

from visualizer.export.dot_labels import (
    BOARD_FONT,
    CUT,
    EDGE_HEAD,
    FONT,
    GREY,
    PV_WIDTH,
    SHAPES,
    TRANSPOSITION_LINK,
    escape_label,
    node_label,
    probability_label,
    quote_label,
    summary_title,
)
from visualizer.export.graph import check_names
from visualizer.games.base import Player, format_value
from visualizer.gc_policy import paused_gc
from visualizer.tracing.trace_records import NodeStatus
from visualizer.tracing.trace import Trace
from visualizer.export.scene import standing_cuts
from visualizer.tracing.visits import is_monte_carlo, visit_counts

__all__ = ["dot_chunks", "CHUNK_NODES"]

CHUNK_NODES = 4096
"""Nodes (then edges) per chunk: about 600 KB of tic-tac-toe node statements, 60 KB of edges."""

_KEYWORDS = {"graph", "subgraph", "digraph", "node", "edge", "strict"}
_IDENTIFIER = re.compile(r"[_a-zA-Z][a-zA-Z0-9_]*|[0-9]+")
_SPECIAL = ("\\", '"', "\n", "\r", "&")
"""The characters `quote_label` escapes."""
_PLAIN_TYPES = frozenset({int, float, type(None)})
"""Value types whose equal values format alike (True == 1, but "True" != "1"): safe to cache by value."""


def _value(text: str) -> str:
    """An attribute value as pydot writes it: as it is, when pydot would write it as it is.

    pydot passes identifiers, numbers and double-quoted strings through unchanged; anything else it
    would quote its own way, which the stream does not copy, so such a value is a mistake here.
    """
    quoted = len(text) >= 2 and text[0] == text[-1] == '"'
    if quoted or (_IDENTIFIER.fullmatch(text) and text.lower() not in _KEYWORDS):
        return text
    raise ValueError(f"{text!r} is not a DOT identifier, number or quoted string")


def _attributes(**attributes: str) -> str:
    """' [key=value, ...]' in the given order as pydot writes it; empty without attributes."""
    if not attributes:
        return ""
    return " [" + ", ".join(f"{key}={_value(value)}" for key, value in attributes.items()) + "]"


_SHAPES = {player: _value(SHAPES[player.value]) for player in Player}
_COURIER = f", fontname={_value(BOARD_FONT)}"
_BOLD = f", penwidth={_value(PV_WIDTH)}"
_STATUS_STYLES = {
    NodeStatus.VISITED: "",
    NodeStatus.PRUNED: ", " + _attributes(style="dashed", color=GREY, fontcolor=GREY)[2:-1],
    NodeStatus.UNREACHED: ", " + _attributes(style="dotted", color=GREY, fontcolor=GREY)[2:-1],
}


def _edge_attributes(*, pruned: bool, unreached: bool, probability: str | None, cut: bool, bold: bool) -> str:
    """The attributes of an edge to a pruned or unreached child, out of a chance node (`probability`,
    the label), a cut, or on the principal variation."""
    attributes: dict[str, str] = {}
    if pruned:
        attributes.update(style="dashed", color=GREY)
    elif unreached:
        attributes.update(style="dotted", color=GREY)
    if probability is not None:
        attributes["label"] = quote_label(probability)
    if cut:
        attributes.update(label=quote_label("cut"), color=CUT, fontcolor=CUT)
    if bold:
        attributes["penwidth"] = PV_WIDTH
    return _attributes(**attributes)


def _rows(column: Sequence[Any], start: int, stop: int) -> list[Any]:
    """Entries start..stop-1 of a column as a list (columns may be lists, arrays or lazy sequences)."""
    rows = column[start:stop]
    return rows if type(rows) is list else list(rows)


class _Texts(dict):
    """Label pieces by value, each formatted on first use: `make(value)`."""

    def __init__(self, make: Any):
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> str:
        text = self[key] = self.make(key)
        return text


def dot_chunks(trace: Trace, *, chunk_nodes: int = CHUNK_NODES) -> Iterator[str]:
    """The DOT text of the finished search in `trace`, in pieces: `"".join` of them is
    `graph_to_dot(to_networkx(trace))`, byte for byte.

    The names are checked here, before the first piece is made.

    Args:
        trace: a finished trace.
        chunk_nodes: nodes per piece (then edges per piece).

    Returns:
        An iterator over the pieces: the header, the nodes, the edges and the closing brace.

    Raises:
        InputError: a name is empty or used twice (as `to_networkx` does).
    """
    with paused_gc():
        check_names(trace)
    return _DotStream(trace, max(1, chunk_nodes)).chunks()


class _DotStream:
    """The pieces of one trace's DOT text, made one chunk at a time."""

    def __init__(self, trace: Trace, chunk_nodes: int):
        self.trace, self.columns, self.chunk_nodes = trace, trace.columns, chunk_nodes
        summary = trace.summary
        self.bold = set(summary.principal_variation)
        self.pruned = set(summary.pruned)
        self.cuts = set(standing_cuts(trace))
        self.value_texts = _Texts(lambda value: format_value(value, missing="?"))
        self.window_texts = _Texts(format_value)
        self.static_texts = _Texts(lambda value: "" if value is None else f"\\n({format_value(value)})")
        self.board_texts = _Texts(lambda board: "" if board is None else "\\n" + escape_label(board))
        self.probability = self.columns.probability if self.columns.has_chance else None
        self.special: set[int] = set()
        self.visits = visit_counts(trace) if is_monte_carlo(trace) else None
        self.edge_styles: dict[tuple[bool, bool, str | None, bool, bool], str] = {}

    def chunks(self) -> Iterator[str]:
        """The header, the nodes a chunk at a time, the edges likewise, and the transposition links
        (if any) with the closing brace.

        The garbage collector is paused while a chunk is made (it would walk the whole trace again
        and again for nothing: a chunk's strings hold no cycles), not while the reader has it.
        """
        yield self.header()
        count, step = self.columns.node_count, self.chunk_nodes
        for start in range(0, count, step):
            with paused_gc():
                text = self.node_lines(start, min(start + step, count))
            yield text
        with paused_gc():
            self.special = self.special_children()
            parents, _orders, children = self.columns.edges()
        edges = len(children)
        for start in range(0, edges, step):
            with paused_gc():
                text = self.edge_lines(parents[start : start + step], children[start : start + step])
            yield text
        yield self.transposition_lines() + "}\n"

    def special_children(self) -> set[int]:
        """The nodes whose incoming edges have attributes: pruned, unreached, cut or on the principal variation."""
        unreached, statuses = NodeStatus.UNREACHED, self.columns.status
        special = self.pruned | self.bold | {child for _parent, child in self.cuts}
        if unreached in statuses:
            special.update(node for node, status in enumerate(statuses) if status is unreached)
        if self.probability is not None:
            special.update(node for node, probability in enumerate(self.probability) if probability is not None)
        return special

    def transposition_lines(self) -> str:
        """The links from each transposition event's node to the earlier node of its position, in step order."""
        refs, nodes = self.columns.event_extra.get("ref", {}), self.columns.event_node
        link = _attributes(**TRANSPOSITION_LINK)
        return "".join([f"n{nodes[step - 1]} -> n{ref}{link};\n" for step, ref in sorted(refs.items())])

    def header(self) -> str:
        """The first line, the graph's attributes (title included) and the node and edge defaults."""
        trace, summary = self.trace, self.trace.summary
        title = summary_title(
            trace.algorithm, trace.description, summary.value, summary.best_move,
            has_best_move=summary.best_child is not None,
        )
        graph = {"ordering": "out", "labelloc": "t", "fontname": FONT, "label": quote_label(title)}
        lines = ["digraph trace {\n"]
        lines += [f"{key}={_value(value)};\n" for key, value in graph.items()]
        lines.append(f"node{_attributes(fontname=FONT)};\n")
        lines.append(f"edge{_attributes(fontname=FONT, arrowhead=EDGE_HEAD)};\n")
        return "".join(lines)

    def node_lines(self, start: int, stop: int) -> str:
        """The node statements of nodes start..stop-1."""
        columns, size = self.columns, stop - start
        names = _rows(columns.name, start, stop)
        joined = "".join(names)
        if any(special in joined for special in _SPECIAL):
            names = [escape_label(name) for name in names]
        box, ellipse, circle = _SHAPES[Player.MAX], _SHAPES[Player.MIN], _SHAPES[Player.CHANCE]
        maximum, minimum = Player.MAX, Player.MIN
        shapes = [box if player is maximum else ellipse if player is minimum else circle
                  for player in _rows(columns.player, start, stop)]
        boards = self.boards(start, stop)
        if "" not in boards:
            extras = [_COURIER] * size
        elif boards.count("") == size:
            extras = [""] * size
        else:
            extras = ["" if board == "" else _COURIER for board in boards]
        for node in self.bold:
            if start <= node < stop:
                extras[node - start] += _BOLD
        counts, windows = self.details(start, stop)
        styles = self.styles(_rows(columns.status, start, stop))
        return "".join([
            f'n{node} [shape={shape}, tooltip="{name}"{extra}, label="{name}{board}{count}{window}"{style}];\n'
            for node, shape, name, extra, board, count, window, style
            in zip(range(start, stop), shapes, names, extras, boards, counts, windows, styles)
        ])

    @staticmethod
    def styles(statuses: list[NodeStatus]) -> Sequence[str]:
        """The style attributes of nodes with these statuses (enums hash in Python: no dict lookups per node)."""
        visited = NodeStatus.VISITED
        if statuses.count(visited) == len(statuses):
            return repeat("", len(statuses))
        return ["" if status is visited else _STATUS_STYLES[status] for status in statuses]

    def boards(self, start: int, stop: int) -> list[str]:
        """Each node's board as it goes in the label ("\\n" and the escaped board), "" for none."""
        return list(map(self.board_texts.__getitem__, _rows(self.columns.board, start, stop)))

    def details(self, start: int, stop: int) -> tuple[Sequence[str], Sequence[str]]:
        """Each node's "#visit  v=value" or "(static value)" line, and its window line, as they go in the label."""
        columns, size = self.columns, stop - start
        visits, values, statics = (_rows(column, start, stop) for column in (columns.visit, columns.value,
                                                                             columns.static_value))
        alphas, betas = _rows(columns.alpha, start, stop), _rows(columns.beta, start, stop)
        windowless = alphas.count(None) == size
        types = set(map(type, values)) | set(map(type, statics))
        if not windowless:
            types |= set(map(type, alphas)) | set(map(type, betas))
        if self.visits is not None:  # Monte Carlo: "n=visits  v=mean", as node_label writes it
            counts = [self.visits.final(node) for node in range(start, stop)]
            return self.odd_details(visits, values, statics, alphas, betas, counts)
        if not types <= _PLAIN_TYPES:
            return self.odd_details(visits, values, statics, alphas, betas)
        value_texts, static_texts, window_texts = self.value_texts, self.static_texts, self.window_texts
        counts = [
            static_texts[static] if visit is None else f"\\n#{visit}  v={value_texts[value]}"
            for visit, value, static in zip(visits, values, statics)
        ]
        if windowless:
            return counts, repeat("", size)
        windows = [
            "" if alpha is None else f"\\n[{window_texts[alpha]}, {window_texts[beta]}]"
            for alpha, beta in zip(alphas, betas)
        ]
        return counts, windows

    @staticmethod
    def odd_details(visits, values, statics, alphas, betas, counts=None) -> tuple[list[str], Sequence[str]]:
        """`details` for values of other types than int and float, or with Monte Carlo visit `counts`,
        through `node_label` itself."""
        counts = repeat(None) if counts is None else counts
        lines = [
            escape_label(node_label("", visit=visit, value=value, static_value=static, window=(alpha, beta),
                                    visits=count))
            for visit, value, static, alpha, beta, count in zip(visits, values, statics, alphas, betas, counts)
        ]
        return lines, repeat("", len(lines))

    def edge_lines(self, parents: Sequence[int], children: Sequence[int]) -> str:
        """The edge statements parent -> child of these edges (`TraceColumns.edges` order)."""
        special = self.special
        if special.isdisjoint(children):
            return "".join([f"n{parent} -> n{child};\n" for parent, child in zip(parents, children)])
        style = self.edge_style
        return "".join([
            f"n{parent} -> n{child}{style(parent, child) if child in special else ''};\n"
            for parent, child in zip(parents, children)
        ])

    def edge_style(self, parent: int, child: int) -> str:
        """The attributes of the edge parent -> child (one of a few, each made once)."""
        probability = None if self.probability is None else self.probability[child]
        key = (
            child in self.pruned,
            self.columns.status[child] is NodeStatus.UNREACHED,
            None if probability is None else probability_label(probability),
            (parent, child) in self.cuts,
            parent in self.bold and child in self.bold,
        )
        style = self.edge_styles.get(key)
        if style is None:
            pruned, unreached, label, cut, bold = key
            style = self.edge_styles[key] = _edge_attributes(
                pruned=pruned, unreached=unreached, probability=label, cut=cut, bold=bold
            )
        return style
