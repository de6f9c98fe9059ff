"""SVG snapshots of the key screens, compared with the files in tests/ui/__snapshots__/.

After a deliberate change to the look, look at the new pictures and accept them with
`python -m pytest tests/ui/test_snapshots.py --snapshot-update`.
"""

from textual.app import App

from visualizer.games import ConnectFour, TicTacToe, with_order
from visualizer.tui import make_app, make_play_app
from visualizer.tui.dialogs import NewTreeDialog


def test_start(snap_compare):
    assert snap_compare(make_app(), terminal_size=(80, 24))


def test_at_the_first_cutoff(snap_compare):
    assert snap_compare(make_app(), press=["c"], terminal_size=(80, 24))


def test_end_with_principal_variation(snap_compare):
    assert snap_compare(make_app(), press=["end"], terminal_size=(120, 36))


def test_compare_mode(snap_compare):
    # Minimax inside K while alpha-beta waits on its cut-off at E.
    assert snap_compare(make_app(), press=["m", *["right"] * 22], terminal_size=(160, 36))


def test_compare_mode_at_80x24(snap_compare):
    # A projector's terminal: both whole trees, names only, at alpha-beta's first cut-off.
    assert snap_compare(make_app(), press=["m", *["right"] * 22], terminal_size=(80, 24))


def test_end_at_80x24(snap_compare):
    assert snap_compare(make_app(), press=["end"], terminal_size=(80, 24))


def test_play_screen(snap_compare):
    # The user's X in the centre (key 5) and the engine's full-depth reply in the corner.
    async def play_the_centre(pilot):
        await pilot.press("5")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(make_play_app(TicTacToe()), run_before=play_the_centre, terminal_size=(100, 28))


def test_play_screen_at_80x24(snap_compare):
    async def play_the_centre(pilot):
        await pilot.press("5")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(make_play_app(TicTacToe()), run_before=play_the_centre, terminal_size=(80, 24))


class NewTreeHost(App):
    """A bare app under the New-tree dialog, so the picture shows only the dialog's own look."""

    def on_mount(self) -> None:
        game = ConnectFour("...../...../..X../.OX..", rows=4, cols=5, connect=3, symmetry=True)
        self.push_screen(NewTreeDialog(with_order(game, "random", 7)))


def test_new_tree_dialog_on_connect_four(snap_compare):
    # Every board-game control: size, board, evaluator with its description, symmetry, move order and seed.
    assert snap_compare(NewTreeHost(), terminal_size=(90, 36))


def test_practice_after_a_check(snap_compare):
    # The built-in example with B, D and E answered (E wrongly), K not marked and C marked pruned, then checked.
    from visualizer.games import builtin_example
    from visualizer.practice.exercise import Exercise
    from visualizer.tui import make_practice_app

    keys = ["down", "6", "enter", "6", "enter", "down", "down", "4", "enter", "down", "down", "x", "c"]
    assert snap_compare(make_practice_app(Exercise.from_game(builtin_example())), press=keys, terminal_size=(100, 34))


def test_practice_at_80x24(snap_compare):
    # The 31-node exercise of `visualizer practice --seed 5`, whole on a projector's terminal.
    from visualizer.practice.code import RandomExercise
    from visualizer.practice.exercise import Exercise
    from visualizer.tui import make_practice_app

    exercise = Exercise.from_random(RandomExercise(2, 4, (-10, 10), 5))
    assert snap_compare(make_practice_app(exercise), press=["down", "down"], terminal_size=(80, 24))
