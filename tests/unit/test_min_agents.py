"""Trees as courses write them (issue 35, points 1 and 2): one MAX agent and several MIN agents, so MIN moves
twice in a row (`--levels max,min,min`, `{"min": [...]}` in nested input), and chance levels anywhere.

The expected values are worked out by hand in the comments, and checked against `_reference`, a search
written here from the textbook over the nested lists themselves (it shares no code with the tool)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from cli_helpers import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.errors import InputError
from visualizer.games import Player, from_array, from_nested
from visualizer.games.explicit import parse_levels
from visualizer.games.registry import from_spec
from visualizer.search import trace_search

TWO_GHOSTS = '{"max": [{"min": [{"min": [3, 5]}, {"min": [4, 6]}]}, {"min": [{"min": [1, 9]}, {"min": [8, 7]}]}]}'
"""Pacman (A, MAX) and two ghosts (B, C, then D..G, MIN): level-order names A..O, leaves H..O = 3 5 4 6 1 9 8 7.

By hand, alpha-beta (cut on equality, fail-soft): D = min(3, 5) = 3, so B's beta is 3; E gets [-inf, 3]:
J = 4, K = 6, E = 4 (no cut: 4 > alpha -inf); B = min(3, 4) = 3 and A's alpha is 3. C gets [3, +inf], and so
does F (the window passes through both MIN levels): L = 1 <= alpha 3 cuts M at F, F = 1 <= alpha 3 cuts G at
C. A = max(3, 1) = 3, best move B, line A B D H; M, G, N and O are pruned."""


def _reference(tree, alpha=-math.inf, beta=math.inf, strict=False, seen=None):
    """Alpha-beta over nested input as written, for MAX at the top: a number is a leaf, {"max": [...]} and
    {"min": [...]} say their kind, a plain list is the opponent of the node above; `seen` gets every leaf
    evaluated. Fail-soft; `strict` cuts only when a value passes the bound."""

    def search(node, maximizing, alpha, beta):
        if isinstance(node, (int, float)):
            seen.append(node)
            return node
        if isinstance(node, dict):
            ((kind, children),) = node.items()
            maximizing = kind == "max"
        else:
            children = node
        best = -math.inf if maximizing else math.inf
        for child in children:
            value = search(child, not maximizing, alpha, beta)
            if maximizing:
                best = max(best, value)
                if best > beta or (best == beta and not strict):
                    return best
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                if best < alpha or (best == alpha and not strict):
                    return best
                beta = min(beta, best)
        return best

    seen = [] if seen is None else seen
    return search(json.loads(tree) if isinstance(tree, str) else tree, True, alpha, beta)


def test_alpha_beta_prunes_across_two_min_levels_in_a_row():
    tree = from_nested(TWO_GHOSTS)
    assert [tree.player(node) for node in range(7)] == [Player.MAX] + [Player.MIN] * 6
    assert not tree.alternates
    trace = trace_search(tree, "alphabeta")
    summary = trace.summary
    assert summary.value == 3
    assert [trace.nodes[node].name for node in summary.visit_order] == list("ABDHIEJKCFL")
    assert sorted(trace.nodes[node].name for node in summary.pruned) == ["G", "M", "N", "O"]
    cuts = [(trace.nodes[cut.node].name, [trace.nodes[node].name for node in cut.skipped]) for cut in summary.cutoffs]
    assert cuts == [("F", ["M"]), ("C", ["G"])]
    leaves: list[int] = []
    assert _reference(TWO_GHOSTS, seen=leaves) == 3 and leaves == [3, 5, 4, 6, 1]


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("fail_hard", [False, True])
def test_both_cut_rules_fail_soft_and_fail_hard_agree_with_minimax(strict, fail_hard):
    tree = from_nested(TWO_GHOSTS)
    assert trace_search(tree, "minimax").summary.value == 3  # A = max(min(3, 5, 4, 6), min(1, 9, 8, 7))
    assert trace_search(tree, "alphabeta", strict=strict, fail_hard=fail_hard).summary.value == 3
    assert trace_search(tree, "alphabeta", iterative=True, strict=strict).summary.value == 3


def test_levels_max_min_min_build_the_same_tree_as_nested_kinds():
    array = from_array([0, 0, 0, 0, 0, 0, 0, 3, 5, 4, 6, 1, 9, 8, 7], levels=parse_levels("max,min,min"))
    assert [array.player(node) for node in range(7)] == [from_nested(TWO_GHOSTS).player(node) for node in range(7)]
    assert trace_search(array, "alphabeta").summary.value == 3


def test_a_chance_layer_between_max_levels_averages():
    # B = 0.5 * max(3, 9) + 0.5 * max(5, 1) = 4.5 + 2.5 = 7; C = 0.25 * max(8, 2) + 0.75 * max(4, 4) = 2 + 3 = 5;
    # A = max(7, 5) = 7, best move B. Both chance nodes sit between two MAX levels.
    text = (
        '{"max": [{"chance": [[0.5, {"max": [3, 9]}], [0.5, {"max": [5, 1]}]]},'
        ' {"chance": [[0.25, {"max": [8, 2]}], [0.75, {"max": [4, 4]}]]}]}'
    )
    tree = from_nested(text)
    assert [tree.player(node) for node in range(7)] == [Player.MAX, Player.CHANCE, Player.CHANCE] + [Player.MAX] * 4
    for algorithm in ("expectimax", "star1"):
        trace = trace_search(tree, algorithm)
        assert trace.summary.value == 7 and trace.nodes[trace.summary.best_child].name == "B"


@pytest.mark.parametrize("algorithm", ["negamax", "negamax-ab", "pvs", "mtdf"])
def test_the_searches_that_need_turns_refuse_in_one_line(capsys, algorithm):
    code, out, err = run_cli(capsys, "run", "--nested", TWO_GHOSTS, "-a", algorithm)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert f"{algorithm} needs MAX and MIN to take turns, but in this tree one moves twice in a row" in err
    assert "choose -a minimax, alphabeta, expectimax, star1" in err


def test_the_searches_that_need_turns_still_search_alternating_trees():
    tree = from_nested('{"max": [{"min": [3, 5]}, [4, 6]]}')  # a plain list under MAX is MIN: declared or not
    assert tree.alternates and trace_search(tree, "negamax").summary.value == 4


def test_a_plain_list_takes_turns_with_the_nearest_kind_above():
    tree = from_nested('{"min": [{"min": [[1, 2], 3]}, 4]}')  # A MIN, B MIN, D (plain) MAX under B
    assert tree.root_player is Player.MIN
    assert [tree.player(node) for node in (0, 1, 3)] == [Player.MIN, Player.MIN, Player.MAX]
    assert trace_search(tree, "minimax").summary.value == 2  # A = min(min(max(1, 2), 3), 4) = 2


@pytest.mark.parametrize(
    "text, words",
    [
        ('{"mx": [1, 2]}', 'the object {"mx": [1, 2]} at the top level; a node\'s kind is one key, max, min or chance'),
        ('[{"max": []}, 1]', 'the max node at the top level > item 1 has [] as its children; write {"max": [subtree'),
        ('[{"min": 5}, 1]', "the min node at the top level > item 1 has 5 as its children"),
        ('[{"max": [1], "min": [2]}]', "a node's kind is one key"),
        ('[{"chance": [[0.5, 1], [0.4, 2]]}]', "sum to 0.9, not 1"),
        ("[[], 1]", "an empty list at the top level > item 1"),
    ],
)
def test_bad_kinds_empty_nodes_and_bad_probabilities_get_one_line_and_exit_2(capsys, text, words):
    with pytest.raises(InputError) as error:
        from_nested(text)
    assert words in str(error.value)
    code, out, err = run_cli(capsys, "run", "--nested", text)
    assert (code, out) == (2, "") and err.count("\n") == 1 and words in err


def test_a_root_kind_that_contradicts_root_is_refused(capsys):
    code, _, err = run_cli(capsys, "run", "--nested", TWO_GHOSTS, "--root", "min")
    assert code == 2 and "top level is a max node, but --root is min" in err
    assert from_nested(TWO_GHOSTS, root=Player.MAX).root_player is Player.MAX


def test_kinds_survive_the_spec_round_trip():
    tree = from_nested(TWO_GHOSTS)
    assert tree.to_nested() == json.loads(TWO_GHOSTS)
    again = from_spec(tree.spec())
    assert [again.player(node) for node in range(15)] == [tree.player(node) for node in range(15)]


def test_levels_repeat_and_more_levels_than_the_tree_are_refused(capsys):
    code, out, _ = run_cli(capsys, "run", "--array", ",".join(map(str, range(31))), "--levels", "max,min,min")
    # 31 nodes, 4 levels of inner nodes: max, min, min, then max again (depth 3): the leaves are 15..30.
    # D = min(max(15, 16), max(17, 18)) = 16 at depth 2 ... A = max(B, C) with B = min(16, 20) = 16 and
    # C = min(24, 28) = 24, so A = 24.
    assert code == 0 and "value:               24" in out
    code, _, err = run_cli(capsys, "run", "--array", "1,2,3,4,5,6,7", "--levels", "max,min,min")
    assert code == 2 and "--levels gives 3 kinds, but the tree has 2 levels of inner nodes; give at most 2" in err


def _exported(capsys, tmp_path: Path, *source: str) -> dict:
    code, _, err = run_cli(capsys, "export", *source, "--format", "json", "--out", str(tmp_path), "--name", "t")
    assert code == 0, err
    return json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "source, node, words",
    [
        (("--nested", TWO_GHOSTS), "D", "but graph.source.nested declares it min"),
        (
            ("--array", "0,0,0,0,0,0,0,3,5,4,6,1,9,8,7", "--levels", "max,min,min"),
            "D",
            "but graph.source.levels gives depth 2 min",
        ),
    ],
)
def test_a_trace_keeps_the_kinds_and_a_changed_kind_is_refused(capsys, tmp_path, source, node, words):
    data = _exported(capsys, tmp_path, *source)
    code, out, _ = run_cli(capsys, "run", "--trace", str(tmp_path / "t.json"))
    assert code == 0 and "value:               3" in out
    graph = data["graph"]
    at = [record["name"] for record in data["nodes"]].index(node)
    codes = graph["codes"]["player"]
    assert codes[graph["node_columns"]["player"][at]] == "min"
    graph["node_columns"]["player"][at] = codes.index("max")
    (tmp_path / "t.json").write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run_cli(capsys, "run", "--trace", str(tmp_path / "t.json"))
    assert code == 2 and err.count("\n") == 1 and words in err


def test_the_schema_refuses_an_empty_kind_in_a_trace(capsys, tmp_path):
    data = _exported(capsys, tmp_path, "--nested", TWO_GHOSTS)
    data["graph"]["source"]["nested"]["max"][1] = {"min": []}
    (tmp_path / "t.json").write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run_cli(capsys, "run", "--trace", str(tmp_path / "t.json"))
    assert code == 2 and "field graph.source.nested.max[1].min is invalid ([] should be non-empty)" in err


def _kinded(draw_leaf, depth):
    """A strategy for nested trees whose inner nodes say max or min, or say nothing (a plain list)."""
    if depth == 0:
        return draw_leaf
    child = _kinded(draw_leaf, depth - 1)
    children = st.lists(st.one_of(draw_leaf, child), min_size=1, max_size=3)
    return st.one_of(
        draw_leaf,
        children,
        st.builds(lambda kids: {"max": kids}, children),
        st.builds(lambda kids: {"min": kids}, children),
    )


@settings(max_examples=120, deadline=None)
@given(
    tree=st.builds(
        lambda kind, kids: {kind: kids},
        st.just("max"),
        st.lists(_kinded(st.integers(-9, 9), 3), min_size=1, max_size=3),
    ),
    strict=st.booleans(),
)
def test_alpha_beta_agrees_with_the_reference_on_any_kinds(tree, strict):
    game = from_nested(json.dumps(tree))
    leaves: list[int] = []
    expected = _reference(tree, strict=strict, seen=leaves)
    trace = trace_search(game, "alphabeta", strict=strict)
    assert trace.summary.value == expected
    evaluated = [trace.nodes[node].value for node in trace.summary.visit_order if not trace.nodes[node].children]
    assert evaluated == leaves
    assert trace_search(game, "minimax").summary.value == _reference(tree, strict=True)


def test_grade_refuses_a_tree_the_students_maximizing_flag_cannot_follow(capsys):
    student = Path(__file__).resolve().parents[1] / "students" / "correct.py"
    code, out, err = run_cli(capsys, "grade", str(student), "--nested", TWO_GHOSTS)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "one player moves twice in a row (several MIN agents) cannot be graded" in err


def test_equally_likely_children_average_as_a_mean_so_a_tie_keeps_the_first_move():
    # B = (0 + 1 + 5) / 3 = 2 and C = (2 + 2 + 2) / 3 = 2: a tie, which the first move (B) keeps, as CS188's
    # expectimax does. Summed as 1/3 x 0 + 1/3 x 1 + 1/3 x 5 in floating point, B would be 1.9999999999999998.
    tree = from_array([0, 0, 0, 0, 0, 1, 5, 2, 2, 2, 1, 1, 1], branching=3, levels=parse_levels("max,chance"))
    trace = trace_search(tree, "expectimax")
    assert trace.summary.value == 2 and trace.nodes[trace.summary.best_child].name == "B"
    assert [trace.nodes[node].value for node in (1, 2, 3)] == [2, 2, 1]
