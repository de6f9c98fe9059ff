"""Provides `Case`: one tree a student's function is graded on, with the engine's own search of it as the
reference (`reference_run`), in the same shape as the student's run.

The engine returns fail-soft or fail-hard; the textbook's mixed rule (the value that caused a cut-off, else the
bound) makes fail-hard's visits and windows, so its reference is fail-hard's with the values of the nodes that
cut replaced (`reference_run`'s `mixed`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from visualizer.errors import InputError, NodeBudgetExceeded
from visualizer.games import ChanceMoves, Game, Player, offers
from visualizer.games.base import Value
from visualizer.grading.models import Convention
from visualizer.grading.record import Call, PlainNode, Run, plain_tree
from visualizer.search import trace_search
from visualizer.search.common import cut_test
from visualizer.steps.describe import describe
from visualizer.tracing.events import EventKind
from visualizer.tracing.trace import Trace

__all__ = ["MAX_GRADE_NODES", "Case", "reference_run"]

MAX_GRADE_NODES = 100_000
"""A tree to grade on has at most this many nodes (each is an object in the student's process)."""


@dataclass(frozen=True, eq=False)
class Case:
    """One tree to grade on: its label in reports, the game, the look-ahead (None: full), what the student's
    function is ("alphabeta" or "minimax") and the course's convention."""

    label: str
    game: Game
    depth: int | None = None
    algorithm: str = "alphabeta"
    convention: Convention = Convention()

    @cached_property
    def full(self) -> Trace:
        """Minimax's trace: every node, with the leaves' static values."""
        if offers(self.game, ChanceMoves):
            raise InputError(
                f"{self.label} has chance nodes, which a student's {self.algorithm} does not "
                "take; grade on a tree without them"
            )
        try:
            return trace_search(self.game, "minimax", depth=self.depth, max_nodes=MAX_GRADE_NODES)
        except NodeBudgetExceeded:
            raise InputError(
                f"{self.label} has over {MAX_GRADE_NODES:,} nodes, too many to grade on; choose a smaller --depth"
            ) from None

    @cached_property
    def tree(self) -> PlainNode:
        """The tree as the student's function receives it."""
        return plain_tree(self.full)

    @property
    def maximizing(self) -> bool:
        """The `maximizing` of the top call: True when MAX moves at the root."""
        return self.full.root_player is Player.MAX

    @cached_property
    def trace(self) -> Trace:
        """The engine's search of the tree under the course's convention: the reference."""
        if self.algorithm == "minimax":
            return self.full
        return trace_search(
            self.game,
            "alphabeta",
            depth=self.depth,
            strict=self.convention.strict,
            fail_hard=self.convention.returns != "soft",  # mixed: fail-hard's visits and windows
            max_nodes=MAX_GRADE_NODES,
        )

    @cached_property
    def reference(self) -> Run:
        """What a right student's function does on the tree (the reference trace as a run)."""
        return reference_run(self.trace, mixed=self.algorithm != "minimax" and self.convention.returns == "mixed")

    @cached_property
    def order(self) -> tuple[tuple[bool, str], ...]:
        """The reference's calls as they start (True, name) and end (False, name)."""
        nodes = self.trace.nodes
        return tuple(
            (event.kind is EventKind.ENTER, nodes[event.node].name)
            for event in self.trace.events
            if event.kind in (EventKind.ENTER, EventKind.EXIT)
        )

    @cached_property
    def nodes(self) -> dict[str, PlainNode]:
        """Every node of the tree, by name."""
        return {node.name: node for node in self.tree.walk()}

    def is_below(self, name: str, ancestor: str) -> bool:
        """True when `name` is `ancestor` or lies in its subtree."""
        nodes = self.full.nodes
        node = self.full.node(name) if name in self.nodes else None
        while node is not None and node.name != ancestor:
            node = None if node.parent is None else nodes[node.parent]
        return node is not None

    def pruned_by(self, name: str) -> str | None:
        """For a node the reference never enters: the cut-off that skips it, as the log says it."""
        trace = self.trace
        for cutoff in trace.summary.cutoffs:
            if any(trace.nodes[node].name == name for node in cutoff.pruned):
                return describe(trace, trace.events[cutoff.step - 1]).rstrip(".").removesuffix(" (cut-off)")
        return None


def reference_run(trace: Trace, *, mixed: bool = False) -> Run:
    """A trace as the run of a student's function: each node entered is a call with the window it was
    entered with (none for minimax), returning the value it leaves with.

    `mixed` (for a fail-hard alpha-beta trace): the values of the mixed rule. A node whose last child
    searched closes its window returns that child's value (as fail-soft would), every other node its bound
    (as fail-hard does). The two rules cut at the same nodes: a value the mixed rule returns past a window
    comes from a leaf, and a node that fails against one bound does not move the other."""
    nodes, closes = trace.nodes, cut_test(trace.strict)
    touches: list[str] = []
    calls: list[Call] = []
    open_calls: list[int] = []  # the calls not returned yet, by index, the innermost last
    last: dict[int, Value | None] = {}  # by call: what its latest child returned
    for event in trace.events:
        if event.kind is EventKind.ENTER:
            node = nodes[event.node]
            touches.append(node.name)
            open_calls.append(len(calls))
            calls.append(Call(node.name, event.alpha, event.beta, node.player is Player.MAX, None))
        elif event.kind is EventKind.EXIT:
            index = open_calls.pop()
            call, value, child = calls[index], event.value, last.pop(index, None)
            if mixed and child is not None:
                assert call.alpha is not None and call.beta is not None  # (alpha-beta's calls have windows)
                if closes(child, call.beta) if call.maximizing else closes(call.alpha, child):
                    value = child
            calls[index] = Call(call.node, call.alpha, call.beta, call.maximizing, value)
            if open_calls:
                last[open_calls[-1]] = value
    return Run(tuple(touches), tuple(calls), trace.summary.value)
