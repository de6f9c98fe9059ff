"""SVG snapshots of the key screens, compared with the files in tests/ui/__snapshots__/.

After a deliberate change to the look, look at the new pictures and accept them with
`python -m pytest tests/ui/test_snapshots.py --snapshot-update`.
"""

from visualizer.tui import make_app


def test_start(snap_compare):
    assert snap_compare(make_app(), terminal_size=(80, 24))


def test_at_the_first_cutoff(snap_compare):
    assert snap_compare(make_app(), press=["c"], terminal_size=(80, 24))


def test_end_with_principal_variation(snap_compare):
    assert snap_compare(make_app(), press=["end"], terminal_size=(120, 36))


def test_compare_mode(snap_compare):
    # Minimax inside K while alpha-beta waits on its cut-off at E.
    assert snap_compare(make_app(), press=["m", *["right"] * 22], terminal_size=(160, 36))
