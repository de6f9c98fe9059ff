"""Lockstep alignment of alpha-beta beside minimax."""

from hypothesis import given
from hypothesis import strategies as st

from visualizer.games import Player, builtin_example, random_tree
from visualizer.search import trace_search
from visualizer.steps.lockstep import lockstep
from visualizer.tracing import EventKind


def test_alphabeta_waits_at_the_cutoff_while_minimax_visits_K():
    full, pruning = (trace_search(builtin_example(), algorithm) for algorithm in ("minimax", "alphabeta"))
    steps = lockstep(full, pruning)
    k_entered = next(e.step for e in full.events if e.kind is EventKind.ENTER and full.nodes[e.node].name == "K")
    # Alpha-beta sits on its cut-off at E (its step 21) for as long as minimax is inside K.
    assert steps[k_entered - 1] == 21 and steps[k_entered + 2] == 21
    e_exit = next(e.step for e in full.events if e.kind is EventKind.EXIT and full.nodes[e.node].name == "E")
    assert pruning.events[steps[e_exit] - 1].kind is EventKind.EXIT
    assert pruning.nodes[pruning.events[steps[e_exit] - 1].node].name == "E"
    assert steps[0] == 0 and steps[-1] == len(pruning.events)


@given(st.integers(0, 10_000), st.integers(1, 14), st.sampled_from((Player.MAX, Player.MIN)), st.booleans())
def test_alignment_is_monotonic_and_matches_entries(seed, leaves, root, strict):
    tree = random_tree(leaves=leaves, branching=3, seed=seed, root=root)
    full, pruning = trace_search(tree, "minimax"), trace_search(tree, "alphabeta", strict=strict)
    steps = lockstep(full, pruning)
    assert steps == sorted(steps) and steps[-1] == len(pruning.events)
    for step, shown in enumerate(steps):
        entered_full = {full.nodes[e.node].name for e in full.events[:step] if e.kind is EventKind.ENTER}
        entered_pruning = {pruning.nodes[e.node].name for e in pruning.events[:shown] if e.kind is EventKind.ENTER}
        assert entered_pruning <= entered_full
