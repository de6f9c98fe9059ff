"""The bulk text tools of the DOT stream (`interleave`, `int_texts`) and the edges it remembers per trace."""

from array import array
from enum import IntEnum

import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.dot.stream import dot_chunks
from visualizer.errors import InputError
from visualizer.games import TicTacToe, from_array
from visualizer.readwrite.bulk_text import int_texts, interleave
from visualizer.search import trace_search


class Small(IntEnum):
    ONE = 1


def lines(count, pieces):
    """What `interleave` must give, one line at a time."""
    return "".join(
        "".join(piece if isinstance(piece, str) else piece[line] for piece in pieces) for line in range(count)
    )


def test_interleave_joins_columns_and_constants_line_by_line():
    assert interleave(2, ["n", ["0", "1"], " [", ["a", "b"], "];\n"]) == "n0 [a];\nn1 [b];\n"
    assert interleave(3, [["x", "y", "z"]]) == "xyz"
    assert interleave(2, ["a", "b"]) == "abab"
    assert interleave(0, ["n", [], ";"]) == ""
    assert interleave(1, [iter(["only"]), map(str.upper, ["one"])]) == "onlyONE"


def test_interleave_refuses_a_column_of_the_wrong_length():
    with pytest.raises(ValueError):
        interleave(3, ["n", ["0", "1"], ";"])


@given(st.data(), st.integers(0, 6))
def test_interleave_equals_line_by_line_concatenation(data, count):
    texts = st.text(alphabet='ab,"\\\n', max_size=3)
    pieces = data.draw(
        st.lists(st.one_of(texts, st.lists(texts, min_size=count, max_size=count)), min_size=1, max_size=6)
    )
    assert interleave(count, pieces) == lines(count, pieces)


@pytest.mark.parametrize(
    "numbers",
    [[0, 7, -3, 10**20, -(10**30)], range(5, 12), array("i", [3, -1, 2_000_000_000]), array("q", [2**62]), (4, 5), []],
)
def test_int_texts_writes_numbers_as_str_does(numbers):
    assert int_texts(numbers) == [str(number) for number in numbers]
    assert int_texts(numbers, "\\n#") == [f"\\n#{number}" for number in numbers]


@pytest.mark.parametrize("numbers", [[1, True], [1, None], [1.0], [Small.ONE], array("d", [1.0])])
def test_int_texts_leaves_anything_but_ints_to_str(numbers):
    assert int_texts(numbers) is None  # JSON would write true, null, 1.0: not what the label shows


def test_a_name_column_replaced_after_a_write_is_checked_again():
    trace = trace_search(from_array([1, 2, 3], names=["A", "B", "C"]), "minimax")
    first = "".join(dot_chunks(trace))
    assert "".join(dot_chunks(trace)) == first
    trace.columns.name = ["A", "B", "B"]
    with pytest.raises(InputError, match="'B' is used by more than one node"):
        dot_chunks(trace)


def test_a_game_trace_lists_its_edges_once():
    trace = trace_search(TicTacToe("XO./.../..."), "alphabeta")
    parents, orders, children = trace.columns.edges()
    assert trace.columns.edges() == (parents, orders, children)
    assert all(again is first for again, first in zip(trace.columns.edges(), (parents, orders, children)))
    expected = [(node.parent, node.id) for node in sorted(trace.nodes[1:], key=lambda node: node.parent)]
    assert list(zip(parents, children)) == expected  # by parent, each one's children in id order
