"""Shared by the painter tests: a small hand-made drawing whose pixels are known."""

from __future__ import annotations

from visualizer.pictures.drawing import Drawing, Path, Shape, Text

WHITE, RED, BLUE, GREEN = (255, 255, 255), (255, 0, 0), (0, 0, 255), (0, 128, 0)


def square(key: str, left: float, top: float, side: float, fill: str) -> Shape:
    return Shape(key, ((left, top), (left + side, top), (left + side, top + side), (left, top + side)), None, fill)


def scene(fill: str = "#ff0000") -> Drawing:
    """A 100 x 50 pt canvas: a square near the top left, a blue square painted over its right half, lines."""
    return Drawing(
        100,
        50,
        "#ffffff",
        (
            square("red", 10, 5, 20, fill),
            square("blue", 20, 5, 20, "#0000ff"),
            Path("solid", ((5, 35), (95, 35)), "#000000", 2.0),
            Path("dashed", ((5, 45), (95, 45)), "#000000", 2.0, "dashed"),
            Text("label", 70, 15, "A0 & $x$", 8, "#008000", anchor="middle", bold=True),
        ),
        title="scene",
    )
