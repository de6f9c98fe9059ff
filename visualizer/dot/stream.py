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

from visualizer.dot.labels import PV_WIDTH, TRANSPOSITION_LINK, edge_attributes, escape_label, node_label, summary_title
from visualizer.dot.text import BOLD, COURIER, SHAPE_PIECES, STATUS_STYLES, dot_attributes, dot_header
from visualizer.games.base import format_value
from visualizer.gc_policy import paused_gc
from visualizer.memo import Memo
from visualizer.pictures.scene import standing_cuts
from visualizer.readwrite.bulk_text import Column, int_texts, interleave
from visualizer.steps.visits import is_monte_carlo, visit_counts
from visualizer.tracing.trace import Trace, check_names
from visualizer.tracing.trace_columns import TraceColumns, is_plain
from visualizer.tracing.trace_records import NodeStatus

__all__ = ["CHUNK_NODES", "dot_chunks", "transposition_lines"]

CHUNK_NODES = 4096
"""Nodes (then edges) per chunk."""

_SHAPES_BY_ID = {id(player): piece for player, piece in SHAPE_PIECES.items()}
_PLAIN_TYPES = frozenset({int, float, type(None)})
"""Value types whose equal values format alike (True == 1, but "True" != "1"): safe to cache by value."""


def _rows(column: Sequence[Any], start: int, stop: int) -> list[Any]:
    rows = column[start:stop]
    return rows if type(rows) is list else list(rows)


def _ids(numbers: Sequence[int]) -> range | array[int] | list[str]:
    """Node ids as `interleave` takes them: a range or an array as it is, anything else as texts."""
    if isinstance(numbers, (range, array)):
        return numbers
    return int_texts(numbers, "") or [str(number) for number in numbers]


def transposition_lines(columns: TraceColumns, last_step: int | None = None) -> str:
    """The links from each transposition event's node (up to `last_step`) to the earlier node of its position,
    in step order."""
    refs, nodes, link = columns.event_extra.get("ref", {}), columns.event_node, dot_attributes(**TRANSPOSITION_LINK)
    steps = sorted(step for step in refs if last_step is None or step <= last_step)
    return "".join([f"n{nodes[step - 1]} -> n{refs[step]}{link};\n" for step in steps])


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
        self.value_pieces = Memo(lambda value: "  v=" + format_value(value, missing="?"))
        self.window_texts = Memo(
            lambda window: "" if window[0] is None else f"\\n[{format_value(window[0])}, {format_value(window[1])}]"
        )
        self.static_texts = Memo(lambda value: "" if value is None else f"\\n({format_value(value)})")
        self.board_texts = Memo(lambda board: "" if board is None else "\\n" + escape_label(board))
        self.probability = self.columns.probability if self.columns.has_chance else None
        self.special: set[int] = set()
        self.visits = visit_counts(trace) if is_monte_carlo(trace) else None
        self.edge_styles: dict[tuple[str, float | None, bool, bool], str] = {}

    def chunks(self) -> Iterator[str]:
        """The header, the nodes a chunk at a time, the edges likewise, the transposition links and "}".

        The garbage collector is paused while a chunk is made (a chunk's strings hold no cycles).
        """
        yield dot_header(summary_title(self.trace))
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
        yield transposition_lines(self.columns) + "}\n"

    def special_children(self) -> set[int]:
        """The nodes whose incoming edges have attributes: pruned, unreached, cut or on the principal variation."""
        unreached, statuses = NodeStatus.UNREACHED, self.columns.status
        special = self.pruned | self.bold | {child for _parent, child in self.cuts}
        if unreached in statuses:
            special.update(node for node, status in enumerate(statuses) if status is unreached)
        if self.probability is not None:
            special.update(node for node, probability in enumerate(self.probability) if probability is not None)
        return special

    def node_lines(self, start: int, stop: int) -> str:
        """The node statements of nodes start..stop-1, made column by column."""
        columns, size = self.columns, stop - start
        names = _rows(columns.name, start, stop)
        if not columns.plain_names and not is_plain("".join(names)):
            names = [escape_label(name) for name in names]
        shapes = list(map(_SHAPES_BY_ID.__getitem__, map(id, _rows(columns.player, start, stop))))
        boards = list(map(self.board_texts.__getitem__, _rows(columns.board, start, stop)))  # "\\n" and the board
        return interleave(
            size,
            [
                "n",
                range(start, stop),
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

    def details(self, start: int, stop: int) -> list[Column]:
        """The label's columns after the board: "#visit  v=value" or "(static value)", and the window."""
        columns = self.columns
        visits, values, statics, alphas, betas = (
            _rows(column, start, stop)
            for column in (columns.visit, columns.value, columns.static_value, columns.alpha, columns.beta)
        )
        counts = None if self.visits is None else [self.visits.final(node) for node in range(start, stop)]
        types = {*map(type, values), *map(type, statics), *map(type, alphas), *map(type, betas)}
        if counts is not None or not types <= _PLAIN_TYPES:  # Monte Carlo ("n=visits  v=mean") or odd values
            return self.odd_details(visits, values, statics, alphas, betas, counts)
        value_pieces, static_texts = self.value_pieces, self.static_texts
        visit_texts = int_texts(visits, "\\n#")  # None when some node was not visited (or a visit is not an int)
        if visit_texts is not None:
            pieces: list[Column] = [visit_texts, map(value_pieces.__getitem__, values)]
        else:
            pieces = [
                [
                    static_texts[static] if visit is None else f"\\n#{visit}{value_pieces[value]}"
                    for visit, value, static in zip(visits, values, statics)
                ]
            ]
        if alphas.count(None) == stop - start:
            return pieces
        return [*pieces, map(self.window_texts.__getitem__, zip(alphas, betas))]

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
        if child in self.pruned:
            status = "pruned"
        else:
            status = "unreached" if self.columns.status[child] is NodeStatus.UNREACHED else "visited"
        probability = None if self.probability is None else self.probability[child]
        bold = parent in self.bold and child in self.bold
        key = (status, probability, (parent, child) in self.cuts, bold)
        style = self.edge_styles.get(key)
        if style is None:
            attributes = edge_attributes(status, probability=probability, cut=key[2])
            if bold:
                attributes["penwidth"] = PV_WIDTH
            style = self.edge_styles[key] = dot_attributes(**attributes)
        return style
