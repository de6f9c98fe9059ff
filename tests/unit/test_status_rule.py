"""Tests the status rule below the depth limit: pruned wins. A node inside a subtree a cut-off skipped
is pruned whatever its depth; unreached is only for nodes below the look-ahead that no cut-off
skipped. The JSON, the DOT (finished and last frame), the text node table and the app's tree
drawing must all say so, for every node.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.cli.render import node_table, run_text
from visualizer.dot.write import to_dot
from visualizer.games import ExplicitTree, Player, from_array, from_nested, random_tree
from visualizer.readwrite.trace_json import from_json, to_json
from visualizer.search import ALGORITHMS, REGISTRY, trace_search
from visualizer.steps.replay import Replay
from visualizer.steps.visits import is_monte_carlo, visit_counts
from visualizer.tracing.events import EVENT_KINDS, Effect
from visualizer.tracing.trace import Trace
from visualizer.tui import tree_layout as layout
from visualizer.tui.node_labels import node_label, node_line

pytestmark = pytest.mark.filterwarnings("ignore:'setParseAction' deprecated")  # pydot's parser, not ours

# A binary tree of depth 3 searched to depth 2 (root MAX):
#                 A
#         B(MIN)          C(MIN)
#      D=5     E=6     F=3     G=9      <- the look-ahead: static values
#     H   I   J   K   L   M   N   O
# B = min(5, 6) = 5 gives A alpha 5; at C, F = 3 <= 5 cuts G off. G's children N and O lie below the
# look-ahead, inside the skipped subtree: pruned. H..M lie below it with no cut-off above: unreached.
CUT_ABOVE_THE_LIMIT = [0, 0, 0, 5, 6, 3, 9, 1, 2, 3, 4, 5, 6, 7, 8]
HAND_CHECKED = {"visited": set("ABCDEF"), "pruned": set("GNO"), "unreached": set("HIJKLM")}

# Nested, root MAX, depth 2: [[5, 6], [3, [[1, 2], [3, 4]]]]. B = 5; at C the leaf F = 3 <= 5 cuts
# off G, an inner node at the look-ahead whose subtree goes two levels deeper: all pruned, none
# unreached (G has no static value, and pruning spares the search from needing one).
NESTED = [[5, 6], [3, [[1, 2], [3, 4]]]]
NESTED_CHECKED = {"visited": set("ABCDEF"), "pruned": set("GHIJKLM"), "unreached": set()}


# -- each output's status of every node, read from the output itself ------------------------------


def from_json_text(trace: Trace) -> dict[str, str]:
    data = json.loads(to_json(trace))
    graph = data["graph"]
    codes, column = graph["codes"]["status"], graph["node_columns"]["status"]
    statuses = {node["name"]: codes[code] for node, code in zip(data["nodes"], column, strict=True)}
    names = {node["id"]: node["name"] for node in data["nodes"]}
    summary = graph["summary"]
    assert {names[node] for node in summary["pruned"]} == {
        name for name, status in statuses.items() if status == "pruned"
    }
    assert {names[node] for node in summary["unreached"]} == {
        name for name, status in statuses.items() if status == "unreached"
    }
    return statuses


_NODE = re.compile(r"^n(\d+) \[(.*)\];$", re.MULTILINE)
_EDGE = re.compile(r"^n(\d+) -> n(\d+)(?: \[(.*)\])?;$", re.MULTILINE)


def _style_status(attributes: str) -> str:
    found = re.search(r"style=([\w,\"]+)", attributes)
    styles = set(found.group(1).strip('"').split(",")) if found else set()
    return "pruned" if "dashed" in styles else "unreached" if "dotted" in styles else "visited"


def from_dot_text(trace: Trace, text: str) -> dict[str, str]:
    """Node styles (dashed: pruned, dotted: unreached), checked against the style of the edge into each node."""
    names = [node.name for node in trace.nodes]
    statuses = {names[int(node)]: _style_status(attributes) for node, attributes in _NODE.findall(text)}
    for _parent, child, attributes in _EDGE.findall(text):
        assert _style_status(attributes) == statuses[names[int(child)]], (names[int(child)], attributes)
    return statuses


def from_node_table(trace: Trace) -> dict[str, str]:
    lines = node_table(trace).splitlines()
    if lines[0].split()[-1] == "status":
        statuses = {line.split()[0]: line.split()[-1] for line in lines[1:]}
    else:  # the column is left out when the search visited every node
        assert lines[0].split()[-1] == "value"
        statuses = {line.split()[0]: "visited" for line in lines[1:]}
    report = {line.split(":")[0]: line.split(":")[1].split() for line in run_text(trace).splitlines() if ":" in line}
    assert set(report.get("pruned", [])) == {name for name, status in statuses.items() if status == "pruned"}
    if REGISTRY[trace.algorithm].estimates:  # Monte Carlo: the nodes it never added are not listed
        assert "beyond the depth" not in report
    else:
        assert set(report.get("beyond the depth", [])) == {
            name for name, status in statuses.items() if status == "unreached"
        }
    return statuses


def from_drawing(trace: Trace) -> dict[str, str]:
    """The app's textbook drawing (and outline lines) after the last step."""
    replay = Replay(trace)
    replay.seek(replay.count)
    plan = layout.plan_tree(trace, max_width=10_000)
    assert plan is not None
    drawing = layout.draw_tree(plan, replay)
    statuses = {}
    counts = visit_counts(trace) if is_monte_carlo(trace) else None
    for node in trace.nodes:
        top, bottom = drawing.label(node.id)
        visit = replay.views[node.id].visit  # Monte Carlo labels show the node's visits instead
        marker = f"#{visit}" if counts is None else f"n={counts.at(node.id, replay.step)}"
        label = node_label(node, replay.views[node.id])
        line = node_line(node, replay.views[node.id]).plain
        if bottom == "pruned":
            assert "strike" in label.style and line.split()[-1] == "pruned"
            statuses[node.name] = "pruned"
        elif visit is not None and marker in top:
            statuses[node.name] = "visited"
        else:
            assert bottom == "·" and label.style == "dim" and line.split()[-1] == "unreached", (node.name, line)
            statuses[node.name] = "unreached"
    return statuses


def all_outputs(trace: Trace) -> dict[str, dict[str, str]]:
    return {
        "json": from_json_text(trace),
        "json read back": {node.name: node.status.value for node in from_json(to_json(trace)).nodes},
        "dot": from_dot_text(trace, to_dot(trace)),
        "dot, last frame": from_dot_text(trace, to_dot(trace, step=len(trace.events))),
        "table": from_node_table(trace),
        "drawing": from_drawing(trace),
    }


def by_status(statuses: dict[str, str]) -> dict[str, set[str]]:
    grouped: dict[str, set[str]] = {"visited": set(), "pruned": set(), "unreached": set()}
    for name, status in statuses.items():
        grouped[status].add(name)
    return grouped


# -- hand-checked trees ------------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", ["alphabeta", "negamax-ab"])
@pytest.mark.parametrize("iterative", [False, True])
def test_a_cutoff_above_the_limit_prunes_below_it_in_every_output(algorithm, iterative):
    trace = trace_search(from_array(CUT_ABOVE_THE_LIMIT), algorithm, depth=2, iterative=iterative)
    for output, statuses in all_outputs(trace).items():
        assert by_status(statuses) == HAND_CHECKED, output


def test_without_pruning_every_node_below_the_limit_is_unreached():
    trace = trace_search(from_array(CUT_ABOVE_THE_LIMIT), "minimax", depth=2)
    expected = {"visited": set("ABCDEFG"), "pruned": set(), "unreached": set("HIJKLMNO")}
    for output, statuses in all_outputs(trace).items():
        assert by_status(statuses) == expected, output


@pytest.mark.parametrize("algorithm", ["alphabeta", "negamax-ab"])
def test_a_pruned_inner_node_at_the_limit_takes_its_whole_subtree(algorithm):
    trace = trace_search(from_nested(NESTED), algorithm, depth=2)
    for output, statuses in all_outputs(trace).items():
        assert by_status(statuses) == NESTED_CHECKED, output


def test_the_table_shows_no_status_column_when_every_node_is_visited():
    trace = trace_search(from_array(CUT_ABOVE_THE_LIMIT), "minimax")
    assert node_table(trace).splitlines()[0].split() == ["name", "parent", "children", "player", "value"]


# -- the rule on random trees, from the events and the tree alone --------------------------------------


def expected_statuses(tree: ExplicitTree, trace: Trace, depth_limit: int) -> dict[str, str]:
    """Visited: entered. Pruned: a child a cut-off skipped, or below one. Else unreached.

    A search that enters nodes again may skip a child it searched before: it stays visited. Monte
    Carlo search leaves out the nodes it never added to its tree: unreached at any depth.
    """
    entered = {event.node for event in trace.events if EVENT_KINDS[event.kind].effect is Effect.OPEN}
    revisits, estimates = trace.traits.revisits, REGISTRY[trace.algorithm].estimates
    pruned: set[int] = set()
    frontier = [child for cutoff in trace.summary.cutoffs for child in cutoff.skipped]
    while frontier:
        pruned.update(frontier)
        frontier = [kid for node in frontier for kid in tree.children[node]]
    statuses = {}
    for node in range(len(tree)):
        if node in entered:
            assert node not in pruned or revisits
            statuses[tree.names[node]] = "visited"
        elif node in pruned:
            statuses[tree.names[node]] = "pruned"
        else:
            assert tree.depths[node] > depth_limit or estimates  # only the look-ahead leaves a node out otherwise
            statuses[tree.names[node]] = "unreached"
    return statuses


@settings(max_examples=25, deadline=None)
@given(
    leaves=st.integers(1, 12),
    branching=st.integers(2, 3),
    seed=st.integers(0, 2**32 - 1),
    depth_limit=st.integers(0, 4),
    algorithm=st.sampled_from(ALGORITHMS),
    root=st.sampled_from([Player.MAX, Player.MIN]),
)
def test_every_output_follows_the_rule_on_random_trees(leaves, branching, seed, depth_limit, algorithm, root):
    tree = random_tree(leaves=leaves, branching=branching, seed=seed, value_range=(-9, 9), root=root)
    few = {"iterations": 40} if "iterations" in REGISTRY[algorithm].options else {}  # Monte Carlo: a small tree
    trace = trace_search(tree, algorithm, depth=depth_limit, **few)
    expected = expected_statuses(tree, trace, depth_limit)
    for output, statuses in all_outputs(trace).items():
        assert statuses == expected, output
