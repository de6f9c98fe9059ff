"""Tests the tree sources: array and nested trees, random trees, tic-tac-toe and NIM.

Expected shapes, names and values are worked out by hand in the comments, not taken from the code.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

import pytest

from visualizer.errors import InputError, NoStaticValue
from visualizer.games import Nim, Player, TicTacToe, from_array, from_nested
from visualizer.games.explicit import ExplicitTree, level_order_names, parse_array, parse_names
from visualizer.games.grid import GridState
from visualizer.games.nim import NimState
from visualizer.games.random_tree import parse_range, random_tree
from visualizer.games.tictactoe import parse_board
from visualizer.search import trace_search


@contextlib.contextmanager
def input_error(*, about: str, fix: str) -> Iterator[None]:
    """Expects an InputError whose message is one line "what is wrong; what to do".

    Args:
        about: a fragment of the part before the first "; " (what is wrong).
        fix: a fragment of the part after it (what to do).
    """
    with pytest.raises(InputError) as caught:
        yield
    message = str(caught.value)
    assert "\n" not in message, message
    problem, separator, remedy = message.partition("; ")
    assert separator, f"no '; what to do' part in {message!r}"
    assert about in problem, message
    assert fix in remedy, message


def leaf_ids(tree: ExplicitTree) -> list[int]:
    return [node for node, kids in enumerate(tree.children) if not kids]


# -- arrays --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "branching", "expected"),
    [
        # node i has children K*i+1 .. K*i+K, cut at the end of the array
        (7, 2, [(1, 2), (3, 4), (5, 6), (), (), (), ()]),
        (6, 2, [(1, 2), (3, 4), (5,), (), (), ()]),
        (13, 3, [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12)] + [()] * 9),
        (6, 3, [(1, 2, 3), (4, 5), (), (), (), ()]),
        (1, 2, [()]),
        (3, 1, [(1,), (2,), ()]),
    ],
)
def test_array_children_are_level_order(count: int, branching: int, expected: list[tuple[int, ...]]) -> None:
    tree = from_array(list(range(100, 100 + count)), branching=branching)
    assert list(tree.children) == expected
    assert list(tree.values) == list(range(100, 100 + count))
    for node, kids in enumerate(expected):
        for child in kids:
            assert tree.parent(child) == node
    assert tree.parent(0) is None


def test_array_players_alternate_by_depth_from_the_root_player() -> None:
    tree = from_array([1, 2, 3, 4, 5, 6, 7], root=Player.MIN)
    # depths 0 | 1 1 | 2 2 2 2
    assert [tree.player(node) for node in range(7)] == [Player.MIN] + [Player.MAX] * 2 + [Player.MIN] * 4
    assert [tree.depths[node] for node in range(7)] == [0, 1, 1, 2, 2, 2, 2]


def test_array_nodes_are_named_a_to_z_then_aa() -> None:
    tree = from_array([0] * 29)
    assert tree.names[:3] == ("A", "B", "C")
    assert tree.names[25:] == ("Z", "AA", "AB", "AC")
    assert tree.root_name() == "A"
    assert tree.move_value(27) == "AB"


def test_level_order_names_are_spreadsheet_columns() -> None:
    names = level_order_names(703)
    assert len(set(names)) == 703
    # 26 one-letter names, 26*26 two-letter names (AA..ZZ), then AAA
    assert names[0] == "A" and names[25] == "Z"
    assert names[26] == "AA" and names[51] == "AZ" and names[52] == "BA"
    assert names[701] == "ZZ" and names[702] == "AAA"


def test_array_with_given_names() -> None:
    tree = from_array([1, 2, 3], names=["root", "left", "right"])
    assert tree.names == ("root", "left", "right")
    with input_error(about="2 names for 3 nodes", fix="exactly one per node"):
        from_array([1, 2, 3], names=["root", "left"])


def test_array_errors() -> None:
    with input_error(about="empty", fix="give level-order values"):
        from_array([])
    with input_error(about="--branching is 0", fix="must be 1 or more"):
        from_array([1, 2], branching=0)


@pytest.mark.parametrize(
    ("text", "expected"), [("1,3,5", [1, 3, 5]), ("1 3 5", [1, 3, 5]), (" [1, -2, 2.5] ", [1, -2, 2.5]), ("7", [7])]
)
def test_parse_array(text: str, expected: list[float]) -> None:
    values = parse_array(text)
    assert values == expected
    assert [type(value) for value in values] == [type(value) for value in expected]


@pytest.mark.parametrize(
    ("text", "about", "fix"),
    [
        ("1,,x", "item 2 is empty", "give numbers separated by commas"),
        ("x", "item 1 is 'x', not a number", "give numbers separated by commas"),
        ("1,2,three", "item 3 is 'three'", "give numbers separated by commas"),
        ("", "the array is empty", "give level-order values"),
        ("  ", "the array is empty", "give level-order values"),
        ("nan", "item 1 is 'nan'", "must be finite numbers"),
        ("1,inf", "item 2 is 'inf'", "must be finite numbers"),
    ],
)
def test_parse_array_errors(text: str, about: str, fix: str) -> None:
    with input_error(about=about, fix=fix):
        parse_array(text)


def test_parse_names() -> None:
    assert parse_names("P, Q ,R", 3) == ["P", "Q", "R"]


@pytest.mark.parametrize(
    ("text", "count", "about", "fix"),
    [
        ("A,B", 3, "gives 2 names for 3 nodes", "give exactly one per node"),
        ("A,B,C,D", 3, "gives 4 names for 3 nodes", "give exactly one per node"),
        ("A,,C", 3, "empty name", "give one non-empty name per node"),
        ("A,B,A", 3, "uses 'A' twice", "must be unique"),
    ],
)
def test_parse_names_errors(text: str, count: int, about: str, fix: str) -> None:
    with input_error(about=about, fix=fix):
        parse_names(text, count)


# -- nested lists ----------------------------------------------------------------

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.mark.parametrize("source", [TEXTBOOK, "[[3,12,8],[2,4,6],[14,5,2]]"])
def test_nested_tree_is_named_in_level_order(source: object) -> None:
    tree = from_nested(source)
    # root A; its lists B C D; their leaves E F G | H I J | K L M
    assert tree.names == tuple("ABCDEFGHIJKLM")
    assert tree.children[:4] == ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12))
    assert all(kids == () for kids in tree.children[4:])
    assert tree.values == (None,) * 4 + (3, 12, 8, 2, 4, 6, 14, 5, 2)
    assert tree.player(0) is Player.MAX and tree.player(1) is Player.MIN and tree.player(4) is Player.MAX
    assert tree.to_nested() == TEXTBOOK


def test_nested_tree_of_uneven_depth_is_numbered_breadth_first() -> None:
    # A = [1, [2, [3, 4]], 5]; level 1: B=1 C=[2,[3,4]] D=5; level 2: E=2 F=[3,4]; level 3: G=3 H=4
    tree = from_nested("[1, [2, [3, 4]], 5]")
    assert tree.children == ((1, 2, 3), (), (4, 5), (), (), (6, 7), (), ())
    assert tree.values == (None, 1, None, 5, 2, None, 3, 4)
    assert tree.depths == (0, 1, 1, 1, 2, 2, 3, 3)


def test_nested_interior_nodes_have_no_static_value() -> None:
    tree = from_nested(TEXTBOOK)
    assert tree.static_value(4) == 3
    with pytest.raises(NoStaticValue) as caught:
        tree.static_value(1)
    assert "\n" not in str(caught.value)
    assert "node B" in str(caught.value) and "drop --depth" in str(caught.value)


@pytest.mark.parametrize(
    ("source", "about", "fix"),
    [
        ("[[1,2]", "not valid JSON", "write it like [[3,12,8],[2,4,6]]"),
        ("[1 2]", "not valid JSON", "write it like"),
        ("", "not valid JSON", "write it like"),
        ("[]", "an empty list at the top level", "every list needs a child"),
        ([], "an empty list at the top level", "every list needs a child"),
        ("[[1],[]]", "an empty list at the top level > item 2", "every list needs a child"),
        ('[1,"a"]', 'has "a" at the top level > item 2', "leaves must be numbers"),
        ('"abc"', 'has "abc" at the top level', "leaves must be numbers"),
        ("[true, 1]", "has true at the top level > item 1", "leaves must be numbers"),
        ([1, [2, False]], "has false at the top level > item 2 > item 2", "leaves must be numbers"),
        ("[1, null]", "has null", "leaves must be numbers"),
        ("[1, NaN]", "non-finite number at the top level > item 2", "use finite numbers"),
    ],
)
def test_nested_errors(source: object, about: str, fix: str) -> None:
    with input_error(about=about, fix=fix):
        from_nested(source)


DEEP = sys.getrecursionlimit() + 100
"""A nesting depth past Python's recursion limit."""


def test_nested_json_deeper_than_the_recursion_limit_is_an_input_error() -> None:
    with pytest.raises(InputError):
        from_nested("[" * DEEP + "1" + "]" * DEEP)


def test_a_nested_tree_deeper_than_the_recursion_limit_can_be_traced_iteratively() -> None:
    nested: object = 1
    for _ in range(DEEP):
        nested = [nested]
    tree = from_nested(nested)  # built breadth first: no recursion
    assert len(tree) == DEEP + 1
    assert trace_search(tree, "minimax", iterative=True).summary.value == 1


# -- random trees -----------------------------------------------------------------


def test_random_tree_same_seed_same_tree() -> None:
    first = random_tree(leaves=12, branching=3, seed=42, value_range=(-50, 50))
    second = random_tree(leaves=12, branching=3, seed=42, value_range=(-50, 50))
    assert first.values == second.values
    assert first.children == second.children


def test_random_tree_different_seed_different_values() -> None:
    # 39 values drawn from 201 possibilities: two seeds agreeing everywhere would be a broken seed
    first = random_tree(leaves=20, seed=1, value_range=(-100, 100))
    second = random_tree(leaves=20, seed=2, value_range=(-100, 100))
    assert first.children == second.children
    assert first.values != second.values


@pytest.mark.parametrize("leaves", range(1, 14))
def test_random_tree_binary_has_exactly_the_leaves_asked_for(leaves: int) -> None:
    tree = random_tree(leaves=leaves, branching=2, seed=leaves)
    assert len(leaf_ids(tree)) == leaves
    # the smallest binary level-order tree with L leaves is the full one: 2L - 1 nodes
    assert len(tree) == 2 * leaves - 1


@pytest.mark.parametrize("leaves", range(1, 14))
def test_random_tree_ternary_has_exactly_the_leaves_asked_for(leaves: int) -> None:
    tree = random_tree(leaves=leaves, branching=3, seed=leaves)
    assert len(leaf_ids(tree)) == leaves
    assert all(len(kids) in (0, 1, 2, 3) for kids in tree.children)
    if len(tree) > 1:  # and it is the smallest such tree: one node fewer has fewer leaves
        smaller = from_array([0] * (len(tree) - 1), branching=3)
        assert len(leaf_ids(smaller)) < leaves


@pytest.mark.parametrize(("depth", "branching"), [(0, 2), (1, 2), (3, 2), (2, 3), (4, 1)])
def test_random_tree_with_depth_is_perfect(depth: int, branching: int) -> None:
    tree = random_tree(depth=depth, branching=branching, seed=3)
    assert len(tree) == sum(branching**level for level in range(depth + 1))
    assert {tree.depths[leaf] for leaf in leaf_ids(tree)} == {depth}
    assert len(leaf_ids(tree)) == branching**depth
    assert all(len(kids) in (0, branching) for kids in tree.children)


def test_random_tree_values_stay_in_range() -> None:
    tree = random_tree(leaves=200, seed=9, value_range=(-3, 4))
    assert all(isinstance(value, int) and -3 <= value <= 4 for value in tree.values)
    assert set(tree.values) == set(range(-3, 5))  # 399 draws from 8 values reach every one
    assert set(random_tree(leaves=5, seed=9, value_range=(7, 7)).values) == {7}


def test_random_tree_root_player() -> None:
    assert random_tree(seed=1).player(0) is Player.MAX
    assert random_tree(seed=1, root=Player.MIN).player(0) is Player.MIN
    assert len(leaf_ids(random_tree(seed=1))) == 8  # the default size is 8 leaves


@pytest.mark.parametrize(
    ("options", "about", "fix"),
    [
        ({"leaves": 0}, "--leaves is 0", "must be 1 or more"),
        ({"depth": -1}, "--depth is -1", "must be 0 or more"),
        ({"branching": 0}, "--branching is 0", "must be 1 or more"),
        ({"leaves": 3, "branching": 1}, "exactly one leaf", "use --depth, or --branching 2+"),
        ({"depth": 30, "branching": 2}, "over 1,000,000 nodes", "choose a smaller --depth or --branching"),
    ],
)
def test_random_tree_errors(options: dict, about: str, fix: str) -> None:
    with input_error(about=about, fix=fix):
        random_tree(seed=0, **options)


@pytest.mark.parametrize(("text", "expected"), [("-10:10", (-10, 10)), ("3:3", (3, 3)), (" 0 : 5 ", (0, 5))])
def test_parse_range(text: str, expected: tuple[int, int]) -> None:
    assert parse_range(text) == expected


@pytest.mark.parametrize(
    ("text", "about", "fix"),
    [
        ("5", "--range is '5'", "write it as LO:HI"),
        ("a:b", "--range is 'a:b'", "write it as LO:HI"),
        ("1:2:3", "--range is '1:2:3'", "write it as LO:HI"),
        ("1.5:3", "--range is '1.5:3'", "whole numbers"),
        ("", "--range is ''", "write it as LO:HI"),
        ("3:1", "LO above HI", "LO <= HI"),
    ],
)
def test_parse_range_errors(text: str, about: str, fix: str) -> None:
    with input_error(about=about, fix=fix):
        parse_range(text)


def test_parse_range_message_is_one_line_even_with_a_trailing_newline() -> None:
    with input_error(about="LO above HI", fix="LO <= HI"):
        parse_range("5:1\n")


# -- tic-tac-toe ----------------------------------------------------------------------


@pytest.mark.parametrize("text", ["X.O/.X./..O", "x.o/.x./..o", "X.O.X...O", "X-O/_X_/--O", "X.O .X. ..O"])
def test_parse_board(text: str) -> None:
    assert parse_board(text) == "X.O.X...O"


@pytest.mark.parametrize(
    ("text", "about", "fix"),
    [
        ("X.O/.X.", "has 2 rows of lengths 3,3", "give 3 rows of 3 of X, O and ."),
        ("X.O/.X./..O/.", "has 4 rows of lengths 3,3,3,1", "give 3 rows of 3"),
        ("X.O/.X/..O", "has 3 rows of lengths 3,2,3", "give 3 rows of 3"),
        ("X.O.X", "has 5 cells", "give 3 rows of 3"),
        ("", "has 0 cells", "give 3 rows of 3"),
        ("XAO/.../...", "'A' at square 2", "use only X, O and ."),
        (".../.../..0", "'0' at square 9", "use only X, O and ."),
    ],
)
def test_parse_board_errors(text: str, about: str, fix: str) -> None:
    with input_error(about=about, fix=fix):
        parse_board(text)
    with input_error(about=about, fix=fix):
        TicTacToe(text)


@pytest.mark.parametrize(
    ("board", "player", "about", "fix"),
    [
        ("XX./.../...", None, "2 X and 0 O", "X must have as many pieces as O or one more"),
        ("O../.../...", None, "0 X and 1 O", "X must have as many pieces as O or one more"),
        ("XXX/OOO/...", None, "winning lines for both X and O", "at most one player can have won"),
        # X completed a row, then O moved again (3 X, 3 O: X to move)
        ("XXX/OO./O..", None, "X has a winning line but O has moved since", "the game ends at a line"),
        # O completed a row, then X moved again (4 X, 3 O: O to move)
        ("OOO/XX./XX.", None, "O has a winning line but X has moved since", "the game ends at a line"),
        ("X../.../...", "X", "so it is O's move, not X's", "drop --player or fix the board"),
        (".../.../...", "o", "so it is X's move, not O's", "drop --player or fix the board"),
    ],
)
def test_impossible_positions(board: str, player: str | None, about: str, fix: str) -> None:
    with input_error(about=about, fix=fix):
        TicTacToe(board, player=player)


def test_player_message_is_one_line_even_with_a_newline() -> None:
    with input_error(about="it is O's move", fix="drop --player"):
        TicTacToe("X../.../...", player="x\n")


def test_player_agreeing_with_the_counts_is_accepted() -> None:
    assert TicTacToe("X../.../...", player="o").root().to_move == "O"
    assert TicTacToe(".../.../...").root() == GridState(".........", "X")


def test_successors_in_square_order() -> None:
    game = TicTacToe("X.O/.X./..O")  # 2 X, 2 O: X to move; empty cells 1 3 5 6 7 (squares 2 4 6 7 8)
    successors = game.successors(game.root())
    assert [move for move, _ in successors] == [1, 3, 5, 6, 7]
    assert [child for _, child in successors] == [
        GridState("XXO.X...O", "O"),
        GridState("X.OXX...O", "O"),
        GridState("X.O.XX..O", "O"),
        GridState("X.O.X.X.O", "O"),
        GridState("X.O.X..XO", "O"),
    ]
    # child names follow the moves along the path, squares numbered from 1: cell 1 is square 2
    _, child = successors[0]
    assert game.child_name("root", game.root(), 1) == "X2"
    assert game.child_name("X2", child, 3) == "X2.O4"


def test_a_won_position_is_terminal_with_no_successors() -> None:
    game = TicTacToe("XXX/OO./...")  # X has won, O to move
    assert game.is_terminal(game.root())
    assert game.successors(game.root()) == []


@pytest.mark.parametrize(
    ("root", "root_player", "value"),
    [
        # X won; O is to move. MAX is the player to move at the root (O) unless root is MIN (then X).
        (Player.MAX, Player.MAX, -1),
        (Player.MIN, Player.MIN, +1),
    ],
)
def test_static_value_of_a_lost_root(root: Player, root_player: Player, value: int) -> None:
    game = TicTacToe("XXX/OO./...", root=root)
    assert game.player(game.root()) is root_player
    assert game.static_value(game.root()) == value


@pytest.mark.parametrize(("root", "value"), [(Player.MAX, +1), (Player.MIN, -1)])
def test_static_value_of_a_winning_move(root: Player, value: int) -> None:
    game = TicTacToe("XX./OO./...", root=root)  # X to move; X3 (cell 2) completes the top row
    move, child = game.successors(game.root())[0]
    assert move == 2 and child.board == "XXXOO...."
    assert game.is_terminal(child)
    assert game.static_value(child) == value
    assert game.player(child) is root.other


def test_static_value_of_draws_and_unfinished_positions_is_zero() -> None:
    draw = TicTacToe("XOX/XOO/OXX")  # full, no line: rows XOX XOO OXX, columns XXO OOX XOX, diagonals XOX XOO
    assert draw.is_terminal(draw.root())
    assert draw.successors(draw.root()) == []
    assert draw.static_value(draw.root()) == 0
    unfinished = TicTacToe("X.O/.X./..O")
    assert not unfinished.is_terminal(unfinished.root())
    assert unfinished.static_value(unfinished.root()) == 0


# -- NIM ---------------------------------------------------------------------------------


def test_nim_successors_take_one_first() -> None:
    game = Nim(6)
    assert game.root() == NimState(6, Player.MAX)
    assert game.successors(game.root()) == [
        (1, NimState(5, Player.MIN)),
        (2, NimState(4, Player.MIN)),
        (3, NimState(3, Player.MIN)),
    ]
    assert game.successors(NimState(2, Player.MIN)) == [(1, NimState(1, Player.MAX)), (2, NimState(0, Player.MAX))]
    assert Nim(5, max_take=2).successors(NimState(5, Player.MAX)) == [
        (1, NimState(4, Player.MIN)),
        (2, NimState(3, Player.MIN)),
    ]
    assert game.successors(NimState(0, Player.MAX)) == []


@pytest.mark.parametrize(
    ("rules", "to_move", "value"),
    [
        # misere: whoever took the last stick lost, so the player facing the empty pile won
        ("misere", Player.MAX, +1),
        ("misere", Player.MIN, -1),
        # normal: whoever took the last stick won, so the player facing the empty pile lost
        ("normal", Player.MAX, -1),
        ("normal", Player.MIN, +1),
    ],
)
def test_nim_static_value_at_an_empty_pile(rules: str, to_move: Player, value: int) -> None:
    game = Nim(4, rules=rules)
    empty = NimState(0, to_move)
    assert game.is_terminal(empty)
    assert game.static_value(empty) == value
    assert not game.is_terminal(NimState(1, to_move))
    assert game.static_value(NimState(3, to_move)) == 0


@pytest.mark.parametrize("root", [Player.MAX, Player.MIN])
def test_nim_root_player(root: Player) -> None:
    game = Nim(3, root=root)
    assert game.player(game.root()) is root
    assert [game.player(child) for _, child in game.successors(game.root())] == [root.other] * 3


@pytest.mark.parametrize(
    ("options", "about", "fix"),
    [
        ({"pile": 0}, "--pile is 0", "must be 1 or more"),
        ({"pile": -2}, "--pile is -2", "must be 1 or more"),
        ({"pile": 10_001}, "--pile is 10,001", "limited to 10,000"),
        ({"pile": 5, "max_take": 0}, "--max-take is 0", "must be 1 or more"),
        ({"pile": 5, "rules": "last-wins"}, "--rules is 'last-wins'", "use misere or normal"),
    ],
)
def test_nim_errors(options: dict, about: str, fix: str) -> None:
    with input_error(about=about, fix=fix):
        Nim(**options)


def test_nested_number_too_long_to_read_is_an_input_error() -> None:
    # Python refuses to convert integers of more than 4,300 digits; that must not become a traceback.
    with pytest.raises(InputError, match="too long"):
        from_nested("[1" + "0" * 5000 + "]")
