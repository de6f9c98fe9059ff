"""Answer files: the text form and the JSON form, read and written, and their mistakes named by line."""

from __future__ import annotations

import math

import pytest

from visualizer.errors import InputError
from visualizer.games import TicTacToe, builtin_example
from visualizer.games.nested import from_nested
from visualizer.practice.answers import (
    Answers,
    NodeAnswer,
    from_json,
    from_text,
    key_answers,
    parse_answer,
    read_answers,
    to_text,
)
from visualizer.practice.check import check
from visualizer.practice.code import RandomExercise
from visualizer.practice.exercise import Exercise


def test_the_text_form_reads_values_windows_pruned_marks_and_blanks():
    answers = from_text(
        "# a comment\n"
        "exercise XN1A-77S\n"
        "A 3            # the root\n"
        "B 3 -inf 3\n"
        "C ? 2 +inf\n"
        "D pruned\n"
        "E x\n"
        "F ?\n"
        "G 2.5 -∞ ∞\n"
    )
    assert answers.header == {"exercise": "XN1A-77S"}
    assert answers.nodes == {
        "A": NodeAnswer(3),
        "B": NodeAnswer(3, -math.inf, 3),
        "C": NodeAnswer(None, 2, math.inf),
        "D": NodeAnswer(pruned=True),
        "E": NodeAnswer(pruned=True),
        "F": NodeAnswer(),
        "G": NodeAnswer(2.5, -math.inf, math.inf),
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A 3\nA 4\n", "line 2: node A is answered twice"),
        ("A 3 4\n", "line 1: A has 2 values"),
        ("A three\n", "line 1: the value of A is 'three'"),
        ("A 3 pruned\n", "line 1: A is marked pruned and given values"),
        ("A 3 nan 2\n", "alpha of A is 'nan'"),
        ("'A 3\n", "line 1: No closing quotation"),
        ("depth deep\n", "depth is 'deep'"),
        ("source {not json\n", "the source is not JSON"),
    ],
)
def test_text_mistakes_are_named_with_their_line(text, message):
    with pytest.raises(InputError, match=message):
        from_text(text)


def test_the_json_form_takes_numbers_pruned_and_objects():
    answers = from_json(
        '{"exercise": "XN1A-77S", "answers": {"A": 3, "B": {"value": 3, "alpha": "-inf", "beta": 3},'
        ' "K": "pruned", "L": {"pruned": true}, "M": "4"}}'
    )
    assert answers.header == {"exercise": "XN1A-77S"}
    assert answers.nodes == {
        "A": NodeAnswer(3),
        "B": NodeAnswer(3, -math.inf, 3),
        "K": NodeAnswer(pruned=True),
        "L": NodeAnswer(pruned=True),
        "M": NodeAnswer(4),
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "write an object"),
        ('{"answers": {"A": [3]}}', "node A: write a value"),
        ('{"answers": {"A": {"value": 3, "colour": 1}}}', "node A: write a value"),
        ('{"answers": {"A": {"value": "high"}}}', "node A: value is 'high'"),
        ('{"answers": {"A": true}}', "node A: write a value"),
    ],
)
def test_json_mistakes_are_named(text, message):
    with pytest.raises(InputError, match=message):
        from_json(text)


@pytest.mark.parametrize(
    "exercise",
    [
        Exercise.from_game(builtin_example()),
        Exercise.from_random(RandomExercise(3, 2, (-5, 5), 99, strict=True)),
        Exercise.from_game(TicTacToe(symmetry=True), depth=2),
        Exercise.from_game(from_nested("[[3,12,8],[2,4,6],[14,5,2]]"), strict=True),
    ],
    ids=["example", "random-strict", "tictactoe", "nested"],
)
def test_the_key_written_and_read_back_checks_100_and_names_its_exercise(exercise, tmp_path):
    for name, text in (
        ("key.txt", to_text(key_answers(exercise), exercise)),
        ("key.json", key_answers(exercise).to_json(exercise)),
    ):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        answers = read_answers(str(path))
        assert Exercise.from_header(answers.header).header() == exercise.header()
        assert check(exercise, answers).percent == 100


def test_a_blank_sheet_lists_every_node_with_leaf_values_only(tmp_path):
    exercise = Exercise.from_game(builtin_example())
    sheet = to_text(Answers({}, {}), exercise)
    body = [
        line.split() for line in sheet.splitlines() if line and not line.startswith(("#", "source", "depth", "strict"))
    ]
    assert [words[0] for words in body] == list("ABDHIEJKCFLMGNO")
    assert {words[0]: words[1] for words in body if words[1] != "?"} == dict(zip("HIJKLMNO", "67342812"))
    report = check(exercise, from_text(sheet))
    assert (report.right, report.total) == (
        0,
        9,
    )  # the given leaves H I J L M N are not scored; K and O should be pruned


def test_names_with_spaces_are_quoted_and_read_back():
    tree = builtin_example().replace(names=tuple(f"node {letter}" for letter in "ABCDEFGHIJKLMNO"))
    exercise = Exercise.from_game(tree)
    answers = from_text(to_text(key_answers(exercise), exercise))
    assert check(exercise, answers).percent == 100


def test_typed_answers():
    assert parse_answer("", "B") == NodeAnswer()
    assert parse_answer("x", "B") == NodeAnswer(pruned=True)
    assert parse_answer("6 6 inf", "B") == NodeAnswer(6, 6, math.inf)
    with pytest.raises(InputError, match="your answer: B has 2 values"):
        parse_answer("6 6", "B")


def test_unreadable_files_are_named(tmp_path):
    with pytest.raises(InputError, match="no answer file"):
        read_answers(str(tmp_path / "missing.txt"))
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(InputError, match="UTF-8"):
        read_answers(str(binary))
