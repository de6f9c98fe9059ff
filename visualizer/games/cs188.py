"""Provides `Cs188Tree`: the game tree of a UC Berkeley CS188 graph-game test (`cs188_file` reads the file),
expanded to the test's depth as the course's agents search it."""

from __future__ import annotations

import functools
import math
from collections import deque
from collections.abc import Mapping
from typing import Any

from visualizer.errors import InputError
from visualizer.games.base import Player, Value, too_long
from visualizer.games.cs188_file import ALGORITHMS, Where, check, read_test, where_in
from visualizer.games.explicit import ChanceTree, ExplicitTree, check_size
from visualizer.games.game_options import GameOption
from visualizer.games.spec_fields import REQUIRED, SpecFields, is_whole

CS188_OPTIONS = (
    GameOption(
        "--cs188",
        "a CS188 graph-game test (GraphGameTreeTest .test file): agent 0 MAX, the ghosts MIN (chance under "
        "expectimax); without -a, the search its alg names (alpha-beta cutting strictly, as CS188 does)",
        metavar="FILE",
        label="CS188 test",
        hint="a .test file, e.g. test_cases/q2/0-small-tree.test",
    ),
)


def expand(spec: dict[str, Any], at: Where) -> Cs188Tree:
    """The tree the course's agents search of a problem `spec`, in level order: agent 0 (MAX) then the ghosts
    (MIN, or with spec["ghosts"] "chance", CHANCE with each action equally likely) move in turn; a node is a
    leaf at a win or lose state, at a state without successors, or when agent 0 is to move after `depth`
    rounds. The root is always expanded. A state reached again is a new node named with a suffix that is no
    state's name ("B~2")."""
    moves: dict[str, list[tuple[str, str]]] = {}
    for source, move, after in spec["successors"]:
        moves.setdefault(source, []).append((move, after))
    evaluation, ghosts = spec["evaluation"], Player(spec["ghosts"])
    ends, frontier = {*spec["win_states"], *spec["lose_states"]}, spec["depth"] * spec["num_agents"]
    taken, seen = set(moves) | set(evaluation), dict[str, int]()
    values: list[Value | None] = []
    children: list[tuple[int, ...]] = []
    names: list[str] = []
    kinds: list[Player | None] = []
    actions: list[str | None] = []
    probabilities: list[float | None] = []
    waiting: deque[tuple[str, int, str | None, float | None]] = deque([(spec["start_state"], 0, None, None)])
    while waiting:
        state, ply, action, probability = waiting.popleft()
        seen[state] = copy = seen.get(state, 0) + 1
        name = state
        while copy > 1 and (name := f"{state}~{copy}") in taken:
            copy += 1
        taken.add(name)
        agent, first = ply % spec["num_agents"], len(values) + len(waiting) + 1
        inner = ply == 0 or ply < frontier and state not in ends and state in moves
        if not inner and state not in evaluation:
            raise InputError(
                f"{at(f'to {state}')}state {state} has no evaluation; add a line `{state} VALUE` to evaluation"
            )
        chance = inner and agent > 0 and ghosts is Player.CHANCE
        kids = moves[state] if inner else []
        waiting.extend((after, ply + 1, move, 1 / len(kids) if chance else None) for move, after in kids)
        values.append(evaluation.get(state))
        children.append(tuple(range(first, first + len(kids))))
        names.append(name)
        kinds.append(None if chance else Player.MAX if agent == 0 else Player.MIN)  # a leaf: whose turn it is
        actions.append(action)
        probabilities.append(probability)
        try:
            check_size(len(values) + len(waiting))
        except InputError as error:
            raise InputError(f"{at('depth')}depth {spec['depth']}: {error}; give a smaller depth") from None
    shape = (tuple(values), tuple(children), tuple(names), Player.MAX, "cs188", spec)
    if any(probability is not None for probability in probabilities):
        return Cs188ChanceTree(*shape, tuple(probabilities), tuple(kinds), tuple(actions))
    return Cs188Tree(*shape, kinds=tuple(kinds), actions=tuple(actions))


def _is_name(value: Any) -> bool:
    """True for a state's or an action's name: one word."""
    return isinstance(value, str) and value.split() == [value]


def _are_names(value: Any, count: int | None = None) -> bool:
    return isinstance(value, list) and all(map(_is_name, value)) and count in (None, len(value))


def _are_rows(value: Any) -> bool:
    return isinstance(value, list) and all(_are_names(row, 3) for row in value)


def _is_evaluation(value: Any) -> bool:
    def finite(number: Any) -> bool:
        return is_whole(number) and not too_long(number) or isinstance(number, float) and math.isfinite(number)

    return isinstance(value, dict) and _are_names(list(value)) and all(map(finite, value.values()))


def _problem_from_spec(spec: Any, where: str) -> dict[str, Any]:
    """The problem of a spec, each field checked (copied, so that the tree holds its own)."""
    fields = SpecFields(spec, where)
    if fields.player() is not Player.MAX:
        fields.refuse("root", 'write "max": in a CS188 test Pacman (agent 0, MAX) moves first')
    names, rows = "write a list of state names", "write [[STATE, ACTION, NEXT_STATE], ...]"
    problem = {
        "kind": "cs188",
        "file": fields.text("file", "", "write the test's file name"),
        "path": fields.text("path", None, "write the path the test was read from"),
        "alg": fields.typed("alg", None, f"write one of {', '.join(ALGORITHMS)}", lambda alg: alg in ALGORITHMS),
        "num_agents": fields.whole("num_agents", REQUIRED, minimum=1, maximum=10**6),
        "depth": fields.whole("depth", REQUIRED, minimum=1, maximum=10**6),
        "start_state": fields.typed("start_state", REQUIRED, 'write the start state, e.g. "A"', _is_name),
        "win_states": list(fields.typed("win_states", REQUIRED, names, _are_names)),
        "lose_states": list(fields.typed("lose_states", REQUIRED, names, _are_names)),
        "successors": [list(row) for row in fields.typed("successors", REQUIRED, rows, _are_rows)],
        "evaluation": dict(fields.typed("evaluation", REQUIRED, 'write {"STATE": VALUE, ...}', _is_evaluation)),
        "ghosts": fields.typed("ghosts", REQUIRED, 'write "min" or "chance"', lambda kind: kind in ("min", "chance")),
    }
    return {key: value for key, value in problem.items() if value is not None}


class Cs188Tree(ExplicitTree):
    """The explicit tree of a CS188 graph-game test; its source is the test's problem, so its spec rebuilds it
    without the file. Nodes are named by their states (a copy "B~2"), moves by the test's actions ("Left")."""

    def spec(self) -> dict[str, Any]:
        return {**self.source, "root": Player.MAX.value}

    def describe(self) -> str:
        agents, ghosts = self.source["num_agents"], "MIN" if self.source["ghosts"] == "min" else "chance"
        who = f"{agents} agents ({ghosts} ghosts)" if agents > 1 else "1 agent"
        return f"CS188 test {self.source['file'] or 'graph'}, {len(self)} nodes, {who}, depth {self.source['depth']}"

    @functools.cached_property
    def _states(self) -> dict[str, str]:
        """Each node's state by the node's name, following the actions down from the start state."""
        moves = {(state, action): after for state, action, after in self.source["successors"]}
        states = [self.source["start_state"]]
        for node in range(1, len(self)):
            states.append(moves[states[self.parents[node]], self.actions[node]])
        return dict(zip(self.names, states))

    def state_of(self, name: str) -> str:
        """The state of the node called `name` ("B" for "B~2")."""
        return self._states[name]

    def suggested_search(self) -> tuple[str, bool] | None:
        """The search the test's `alg` names, and whether it cuts strictly (alpha-beta does, as in CS188)."""
        alg = self.source.get("alg")
        return None if alg is None else (ALGORITHMS[alg], alg == "AlphaBetaAgent")

    @classmethod
    def from_spec(cls, spec: Any, *, where: str = "the trace's source") -> Cs188Tree:
        problem = _problem_from_spec(spec, where)
        check(problem, at := where_in(where))
        return expand(problem, at)

    @classmethod
    def from_options(cls, options: Mapping[str, Any], root: Player | None) -> Cs188Tree:
        """The tree of the test file `options["cs188"]`; the ghosts are chance nodes when `options["handles_chance"]`
        (whether the chosen search handles chance; None: when the test's alg is ExpectimaxAgent)."""
        if root is Player.MIN:
            raise InputError("--root min: in a CS188 test Pacman (agent 0, MAX) moves first; drop --root")
        if not (options["cs188"] or "").strip():
            raise InputError("--cs188 needs a file; give a CS188 .test file")
        problem, at = read_test(options["cs188"])
        chance = options.get("handles_chance")
        chance = problem.get("alg") == "ExpectimaxAgent" if chance is None else chance
        return expand(problem | {"ghosts": "chance" if chance else "min"}, at)

    @classmethod
    def to_options(cls, spec: dict[str, Any]) -> dict[str, Any]:
        return {"cs188": spec.get("path") or spec.get("file", "")}

    @classmethod
    def slug(cls, spec: dict[str, Any]) -> str:
        """The file-name stem of its traces: "cs188-" and the test's name, e.g. "cs188-minimax-3agents"."""
        stem = str(spec.get("file", "")).removesuffix(".test")
        return f"cs188-{stem}" if stem else "cs188"

    @classmethod
    def default_root(cls, spec: dict[str, Any]) -> Player:
        return Player.MAX


class Cs188ChanceTree(Cs188Tree, ChanceTree):
    """A CS188 tree whose ghosts are chance nodes (expectimax): each of their actions equally likely."""
