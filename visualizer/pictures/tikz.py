"""Provides `to_tikz`: drawings painted as one TikZ picture with one beamer overlay per drawing, and its wrapper.

`to_tikz` writes a `tikzpicture` to `\\input` into a beamer frame: drawing i (from 0) is what overlay
i + 1 shows. The file needs only the `tikz` package and is plain ASCII; text is typewriter, with 0
drawn with a dot inside (Computer Modern's typewriter 0 looks like its O).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from visualizer.errors import InputError, shown
from visualizer.pictures.drawing import (
    CENTRAL_RISE,
    Drawing,
    Item,
    Path,
    Point,
    Shape,
    Text,
    dash_pattern,
    is_zero_slash,
    number,
)
from visualizer.pictures.tex import overlay_runs, painting_order, tex_text, tex_typewriter

__all__ = ["SLIDES_SUFFIX", "slides_file_name", "standalone_tex", "to_tikz"]

SLIDES_SUFFIX = "-slides"
"""The wrapper of NAME.tex is NAME-slides.tex."""

FONT_SIZE, BOLD_OFFSET = 10, 0.4
"""The size the typewriter font is set in (a text of another size is scaled), and how far (in points) bold
text is printed a second time: Computer Modern has no bold typewriter."""

ZERO = r"\rlap{\raise0.25em\hbox{.}}0"
"""How a 0 is typeset: with a dot inside, since the typewriter font's 0 looks like its O."""

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_INPUT_NAME = re.compile(r"[A-Za-z0-9 ._+(),=@/-]+")  # file names TeX can `\\input` as they are


def slides_file_name(picture_file: str) -> str:
    """The standalone wrapper's name for a picture file: "trees/NAME.tex" -> "trees/NAME-slides.tex"."""
    return f"{picture_file.removesuffix('.tex')}{SLIDES_SUFFIX}.tex"


class _Colours(dict[str, str]):
    """The `\\definecolor` names of the colours used ("RRGGBB" -> "gt1", ...), numbered in order of first use."""

    def name(self, colour: str) -> str:
        if not _COLOUR.fullmatch(colour):
            raise ValueError(f"cannot paint the colour {colour!r}: colours are #rrggbb")
        return self.setdefault(colour[1:].upper(), f"gt{len(self) + 1}")


def _coordinate(x: float, y: float, height: float) -> str:
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"cannot paint the point ({x}, {y}): coordinates must be finite")
    return f"({number(x)},{number(height - y)})"


def _outline(points: Sequence[Point], height: float, *, closed: bool) -> str:
    path = " -- ".join(_coordinate(x, y, height) for x, y in points)
    return path + " -- cycle" if closed else path


def _line_options(colour: str, width: float, dash: str, *, is_line: bool) -> str:
    options = [colour, f"line width={number(width)}pt"]
    pattern = dash_pattern(dash, width)
    if pattern:
        on, off = pattern
        options.append(f"dash pattern=on {number(on)}pt off {number(off)}pt")
    if dash == "dotted":
        options.append("line cap=round")
    if is_line:
        options.append("line join=round")
    return ", ".join(options)


def _paint_outline(item: Shape | Path, height: float, colours: _Colours) -> str:
    """A `Shape` as a closed path, filled and outlined; a `Path` as an open line."""
    if isinstance(item, Shape):
        fill = None if item.fill is None else colours.name(item.fill)
        stroke = None if item.stroke is None or item.width <= 0 else colours.name(item.stroke)
    else:
        fill, stroke = None, colours.name(item.colour)
    outline = _outline(item.points, height, closed=isinstance(item, Shape))
    if stroke is None or item.width <= 0:
        return "" if fill is None else f"\\fill[{fill}] {outline};"
    options = _line_options(stroke, item.width, item.dash, is_line=isinstance(item, Path))
    return f"\\draw[{options}] {outline};" if fill is None else f"\\filldraw[fill={fill}, draw={options}] {outline};"


def _paint_text(item: Text, height: float, colours: _Colours) -> str:
    content = tex_typewriter(item.text)
    if not content or item.size <= 0:
        return ""
    anchor = {"start": "base west", "middle": "base", "end": "base east"}[item.anchor]
    options = f"gametree text, anchor={anchor}, text={colours.name(item.colour)}"
    if item.size != FONT_SIZE:
        options += ", scale=" + f"{item.size / FONT_SIZE:.4f}".rstrip("0").rstrip(".")
    if item.bold:
        content = f"\\bfseries\\rlap{{\\kern{number(BOLD_OFFSET)}pt {content}}}{content}"
    baseline = item.y + CENTRAL_RISE * item.size
    return f"\\node[{options}] at {_coordinate(item.x, baseline, height)} {{{content}}};"


def _paint(item: Item, height: float, colours: _Colours) -> str:
    if is_zero_slash(item):  # TeX's typewriter is narrower than the drawing's font: its 0 gets a dot instead
        return ""
    if isinstance(item, Text):
        return _paint_text(item, height, colours)
    if isinstance(item, (Shape, Path)):
        return _paint_outline(item, height, colours)
    raise TypeError(f"cannot draw a {type(item).__name__} in TikZ; items are Shape, Path or Text")


def _identities(drawing: Drawing) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    identities = []
    for item in drawing.items:
        counts[item.key] = counts.get(item.key, -1) + 1
        identities.append((item.key, counts[item.key]))
    return identities


def _fit(width: float, height: float) -> list[str]:
    """TeX that picks the `\\resizebox` sizes fitting the picture into \\gametreewidth x \\gametreeheight."""
    wide, high = max(1, round(width)), max(1, round(height))
    if wide >= high:
        test = f"\\ifdim\\dimexpr\\gametreewidth*{high}/{wide}\\relax>\\dimexpr\\gametreeheight\\relax"
        over, under = "{!}{\\gametreeheight}", "{\\gametreewidth}{!}"
    else:
        test = f"\\ifdim\\dimexpr\\gametreeheight*{wide}/{high}\\relax>\\dimexpr\\gametreewidth\\relax"
        over, under = "{\\gametreewidth}{!}", "{!}{\\gametreeheight}"
    return [
        f"{test}\\def\\gametreesize{{{over}}}\\else\\def\\gametreesize{{{under}}}\\fi%",
        "\\expandafter\\resizebox\\gametreesize{%",
    ]


def to_tikz(drawings: Sequence[Drawing]) -> str:
    """`drawings` (one canvas) as one TikZ picture: drawing i on beamer overlay i + 1, or a still picture.

    Every item (found by its `key`) is written once per run of drawings on which it is equal, wrapped
    in `\\only<a-b>` (`\\only<a->` when the run lasts to the end, so the final picture stays; nothing
    when it covers every drawing). The picture is scaled to fit `\\gametreewidth` x `\\gametreeheight`.

    Raises:
        ValueError: no drawings, canvases of different sizes, a colour that is not #rrggbb, or a
            coordinate that is not finite.
    """
    if not drawings:
        raise ValueError("to_tikz needs at least one drawing")
    width, height = drawings[0].width, drawings[0].height
    for drawing in drawings:
        if (drawing.width, drawing.height) != (width, height):
            raise ValueError(
                f"every drawing needs the same canvas: {width}x{height} and {drawing.width}x{drawing.height}"
            )
    count = len(drawings)
    colours = _Colours()
    body: list[str] = []
    last_named = 0  # the highest overlay number written in a \only

    def emit(command: str, first: int, last: int) -> None:
        nonlocal last_named
        if not command:
            return
        if first == 1 and last == count:
            body.append(command)
            return
        spec = f"{first}-" if last == count else str(first) if first == last else f"{first}-{last}"
        last_named = max(last_named, first if last == count else last)
        body.append(f"\\only<{spec}>{{{command}}}")

    canvas = f"(0,0) rectangle ({number(width)},{number(height)})"
    for first, last, background in overlay_runs([drawing.background for drawing in drawings]):
        emit(f"\\fill[{colours.name(background)}] {canvas};", first, last)
    frames = [dict(zip(_identities(drawing), drawing.items)) for drawing in drawings]
    for identity in painting_order([list(frame) for frame in frames]):
        runs: list[tuple[int, int, Item]] = overlay_runs([frame.get(identity) for frame in frames])
        for first, last, item in runs:
            emit(_paint(item, height, colours), first, last)
    if count > 1 and last_named < count:
        body.append(f"\\only<{count}>{{}}% one overlay per drawing, also when the last ones look alike")

    size = f"{number(width)}x{number(height)}pt"
    if count == 1:
        usage = ["% A still picture: \\input this file in any LaTeX document whose preamble has \\usepackage{tikz}."]
    else:
        usage = [
            f"% {count} beamer overlays, one per step: \\input this file inside a beamer frame",
            "% (preamble: \\usepackage{tikz}; no TikZ library is needed).",
        ]
    title = f": {re.sub('[^ -~]', '?', drawings[0].title)}" if drawings[0].title else ""  # ASCII only
    lines = [
        f"% Game tree drawn by gametree visualizer in TikZ{title}",
        *usage,
        "% Scaled to fit \\gametreewidth x \\gametreeheight (default \\linewidth x 0.8\\textheight), keeping its",
        f"% proportions: \\newcommand{{\\gametreewidth}}{{8cm}} before \\input changes it; its natural size is {size}.",
        "\\begingroup%",
        "\\providecommand{\\gametreewidth}{\\linewidth}%",
        "\\providecommand{\\gametreeheight}{0.8\\textheight}%",
        f"\\def\\gametreezero{{{ZERO}}}%",
        *_fit(width, height),
        (
            f"\\begin{{tikzpicture}}[x=1pt, y=1pt, gametree text/.style={{inner sep=0pt, "
            f"font=\\ttfamily\\fontsize{{{FONT_SIZE}}}{{{FONT_SIZE}}}\\selectfont}}]"
        ),
        *[f"\\definecolor{{{name}}}{{HTML}}{{{colour}}}" for colour, name in colours.items()],
        f"\\path[use as bounding box] {canvas};",
        *body,
        "\\end{tikzpicture}}%",
        "\\endgroup%",
    ]
    return "\n".join(lines) + "\n"


def standalone_tex(picture_file: str, *, title: str) -> str:
    """A beamer document that `\\input`s `picture_file` (written by `to_tikz`), one slide per overlay.

    It compiles with `pdflatex` on Debian's texlive-latex-base, texlive-latex-recommended and
    texlive-pictures alone (Computer Modern in the default encoding: T1 would need more fonts).

    Raises:
        InputError: TeX cannot `\\input` a file of that name.
    """
    if not _INPUT_NAME.fullmatch(picture_file) or picture_file != picture_file.strip():
        raise InputError(
            f"TeX cannot \\input a file named {shown(picture_file)}; "
            "name the output with letters, digits, spaces and . _ - + ( ) , = @ / only"
        )
    slides = slides_file_name(picture_file).rpartition("/")[2]
    frame_title = [f"\\frametitle{{{tex_text(title)}}}"] if title else []
    height = (
        ["\\newcommand{\\gametreeheight}{0.94\\textheight}"]
        if title
        else ["\\newcommand{\\gametreeheight}{\\paperheight}% the picture has its own title: give it the slide"]
    )
    lines = [
        f"% Slides made by gametree visualizer: run `pdflatex {slides}` with {picture_file} beside it.",
        "% Needs only Debian's texlive-latex-base, texlive-latex-recommended and texlive-pictures.",
        "\\documentclass[aspectratio=169]{beamer}",
        "\\usepackage{tikz}",
        "\\setbeamertemplate{navigation symbols}{}",
        "\\setbeamersize{text margin left=3mm, text margin right=3mm}",
        *height,
        "\\begin{document}",
        f"\\begin{{frame}}{'' if title else '[plain]'}",
        *frame_title,
        "\\centering",
        f"\\input{{{picture_file}}}",
        "\\end{frame}",
        "\\end{document}",
    ]
    return "\n".join(lines) + "\n"
