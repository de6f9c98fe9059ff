"""Provides `standard_cases`: the trees `grade` runs a student's function on when no tree is named (the
15-node example, the textbook's 3x3 tree and seeded random trees, every `IRREGULAR_EVERY`th of them irregular)."""

from __future__ import annotations

import secrets
from functools import partial

from visualizer.games import builtin_example, from_nested
from visualizer.games.random_tree import irregular_tree, random_tree
from visualizer.grading.models import Convention
from visualizer.grading.reference import Case

__all__ = [
    "DEFAULT_BRANCHING",
    "DEFAULT_DEPTH",
    "SEEDS",
    "fresh_seed",
    "DEFAULT_TREES",
    "IRREGULAR_EVERY",
    "MAX_TREES",
    "TEXTBOOK_TREE",
    "standard_cases",
]

TEXTBOOK_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"
"""The 3x3 tree of AIMA's Fig. 5.2 (root MAX, value 3)."""

DEFAULT_TREES = 20
"""Random trees graded on besides the two worked examples."""

IRREGULAR_EVERY = 4
"""Random trees 4, 8, 12, ... are irregular (`irregular_tree`: leaves at mixed depths, 2 to 4 children for the
default branching); the others are perfect trees."""

MAX_TREES = 10_000
"""The most random trees `grade --trees` takes (each runs the student's code in the sandbox)."""

SEEDS = 1_000_000
"""Without --seed, the first random tree's seed is drawn afresh from 1 to this (tree i has seed + i - 1), so
that no answer can be worked out in advance; the report names it, and --seed gives the same trees again."""

DEFAULT_BRANCHING = 3
DEFAULT_DEPTH = 3
"""Random trees of 27 leaves: room for cut-offs at several depths, small enough to read a report."""


def fresh_seed() -> int:
    """A first seed for the random trees that nobody can know in advance."""
    return secrets.randbelow(SEEDS) + 1


def standard_cases(
    *,
    algorithm: str = "alphabeta",
    convention: Convention = Convention(),
    trees: int = DEFAULT_TREES,
    seed: int = 1,
    branching: int = DEFAULT_BRANCHING,
    depth: int = DEFAULT_DEPTH,
    value_range: tuple[int, int] = (-10, 10),
) -> list[Case]:
    """The two worked examples, then `trees` random trees (values in `value_range`, so ties come up), every
    `IRREGULAR_EVERY`th irregular; random tree i has seed `seed` + i - 1."""
    case = partial(Case, algorithm=algorithm, convention=convention)
    cases = [
        case("15-node example (root MIN)", builtin_example()),
        case("textbook 3x3 tree (root MAX)", from_nested(TEXTBOOK_TREE)),
    ]
    for number, tree_seed in enumerate(range(seed, seed + trees), 1):
        if number % IRREGULAR_EVERY:
            game = random_tree(depth=depth, branching=branching, value_range=value_range, seed=tree_seed)
            cases.append(case(f"random tree {number} (seed {tree_seed})", game))
        else:
            game = irregular_tree(depth=depth, branching=branching, value_range=value_range, seed=tree_seed)
            cases.append(case(f"irregular random tree {number} (seed {tree_seed})", game))
    return cases
