"""An independent expectimax, written plainly over nested data with exact fractions: the reference the
expectimax and star1 tests check the library against (as tests/object_recorder.py is for the recorder).

A tree is a number (a leaf), a list of subtrees (a MAX or a MIN node) or {"chance": [[p, subtree], ...]}
(a chance node). MAX and MIN alternate from the root; a chance node does not take a turn, so the player
below it is the opposite of the nearest MAX or MIN above it (the root's player below a chance root).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def expectimax_value(tree: Any, maximizing: bool = True) -> Fraction:
    """The exact expectiminimax value of `tree`; `maximizing` says whether MAX moves at its first decision."""
    if isinstance(tree, dict):
        return sum((Fraction(p) * expectimax_value(subtree, maximizing) for p, subtree in tree["chance"]), Fraction(0))
    if isinstance(tree, list):
        values = [expectimax_value(subtree, not maximizing) for subtree in tree]
        return max(values) if maximizing else min(values)
    return Fraction(tree)


def chance_node_values(tree: Any, maximizing: bool = True) -> list[Fraction]:
    """The values of the chance nodes of `tree`, in level order (the order a level-order array names them)."""
    found: list[Fraction] = []
    level = [(tree, maximizing)]
    while level:
        below = []
        for node, turn in level:
            if isinstance(node, dict):
                found.append(expectimax_value(node, turn))
                below.extend((subtree, turn) for _, subtree in node["chance"])
            elif isinstance(node, list):
                below.extend((subtree, not turn) for subtree in node)
        level = below
    return found


def array_to_nested(values: list[int], branching: int, levels: list[str]) -> Any:
    """The nested form of a level-order array read with `--levels` (chance levels draw each child
    alike; a node of a chance level without children is a leaf), written out directly."""

    def subtree(node: int, depth: int) -> Any:
        kids = [child for child in range(branching * node + 1, branching * node + branching + 1) if child < len(values)]
        if not kids:
            return values[node]
        if levels[depth] == "chance":
            return {"chance": [[Fraction(1, len(kids)), subtree(child, depth + 1)] for child in kids]}
        return [subtree(child, depth + 1) for child in kids]

    return subtree(0, 0)
