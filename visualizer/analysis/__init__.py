"""Provides the comparisons: several searches of one tree side by side, and the pruned-tree study.
Names are imported when first used."""

from visualizer.lazy import lazy_names

_NAMES = dict.fromkeys(
    (
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
    ),
    "visualizer.analysis.study",
)
__all__ = list(_NAMES)
__getattr__, __dir__ = lazy_names(__name__, _NAMES)
