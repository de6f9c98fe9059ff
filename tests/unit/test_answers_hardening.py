"""Answer files and source specs from anywhere: every header field type-checked, and fuzzed files (types
swapped, keys dropped, huge numbers, NaN, unicode, binary) either check or fail with one line."""

from __future__ import annotations

import contextlib
import io
import json
import math
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from visualizer.cli import main
from visualizer.errors import InputError, VisualizerError
from visualizer.games import ConnectFour, Nim, OrderedGame, Player, TicTacToe, builtin_example, from_array, from_nested
from visualizer.games.registry import from_spec
from visualizer.practice.answers import (
    MAX_ANSWER_CHARS,
    from_json,
    from_text,
    key_answers,
    parse_value,
    read_answers,
    to_text,
)
from visualizer.practice.check import Report, check
from visualizer.practice.code import RandomExercise
from visualizer.practice.exercise import Exercise

REPRO = {
    "source": {"kind": "array", "values": [1, 2, 3], "branching": 2, "root": "min"},
    "depth": "full",
    "answers": {"A": 2},
}
"""The issue's repro, answered right: A is MIN over the leaves B = 2 and C = 3, so 2."""


def practice_check(path: str) -> Report:
    """What `visualizer practice --answers PATH` does with the file, without the command line."""
    answers = read_answers(path)
    if not answers.header:
        raise InputError(f"{path} names no exercise")
    return check(Exercise.from_header(answers.header, where=path), answers)


def run_main(*argv: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `visualizer ARGV` run in-process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exit_:  # argparse's own errors
            code = exit_.code
    return code, out.getvalue(), err.getvalue()


def write(folder: Path, text: str | bytes, name: str = "answers") -> str:
    path = folder / name
    path.write_bytes(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    return str(path)


# -- header fields: each type-checked, with one line naming the field --------------------------------------


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"depth": "full"}, {"depth": None}),
        ({"depth": None}, {"depth": None}),
        ({"depth": "FULL"}, {"depth": None}),
        ({"depth": 2}, {"depth": 2}),
        ({"depth": "2"}, {"depth": 2}),  # the text form's word, in quotes
        ({"strict": "no"}, {"strict": False}),
        ({"strict": "yes"}, {"strict": True}),
        ({"strict": False}, {"strict": False}),
        ({"strict": "True"}, {"strict": True}),
        ({"strict": None}, {}),
        ({"exercise": None}, {}),
        ({"exercise": " XN1A-77S "}, {"exercise": "XN1A-77S"}),
    ],
)
def test_json_header_fields_are_read_as_the_text_form_reads_them(fields, expected):
    assert from_json(json.dumps({**fields, "answers": {}})).header == expected


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"depth": -1}, "depth is -1; write a whole number 0 or more, or 'full'"),
        ({"depth": 2.5}, "depth is 2.5"),
        ({"depth": True}, "depth is true"),
        ({"depth": [2]}, "depth is [2]"),
        ({"depth": "deep"}, "depth is 'deep'"),
        ({"depth": "²"}, "depth is '²'"),  # a digit to str.isdigit, not to int()
        ({"strict": "maybe"}, "strict is 'maybe'; write yes"),
        ({"strict": 1}, "strict is 1"),
        ({"strict": {}}, "strict is {}"),
        ({"exercise": 5}, "exercise is 5; write the exercise code as text"),
        ({"exercise": ""}, "exercise is ''"),
        ({"exercise": ["XN1A-77S"]}, "exercise is"),
        ({"exercise": "7" * 101}, "the exercise code has 101 characters"),
        ({"source": []}, "the source is []"),
        ({"source": "array"}, "the source is 'array'"),
    ],
)
def test_json_header_fields_of_the_wrong_type_are_one_line_naming_the_field(fields, message):
    with pytest.raises(InputError) as raised:
        from_json(json.dumps({**fields, "answers": {}}), where="a.json")
    assert str(raised.value).startswith("a.json: ") and message in str(raised.value)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("strict maybe\n", "line 1: strict is 'maybe'"),
        ("depth -1\n", "line 1: depth is '-1'"),
        ("depth ٣\n", "depth is '٣'"),
        ("depth " + "9" * 5000 + "\n", "depth is '9999"),
        ("source 5\n", "line 1: the source is 5"),
        ("source [[[[" * 5000 + "\n", "line 1: the source is not JSON"),
        ('source {"kind": "nim", "pile": ' + "9" * 5000 + "}\n", "line 1: the source is not JSON"),
    ],
)
def test_text_header_lines_are_checked_as_strictly(text, message):
    with pytest.raises(InputError, match=message):
        from_text(text)


def test_strict_no_means_no_and_yes_means_yes(tmp_path):
    strict = {**REPRO, "strict": "yes"}
    for value, words in (("no", False), ("yes", True), (False, False), ("1", True)):
        path = write(tmp_path, json.dumps({**strict, "strict": value}))
        report = practice_check(path)
        assert report.exercise.strict is words
        assert ("strict cuts" in report.to_text()) is words


def test_the_issues_repro_checks_with_depth_full_as_no_limit(tmp_path):
    path = write(tmp_path, json.dumps(REPRO))
    report = practice_check(path)
    assert report.exercise.depth is None and report.exercise.tree.root_player is Player.MIN
    assert (report.right, report.total) == (1, 1)  # the leaves' values are given, so only A is scored
    code, out, err = run_main("practice", "--answers", path)
    assert (code, err) == (0, "") and "1/1 nodes right (100%)" in out


def test_depth_2_as_text_or_number_limits_the_look_ahead(tmp_path):
    # Array 0..6, branching 2, root MAX: A's children B, C; their children D E, F G (leaves at depth 2).
    # Depth 1 stops at B and C, whose static values 1 and 2 give A = 2; full depth gives max(min(3,4), min(5,6)) = 5.
    for depth, value in (("1", 2), (1, 2), ("full", 5), (None, 5)):
        source = {"kind": "array", "values": list(range(7)), "branching": 2}
        path = write(tmp_path, json.dumps({"source": source, "depth": depth, "answers": {"A": value}}))
        report = practice_check(path)
        assert report.of("A").is_right, depth


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ({"kind": "array", "values": [1, 2, 3], "root": 5}, 'root 5; write "max" or "min"'),
        ({"kind": "tictactoe", "board": 5}, "board 5; write the board as text"),
        ({"kind": "array", "values": [1, "a"]}, "values item 2 'a'"),
        ({"kind": "array", "values": [1, 2, 3], "branching": 0}, "branching 0; write a whole number, 1 or more"),
        ({"kind": "nim", "pile": -3}, "pile -3"),
    ],
)
def test_the_issues_malformed_sources_are_one_line_naming_the_file(tmp_path, source, message):
    path = write(tmp_path, json.dumps({"source": source, "answers": {"A": 1}}), "a.json")
    code, out, err = run_main("practice", "--answers", path)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"the source in {path} has " in err and message in err


def test_values_keep_every_digit_and_huge_ones_are_not_read_as_infinity():
    assert parse_value("1" * 400, "v") == int("1" * 400)
    assert parse_value("2.5", "v") == 2.5 and parse_value("1e3", "v") == 1000
    assert parse_value("-∞", "v") == -math.inf
    for text in ("1e400", "nan", "9" * 5000, "NaN"):
        with pytest.raises(InputError, match="write a number, inf or -inf"):
            parse_value(text, "v")
    with pytest.raises(InputError, match="number too large"):
        from_json('{"answers": {"A": 1e400}}')
    with pytest.raises(InputError, match="number too large"):
        from_json('{"answers": {"A": ' + "9" * 5000 + "}}")


def test_pruned_must_be_true_or_false_and_names_one_line():
    assert from_json('{"answers": {"A": {"pruned": false, "value": 3}}}').get("A").value == 3
    with pytest.raises(InputError, match="pruned is 'no'; write true or false"):
        from_json('{"answers": {"A": {"pruned": "no", "value": 3}}}')
    with pytest.raises(InputError, match="has a line break"):
        from_json('{"answers": {"A\\nB": 3}}')


def test_a_byte_order_mark_is_skipped_and_an_endless_file_is_refused(tmp_path):
    path = write(tmp_path, "\ufeff" + json.dumps(REPRO))
    assert practice_check(path).right == 1
    with pytest.raises(InputError, match="longer than 2,000,000 characters"):
        read_answers(write(tmp_path, "#" * (MAX_ANSWER_CHARS + 1)))
    if Path("/dev/zero").exists():  # a device is refused before a byte is read (issue 34)
        with pytest.raises(InputError, match="'/dev/zero' is a device, not a file"):
            read_answers("/dev/zero")


# -- from_spec: any JSON value in, a game or one line out -------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ([1, 2], "the trace's source is [1, 2]; write an object"),
        ({}, "lacks 'kind'"),
        ({"kind": 5}, "has kind 5"),
        ({"kind": "chess"}, "kind 'chess'; this kind is unknown"),
        ({"kind": "array"}, "lacks 'values'"),
        ({"kind": "array", "values": []}, "values []; write a non-empty list"),
        ({"kind": "array", "values": [1, True]}, "values item 2 true"),
        ({"kind": "array", "values": [1, 2], "branching": "2"}, "branching '2'"),
        ({"kind": "array", "values": [1, 2], "branching": True}, "branching true"),
        ({"kind": "array", "values": [1, 2], "names": [1, 2]}, "names [1, 2]"),
        ({"kind": "array", "values": [1, 2], "names": ["A"]}, "1 names for 2 nodes"),
        ({"kind": "random", "values": [1, 2], "range": [1]}, "range [1]"),
        ({"kind": "random", "values": [1, 2], "seed": "s"}, "seed 's'"),
        ({"kind": "array", "values": [1, 2], "root": "middle"}, "root 'middle'"),
        ({"kind": "nested"}, "lacks 'nested'"),
        ({"kind": "nested", "nested": [1, True]}, "the nested list has true"),
        ({"kind": "nested", "nested": [1, []]}, "empty list"),
        ({"kind": "tictactoe", "board": "XXXX"}, "the board has 4 cells"),
        ({"kind": "tictactoe", "board": ".........", "player": 5}, "player 5"),
        ({"kind": "tictactoe", "board": ".........", "eval": 5}, "eval 5"),
        ({"kind": "tictactoe", "board": ".........", "symmetry": "yes"}, "symmetry 'yes'"),
        ({"kind": "connect4", "board": None, "cols": 7, "connect": 4}, "lacks 'rows'"),
        ({"kind": "connect4", "rows": 0, "cols": 7, "connect": 4}, "rows 0"),
        ({"kind": "nim", "pile": 0}, "pile 0; write a whole number, from 1 to 10,000"),
        ({"kind": "nim", "pile": "3"}, "pile '3'"),
        ({"kind": "nim", "pile": 3, "max_take": 0}, "max_take 0"),
        ({"kind": "nim", "pile": 3, "rules": "x"}, "--rules is 'x'"),
        ({"kind": "nim", "pile": 3, "order": "sideways"}, "order 'sideways'"),
        ({"kind": "nim", "pile": 3, "order": "random", "order_seed": "a"}, "order_seed 'a'"),
        ({"kind": "array", "values": [1, 2], "order": "best", "order_depth": -1}, "order_depth -1"),
    ],
)
def test_malformed_specs_are_one_line_naming_the_field(spec, message):
    with pytest.raises(InputError) as raised:
        from_spec(spec)
    assert message in str(raised.value) and "\n" not in str(raised.value)
    assert str(raised.value).startswith("the trace's source")


def test_the_look_ahead_an_order_sorts_for_is_rebuilt():
    # Built-in example, root MIN, best first sorted for a look-ahead of 1: B and C are compared by their static
    # values 3 and 5, so MIN tries B first; sorted to the end they are compared by their values 6 and 2, C first.
    spec = {**builtin_example().spec(), "order": "best", "order_depth": 1}
    game = from_spec(spec)
    assert game.depth == 1 and game.spec() == spec
    assert [move for move, _ in game.successors(game.root())] == [1, 2]
    assert [move for move, _ in from_spec({**spec, "order_depth": None}).successors(game.root())] == [2, 1]


def test_where_names_the_spec():
    with pytest.raises(InputError, match="^the source in a.json has pile 0"):
        from_spec({"kind": "nim", "pile": 0}, where="the source in a.json")


GAMES = [
    builtin_example(),
    from_array([4, 1, 2], names=["root", "left", "right"]),
    from_nested("[[3,12,8],[2,4,6],[14,5,2]]", root=Player.MIN),
    TicTacToe("XOX/.O./...", root=Player.MIN),
    ConnectFour("...../...../X....", rows=3, cols=5, connect=3),
    Nim(5, max_take=2, rules="normal"),
    OrderedGame(Nim(5), "random", 7),
    OrderedGame(builtin_example(), "best"),
    OrderedGame(builtin_example(), "worst", depth=2),
]
"""Games whose specs the fuzz starts from."""

HUGE = "<HUGE>"
"""Stands for a number of 5,000 digits (which Python's JSON reader refuses to read), put in after dumping."""

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.sampled_from([0, 1, -1, 2, 3, 9, 10**30, -(10**400), 1e308, HUGE])
    | st.sampled_from(
        [
            "",
            "full",
            "yes",
            "no",
            "NaN",
            "nan",
            "inf",
            "-inf",
            "Infinity",
            "∞",
            "max",
            "min",
            "X",
            "pruned",
            "?",
            "2",
            "-3",
            ".........",
            "XN1A-77S",
            "random",
            "best",
            "nim",
            "array",
        ]
    )
    | st.text(max_size=8)
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def dumped(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False).replace(json.dumps(HUGE), "9" * 5000)


def paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON value, as the keys and indices that lead there."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths(value, prefix + (index,))
    return found


@st.composite
def mutated(draw: st.DrawFn, data: Any) -> Any:
    """`data` with one to three places replaced by any JSON value or dropped."""
    data = json.loads(json.dumps(data))
    for _ in range(draw(st.integers(1, 3))):
        place = draw(st.sampled_from(paths(data)))
        if not place:
            return draw(JSON_VALUES)
        parent = data
        for step in place[:-1]:
            parent = parent[step]
        if draw(st.booleans()):
            parent[place[-1]] = draw(JSON_VALUES)
        elif isinstance(parent, dict):
            del parent[place[-1]]
        else:
            parent.pop(place[-1])
    return data


def assert_game_or_one_line(spec: Any) -> None:
    try:
        game = from_spec(spec)
    except InputError as error:
        assert len(str(error).splitlines()) == 1 and "\n" not in str(error), str(error)
        return
    rebuilt = from_spec(game.spec())  # what a saved trace would record, read back
    assert rebuilt.spec() == game.spec()
    json.dumps(game.spec())


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(JSON_VALUES)
def test_from_spec_takes_any_json_value(spec):
    assert_game_or_one_line(spec)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES).flatmap(lambda game: mutated(game.spec())))
def test_from_spec_takes_any_mutation_of_a_valid_spec(spec):
    assert_game_or_one_line(spec)


# -- answer files: mutated JSON and text, binary bytes ---------------------------------------------------------

EXERCISES = [
    Exercise.from_game(builtin_example()),
    Exercise.from_random(RandomExercise(2, 3, (-10, 10), 7)),
    Exercise.from_game(TicTacToe("XOX/OX./..."), strict=True),
    Exercise.from_game(Nim(4)),
]
"""Exercises whose keys the fuzz starts from: a source, a code, a board, and NIM."""

JSON_KEYS = [json.loads(key_answers(exercise).to_json(exercise)) for exercise in EXERCISES]
TEXT_KEYS = [to_text(key_answers(exercise), exercise) for exercise in EXERCISES]

FOLDER = Path(tempfile.mkdtemp(prefix="answers-fuzz-"))
"""Where the fuzzed files are written (hypothesis cannot share pytest's per-test tmp_path)."""


@st.composite
def damaged(draw: st.DrawFn, text: str) -> str | bytes:
    """`text`, maybe cut short, with characters inserted, or with bytes that are not UTF-8 added."""
    how = draw(st.sampled_from(["as is", "cut", "insert", "bytes"]))
    if how == "cut":
        return text[: draw(st.integers(0, len(text)))]
    if how == "insert":
        at = draw(st.integers(0, len(text)))
        return text[:at] + draw(st.text(min_size=1, max_size=6)) + text[at:]
    if how == "bytes":
        return text.encode("utf-8") + draw(st.binary(min_size=1, max_size=8))
    return text


@st.composite
def json_files(draw: st.DrawFn) -> str | bytes:
    data = draw(mutated(draw(st.sampled_from(JSON_KEYS))))
    return draw(damaged(dumped(data)))


@st.composite
def text_files(draw: st.DrawFn) -> str | bytes:
    lines = draw(st.sampled_from(TEXT_KEYS)).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        edit = draw(st.sampled_from(["header", "word", "drop", "any"]))
        if edit == "header":
            keyword = draw(st.sampled_from(["exercise", "source", "depth", "strict"]))
            lines[at] = f"{keyword} {dumped(draw(JSON_VALUES)) if keyword == 'source' else draw(SCALARS.map(str))}"
        elif edit == "word":
            words = lines[at].split() or [""]
            words[draw(st.integers(0, len(words) - 1))] = str(draw(SCALARS)).replace(HUGE, "9" * 5000)
            lines[at] = " ".join(words)
        elif edit == "drop":
            del lines[at]
            lines = lines or [""]
        else:
            lines[at] = draw(st.text(max_size=20))
    return draw(damaged("\n".join(lines) + "\n"))


def assert_checked_or_one_line(content: str | bytes) -> None:
    path = write(FOLDER, content)
    try:
        report = practice_check(path)
        report.to_text(reveal=True)
        json.dumps(report.to_json())
    except VisualizerError as error:
        assert len(str(error).splitlines()) == 1 and "\n" not in str(error), str(error)
    code, out, err = run_main("practice", "--answers", path)
    assert code in (0, 1, 2), (code, err)
    if code == 2:
        assert out == "" and err.startswith("visualizer: error: ") and err.count("\n") == 1, err
        assert len(err.splitlines()) == 1, err
    else:
        assert err == "" and out


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(json_files())
def test_mutated_json_answer_files_check_or_fail_with_one_line(content):
    assert_checked_or_one_line(content)


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(text_files())
def test_mutated_text_answer_files_check_or_fail_with_one_line(content):
    assert_checked_or_one_line(content)


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=64) | st.text(max_size=64))
def test_arbitrary_bytes_and_text_check_or_fail_with_one_line(content):
    assume(content != b"")
    assert_checked_or_one_line(content)


def test_the_unchanged_keys_check_100_so_the_fuzz_starts_from_valid_files():
    for key in JSON_KEYS:
        assert practice_check(write(FOLDER, dumped(key), "key.json")).percent == 100
    for key in TEXT_KEYS:
        assert practice_check(write(FOLDER, key, "key.txt")).percent == 100
