"""Traces whose transpositions link some table hits to an earlier node and not others read back whole."""

import pytest

from visualizer.games import TicTacToe
from visualizer.readwrite.trace_json import from_json, to_json
from visualizer.search import trace_search


@pytest.mark.parametrize("algorithm", ["pvs", "mtdf"])
def test_a_search_with_a_table_reads_back_as_recorded(algorithm):
    trace = trace_search(TicTacToe("X.O/.X./..."), algorithm, tt=True)
    links = [event.ref for one in trace.passes for event in one.events if event.kind.value == "transposition"]
    assert None in links and any(link is not None for link in links)  # both kinds of table hit occur
    read = from_json(to_json(trace))
    assert [one.events for one in read.passes] == [one.events for one in trace.passes]
    assert [one.columns.event_extra for one in read.passes] == [one.columns.event_extra for one in trace.passes]
