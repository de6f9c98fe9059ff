"""Provides `ExplicitTree`: a game tree that holds every node, built from an array or nested lists."""

from __future__ import annotations

import dataclasses
import json
import math
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Sequence

from visualizer.errors import InputError, NoStaticValue
from visualizer.games.base import Player, Value

__all__ = [
    "ExplicitTree",
    "DEFAULT_ARRAY",
    "DEFAULT_ROOT",
    "MAX_TREE_NODES",
    "builtin_example",
    "from_array",
    "from_nested",
    "level_order_names",
    "parse_array",
    "parse_names",
]

DEFAULT_ARRAY = (1, 3, 5, 5, 3, 1, 2, 6, 7, 3, 4, 2, 8, 1, 2)
"""The 15-node example: level-order values of a binary tree A..O."""

DEFAULT_ROOT = Player.MIN
"""The built-in example's root minimizes, as in the tutorial it comes from."""

MAX_TREE_NODES = 1_000_000
"""Explicit trees larger than this are refused: they would not fit a table or a screen."""


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
    """A finite tree whose nodes are the ints 0..n-1 in level order.

    Attributes:
        values: static value of each node (None where the source gave none, e.g. nested interiors).
        children: child node ids of each node, in search order.
        names: the display name of each node.
        root_player: who moves at the root; players alternate by depth.
        kind: "array", "nested" or "random", for descriptions.
        source: JSON-able facts beyond the shape (branching, seed, ...) used by `spec()`.
    """

    values: tuple[Value | None, ...]
    children: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]
    root_player: Player = Player.MAX
    kind: str = "array"
    source: dict[str, Any] = field(default_factory=dict)
    is_explicit = True

    def __post_init__(self) -> None:
        parents = [-1] * len(self.values)
        depths = [0] * len(self.values)
        for node, kids in enumerate(self.children):
            for child in kids:
                parents[child] = node
                depths[child] = depths[node] + 1
        if len(self.names) != len(self.values):
            raise InputError(f"{len(self.names)} names for {len(self.values)} nodes; give exactly one per node")
        if len(set(self.names)) != len(self.names) or not all(self.names):
            raise InputError("node names must be unique and non-empty; give one distinct name per node")
        object.__setattr__(self, "parents", tuple(parents))
        object.__setattr__(self, "depths", tuple(depths))
        object.__setattr__(
            self, "_successors", tuple(tuple((c, c) for c in kids) for kids in self.children)
        )

    # -- the Game protocol -------------------------------------------------
    def root(self) -> int:
        return 0

    def successors(self, state: int) -> tuple[tuple[int, int], ...]:
        return self._successors[state]

    def is_terminal(self, state: int) -> bool:
        return not self.children[state]

    def player(self, state: int) -> Player:
        return self.root_player if self.depths[state] % 2 == 0 else self.root_player.other

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
        return self.names[move]

    def board_text(self, state: int) -> None:
        return None

    def describe(self) -> str:
        branching = max((len(kids) for kids in self.children), default=0)
        seed = f", seed {self.source['seed']}" if "seed" in self.source else ""
        return f"{self.kind} tree, {len(self.values)} nodes, branching {branching}{seed}"

    def spec(self) -> dict[str, Any]:
        spec = {"kind": self.kind, **self.source, "root": self.root_player.value}
        if self.kind == "nested":
            spec["nested"] = self.to_nested()
        else:
            spec["values"] = list(self.values)
        if list(self.names) != level_order_names(len(self.names)):
            spec["names"] = list(self.names)
        return spec

    # -- the registry's questions (answered in `explicit_spec`, which builds on this module) --------
    @classmethod
    def from_spec(cls, spec: Any, *, where: str = "the trace's source") -> ExplicitTree:
        """The tree of an "array", "random" or "nested" spec (what `spec()` wrote), checked field by field."""
        from visualizer.games.explicit_spec import read_explicit

        return read_explicit(spec, where)

    @classmethod
    def slug(cls, spec: dict[str, Any]) -> str:
        """The file-name stem of its traces: "example15", "array7", "nested13", "random-seed4"."""
        from visualizer.games.explicit_spec import explicit_slug

        return explicit_slug(spec)

    @classmethod
    def default_root(cls, spec: dict[str, Any]) -> Player:
        """Who moves at the root unless the spec says: MIN for the built-in example, else MAX."""
        from visualizer.games.explicit_spec import explicit_default_root

        return explicit_default_root(spec)

    # -- helpers -------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.values)

    def parent(self, node: int) -> int | None:
        """The parent's id, None for the root."""
        parent = self.parents[node]
        return None if parent < 0 else parent

    def to_nested(self, node: int = 0) -> Any:
        """The subtree at `node` as nested lists (leaf values at the bottom), built without recursion."""
        built: dict[int, Any] = {}
        stack = [(node, False)]
        while stack:
            current, expanded = stack.pop()
            kids = self.children[current]
            if not kids:
                built[current] = self.values[current]
            elif expanded:
                built[current] = [built.pop(child) for child in kids]
            else:
                stack.append((current, True))
                stack.extend((child, False) for child in kids)
        return built[node]

    def replace(self, **changes: Any) -> ExplicitTree:
        """A copy with some fields changed, e.g. `tree.replace(root_player=Player.MIN)`."""
        return dataclasses.replace(self, **changes)


def _parse_number(text: str, position: int) -> Value:
    item = text.strip()
    if not item:
        raise InputError(f"array item {position} is empty; give numbers separated by commas, e.g. 1,3,5")
    try:
        return int(item)
    except ValueError:
        pass
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


def _check_size(count: int) -> None:
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
) -> ExplicitTree:
    """A tree from level-order values: node i's children are K*i+1 .. K*i+K where they exist."""
    if not values:
        raise InputError("the array is empty; give level-order values such as 1,3,5,5,3,1,2")
    if branching < 1:
        raise InputError(f"--branching is {branching}; it must be 1 or more")
    _check_size(len(values))
    count = len(values)
    children = tuple(
        tuple(range(branching * node + 1, min(branching * node + branching, count - 1) + 1))
        for node in range(count)
    )
    names = list(names) if names is not None else level_order_names(count)
    info = {"branching": branching, **(source or {})}
    return ExplicitTree(tuple(values), children, tuple(names), root, kind, info)


def builtin_example() -> ExplicitTree:
    """The 15-node example A..O with root MIN."""
    return from_array(DEFAULT_ARRAY, root=DEFAULT_ROOT)


def _is_number(item: Any) -> bool:
    return isinstance(item, (int, float)) and not isinstance(item, bool)


def from_nested(
    nested: Any, *, names: Sequence[str] | None = None, root: Player = Player.MAX
) -> ExplicitTree:
    """A tree from nested lists whose leaves are numbers, e.g. [[3,12,8],[2,4,6],[14,5,2]]."""
    if isinstance(nested, str):
        try:
            nested = json.loads(nested)
        except json.JSONDecodeError as error:
            raise InputError(
                f"the nested list is not valid JSON ({error.msg} at character {error.pos + 1}); "
                "write it like [[3,12,8],[2,4,6]]"
            ) from None
        except RecursionError:
            raise InputError(
                "the nested list is nested too deeply to read; give it as --array with --branching"
            ) from None
        except ValueError:  # e.g. an integer with more digits than Python converts
            raise InputError("the nested list has a number too long to read; use shorter numbers") from None
    values: list[Value | None] = []
    children: list[list[int]] = []
    queue: deque[tuple[Any, str]] = deque([(nested, "the top level")])
    while queue:
        item, where = queue.popleft()
        node = len(values)
        children.append([])
        if _is_number(item):
            if isinstance(item, float) and not math.isfinite(item):  # (an int is finite, however long)
                raise InputError(f"the nested list has a non-finite number at {where}; use finite numbers")
            values.append(item)
        elif isinstance(item, list) and item:
            values.append(None)
            for index, child in enumerate(item):
                children[node].append(-1)  # filled in below once the child gets its id
                queue.append((child, f"{where} > item {index + 1}"))
        elif isinstance(item, list):
            raise InputError(f"the nested list has an empty list at {where}; every list needs a child, so remove it or fill it")
        else:
            raise InputError(
                f"the nested list has {json.dumps(item)} at {where}; leaves must be numbers"
            )
        _check_size(len(values) + len(queue))
    next_id = 1  # children get ids in level order, in the order they were queued
    for node in range(len(children)):
        for position in range(len(children[node])):
            children[node][position] = next_id
            next_id += 1
    count = len(values)
    names = list(names) if names is not None else level_order_names(count)
    return ExplicitTree(tuple(values), tuple(map(tuple, children)), tuple(names), root, "nested", {})
