"""Provides `ExplicitTree`: a game tree that holds every node, built from an array or nested lists (with
chance nodes from `--levels` or `{"chance": [[p, subtree], ...]}`: `ChanceTree`). A node's kind is declared
(`--levels`, `{"min": [...]}`) or follows from its parent: MAX and MIN take turns, chance nodes between them."""

from __future__ import annotations

import contextlib
import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from visualizer.errors import InputError, NoStaticValue
from visualizer.games.base import MAX_DIGITS, Player, Value, too_long

DEFAULT_ARRAY = (1, 3, 5, 5, 3, 1, 2, 6, 7, 3, 4, 2, 8, 1, 2)
"""The 15-node example: level-order values of a binary tree A..O."""

DEFAULT_ROOT = Player.MIN
"""The built-in example's root minimizes, as in the tutorial it comes from."""

MAX_TREE_NODES = 1_000_000
"""Explicit trees larger than this are refused: they would not fit a table or a screen."""

PROBABILITY_TOLERANCE = Fraction(1, 10**6)
"""How far from 1 a chance node's probabilities may sum, added up exactly as written (decimal): six
decimals are enough for thirds (0.333333 three times), 0.333 three times is refused."""


def level_order_names(count: int) -> list[str]:
    """A, B, ..., Z, AA, AB, ...: spreadsheet-style names for `count` nodes."""
    names = []
    for index in range(count):
        name, number = "", index + 1
        while number:
            number, remainder = divmod(number - 1, 26)
            name = chr(ord("A") + remainder) + name
        names.append(name)
    return names


@dataclass(frozen=True, eq=False)
class ExplicitTree:
    """A finite tree whose nodes are the ints 0..n-1 in level order (`ExplicitNodes`).

    Attributes:
        root_player: who moves at the root (MAX or MIN: a root is never a chance node).
        kind: "array", "nested" or "random", for descriptions.
        source: JSON-able facts beyond the shape (branching, seed, levels, ...) used by `spec()`.
        probabilities: each node's probability of being drawn at its CHANCE parent (None below MAX
            and MIN nodes); empty for a tree without chance nodes. A node is a chance node when its
            children have probabilities.
        kinds: each node's declared kind (None: undeclared); empty when no node declares one. An
            undeclared node that is not a chance node is the opposite of the nearest MAX or MIN above it
            (expectiminimax), so MAX and MIN alternate unless kinds say otherwise (several MIN agents).
        actions: the move that leads to each node as the source names it (None at the root), e.g.
            "Left"; empty when moves are named by the child's name.
        alternates: True when every MAX or MIN node below the root is the opposite of the nearest MAX or
            MIN above it (what negamax needs).
    """

    values: tuple[Value | None, ...]
    children: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    root_player: Player = Player.MAX
    kind: str = "array"
    source: dict[str, Any] = field(default_factory=dict)
    probabilities: tuple[float | None, ...] = ()
    kinds: tuple[Player | None, ...] = ()
    actions: tuple[str | None, ...] = ()
    parents: tuple[int, ...] = field(init=False, repr=False)
    alternates: bool = field(init=False, repr=False)
    depths: tuple[int, ...] = field(init=False, repr=False)
    _players: tuple[Player, ...] = field(init=False, repr=False)
    _successors: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, repr=False)
    is_explicit = True

    def __post_init__(self) -> None:
        parents = [-1] * len(self.values)
        depths = [0] * len(self.values)
        probabilities = self.probabilities or (None,) * len(self.values)
        kinds = self.kinds or (None,) * len(self.values)
        turns = [self.root_player] * len(self.values)  # who would move at each node undeclared and not chance
        players = []
        alternates = True
        for node, kids in enumerate(self.children):  # level order: a parent comes before its children
            chance = bool(kids) and probabilities[kids[0]] is not None
            player = Player.CHANCE if chance else kinds[node] or turns[node]
            alternates = alternates and player in (Player.CHANCE, turns[node])
            players.append(player)
            for child in kids:
                parents[child] = node
                depths[child] = depths[node] + 1
                turns[child] = turns[node] if chance else player.other
        if players and players[0] is not self.root_player:
            raise InputError(
                f"the root is declared {players[0].value}, but {self.root_player.value} moves first (--root); "
                "drop --root, or make the two agree"
            )
        if len(self.names) != len(self.values):
            raise InputError(f"{len(self.names)} names for {len(self.values)} nodes; give exactly one per node")
        if len(set(self.names)) != len(self.names) or not all(self.names):
            raise InputError("node names must be unique and non-empty; give one distinct name per node")
        object.__setattr__(self, "parents", tuple(parents))
        object.__setattr__(self, "depths", tuple(depths))
        object.__setattr__(self, "_players", tuple(players))
        object.__setattr__(self, "alternates", alternates)
        object.__setattr__(self, "_successors", tuple(tuple((c, c) for c in kids) for kids in self.children))

    def root(self) -> int:
        return 0

    def successors(self, state: int) -> tuple[tuple[int, int], ...]:
        return self._successors[state]

    def is_terminal(self, state: int) -> bool:
        return not self.children[state]

    def player(self, state: int) -> Player:
        return self._players[state]

    def static_value(self, state: int) -> Value:
        value = self.values[state]
        if value is None:
            raise NoStaticValue(
                f"node {self.names[state]} has no value (nested lists hold values only at leaves); "
                "search deeper or drop --depth"
            )
        return value

    def root_name(self) -> str:
        return self.names[0]

    def child_name(self, parent_name: str, state: int, move: int) -> str:
        return self.names[move]

    def move_value(self, move: int) -> str:
        """The source's action for the move, else the child's name."""
        return self.actions[move] or self.names[move] if self.actions else self.names[move]

    def board_text(self, state: int) -> None:
        return None

    def describe(self) -> str:
        branching = max((len(kids) for kids in self.children), default=0)
        seed = f", seed {self.source['seed']}" if "seed" in self.source else ""
        chance = self._players.count(Player.CHANCE)
        chance_nodes = f", {chance} chance node{'s' if chance > 1 else ''}" if chance else ""
        return f"{self.kind} tree, {len(self.values)} nodes, branching {branching}{seed}{chance_nodes}"

    def spec(self) -> dict[str, Any]:
        spec = {"kind": self.kind, **self.source, "root": self.root_player.value}
        spec |= {"nested": self.to_nested()} if self.kind == "nested" else {"values": list(self.values)}
        if list(self.names) != level_order_names(len(self.names)):
            spec["names"] = list(self.names)
        return spec

    def __len__(self) -> int:
        return len(self.values)

    def parent(self, node: int) -> int | None:
        """The parent's id, None for the root."""
        parent = self.parents[node]
        return None if parent < 0 else parent

    def to_nested(self) -> Any:
        """The tree as nested lists (a chance node as {"chance": [[probability, subtree], ...]}, a node of a
        declared kind as {"max": [...]} or {"min": [...]})."""
        built: list[Any] = list(self.values)
        for node in reversed(range(len(built))):  # level order: children before their parent
            kids = self.children[node]
            if kids and self._players[node] is Player.CHANCE:
                built[node] = {"chance": [[self.probabilities[child], built[child]] for child in kids]}
            elif kids:
                built[node] = [built[child] for child in kids]
                if self.kinds and (kind := self.kinds[node]) is not None:
                    built[node] = {kind.value: built[node]}
        return built[0]

    def replace(self, **changes: Any) -> ExplicitTree:
        """A copy with some fields changed, e.g. `tree.replace(root_player=Player.MIN)`."""
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True, eq=False)
class ChanceTree(ExplicitTree):
    """An explicit tree with chance nodes (`ChanceMoves`); one without is a plain `ExplicitTree`, which
    alpha-beta and the others search."""

    def probability(self, state: int, move: int) -> float:
        """The probability that the chance node `state` draws its child `move` (a node id)."""
        probability = self.probabilities[move]
        if probability is None:
            raise ValueError(f"node {self.names[move]} is not below a chance node")
        return probability


def build_tree(
    values: Sequence[Value | None],
    children: Sequence[Sequence[int]],
    names: Sequence[str],
    root: Player,
    kind: str,
    source: dict[str, Any],
    probabilities: Sequence[float | None] = (),
    kinds: Sequence[Player | None] = (),
    actions: Sequence[str | None] = (),
) -> ExplicitTree:
    """An `ExplicitTree` of these nodes (ids in level order), a `ChanceTree` when some node has a probability;
    `kinds` and `actions` are kept only when some node has one."""
    shape = (tuple(values), tuple(map(tuple, children)), tuple(names), root, kind, source)
    declared_kinds = tuple(kinds) if any(kinds) else ()
    named_actions = tuple(actions) if any(action is not None for action in actions) else ()
    if all(probability is None for probability in probabilities):
        return ExplicitTree(*shape, kinds=declared_kinds, actions=named_actions)
    return ChanceTree(*shape, tuple(probabilities), declared_kinds, named_actions)


def _parse_number(text: str, position: int) -> Value:
    item = text.strip()
    if not item:
        raise InputError(f"array item {position} is empty; give numbers separated by commas, e.g. 1,3,5")
    with contextlib.suppress(ValueError):
        whole = int(item)
        if too_long(whole):
            raise InputError(
                f"array item {position} has {len(item.lstrip('+-'))} digits; values have at most {MAX_DIGITS}"
            )
        return whole
    try:
        number = float(item)
    except ValueError:
        raise InputError(
            f"array item {position} is {item!r}, not a number; give numbers separated by commas, e.g. 1,3,5"
        ) from None
    if not math.isfinite(number):
        raise InputError(f"array item {position} is {item!r}; values must be finite numbers")
    return number


def parse_array(text: str) -> list[Value]:
    """'1,3,5' (commas and/or spaces) to a list of numbers, or an InputError naming the bad item."""
    text = text.strip().strip("[]{}()")
    if not text.strip():
        raise InputError("the array is empty; give level-order values such as 1,3,5,5,3,1,2")
    parts = text.split(",") if "," in text else text.split()
    return [_parse_number(part, position) for position, part in enumerate(parts, start=1)]


def parse_names(text: str, count: int) -> list[str]:
    """'A,B,C' to exactly `count` distinct, non-empty names."""
    names = [name.strip() for name in text.split(",")]
    if len(names) != count:
        raise InputError(f"--names gives {len(names)} names for {count} nodes; give exactly one per node")
    if any(not name for name in names):
        raise InputError("--names has an empty name; give one non-empty name per node, separated by commas")
    if len(set(names)) != len(names):
        duplicate = next(name for name in names if names.count(name) > 1)
        raise InputError(f"--names uses {duplicate!r} twice; node names must be unique")
    return names


def check_size(count: int) -> None:
    """Refuses a tree of more than `MAX_TREE_NODES` nodes."""
    if count > MAX_TREE_NODES:
        raise InputError(f"the tree has {count:,} nodes; explicit trees are limited to {MAX_TREE_NODES:,}")


def from_array(
    values: Sequence[Value],
    *,
    branching: int = 2,
    names: Sequence[str] | None = None,
    root: Player = Player.MAX,
    kind: str = "array",
    source: dict[str, Any] | None = None,
    levels: Sequence[Player] | None = None,
) -> ExplicitTree:
    """A tree from level-order values: node i's children are `K*i+1` .. `K*i+K` where they exist.

    Inner nodes hold values too: their static values, used only when a search stops there (a depth limit).

    Args:
        values: one value per node, in level order (the root first).
        branching: K, the number of children of every inner node but the last.
        names: one name per node; by default A, B, C, ... in level order.
        root: who moves at the root; MAX and MIN then take turns down the tree.
        kind: what descriptions call the tree ("array", "random").
        source: facts recorded in the trace beside the branching (a seed, a range).
        levels: the kind of each level of inner nodes, from the root, as `level_kinds` reads them.

    Returns:
        The tree, an `ExplicitTree` (a `ChanceTree` when `levels` has chance levels).

    Raises:
        InputError: the array is empty, `branching` is below 1, the tree is too big, or `levels` does not
            fit the tree.

    Examples:
        >>> from visualizer import Player, from_array, trace_search
        >>> tree = from_array([0, 0, 0, 3, 5, 2, 9], root=Player.MIN)
        >>> tree.describe()
        'array tree, 7 nodes, branching 2'
        >>> trace = trace_search(tree, "minimax")
        >>> trace.summary.value, trace.summary.best_move
        (5, 'B')
    """
    if not values:
        raise InputError("the array is empty; give level-order values such as 1,3,5,5,3,1,2")
    if branching < 1:
        raise InputError(f"--branching is {branching}; it must be 1 or more")
    check_size(len(values))
    count = len(values)
    children = tuple(
        tuple(range(branching * node + 1, min(branching * node + branching, count - 1) + 1)) for node in range(count)
    )
    names = list(names) if names is not None else level_order_names(count)
    info = {"branching": branching, **(source or {})}
    tree = ExplicitTree(tuple(values), children, tuple(names), root, kind, info)
    if levels is None:
        return tree
    info["levels"] = [level.value for level in levels]
    kinds, probabilities = level_kinds(tree, levels)
    shape = (tree.values, children, tree.names, root, kind, info)
    if all(probability is None for probability in probabilities):
        return ExplicitTree(*shape, kinds=kinds)
    return ChanceTree(*shape, tuple(probabilities), kinds)


def parse_levels(text: str) -> tuple[Player, ...]:
    """'max,min,min' to the kind of each level of inner nodes, from the root (repeated down the tree)."""
    example = "e.g. --levels max,min,min (MAX and two MIN agents) or max,chance,min,chance"
    words = [word.strip().lower() for word in text.split(",")]
    if not text.strip():
        raise InputError(f"--levels is empty; give the kind of each level of inner nodes, {example}")
    for position, word in enumerate(words, start=1):
        if word not in ("max", "min", "chance"):
            raise InputError(
                f"--levels has {word!r} at position {position}; each level is max, min or chance, {example}"
            )
    return tuple(Player(word) for word in words)


def levels_root(levels: Sequence[Player] | None, default: Player) -> Player:
    """Who moves first under `levels`: their first level (never chance, see `level_kinds`), else `default`."""
    return next((level for level in levels or () if level is not Player.CHANCE), default)


def level_kinds(tree: ExplicitTree, levels: Sequence[Player]) -> tuple[tuple[Player | None, ...], list[float | None]]:
    """Each node's kind and probability under `levels`, the kind of each level of inner nodes from the root,
    repeated down the tree when there are fewer than the tree's levels (max,min,min: MAX then two MIN
    agents, again and again). An inner node on a max or min level is that player; each of the k children
    of a node on a chance level has probability 1/k. A leaf is undeclared (its parent's opponent). An
    InputError for more levels than the tree has, or a first level other than the root's player."""
    height = max(tree.depths)
    if len(levels) > height:
        shape = "a single leaf" if height == 0 else f"{height} level{'s' if height > 1 else ''} of inner nodes"
        example = ",".join(level.value for level in levels[:height]) or "none"
        raise InputError(
            f"--levels gives {len(levels)} kinds, but the tree has {shape}; give at most {height}, e.g. {example} "
            "(fewer repeat down the tree)"
        )
    if levels and levels[0] is Player.CHANCE:
        raise InputError(
            f"--levels starts with chance, but the root must be max or min (traces record who moves "
            f"there); start with {tree.root_player.value}, e.g. {tree.root_player.value},chance"
        )
    if levels and levels[0] is not tree.root_player:
        raise InputError(
            f"--levels starts with {levels[0].value}, but {tree.root_player.value} moves first (--root); "
            f"drop --root, or start --levels with {tree.root_player.value}"
        )
    level_of = [levels[depth % len(levels)] for depth in range(height + 1)] if levels else []
    kinds = tuple(
        level_of[depth] if kids and level_of[depth] is not Player.CHANCE else None
        for depth, kids in zip(tree.depths, tree.children)
    )
    probabilities = [
        None if parent is None or level_of[tree.depths[parent]] is not Player.CHANCE else 1 / len(tree.children[parent])
        for parent in map(tree.parent, range(len(tree)))
    ]
    return kinds, probabilities


def builtin_example() -> ExplicitTree:
    """The 15-node example A..O with root MIN: a binary tree of depth 3, the tree of the tutorials.

    Returns:
        The tree, built by `from_array` from `DEFAULT_ARRAY`.

    Examples:
        >>> from visualizer import builtin_example
        >>> tree = builtin_example()
        >>> tree.describe(), tree.root_player
        ('array tree, 15 nodes, branching 2', <Player.MIN: 'min'>)
        >>> tree.names[:3], tree.children[0]
        (('A', 'B', 'C'), (1, 2))
    """
    return from_array(DEFAULT_ARRAY, root=DEFAULT_ROOT)
