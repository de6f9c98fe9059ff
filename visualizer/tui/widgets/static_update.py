"""Provides `update_static`: `Static.update` that draws new content once and lays out only when needed."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static

__all__ = ["DrawnContent", "update_static"]


class DrawnContent(Content):
    """`Content` that keeps its latest drawing (keyed by size, style and text rules), so that repainting it
    unchanged costs no new wrapping: a step repaints a widget up to three times."""

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        rules = options.rules
        key = (
            width,
            height,
            style,
            options.get_style,
            options.selection,
            options.selection_style,
            options.post_style,
            rules.get("text_align", "left"),
            rules.get("text_overflow", "fold"),
            rules.get("text_wrap", "wrap"),
            rules.get("line_pad", 0),
        )
        drawn = self.__dict__.get("_drawn")
        if drawn is None or drawn[0] != key:
            drawn = self.__dict__["_drawn"] = (key, super().render_strips(width, height, style, options))
        return list(drawn[1])


def update_static(widget: Static, content: VisualType, *, layout: bool | None = None) -> None:
    """Shows `content` in `widget`, asking for a layout (which repaints the whole screen) only when the new
    content needs another size: a widget sized by its CSS never moves, one with `height: auto` only when
    its content height changes, unless its max-height cuts the content short after and did before or there
    once (`_TALLEST`);
    `width: auto` or not yet laid out always takes one.

    `layout` is True or False when the caller knows whether the size changes; None to work it out.
    """
    visual = visualize(widget, content, markup=getattr(widget, "_render_markup", True))
    if type(visual) is Content:  # the same text and spans, drawn once
        visual = DrawnContent(visual.plain, list(visual.spans), visual.cell_length, strip_control_codes=False)
    if layout is not None:
        widget.update(visual, layout=layout)
        return
    styles = widget.styles
    width = widget.content_size.width
    if not widget.is_mounted or not width or widget.is_container or (styles.width is not None and styles.width.is_auto):
        widget.update(visual)
        return
    if styles.height is None or not styles.height.is_auto:
        widget.update(visual, layout=False)
        return
    size = widget.size
    before = widget.get_content_height(size, size, width)
    widget.update(visual, layout=False)
    after = widget.get_content_height(size, size, width)
    cut = before > size.height or _TALLEST.get(widget) == (widget.region, widget.container_viewport, widget.app.size)
    if after != before and not (cut and after >= size.height):
        widget.refresh(layout=True)
        widget.call_after_refresh(_note_tallest, widget)


_TALLEST: WeakKeyDictionary[Widget, tuple] = WeakKeyDictionary()
"""Where each widget was (its region, its container's region, the screen's size) when a layout cut its content
short: its max-height lets it grow no more there."""


def _note_tallest(widget: Widget) -> None:
    """Once a layout is over, notes where `widget` is if its content is cut short (`_TALLEST`)."""
    size = widget.size
    if widget.is_mounted and widget.get_content_height(size, size, size.width) > size.height:
        _TALLEST[widget] = (widget.region, widget.container_viewport, widget.app.size)
