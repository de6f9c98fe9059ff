"""Provides `check_agreement`: the summary and the node columns of a trace agree with its events, worked out
again from the events as the recorder works them out (`tracing.recorder`, `tracing.filing`), a column at a time."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from visualizer.errors import InputError
from visualizer.games.base import Player, format_value
from visualizer.games.explicit import ExplicitTree
from visualizer.games.explicit_spec import ExplicitKind
from visualizer.games.registry import find_game_kind
from visualizer.readwrite.schema import inconsistent
from visualizer.tracing.events import EVENT_KINDS, Effect
from visualizer.tracing.recording_hooks import BACK_UP, EVALUATE, LOGS_VALUE, SIMULATE
from visualizer.tracing.trace import Trace
from visualizer.tracing.trace_columns import KINDS, Nones
from visualizer.tracing.trace_records import NodeStatus

__all__ = ["check_agreement"]

_PLAYERS = (Player.MAX, Player.MIN, Player.CHANCE)
_PLAYER_CODES = {player: code for code, player in enumerate(_PLAYERS)}
_MAX, _MIN, _CHANCE = range(3)
_STATUSES = (NodeStatus.VISITED, NodeStatus.PRUNED, NodeStatus.UNREACHED)
_VISITED, _PRUNED, _UNREACHED = range(3)
_MEMBERS = (np.array(_PLAYERS, object), np.array(_STATUSES, object))
_NONE = np.array(None, object)
_LOGS_VALUE = bytes(code in LOGS_VALUE for code in range(256))
_CLOSES = bytes(code < len(KINDS) and EVENT_KINDS[KINDS[code]].effect is Effect.CLOSE for code in range(256))


def check_agreement(trace: Trace, parent_ids: np.ndarray, entered: list[int], name: str) -> None:
    """Checks that the players follow the tree's rule and that the node values, the summary's value, counts,
    best child, best move, principal variation, pruned and unreached nodes, and the status column are what
    the events give (`parent_ids`: each node's parent, -1 for the root; `entered`: the entered nodes in order).

    Raises:
        TraceFileError: naming the first field that disagrees, with both values.
    """
    players = _player_codes(trace)
    _check_players(trace, players, parent_ids, name)
    _check_values(trace, players, name)
    summary, kinds = trace.summary, trace.columns.event_kind
    evaluated = kinds.count(EVALUATE) + kinds.count(SIMULATE)
    if summary.leaves_evaluated != evaluated:
        problem = f"graph.summary.leaves_evaluated is {_shown(summary.leaves_evaluated)}, but the events evaluate"
        raise inconsistent(name, f"{problem} {evaluated:,}")
    _check_line(trace, players, name)
    _check_pruned(trace, entered, name)


def _shown(value: Any) -> str:
    """A value as a message shows it (shortened when long)."""
    text = format_value(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _objects(column: Sequence[Any]) -> np.ndarray:
    """A column as an object array."""
    array = np.empty(len(column), object)
    if not isinstance(column, Nones):
        array[:] = column if isinstance(column, list) else list(column)
    return array


def _player_codes(trace: Trace) -> np.ndarray:
    """The player column as positions in `_PLAYERS`: when it has no chance node and alternates from the root
    (a list comparison in C), the depths' parity; else looked up node by node."""
    column = trace.columns.player
    if Player.CHANCE not in column and trace.root_player is not Player.CHANCE:
        codes = (_PLAYER_CODES[trace.root_player] + np.asarray(trace.columns.depth, np.int64)) % 2
        if _MEMBERS[0][codes].tolist() == list(column):
            return codes.astype(np.int8)
    return _codes(column, _PLAYERS)


def _codes(column: Sequence[Any], members: tuple[Any, ...]) -> np.ndarray:
    """A column of enum members as their positions in `members` (matched by identity: an enum's hash is
    Python code, too slow for half a million nodes)."""
    ids = np.fromiter(map(id, column), np.uintp, len(column))
    codes = np.zeros(len(column), np.int8)
    for code, member in enumerate(members[1:], 1):
        codes[ids == id(member)] = code
    return codes


def _given(array: np.ndarray) -> np.ndarray:
    """True where an object array holds something other than None."""
    return np.not_equal(array, _NONE)


def _check_players(trace: Trace, players: np.ndarray, parent_ids: np.ndarray, name: str) -> None:
    """The root's player is the file's `root_player`; a node is a chance node only with children, which then
    have probabilities (and no other node has one); MAX and MIN alternate from the root, chance nodes between
    them not counting (expectiminimax), except where the source declares a node's kind (`_declared`)."""
    columns, root = trace.columns, trace.root_player
    names, depth = columns.name, np.asarray(columns.depth, np.int64)
    if players[0] != _PLAYER_CODES[root] or root is Player.CHANCE:
        problem = f"graph.node_columns.player[0] (the root {names[0]!r}) is {_PLAYERS[players[0]].value}"
        raise inconsistent(name, f"{problem}, but graph.root_player is {root.value}")
    given = trace.source.get("root") if isinstance(trace.source, dict) else None
    if given in ("max", "min") and given != root.value and "levels" not in trace.source:
        raise inconsistent(name, f"graph.root_player is {root.value}, but graph.source.root is {given}")
    chance = players == _CHANCE
    parents = parent_ids[1:]
    given_probability = _given(_objects(columns.probability))  # (quick for a column of nulls)
    has_children = np.bincount(parents, minlength=len(players)) > 0
    wrong = np.flatnonzero(chance & ~has_children)
    if len(wrong):
        raise inconsistent(name, f"node {names[wrong[0]]!r} is a chance node without children")
    wrong = np.flatnonzero(given_probability[1:] != chance[parents]) + 1
    if given_probability[0] or len(wrong):
        node = 0 if given_probability[0] else int(wrong[0])
        what = "has a probability" if given_probability[node] else "has no probability"
        parent = "the root" if node == 0 else repr(names[parent_ids[node]])
        kind = "is not" if node == 0 or not chance[parent_ids[node]] else "is"
        problem = f"graph.node_columns.probability[{node}] (node {names[node]!r}) {what}"
        raise inconsistent(name, f"{problem}, but {parent} {kind} a chance node")
    declared, declares = _declared(trace, depth, has_children, name)
    if chance.any() or declared is not None:  # each turn is the opponent of the nearest MAX or MIN above
        turns = np.empty(len(players), np.int8)
        turns[0] = players[0]
        for node in np.argsort(depth, kind="stable")[1:].tolist():
            parent = parent_ids[node]
            turns[node] = turns[parent] if chance[parent] else 1 - players[parent]
    else:
        turns = (players[0] + depth) % 2
    expected = turns if declared is None else np.where(declared >= 0, declared, turns)
    wrong = np.flatnonzero(~chance & (players != expected))
    if len(wrong):
        node = int(wrong[0])
        problem = f"graph.node_columns.player[{node}] (node {names[node]!r}) is {_PLAYERS[players[node]].value}"
        if declared is not None and declared[node] >= 0:
            rule = f"{declares(node)} {_PLAYERS[declared[node]].value}"
        else:
            rule = "MAX and MIN alternate from the root (chance nodes between them do not count), so it is"
            rule += " " + _PLAYERS[turns[node]].value
        raise inconsistent(name, f"{problem}, but {rule}")


def _declared(trace: Trace, depth: np.ndarray, has_children: np.ndarray, name: str) -> tuple[np.ndarray | None, Any]:
    """The kind the source declares for each node (its code, -1 where it declares none) and a phrase that says
    where, for a node; (None, None) when it declares none. `source.levels` declares each inner node's kind by
    its depth (repeated down the tree); a nested source declares the nodes written {"max": [...]} or
    {"min": [...]}, and a kind with a tree class of its own (a CS188 test) the nodes its tree declares, matched
    by name."""
    source = trace.source if isinstance(trace.source, dict) else {}
    levels = source.get("levels")
    if isinstance(levels, list) and levels and all(level in ("max", "min", "chance") for level in levels):
        codes = np.array([_PLAYER_CODES[Player(level)] for level in levels], np.int8)
        at = codes[depth % len(levels)]
        declared = np.where(has_children & (at != _CHANCE), at, -1).astype(np.int8)
        return declared, lambda node: f"graph.source.levels gives depth {depth[node]}"
    record = find_game_kind(source.get("kind"))
    own_tree = record is not None and issubclass(record.game_class, ExplicitTree)  # a tree class of its own: cs188
    if own_tree or source.get("kind") == "nested" and _has_kinds(source.get("nested")):
        builder = record.game_class if record is not None and own_tree else ExplicitKind
        try:
            tree = cast(ExplicitTree, builder.from_spec(source))
        except InputError as error:
            raise inconsistent(name, f"graph.source does not build a tree: {error}") from None
        kinds = {node: _PLAYER_CODES[kind] for node, kind in zip(tree.names, tree.kinds) if kind is not None}
        declared = np.array([kinds.get(node, -1) for node in trace.columns.name], np.int8)
        return declared, lambda node: f"graph.source{'' if own_tree else '.nested'} declares it"
    return None, None


def _has_kinds(nested: Any) -> bool:
    """True when a nested source writes a node as {"max": [...]} or {"min": [...]}."""
    waiting = [nested]
    while waiting:
        item = waiting.pop()
        if isinstance(item, dict) and ("max" in item or "min" in item):
            return True
        if isinstance(item, list):
            waiting.extend(item)
        elif isinstance(item, dict):
            waiting.extend(item.values())
    return False


def _check_values(trace: Trace, players: np.ndarray, name: str) -> None:
    """Each node's value is the value of its last exit (MAX's view), None if it never exited; the summary's
    value is the root's."""
    columns, summary = trace.columns, trace.summary
    count = len(players)
    kinds, at = columns.event_kind, np.asarray(columns.event_node, np.int64)
    closes = np.flatnonzero(np.frombuffer(kinds.translate(_CLOSES), np.bool_))
    last = np.full(count, -1, np.int64)
    if trace.traits.revisits:
        np.maximum.at(last, at[closes], closes)
    else:  # each node exits once at most (`_check_events`)
        last[at[closes]] = closes
    closed = np.flatnonzero(last >= 0)
    expected = np.full(count, None, object)
    at_last = last[closed].tolist()
    expected[closed] = np.fromiter(map(columns.event_value.__getitem__, at_last), object, len(at_last))
    if trace.traits.movers_view:  # the mover's view, turned to MAX's
        signs = np.where(players == _MIN, -1, 1).astype(object)
        valued = np.flatnonzero(_given(expected))
        expected[valued] = expected[valued] * signs[valued]
    values, wanted = columns.value, expected.tolist()
    if wanted != list(values):  # a list comparison, in C
        node = next(node for node, pair in enumerate(zip(values, wanted)) if not _same(*pair))
        problem = f"graph.node_columns.value[{node}] (node {columns.name[node]!r}) is {_shown(values[node])}"
        source = "its last exit gives" if last[node] >= 0 else "it never exits, so it has"
        raise inconsistent(name, f"{problem}, but {source} {_shown(expected[node])}")
    if summary.value != values[0] or type(summary.value) is bool:
        problem = f"graph.summary.value is {_shown(summary.value)}, but the events give the root"
        raise inconsistent(name, f"{problem} {_shown(values[0])}")


def _same(one: Any, other: Any) -> bool:
    """True when a list comparison takes `one` and `other` as equal."""
    return one is other or bool(one == other)


def _check_line(trace: Trace, players: np.ndarray, name: str) -> None:
    """The principal variation follows each node's best child from the root, as the recorder chooses it: the
    most visited child (Monte Carlo), else the child whose back-up last changed the node's value; it stops at
    a chance node. The best move is the move into the best child."""
    columns, summary = trace.columns, trace.summary
    line, names = summary.principal_variation, columns.name
    visits = columns.event_extra.get("visits", {})
    best: dict[int, int] = {}
    if visits:
        counts = {columns.event_node[step - 1]: count for step, count in sorted(visits.items())}
        for node in sorted(counts):  # the first most visited child, in id order
            parent = columns.parent[node]
            if parent is not None and counts[node] > counts.get(best.get(parent, -1), 0):
                best[parent] = node
    else:
        on_line = np.zeros(len(players), np.bool_)
        on_line[list(line)] = True
        kinds, at = columns.event_kind, np.asarray(columns.event_node, np.int64)
        steps = np.flatnonzero(np.frombuffer(kinds.translate(_LOGS_VALUE), np.bool_) & on_line[at])
        values, children = columns.event_value, columns.event_child
        running: dict[int, Any] = {}
        for index in steps.tolist():
            node, value = int(at[index]), values[index]
            if kinds[index] == BACK_UP and value != running.get(node):
                best[node] = children[index]
            running[node] = value
    for position, node in enumerate(line):
        after = None if players[node] == _CHANCE else best.get(node)
        given = line[position + 1] if position + 1 < len(line) else None
        if given == after:
            continue
        if position == 0:
            field = f"graph.summary.best_child is {_node(names, given)}"
            raise inconsistent(name, f"{field}, but the events make the root's best child {_node(names, after)}")
        field = f"graph.summary.principal_variation goes from {names[node]!r} to {_node(names, given)}"
        raise inconsistent(name, f"{field}, but the events make its best child {_node(names, after)}")
    move = None if summary.best_child is None else columns.move[summary.best_child]
    if summary.best_move != move or type(summary.best_move) is not type(move):
        problem = f"graph.summary.best_move is {_shown(summary.best_move)}, but the move into the best child is"
        raise inconsistent(name, f"{problem} {_shown(move)}")


def _node(names: Sequence[str], node: int | None) -> str:
    return "none" if node is None else repr(names[node])


def _check_pruned(trace: Trace, entered: list[int], name: str) -> None:
    """Each cut-off prunes its skipped children and every node below them; the summary's pruned nodes are
    those of all cut-offs (less the ones visited, for a search that revisits); the status column says visited,
    pruned or unreached as the events and cut-offs do; the summary's unreached nodes are the unreached ones."""
    columns, summary = trace.columns, trace.summary
    names, count = columns.name, len(columns.name)
    pruned: set[int] = set()
    for index, cutoff in enumerate(summary.cutoffs):
        below, frontier = [], list(cutoff.skipped)
        while frontier:
            below += frontier
            frontier = [kid for node in frontier for kid in columns.children[node]]
        if tuple(cutoff.pruned) != tuple(sorted(below)):
            missing = sorted(set(below).symmetric_difference(cutoff.pruned))
            what = "leaves out" if missing and missing[0] in below else "lists"
            first = _node(names, missing[0] if missing else None)
            problem = f"graph.summary.cutoffs[{index}].pruned {what} node {first}"
            rule = "it must list the skipped children and all nodes below them, once each"
            raise inconsistent(name, f"{problem}; {rule}")
        pruned.update(below)
    visited = np.zeros(count, np.bool_)
    visited[entered] = True
    if trace.traits.revisits:
        pruned.difference_update(entered)
    if tuple(summary.pruned) != tuple(sorted(pruned)):
        extra = sorted(pruned.symmetric_difference(summary.pruned))
        what = "leaves out" if extra and extra[0] in pruned else "lists"
        problem = f"graph.summary.pruned {what} node {_node(names, extra[0] if extra else None)}"
        raise inconsistent(name, f"{problem}; it must list the nodes the cut-offs prune, in id order, once each")
    is_pruned = np.zeros(count, np.bool_)
    is_pruned[list(pruned)] = True
    expected = np.where(visited, _VISITED, np.where(is_pruned, _PRUNED, _UNREACHED))
    same = _MEMBERS[1][expected].tolist() == list(columns.status)  # (in C, with no enum hashed)
    status = expected if same else _codes(columns.status, _STATUSES)
    wrong = np.flatnonzero(status != expected)
    if len(wrong):
        node = int(wrong[0])
        problem = f"graph.node_columns.status[{node}] (node {names[node]!r}) is {_STATUSES[status[node]].value}"
        raise inconsistent(name, f"{problem}, but the events and cut-offs make it {_STATUSES[expected[node]].value}")
    unreached = tuple(np.flatnonzero(status == _UNREACHED).tolist())
    if tuple(summary.unreached) != unreached:
        problem = f"graph.summary.unreached lists {len(summary.unreached):,} nodes"
        raise inconsistent(name, f"{problem}, but the status column has {len(unreached):,} unreached")
