"""Provides the plain-text and JSON views of trees and traces that the CLI prints."""

from __future__ import annotations

from typing import Any, Collection, Sequence

from visualizer.games import ExplicitTree
from visualizer.games.base import format_value
from visualizer.games.treefacts import tree_facts
from visualizer.tracing import Trace
from visualizer.tracing.describe import cutoff_relation
from visualizer.tracing.traits import traits_of

__all__ = ["node_table", "text_table", "facts_text", "run_text", "run_json", "MAX_LISTED"]

MAX_LISTED = 200
"""Longer visit orders and pruned lists are summarised in text output (--json has them all)."""


def text_table(header: Sequence[str], rows: list[Sequence[str]], *, left: Collection[int] | None = None) -> str:
    """Columns two spaces apart; every column left-aligned, or only those in `left` (the rest right-aligned)."""
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(len(header))]

    def cell_text(column: int, cell: str) -> str:
        return cell.ljust(widths[column]) if left is None or column in left else cell.rjust(widths[column])

    lines = ["  ".join(cell_text(column, cell) for column, cell in enumerate(row)).rstrip() for row in [header, *rows]]
    return "\n".join(lines)


def node_table(trace: Trace, *, show_player: bool = True) -> str:
    """One row per node: name, parent, children, player and static value ('-' where missing).

    When the search left nodes out, a last column gives each node's status: visited, pruned or
    unreached (pruned wins below the depth limit too; see `NodeStatus`).
    """
    nodes = trace.nodes
    header = ["name", "parent", "children", "player", "value"]
    rows = [
        [
            node.name,
            "-" if node.parent is None else nodes[node.parent].name,
            " ".join(nodes[child].name for child in node.children) or "-",
            node.player.value.upper(),
            format_value(node.static_value),
        ]
        for node in nodes
    ]
    if trace.summary.pruned or trace.summary.unreached:
        header.append("status")
        for row, node in zip(rows, nodes):
            row.append(node.status.value)
    if not show_player:
        header.pop(3)
        for row in rows:
            row.pop(3)
    return text_table(header, rows)


def _yes_no(answer: bool | None) -> str:
    return "n/a (no values at interior nodes)" if answer is None else ("yes" if answer else "no")


def facts_text(tree: ExplicitTree) -> str:
    """Size, height, leaves, shape and heap answers, and the traversals of an explicit tree."""
    facts = tree_facts(tree)
    names = tree.names

    def order(ids: Sequence[int] | None) -> str:
        return "n/a (a node has more than two children)" if ids is None else " ".join(names[i] for i in ids)

    lines = [
        ("size", str(facts.size)),
        ("height", str(facts.height)),
        ("leaves", str(facts.leaves)),
        ("branching", str(facts.branching)),
        ("complete", _yes_no(facts.is_complete)),
        ("perfect", _yes_no(facts.is_perfect)),
        ("max-heap", _yes_no(facts.is_max_heap)),
        ("min-heap", _yes_no(facts.is_min_heap)),
        ("pre-order", order(facts.preorder)),
        ("in-order", order(facts.inorder)),
        ("post-order", order(facts.postorder)),
        ("level-order", order(facts.level_order)),
    ]
    return "\n".join(f"{label + ':':<13}{text}" for label, text in lines)


def _names(trace: Trace, ids: Sequence[int]) -> str:
    if not ids:
        return "-"
    if len(ids) > MAX_LISTED:
        shown = " ".join(trace.names(ids[:MAX_LISTED]))
        return f"{shown} ... ({len(ids):,} in all; --json lists them all)"
    return " ".join(trace.names(ids))


def _cutoff_sentence(trace: Trace, cutoff: Any) -> str:
    """E.g. 'E (MIN): J brings it to 3 <= alpha 6, so K is pruned'."""
    event = trace.events[cutoff.step - 1]
    node = trace.nodes[cutoff.node]
    skipped = trace.names(cutoff.skipped)
    verb = "is" if len(skipped) == 1 else "are"
    extra = len(cutoff.pruned) - len(cutoff.skipped)
    below = f" (with {extra} node{'s' if extra != 1 else ''} below)" if extra > 0 else ""
    child = trace.nodes[cutoff.child].name
    view = ", mover's view" if trace.is_negamax else ""
    return (
        f"{node.name} ({node.player.value.upper()}{view}): {child} brings it to {format_value(event.value)} "
        f"{cutoff_relation(trace, event)}, so {', '.join(skipped)} {verb} pruned{below}"
    )


def _header(trace: Trace) -> str:
    depth = "full depth" if trace.depth_limit is None else f"depth {trace.depth_limit}"
    parts = [trace.algorithm, trace.description, f"root {trace.root_player.value.upper()}", depth]
    if traits_of(trace.algorithm).windowed:  # only a search with a window has a cut rule
        parts.append("cut on strict inequality" if trace.strict else "cut on equality")
    return " | ".join(parts)


def run_text(trace: Trace) -> str:
    """The result of one search as a short report."""
    summary = trace.summary
    best = "-" if summary.best_move is None else str(summary.best_move)
    lines = [
        _header(trace),
        f"{'visit order:':<21}{_names(trace, summary.visit_order)}",
        f"{'value:':<21}{format_value(summary.value)}",
        f"{'best move:':<21}{best}",
        f"{'principal variation:':<21}{_names(trace, summary.principal_variation)}",
        f"{'nodes visited:':<21}{summary.nodes_visited:,}",
        f"{'leaves evaluated:':<21}{summary.leaves_evaluated:,}",
        f"{'cut-offs:':<21}{len(summary.cutoffs):,}",
    ]
    shown = summary.cutoffs[:MAX_LISTED]
    lines += [f"  {_cutoff_sentence(trace, cutoff)}" for cutoff in shown]
    if len(summary.cutoffs) > len(shown):
        lines.append(f"  ... ({len(summary.cutoffs):,} in all; --json lists them all)")
    if summary.pruned:
        lines.append(f"{'pruned:':<21}{_names(trace, summary.pruned)}")
    if summary.unreached:
        lines.append(f"{'beyond the depth:':<21}{_names(trace, summary.unreached)}")
    return "\n".join(lines)


def run_json(trace: Trace) -> dict[str, Any]:
    """The result of one search as a JSON-able dict (see README, "run --json")."""
    summary = trace.summary
    return {
        "algorithm": trace.algorithm,
        "source": trace.description,
        "spec": trace.source,
        "root": trace.root_player.value,
        "depth": trace.depth_limit,
        "strict": trace.strict,
        "iterative": trace.iterative,
        "value": summary.value,
        "best_move": summary.best_move,
        "principal_variation": trace.names(summary.principal_variation),
        "visit_order": trace.names(summary.visit_order),
        "cutoffs": [
            {
                "node": trace.nodes[cutoff.node].name,
                "child": trace.nodes[cutoff.child].name,
                "skipped": trace.names(cutoff.skipped),
                "pruned": trace.names(cutoff.pruned),
            }
            for cutoff in summary.cutoffs
        ],
        "pruned": trace.names(summary.pruned),
        "unreached": trace.names(summary.unreached),
        "stats": {
            "nodes_visited": summary.nodes_visited,
            "leaves_evaluated": summary.leaves_evaluated,
            "cutoffs": len(summary.cutoffs),
        },
    }
