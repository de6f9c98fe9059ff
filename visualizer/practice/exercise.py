"""Provides `Exercise`: a tree to work by hand with alpha-beta, and its answer key worked out from the traces."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from visualizer.errors import InputError, NodeBudgetExceeded
from visualizer.games import ChanceMoves, Game, Player, lookahead, offers
from visualizer.games.base import Value
from visualizer.games.registry import from_spec
from visualizer.practice.code import RandomExercise
from visualizer.search import trace_search
from visualizer.tracing import Trace
from visualizer.tracing.events import EventKind
from visualizer.tracing.trace_records import NodeStatus, TraceNode

__all__ = ["CUT_WINDOWS", "MAX_PRACTICE_NODES", "Exercise", "KeyNode", "check_cut_window"]

MAX_PRACTICE_NODES = 400
"""Exercises are worked by hand: trees with more nodes than this are refused."""

CUT_WINDOWS = {
    "kept": "at a cut-off, alpha and beta stay as they were when the cut came",
    "raised": "at a cut-off, alpha (MAX) or beta (MIN) is first moved to the value that caused it",
}
"""The two conventions for a node's window as it leaves after a cut-off: "kept" is AIMA's `if v >= beta: return
v` before `alpha = max(alpha, v)`; "raised" moves the bound first. A checking option, not part of the code."""


@dataclass(frozen=True)
class KeyNode:
    """One node of an exercise and what alpha-beta does with it (the answer key).

    Attributes:
        id: the node's id in `Exercise.tree` (the full search, which every node is in).
        leaf_value: the static value the student is given (frontier nodes), None where it is backed up.
        value: alpha-beta's value for the node (MAX's view), None when pruned; alpha and beta alike, as the
            node leaves (under the "raised" cut window, MAX's alpha or MIN's beta moved to the value).
        enter_step: the key's step that enters the node; value_step the one giving its final value;
            window_step the last that changed its alpha or beta; cutoff_step, for pruned nodes, the cut-off.
    """

    id: int
    name: str
    parent: str | None
    depth: int
    player: Player
    leaf_value: Value | None
    pruned: bool
    value: Value | None = None
    alpha: Value | None = None
    beta: Value | None = None
    enter_step: int | None = None
    value_step: int | None = None
    window_step: int | None = None
    cutoff_step: int | None = None

    @property
    def is_leaf(self) -> bool:
        """True when the student is given the node's value rather than asked for it."""
        return self.leaf_value is not None


@dataclass(frozen=True, eq=False)
class Exercise:
    """A tree to work with alpha-beta by hand: the game, look-ahead (None: full), cut rule, the random tree's
    settings when it has a code, and the cut window the answers are checked with."""

    game: Game
    depth: int | None = None
    strict: bool = False
    random: RandomExercise | None = None
    cut_window: str = "kept"
    _traces: dict[str, Trace] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        check_cut_window(self.cut_window)
        self._trace("minimax")  # refuses a tree too big to work by hand

    @classmethod
    def from_random(cls, settings: RandomExercise, *, cut_window: str = "kept") -> Exercise:
        """The exercise of a random tree (the one its code names), checked with `cut_window`."""
        return cls(settings.game(), None, settings.strict, settings, cut_window)

    @classmethod
    def from_code(cls, code: str, *, cut_window: str = "kept") -> Exercise:
        """The exercise an exercise code names (see `RandomExercise.from_code`)."""
        return cls.from_random(RandomExercise.from_code(code), cut_window=cut_window)

    @classmethod
    def from_game(
        cls, game: Game, *, depth: int | None = None, strict: bool = False, cut_window: str = "kept"
    ) -> Exercise:
        """An exercise on any tree source, searched to `depth` (None: full depth, or the game's suggestion);
        an InputError for chance nodes or a tree too big to work by hand."""
        if offers(game, ChanceMoves):
            raise InputError(
                f"practice works alpha-beta by hand, which has no chance nodes, and {game.describe()} has them; "
                "choose a game without chance nodes"
            )
        return cls(game, lookahead(game, depth), strict, cut_window=cut_window)

    @classmethod
    def from_header(cls, header: dict[str, Any], *, where: str = "the answers") -> Exercise:
        """The exercise an answer file's header names: {"exercise": CODE} or {"source": SPEC, "depth": D,
        "strict": S}, with {"cut_window": "raised"} for that convention; `where` names the file in messages."""
        cut_window = header.get("cut_window") or "kept"
        if header.get("exercise"):
            return cls.from_code(str(header["exercise"]), cut_window=cut_window)
        if not isinstance(header.get("source"), dict):
            raise InputError(
                f"no exercise is named in {where}; add its code (exercise CODE) or give the tree as options"
            )
        game = from_spec(header["source"], where=f"the source in {where}")
        return cls.from_game(
            game, depth=header.get("depth"), strict=header.get("strict") is True, cut_window=cut_window
        )

    @property
    def code(self) -> str | None:
        """The exercise code (random trees only)."""
        return None if self.random is None else self.random.code

    def header(self) -> dict[str, Any]:
        """What an answer file records to name this exercise (the inverse of `from_header`)."""
        raised = {"cut_window": "raised"} if self.cut_window == "raised" else {}
        if self.random is not None:
            return {"exercise": self.random.code, **raised}
        return {"source": self.game.spec(), "depth": self.depth, "strict": self.strict, **raised}

    def with_cut_window(self, cut_window: str) -> Exercise:
        """The same exercise checked with another cut window (the searches, made or to come, are shared)."""
        return self if cut_window == self.cut_window else replace(self, cut_window=cut_window)

    def describe(self) -> str:
        """One line naming the tree and the rules, e.g. "random tree: branching 2, depth 4, ..."."""
        raised = ", bound raised at a cut" if self.cut_window == "raised" else ""
        if self.random is not None:
            return self.random.describe() + raised
        depth = "full depth" if self.depth is None else f"look-ahead {self.depth}"
        cuts = ", strict cuts" if self.strict else ""
        root = self.tree.root_player.value.upper()
        return f"{self.game.describe()}, root {root}{self._kinds_text()}, {depth}{cuts}{raised}"

    def _kinds_text(self) -> str:
        """The declared kinds in words: ", levels max,min,min" for levels, ", kinds declared" for nodes declared
        one by one ({"min": [...]}), "" for none."""
        levels = self.game.spec().get("levels")
        if isinstance(levels, list) and levels:
            return ", levels " + ",".join(map(str, levels))
        return ", kinds declared" if getattr(self.game, "kinds", ()) else ""

    def _trace(self, algorithm: str) -> Trace:
        if algorithm not in self._traces:
            try:
                self._traces[algorithm] = trace_search(
                    self.game, algorithm, depth=self.depth, strict=self.strict, max_nodes=MAX_PRACTICE_NODES
                )
            except NodeBudgetExceeded:
                raise InputError(
                    f"this tree has over {MAX_PRACTICE_NODES} nodes, too many to work by hand; choose a "
                    "smaller --depth or --branching"
                ) from None
        return self._traces[algorithm]

    @property
    def tree(self) -> Trace:
        """Minimax's trace: every node of the exercise, with the frontier's static values."""
        return self._trace("minimax")

    @property
    def solution(self) -> Trace:
        """Alpha-beta's trace: the answer key, replayed when a student looks for a mistake."""
        return self._trace("alphabeta")

    @cached_property
    def key(self) -> tuple[KeyNode, ...]:
        """Every node of the exercise in the order minimax visits them (depth first, left to right)."""
        tree, solution = self.tree, self.solution
        steps = _steps(solution)
        evaluated = {event.node for event in tree.events if event.kind is EventKind.EVALUATE}
        pruned_at = {node: cutoff.step for cutoff in solution.summary.cutoffs for node in cutoff.pruned}
        cut_at = {cutoff.node: cutoff.step for cutoff in solution.summary.cutoffs}
        nodes = []
        for node_id in tree.summary.visit_order:
            node = tree.nodes[node_id]
            parent = None if node.parent is None else tree.nodes[node.parent].name
            leaf_value = node.static_value if node_id in evaluated else None
            given = (node_id, node.name, parent, node.depth, node.player, leaf_value)
            found = _generated(solution, tree, node_id)
            if found.name != node.name or found.status is not NodeStatus.VISITED:
                nodes.append(KeyNode(*given, pruned=True, cutoff_step=pruned_at.get(found.id)))
                continue
            enter, value, window = steps[found.id]
            alpha, beta = found.alpha, found.beta
            if self.cut_window == "raised" and leaf_value is None:
                alpha, beta = _raised(found)
                if (alpha, beta) != (found.alpha, found.beta):
                    window = cut_at.get(found.id, value)
            nodes.append(KeyNode(*given, False, found.value, alpha, beta, enter, value, window))
        return tuple(nodes)

    @cached_property
    def by_name(self) -> dict[str, KeyNode]:
        return {node.name: node for node in self.key}

    @cached_property
    def alternates(self) -> bool:
        """True when MAX and MIN take turns all down the tree (False: several MIN agents, `--levels max,min,min`)."""
        players = {node.name: node.player for node in self.key}
        return all(node.parent is None or node.is_leaf or players[node.parent] is not node.player for node in self.key)

    @property
    def shows_kinds(self) -> bool:
        """True when a sheet must say each inner node's kind, MAX or MIN: they do not take turns, or the source
        declares the kinds."""
        return not self.alternates or bool(getattr(self.game, "kinds", ()))


def check_cut_window(cut_window: str) -> str:
    """`cut_window` when it is one of `CUT_WINDOWS`; an InputError otherwise."""
    if cut_window not in CUT_WINDOWS:
        raise InputError(f"the cut window is {cut_window!r}; write kept (the default) or raised")
    return cut_window


def _raised(node: TraceNode) -> tuple[Value, Value]:
    """The window of an inner node as it leaves under "raised": the bound its player moves, moved to its value.

    Where no cut came this changes nothing (the search already moved the bound after each child); where the
    cut test held, the engine left before moving it."""
    value, alpha, beta = node.value, node.alpha, node.beta
    assert value is not None and alpha is not None and beta is not None  # a visited node of alpha-beta
    return (max(alpha, value), beta) if node.player is Player.MAX else (alpha, min(beta, value))


def _generated(solution: Trace, tree: Trace, node_id: int) -> TraceNode:
    """The node of the key's trace with the same name or, when the key's search never generated it, its nearest
    ancestor that it did (a skipped one, which the cut-off names)."""
    while True:
        try:
            return solution.node(tree.nodes[node_id].name)
        except KeyError:
            parent = tree.nodes[node_id].parent
            assert parent is not None  # the root is always generated
            node_id = parent


def _steps(solution: Trace) -> dict[int, tuple[int, int | None, int | None]]:
    """Per node of the key's trace: (its enter step, the step of its last value change, of its last window change)."""
    entered: dict[int, int] = {}
    valued: dict[int, tuple[int, Value | None]] = {}
    windowed: dict[int, tuple[int, Value | None, Value | None]] = {}
    for event in solution.events:
        node = event.node
        if event.kind is EventKind.ENTER:
            entered[node] = event.step
            windowed[node] = (event.step, event.alpha, event.beta)
        elif event.kind in (EventKind.EVALUATE, EventKind.BACK_UP):
            if node not in valued or valued[node][1] != event.value:
                valued[node] = (event.step, event.value)
        elif event.kind is EventKind.UPDATE and windowed[node][1:] != (event.alpha, event.beta):
            windowed[node] = (event.step, event.alpha, event.beta)
    return {
        node: (step, valued[node][0] if node in valued else None, windowed[node][0]) for node, step in entered.items()
    }
