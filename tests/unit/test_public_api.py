"""The public names of `visualizer` (the README's API) each load from the package."""

import pytest

import visualizer

NAMES = sorted(set(visualizer.__all__) - {"__version__"})


def test_the_api_lists_the_names_the_readme_uses():
    assert {"trace_search", "Trace", "to_json", "read_json", "to_dot", "Figure", "to_svg"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_each_public_name_loads_and_is_the_package_s_own(name):
    value = getattr(visualizer, name)
    assert value.__name__ == name
    assert value.__module__.startswith("visualizer.")


def test_a_trace_gives_its_networkx_graph():
    # Hand-checked: A is MIN; B = max(D = min(6, 7), E) = 6 once J = 3 <= alpha 6 closes E (K pruned);
    # C sees the window (2, 6): F = min(2, 8) = 2, then N = 1 <= alpha 2 closes G (O pruned); A = min(6, 2) = 2.
    graph = visualizer.trace_search(visualizer.builtin_example(), "alphabeta").to_networkx()
    name = {node: graph.nodes[node]["name"] for node in graph}
    assert sorted(name.values()) == list("ABCDEFGHIJKLMNO")
    assert graph.nodes[0]["value"] == 2
    assert sorted(name[node] for node in graph if graph.nodes[node]["status"] == "pruned") == ["K", "O"]
    assert sorted((name[a], name[b]) for a, b in graph.edges if graph.edges[a, b]["cutoff"]) == [("E", "J"), ("G", "N")]
