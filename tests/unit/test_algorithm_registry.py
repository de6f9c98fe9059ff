"""Tests the algorithm registry: the built-ins' records, lookup by alias, and a toy registered from here.

The toy is minimax that tries the children right to left. On the built-in example (root MIN):

                      A(1)
              B(3)              C(5)
          D(5)    E(3)      F(1)    G(2)
         H6 I7   J3 K4     L2 M8   N1 O2

it visits A C G O N F M L B E K J D I H. G = min(2, 1) = 1, F = min(8, 2) = 2, C (MAX) = max(1, 2) = 2;
E = min(4, 3) = 3, D = min(7, 6) = 6, B = max(3, 6) = 6; A (MIN) = min(2, 6) = 2, reached through C,
which it tried first.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.cli_helpers import run_cli
from tests.toys import TOY, right_to_left_minimax  # noqa: E402
from visualizer.cli.render import run_text
from visualizer.errors import InputError
from visualizer.games import builtin_example
from visualizer.readwrite.trace_json import write_json
from visualizer.search import (
    ALGORITHMS,
    REGISTRY,
    Algorithm,
    alphabeta,
    find_algorithm,
    minimax,
    negamax,
    negamax_ab,
    parse_algorithm,
    register,
    registered,
    search,
    trace_search,
    unregister,
)
from visualizer.tracing.traits import UNKNOWN_TRAITS, AlgorithmTraits, traits_of


@pytest.fixture
def toy() -> Iterator[Algorithm]:
    """The toy, registered with an alias for the length of one test."""
    record = Algorithm(TOY, right_to_left_minimax, windowed=False, movers_view=False, aliases=("rtl",))
    with registered(record):
        yield record
    assert TOY not in ALGORITHMS  # removed again, so the other tests see the four built-ins


# -- the built-ins --------------------------------------------------------------------


BUILT_INS = ("minimax", "alphabeta", "negamax", "negamax-ab", "expectimax", "star1", "id", "pvs", "mtdf", "mcts")
"""The built-in algorithms, in the order users meet them."""


def test_the_built_ins_in_order_with_their_traits() -> None:
    assert tuple(ALGORITHMS) == BUILT_INS
    expected = {  # name: (function, windowed, movers_view)
        "minimax": (minimax, False, False),
        "alphabeta": (alphabeta, True, False),
        "negamax": (negamax, False, True),
        "negamax-ab": (negamax_ab, True, True),
    }
    for name, (function, windowed, movers_view) in expected.items():
        record = REGISTRY[name]
        assert (record.name, record.recursive, record.windowed, record.movers_view) == (
            name,
            function,
            windowed,
            movers_view,
        )
        assert record.accepts_strict is windowed  # only the pruning ones take the cut rule
        assert record.accepts_depth
        assert record.iterative is not None
        assert traits_of(name) == AlgorithmTraits(windowed=windowed, movers_view=movers_view)
    assert {name for name in REGISTRY if traits_of(name).movers_view} == {"negamax", "negamax-ab", "pvs"}
    assert {name for name in BUILT_INS if REGISTRY[name].handles_chance} == {"expectimax", "star1"}
    assert {name for name in BUILT_INS if traits_of(name).revisits} == {"pvs", "mcts"}
    assert {name for name in BUILT_INS if REGISTRY[name].estimates} == {"mcts"}


def test_names_are_found_by_alias_case_and_underscore() -> None:
    assert find_algorithm("alpha-beta") is REGISTRY["alphabeta"]
    assert find_algorithm("AB") is REGISTRY["alphabeta"]
    assert find_algorithm(" Negamax_Alpha_Beta ") is REGISTRY["negamax-ab"]
    assert find_algorithm("negamaxab") is REGISTRY["negamax-ab"]
    assert parse_algorithm("MINIMAX") == "minimax"


def test_an_unknown_name_is_one_line_listing_the_choices() -> None:
    with pytest.raises(InputError) as raised:
        find_algorithm("expectiminimaxx")
    assert str(raised.value) == f"unknown algorithm 'expectiminimaxx'; choose one of {', '.join(BUILT_INS)}"


def test_a_taken_name_or_alias_is_refused_and_changes_nothing() -> None:
    before = (tuple(ALGORITHMS), dict(REGISTRY))
    with pytest.raises(ValueError, match="'minimax' is taken by minimax"):
        register(Algorithm("minimax", right_to_left_minimax, windowed=False, movers_view=False))
    with pytest.raises(ValueError, match="'ab' is taken by alphabeta"):
        register(Algorithm(TOY, right_to_left_minimax, windowed=False, movers_view=False, aliases=("rtl", "ab")))
    with pytest.raises(ValueError, match="lower case with hyphens"):
        register(Algorithm("Right_Minimax", right_to_left_minimax, windowed=False, movers_view=False))
    with pytest.raises(ValueError, match="twice"):
        register(Algorithm(TOY, right_to_left_minimax, windowed=False, movers_view=False, aliases=(TOY,)))
    assert (tuple(ALGORITHMS), dict(REGISTRY)) == before
    with pytest.raises(InputError):
        find_algorithm("rtl")  # the refused toy's alias was not left behind


def test_a_trace_read_in_a_fresh_process_knows_its_traits(tmp_path) -> None:
    # The reader gives the trace its algorithm's traits; tracing itself never imports search.
    path = tmp_path / "negamax.json"
    write_json(trace_search(builtin_example(), "negamax-ab"), path)
    code = (
        "import sys; from visualizer.readwrite import read_json; "
        f"trace = read_json({str(path)!r}); "
        "print(trace.traits.movers_view, trace.traits.windowed, trace.is_negamax)"
    )
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "True True True"
    code = "import sys, visualizer.tracing; print(sorted(m for m in sys.modules if m.startswith('visualizer.search')))"
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


# -- a toy registered from a test -------------------------------------------------------


def test_a_registered_toy_is_found_and_listed(toy: Algorithm, capsys: pytest.CaptureFixture[str]) -> None:
    assert find_algorithm("Right_Minimax") is toy
    assert find_algorithm("rtl") is toy
    assert tuple(ALGORITHMS) == (*BUILT_INS, TOY)
    assert ALGORITHMS.index(TOY) == len(BUILT_INS)
    with pytest.raises(InputError, match=f"choose one of {', '.join(BUILT_INS)}, right-minimax$"):
        find_algorithm("expectiminimaxx")
    # The parser is built after the registration, so its help lists the toy (argparse may wrap at any space or "-").
    code, out, _ = run_cli(capsys, "run", "--help")
    assert code == 0
    assert f"oneof{','.join(BUILT_INS)},right-minimax(alphabeta)" in "".join(out.split())


def test_the_toy_runs_and_its_trace_has_its_traits(toy: Algorithm) -> None:
    trace = trace_search(builtin_example(), TOY)
    assert trace.algorithm == TOY
    assert trace.names(trace.summary.visit_order) == list("ACGONFMLBEKJDIH")
    assert trace.summary.value == 2
    assert {name: trace.node(name).value for name in "BCDEFG"} == {"B": 6, "C": 2, "D": 6, "E": 3, "F": 2, "G": 1}
    assert trace.summary.best_move == "C"
    assert trace.summary.cutoffs == () and trace.summary.pruned == ()
    assert traits_of(TOY) == AlgorithmTraits(windowed=False, movers_view=False)
    assert not trace.is_negamax
    # Readers go by the traits: no window, so no cut rule in the header.
    assert run_text(trace).splitlines()[0] == f"{TOY} | array tree, 15 nodes, branching 2 | root MIN | full depth"


def test_the_toy_runs_from_the_command_line(toy: Algorithm, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "run", "-a", "rtl")
    assert (code, err) == (0, "")
    assert out.splitlines()[1].split() == ["visit", "order:", *"ACGONFMLBEKJDIH"]


def test_iterative_is_refused_in_one_line_for_the_toy(toy: Algorithm, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(InputError) as raised:
        trace_search(builtin_example(), TOY, iterative=True)
    assert str(raised.value) == "right-minimax has no explicit-stack version; drop --iterative"
    code, out, err = run_cli(capsys, "run", "-a", TOY, "--iterative")
    assert (code, out) == (2, "")
    assert err == "visualizer: error: right-minimax has no explicit-stack version; drop --iterative\n"


def test_unregistering_forgets_the_name_and_its_traits() -> None:
    record = register(Algorithm(TOY, right_to_left_minimax, windowed=False, movers_view=False, aliases=("rtl",)))
    assert unregister(TOY) is record
    assert TOY not in ALGORITHMS and traits_of(TOY) == UNKNOWN_TRAITS
    with pytest.raises(InputError):
        find_algorithm("rtl")
    register(record)  # the name and alias are free again
    unregister(TOY)


def test_an_algorithm_without_a_look_ahead_refuses_depth() -> None:
    record = Algorithm(
        TOY,
        lambda game, *, tracer: right_to_left_minimax(game, tracer=tracer),
        windowed=False,
        movers_view=False,
        accepts_depth=False,
    )
    with registered(record):
        assert search(builtin_example(), TOY) == 2
        with pytest.raises(InputError, match="^right-minimax always searches to the end; drop --depth$"):
            search(builtin_example(), TOY, depth=2)


def test_passes_are_weighed_against_alphabeta_for_a_search_that_deepens_whatever_its_name() -> None:
    from dataclasses import replace

    from tests.toys import TOY_DEEPENING
    from visualizer.cli.render import run_json

    assert [algorithm.name for algorithm in REGISTRY.values() if algorithm.deepens] == ["id"]
    assert [algorithm.name for algorithm in REGISTRY.values() if algorithm.baseline] == ["minimax"]
    # At look-ahead 1 the toy makes one pass. Alpha-beta alone at look-ahead 1 on the built-in example enters
    # A, B and C and evaluates B and C: 3 nodes, 2 leaves.
    with registered(TOY_DEEPENING):
        plain = run_json(trace_search(builtin_example(), TOY_DEEPENING.name, depth=1))
    with registered(replace(TOY_DEEPENING, deepens=True)):
        deepening = run_json(trace_search(builtin_example(), TOY_DEEPENING.name, depth=1))
    assert "passes" not in plain and "alphabeta_alone" not in plain
    assert len(deepening["passes"]) == 1
    assert deepening["alphabeta_alone"] == {"depth": 1, "nodes_visited": 3, "leaves_evaluated": 2}
