"""The package's import graph: no module imports itself back through others, deferred imports included, and
each layer imports only the layers below it (STYLE.md: games -> search -> tracing -> ... -> cli, tui)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx
import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "visualizer"

BELOW = {
    "games": set(),
    "tracing": {"games"},
    "search": {"games", "tracing"},
    "steps": {"games", "tracing"},
    "readwrite": {"games", "tracing", "search"},
    "pictures": {"games", "tracing", "steps"},
    "dot": {"games", "tracing", "steps", "pictures", "readwrite"},
}
"""What each low layer may import (besides the shared top-level modules such as errors and safe_files)."""

SHARED = {
    "errors",
    "version",
    "lazy",
    "memo",
    "lists",
    "gc_policy",
    "safe_files",
    "output_places",
    "input_files",
    "shown_text",
}
"""Top-level modules that import nothing of the package but each other: any layer may use them."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """Every module of the package that `path` imports anywhere: at the top, in functions, under TYPE_CHECKING."""
    found = set()
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    [*package.split(".")[: len(package.split(".")) - node.level + 1], *filter(None, [base])]
                )
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in found if name in modules}


@pytest.fixture(scope="module")
def graph() -> networkx.DiGraph:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    graph = networkx.DiGraph()
    for path in paths:
        graph.add_node(module_name(path))
        for imported in imports_of(path, modules):
            if imported != module_name(path):
                graph.add_edge(module_name(path), imported)
    return graph


def test_the_graph_holds_the_whole_package(graph):
    assert {"visualizer.tracing.recorder", "visualizer.cli.parser", "visualizer.tui.app"} <= set(graph)
    assert graph.has_edge("visualizer.search.minimax", "visualizer.tracing.tracer")  # a known import is seen


def test_no_module_imports_itself_back(graph):
    cycles = list(networkx.simple_cycles(graph, length_bound=12))
    assert cycles == []


@pytest.mark.parametrize("layer", sorted(BELOW))
def test_a_low_layer_imports_only_what_is_below_it(graph, layer):
    allowed = {f"visualizer.{name}" for name in BELOW[layer] | SHARED | {layer}}
    wrong = sorted(
        f"{module} -> {imported}"
        for module, imported in graph.edges
        if module.startswith(f"visualizer.{layer}.") or module == f"visualizer.{layer}"
        if not any(imported == top or imported.startswith(f"{top}.") for top in allowed)
    )
    assert wrong == []


def test_shared_modules_import_no_layer(graph):
    shared = {f"visualizer.{name}" for name in SHARED}
    wrong = sorted(
        f"{module} -> {imported}" for module, imported in graph.edges if module in shared and imported not in shared
    )
    assert wrong == []
