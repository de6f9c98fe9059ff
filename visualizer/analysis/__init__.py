"""Provides the comparisons: several searches of one tree side by side, and the pruned-tree study."""

from visualizer.analysis.study import (
    DEFAULT_LEAVES,
    DEFAULT_TRIALS,
    Measure,
    Size,
    Study,
    StudyRow,
    knuth_moore,
    parse_depth_range,
    parse_leaves,
    parse_orders,
    run_study,
    tree_seed,
)

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
    "parse_orders",
    "run_study",
    "tree_seed",
]
