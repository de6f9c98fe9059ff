"""Provides the plain-text and JSON views of trees and traces that the CLI prints."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from visualizer.analysis.compare import alphabeta_alone
from visualizer.games import ExplicitNodes
from visualizer.games.base import GraphStates, format_value, offers
from visualizer.games.registry import find_game_kind, from_spec
from visualizer.games.treefacts import tree_facts
from visualizer.search.options import option_label
from visualizer.search.registry import REGISTRY
from visualizer.shown_text import escaped
from visualizer.steps.describe import cutoff_relation, describe, window_failure, window_verdict
from visualizer.steps.visits import format_mean, is_monte_carlo, visit_counts
from visualizer.tracing import Trace
from visualizer.tracing.events import EventKind

__all__ = ["node_table", "text_table", "facts_text", "generated_states", "run_text", "run_json", "MAX_LISTED"]

MAX_LISTED = 200
"""Longer visit orders and pruned lists are summarised in text output (--json has them all)."""


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]], *, left: Collection[int] | None = None) -> str:
    """Columns two spaces apart; every column left-aligned, or only those in `left` (the rest right-aligned).
    The cells are `escaped` (a name's control characters as escapes) before they are measured."""
    rows = [[escaped(cell) for cell in row] for row in rows]
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(len(header))]

    def cell_text(column: int, cell: str) -> str:
        return cell.ljust(widths[column]) if left is None or column in left else cell.rjust(widths[column])

    lines = ["  ".join(cell_text(column, cell) for column, cell in enumerate(row)).rstrip() for row in [header, *rows]]
    return "\n".join(lines)


def node_table(trace: Trace) -> str:
    """One row per node: name, parent, children, player and static value ('-' where missing), and each
    node's status when the search left nodes out."""
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
    return text_table(header, rows)


def _yes_no(answer: bool | None) -> str:
    return "n/a (no values at interior nodes)" if answer is None else ("yes" if answer else "no")


def facts_text(tree: ExplicitNodes) -> str:
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
    return "\n".join(escaped(f"{label + ':':<13}{text}") for label, text in lines)


def _names(trace: Trace, ids: Sequence[int]) -> str:
    if not ids:
        return "-"
    if len(ids) > MAX_LISTED:
        shown = " ".join(trace.names(ids[:MAX_LISTED]))
        return f"{shown} ... ({len(ids):,} in all; --json lists them all)"
    return " ".join(trace.names(ids))


def _cutoff_sentence(trace: Trace, cutoff: Any) -> str:
    """E.g. 'E (MIN): J brings it to 3 <= alpha 6, so K is pruned'; a chance cut-off as the log says it."""
    event = trace.events[cutoff.step - 1]
    if event.kind is EventKind.CHANCE_CUTOFF:
        return describe(trace, event).rstrip(".")
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
    if trace.traits.windowed:  # only a search with a window has a cut rule
        parts.append("cut on strict inequality" if trace.strict else "cut on equality")
    refined = [
        option_label(name, trace.options[name]) for name in ("fail_hard", "window", "tt") if name in trace.options
    ]
    if refined:  # the alpha-beta refinements (other searches say their options in their own lines)
        parts.append(", ".join(refined))
    return " | ".join(parts)


def _transpositions(trace: Trace) -> int:
    """How many nodes of the trace took their value from the transposition table."""
    return sum(1 for event in trace.events if event.kind is EventKind.TRANSPOSITION)


def _refined_lines(trace: Trace) -> list[str]:
    """The alpha-beta refinements' part of `run_text`: the root window's verdict, the table's hits,
    and the passes of iterative deepening against one alpha-beta alone."""
    lines = []
    if "window" in trace.options:
        window = ":".join(format_value(bound) for bound in trace.options["window"])
        verdict = window_verdict(trace) or f"the value is inside it, so exact (window {window})"
        lines.append(f"{'root window:':<21}{verdict}")
    if trace.options.get("tt"):
        hits = f"{_transpositions(trace):,} nodes took a stored value instead of a search"
        if len(trace.passes) > 1:
            hits += f" in the last pass ({sum(map(_transpositions, trace.passes)):,} in all the passes)"
        lines.append(f"{'table hits:':<21}{hits}")
    refined = _refined_json(trace)
    if "passes" in refined:
        rows = [
            [str(index), format_value(one["depth"]), format_value(one["value"])] + _counts(one)
            for index, one in enumerate(refined["passes"], 1)
        ]
        rows.append(["total", "", ""] + _counts(refined["total"]))
        alone = refined.get("alphabeta_alone")
        if alone is not None:
            rows.append(["alphabeta alone", format_value(alone["depth"]), ""] + _counts(alone))
        lines.append(f"passes ({len(trace.passes)}; the counts above are the last pass's):")
        table = text_table(["pass", "depth", "value", "nodes visited", "leaves evaluated"], rows, left={0})
        lines += [f"  {line}" for line in table.splitlines()]
    return lines


def _counts(fields: dict[str, Any]) -> list[str]:
    return [f"{fields['nodes_visited']:,}", f"{fields['leaves_evaluated']:,}"]


def _refined_json(trace: Trace) -> dict[str, Any]:
    """The alpha-beta refinements' part of `run_json` (see README, "run --json")."""
    result: dict[str, Any] = {}
    window = trace.options.get("window")
    if window is not None:
        result["window"] = {"low": window[0], "high": window[1], "fails": window_failure(trace)}
    if trace.options.get("tt"):
        result["transpositions"] = _transpositions(trace)
    algorithm = REGISTRY.get(trace.algorithm)
    deepens = algorithm is not None and algorithm.deepens  # iterative deepening
    if len(trace.passes) > 1 or deepens:
        passes = [
            {
                "depth": one.depth_limit,
                "value": one.summary.value,
                "nodes_visited": one.summary.nodes_visited,
                "leaves_evaluated": one.summary.leaves_evaluated,
                "cutoffs": len(one.summary.cutoffs),
                **({"transpositions": _transpositions(one)} if trace.options.get("tt") else {}),
            }
            for one in trace.passes
        ]
        result["passes"] = passes
        result["total"] = {
            key: sum(one[key] for one in passes) for key in ("nodes_visited", "leaves_evaluated", "cutoffs")
        }
        alone = alphabeta_alone(trace) if deepens else None
        if alone is not None:
            result["alphabeta_alone"] = {
                "depth": trace.depth_limit,
                "nodes_visited": alone[0],
                "leaves_evaluated": alone[1],
            }
    return result


def _monte_carlo_lines(trace: Trace) -> list[str]:
    """Monte Carlo tree search's part of `run_text`: its settings, its tree, and the root's children by visits."""
    found = _monte_carlo_json(trace)
    if not found:
        return []
    counts = visit_counts(trace)
    options = trace.options
    settings = ", ".join(f"{name} {format_mean(options[name])}" for name in ("seed", "exploration") if name in options)
    in_tree = sum(1 for node in range(len(trace.nodes)) if counts.final(node))
    lines = [
        f"{'iterations:':<21}{found['iterations']:,}" + (f" ({settings})" if settings else ""),
        f"{'nodes in the tree:':<21}{in_tree:,}",
        "root's children, most visited first (the best move is the most visited; means from MAX's view):",
    ]
    best = trace.summary.best_child
    chosen = None if best is None else trace.nodes[best].name
    rows = [
        [
            child["child"],
            str(child["move"]),
            f"{child['visits']:,}",
            format_mean(child["mean"]),
            "chosen" if child["child"] == chosen else "",
        ]
        for child in found["children"]
    ]
    table = text_table(["child", "move", "visits", "mean", ""], rows, left={0, 1, 4})
    return lines + [f"  {line}" for line in table.splitlines()]


def _monte_carlo_json(trace: Trace) -> dict[str, Any]:
    """Monte Carlo tree search's part of `run_json`: iterations and the root's children by visits, most visited
    first ({} for other searches)."""
    if not is_monte_carlo(trace):
        return {}
    counts = visit_counts(trace)
    visited = [(child, counts.final(child)) for child in trace.root.children if counts.final(child)]
    return {
        "iterations": counts.final(0),
        "children": [
            {
                "child": trace.nodes[child].name,
                "move": trace.nodes[child].move,
                "visits": visits,
                "mean": trace.nodes[child].value,
            }
            for child, visits in sorted(visited, key=lambda pair: -pair[1])
        ],
    }


def generated_states(trace: Trace) -> list[str] | None:
    """The distinct states of the nodes the search entered, sorted (CS188's "generated" states, the start state
    among them), when the source's nodes stand for the states of a graph (`GraphStates`); else None."""
    kind = find_game_kind(trace.source.get("kind") if isinstance(trace.source, dict) else None)
    if kind is None or not issubclass(kind.game_class, GraphStates):
        return None
    game = from_spec(trace.source)
    if not offers(game, GraphStates):
        return None
    return sorted({game.state_of(name) for name in trace.names([0, *trace.summary.visit_order])})


def _graph_game_json(trace: Trace, states: list[str]) -> dict[str, Any]:
    """A graph game's generated states, and its answer as the course's `.solution` file writes it (action and
    generated states, space separated), to compare with one."""
    action = trace.summary.best_move
    return {"generated_states": states, "solution": {"action": action, "generated": " ".join(states)}}


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
    if summary.unreached and not is_monte_carlo(trace):  # Monte Carlo: nodes it never added (see below)
        lines.append(f"{'beyond the depth:':<21}{_names(trace, summary.unreached)}")
    if (states := generated_states(trace)) is not None:
        lines.append(f"{'generated states:':<21}{' '.join(states)}")
    lines += _monte_carlo_lines(trace)
    lines += _refined_lines(trace)
    return "\n".join(map(escaped, lines))  # each line made as one: what it has of a name's line breaks is escaped


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
        **({} if (states := generated_states(trace)) is None else _graph_game_json(trace, states)),
        **_monte_carlo_json(trace),
        **_refined_json(trace),
    }
