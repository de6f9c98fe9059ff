"""The public names of `visualizer`: each loads from the package, and the example in its docstring runs."""

import doctest
import importlib
import subprocess
import sys
import tempfile

import pytest

import visualizer

NAMES = sorted(set(visualizer.__all__) - {"__version__"})

IN_MODULES = ["visualizer.notebook.Player"]
"""Public names that stay in their module (the package's `Player` is the player to move)."""

FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_the_api_is_the_few_names_a_script_or_notebook_needs():
    assert set(NAMES) == {
        *("builtin_example", "from_array", "from_nested", "random_tree", "TicTacToe", "Nim", "ConnectFour"),
        *("Player", "trace_search", "Trace", "to_json", "from_json", "write_json", "read_json"),
        *("to_dot", "write_dot", "Figure", "to_svg"),
    }


def test_import_star_gives_exactly_the_public_names():
    code = "from visualizer import *; print(sorted(name for name in dir() if not name.startswith('__')))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == str(NAMES)
    namespace: dict[str, object] = {}
    exec("from visualizer import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(visualizer.__all__)


@pytest.mark.parametrize("name", NAMES)
def test_each_public_name_loads_and_is_the_package_s_own(name):
    value = getattr(visualizer, name)
    assert value.__name__ == name
    assert value.__module__.startswith("visualizer.")


def _doctests(name):
    """The doctests of a public name's docstring and its members', each run in a fresh namespace."""
    if name in IN_MODULES:
        module, _, attribute = name.rpartition(".")
        if module == "visualizer.notebook":
            pytest.importorskip("ipywidgets")
        value = getattr(importlib.import_module(module), attribute)
    else:
        value = getattr(visualizer, name)
    finder = doctest.DocTestFinder(exclude_empty=False)
    return finder.find(value, name, module=sys.modules[value.__module__], globs={})


@pytest.mark.parametrize("name", NAMES + IN_MODULES)
def test_each_public_name_has_an_example_in_its_docstring(name):
    own = [test for test in _doctests(name) if test.name == name]
    assert own and own[0].examples, f"the docstring of {name} has no example (>>> lines)"


@pytest.mark.parametrize("name", NAMES + IN_MODULES)
def test_each_public_name_s_examples_give_the_output_they_show(name, tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the examples' tempfile.mkdtemp() folders
    monkeypatch.chdir(tmp_path)  # and anything written by mistake to the working folder
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    for test in _doctests(name):
        runner.run(test, out=report.append)
    results = runner.summarize(verbose=False)
    assert results.attempted > 0
    assert results.failed == 0, "".join(report)


def test_a_trace_gives_its_networkx_graph():
    # Hand-checked: A is MIN; B = max(D = min(6, 7), E) = 6 once J = 3 <= alpha 6 closes E (K pruned);
    # C sees the window (2, 6): F = min(2, 8) = 2, then N = 1 <= alpha 2 closes G (O pruned); A = min(6, 2) = 2.
    graph = visualizer.trace_search(visualizer.builtin_example(), "alphabeta").to_networkx()
    name = {node: graph.nodes[node]["name"] for node in graph}
    assert sorted(name.values()) == list("ABCDEFGHIJKLMNO")
    assert graph.nodes[0]["value"] == 2
    assert sorted(name[node] for node in graph if graph.nodes[node]["status"] == "pruned") == ["K", "O"]
    assert sorted((name[a], name[b]) for a, b in graph.edges if graph.edges[a, b]["cutoff"]) == [("E", "J"), ("G", "N")]
