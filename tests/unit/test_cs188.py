"""CS188 graph-game tests as a tree source (`--cs188 FILE.test`, issue 35): the files in tests/data/cs188 (written
for these tests, each with a `.solution` in the course's form) give the value, action and generated states worked
out by hand below, the same as a small CS188-style reference written here; bad files are refused in one line
that names the line; the spec rebuilds the tree without the file, and an exported trace reads back.

Hand-worked answers (values by state: the graphs are layered, so a state has one value wherever it is):

minimax_3agents (MAX, MIN, MIN, two rounds: leaves at ply 6):
    ply 5 (MIN):  R = min(4, 9) = 4, S = 6, T = min(8, 5) = 5, U = 2, V = min(7, 3) = 3, W = 9, X = 1,
                  Y = min(6, 8) = 6
    ply 4 (MIN):  L = R = 4, M = min(S, T) = 5, N = U = 2, O = V = 3, P = W = 9, Q = min(X, Y) = 1
    ply 3 (MAX):  H = max(L, M) = 5, I = N = 2, J = O = 3, K = max(P, Q) = 9
    ply 2 (MIN):  D = H = 5, E = min(I, J) = 2, F = K = 9, G = K = 9
    ply 1 (MIN):  B = min(D, E) = 2, C = min(F, G) = 9
    root (MAX):   max(B, C) = max(2, 9) = 9: Right. Minimax generates every state (K twice: K and K~2).
    (Were MAX and MIN to alternate, ply 2 MAX, ply 3 MIN and so on, the root would be worth 6.)

alphabeta_two_ghosts (MAX, MIN, MIN, one round), cutting only when a value passes the bound:
    B: D = min(5, 8) = 5, E = min(6, 7) = 6, B = min(5, 6) = 5; alpha = 5 at the root.
    C: F's f1 = 5 is not < alpha 5, so f2 = 9 is tried, F = 5; C's 5 is not < 5, so G is entered with
       beta 5: g1 = 1 < alpha 5 cuts g2 (two MIN levels below the MAX that set alpha). C = min(5, 1) = 1.
    root: max(5, 1) = 5: Left; generated A B C D E F G d1 d2 e1 e2 f1 f2 g1 (not g2).
    Cutting on equality (the tool's default) would also cut f2 at f1 = 5 and G at F = 5: A..F d1 d2 e1 e2 f1.

expectimax_two_ghosts (MAX, chance, chance, one round):
    D = (2 + 8) / 2 = 5, E = 11, B = (5 + 11) / 2 = 8; F = (6 + 9 + 3) / 3 = 6, C = F = 6.
    root: max(8, 6) = 8: Left. With MIN ghosts: B = min(min(2, 8), 11) = 2, C = min(6, 9, 3) = 3, root 3: Right.

win_lose (MAX, MIN, two rounds; W a win state with a successor X worth 100, L a lose state):
    E = min(40, 50) = 40, D = E = 40, B = min(W 20, D 40) = 20; I = min(30, 15) = 15, H = 15,
    C = min(L -50, H 15) = -50. root: max(20, -50) = 20: Left. X is never generated (expanding W would make
    it worth 100 and B 40).

tie_at_root (MAX, MIN, one round): B = min(5, 7) = 5, C = 5, D = 2; Left and Right tie at 5 and the first,
    Left, is kept.
"""

from __future__ import annotations

import json
import math
import random
import re
from collections import defaultdict
from pathlib import Path

import pytest
from cli_helpers import run_cli

from visualizer.errors import InputError
from visualizer.games import Player, find_game_kind
from visualizer.games.cs188 import Cs188ChanceTree, Cs188Tree
from visualizer.games.cs188_file import parse_test, read_test
from visualizer.games.registry import from_spec, slug
from visualizer.search import trace_search

DATA = Path(__file__).resolve().parents[1] / "data" / "cs188"
FILES = sorted(path.stem for path in DATA.glob("*.test"))

EXPECTED = {  # value, action, generated states: worked by hand above
    "minimax_3agents": (
        9,
        "Right",
        "A B C D E F G H I J K L M N O P Q R S T U V W X Y r1 r2 s1 t1 t2 u1 v1 v2 w1 x1 y1 y2",
    ),
    "alphabeta_two_ghosts": (5, "Left", "A B C D E F G d1 d2 e1 e2 f1 f2 g1"),
    "expectimax_two_ghosts": (8, "Left", "A B C D E F d1 d2 e1 f1 f2 f3"),
    "win_lose": (20, "Left", "A B C D E F G H I J K L W"),
    "tie_at_root": (5, "Left", "A B C D b1 b2 c1 d1"),
}


def test_every_file_has_a_hand_worked_answer():
    assert set(FILES) == set(EXPECTED) and all((DATA / f"{name}.solution").is_file() for name in FILES)


# -- a reference written the way CS188's autograder and a student's agent do it ---------------------------------


def reference_test(text: str) -> dict[str, str]:
    """The course's testParser in a few lines: `#` comments, key: "value" and key: \"\"\" blocks."""
    lines, test, index = [line.split("#")[0] for line in text.split("\n")], {}, 0
    while index < len(lines):
        line, index = lines[index], index + 1
        if one := re.fullmatch(r'([^"]*?):\s*"([^"]*)"\s*', line):
            test[one[1]] = one[2]
        elif block := re.fullmatch(r'([^"]*?):\s*"""\s*', line):
            start = index
            while not re.fullmatch(r'\s*"""\s*', lines[index]):
                index += 1
            test[block[1]], index = "\n".join(lines[start:index]), index + 1
    return test


def reference(text: str) -> tuple[float, str, list[str]]:
    """The value, action and generated states of CS188's MinimaxAgent, AlphaBetaAgent (strict cuts) or
    ExpectimaxAgent on a graph-game test, as a recursive value(state, agent, depth) over the parsed test."""
    test = reference_test(text)
    agents, limit, alg = int(test["num_agents"]), int(test["depth"]), test["alg"]
    ends = set(test["win_states"].split()) | set(test["lose_states"].split())
    moves: dict[str, dict[str, str]] = defaultdict(dict)
    for line in test["successors"].split("\n"):
        if line.split():
            state, action, after = line.split()
            moves[state][action] = after
    evaluation = {line.split()[0]: float(line.split()[1]) for line in test["evaluation"].split("\n") if line.split()}
    generated = {test["start_state"]}

    def successor(state: str, action: str) -> str:
        generated.add(moves[state][action])
        return moves[state][action]

    def value(state: str, agent: int, depth: int, alpha: float, beta: float) -> float:
        if state in ends or depth == limit or not moves[state]:
            return evaluation[state]
        following, deeper = (agent + 1) % agents, depth + (agent + 1 == agents)
        if agent == 0:
            best = -math.inf
            for action in moves[state]:
                best = max(best, value(successor(state, action), following, deeper, alpha, beta))
                if alg == "AlphaBetaAgent" and best > beta:
                    return best
                alpha = max(alpha, best)
            return best
        if alg == "ExpectimaxAgent":
            outcomes = [value(successor(state, action), following, deeper, alpha, beta) for action in moves[state]]
            return sum(outcomes) / len(outcomes)
        worst = math.inf
        for action in moves[state]:
            worst = min(worst, value(successor(state, action), following, deeper, alpha, beta))
            if alg == "AlphaBetaAgent" and worst < alpha:
                return worst
            beta = min(beta, worst)
        return worst

    start, best, chosen, alpha = test["start_state"], -math.inf, "", -math.inf
    for action in moves[start]:  # getAction: the root is never evaluated; ties keep the first action
        found = value(successor(start, action), 1 % agents, int(agents == 1), alpha, math.inf)
        if found > best:
            best, chosen = found, action
        alpha = max(alpha, best)
    return best, chosen, sorted(generated)


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, "run", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("name", FILES)
def test_run_gives_the_hand_worked_answer_the_solution_and_the_reference(capsys, name):
    result = run_json(capsys, "--cs188", str(DATA / f"{name}.test"))
    value, action, generated = EXPECTED[name]
    assert result["value"] == pytest.approx(value) and result["best_move"] == action
    assert result["generated_states"] == generated.split()
    solution = reference_test((DATA / f"{name}.solution").read_text())
    assert (solution["action"], solution["generated"]) == (action, generated)
    assert result["solution"] == {"action": solution["action"], "generated": solution["generated"]}
    found, chosen, states = reference((DATA / f"{name}.test").read_text())
    assert found == pytest.approx(value) and (chosen, states) == (action, generated.split())


@pytest.mark.parametrize(
    ("name", "algorithm", "strict"),
    [
        ("minimax_3agents", "minimax", False),
        ("alphabeta_two_ghosts", "alphabeta", True),
        ("expectimax_two_ghosts", "expectimax", False),
    ],
)
def test_without_a_the_search_follows_the_tests_alg(capsys, name, algorithm, strict):
    result = run_json(capsys, "--cs188", str(DATA / f"{name}.test"))
    assert (result["algorithm"], result["strict"]) == (algorithm, strict)


def test_the_text_report_lists_the_generated_states(capsys):
    code, out, _ = run_cli(capsys, "run", "--cs188", str(DATA / "alphabeta_two_ghosts.test"))
    assert code == 0 and "generated states:    A B C D E F G d1 d2 e1 e2 f1 f2 g1\n" in out
    assert "alphabeta | CS188 test alphabeta_two_ghosts.test, 15 nodes, 3 agents (MIN ghosts), depth 1" in out


def test_an_explicit_alphabeta_cuts_on_equality_unless_strict(capsys):
    path = str(DATA / "alphabeta_two_ghosts.test")
    loose = run_json(capsys, "--cs188", path, "-a", "alphabeta")
    assert loose["generated_states"] == ["A", "B", "C", "D", "E", "F", "d1", "d2", "e1", "e2", "f1"]
    assert loose["pruned"] == ["G", "f2", "g1", "g2"]
    strict = run_json(capsys, "--cs188", path, "-a", "alphabeta", "--strict")
    assert strict["generated_states"] == EXPECTED["alphabeta_two_ghosts"][2].split() and strict["pruned"] == ["g2"]


def test_the_ghosts_are_chance_nodes_only_under_a_search_that_handles_chance(capsys):
    expectimax_file, minimax_file = str(DATA / "expectimax_two_ghosts.test"), str(DATA / "minimax_3agents.test")
    as_min = run_json(capsys, "--cs188", expectimax_file, "-a", "minimax")  # hand-worked above: 3, Right
    assert (as_min["value"], as_min["best_move"]) == (3, "Right") and "MIN ghosts" in as_min["source"]
    # with chance ghosts the 3-agent file: R = 6.5, S = 6, T = 6.5, U = 2, V = 5, W = 9, X = 1, Y = 7; L = 6.5,
    # M = 6.25, N = 2, O = 5, P = 9, Q = 4; H = 6.5, I = 2, J = 5, K = 9; D = 6.5, E = 3.5, F = G = 9;
    # B = 5, C = 9; root 9, Right
    as_chance = run_json(capsys, "--cs188", minimax_file, "-a", "expectimax")
    assert as_chance["value"] == pytest.approx(9) and as_chance["best_move"] == "Right"
    assert "chance ghosts" in as_chance["source"]


def test_the_tree_is_the_graph_unrolled_with_declared_agents():
    problem, at = read_test(str(DATA / "minimax_3agents.test"))
    built = Cs188Tree.from_options({"cs188": str(DATA / "minimax_3agents.test")}, None)
    assert type(built) is Cs188Tree and len(built) == 47 and not built.alternates
    names = list(built.names)
    assert names[:7] == list("ABCDEFG") and "K~2" in names and built.state_of("K~2") == "K"
    assert [built.player(names.index(name)) for name in "ABDHLR"] == [
        Player.MAX, Player.MIN, Player.MIN, Player.MAX, Player.MIN, Player.MIN,
    ]  # fmt: skip
    assert built.move_value(names.index("C")) == "Right" and built.values[names.index("r1")] == 4.0
    assert problem["successors"][0] == ["A", "Left", "B"] and at("to B").endswith("minimax_3agents.test line 24: ")


def test_a_chance_ghost_draws_each_action_alike():
    tree = Cs188Tree.from_options({"cs188": str(DATA / "expectimax_two_ghosts.test"), "handles_chance": None}, None)
    assert isinstance(tree, Cs188ChanceTree)
    f = tree.names.index("F")
    assert [tree.probability(f, child) for child in tree.children[f]] == [pytest.approx(1 / 3)] * 3
    assert tree.player(f) is Player.CHANCE and tree.player(0) is Player.MAX


def test_a_copy_is_named_clear_of_every_state():
    text = TEMPLATE.format(successors="A Left B\nA Right C\nC Stop B\n", evaluation="B 1\nB~2 2\nC 3\n")
    text = text.replace('depth: "1"', 'depth: "2"')
    tree, _ = parse_test(text, "graph.test")
    built = Cs188Tree.from_spec({**tree, "ghosts": "min"})
    assert list(built.names) == ["A", "B", "C", "B~3"] and built.state_of("B~3") == "B"


def test_a_win_state_with_successors_is_a_leaf():
    tree = Cs188Tree.from_options({"cs188": str(DATA / "win_lose.test")}, None)
    w = tree.names.index("W")
    assert tree.is_terminal(w) and "X" not in tree.names and tree.values[0] == 0


# -- spec, registry, export ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_the_spec_rebuilds_the_tree_without_the_file(tmp_path, name):
    copy = tmp_path / f"{name}.test"
    copy.write_text((DATA / f"{name}.test").read_text())
    tree = Cs188Tree.from_options({"cs188": str(copy)}, None)
    copy.unlink()
    spec = json.loads(json.dumps(tree.spec()))
    assert spec["kind"] == "cs188" and "values" not in spec and spec["file"] == f"{name}.test"
    rebuilt = from_spec(spec)
    assert type(rebuilt) is type(tree) and rebuilt.spec() == tree.spec() and rebuilt.names == tree.names
    full = "expectimax" if isinstance(tree, Cs188ChanceTree) else "minimax"
    assert trace_search(rebuilt, full) == trace_search(tree, full)
    assert slug(spec) == f"cs188-{name}" and getattr(find_game_kind("cs188"), "cli_source", None) == "--cs188"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"ghosts": "maybe"}, "ghosts 'maybe'"),
        ({"root": "min"}, "root 'min'"),
        ({"successors": [["A", "Left"]]}, "successors"),
        ({"evaluation": {"d1": "five"}}, "evaluation"),
        ({"depth": 0}, "depth 0"),
        ({"start_state": "Z"}, "the start state 'Z' has no successors"),
        ({"evaluation": {}}, "the trace's source: successors go to 'd1'"),
    ],
)
def test_a_bad_spec_is_refused_naming_the_field(change, words):
    spec = Cs188Tree.from_options({"cs188": str(DATA / "alphabeta_two_ghosts.test")}, None).spec()
    with pytest.raises(InputError, match=re.escape(words)):
        from_spec({**spec, **change})


@pytest.mark.parametrize("name", FILES)
def test_an_exported_trace_reads_back_with_the_same_answer(capsys, tmp_path, name):
    code, _, err = run_cli(
        capsys, "export", "--cs188", str(DATA / f"{name}.test"), "--format", "json", "--out", str(tmp_path)
    )
    assert code == 0, err
    (saved,) = tmp_path.glob("*.json")
    assert saved.name.startswith(f"cs188-{name}-")
    again = run_json(capsys, "--trace", str(saved))
    first = run_json(capsys, "--cs188", str(DATA / f"{name}.test"))
    assert again == first | {"source": again["source"]}


def test_a_trace_whose_players_break_the_agents_is_refused(capsys, tmp_path):
    run_cli(capsys, "export", "--cs188", str(DATA / "minimax_3agents.test"), "--format", "json", "--out", str(tmp_path))
    (saved,) = tmp_path.glob("*.json")
    data = json.loads(saved.read_text())
    d = next(node["id"] for node in data["nodes"] if node["name"] == "D")
    codes = data["graph"]["codes"]["player"]
    assert codes[data["graph"]["node_columns"]["player"][d]] == "min"
    data["graph"]["node_columns"]["player"][d] = codes.index("max")  # ghost 2 moves at D; MAX fits alternation
    saved.write_text(json.dumps(data))
    code, out, err = run_cli(capsys, "run", "--trace", str(saved))
    assert code == 2 and out == "" and "node 'D') is max, but graph.source declares it min" in err


def test_other_sources_options_and_min_at_the_root_are_refused(capsys):
    path = str(DATA / "tie_at_root.test")
    code, _, err = run_cli(capsys, "run", "--cs188", path, "--levels", "max,min")
    assert code == 2 and "--levels applies only to" in err and "num_agents" in err
    code, _, err = run_cli(capsys, "run", "--cs188", path, "--root", "min")
    assert code == 2 and "Pacman (agent 0, MAX) moves first" in err


# -- bad files: one line, with the line it is about ------------------------------------------------------------

TEMPLATE = """class: "GraphGameTreeTest"
alg: "MinimaxAgent"
depth: "1"
num_agents: "2"
start_state: "A"
win_states: ""
lose_states: ""
successors: \"\"\"
{successors}\"\"\"
evaluation: \"\"\"
{evaluation}\"\"\"
"""
GOOD = {"successors": "A Left B\nA Right C\n", "evaluation": "B 1\nC 2.5\n"}
# line numbers: successors' lines are 9 and 10, evaluation's 13 and 14


def bad_file(**changes: str) -> str:
    return TEMPLATE.format(**(GOOD | changes))


BAD_FILES = {
    "unknown key": (bad_file().replace('lose_states: ""', 'colour: "red"'), "line 7: unknown key 'colour'"),
    "bad successors line": (bad_file(successors="A Left B\nA Right\n"), "line 10: 'A Right' has 2 word(s)"),
    "unknown next state": (bad_file(successors="A Left B\nA Right Z\n"), "line 10: successors go to 'Z'"),
    "no evaluation": (  # C is a lose state: a leaf
        bad_file(successors="A Left B\nA Right C\nC Stop D\n", evaluation="B 1\nD 2\n").replace(
            'lose_states: ""', 'lose_states: "C"'
        ),
        "line 10: state C has no evaluation; add a line `C VALUE` to evaluation",
    ),
    "not a number": (bad_file(evaluation="B 1\nC high\n"), "line 14: the value of C is 'high', not a finite number"),
    "not finite": (bad_file(evaluation="B nan\nC 1\n"), "line 13: the value of B is 'nan'"),
    "depth 0": (bad_file().replace('depth: "1"', 'depth: "0"'), 'line 3: depth is "0"; write a whole number'),
    "depth two": (bad_file().replace('depth: "1"', 'depth: "two"'), 'line 3: depth is "two"'),
    "agents 1.5": (bad_file().replace('num_agents: "2"', 'num_agents: "1.5"'), 'line 4: num_agents is "1.5"'),
    "unterminated": (bad_file().rsplit('"""', 1)[0], 'line 12: the """ block of evaluation is never closed'),
    "start without successors": (
        bad_file().replace('start_state: "A"', 'start_state: "B"'),
        "line 5: the start state 'B' has no successors",
    ),
    "twice": (bad_file() + 'depth: "3"\n', "line 16: depth is given twice (first on line 3)"),
    "not key and value": (bad_file().replace('win_states: ""', "win_states B"), "line 6: cannot read 'win_states B'"),
    "another class": (bad_file().replace("GraphGameTreeTest", "EvalAgentTest"), "line 1: class is 'EvalAgentTest'"),
    "unknown alg": (bad_file().replace("MinimaxAgent", "GreedyAgent"), "line 2: alg is 'GreedyAgent'"),
    "action twice": (bad_file(successors="A Left B\nA Left C\n"), "line 10: state A has action Left twice"),
    "value twice": (bad_file(evaluation="B 1\nB 2\nC 3\n"), "line 14: state B has a second value"),
}


@pytest.mark.parametrize("case", BAD_FILES)
def test_a_bad_file_is_refused_in_one_line_naming_its_line(capsys, tmp_path, case):
    text, words = BAD_FILES[case]
    path = tmp_path / "bad.test"
    path.write_text(text)
    with pytest.raises(InputError) as caught:
        Cs188Tree.from_options({"cs188": str(path)}, None)
    assert str(caught.value).startswith(f"{path} line ") and words in str(caught.value)
    code, out, err = run_cli(capsys, "run", "--cs188", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("visualizer: error: ") and words in err


def test_a_good_file_of_the_template_reads_with_comments_blank_lines_and_crlf(tmp_path):
    path = tmp_path / "good.test"
    path.write_bytes(bad_file(successors="A Left B   # the first\n\nA Right C\n").replace("\n", "\r\n").encode())
    problem, _ = read_test(str(path))
    assert problem["successors"] == [["A", "Left", "B"], ["A", "Right", "C"]]
    assert problem["evaluation"] == {"B": 1, "C": 2.5} and problem["file"] == "good.test"


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda folder: folder / "missing.test", "no CS188 test file"),
        (lambda folder: folder, "is a folder, not a file"),
    ],
    ids=["missing", "folder"],
)
def test_a_file_that_cannot_be_read_is_refused(capsys, tmp_path, make, words):
    code, out, err = run_cli(capsys, "run", "--cs188", str(make(tmp_path)))
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err and "Traceback" not in err


def test_a_missing_key_is_named():
    with pytest.raises(InputError, match=r"bad.test has no evaluation; add a line evaluation: "):
        parse_test(bad_file().split("evaluation:")[0], "bad.test")


def _random_test(rng: random.Random, alg: str) -> str:
    """A random graph-game test: states s0..sN, each linked only to later states (a graph, not always a tree:
    a state may be reached twice), every state valued, some of them win or lose states."""
    count = rng.randint(4, 14)
    lines = []
    for state in range(count - 1):
        for action in ("Left", "Center", "Right")[: rng.randint(0 if state else 1, 3)]:
            lines.append(f"s{state} {action} s{rng.randint(state + 1, count - 1)}")
    values = "\n".join(
        f"s{state} {rng.choice([rng.randint(-9, 9), rng.randint(-9, 9) + 0.5])}" for state in range(count)
    )
    ends = [f"s{state}" for state in range(1, count) if rng.random() < 0.15]
    half = len(ends) // 2
    return (
        f'alg: "{alg}"\ndepth: "{rng.randint(1, 2)}"\nnum_agents: "{rng.randint(1, 3)}"\nstart_state: "s0"\n'
        f'win_states: "{" ".join(ends[:half])}"\nlose_states: "{" ".join(ends[half:])}"\n'
        f'successors: """\n{chr(10).join(lines)}\n"""\nevaluation: """\n{values}\n"""\n'
    )


@pytest.mark.parametrize("alg", ["MinimaxAgent", "AlphaBetaAgent", "ExpectimaxAgent"])
def test_random_graph_games_agree_with_the_reference(capsys, tmp_path, alg):
    rng = random.Random(f"cs188-{alg}")
    for number in range(40):
        text = _random_test(rng, alg)
        path = tmp_path / f"random{number}.test"
        path.write_text(text, encoding="utf-8")
        result = run_json(capsys, "--cs188", str(path))
        value, action, generated = reference(text)
        assert (result["value"], result["best_move"], result["generated_states"]) == (value, action, generated), text
