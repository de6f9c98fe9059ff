"""The two searches a session offers to compare: minimax and the one on screen (its partner when that is minimax)."""

from visualizer.games.explicit import builtin_example
from visualizer.session import Session


def test_the_session_offers_minimax_and_the_search_on_screen_with_its_options():
    session = Session(builtin_example(), "alphabeta")
    assert session.compare_choices() == ("minimax", "alphabeta")
    session = Session(builtin_example(), "minimax")
    assert session.compare_choices() == ("minimax", "alphabeta")
