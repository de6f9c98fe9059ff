"""The app on a Monte Carlo trace: the node table shows each node's mean and visits at the current step, and
the log says each step in words; other traces keep their columns.

Hand-worked facts for `mcts --iterations 50 --seed 1` on the built-in 15-node tree (MIN root A): every
iteration opens the root and expands one node, so iterations 1 and 2 (steps 1-5, 6-10) add B and C with a
playout each; iteration 3 (steps 11-17) selects C, expands F, plays out to M = 8 and backs 8 up: at step 17
A has 3 visits, and its mean is (B's first result + C's + 8) / 3 = 5 (the trace's own events give B 6 and
C 1, checked below from the events, not from the table).
"""

from __future__ import annotations

import pytest

from visualizer.games import TicTacToe
from visualizer.games.explicit import builtin_example
from visualizer.search import trace_search
from visualizer.tracing.events import EventKind
from visualizer.tui.app import make_app
from visualizer.tui.widgets.node_table import COLUMNS, MONTE_CARLO_COLUMNS, NodeTable
from visualizer.tui.widgets.panels import EventLog

pytestmark = pytest.mark.asyncio


def table_rows(app) -> dict[str, list[str]]:
    table = app.screen.query_one(NodeTable)
    return {row[0]: list(row) for row in table.rows}


async def step(pilot, steps: int, key: str = "right") -> None:
    for _ in range(steps):
        await pilot.press(key)
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_table_shows_mean_and_visits_at_the_step(size):
    game = builtin_example()
    trace = trace_search(game, "mcts", iterations=50, seed=1)
    results = [event.value for event in trace.events if event.kind is EventKind.SIMULATE]
    app = make_app(game, trace=trace)
    async with app.run_test(size=size) as pilot:
        table = app.screen.query_one(NodeTable)
        assert list(table.headers) == list(MONTE_CARLO_COLUMNS)
        await step(pilot, 17)
        rows = table_rows(app)
        header = list(MONTE_CARLO_COLUMNS)
        mean, visits, status = (header.index(name) for name in ("mean", "visits", "status"))
        assert results[2] == 8
        assert rows["A"][visits] == "3" and rows["A"][mean] == "5" == str(int(sum(results[:3]) / 3))
        assert rows["C"][visits] == "2" and rows["F"][visits] == "1" and rows["B"][visits] == "1"
        assert rows["D"][visits] == "-" and rows["D"][status] == "-"
        assert app.screen.query_one(EventLog).lines[-1] == "17. A takes 8: 3 visits, mean 5."
        await step(pilot, 2, "left")  # back to step 15: F has taken the result, C and A not yet
        rows = table_rows(app)
        assert rows["A"][visits] == "2" and rows["A"][status] == "open"
        assert rows["C"][visits] == "1" and rows["F"][visits] == "1" and rows["F"][status] == "done"
        await step(pilot, 1, "end")
        rows = table_rows(app)
        assert rows["A"][visits] == "50"
        assert sum(int(rows[name][visits]) for name in "BC") == 50


async def test_a_tictactoe_search_shows_the_winning_move_most_visited():
    game = TicTacToe("XX./OO./...")
    trace = trace_search(game, "mcts", iterations=200)
    app = make_app(game, trace=trace)
    async with app.run_test(size=(120, 40)) as pilot:
        await step(pilot, 1, "end")
        rows = table_rows(app)
        visits = MONTE_CARLO_COLUMNS.index("visits")
        children = ["X3", "X6", "X7", "X8", "X9"]
        assert max(children, key=lambda name: int(rows[name][visits].replace(",", ""))) == "X3"
        assert rows["root"][visits] == "200"
        assert "best move 3" in app.screen.query_one(EventLog).lines[-1]


async def test_other_algorithms_keep_their_columns():
    app = make_app(builtin_example(), algorithm="alphabeta")
    async with app.run_test(size=(120, 40)) as pilot:
        await step(pilot, 3)
        table = app.screen.query_one(NodeTable)
        assert list(table.headers) == ["name", "value", "α", "β", *COLUMNS[4:]]
        assert not table.monte_carlo
