"""Exercise codes: they round-trip, survive case and dashes, catch typos, and name the same tree on every machine."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from visualizer.errors import InputError
from visualizer.games import Player
from visualizer.practice.code import _ALPHABET as ALPHABET
from visualizer.practice.code import MAX_BRANCHING, MAX_DEPTH, VALUE_LIMIT, RandomExercise
from visualizer.practice.exercise import Exercise


@st.composite
def settings(draw) -> RandomExercise:
    low = draw(st.integers(-VALUE_LIMIT, VALUE_LIMIT))
    return RandomExercise(
        branching=draw(st.integers(1, MAX_BRANCHING)),
        depth=draw(st.integers(0, MAX_DEPTH)),
        value_range=(low, draw(st.integers(low, VALUE_LIMIT))),
        seed=draw(st.integers(0, 10**12)),
        root=draw(st.sampled_from((Player.MAX, Player.MIN))),
        strict=draw(st.booleans()),
    )


@given(settings())
def test_a_code_names_exactly_the_settings_it_was_made_from(exercise):
    assert RandomExercise.from_code(exercise.code) == exercise


@given(settings())
def test_case_dashes_and_look_alike_letters_do_not_matter(exercise):
    code = exercise.code
    loose = code.lower().replace("-", " ").replace("1", "l").replace("0", "o")
    assert RandomExercise.from_code(loose) == exercise


@given(settings(), st.data())
def test_every_single_wrong_character_is_caught(exercise, data):
    code = exercise.code.replace("-", "")
    position = data.draw(st.integers(0, len(code) - 1))
    wrong = data.draw(st.sampled_from([char for char in ALPHABET if char != code[position]]))
    with pytest.raises(InputError, match="typo"):
        RandomExercise.from_code(code[:position] + wrong + code[position + 1 :])


@given(settings(), st.data())
def test_every_swap_of_two_neighbours_is_caught(exercise, data):
    code = exercise.code.replace("-", "")
    position = data.draw(st.integers(0, len(code) - 2))
    swapped = code[:position] + code[position + 1] + code[position] + code[position + 2 :]
    if swapped == code:
        return  # two equal neighbours: the swap changes nothing
    with pytest.raises(InputError, match="typo"):
        RandomExercise.from_code(swapped)


def test_a_code_handed_out_today_opens_the_same_exercise_later():
    # Pinned: changing the format would break the codes teachers have already handed out.
    assert RandomExercise(2, 4, (-10, 10), 7).code == "XN1A-77S"
    assert RandomExercise.from_code("XN1A-77S") == RandomExercise(2, 4, (-10, 10), 7, Player.MAX, False)


def test_the_tree_of_a_code_is_the_seeded_draw_of_its_values():
    exercise = Exercise.from_code(RandomExercise(3, 2, (-5, 5), 1234, Player.MIN).code)
    rng = random.Random(1234)
    values = [rng.randint(-5, 5) for _ in range(1 + 3 + 9)]  # level order, as the random source draws them
    leaves = [node.leaf_value for node in exercise.key if node.is_leaf]
    assert leaves == values[4:]  # depth first, left to right: the last level in level order
    assert exercise.tree.root_player is Player.MIN
    assert [len(node.children) for node in exercise.tree.nodes][:4] == [3, 3, 3, 3]


@pytest.mark.parametrize(
    ("code", "message"), [("XN1A-77!", "has '!'"), ("X", "too short"), ("XN1A-77T", "typo"), ("", "too short")]
)
def test_bad_codes_are_refused_with_the_reason(code, message):
    with pytest.raises(InputError, match=message):
        RandomExercise.from_code(code)


def test_a_code_of_another_format_version_is_refused():
    digits = "12345"  # a number whose lowest digit in base 8 is not the current version
    for tail in ALPHABET:
        candidate = digits + tail
        try:
            RandomExercise.from_code(candidate)
        except InputError as error:
            if "format" in str(error):
                return
    raise AssertionError("no candidate code exercised the version check")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"branching": 0}, "--branching"),
        ({"branching": MAX_BRANCHING + 1}, "--branching"),
        ({"depth": MAX_DEPTH + 1}, "--depth"),
        ({"value_range": (-100, 10)}, "--range"),
        ({"value_range": (5, 4)}, "--range"),
        ({"seed": -1}, "--seed"),
    ],
)
def test_settings_a_code_cannot_hold_are_refused(changes, message):
    fields = {"branching": 2, "depth": 3, "value_range": (-10, 10), "seed": 1, **changes}
    with pytest.raises(InputError, match=message):
        RandomExercise(**fields)
