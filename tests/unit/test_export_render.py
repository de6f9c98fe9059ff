"""Tests rendering DOT to SVG/PNG through Graphviz, and the message when Graphviz is missing."""

import os
import shutil

import pytest

from visualizer.dot.render import render
from visualizer.dot.write import write_dot
from visualizer.errors import GraphvizMissing, InputError, RenderError
from visualizer.games import builtin_example
from visualizer.search import trace_search

needs_dot = pytest.mark.skipif(
    shutil.which("dot") is None and not os.environ.get("CI"),
    reason="Graphviz's dot is not installed (on CI this test fails instead)",
)


@pytest.fixture
def dot_file(tmp_path):
    return write_dot(trace_search(builtin_example(), "alphabeta"), tmp_path / "example.dot")


def test_missing_graphviz_is_one_clear_line(dot_file, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(GraphvizMissing) as caught:
        render(dot_file, "svg")
    assert str(caught.value) == (
        "Graphviz's dot is not installed; install it (e.g. `apt-get install graphviz`) "
        "to render svg/png; the .dot file was written"
    )
    assert isinstance(caught.value, InputError)
    assert sorted(path.name for path in dot_file.parent.iterdir()) == ["example.dot"]


def test_unknown_format(dot_file):
    with pytest.raises(InputError, match="choose one of svg, png"):
        render(dot_file, "gif")


@needs_dot
def test_render_svg(dot_file):
    image = render(dot_file, "svg")
    assert image == dot_file.with_suffix(".svg")
    text = image.read_text(encoding="utf-8")
    assert "<svg" in text and ">cut<" in text and "[&#45;inf, 2]" in text


@needs_dot
def test_render_png(dot_file):
    image = render(dot_file, "PNG")
    assert image.name == "example.png"
    assert image.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@needs_dot
def test_broken_dot_file(tmp_path):
    path = tmp_path / "broken.dot"
    path.write_text("digraph { n0 -> }\n", encoding="utf-8")
    with pytest.raises(RenderError) as caught:
        render(path, "svg")
    assert "\n" not in str(caught.value) and "Graphviz could not render" in str(caught.value)
    assert not path.with_suffix(".svg").exists()
