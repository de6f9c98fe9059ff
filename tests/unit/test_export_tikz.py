"""Tests the TikZ painter: overlay runs worked out by hand, escaping, geometry, and pdflatex compiling the slides."""

import contextlib
import os
import re
import shutil
import subprocess
import zlib

import pytest

from visualizer.errors import InputError
from visualizer.pictures.drawing import Drawing, Path, Shape, Text
from visualizer.pictures.tex import overlay_runs, painting_order, tex_text, tex_typewriter
from visualizer.pictures.tikz import slides_file_name, standalone_tex, to_tikz

needs_pdflatex = pytest.mark.skipif(
    shutil.which("pdflatex") is None and not os.environ.get("CI"),
    reason="pdflatex is not installed (on CI this test fails instead)",
)

BLACK, WHITE, RED, GREEN, BLUE = "#000000", "#ffffff", "#ff0000", "#00ff00", "#0000ff"
EDGE = Path("edge:0:1", ((0, 0), (50, 50)), BLACK)
LABEL = Text("name:0", 20, 50, "A", 10, BLACK)
NEW_NODE = Shape("node:1", ((60, 10), (80, 10), (70, 30)), None, BLUE)


def node(fill):
    return Shape("node:0", ((10, 10), (30, 10), (20, 30)), BLACK, fill)


def drawing(*items, width=200, height=100):
    return Drawing(width, height, WHITE, items, title="test")


def body(text):
    """The picture's lines between the bounding box and the end of the tikzpicture."""
    lines = text.splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith(r"\path[use as bounding box]"))
    end = lines.index(r"\end{tikzpicture}}%")
    return lines[start + 1 : end]


def three_frames():
    """node:0 red on frames 1-2 and green on 3; node:1 from frame 2 on; the label on frame 2 only."""
    return [drawing(EDGE, node(RED)), drawing(EDGE, node(RED), NEW_NODE, LABEL), drawing(EDGE, node(GREEN), NEW_NODE)]


def test_each_item_is_written_once_per_run_of_equal_frames():
    text = to_tikz(three_frames())
    # Worked out by hand: colours numbered by first use (background, edge, node fills); y = 100 - y;
    # the label's baseline 50 + 10 * (1901 - 483) / 4096 = 53.46 down, so 46.54 up.
    assert body(text) == [
        r"\fill[gt1] (0,0) rectangle (200,100);",
        r"\draw[gt2, line width=1pt, line join=round] (0,100) -- (50,50);",
        r"\only<1-2>{\filldraw[fill=gt3, draw=gt2, line width=1pt] (10,90) -- (30,90) -- (20,70) -- cycle;}",
        r"\only<3->{\filldraw[fill=gt4, draw=gt2, line width=1pt] (10,90) -- (30,90) -- (20,70) -- cycle;}",
        r"\only<2->{\fill[gt5] (60,90) -- (80,90) -- (70,70) -- cycle;}",
        r"\only<2>{\node[gametree text, anchor=base, text=gt2] at (20,46.54) {A};}",
    ]
    definitions = [line for line in text.splitlines() if line.startswith(r"\definecolor")]
    assert definitions == [
        r"\definecolor{gt1}{HTML}{FFFFFF}",
        r"\definecolor{gt2}{HTML}{000000}",
        r"\definecolor{gt3}{HTML}{FF0000}",
        r"\definecolor{gt4}{HTML}{00FF00}",
        r"\definecolor{gt5}{HTML}{0000FF}",
    ]
    assert text.isascii() and text.endswith("\\endgroup%\n")
    assert text.count(r"\begin{tikzpicture}") == 1


def test_one_drawing_is_a_still_picture_without_overlays():
    text = to_tikz([drawing(EDGE, node(RED), LABEL)])
    assert r"\only" not in text and "<" not in text
    assert r"\filldraw[fill=gt3, draw=gt2, line width=1pt] (10,90) -- (30,90) -- (20,70) -- cycle;" in body(text)
    assert "still picture" in text


def test_a_frame_count_is_kept_when_the_last_frames_look_alike():
    text = to_tikz([drawing(node(RED)), drawing(node(GREEN)), drawing(node(GREEN))])
    onlys = [line for line in body(text) if line.startswith(r"\only")]
    assert [line[: line.index(">") + 1] for line in onlys] == [r"\only<1>", r"\only<2->", r"\only<3>"]
    assert onlys[-1].startswith(r"\only<3>{}%")
    same = body(to_tikz([drawing(node(RED)), drawing(node(RED))]))
    assert [line for line in same if r"\only" in line] == [same[-1]] and same[-1].startswith(r"\only<2>{}%")


def test_overlay_runs():
    assert overlay_runs(["a", "a", "b", None, "b", "a"]) == [(1, 2, "a"), (3, 3, "b"), (5, 5, "b"), (6, 6, "a")]
    assert overlay_runs([None, None]) == []


def test_painting_order_keeps_every_frames_order():
    # "b" first turns up on the second frame, between "a" and "c": it is painted there, not last.
    assert painting_order([["a", "c"], ["a", "b", "c"]]) == ["a", "b", "c"]
    assert painting_order([["x", "a"], ["b", "a"]]) == ["x", "b", "a"]
    # Frames that disagree are settled by first appearance.
    assert painting_order([["a", "b"], ["b", "a"]]) == ["a", "b"]
    cut = Path("cutmark:0:1", ((20, 20), (30, 20)), RED)
    lines = body(to_tikz([drawing(EDGE, node(RED)), drawing(EDGE, cut, node(RED))]))
    assert [line.split("{")[0].split("[")[0] for line in lines] == [r"\fill", r"\draw", r"\only<2->", r"\filldraw"]


def test_typewriter_text_keeps_spaces_and_escapes_everything_tex_reads():
    assert tex_typewriter("#3  v=5") == r"\char35{}3\ \ v=5"
    assert tex_typewriter("\\{}$%&_~^<#") == (
        r"\char92{}\char123{}\char125{}\char36{}\char37{}\char38{}"
        r"\char95{}\char126{}\char94{}\char60{}\char35{}"
    )
    assert tex_typewriter(" X1.O0 ") == r"\ X1.O\gametreezero{}\ "
    assert tex_typewriter("éïßÇñ") == r"\'{e}\"{\i}\ss{}\c{C}\~{n}"
    assert tex_typewriter("ð漢\n\t") == "????"
    assert tex_text("50% of {x_1} <é>~") == (
        r"50\% of \{x\_1\} {\ttfamily\char60}\'{e}{\ttfamily\char62}"
        r"{\ttfamily\char126}"
    )


def test_lines_dashes_and_sizes_follow_the_svg_geometry():
    line = Path("a", ((0, 50), (100, 50)), BLACK, 1.0)
    assert (
        body(to_tikz([drawing(line, width=100)]))[1]
        == r"\draw[gt2, line width=1pt, line join=round] (0,50) -- (100,50);"
    )
    dashed = Path("d", ((0, 0), (10, 0)), BLACK, 2.0, "dashed")
    dotted = Shape("s", ((0, 0), (10, 0), (5, 5)), BLACK, None, 0.5, "dotted")
    title = Text("title", 4, 20, "T", 12.5, BLACK, anchor="start", bold=True)
    lines = body(to_tikz([drawing(dashed, dotted, title)]))
    assert lines[1] == r"\draw[gt2, line width=2pt, dash pattern=on 10pt off 6pt, line join=round] (0,100) -- (10,100);"
    assert lines[2] == (
        r"\draw[gt2, line width=0.5pt, dash pattern=on 0.1pt off 2.5pt, line cap=round] "
        r"(0,100) -- (10,100) -- (5,95) -- cycle;"
    )
    assert lines[3].startswith(r"\node[gametree text, anchor=base west, text=gt2, scale=1.25] at (4,75.67) {\bfseries")


def test_bad_drawings_are_refused():
    with pytest.raises(ValueError, match="at least one"):
        to_tikz([])
    with pytest.raises(ValueError, match="same canvas"):
        to_tikz([drawing(EDGE), drawing(EDGE, width=300)])
    with pytest.raises(ValueError, match="#rrggbb"):
        to_tikz([drawing(node("red"))])


def test_standalone_wrapper():
    text = standalone_tex("tree.tex", title="Alpha-beta: 50% & {x_1}")
    assert r"\documentclass[aspectratio=169]{beamer}" in text and r"\usepackage{tikz}" in text
    assert "\\input{tree.tex}\n" in text and "pdflatex tree-slides.tex" in text
    assert r"\frametitle{Alpha-beta: 50\% \& \{x\_1\}}" in text
    assert r"\frametitle" not in standalone_tex("tree.tex", title="")
    assert slides_file_name("tree.tex") == "tree-slides.tex"
    assert slides_file_name("out/tree") == "out/tree-slides.tex"
    for name in ("a%b.tex", "a#b", "x\\y.tex", " lead.tex", "é.tex", "two\nlines", ""):
        with pytest.raises(InputError) as caught:
            standalone_tex(name, title="t")
        assert "\n" not in str(caught.value) and "name the output with letters" in str(caught.value)


def pdf_page_count(pdf: bytes) -> int:
    """How many page objects ("/Type /Page", not "/Pages") a PDF holds, read with a regex over the file and
    every Flate stream in it, since pdflatex packs objects into compressed object streams."""
    chunks = [pdf]
    for match in re.finditer(rb"stream\r?\n(.*?)endstream", pdf, re.DOTALL):
        with contextlib.suppress(zlib.error):
            chunks.append(zlib.decompressobj().decompress(match.group(1)))
    return sum(len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", chunk)) for chunk in chunks)


def compile_pdf(folder, main: str) -> bytes:
    result = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", main],
        cwd=folder,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        errors="replace",
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    return (folder / main).with_suffix(".pdf").read_bytes()


NASTY = '#3  v=5 \\ # $ % & _ { } ~ ^ < > | " ` ?` !` -- X1.O0 Éte ß ð 漢'


@needs_pdflatex
def test_the_slides_compile_to_one_page_per_frame(tmp_path):
    frames = three_frames()
    frames[1] = drawing(*frames[1].items, Text("caption:0", 4, 90, NASTY, 8, BLUE, anchor="start", bold=True))
    frames.append(frames[-1])  # a step that changes nothing still gets its overlay
    (tmp_path / "my tree.tex").write_text(to_tikz(frames), encoding="ascii")
    (tmp_path / "my tree-slides.tex").write_text(standalone_tex("my tree.tex", title=NASTY), encoding="ascii")
    pdf = compile_pdf(tmp_path, "my tree-slides.tex")
    assert pdf_page_count(pdf) == 4
    assert "(4 pages" in (tmp_path / "my tree-slides.log").read_text(errors="replace")


@needs_pdflatex
def test_a_still_picture_compiles_in_a_plain_document(tmp_path):
    (tmp_path / "still.tex").write_text(to_tikz([drawing(EDGE, node(RED), LABEL)]), encoding="ascii")
    (tmp_path / "paper.tex").write_text(
        "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n"
        "\\newcommand{\\gametreewidth}{5cm}\\input{still.tex}\n\\end{document}\n",
        encoding="ascii",
    )
    assert pdf_page_count(compile_pdf(tmp_path, "paper.tex")) == 1
