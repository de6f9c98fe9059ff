"""Provides shape facts and traversals of explicit trees: size, height, complete, perfect, heaps."""

from __future__ import annotations

from dataclasses import dataclass

from visualizer.games.base import ExplicitNodes


@dataclass(frozen=True)
class TreeFacts:
    """What `visualizer show` reports about an array or nested tree (heap answers None when some node has
    no value; `inorder` None when some node has more than two children)."""

    size: int
    height: int
    leaves: int
    branching: int
    is_complete: bool
    is_perfect: bool
    is_max_heap: bool | None
    is_min_heap: bool | None
    preorder: tuple[int, ...]
    inorder: tuple[int, ...] | None
    postorder: tuple[int, ...]
    level_order: tuple[int, ...]


def preorder(tree: ExplicitNodes, node: int = 0, *, right_to_left: bool = False) -> list[int]:
    """Node, then each child's subtree left to right (`right_to_left`: the mirror image)."""
    order: list[int] = []
    stack = [node]
    while stack:
        current = stack.pop()
        order.append(current)
        stack.extend(tree.children[current] if right_to_left else reversed(tree.children[current]))
    return order


def postorder(tree: ExplicitNodes, node: int = 0) -> list[int]:
    """Each child's subtree left to right, then the node: the mirror image's pre-order, reversed."""
    return preorder(tree, node, right_to_left=True)[::-1]


def inorder(tree: ExplicitNodes, node: int = 0) -> list[int] | None:
    """Left subtree, node, right subtree (a single child is on the left); None if some node has more than two."""
    if any(len(kids) > 2 for kids in tree.children):
        return None
    order: list[int] = []
    stack: list[int] = []
    current: int | None = node
    while stack or current is not None:
        while current is not None:
            stack.append(current)
            kids = tree.children[current]
            current = kids[0] if kids else None
        visited = stack.pop()
        order.append(visited)
        kids = tree.children[visited]
        current = kids[1] if len(kids) == 2 else None
    return order


def _is_heap(tree: ExplicitNodes, sign: int) -> bool | None:
    values = [value for value in tree.values if value is not None]
    if len(values) < len(tree.values):
        return None
    return all(
        sign * values[parent] >= sign * values[child] for parent, kids in enumerate(tree.children) for child in kids
    )


def tree_facts(tree: ExplicitNodes) -> TreeFacts:
    """Every fact at once. Complete: the level-order K-ary shape (every level full but the last, which fills
    from the left); perfect: complete with all leaves at one depth."""
    size = len(tree)
    branching = max((len(kids) for kids in tree.children), default=0)
    leaf_depths = {tree.depths[node] for node in range(size) if not tree.children[node]}
    complete = all(
        tree.children[node] == tuple(range(branching * node + 1, min(branching * node + branching, size - 1) + 1))
        for node in range(size)
    )
    perfect = complete and len(leaf_depths) == 1 and all(len(kids) in (0, branching) for kids in tree.children)
    return TreeFacts(
        size=size,
        height=max(tree.depths),
        leaves=sum(1 for kids in tree.children if not kids),
        branching=branching,
        is_complete=complete,
        is_perfect=perfect,
        is_max_heap=_is_heap(tree, 1),
        is_min_heap=_is_heap(tree, -1),
        preorder=tuple(preorder(tree)),
        inorder=None if (order := inorder(tree)) is None else tuple(order),
        postorder=tuple(postorder(tree)),
        level_order=tuple(range(size)),  # node ids are already in level order
    )
