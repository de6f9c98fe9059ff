"""The fast JSON text of trace format 2 (msgspec, bytes end to end) against the standard library's,
which defined the bytes: every fast path, and the fall-back each one takes when it cannot be exact."""

import json
from array import array

import pytest

from visualizer.errors import InputError
from visualizer.games import from_array
from visualizer.games.base import Player
from visualizer.readwrite import json_text as json_column_text
from visualizer.readwrite import json_text as json_layout
from visualizer.readwrite import json_write as json_v2
from visualizer.readwrite.json_text import Big, compact_chunks, list_bytes
from visualizer.search import trace_search
from visualizer.tracing.graph import check_names
from visualizer.tracing.trace_records import NodeStatus

COMPACT = {"separators": (",", ":"), "ensure_ascii": False, "sort_keys": True}
TRICKY = ["plain", 'quote " and \\ backslash', "tab\tnew\nline\r", "\x00\x01\x1f\x7f", "\u2028\u2029", "é ü 中 😀"]


def stdlib(items):
    return json.dumps(items, **COMPACT).encode("utf-8")


class Text(str):
    """A str subclass: msgspec refuses it, the standard library writes it as a string."""


def test_lists_of_strings_booleans_and_whole_numbers_match_the_standard_library():
    items = [*TRICKY, True, False, None, 0, -7, 2**70, Text("sub\n")]
    assert list_bytes(items) == stdlib(items)
    assert list_bytes(items[:-1]) == stdlib(items[:-1])  # without the subclass: msgspec's path


def test_floats_keep_the_standard_library_spelling():
    items = [1e16, 1e-05, 0.1, 2.5, -3]
    assert list_bytes(items) == b"[1e+16,1e-05,0.1,2.5,-3]"


def test_a_lone_surrogate_is_refused_as_utf8_and_passed_for_text():
    with pytest.raises(UnicodeEncodeError):
        list_bytes(["a\ud800b"])
    assert list_bytes(["a\ud800b"], errors="surrogatepass").decode("utf-8", "surrogatepass") == '["a\ud800b"]'


def test_node_records_match_the_standard_library_even_with_a_lone_surrogate():
    for names in (TRICKY, ["root", "bad\udc80"], ["root", Text("sub")]):
        expected = json.dumps([{"id": node, "name": name} for node, name in enumerate(names)], **COMPACT)
        text = json_v2._node_text(range(len(names)), names, "surrogatepass")
        assert text.decode("utf-8", "surrogatepass") == expected


def test_values_write_infinities_and_floats_as_the_standard_library_in_any_chunk():
    values = json_column_text.values_column([None, 1, float("inf"), -float("inf"), 2.5, 0, True, 1e16], "strict")
    assert values.text(0, 2) == b"[null,1]"  # whole numbers and nulls: msgspec
    assert values.text(0, 6) == b'[null,1,"+inf","-inf",2.5,0]'  # msgspec would write the infinities as null
    assert values.text(5, 8) == b"[0,true,1e+16]"  # msgspec would write 1e16
    assert (
        values.text(1, 2) == b"[1]"
        and bytes(json_column_text.values_column(array("i", [3, -4]), "strict").text(0, 2)) == b"[3,-4]"
    )
    assert json_column_text.values_column([None, None], "strict") is None


@pytest.mark.parametrize("codes", [bytearray([0, 3, 9, 1]), bytearray([0, 12, 9]), bytearray([7]), [0, 11, 2]])
def test_event_kinds_are_written_digit_by_digit_or_by_msgspec(codes):
    column = json_column_text.small_codes_column(codes)
    assert column.text(0, len(codes)) == stdlib(list(codes))
    assert column.text(1, len(codes)) == stdlib(list(codes)[1:])


def test_enum_columns_come_out_as_their_codes_whichever_way():
    assert all(json_column_text.letter_codes(json_v2.CODES[key]) for key in ("player", "status"))  # the fast way
    for enum, table in ((Player, json_v2.CODES["player"]), (NodeStatus, json_v2.CODES["status"])):
        column = [*enum, *reversed(enum), *enum]
        expected = stdlib([table.index(member.value) for member in column])
        assert json_column_text.coded_column(column, table).text(0, len(column)) == expected
        assert json_column_text.coded_column(column, table).text(2, 3) == stdlib([table.index(column[2].value)])
    assert json_column_text.letter_codes(("ab", "ba")) is None  # no letter of its own: codes looked up by identity
    with pytest.raises(KeyError):  # a stray value is no code: refused as before, never written as a digit
        json_column_text.coded_column([Player.MAX, None], json_v2.CODES["player"]).text(0, 2)


def test_compact_chunks_join_chunks_and_write_an_empty_list(monkeypatch):
    monkeypatch.setattr(json_layout, "CHUNK_ITEMS", 2)
    document = {
        "b": Big(5, lambda start, end: list(range(start, end)), whole=True),
        "a": Big(0, lambda s, e: []),
        "c": json_column_text.values_column([1.5, None, 2, float("-inf"), 3], "strict"),
    }
    text = b"".join(compact_chunks(document))
    assert text == b'{"a":[],"b":[0,1,2,3,4],"c":[1.5,null,2,"-inf",3]}'


def test_bytes_and_text_pieces_agree_and_a_lone_surrogate_stays_in_text_only():
    trace = trace_search(from_array([1, 2, 3], names=["root", "l\udc80", "b"]), "minimax")
    for indent in (True, False):
        text = "".join(json_v2.json_v2_chunks(trace, indent=indent))
        assert '"l\udc80"' in text and json.loads(text)["nodes"][1]["name"] == "l\udc80"
        with pytest.raises(UnicodeEncodeError):  # a file cannot hold it as UTF-8
            b"".join(json_v2.json_v2_bytes(trace, indent=indent))
    plain = trace_search(from_array([1, 2, 3, 4]), "alphabeta")
    for indent in (True, False):
        pieces = list(json_v2.json_v2_bytes(plain, indent=indent))
        assert b"".join(pieces).decode("utf-8") == "".join(json_v2.json_v2_chunks(plain, indent=indent))


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
