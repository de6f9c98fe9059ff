"""The fast JSON text of trace format 2 (msgspec) against the standard library's, which defined the bytes."""

import json

from visualizer.export import json_v2
from visualizer.export.json_layout import list_text

COMPACT = {"separators": (",", ":"), "ensure_ascii": False, "sort_keys": True}
TRICKY = ["plain", 'quote " and \\ backslash', "tab\tnew\nline\r", "\x00\x01\x1f\x7f", "\u2028\u2029", "é ü 中 😀"]


def test_lists_of_strings_booleans_and_whole_numbers_match_the_standard_library():
    items = [*TRICKY, True, False, None, 0, -7, 2**70]
    assert list_text(items) == json.dumps(items, **COMPACT)


def test_floats_keep_the_standard_library_spelling():
    items = [1e16, 1e-05, 0.1, 2.5, -3]
    assert list_text(items) == "[1e+16,1e-05,0.1,2.5,-3]"


def test_a_lone_surrogate_is_written_as_json_dumps_writes_it():
    assert list_text(["a\ud800b"]) == '["a\ud800b"]'


def test_node_records_match_the_standard_library_even_with_a_lone_surrogate():
    for names in (TRICKY, ["root", "bad\udc80"]):
        expected = json.dumps([{"id": node, "name": name} for node, name in enumerate(names)], **COMPACT)[1:-1]
        assert json_v2._node_text(range(len(names)), names) == expected


def test_values_write_infinities_as_text_in_any_chunk():
    values = json_v2._values([None, 1, float("inf"), -float("inf"), 2.5, 0])
    assert values.text(0, 2) == "null,1"
    assert values.text(0, 6) == 'null,1,"+inf","-inf",2.5,0'
    assert json_v2._values([None, None]) is None
