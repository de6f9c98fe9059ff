"""Tests the shape facts and traversals of explicit trees; every expected value is worked out by hand."""

from __future__ import annotations

from visualizer.games import builtin_example, from_array, from_nested
from visualizer.games.explicit import ExplicitTree
from visualizer.games.treefacts import TreeFacts, inorder, postorder, preorder, tree_facts


def named(tree: ExplicitTree, order: tuple[int, ...] | list[int] | None) -> str | None:
    return None if order is None else "".join(tree.names[node] for node in order)


def test_builtin_example() -> None:
    #                 A1
    #         B3              C5
    #     D5      E3      F1      G2
    #   H6  I7  J3  K4  L2  M8  N1  O2
    tree = builtin_example()
    facts = tree_facts(tree)
    assert (facts.size, facts.height, facts.leaves, facts.branching) == (15, 3, 8, 2)
    assert facts.is_complete and facts.is_perfect
    assert facts.is_max_heap is False  # A=1 is below its child B=3
    assert facts.is_min_heap is False  # C=5 is above its child F=1
    assert named(tree, facts.preorder) == "ABDHIEJKCFLMGNO"
    assert named(tree, facts.inorder) == "HDIBJEKALFMCNGO"
    assert named(tree, facts.postorder) == "HIDJKEBLMFNOGCA"
    assert named(tree, facts.level_order) == "ABCDEFGHIJKLMNO"


def test_traversal_functions_match_the_facts() -> None:
    tree = builtin_example()
    assert named(tree, preorder(tree)) == "ABDHIEJKCFLMGNO"
    assert named(tree, inorder(tree)) == "HDIBJEKALFMCNGO"
    assert named(tree, postorder(tree)) == "HIDJKEBLMFNOGCA"
    # from an inner node: the subtree of C only
    assert named(tree, preorder(tree, 2)) == "CFLMGNO"
    assert named(tree, inorder(tree, 2)) == "LFMCNGO"
    assert named(tree, postorder(tree, 2)) == "LMFNOGC"


def test_max_heap_array() -> None:
    # 9 > 5, 7;  5 > 1, 2;  7 > 3.  Shape: A(B(D, E), C(F)): complete, C has one child so not perfect.
    tree = from_array([9, 5, 7, 1, 2, 3])
    facts = tree_facts(tree)
    assert facts.is_max_heap is True and facts.is_min_heap is False
    assert (facts.size, facts.height, facts.leaves) == (6, 2, 3)
    assert facts.is_complete and not facts.is_perfect
    assert named(tree, facts.preorder) == "ABDECF"
    assert named(tree, facts.inorder) == "DBEAFC"  # F, C's only child, counts as its left child
    assert named(tree, facts.postorder) == "DEBFCA"


def test_min_heap_array() -> None:
    # 1 < 2, 3;  2 < 4, 5.  Leaves C (depth 1) and D, E (depth 2): complete, not perfect.
    facts = tree_facts(from_array([1, 2, 3, 4, 5]))
    assert facts.is_min_heap is True and facts.is_max_heap is False
    assert (facts.size, facts.height, facts.leaves) == (5, 2, 3)
    assert facts.is_complete and not facts.is_perfect


def test_equal_values_make_both_heaps() -> None:
    facts = tree_facts(from_array([2, 2, 2]))  # the heap order is not strict
    assert facts.is_max_heap is True and facts.is_min_heap is True


def test_complete_but_not_perfect_array() -> None:
    # 12 nodes, branching 2: levels of 1, 2, 4 and 5 nodes; the last level is filled from the left.
    facts = tree_facts(from_array(list(range(12))))
    assert facts.is_complete and not facts.is_perfect
    assert (facts.size, facts.height, facts.leaves) == (12, 3, 6)  # leaves: the 5 on level 3 and node 6


def test_non_complete_nested_tree() -> None:
    # [1, [2, 3]]: A(B=1, C(D=2, E=3)). The level-order shape of 5 nodes would give B the children.
    tree = from_nested([1, [2, 3]])
    facts = tree_facts(tree)
    assert not facts.is_complete and not facts.is_perfect
    assert (facts.size, facts.height, facts.leaves, facts.branching) == (5, 2, 3, 2)
    assert facts.is_max_heap is None and facts.is_min_heap is None  # A and C have no values
    assert named(tree, facts.preorder) == "ABCDE"
    assert named(tree, facts.inorder) == "BADCE"
    assert named(tree, facts.postorder) == "BDECA"


def test_nested_tree_with_a_missing_right_child_is_complete() -> None:
    # [[1], 2]: A(B(D=1), C=2) is exactly the level-order shape of 4 nodes.
    tree = from_nested([[1], 2])
    facts = tree_facts(tree)
    assert facts.is_complete and not facts.is_perfect
    assert named(tree, facts.inorder) == "DBAC"


def test_ternary_tree_has_no_inorder() -> None:
    # 13 nodes, branching 3: A(B(E F G) C(H I J) D(K L M)), perfect.
    tree = from_array(list(range(13)), branching=3)
    facts = tree_facts(tree)
    assert facts.inorder is None
    assert inorder(tree) is None
    assert (facts.size, facts.height, facts.leaves, facts.branching) == (13, 2, 9, 3)
    assert facts.is_complete and facts.is_perfect
    assert named(tree, facts.preorder) == "ABEFGCHIJDKLM"
    assert named(tree, facts.postorder) == "EFGBHIJCKLMDA"
    assert facts.is_min_heap is True  # values 0..12 in level order grow downwards


def test_nested_textbook_tree_heap_answers_are_none() -> None:
    tree = from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    facts = tree_facts(tree)
    assert facts.is_max_heap is None and facts.is_min_heap is None
    assert facts.inorder is None
    assert facts.is_complete and facts.is_perfect  # same shape as a 13-node ternary array
    assert (facts.size, facts.height, facts.leaves) == (13, 2, 9)


def test_single_node_and_path() -> None:
    single = tree_facts(from_array([4]))
    assert single == TreeFacts(
        size=1,
        height=0,
        leaves=1,
        branching=0,
        is_complete=True,
        is_perfect=True,
        is_max_heap=True,
        is_min_heap=True,
        preorder=(0,),
        inorder=(0,),
        postorder=(0,),
        level_order=(0,),
    )
    path = from_array([3, 2, 1], branching=1)  # A -> B -> C
    facts = tree_facts(path)
    assert (facts.height, facts.leaves, facts.branching) == (2, 1, 1)
    assert facts.is_max_heap is True and facts.is_min_heap is False
    assert named(path, facts.inorder) == "CBA"  # only children go on the left
    assert named(path, facts.postorder) == "CBA"
