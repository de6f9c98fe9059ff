"""The JSON text of trace format 2 (msgspec where it writes alike) against the standard library's, which
defines the bytes: every fast path, and the fall-back each one takes when it cannot be exact."""

import json
from array import array

import pytest

from visualizer.errors import InputError
from visualizer.games import from_array
from visualizer.games.base import Player
from visualizer.readwrite import json_text
from visualizer.readwrite import json_write as json_v2
from visualizer.readwrite.json_text import (
    Column,
    codes_text,
    compact_chunks,
    holds_whole_numbers,
    list_text,
    values_text,
    whole_numbers_text,
)
from visualizer.search import trace_search
from visualizer.tracing.trace import check_names
from visualizer.tracing.trace_records import NodeStatus

COMPACT = {"separators": (",", ":"), "ensure_ascii": False, "sort_keys": True}
TRICKY = ["plain", 'quote " and \\ backslash', "tab\tnew\nline\r", "\x00\x01\x1f\x7f", "\u2028\u2029", "é ü 中 😀"]


def stdlib(items):
    """The standard library's text of `items` without the brackets."""
    return json.dumps(items, **COMPACT)[1:-1]


class Text(str):
    """A str subclass: msgspec refuses it, the standard library writes it as a string."""


def test_lists_of_strings_booleans_and_whole_numbers_match_the_standard_library():
    items = [*TRICKY, True, False, None, 0, -7, 2**70, Text("sub\n")]
    assert list_text(items) == stdlib(items)
    assert list_text(items[:-1]) == stdlib(items[:-1])
    assert list_text(TRICKY + [None, 3]) == stdlib(TRICKY + [None, 3])  # msgspec's path


def test_floats_keep_the_standard_library_spelling():
    items = [1e16, 1e-05, 0.1, 2.5, -3]
    assert list_text(items) == "1e+16,1e-05,0.1,2.5,-3"


def test_a_lone_surrogate_is_kept_in_the_text():
    assert list_text(["a\ud800b"]) == '"a\ud800b"'


def test_node_records_match_the_standard_library_even_with_a_lone_surrogate():
    for names in (TRICKY, ["root", "bad\udc80"], ["root", Text("sub")]):
        expected = stdlib([{"id": node, "name": name} for node, name in enumerate(names)])
        assert json_v2._node_records(range(len(names)), names, plain=False) == expected


def test_values_write_infinities_and_floats_as_the_standard_library():
    assert values_text([None, 1]) == "null,1"  # whole numbers and nulls: msgspec
    assert values_text([None, 1, float("inf"), -float("inf"), 2.5, 0]) == 'null,1,"+inf","-inf",2.5,0'
    assert values_text([0, True, 1e16]) == "0,true,1e+16"  # msgspec would write 1e16
    with pytest.raises(ValueError, match="NaN"):
        values_text([1, float("nan")])


def test_enum_columns_come_out_as_their_codes():
    for enum, table in ((Player, json_v2.CODES["player"]), (NodeStatus, json_v2.CODES["status"])):
        members = [*enum, *reversed(enum), *enum]
        codes = {id(member): str(table.index(member.value)) for member in enum}
        assert codes_text(members, codes) == stdlib([table.index(member.value) for member in members])
    with pytest.raises(KeyError):  # a stray value is no code: refused, never written as a digit
        codes_text([Player.MAX, None], {id(Player.MAX): "0"})


def test_compact_chunks_join_chunks_and_write_an_empty_list(monkeypatch):
    monkeypatch.setattr(json_text, "CHUNK_ITEMS", 2)
    numbers = array("i", range(5))
    values = [1.5, None, 2, float("-inf"), 3]
    document = {
        "b": Column(5, lambda start, end: list_text(numbers[start:end].tolist())),
        "a": Column(0, lambda start, end: ""),
        "c": Column(5, lambda start, end: values_text(values[start:end])),
        "d": [1, {"e": Column(1, lambda start, end: "7")}],
    }
    text = "".join(compact_chunks(document))
    assert text == '{"a":[],"b":[0,1,2,3,4],"c":[1.5,null,2,"-inf",3],"d":[1,{"e":[7]}]}'
    assert json.loads(text)["b"] == document["b"].items()


def test_bytes_and_text_pieces_agree_and_a_lone_surrogate_is_written_as_its_escape():
    trace = trace_search(from_array([1, 2, 3], names=["root", "l\udc80", "b"]), "minimax")
    for indent in (True, False):
        text = "".join(json_v2.json_v2_chunks(trace, indent=indent))
        assert '"l\\udc80"' in text and json.loads(text)["nodes"][1]["name"] == "l\udc80"
        assert b"".join(json_v2.json_v2_bytes(trace, indent=indent)) == text.encode("ascii")  # UTF-8 holds it
    plain = trace_search(from_array([1, 2, 3, 4]), "alphabeta")
    for indent in (True, False):
        pieces = list(json_v2.json_v2_bytes(plain, indent=indent))
        assert b"".join(pieces).decode("utf-8") == "".join(json_v2.json_v2_chunks(plain, indent=indent))


def test_both_layouts_hold_the_same_document():
    trace = trace_search(from_array([3, 12, 8, 2, 4, 6, 14, 5, 2]), "alphabeta")
    compact = "".join(json_v2.json_v2_chunks(trace, indent=False))
    indented = "".join(json_v2.json_v2_chunks(trace, indent=True))
    assert compact == json.dumps(json.loads(compact), **COMPACT) + "\n"  # the standard library's compact text
    assert json.loads(indented) == json.loads(compact) and indented != compact


def test_names_checked_once_are_checked_again_when_they_change():
    trace = trace_search(from_array([1, 2, 3]), "minimax")
    check_names(trace)
    check_names(trace)  # remembered: passes again
    names = trace.columns.name
    original = names[2]
    names[2] = names[1]  # a duplicate made after the check is still found
    with pytest.raises(InputError, match="more than one node"):
        check_names(trace)
    names[2] = "fresh"
    check_names(trace)
    names[2] = ""
    with pytest.raises(InputError, match="empty name"):
        check_names(trace)
    names[2] = original
    check_names(trace)


def test_columns_of_whole_numbers_are_written_unchecked_as_the_standard_library_writes_them():
    numbers = [0, 1, -5, 2**31 - 1, -(2**31)]
    for column in (array("i", numbers), array("q", numbers), bytearray([0, 7, 255]), bytes([3, 0])):
        assert holds_whole_numbers(column)
        assert whole_numbers_text(column) == stdlib(list(column))
    for column in (array("d", [1.0, 1e16]), numbers, [True, 1], "12"):  # floats, lists and text are checked
        assert not holds_whole_numbers(column)
