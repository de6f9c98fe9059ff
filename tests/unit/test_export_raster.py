"""Tests the raster formats: PNG size and pixels, stable PNG/PDF bytes, lazily made PNG frames."""

import io

import pytest
from PIL import Image

from tests.drawing_samples import BLUE, RED, WHITE, scene
from visualizer.errors import InputError
from visualizer.pictures.drawing import Drawing, Text
from visualizer.pictures.raster import frames_png, pixel_size, to_pdf, to_png


def pixels(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def near(colour, expected, tolerance=8):
    return all(abs(channel - wanted) <= tolerance for channel, wanted in zip(colour, expected))


@pytest.mark.parametrize(("dpi", "size"), [(72, (100, 50)), (150, (208, 104)), (200, (278, 139))])
def test_png_size_follows_the_dpi(dpi, size):
    # 100 pt is 100/72 inch: 208.33 px at 150 dpi, 277.78 at 200; 50 pt is 104.17 and 138.89
    assert pixels(to_png(scene(), dpi=dpi)).size == size
    assert pixel_size(scene(), dpi) == size


def test_png_size_rounds_to_nearest():
    odd = Drawing(101.5, 33.3, "#ffffff", ())
    # 101.5 / 72 * 200 = 281.94 -> 282; 33.3 / 72 * 200 = 92.5 -> 92 (round half to even)
    assert pixels(to_png(odd, dpi=200)).size == (282, 92)


def test_png_pixels_show_fills_order_and_background():
    image = pixels(to_png(scene(), dpi=72))
    assert near(image.getpixel((15, 15)), RED)  # the red square's uncovered left part
    assert near(image.getpixel((35, 15)), BLUE)  # the blue square, painted later, covers the overlap
    assert near(image.getpixel((25, 12)), BLUE)
    assert near(image.getpixel((50, 25)), WHITE)  # background
    assert near(image.getpixel((2, 2)), WHITE)
    assert near(image.getpixel((15, 8)), RED) and near(image.getpixel((15, 41)), WHITE)  # y grows downwards


def test_png_line_patterns():
    image = pixels(to_png(scene(), dpi=72))
    solid = [image.getpixel((x, 35)) for x in range(10, 80)]
    dashed = [image.getpixel((x, 45)) for x in range(10, 80)]
    assert all(sum(colour) < 100 for colour in solid)
    assert any(near(colour, WHITE) for colour in dashed) and any(sum(colour) < 100 for colour in dashed)


def test_text_is_centred_on_its_point():
    size = 40
    lone = Drawing(200, 100, "#ffffff", (Text("t", 100, 50, "H0", size, "#000000"),))
    image = pixels(to_png(lone, dpi=72))
    ink = [(x, y) for y in range(100) for x in range(200) if sum(image.getpixel((x, y))) < 384]
    rows, columns = [y for _, y in ink], [x for x, _ in ink]
    # capitals and digits stand 0.73 em tall on the baseline: their middle is y within a few pixels
    assert abs((min(rows) + max(rows) + 1) / 2 - 50) <= 2
    assert abs((min(columns) + max(columns) + 1) / 2 - 100) <= 2
    assert max(rows) - min(rows) > 0.6 * size


def test_text_anchor_end():
    right = Drawing(200, 60, "#ffffff", (Text("t", 150, 30, "END", 20, "#000000", anchor="end"),))
    image = pixels(to_png(right, dpi=72))
    columns = [x for y in range(60) for x in range(200) if sum(image.getpixel((x, y))) < 384]
    assert 145 <= max(columns) <= 150
    assert 150 - min(columns) > 2 * 0.6 * 20  # three characters, 0.6 em each, end at x


def test_png_is_deterministic_and_has_no_text_chunks():
    first, second = to_png(scene(), dpi=100), to_png(scene(), dpi=100)
    assert first == second
    assert first.startswith(b"\x89PNG\r\n\x1a\n")
    for chunk in (b"tEXt", b"iTXt", b"zTXt", b"tIME"):
        assert chunk not in first
    assert to_png(scene("#00ff00"), dpi=100) != first


def test_pdf_is_vector_deterministic_and_page_sized():
    first, second = to_pdf(scene()), to_pdf(scene())
    assert first.startswith(b"%PDF")
    assert first == second
    assert b"/MediaBox [ 0 0 100 50 ]" in first
    assert b"CreationDate" not in first and b"Producer" not in first
    assert b"/Title (scene)" in first


def test_bad_dpi_is_one_line():
    with pytest.raises(InputError, match="--dpi must be a positive number"):
        to_png(scene(), dpi=0)
    with pytest.raises(InputError, match="too large; lower --dpi"):
        to_png(scene(), dpi=100_000)


def test_frames_png_are_lazy_pngs():
    drawings = iter([scene(), scene("#00ff00")])
    frames = frames_png(drawings, dpi=72)
    first = next(frames)
    assert next(drawings).title == "scene"  # the second drawing is not read yet
    assert pixels(first).getpixel((15, 15)) == RED


def test_a_painter_that_keeps_its_frames_paints_each_drawing_once_per_dpi(monkeypatch):
    from visualizer.pictures.raster import Painter

    painter, painted = Painter(keeps=True), []
    paint = painter.paint
    monkeypatch.setattr(
        painter, "paint", lambda drawing, **options: painted.append(drawing) or paint(drawing, **options)
    )
    first = list(frames_png([scene(), scene("#00ff00")], dpi=72, painter=painter))
    again = list(frames_png([scene(), scene("#00ff00"), scene()], dpi=72, painter=painter))
    assert len(painted) == 2  # the second call (an MP4 after a GIF) paints nothing
    assert [pixels(png).getpixel((15, 15)) for png in again] == [RED, (0, 255, 0), RED]
    assert [pixels(png).tobytes() for png in first] == [pixels(png).tobytes() for png in again[:2]]
    list(frames_png([scene()], dpi=36, painter=painter))
    assert len(painted) == 3  # another size is painted afresh


def test_a_long_line_is_as_wide_in_pixels_as_the_drawing_reckons_at_a_slides_resolution():
    from visualizer.pictures.drawing import text_width

    dpi, text = 72 * 1.37, "0" * 60  # the mid-game slide's scale; hinted glyphs came out 13 px short
    drawing = Drawing(400, 30, "#ffffff", (Text("line", 10, 15, text, 10, "#000000", anchor="start"),))
    ink = Image.eval(pixels(to_png(drawing, dpi=dpi)).convert("L"), lambda level: 255 - level).getbbox()
    expected = text_width(text, 10) * dpi / 72
    assert abs((ink[2] - ink[0]) - expected) < 3, (ink, expected)
