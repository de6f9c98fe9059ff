"""Tests the sandbox that runs a student's own search: what it records, and how it stops runaway code."""

from __future__ import annotations

import math
import os
import re
from pathlib import Path
from types import ModuleType

import pytest

from visualizer.errors import InputError
from visualizer.games import builtin_example
from visualizer.games.base import Player
from visualizer.games.random_tree import random_tree
from visualizer.grading import worker
from visualizer.grading.record import Call, PlainNode, RecordedFunction, plain_tree, recorded_from_string
from visualizer.grading.sandbox import run_student
from visualizer.search import trace_search

STUDENTS = Path(__file__).resolve().parents[1] / "students"
INF = math.inf


def student(name: str) -> str:
    return str(STUDENTS / name)


def example() -> PlainNode:
    return plain_tree(trace_search(builtin_example(), "minimax"))


def leaf(name: str, value: int) -> PlainNode:
    return PlainNode(name, value)


def inner(name: str, *children: PlainNode) -> PlainNode:
    return PlainNode(name, None, children)


def reference(node: PlainNode, alpha, beta, maximizing: bool, strict: bool, calls: list) -> float:
    """A plain fail-soft alpha-beta (cut on alpha >= beta, or alpha > beta when strict), logging each call."""
    entry = [node.name, alpha, beta, maximizing, None]
    calls.append(entry)
    if not node.children:
        entry[4] = node.value
        return node.value
    best = -INF if maximizing else INF
    for child in node.children:
        value = reference(child, alpha, beta, not maximizing, strict, calls)
        if maximizing:
            best = max(best, value)
            if best > beta or (best == beta and not strict):
                break
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            if best < alpha or (best == alpha and not strict):
                break
            beta = min(beta, best)
    entry[4] = best
    return best


def random_trees(count: int) -> tuple[list[PlainNode], list[bool], list]:
    shapes = [(2, 3), (3, 3), (2, 4), (4, 2), (3, 4)]
    traces = []
    for seed in range(count):
        branching, depth = shapes[seed % len(shapes)]
        game = random_tree(
            depth=depth,
            branching=branching,
            value_range=(-3, 3),
            seed=seed,
            root=Player.MIN if seed % 2 else Player.MAX,
        )
        traces.append(trace_search(game, "minimax"))
    return [plain_tree(trace) for trace in traces], [trace.root_player is Player.MAX for trace in traces], traces


def workers_left() -> list[str]:
    """Worker processes whose parent is this test process (there should be none after a run)."""
    left = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                status = (entry / "status").read_text()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            parent = next(line.split()[1] for line in status.splitlines() if line.startswith("PPid:"))
            if int(parent) == os.getpid() and b"worker.py" in command:
                left.append(entry.name)
    return left


EXAMPLE_CALLS = (
    Call("A", -INF, INF, False, 2),
    Call("B", -INF, INF, True, 6),
    Call("D", -INF, INF, False, 6),
    Call("H", -INF, INF, True, 6),
    Call("I", -INF, 6, True, 7),
    Call("E", 6, INF, False, 3),
    Call("J", 6, INF, True, 3),
    Call("C", -INF, 6, True, 2),
    Call("F", -INF, 6, False, 2),
    Call("L", -INF, 6, True, 2),
    Call("M", -INF, 2, True, 8),
    Call("G", 2, 6, False, 1),
    Call("N", 2, 6, True, 1),
)
"""Fail-soft alpha-beta's calls on the 15-node example (root MIN), checked by hand."""


def test_correct_on_the_example_records_the_hand_checked_visits_windows_and_values():
    [run] = run_student(student("correct.py"), "alphabeta", [example()], [False])
    assert run.failure is None
    assert run.value == 2
    assert run.touches == tuple("ABDHIEJCFLMGN")
    assert run.calls == EXAMPLE_CALLS


@pytest.mark.parametrize("name, strict", [("correct.py", False), ("correct_strict.py", True)])
def test_correct_students_match_a_plain_alphabeta_and_the_engine_on_random_trees(name, strict):
    trees, flags, traces = random_trees(30)
    done = []
    runs = run_student(student(name), "alphabeta", trees, flags, progress=lambda *pair: done.append(pair))
    assert done == [(index + 1, 30) for index in range(30)]
    for tree, maximizing, trace, run in zip(trees, flags, traces, runs):
        calls: list = []
        value = reference(tree, -INF, INF, maximizing, strict, calls)
        assert run.failure is None
        assert run.value == value == trace.root.value
        assert run.calls == tuple(Call(*entry) for entry in calls)
        assert run.touches == tuple(entry[0] for entry in calls)
    # Values -3..3 make ties, so the other convention visits differently on some tree: the test tells them apart.
    assert any(list(run.touches) != _touches(tree, flag, not strict) for tree, flag, run in zip(trees, flags, runs))


def _touches(tree: PlainNode, maximizing: bool, strict: bool) -> list[str]:
    calls: list = []
    reference(tree, -INF, INF, maximizing, strict, calls)
    return [entry[0] for entry in calls]


def test_the_engines_visit_order_is_what_the_correct_student_touches():
    trees, flags, _ = random_trees(10)
    runs = run_student(student("correct.py"), "alphabeta", trees, flags)
    for seed, run in enumerate(runs):
        branching, depth = [(2, 3), (3, 3), (2, 4), (4, 2), (3, 4)][seed % 5]
        game = random_tree(
            depth=depth,
            branching=branching,
            value_range=(-3, 3),
            seed=seed,
            root=Player.MIN if seed % 2 else Player.MAX,
        )
        engine = trace_search(game, "alphabeta")
        assert run.touches == tuple(engine.nodes[node].name for node in engine.summary.visit_order)


def test_a_loop_without_end_is_stopped_and_the_next_tree_still_runs():
    done = []
    runs = run_student(
        student("loops_forever.py"),
        "alphabeta",
        [example(), leaf("Z", 4)],
        [False, True],
        timeout=1,
        progress=lambda *pair: done.append(pair),
    )
    assert runs[0].failure == "timeout"
    assert runs[0].message == "stopped after 1 s: it ran longer than --timeout"
    assert runs[1].failure is None and runs[1].value == 4 and runs[1].touches == ("Z",)
    assert done == [(1, 2), (2, 2)]
    assert workers_left() == []


def test_a_memory_hog_is_stopped_and_reported():
    runs = run_student(
        student("eats_memory.py"), "alphabeta", [leaf("A", 1), leaf("B", 2)], [True, True], memory_mb=128, timeout=20
    )
    for run, name in zip(runs, "AB"):
        assert run.failure == "memory"
        assert run.message.startswith("it used more memory than the limit (128 MB; --memory)\n")
        assert "MemoryError" in run.message and "eats_memory.py" in run.message
        assert run.touches == (name,)
    assert workers_left() == []


def test_an_exception_shows_only_the_students_own_traceback():
    [run] = run_student(student("raises.py"), "alphabeta", [example()], [False])
    assert run.failure == "error"
    assert run.touches == tuple("ABDH")
    assert [call.node for call in run.calls] == list("ABDH")
    assert [call.returned for call in run.calls] == [None, None, None, 6]  # H returned; the rest raised
    assert 'raises.py", line 15, in alphabeta' in run.message
    assert "value = value + child.name" in run.message
    assert run.message.endswith("TypeError: unsupported operand type(s) for +: 'int' and 'str'")
    assert "visualizer/grading" not in run.message and "worker" not in run.message


def test_recursion_without_end_is_a_recursion_failure_not_a_crash():
    [run] = run_student(student("recurses_forever.py"), "alphabeta", [example()], [False])
    assert run.failure == "recursion"
    assert run.message.startswith("the recursion went deeper than the limit (10,000 calls; --recursion)\n")
    assert run.message.endswith("RecursionError: maximum recursion depth exceeded")
    assert "recurses_forever.py" in run.message and "worker" not in run.message
    assert run.touches == ("A",)


def test_printing_does_not_disturb_the_report_and_is_kept():
    [run] = run_student(student("prints_a_lot.py"), "alphabeta", [example()], [False])
    assert run.failure is None and run.value == 2
    assert run.touches == tuple("ABDHIEJCFLMGN")
    assert run.extra["output"].startswith("visiting A alpha -inf beta inf\n{not json at all\n")
    assert len(run.extra["output"]) <= 2000
    assert "Node('H')" in run.extra["output"]  # repr shows the name...
    assert run.touches.count("H") == 1  # ...without counting as a touch


def test_exits_are_crashes_and_the_next_tree_still_runs():
    trees = [inner("A", leaf("B", 9)), inner("A", leaf("B", 1), leaf("C", 2)), inner("A", leaf("B", 5))]
    runs = run_student(student("exits.py"), "alphabeta", trees, [True, True, True])
    assert runs[0].failure == "crashed" and "exit status 3" in runs[0].message
    assert runs[1].failure is None and runs[1].value == 2 and runs[1].touches == ("A", "B", "C")
    assert runs[2].failure == "crashed" and "exit('five!')" in runs[2].message
    assert 'exits.py", line 10, in alphabeta' in runs[2].message
    assert workers_left() == []


@pytest.mark.parametrize(
    "name, expected",
    [
        ("syntax_error.py", "syntax_error.py line 1: expected ':'"),
        ("no_function.py", "no_function.py defines no function alphabeta (it defines alpha_beta, helper)"),
        (
            "wrong_signature.py",
            (
                "wrong_signature.py line 1: alphabeta(node, depth) cannot be called as "
                "alphabeta(node, alpha, beta, maximizing)"
            ),
        ),
        ("minimax_correct.py", "minimax_correct.py defines no function alphabeta (it defines minimax)"),
    ],
)
def test_files_that_cannot_be_used_are_refused_in_one_line(name, expected):
    with pytest.raises(InputError) as caught:
        run_student(student(name), "alphabeta", [example()], [False])
    assert expected in str(caught.value)
    assert "\n" not in str(caught.value)


def test_bad_paths_and_limits_are_refused_in_one_line(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("def alphabeta(node, alpha, beta, maximizing): return 0\n")
    cases = [
        (tmp_path / "missing.py", {}, "no such file"),
        (tmp_path, {}, "is a folder"),
        (text, {}, "is not a Python file (.py)"),
        (student("correct.py"), {"timeout": -1}, "--timeout is -1; give a number from 0.001 to 3,600"),
        (student("correct.py"), {"memory_mb": 10}, "--memory is 10; give a number from 64 to 65,536"),
        (student("correct.py"), {"algorithm": "negamax"}, "choose alphabeta or minimax"),
    ]
    for path, options, expected in cases:
        with pytest.raises(InputError, match=re.escape(expected)):
            run_student(path, "alphabeta", [example()], [False], **options)


def test_minimax_mode_calls_f_node_maximizing():
    [run] = run_student(student("minimax_correct.py"), "minimax", [example()], [False], algorithm="minimax")
    assert run.value == 2
    assert run.touches == tuple("ABDHIEJKCFLMGNO")
    assert [(call.node, call.alpha, call.beta, call.maximizing) for call in run.calls[:4]] == [
        ("A", None, None, False),
        ("B", None, None, True),
        ("D", None, None, False),
        ("H", None, None, True),
    ]
    assert [call.returned for call in run.calls] == [2, 6, 6, 6, 7, 3, 3, 4, 2, 2, 2, 8, 1, 1, 2]  # E = min(3, 4)


def test_helper_functions_record_touches_but_only_the_top_call():
    [run] = run_student(student("helper_functions.py"), "alphabeta", [example()], [False])
    assert run.touches == tuple("ABDHIEJCFLMGN")
    assert run.calls == (Call("A", -INF, INF, False, 2),)
    assert run.value == 2
    assert run.extra["helpers"] == ["max_value", "min_value"]  # what --record would name


def test_recorded_helpers_calls_are_the_functions_own_and_the_dispatch_on_the_root_is_one_call():
    path = student("helper_functions.py")
    [run] = run_student(path, "alphabeta", [example()], [False], record="max_value,min_value")
    assert run.touches == tuple("ABDHIEJCFLMGN")
    assert run.calls == EXAMPLE_CALLS  # alphabeta(A) dispatched to min_value(A): one call on A
    assert "helpers" not in run.extra


def run_in_process(name: str, tree: PlainNode, maximizing: bool, record: str = "") -> dict:
    """The worker's run of a trusted student file of ours, in this process (no sandbox: no subprocess)."""
    path = student(name)
    module = ModuleType("student")
    exec(compile(Path(path).read_text(), path, "exec"), module.__dict__)  # noqa: S102 (our own test file)
    recorded = [function.to_json() for function in recorded_from_string(record)] if record else []
    job = {"path": path, "display": name, "function": "alphabeta", "record": recorded, "memory_mb": 512}
    width = worker.record_calls(module, job)
    return worker.run_tree(job, module, width, worker.build(tree.to_json()), maximizing)


@pytest.mark.parametrize(
    "record, leaves",
    [
        ("value=agentIndex==0", True),  # value() searches every node, the leaves included
        ("max_value,min_value", False),  # found by name: gameState, alpha, beta; MAX and MIN by the names
        ("max_value(gameState,alpha,beta)=max,min_value(gameState,alpha,beta)=min", False),
        ("value(gameState,alpha,beta)=agentIndex==0,max_value,min_value", True),  # value(X) -> max_value(X): one call
    ],
)
def test_the_map_of_a_helpers_arguments_by_name_or_given(record, leaves):
    calls: list = []
    value = reference(example(), -INF, INF, False, True, calls)  # CS188 cuts only past the bound
    run = run_in_process("cs188_shape.py", example(), False, record)
    assert run["failure"] is None and run["value"] == value == 2
    assert run["calls"] == [entry for entry in calls if leaves or entry[0] in "ABCDEFG"]


@pytest.mark.parametrize(
    "record, expected",
    [
        ("minimax", "cs188_shape.py defines no function minimax (--record minimax); it defines alphabeta, max_value"),
        ("math", "cs188_shape.py: math is a module, not a function"),
        ("value", "value(gameState, depth, agentIndex, alpha, beta): is its node MAX or MIN?"),
        ("value=turn", "value(gameState, depth, agentIndex, alpha, beta) has no parameter turn"),
        ("max_value(state,alpha,beta)", "max_value(gameState, depth, agentIndex, alpha, beta) has no parameter state"),
    ],
)
def test_a_recorded_name_that_cannot_be_used_is_refused_in_one_line(record, expected):
    with pytest.raises(worker.Unusable, match=re.escape(expected)):
        run_in_process("cs188_shape.py", example(), False, record)


def test_the_helpers_that_recurse_are_found_for_the_hint():
    found = {}
    for name in ("helper_functions.py", "cs188_shape.py", "correct.py"):
        module = ModuleType("student")
        exec(compile(Path(student(name)).read_text(), name, "exec"), module.__dict__)  # noqa: S102 (ours)
        found[name] = worker.recursing_helpers(module, "alphabeta", {"max_value"})
    assert found == {"helper_functions.py": ["min_value"], "cs188_shape.py": ["value", "min_value"], "correct.py": []}


def test_record_syntax_round_trips_and_mistakes_are_one_line():
    text = "max_value(state,alpha,beta)=max,value=agentIndex==0,is_max_node=player=='MAX',min_value"
    recorded = recorded_from_string(text)
    assert recorded == (
        RecordedFunction("max_value", ("state", "alpha", "beta"), "max"),
        RecordedFunction("value", (), "agentIndex", 0),
        RecordedFunction("is_max_node", (), "player", "MAX"),
        RecordedFunction("min_value"),
    )
    assert ",".join(function.to_string() for function in recorded) == text
    assert recorded_from_string("value=player==MAX")[0].equals == "MAX"  # a bare word is a string
    for wrong in ("", "max_value(", "max_value()", "max value", "f=", "f=x==[1]", "1f", "f,f"):
        with pytest.raises(InputError) as caught:
            recorded_from_string(wrong)
        assert "\n" not in str(caught.value) and "--record" in str(caught.value)
    for record, expected in [
        ("alphabeta", "--record alphabeta: alphabeta is the graded function, recorded anyway"),
        ("max_value(state)", "--record max_value(state): name (NODE,ALPHA,BETA) for alphabeta"),
    ]:
        with pytest.raises(InputError, match=re.escape(expected)):  # before any process starts
            run_student(student("helper_functions.py"), "alphabeta", [example()], [False], record=record)
