"""Provides seeded random trees: the same seed gives the same tree on every machine (`random_tree`, level
order; `irregular_tree`, leaves at mixed depths and varying branching)."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from typing import Any

from visualizer.errors import InputError
from visualizer.games.base import Player
from visualizer.games.explicit import MAX_TREE_NODES, ExplicitTree, from_array
from visualizer.games.nested import from_nested

DEFAULT_LEAVES = 8
DEFAULT_RANGE = (-10, 10)
EARLY_LEAF = 0.25
"""In an irregular tree, the chance that a node above the deepest level is a leaf."""


def fresh_seed(below: int = 1_000_000) -> int:
    """A new seed from the system's randomness, for a random tree, order or exercise given none."""
    return random.SystemRandom().randrange(below)


def tree_nodes(branching: int, depth: int) -> int:
    """The nodes of a perfect tree: 1 + B + B^2 + ... + B^depth."""
    return sum(branching**level for level in range(depth + 1))


def parse_range(text: str) -> tuple[int, int]:
    """'LO:HI' to two ints with LO <= HI."""
    try:
        low, high = (int(part) for part in text.strip().split(":"))
    except ValueError:
        raise InputError(f"--range is {text!r}; write it as LO:HI with whole numbers, e.g. -10:10") from None
    if low > high:
        raise InputError(f"--range {low}:{high} has LO above HI; write it as LO:HI with LO <= HI")
    return low, high


def check_shape(depth: int, branching: int) -> None:
    """An InputError unless a perfect tree of `depth` and `branching` is one a random tree may be."""
    if branching < 1:
        raise InputError(f"--branching is {branching}; it must be 1 or more")
    if depth < 0:
        raise InputError(f"--depth is {depth}; it must be 0 or more")
    if tree_nodes(branching, min(depth, 64)) > MAX_TREE_NODES:
        raise InputError(
            f"a random tree of depth {depth} and branching {branching} has over "
            f"{MAX_TREE_NODES:,} nodes; choose a smaller --depth or --branching"
        )


def random_tree(
    *,
    leaves: int | None = None,
    depth: int | None = None,
    branching: int = 2,
    value_range: tuple[int, int] = DEFAULT_RANGE,
    seed: int,
    root: Player = Player.MAX,
    levels: Sequence[Player] | None = None,
) -> ExplicitTree:
    """A level-order tree with random integer values, shaped by `depth` (a perfect tree) or `leaves` (the
    smallest level-order tree with exactly that many; 8 when neither is given).

    The same seed gives the same tree on every machine.

    Args:
        leaves: the number of leaves, when `depth` is not given.
        depth: the depth of a perfect tree (every leaf at that depth).
        branching: the number of children of every inner node.
        value_range: the lowest and highest value, both included.
        seed: the seed of the random values.
        root: who moves at the root.
        levels: the kind of each level of inner nodes, as `from_array` reads them.

    Returns:
        The tree, an `ExplicitTree` built by `from_array`.

    Raises:
        InputError: a shape below 1, or a tree over `MAX_TREE_NODES` nodes.

    Examples:
        >>> from visualizer import random_tree, trace_search
        >>> tree = random_tree(depth=3, seed=7)
        >>> tree.describe()
        'random tree, 15 nodes, branching 2, seed 7'
        >>> tree.values[7:]  # the 8 leaves
        (-7, 1, 8, -9, 6, -4, -9, -8)
        >>> trace_search(tree, "alphabeta").summary.value
        1
    """
    if branching < 1:
        raise InputError(f"--branching is {branching}; it must be 1 or more")
    if depth is not None:
        check_shape(depth, branching)
        size, leaves = tree_nodes(branching, depth), branching**depth
    else:
        leaves = DEFAULT_LEAVES if leaves is None else leaves
        if leaves < 1:
            raise InputError(f"--leaves is {leaves}; it must be 1 or more")
        if leaves > MAX_TREE_NODES // 2:
            raise InputError(f"--leaves is {leaves:,}; random trees are limited to {MAX_TREE_NODES // 2:,} leaves")
        if branching == 1 and leaves > 1:  # a path
            raise InputError("with --branching 1 a tree has exactly one leaf; use --depth, or --branching 2+")
        size = 1 if branching == 1 else leaves + -(-(leaves - 1) // (branching - 1))  # + ceil((L-1)/(K-1)) inner nodes
    low, high = value_range
    rng = random.Random(seed)
    values = [rng.randint(low, high) for _ in range(size)]
    source = {"seed": seed, "range": [low, high], "leaves": leaves}
    return from_array(values, branching=branching, root=root, kind="random", source=source, levels=levels)


def irregular_tree(
    *,
    depth: int,
    branching: int = 2,
    value_range: tuple[int, int] = DEFAULT_RANGE,
    seed: int,
    root: Player = Player.MAX,
) -> ExplicitTree:
    """A random tree with leaves at mixed depths: each inner node has `branching` - 1 to `branching` + 1
    children (at least 1), each child above `depth` is a leaf with chance `EARLY_LEAF`, every node at `depth`
    is a leaf, and so is every node past the size of the perfect tree of `depth` and `branching`.
    Drawn level by level, so the same seed gives the same tree."""
    check_shape(depth, branching)
    low, high = value_range
    rng = random.Random(seed)
    if depth == 0:
        return from_nested(rng.randint(low, high), root=root)
    size, most = 1, tree_nodes(branching, depth)
    top: list[Any] = []
    waiting: deque[tuple[list[Any], int]] = deque([(top, 0)])  # inner nodes, with their level, to fill in
    while waiting:
        children, level = waiting.popleft()
        for _ in range(rng.randint(max(1, branching - 1), branching + 1)):
            size += 1
            if level + 1 == depth or rng.random() < EARLY_LEAF or size >= most:
                children.append(rng.randint(low, high))
            else:
                children.append([])
                waiting.append((children[-1], level + 1))
    return from_nested(top, root=root)
