"""Tests the SVG writer: a parseable document, one element per key in its place, escaping, and stable bytes."""

from xml.etree import ElementTree

import pytest
from svg_reading import read_canvas, read_positions

from visualizer.pictures.drawing import Drawing, Path, Shape, Text, number
from visualizer.pictures.svg import to_svg

SVG = "{http://www.w3.org/2000/svg}"


def drawing() -> Drawing:
    """A triangle, a dashed line, a dotted line, an outline-only square and three texts."""
    return Drawing(
        width=120,
        height=80.5,
        background="#fafafa",
        items=(
            Shape("node:0", ((10, 10), (30, 10), (20, 25.5)), "#000080", "#ffe9a8", 1.5),
            Path("edge:0:1", ((0, 0), (30, 40)), "#444444", 1.0, "dashed"),
            Path("cut", ((50, 50), (60, 50), (60, 70)), "#cc0000", 2.0, "dotted"),
            Shape("box", ((70, 10), (90, 10), (90, 30), (70, 30)), "#123456", None, 1.0),
            Text("label:0", 20, 18, "A & <B> \"q\" 'r'", 10, "#111111"),
            Text("value:0", 100, 60.25, "3", 12, "#222222", anchor="end", bold=True),
            Text("title", 5, 75, "two  spaces", 8, "#333333", anchor="start"),
        ),
        title="alpha-beta & <minimax>",
    )


def elements(svg_text: str) -> list[ElementTree.Element]:
    return list(ElementTree.fromstring(svg_text))


def by_key(svg_text: str) -> dict[str, ElementTree.Element]:
    return {element.get("data-key"): element for element in elements(svg_text) if element.get("data-key")}


def test_document_parses_with_canvas_and_title():
    text = to_svg(drawing())
    root = ElementTree.fromstring(text)
    assert root.tag == f"{SVG}svg"
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("120pt", "80.5pt", "0 0 120 80.5")
    assert read_canvas(text) == (120.0, 80.5)
    assert root.find(f"{SVG}title").text == "alpha-beta & <minimax>"
    background = root.find(f"{SVG}rect")
    assert (background.get("width"), background.get("height"), background.get("fill")) == ("120", "80.5", "#fafafa")


def test_every_key_once_in_painting_order():
    keyed = [element.get("data-key") for element in elements(to_svg(drawing())) if element.get("data-key")]
    assert keyed == ["node:0", "edge:0:1", "cut", "box", "label:0", "value:0", "title"]


def test_positions_read_back():
    positions = read_positions(to_svg(drawing()))
    assert positions["node:0"] == (10, 10, 30, 10, 20, 25.5)
    assert positions["cut"] == (50, 50, 60, 50, 60, 70)
    assert positions["box"] == (70, 10, 90, 10, 90, 30, 70, 30)
    assert positions["label:0"] == (20, 18)
    assert positions["value:0"] == (100, 60.25)
    assert positions["edge:0:1"] == (0, 0, 30, 40)


def test_line_patterns_and_fills():
    keyed = by_key(to_svg(drawing()))
    assert keyed["edge:0:1"].get("stroke-dasharray") == "5,3"
    assert keyed["edge:0:1"].get("fill") == "none"
    assert keyed["cut"].get("stroke-linecap") == "round"
    assert keyed["cut"].get("stroke-dasharray") == "0.1,5"
    assert keyed["node:0"].get("stroke-dasharray") is None
    assert (keyed["node:0"].get("fill"), keyed["node:0"].get("stroke"), keyed["node:0"].get("stroke-width")) == (
        "#ffe9a8",
        "#000080",
        "1.5",
    )
    assert keyed["box"].get("fill") == "none"
    no_outline = Drawing(10, 10, "#ffffff", (Shape("s", ((0, 0), (5, 0), (5, 5)), None, "#ff0000"),))
    assert by_key(to_svg(no_outline))["s"].get("stroke") == "none"


def test_text_attributes():
    keyed = by_key(to_svg(drawing()))
    label, value, title = keyed["label:0"], keyed["value:0"], keyed["title"]
    assert label.text == "A & <B> \"q\" 'r'"
    assert (label.get("text-anchor"), value.get("text-anchor"), title.get("text-anchor")) == ("middle", "end", "start")
    assert value.get("font-weight") == "bold" and label.get("font-weight") is None
    assert (label.get("font-size"), label.get("fill")) == ("10", "#111111")
    assert label.get("font-family") == "'DejaVu Sans Mono', 'Menlo', 'Consolas', monospace"
    assert title.text == "two  spaces"
    assert ElementTree.fromstring(to_svg(drawing())).get("{http://www.w3.org/XML/1998/namespace}space") == "preserve"


def test_escaping_in_text_keys_and_title():
    text = to_svg(Drawing(10, 10, "#ffffff", (Text('k"&<>', 1, 2, "x<y && y>z", 5, "#000000"),), title='"<&>"'))
    assert "x&lt;y &amp;&amp; y&gt;z" in text
    assert 'data-key="k&quot;&amp;&lt;&gt;"' in text
    assert read_positions(text) == {'k"&<>': (1, 2)}
    assert ElementTree.fromstring(text).find(f"{SVG}title").text == '"<&>"'


def test_control_characters_do_not_break_the_xml():
    bad = "a\x00b\x1bc\x7fd\ud800e"
    text = to_svg(Drawing(10, 10, "#ffffff", (Text(bad, 1, 2, bad, 5, "#000000"),), title="line\nbreak\x01"))
    text.encode("utf-8")  # no lone surrogate left
    root = ElementTree.fromstring(text)
    assert root.find(f"{SVG}text").text == "a\ufffdb\ufffdc\ufffdd\ufffde"
    assert root.find(f"{SVG}title").text == "line break\ufffd"


def test_equal_drawings_give_equal_bytes():
    first, second = to_svg(drawing()), to_svg(drawing())
    assert first == second
    assert to_svg(Drawing(10, 10, "#ffffff", ())) != to_svg(Drawing(10, 11, "#ffffff", ()))


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (2.0, "2"),
        (0.5, "0.5"),
        (1 / 3, "0.33"),
        (2 / 3, "0.67"),
        (-0.001, "0"),
        (-1.25, "-1.25"),
        (100, "100"),
        (1e-9, "0"),
    ],
)
def test_numbers_are_compact(value, written):
    assert number(value) == written


def test_duplicate_key_is_reported():
    twice = Drawing(10, 10, "#ffffff", (Text("same", 1, 1, "a", 5, "#000000"), Text("same", 2, 2, "b", 5, "#000000")))
    with pytest.raises(ValueError, match="'same' is drawn twice"):
        read_positions(to_svg(twice))
