"""The compiled code (`tracing/_speedups.c`) does exactly what the Python code does: the light hooks, `sync`'s
replay, `ChildIndex`."""

import copy
import json
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from object_recorder import ObjectRecorder

from visualizer.games import ConnectFour, Nim, Player, TicTacToe
from visualizer.errors import NodeBudgetExceeded
from visualizer.export.dot_pieces import interleave
from visualizer.search import REGISTRY, search, trace_search
from visualizer.tracing import Recorder, native
from visualizer.tracing.native import speedups
from visualizer.tracing.recording_hooks import ENTER, EVALUATE, EXIT, _actions
from visualizer.tracing.trace_columns import ChildIndex

pytestmark = pytest.mark.skipif(speedups() is None,
                                reason="the compiled loops are not built here (no C compiler at install)")

GAMES = {
    "tictactoe": lambda: TicTacToe("X.O/.X./..O"),
    "tictactoe-wide": lambda: TicTacToe("X...O...."),
    "tictactoe-min-root": lambda: TicTacToe("XO./.../...", root=Player.MIN),
    "tictactoe-symmetry": lambda: TicTacToe("X........", symmetry=True),
    "nim": lambda: Nim(7, rules="normal"),
    "nim-misere": lambda: Nim(6),
    "connect4": lambda: ConnectFour(rows=4, cols=4, connect=3),
}
"""Games only: explicit trees, and searches that revisit nodes, never take the compiled path."""

VERSIONS = [(name, iterative) for name, record in REGISTRY.items()
            for iterative in ((False, True) if record.iterative is not None else (False,))]


def filed_log(game, algorithm, *, pure, monkeypatch, **options):
    """Every list of the search log of one search, after `sync` filed it (the compiled or the Python loop)."""
    with monkeypatch.context() as patch:
        if pure:
            patch.setenv("VISUALIZER_PURE_PYTHON", "1")
        else:
            patch.delenv("VISUALIZER_PURE_PYTHON", raising=False)
        recorder = Recorder()
        search(game, algorithm, tracer=recorder, **options)
        recorder.sync()
    rec = recorder.recording
    fields = {key: copy.copy(value) for key, value in vars(rec).items()}
    return fields, recorder


def assert_same_log(game_maker, algorithm, monkeypatch, **options):
    compiled, recorder = filed_log(game_maker(), algorithm, pure=False, monkeypatch=monkeypatch, **options)
    python, _ = filed_log(game_maker(), algorithm, pure=True, monkeypatch=monkeypatch, **options)
    assert len(compiled["event_kind"]) > 0
    assert set(compiled) == set(python)
    for field in compiled:
        assert compiled[field] == python[field], field
    return recorder


@pytest.mark.parametrize("algorithm, iterative", VERSIONS,
                         ids=[f"{name}-{'iterative' if iterative else 'recursive'}" for name, iterative in VERSIONS])
@pytest.mark.parametrize("source", GAMES)
def test_the_speedups_files_every_list_as_the_python_loop(source, algorithm, iterative, monkeypatch):
    depth = 3 if source == "connect4" else None
    assert_same_log(GAMES[source], algorithm, monkeypatch, depth=depth, iterative=iterative)


def test_the_full_trace_of_a_shared_pass_goes_through_the_compiled_loop(monkeypatch):
    recorder = assert_same_log(lambda: TicTacToe("X.O/.X./..O"), "alphabeta", monkeypatch)
    rec = recorder.recording
    assert rec.shares_entered and rec.cutoffs  # the compiled loop's cases: openings, values, windows, cut-offs
    assert isinstance(rec.event_node, array) and len(rec.event_node) == len(rec.event_kind)


@settings(max_examples=30)
@given(
    order=st.permutations(range(9)),
    moves=st.integers(2, 4),  # no line yet, and 7 empty squares at most: a few thousand nodes
    algorithm=st.sampled_from(["minimax", "alphabeta", "negamax", "negamax-ab", "pvs", "mtdf"]),
    depth=st.sampled_from([None, 1, 2, 3]),
)
def test_random_positions_file_the_same(order, moves, algorithm, depth):
    cells = ["."] * 9
    for turn, square in enumerate(order[:moves]):  # X and O take turns: always a position of the game
        cells[square] = "XO"[turn % 2]
    board = "".join(cells)
    with pytest.MonkeyPatch.context() as patch:
        assert_same_log(lambda: TicTacToe(board), algorithm, patch, depth=depth)


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "pvs"])
def test_the_python_loop_still_matches_the_object_recorder(algorithm, monkeypatch):
    # The two loops agree (above) and the compiled one meets the object recorder in
    # test_recorder_columns; this keeps the Python loop checked on its own against the oracle too.
    monkeypatch.setenv("VISUALIZER_PURE_PYTHON", "1")
    recorder = Recorder()
    search(TicTacToe("X.O/.X./..."), algorithm, tracer=recorder)
    trace = recorder.result()
    oracle = ObjectRecorder()
    search(TicTacToe("X.O/.X./..."), algorithm, tracer=oracle)
    expected = oracle.result()
    assert list(trace.events) == list(expected.events)
    assert list(trace.nodes) == list(expected.nodes)


def test_a_log_that_does_not_add_up_raises_instead_of_crashing():
    compiled = speedups()
    recorder = Recorder()
    recorder.begin(TicTacToe("X.O/.X./..O"), algorithm="minimax", depth_limit=None, strict=False)
    rec = recorder.recording
    rec.event_kind.extend([ENTER, EXIT, EXIT])  # one node opened, two closed
    rec.entered_states.append(None)
    rec.values.append(None)
    rec.logged_values.extend([1, 1])
    with pytest.raises(RuntimeError, match="outside every node"):
        compiled.replay(rec, 0, 3, 0, 0, 0, 0, -1, False, _actions(compiled))
    rec.event_kind[2:] = bytes([EVALUATE])
    rec.logged_values.pop()
    rec.logged_values.pop()  # a value fewer than the events need
    with pytest.raises(RuntimeError, match="fewer values"):
        compiled.replay(rec, 0, 3, 0, 0, 0, 0, -1, False, _actions(compiled))
    with pytest.raises(IndexError, match="not in the log"):
        compiled.replay(rec, 0, 99, 0, 0, 0, 0, -1, False, _actions(compiled))
    with pytest.raises(TypeError):
        compiled.replay(rec, 0, 1)


def test_a_build_older_than_its_source_is_not_used(tmp_path, monkeypatch):
    assert not native.is_stale()  # rebuild with `pip install -e .` after changing _speedups.c
    changed = tmp_path / "_speedups.c"
    changed.write_text(native.SOURCE.read_text() + "\n/* changed */\n")
    monkeypatch.setattr(native, "SOURCE", changed)
    native.is_stale.cache_clear()
    try:
        assert native.is_stale()
        assert speedups() is None
    finally:
        monkeypatch.undo()
        native.is_stale.cache_clear()
    assert speedups() is not None


def test_the_switch_runs_the_python_loop(monkeypatch):
    monkeypatch.setenv("VISUALIZER_PURE_PYTHON", "1")
    assert speedups() is None


@settings(max_examples=60)
@given(st.lists(st.integers(0, 10_000), max_size=300))
def test_the_compiled_child_index_groups_children_as_the_python_sort(draws):
    parents = [None] + [draw % (node + 1) for node, draw in enumerate(draws)]  # each parent comes before its child
    compiled = ChildIndex(parents)
    assert "_edges" in vars(compiled)  # the compiled path made them
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VISUALIZER_PURE_PYTHON", "1")
        python = ChildIndex(parents)
    assert "_edges" not in vars(python)
    assert (compiled.ids, compiled.starts) == (python.ids, python.starts)
    assert compiled.edges() == python.edges()
    assert list(compiled) == list(python) == [tuple(child for child in range(1, len(parents)) if parents[child] == node)
                                              for node in range(len(parents))]


def test_a_parent_that_is_no_node_leaves_the_child_index_to_python():
    with pytest.raises(ValueError, match="node 2 has no parent"):
        speedups().child_index([None, 0, 7])
    with pytest.raises(TypeError):
        speedups().child_index((None, 0))
    assert list(ChildIndex([None, 0, 7])) == [(1,), (), ()]  # as the Python sort has it: 7 is no node here


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "python"])
def test_both_hooks_check_the_budget_and_report_progress_alike(pure, monkeypatch):
    if pure:
        monkeypatch.setenv("VISUALIZER_PURE_PYTHON", "1")
    seen = []
    trace_search(TicTacToe("X........"), "minimax", progress=seen.append)
    assert seen == [25_000, 50_000]  # 59,705 nodes below X in the corner
    with pytest.raises(NodeBudgetExceeded, match="passed 100 nodes"):
        trace_search(TicTacToe(), "minimax", max_nodes=100)
    game = TicTacToe("X.O/.X./...")
    entered = len(trace_search(game, "alphabeta").summary.visit_order)  # skipped children are not counted
    assert trace_search(TicTacToe("X.O/.X./..."), "alphabeta", max_nodes=entered)
    with pytest.raises(NodeBudgetExceeded):
        trace_search(TicTacToe("X.O/.X./..."), "alphabeta", max_nodes=entered - 1)


def test_the_compiled_hooks_take_the_arguments_the_tracer_protocol_gives():
    lists = [bytearray(), *([] for _ in range(7))]
    hooks = speedups().Hooks(*lists, lambda entered: entered + 10, bytes((ENTER, EVALUATE, 3, EXIT, 4)))
    hooks.windowed = True
    hooks.enter("state", "move", depth=1, alpha=-2, beta=2)
    hooks.evaluate("state", 5)
    hooks.exit("state", 5)
    hooks.update("state", alpha=0, beta=1)
    kinds, states, moves, depths, alphas, betas, values, windows = lists
    assert (bytes(kinds), states, moves, depths, alphas, betas, values, windows) == (
        bytes((ENTER, EVALUATE, EXIT, 4)), ["state"], ["move"], [1], [-2], [2], [5, 5], [(0, 1)])
    assert hooks.next_check == 10  # the checkpoint was called at the first node
    with pytest.raises(TypeError, match="missing required keyword-only argument: 'beta'"):
        hooks.enter("state", "move", depth=1, alpha=None)
    with pytest.raises(TypeError, match="unexpected keyword argument 'score'"):
        hooks.enter("state", "move", depth=1, alpha=None, beta=None, score=3)
    with pytest.raises(TypeError, match="takes 2 positional arguments"):
        hooks.evaluate("state")
    with pytest.raises(ValueError, match="5 kind codes"):
        speedups().Hooks(*lists, None, b"12")
    with pytest.raises(TypeError):
        speedups().Hooks(*lists[:-1], None, None, b"12345")  # a list that is not one


WHOLE = st.one_of(st.none(), st.integers(-2**63, 2**63 - 1))


@settings(max_examples=80)
@given(st.lists(WHOLE, max_size=50))
def test_int_records_write_whole_numbers_and_nulls_as_the_standard_library(numbers):
    text = speedups().int_records(len(numbers), [numbers])
    assert bytes(text) == json.dumps(numbers, separators=(",", ":")).encode()


@settings(max_examples=40)
@given(st.sampled_from("bBhHilq"), st.lists(st.integers(0, 127), max_size=30))
def test_int_records_read_arrays_of_every_signed_or_small_type(typecode, numbers):
    signed = [-number for number in numbers] if typecode in "bhilq" else numbers
    column = array(typecode, signed)
    assert bytes(speedups().int_records(len(column), [column])) == json.dumps(signed, separators=(",", ":")).encode()


def test_int_records_join_constant_pieces_and_columns_into_records():
    parents, children = [0, 0, 1, 2**40], range(1, 5)
    text = speedups().int_records(4, [b'{"source":', parents, b',"target":', children, b"}"])
    assert json.loads(text) == [{"source": parent, "target": child} for parent, child in zip(parents, children)]
    assert speedups().int_records(0, [b"x", []]) == b"[]"
    assert speedups().int_records(2, [range(10, 4, -3)]) == b"[10,7]"


@pytest.mark.parametrize("column", [[True], [1.5], ["1"], [2**64], [1, 2**63], array("d", [1.0]), array("Q", [1]),
                                    range(2**64, 2**64 + 1), (1,)])
def test_int_records_refuse_what_they_cannot_write_exactly(column):
    with pytest.raises(TypeError):
        speedups().int_records(len(column), [column])


def test_int_records_refuse_a_column_of_another_length():
    with pytest.raises(ValueError, match="holds 1 items, not 2"):
        speedups().int_records(2, [[1]])
    with pytest.raises(ValueError, match="holds 1 items, not 2"):
        speedups().int_records(2, [array("i", [1])])


TEXTS = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=6)


@settings(max_examples=60)
@given(st.integers(0, 8).flatmap(lambda count: st.lists(st.one_of(
    TEXTS, st.lists(TEXTS, min_size=count, max_size=count),
    st.lists(st.integers(-10**6, 10**6), min_size=count, max_size=count).map(lambda numbers: array("i", numbers)),
    st.integers(-5, 5).map(lambda first: range(first, first + count)),
), max_size=6).map(lambda pieces: (count, pieces))))
def test_text_lines_make_what_the_python_interleave_makes(count_and_pieces):
    count, pieces = count_and_pieces
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("VISUALIZER_PURE_PYTHON", "1")
        expected = interleave(count, pieces)
    assert speedups().text_lines(count, list(pieces)) == interleave(count, pieces) == expected


def test_interleave_takes_maps_and_leaves_what_c_refuses_to_python():
    assert interleave(2, ["n", map(str, [1, 2]), ";"]) == "n1;n2;"
    assert interleave(1, ["a", ["b\udc80"]]) == "ab\udc80"  # a lone surrogate: the Python join
    with pytest.raises(TypeError):
        speedups().text_lines(1, [[None]])
    with pytest.raises(ValueError, match="holds 1 items, not 2"):
        interleave(2, ["n", ["x"]])


@pytest.mark.parametrize("source", GAMES)
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "negamax", "expectimax", "id"])
def test_static_values_filed_in_c_are_those_of_the_python_loop(source, algorithm, monkeypatch):
    depth = 3 if source == "connect4" else 4
    compiled = trace_search(GAMES[source](), algorithm, depth=depth).columns.static_value
    monkeypatch.setenv("VISUALIZER_PURE_PYTHON", "1")
    python = trace_search(GAMES[source](), algorithm, depth=depth).columns.static_value
    assert compiled == python and any(value is not None for value in python)


def test_assign_where_sets_the_masked_items_and_checks_its_arguments():
    target = [None] * 4
    speedups().assign_where(target, bytearray([1, 0, 1]), array("i", [3, 0, 1]), ["a", "b", "c"])
    assert target == [None, "c", None, "a"]
    with pytest.raises(ValueError, match="one length"):
        speedups().assign_where(target, b"\x01", array("i", [0, 1]), ["a", "b"])
    with pytest.raises(TypeError, match="array of C ints"):
        speedups().assign_where(target, b"\x01", array("q", [0]), ["a"])
    with pytest.raises(IndexError):
        speedups().assign_where(target, b"\x01", array("i", [9]), ["a"])


@pytest.mark.parametrize("source", GAMES)
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "mcts", "id"])
def test_names_made_in_bulk_are_those_of_child_name(source, algorithm, monkeypatch):
    depth = 3 if source == "connect4" else 4
    compiled = trace_search(GAMES[source](), algorithm, depth=depth).columns.name
    monkeypatch.setenv("VISUALIZER_PURE_PYTHON", "1")
    python = trace_search(GAMES[source](), algorithm, depth=depth).columns.name
    assert compiled == python and len(set(python)) == len(python) > 1


def test_path_names_join_labels_under_their_parents_and_check_their_arguments():
    names = speedups().path_names([None, 0, 1, 1, 0], ["a", "b", "é", "\U0001f600"], "root")
    assert names == ["root", "a", "a.b", "a.é", "\U0001f600"]
    assert speedups().path_names([None], [], "root") == ["root"]
    with pytest.raises(ValueError, match="node 2 has no parent before it"):
        speedups().path_names([None, 0, 2], ["a", "b"], "root")
    with pytest.raises(ValueError, match="one label for every other node"):
        speedups().path_names([None, 0], [], "root")
    with pytest.raises(TypeError, match="a label must be a str"):
        speedups().path_names([None, 0], [1], "root")


def test_a_replayer_reads_the_log_once_and_files_it_as_replay_does():
    def logged():
        recorder = Recorder()
        recorder.begin(TicTacToe("X.O/.X./..O"), algorithm="minimax", depth_limit=None, strict=False)
        rec = recorder.recording
        rec.event_kind.extend([ENTER, ENTER, EVALUATE, EXIT, EXIT])
        rec.entered_states.extend(["root", "child"])
        rec.values.extend([None, None])
        rec.logged_values.extend([1, 1, 1])
        return rec

    by_function, by_replayer = logged(), logged()
    assert speedups().replay(by_function, 0, 5, 0, 0, 0, 0, -1, False, _actions(speedups())) == (2, 3, 0, 0, 0)
    replayer = speedups().Replayer(by_replayer)
    assert replayer.replay(0, 3, 0, 0, 0, 0, -1, False, _actions(speedups())) == (2, 1, 0, 0, -1)
    assert replayer.replay(3, 5, 2, 1, 0, 0, -1, False, _actions(speedups())) == (2, 3, 0, 0, 0)  # in two calls
    for field in ("event_node", "event_value", "parents", "visit_order", "values", "stack"):
        assert getattr(by_replayer, field) == getattr(by_function, field), field
    with pytest.raises(TypeError):
        replayer.replay(0, 1)
