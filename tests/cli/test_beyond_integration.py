"""The searches after alpha-beta where they meet the rest of the tool: `show` of a chance tree, a chance
cut-off in `run`'s list of cut-offs, `compare` of searches that enter nodes again, options recorded on
every pass, and the app's status line for Monte Carlo search."""

from __future__ import annotations

import json

import pytest
from cli_helpers import run_cli

from visualizer.games import builtin_example
from visualizer.search import trace_search

STAR1_EXAMPLE = ["--nested", json.dumps([6, {"chance": [[0.5, 1], [0.25, 9], [0.25, 4]]}])]
"""Hand-worked: C is entered with alpha 6; D = 1 leaves C at most 1/2 + 9 x 1/2 = 5 <= 6, so E and F are pruned."""


def test_show_lists_a_chance_tree(capsys):
    code, out, err = run_cli(capsys, "show", *STAR1_EXAMPLE)  # it used to ask for -a expectimax, which show lacks
    assert code == 0, err
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:8]}
    assert rows["C"][-2:] == ["CHANCE", "-"] and rows["C"][2:5] == ["D", "E", "F"]
    assert [rows[name][-1] for name in "BDEF"] == ["6", "1", "9", "4"]  # static values, as for any tree


def test_run_tells_a_chance_cutoff_with_the_bound_that_made_it_safe(capsys):
    code, out, err = run_cli(capsys, "run", *STAR1_EXAMPLE, "-a", "star1")
    assert code == 0, err
    assert "  C: with E, F at most 9, C is worth at most 5 <= alpha 6, so E, F are pruned (chance cut-off)" in out
    assert "brings it to" not in out


def test_compare_lists_each_node_once_for_searches_that_enter_nodes_again(capsys):
    code, out, err = run_cli(capsys, "compare", "-A", "pvs,minimax", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [run["visit_order"].count("C") for run in data["runs"]] == [2, 1]  # PVS searches C again
    for difference in data["only"]:
        assert len(difference["nodes"]) == len(set(difference["nodes"]))
    only = {(item["visited_by"], item["not_by"]): item["nodes"] for item in data["only"]}
    assert only["minimax", "pvs"] == ["K", "O"]


def test_compare_does_not_call_monte_carlo_a_disagreement(capsys):
    code, out, err = run_cli(capsys, "compare", "-A", "minimax,mcts+iterations=40")
    assert code == 0, err
    assert "VALUES DIFFER" not in out


def test_every_pass_records_the_options():
    trace = trace_search(builtin_example(), "id", fail_hard=True, window=(1, 9))
    assert len(trace.passes) == 3
    assert [one.options for one in trace.passes] == [{"fail_hard": True, "window": (1, 9)}] * 3


@pytest.mark.asyncio
async def test_the_status_line_counts_monte_carlo_iterations():
    from visualizer.tui import make_app

    app = make_app(trace=trace_search(builtin_example(), "mcts", iterations=12))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        text = app.screen.status_bar.text
        assert "iteration 12/12" in text and "visited" not in text
        await pilot.press("home")
        await pilot.pause()
        assert "iteration 0/12" in app.screen.status_bar.text


def test_a_child_skipped_in_a_test_and_searched_again_is_no_longer_drawn_cut():
    from visualizer.dot.write import to_dot
    from visualizer.pictures.scene import finished_scene, scene_at
    from visualizer.steps.replay import Replay

    trace = trace_search(builtin_example(), "pvs")  # F's null-window test skips M; C's re-search enters M
    ids = {name: trace.node(name).id for name in "CEFGKMO"}
    cut_at_f = next(cutoff for cutoff in trace.summary.cutoffs if cutoff.node == ids["F"])
    replay = Replay(trace)
    replay.seek(cut_at_f.step)
    assert (ids["F"], ids["M"]) in scene_at(trace, replay).cuts  # cut while the test is on screen
    final = finished_scene(trace).cuts
    assert (ids["F"], ids["M"]) not in final
    assert {(ids["C"], ids["G"]), (ids["E"], ids["K"]), (ids["G"], ids["O"])} <= final  # G: tested, then cut
    dot = to_dot(trace)
    assert f"n{ids['F']} -> n{ids['M']};" in dot and 'label="cut"' in dot
