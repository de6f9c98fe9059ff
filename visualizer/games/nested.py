"""Provides `from_nested`: a tree from nested lists with numbers at the leaves. A node may say its kind:
{"max": [...]}, {"min": [...]} or {"chance": [[probability, subtree], ...]}; a plain list takes turns with the
nearest MAX or MIN above it."""

from __future__ import annotations

import json
import math
from collections import deque
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from visualizer.errors import InputError, shown
from visualizer.games.base import MAX_DIGITS, Player, Value, too_long
from visualizer.games.explicit import PROBABILITY_TOLERANCE, ExplicitTree, build_tree, check_size, level_order_names

__all__ = ["from_nested"]


def _is_number(item: Any) -> bool:
    return isinstance(item, (int, float)) and not isinstance(item, bool)


def from_nested(nested: Any, *, names: Sequence[str] | None = None, root: Player | None = None) -> ExplicitTree:
    """A tree from nested lists whose leaves are numbers, e.g. [[3,12,8],[2,4,6],[14,5,2]].

    A node of a given kind is {"max": [subtrees]} or {"min": [subtrees]}, e.g. {"max": [{"min": [{"min": [3, 5]}]}]}
    for MAX and two MIN agents. A chance node (never the root) is {"chance": [[p1, subtree1], [p2, subtree2], ...]}:
    probabilities above 0 and at most 1 that sum to 1. A plain list is the opponent of the nearest MAX or MIN
    above it (so MAX and MIN alternate where no kind is given); the root is MAX unless it says or `root` does.

    Args:
        nested: the lists, or their JSON text.
        names: one name per node in level order; by default A, B, C, ...
        root: who moves at the root, when the root does not say.

    Returns:
        The tree, an `ExplicitTree` (a `ChanceTree` when it has chance nodes).

    Raises:
        InputError: the text is not JSON, or the lists are not such a tree (a leaf that is not a finite
            number, probabilities that do not sum to 1, ...).

    Examples:
        >>> from visualizer import from_nested, trace_search
        >>> tree = from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
        >>> tree.describe(), tree.root_player
        ('nested tree, 13 nodes, branching 3', <Player.MAX: 'max'>)
        >>> trace = trace_search(tree, "alphabeta")
        >>> trace.summary.value, trace.names(trace.summary.pruned)
        (3, ['I', 'J'])
        >>> dice = from_nested({"max": [{"chance": [[0.5, 4], [0.5, 2]]}, 1]})
        >>> trace_search(dice, "expectimax").summary.value
        3.0
    """
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
    probabilities: list[float | None] = []
    kinds: list[Player | None] = []
    queue: deque[tuple[Any, str, float | None]] = deque([(nested, "the top level", None)])
    while queue:
        item, where, probability = queue.popleft()
        node = len(values)
        value: Value | None = None
        kind: Player | None = None
        kids: list[tuple[Any, str, float | None]] = []
        if _is_number(item):
            if isinstance(item, float) and not math.isfinite(item):  # (an int is finite, however long)
                raise InputError(f"the nested list has a non-finite number at {where}; use finite numbers")
            if too_long(item):
                raise InputError(
                    f"the nested list has a number of over {MAX_DIGITS} digits at {where}; use shorter numbers"
                )
            value = item
        elif isinstance(item, list) and item:
            kids = [(child, f"{where} > item {index}", None) for index, child in enumerate(item, start=1)]
        elif isinstance(item, list):
            raise InputError(
                f"the nested list has an empty list at {where}; every list needs a child, so remove it or fill it"
            )
        elif isinstance(item, dict) and list(item) in (["max"], ["min"]):
            kind, subtrees = Player(next(iter(item))), next(iter(item.values()))
            if not isinstance(subtrees, list) or not subtrees:
                raise InputError(
                    f'the {kind.value} node at {where} has {shown(subtrees)} as its children; write {{"{kind.value}": '
                    "[subtree, ...]} with at least one subtree (a leaf is a plain number)"
                )
            kids = [(child, f"{where} > item {index}", None) for index, child in enumerate(subtrees, start=1)]
        elif isinstance(item, dict):
            outcomes = _outcomes(item, where)
            if node == 0:
                raise InputError(
                    "the nested list's top level is a chance node, but the root must be MAX or MIN; "
                    'put it in a list: [{"chance": [...]}]'
                )
            kids = [(child, f"{where} > outcome {index}", chance) for index, (chance, child) in enumerate(outcomes, 1)]
        else:
            raise InputError(f"the nested list has {json.dumps(item)} at {where}; leaves must be numbers")
        values.append(value)
        probabilities.append(probability)
        kinds.append(kind)
        first = node + len(queue) + 1  # ids go in level order: the queued nodes come first
        children.append(list(range(first, first + len(kids))))
        queue.extend(kids)
        check_size(len(values) + len(queue))
    names = list(names) if names is not None else level_order_names(len(values))
    if root is not None and kinds[0] not in (None, root):
        raise InputError(
            f"the nested list's top level is a {kinds[0].value} node, but --root is {root.value}; "
            "drop --root, or change the top level's kind"
        )
    root = kinds[0] or root or Player.MAX
    return build_tree(values, children, names, root, "nested", {}, probabilities, kinds)


def _outcomes(item: dict[str, Any], where: str) -> list[tuple[float, Any]]:
    """The checked (probability, subtree) pairs of a chance node."""
    hint = 'write a chance node as {"chance": [[0.5, subtree], [0.5, subtree]]}'
    if list(item) != ["chance"]:
        raise InputError(
            f"the nested list has the object {shown(item)} at {where}; a node's kind is one key, max, min or "
            'chance: {"max": [subtree, ...]}, {"min": [subtree, ...]} or {"chance": [[0.5, subtree], ...]}'
        )
    pairs = item["chance"]
    if not isinstance(pairs, list) or not pairs:
        raise InputError(f"the chance node at {where} has {shown(pairs)} as its outcomes; {hint}")
    for index, pair in enumerate(pairs, start=1):
        if not isinstance(pair, list) or len(pair) != 2:
            raise InputError(
                f"the chance node at {where} has {shown(pair)} as outcome {index}; "
                "write each outcome as [probability, subtree]"
            )
        if not _is_number(pair[0]) or not 0 < pair[0] <= 1:
            raise InputError(
                f"the chance node at {where} has probability {shown(pair[0])} in outcome {index}; "
                "a probability is a number above 0 and at most 1"
            )
    total = sum((Fraction(repr(probability)) for probability, _ in pairs), Fraction(0))  # as written: 0.1 is 1/10
    if abs(total - 1) > PROBABILITY_TOLERANCE:
        raise InputError(
            f"the probabilities of the chance node at {where} sum to {float(total):.10g}, not 1; "
            "make them add up to 1 within 0.000001 (thirds need six decimals: 0.333333)"
        )
    return [(float(probability), subtree) for probability, subtree in pairs]
