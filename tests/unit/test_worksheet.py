"""Tests choosing a worksheet's exercises: every constraint checked by a plain alpha-beta written here, the
shape's limits checked by enumerating every tree of small shapes, refusals, and the files (blank sheet vs key)."""

from __future__ import annotations

import csv
import io
import itertools
import math
from dataclasses import dataclass, field
from xml.etree import ElementTree

import pytest

from visualizer.errors import InputError
from visualizer.games import Player, from_nested
from visualizer.games.random_tree import tree_nodes
from visualizer.grading.record import PlainNode, plain_tree
from visualizer.practice.code import RandomExercise
from visualizer.practice.exercise import Exercise
from visualizer.practice.worksheet import WorksheetRequest, check_request, choose_exercises, deep_cutoffs, most_cutoffs
from visualizer.practice.worksheet_files import INDEX_COLUMNS, WorksheetPage, index_csv, write_worksheet
from visualizer.search import trace_search

# An independent alpha-beta -------------------------------------------------------------------------------


@dataclass
class Count:
    """What the plain alpha-beta saw: cut-offs (that skip at least one child) and the deep ones among them."""

    cutoffs: int = 0
    deep: int = 0
    visited: list[str] = field(default_factory=list)


def plain_alphabeta(node: PlainNode, maximizing: bool, *, strict: bool) -> tuple[float, Count]:
    """Textbook alpha-beta (fail-soft) on a plain tree. Each bound carries the depth of the node that set it
    (-1: the root's infinite window); a cut-off is deep when its bound was set two or more levels up."""
    count = Count()

    def closes(value, bound, maximizing):
        if maximizing:
            return value > bound if strict else value >= bound
        return value < bound if strict else value <= bound

    def search(node, depth, alpha, beta, maximizing):
        count.visited.append(node.name)
        if not node.children:
            return node.value
        value = -math.inf if maximizing else math.inf
        for index, child in enumerate(node.children):
            child_value = search(child, depth + 1, alpha, beta, not maximizing)
            value = max(value, child_value) if maximizing else min(value, child_value)
            bound = beta if maximizing else alpha
            if closes(value, bound[0], maximizing):
                if index + 1 < len(node.children):
                    count.cutoffs += 1
                    count.deep += depth - bound[1] >= 2
                return value
            if maximizing and value > alpha[0]:
                alpha = (value, depth)
            if not maximizing and value < beta[0]:
                beta = (value, depth)
        return value

    value = search(node, 0, (-math.inf, -1), (math.inf, -1), maximizing)
    return value, count


def nested(node: PlainNode):
    return node.value if not node.children else [nested(child) for child in node.children]


def perfect(leaves, branching):
    """The perfect tree with these leaves, as nested lists."""
    level = list(leaves)
    while len(level) > 1:
        level = [level[start : start + branching] for start in range(0, len(level), branching)]
    return level[0]


def plain_of(nested_list, name="n"):
    if not isinstance(nested_list, list):
        return PlainNode(name, nested_list)
    return PlainNode(name, None, tuple(plain_of(child, f"{name}{index}") for index, child in enumerate(nested_list)))


def check_exercise(kept, request: WorksheetRequest):
    """Every constraint of `request` holds for `kept`, by the plain alpha-beta; returns its count."""
    exercise = Exercise.from_code(kept.code)  # the code opens the same exercise
    tree = plain_tree(exercise.tree)
    value, count = plain_alphabeta(tree, exercise.tree.root_player is Player.MAX, strict=request.shape.strict)
    leaves = [node.value for node in tree.walk() if not node.children]
    assert leaves == list(kept.leaves)
    assert (count.cutoffs, count.deep, value) == (kept.cutoffs, kept.deep, kept.value)
    if request.cutoffs is not None:
        assert count.cutoffs == request.cutoffs
    if request.deep:
        assert count.deep >= 1
    if request.distinct:
        assert len(set(leaves)) == len(leaves)
    assert len(exercise.solution.summary.cutoffs) == count.cutoffs  # practice's key has the same cut-offs
    assert exercise.random.strict == request.shape.strict and exercise.random.root is request.shape.root
    return count


# The plain alpha-beta itself, on hand-checked trees ----------------------------------------------------


def test_plain_alphabeta_on_the_builtin_example():
    # A is MIN; E cuts K (alpha 6 set by B, its parent), G cuts O (alpha 2 set by C): 2 shallow cut-offs.
    tree = plain_of([[[6, 7], [3, 4]], [[2, 8], [1, 2]]])
    value, count = plain_alphabeta(tree, False, strict=False)
    assert (value, count.cutoffs, count.deep) == (2, 2, 0)


def test_a_deep_cut_off_worked_by_hand():
    # Root MAX. B gives A alpha -2. Under C, F (MAX) enters L with alpha -2 still from A: X = -3 cuts L
    # (Y skipped), deep; G enters N with alpha -2 from A too: AB = -3 cuts N, deep. I cuts on D's -2: shallow.
    leaves = [-2, 2, -2, 1, -3, -4, 1, 0, -3, -1, 6, 3, -3, 8, 4, 3]
    trace = trace_search(from_nested(perfect(leaves, 2)), "alphabeta")
    assert len(trace.summary.cutoffs) == 3 and deep_cutoffs(trace) == 2
    value, count = plain_alphabeta(plain_of(perfect(leaves, 2)), True, strict=False)
    assert (value, count.cutoffs, count.deep) == (3, 3, 2)


def test_deep_cut_offs_agree_with_the_plain_search_on_random_trees():
    for seed in range(60):
        for strict in (False, True):
            settings = RandomExercise(2, 5, (-5, 5), seed, Player.MIN if seed % 2 else Player.MAX, strict)
            exercise = Exercise.from_random(settings)
            _, count = plain_alphabeta(plain_tree(exercise.tree), settings.root is Player.MAX, strict=strict)
            assert deep_cutoffs(exercise.solution) == count.deep
            assert len(exercise.solution.summary.cutoffs) == count.cutoffs


# The shape's limits, by enumerating every tree -------------------------------------------------------


@pytest.mark.parametrize("branching, depth", [(2, 2), (3, 2), (2, 3)])
def test_most_cutoffs_is_the_maximum_over_every_tree(branching, depth):
    most = deep = 0
    for leaves in itertools.product(range(3), repeat=branching**depth):
        for strict in (False, True):
            _, count = plain_alphabeta(plain_of(perfect(leaves, branching)), True, strict=strict)
            most, deep = max(most, count.cutoffs), max(deep, count.deep)
    assert most == most_cutoffs(branching, depth)
    assert deep == 0  # too shallow for a deep cut-off: what --deep-cutoff refuses at once


def test_most_cutoffs_by_hand():
    assert most_cutoffs(2, 1) == 0 and most_cutoffs(5, 1) == 0  # only the root has children: it never cuts
    assert most_cutoffs(1, 6) == 0  # a path skips nothing
    assert (most_cutoffs(2, 2), most_cutoffs(3, 2), most_cutoffs(2, 3)) == (1, 2, 2)
    assert tree_nodes(2, 4) == 31 and tree_nodes(3, 3) == 40


# Choosing exercises ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "request_",
    [
        WorksheetRequest(4, RandomExercise(2, 4, (-10, 10), 7), cutoffs=3),
        WorksheetRequest(3, RandomExercise(2, 4, (-10, 10), 100, Player.MIN, strict=True), cutoffs=2),
        WorksheetRequest(3, RandomExercise(3, 3, (-9, 9), 5, Player.MAX, strict=True), cutoffs=4),
        WorksheetRequest(3, RandomExercise(2, 4, (-10, 10), 1, Player.MIN), deep=True),
        WorksheetRequest(2, RandomExercise(2, 5, (-20, 20), 3, Player.MAX, strict=True), cutoffs=5, deep=True),
        WorksheetRequest(3, RandomExercise(2, 3, (-50, 50), 11), distinct=True),
        WorksheetRequest(5, RandomExercise(2, 2, (0, 1), 0)),
    ],
    ids=["k3", "strict-min-k2", "b3-strict-k4", "deep-min", "deep-k5-strict", "distinct", "small-range"],
)
def test_every_exercise_meets_every_constraint(request_):
    exercises, tried = choose_exercises(request_)
    assert [kept.number for kept in exercises] == list(range(1, request_.count + 1))
    seeds = [kept.settings.seed for kept in exercises]
    assert seeds == sorted(seeds) and seeds[0] >= request_.shape.seed and tried == seeds[-1] - request_.shape.seed + 1
    assert len({kept.leaves for kept in exercises}) == len(exercises)  # never the same tree twice
    for kept in exercises:
        check_exercise(kept, request_)


def test_every_skipped_seed_fails_a_constraint():
    request_ = WorksheetRequest(3, RandomExercise(2, 4, (-10, 10), 40, strict=True), cutoffs=4, deep=True)
    exercises, _ = choose_exercises(request_)
    kept_seeds = {kept.settings.seed for kept in exercises}
    for seed in range(40, max(kept_seeds)):
        if seed in kept_seeds:
            continue
        exercise = Exercise.from_random(RandomExercise(2, 4, (-10, 10), seed, strict=True))
        _, count = plain_alphabeta(plain_tree(exercise.tree), True, strict=True)
        assert count.cutoffs != 4 or count.deep == 0


def test_an_unmeetable_request_is_refused_after_a_bounded_search():
    # All leaves 0: the second MIN child cuts on alpha 0 = 0 every time, so no tree has 0 cut-offs.
    request_ = WorksheetRequest(1, RandomExercise(2, 2, (0, 0), 0), cutoffs=0)
    with pytest.raises(InputError) as caught:
        choose_exercises(request_, max_tries=50)
    message = str(caught.value)
    assert "\n" not in message and "found 0 of the 1 exercise asked for in 50 random trees" in message
    assert "1 (50 trees)" in message


@pytest.mark.parametrize(
    "request_, words",
    [
        (WorksheetRequest(2, RandomExercise(2, 3, (-9, 9), 0), cutoffs=3), "at most 2"),
        (WorksheetRequest(2, RandomExercise(3, 2, (-9, 9), 0), cutoffs=3), "at most 2"),
        (WorksheetRequest(2, RandomExercise(2, 1, (-9, 9), 0), cutoffs=1), "at most 0"),
        (WorksheetRequest(2, RandomExercise(1, 5, (-9, 9), 0), cutoffs=1), "at most 0"),
        (WorksheetRequest(2, RandomExercise(2, 4, (-9, 9), 0), cutoffs=-1), "0 or more"),
        (WorksheetRequest(2, RandomExercise(2, 3, (-9, 9), 0), deep=True), "--depth 4 or more"),
        (WorksheetRequest(2, RandomExercise(1, 6, (-9, 9), 0), deep=True), "--branching 2 or more"),
        (WorksheetRequest(2, RandomExercise(2, 4, (-9, 9), 0), cutoffs=0, deep=True), "drop one of them"),
        (WorksheetRequest(2, RandomExercise(2, 4, (-5, 5), 0), distinct=True), "only 11"),
        (WorksheetRequest(0, RandomExercise(2, 4, (-9, 9), 0)), "1 to 100"),
        (WorksheetRequest(-3, RandomExercise(2, 4, (-9, 9), 0)), "1 to 100"),
        (WorksheetRequest(2, RandomExercise(4, 5, (-9, 9), 0)), "has 1,365 nodes, too many to work by hand"),
        (WorksheetRequest(2, RandomExercise(2, 0, (-9, 9), 0)), "--depth 1 or more"),
        (WorksheetRequest(3, RandomExercise(1, 1, (0, 1), 0)), "only 2 different trees"),
    ],
)
def test_impossible_requests_are_refused_at_once(request_, words):
    with pytest.raises(InputError) as caught:
        check_request(request_)
    assert words in str(caught.value) and "\n" not in str(caught.value)


# The files ---------------------------------------------------------------------------------------------


def svg_keys(path):
    """The data-key of every element of an SVG file, with the element's text."""
    root = ElementTree.parse(path).getroot()
    return {element.get("data-key"): "".join(element.itertext()) for element in root.iter() if element.get("data-key")}


def test_the_sheet_shows_leaves_only_and_the_key_shows_the_answers(tmp_path):
    request_ = WorksheetRequest(1, RandomExercise(2, 3, (-9, 9), 4), cutoffs=1)
    (kept,), _ = choose_exercises(request_)
    trace = kept.exercise.solution
    row = dict.fromkeys(INDEX_COLUMNS, 0)
    page = WorksheetPage(1, kept.code, trace, "alpha-beta; root MAX", "sheet", "key", row)
    written = write_worksheet([page], tmp_path, ("svg", "pdf", "md", "tex"), heading="one exercise")
    names = sorted(path.name for path in written)
    assert names == sorted(
        [
            "exercise-01-sheet.svg",
            "exercise-01-key.svg",
            "exercise-01-sheet.pdf",
            "exercise-01-key.pdf",
            "worksheet.tex",
            "worksheet-key.tex",
            "worksheet.md",
            "worksheet-key.md",
            "index.csv",
        ]
    )
    leaves = {node.id: node.static_value for node in trace.nodes if not node.children}
    inner = [node.id for node in trace.nodes if node.children]
    sheet, key = svg_keys(tmp_path / "exercise-01-sheet.svg"), svg_keys(tmp_path / "exercise-01-key.svg")
    assert sheet["title"] == f"Exercise 1 - code {kept.code}" and key["title"].endswith("answer key")
    for node, value in leaves.items():  # every leaf's value, pruned ones too
        assert sheet[f"value:{node}"] == str(value)
    assert not any(f"value:{node}" in sheet for node in inner)
    assert not [name for name in sheet if name.startswith(("window:", "visit:", "cutlabel:", "cutmark:"))]
    assert not [
        name for name in sheet if name.startswith("legend:") and not name.startswith(("legend:max", "legend:min"))
    ]
    assert all(
        key[f"value:{node}"] == str(trace.nodes[node].value) for node in inner if trace.nodes[node].value is not None
    )
    assert any(name.startswith("window:") for name in key) and any(name.startswith("cutlabel:") for name in key)
    sheet_root = ElementTree.parse(tmp_path / "exercise-01-sheet.svg").getroot()
    key_root = ElementTree.parse(tmp_path / "exercise-01-key.svg").getroot()
    assert (sheet_root.get("width"), sheet_root.get("height")) == (key_root.get("width"), key_root.get("height"))
    assert (tmp_path / "exercise-01-sheet.pdf").read_bytes().startswith(b"%PDF")


def test_index_csv_parses():
    rows = [
        {
            "number": 1,
            "code": "XN1A-77S",
            "branching": 2,
            "depth": 3,
            "range": "-10:10",
            "seed": 7,
            "root": "max",
            "strict": False,
            "cutoffs": 1,
            "deep_cutoffs": 0,
            "leaves": [3, -1, 4],
            "value": 3,
        }
    ]
    parsed = list(csv.DictReader(io.StringIO(index_csv(rows))))
    assert parsed == [
        {
            "number": "1",
            "code": "XN1A-77S",
            "branching": "2",
            "depth": "3",
            "range": "-10:10",
            "seed": "7",
            "root": "max",
            "strict": "no",
            "cutoffs": "1",
            "deep_cutoffs": "0",
            "leaves": "3 -1 4",
            "value": "3",
        }
    ]


def test_an_out_that_is_a_file_is_refused(tmp_path):
    (tmp_path / "taken").write_text("mine")
    with pytest.raises(InputError, match="is a file"):
        write_worksheet([], tmp_path / "taken", ("md",), heading="none")
    assert (tmp_path / "taken").read_text() == "mine"
