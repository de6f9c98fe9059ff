"""Provides `read_dot` and `assert_draws`: DOT text read back, and a finished search's drawing checked node
by node against the trace it was written from (what a file says, not what a second writer would say).

`read_dot` reads the statements the visualizer writes (one a line) with regular expressions, a hundred
times faster than pydot's parser; `tests/unit/test_dot_frames.py` checks that it reads what pydot reads.
"""

from __future__ import annotations

import re

from visualizer.dot.labels import SHAPES
from visualizer.games.base import format_value
from visualizer.pictures.scene import standing_cuts
from visualizer.shown_text import escaped_lines
from visualizer.tracing import NodeStatus, Trace

__all__ = ["Dot", "assert_draws", "attributes", "read_dot", "unquote_label"]

_NODE = re.compile(r"^(n\d+)( \[.*\])?;$")
_EDGE = re.compile(r"^(n\d+) -> (n\d+)( \[.*\])?;$")
_GRAPH = re.compile(r"^(\w+)=(.*);$")
_ATTRIBUTE = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|[^,\]]+)(?:, |\]$)')
_LINE_BREAKS = {"n": "\n", "l": "\n", "r": "\r"}
"""Graphviz's line-break escapes in labels (centred, left- and right-justified) and what they decode to."""


def unquote_label(quoted: str) -> str:
    """The inverse of `quote_label`: a quoted DOT string (as pydot parses it back) to its text."""
    if len(quoted) >= 2 and quoted[0] == quoted[-1] == '"':
        quoted = quoted[1:-1]
    text, index = [], 0
    while index < len(quoted):
        char = quoted[index]
        if char == "&" and quoted.startswith("&amp;", index):
            text.append("&")
            index += len("&amp;")
        elif char == "\\" and index + 1 < len(quoted):
            following = quoted[index + 1]
            if following in '\\"':
                text.append(following)
            elif following in _LINE_BREAKS:
                text.append(_LINE_BREAKS[following])
            else:
                text.append(char + following)
            index += 2
        else:
            text.append(char)
            index += 1
    return "".join(text)


def attributes(text: str | None) -> dict[str, str]:
    """` [key=value, ...]` with each value decoded (quoted or not); {} for None."""
    if not text:
        return {}
    return {key: unquote_label(value) for key, value in _ATTRIBUTE.findall(text.strip())}


class Dot:
    """A DOT text read back: the graph's attributes, its nodes by DOT id, its edges in file order."""

    def __init__(
        self, graph: dict[str, str], nodes: dict[str, dict[str, str]], edges: list[tuple[str, str, dict[str, str]]]
    ):
        self.graph, self.nodes, self.edges = graph, nodes, edges


def read_dot(text: str) -> Dot:
    """The statements of a DOT text the visualizer wrote, each value decoded."""
    lines = text.split(";\n")
    assert lines[0].startswith("digraph trace {\n") and lines[-1] == "}\n", text[:200]
    lines[0] = lines[0][len("digraph trace {\n") :]
    graph, nodes, edges = {}, {}, []
    for statement in (line + ";" for line in lines[:-1]):
        if found := _EDGE.match(statement):
            edges.append((found[1], found[2], attributes(found[3])))
        elif found := _NODE.match(statement):
            nodes[found[1]] = attributes(found[2])
        elif found := _GRAPH.match(statement):
            graph[found[1]] = unquote_label(found[2])
        else:
            assert statement.startswith(("node [", "edge [")), statement
    return Dot(graph, nodes, edges)


def assert_draws(trace: Trace, text: str) -> None:
    """The DOT text of `trace`'s finished search names, shapes, labels and styles every node, and
    joins them by the tree's edges, the cut ones red, as the trace says."""
    dot = read_dot(text)
    columns = trace.columns
    assert set(dot.nodes) == {f"n{node}" for node in range(columns.node_count)}
    pv = set(trace.summary.principal_variation)
    for node in trace.nodes:
        found, name = dot.nodes[f"n{node.id}"], escaped_lines(node.name)  # (control characters as escapes)
        assert found["tooltip"] == name
        label = found["label"]
        assert label.startswith(name + "\n") or label == name, (name, label)
        lines = label[len(name) + 1 :].split("\n")
        assert found["shape"] == SHAPES[node.player.value]
        board = [] if node.board is None else escaped_lines(node.board).split("\n")
        assert lines[: len(board)] == board
        assert ("fontname" in found) == (node.board is not None)
        details = lines[len(board) :]
        if node.visit is not None and not details[0].startswith("n="):
            assert details[0] == f"#{node.visit}  v={format_value(node.value, missing='?')}", (node.name, details)
        if node.alpha is not None and node.visit is not None:
            assert details[-1] == f"[{format_value(node.alpha)}, {format_value(node.beta)}]"
        expected = {NodeStatus.PRUNED: "dashed", NodeStatus.UNREACHED: "dotted"}.get(node.status, "")
        assert found.get("style", "") == expected, (node.name, found)
        assert (found.get("penwidth") == "3") == (node.id in pv)
    tree = [(source, target, found) for source, target, found in dot.edges if found.get("label") != "same position"]
    expected_edges = sorted((node.parent, node.id) for node in trace.nodes if node.parent is not None)
    assert [(source, target) for source, target, _ in tree] == [(f"n{one}", f"n{two}") for one, two in expected_edges]
    cuts = {(f"n{parent}", f"n{child}") for parent, child in standing_cuts(trace)}
    for source, target, found in tree:
        assert (found.get("label") == "cut") == ((source, target) in cuts), (source, target)
