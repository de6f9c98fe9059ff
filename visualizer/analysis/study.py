"""Provides the pruned-tree study: how many nodes alpha-beta saves over minimax as random trees grow.

For each tree size, `run_study` searches N seeded random trees with minimax and with alpha-beta (or the
searches asked for) in every move order, counting nodes entered and leaves evaluated. Each row holds the
mean and standard deviation over the trials and the fraction saved against minimax on the same trees.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from visualizer.errors import InputError
from visualizer.games.base import Game, Player
from visualizer.games.explicit import MAX_TREE_NODES
from visualizer.games.ordering import ORDERS, with_order
from visualizer.games.random_tree import DEFAULT_RANGE, random_tree
from visualizer.lists import split_list
from visualizer.search import search
from visualizer.search.registry import REGISTRY, Configuration, parse_configuration
from visualizer.tracing.tracer import NodeCounter

__all__ = [
    "DEFAULT_LEAVES",
    "DEFAULT_TRIALS",
    "Measure",
    "Size",
    "Study",
    "StudyRow",
    "knuth_moore",
    "parse_depth_range",
    "parse_leaves",
    "parse_algorithms",
    "parse_orders",
    "run_study",
    "tree_seed",
]

DEFAULT_LEAVES = (8, 16, 32, 64, 128, 256, 512, 1024)
DEFAULT_TRIALS = 20
MAX_STUDY_NODES = 20_000_000
"""Refuse studies that would enter more nodes than this (minimax alone), so a typo cannot hang."""


def knuth_moore(branching: int, depth: int) -> int:
    """Leaves alpha-beta evaluates on a uniform tree with perfect ordering: b^ceil(d/2) + b^floor(d/2) - 1."""
    return branching ** math.ceil(depth / 2) + branching ** (depth // 2) - 1


@dataclass(frozen=True)
class Size:
    """One tree size of the study: `leaves` leaves; `depth` when the tree is uniform (b^depth leaves)."""

    leaves: int
    depth: int | None

    @property
    def is_uniform(self) -> bool:
        return self.depth is not None


def _uniform_depth(leaves: int, branching: int) -> int | None:
    """d when leaves == branching^d (a perfect tree), else None."""
    if branching < 2:  # run_study refuses these; they have no logarithm
        return None
    depth = round(math.log(leaves, branching))
    return depth if branching**depth == leaves else None


def parse_leaves(text: str, branching: int) -> tuple[Size, ...]:
    """'8,16,32' to sizes (sorted, without repeats)."""
    try:
        counts = sorted({int(part) for part in split_list(text, "--leaves", "8,16,32")})
    except ValueError:
        raise InputError(f"--leaves is {text!r}; give whole numbers separated by commas, e.g. 8,16,32") from None
    if counts[0] < 2:
        raise InputError(f"--leaves has {counts[0]}; a tree in the study needs 2 leaves or more")
    if counts[-1] > MAX_TREE_NODES // 2:
        raise InputError(f"--leaves has {counts[-1]:,}; random trees are limited to {MAX_TREE_NODES // 2:,} leaves")
    return tuple(Size(count, _uniform_depth(count, branching)) for count in counts)


def parse_depth_range(text: str, branching: int) -> tuple[Size, ...]:
    """'2:8' to uniform trees of depth 2, 3, ..., 8 (branching^d leaves each)."""
    try:
        low, high = (int(part) for part in text.strip().split(":"))
    except ValueError:
        raise InputError(f"--depth-range is {text!r}; write it as LO:HI, e.g. 2:8") from None
    if low < 1 or low > high:
        raise InputError(f"--depth-range {low}:{high} needs 1 <= LO <= HI, e.g. 2:8")
    if branching**high > MAX_TREE_NODES // 2:
        raise InputError(
            f"--depth-range up to {high} with --branching {branching} makes {branching**high:,} leaves; "
            f"random trees are limited to {MAX_TREE_NODES // 2:,}: lower HI"
        )
    return tuple(Size(branching**depth, depth) for depth in range(low, high + 1))


def parse_orders(text: str) -> tuple[str, ...]:
    """'natural,best' to ("natural", "best"), in the given order without repeats."""
    orders = tuple(dict.fromkeys(part.lower() for part in split_list(text, "--orders", "natural,best")))
    if any(order not in ORDERS for order in orders):
        raise InputError(f"--orders is {text!r}; choose from {', '.join(ORDERS)}, separated by commas")
    return orders


def parse_algorithms(text: str) -> tuple[Configuration, ...]:
    """'alphabeta,pvs,mtdf+tt' to the searches the study compares with minimax (each once, in order); minimax
    itself (the baseline) and searches whose value is an estimate are refused."""
    by_label: dict[str, Configuration] = {}
    for part in split_list(text, "--algorithms", "alphabeta,pvs"):
        configuration = parse_configuration(part)
        by_label.setdefault(configuration.label, configuration)
    configurations = tuple(by_label.values())
    for configuration in configurations:
        if configuration.algorithm.baseline and not configuration.options:
            raise InputError("--algorithms lists minimax, which every study searches as the baseline; leave it out")
        if configuration.algorithm.estimates:
            raise InputError(
                f"--algorithms lists {configuration.algorithm.name}, whose value is an estimate; "
                "the study counts what pruning saves: choose searches such as alphabeta,pvs,mtdf+tt"
            )
    return configurations


ALPHABETA = "alphabeta"
"""The search the study compares with minimax unless told otherwise."""


def tree_seed(seed: int, leaves: int, trial: int) -> int:
    """The seed of trial `trial` at size `leaves`: `visualizer run --random --leaves L --seed X` rebuilds it."""
    return random.Random(f"{seed}:{leaves}:{trial}").randrange(1_000_000_000)


@dataclass(frozen=True)
class Measure:
    """Mean and sample standard deviation over the trials (sd 0 for one trial)."""

    mean: float
    sd: float

    @classmethod
    def of(cls, samples: Sequence[int]) -> Measure:
        return cls(statistics.fmean(samples), statistics.stdev(samples) if len(samples) > 1 else 0.0)


@dataclass(frozen=True)
class StudyRow:
    """One search (a label such as "mtdf tt") under one move order at one tree size: nodes entered, leaves
    evaluated, the fractions saved (1 - mean / minimax's mean) and each trial's (nodes, leaves)."""

    size: Size
    algorithm: str
    order: str
    nodes: Measure
    leaves: Measure
    nodes_saved: float
    leaves_saved: float
    samples: tuple[tuple[int, int], ...] = field(repr=False)

    @property
    def is_baseline(self) -> bool:
        """True for the row of the search the others are measured against (minimax), whatever the order."""
        record = REGISTRY.get(self.algorithm)
        return record is not None and record.baseline

    @property
    def label(self) -> str:
        return self.algorithm if self.is_baseline else f"{self.algorithm} ({self.order})"


@dataclass(frozen=True)
class Study:
    """The settings and the rows (per size: minimax, then each search in each order)."""

    branching: int
    trials: int
    value_range: tuple[int, int]
    seed: int
    orders: tuple[str, ...]
    root: Player
    rows: tuple[StudyRow, ...]
    algorithms: tuple[str, ...] = (ALPHABETA,)

    @property
    def sizes(self) -> tuple[Size, ...]:
        return tuple(dict.fromkeys(row.size for row in self.rows))

    @property
    def labels(self) -> tuple[str, ...]:
        """Series names in row order: "minimax", "alphabeta (natural)", ..."""
        return tuple(dict.fromkeys(row.label for row in self.rows))

    def knuth_moore(self, size: Size) -> int | None:
        """The minimal tree's leaves for a uniform size, None otherwise."""
        return None if size.depth is None else knuth_moore(self.branching, size.depth)


def _count(tree: Game, order: str, algorithm: str, seed: int, options: dict[str, Any] | None = None) -> tuple[int, int]:
    counter = NodeCounter()
    game = with_order(tree, order, seed if order == "random" else None)
    search(game, algorithm, tracer=counter, **(options or {}))
    return counter.result()


def run_study(
    sizes: Sequence[Size],
    *,
    branching: int = 2,
    trials: int = DEFAULT_TRIALS,
    value_range: tuple[int, int] = DEFAULT_RANGE,
    seed: int,
    orders: Sequence[str] = ("natural",),
    root: Player = Player.MAX,
    progress: Callable[[int, int], None] | None = None,
    algorithms: Sequence[Configuration] | None = None,
) -> Study:
    """Searches `trials` random trees of each size with minimax and `algorithms` (alpha-beta by default) in
    every order; `progress(done, total)` after each tree. The same arguments give the same study."""
    if branching < 2:
        raise InputError(f"--branching is {branching}; the study needs 2 or more children per node")
    if trials < 1:
        raise InputError(f"--trials is {trials}; it must be 1 or more")
    total_nodes = trials * sum(2 * size.leaves for size in sizes)
    if total_nodes > MAX_STUDY_NODES:
        raise InputError(
            f"this study would search about {total_nodes:,} nodes per order; lower --trials or the sizes "
            f"(the limit is {MAX_STUDY_NODES:,})"
        )
    searches = tuple(algorithms) if algorithms else (parse_configuration(ALPHABETA),)
    runs = [(parse_configuration("minimax"), "natural")]  # the baseline, then each search in each order
    runs += [(configuration, order) for configuration in searches for order in orders]
    rows: list[StudyRow] = []
    total = len(sizes) * trials
    for number, size in enumerate(sizes):
        samples: dict[tuple[str, str], list[tuple[int, int]]] = {(run.label, order): [] for run, order in runs}
        for trial in range(trials):
            seed_of_tree = tree_seed(seed, size.leaves, trial)
            shape = {"depth": size.depth} if size.is_uniform else {"leaves": size.leaves}
            tree = random_tree(**shape, branching=branching, value_range=value_range, seed=seed_of_tree, root=root)
            for run, order in runs:
                samples[run.label, order].append(_count(tree, order, run.algorithm.name, seed_of_tree, run.options))
            if progress is not None:
                progress(number * trials + trial + 1, total)
        full_nodes, full_leaves = (statistics.fmean(column) for column in zip(*samples["minimax", "natural"]))
        for (algorithm, order), pairs in samples.items():
            nodes, leaves = (Measure.of(column) for column in zip(*pairs))
            saved = (1 - nodes.mean / full_nodes, 1 - leaves.mean / full_leaves)
            rows.append(StudyRow(size, algorithm, order, nodes, leaves, *saved, tuple(pairs)))
    low, high = value_range
    labels = tuple(configuration.label for configuration in searches)
    return Study(branching, trials, (low, high), seed, tuple(orders), root, tuple(rows), labels)
