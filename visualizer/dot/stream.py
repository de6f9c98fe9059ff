"""Provides `dot_chunks`: a finished search's DOT text, streamed in pieces straight from the trace's columns.

See `dot.write` for what the drawing shows. The header comes first, then every node in id order,
every edge by parent id and child order (`TraceColumns.edges`), and the transposition links in step
order. A chunk is made column by column (`interleave`); pieces many nodes share are made once.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from itertools import repeat
from typing import Any

from visualizer.dot.labels import (
    EDGE_HEAD,
    FONT,
    TRANSPOSITION_LINK,
    escape_label,
    node_label,
    probability_label,
    quote_label,
    summary_title,
)
from visualizer.dot.text import BOLD, COURIER, SHAPE_PIECES, STATUS_STYLES, dot_attributes, dot_header, edge_attributes
from visualizer.games.base import format_value
from visualizer.gc_policy import paused_gc
from visualizer.memo import Memo
from visualizer.pictures.scene import standing_cuts
from visualizer.readwrite.bulk_text import Column, int_texts, interleave
from visualizer.steps.visits import is_monte_carlo, visit_counts
from visualizer.tracing.trace import Trace, check_names
from visualizer.tracing.trace_records import NodeStatus

__all__ = ["CHUNK_NODES", "dot_chunks"]

CHUNK_NODES = 4096
"""Nodes (then edges) per chunk."""

_SPECIAL = ("\\", '"', "\n", "\r", "&")
_SHAPES_BY_ID = {id(player): piece for player, piece in SHAPE_PIECES.items()}
_PLAIN_TYPES = frozenset({int, float, type(None)})
"""Value types whose equal values format alike (True == 1, but "True" != "1"): safe to cache by value."""


def _rows(column: Sequence[Any], start: int, stop: int) -> list[Any]:
    rows = column[start:stop]
    return rows if type(rows) is list else list(rows)


def _texts(numbers: Sequence[int], prefix: str = "") -> list[str]:
    texts = int_texts(numbers, prefix)
    return [f"{prefix}{number}" for number in numbers] if texts is None else texts


def _ids(numbers: Sequence[int]) -> range | array[int] | list[str]:
    """Node ids as `interleave` takes them: a range or an array as it is, anything else as texts."""
    return numbers if isinstance(numbers, (range, array)) else _texts(numbers)


def dot_chunks(trace: Trace, *, chunk_nodes: int = CHUNK_NODES) -> Iterator[str]:
    """The DOT text of the finished search in `trace`, in pieces of `chunk_nodes` nodes (then edges).

    Raises:
        InputError: a name is empty or used twice (checked before the first piece is made).
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
        self.value_texts = Memo(lambda value: format_value(value, missing="?"))
        self.value_pieces = Memo(lambda value: "  v=" + format_value(value, missing="?"))
        self.window_texts = Memo(format_value)
        self.alpha_pieces = Memo(lambda alpha: "\\n[" + format_value(alpha))
        self.beta_pieces = Memo(lambda beta: ", " + format_value(beta) + "]")
        self.static_texts = Memo(lambda value: "" if value is None else f"\\n({format_value(value)})")
        self.board_texts = Memo(lambda board: "" if board is None else "\\n" + escape_label(board))
        self.probability = self.columns.probability if self.columns.has_chance else None
        self.special: set[int] = set()
        self.visits = visit_counts(trace) if is_monte_carlo(trace) else None
        self.edge_styles: dict[tuple[bool, bool, str | None, bool, bool], str] = {}

    def chunks(self) -> Iterator[str]:
        """The header, the nodes a chunk at a time, the edges likewise, the transposition links and "}".

        The garbage collector is paused while a chunk is made (a chunk's strings hold no cycles).
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
        link = dot_attributes(**TRANSPOSITION_LINK)
        return "".join([f"n{nodes[step - 1]} -> n{ref}{link};\n" for step, ref in sorted(refs.items())])

    def header(self) -> str:
        """The first line, the graph's attributes (title included) and the node and edge defaults."""
        trace, summary = self.trace, self.trace.summary
        title = summary_title(
            trace.algorithm,
            trace.description,
            summary.value,
            summary.best_move,
            has_best_move=summary.best_child is not None,
        )
        graph = {"ordering": "out", "labelloc": "t", "fontname": FONT, "label": quote_label(title)}
        return dot_header(graph, font=FONT, arrowhead=EDGE_HEAD)

    def node_lines(self, start: int, stop: int) -> str:
        """The node statements of nodes start..stop-1, made column by column."""
        columns, size = self.columns, stop - start
        names = _rows(columns.name, start, stop)
        joined = "".join(names)
        if any(special in joined for special in _SPECIAL):
            names = [escape_label(name) for name in names]
        shapes = list(map(_SHAPES_BY_ID.__getitem__, map(id, _rows(columns.player, start, stop))))
        boards, ids = self.boards(start, stop), range(start, stop)
        return interleave(
            size,
            [
                "n",
                ids,
                shapes,
                names,
                '"',
                self.extras(boards, start, stop),
                ', label="',
                names,
                boards,
                *self.details(start, stop),
                '"',
                self.styles(_rows(columns.status, start, stop)),
                "];\n",
            ],
        )

    def extras(self, boards: list[str], start: int, stop: int) -> Column:
        """The attributes after the tooltip of nodes start..stop-1: the board's font, the principal variation's pen."""
        bold = [node - start for node in self.bold if start <= node < stop]
        if not bold:
            if "" not in boards:
                return COURIER
            if boards.count("") == len(boards):
                return ""
        extras = ["" if board == "" else COURIER for board in boards]
        for index in bold:
            extras[index] += BOLD
        return extras

    @staticmethod
    def styles(statuses: list[NodeStatus]) -> Column:
        """The style attributes of nodes with these statuses."""
        visited = NodeStatus.VISITED
        if statuses.count(visited) == len(statuses):
            return ""
        return ["" if status is visited else STATUS_STYLES[status] for status in statuses]

    def boards(self, start: int, stop: int) -> list[str]:
        """Each node's board as it goes in the label ("\\n" and the escaped board), "" for none."""
        return list(map(self.board_texts.__getitem__, _rows(self.columns.board, start, stop)))

    def details(self, start: int, stop: int) -> list[Column]:
        """The label's columns after the board: "#visit  v=value" or "(static value)", and the window."""
        columns, size = self.columns, stop - start
        visits, values, statics = (
            _rows(column, start, stop) for column in (columns.visit, columns.value, columns.static_value)
        )
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
        visit_texts = int_texts(visits, "\\n#")  # None when some node was not visited (or a visit is not an int)
        if visit_texts is not None:
            pieces: list[Column] = [visit_texts, map(self.value_pieces.__getitem__, values)]
        else:
            pieces = [
                [
                    static_texts[static] if visit is None else f"\\n#{visit}  v={value_texts[value]}"
                    for visit, value, static in zip(visits, values, statics)
                ]
            ]
        if windowless:
            return pieces
        if None not in alphas:
            return [*pieces, map(self.alpha_pieces.__getitem__, alphas), map(self.beta_pieces.__getitem__, betas)]
        return [
            *pieces,
            [
                "" if alpha is None else f"\\n[{window_texts[alpha]}, {window_texts[beta]}]"
                for alpha, beta in zip(alphas, betas)
            ],
        ]

    @staticmethod
    def odd_details(visits, values, statics, alphas, betas, counts=None) -> list[Column]:
        """`details` through `node_label` itself: values not int or float, or Monte Carlo visit `counts`."""
        counts = repeat(None) if counts is None else counts
        return [
            [
                escape_label(
                    node_label("", visit=visit, value=value, static_value=static, window=(alpha, beta), visits=count)
                )
                for visit, value, static, alpha, beta, count in zip(visits, values, statics, alphas, betas, counts)
            ]
        ]

    def edge_lines(self, parents: Sequence[int], children: Sequence[int]) -> str:
        """The edge statements parent -> child of these edges (`TraceColumns.edges` order)."""
        count, special = len(children), self.special
        children = children.tolist() if type(children) is array else children
        styles: Column = ""
        if not special.isdisjoint(children):
            styles, positions = [""] * count, dict(zip(children, range(count)))
            for child in special.intersection(children):
                position = positions[child]
                styles[position] = self.edge_style(parents[position], child)
        return interleave(count, ["n", _ids(parents), " -> n", _ids(children), styles, ";\n"])

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
            style = self.edge_styles[key] = edge_attributes(
                pruned=pruned, unreached=unreached, probability=label, cut=cut, bold=bold
            )
        return style
