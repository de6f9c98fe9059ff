"""Provides the search screen's text panels: `CallStack` (the open nodes), `EventLog` (the sentences of the steps
so far) and `StatusBar` (the counts of the step)."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.content import Content
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from visualizer.games.base import format_value
from visualizer.shown_text import escaped
from visualizer.steps.describe import describe
from visualizer.steps.replay import Replay
from visualizer.steps.visits import format_mean, is_monte_carlo, visit_counts
from visualizer.tracing import Trace
from visualizer.tui.node_labels import MARKERS, VIEW_LEGEND, shown_value
from visualizer.tui.widgets.node_table import node_lookup
from visualizer.tui.widgets.static_update import update_static

__all__ = ["CallStack", "EventLog", "KeyFooter", "StatusBar"]


class CallStack(Widget):
    """One line per open node: marker, name, window and value so far (negamax: from the mover's view, as the
    border title says), deepest last.

    The box is as tall as the trace's deepest stack (up to its CSS max-height), so stepping never moves the
    panels or lays out the screen. When the stack is taller than the box, the lines nearest the root give way
    to one that says how many are above: the current node stays in view.
    """

    virtual_size: Reactive[Size] = Reactive(Size(0, 0))
    """`Widget.virtual_size` that asks for no second layout when a layout sets it (no children or scroll bars)."""

    def __init__(self, trace: Trace, **kwargs) -> None:
        super().__init__(**kwargs)
        self.trace = trace
        self._node = node_lookup(trace)
        self.lines: list[str] = []  # the open nodes' lines, root first (for tests)
        if trace.is_negamax:
            self.border_title = VIEW_LEGEND
        depths, summary = trace.columns.depth, trace.summary
        visited = map(depths.__getitem__, summary.visit_order) if summary.pruned or summary.unreached else depths
        self.deepest = 1 + max(visited, default=0)  # (with nothing pruned or unreached, every node was visited)
        """The most nodes ever open at once: the lines the box has room for, when its max-height allows."""

    def on_mount(self) -> None:
        self.styles.height = self.deepest + self.styles.gutter.height  # (once the CSS has given it its border)

    def show(self, replay: Replay) -> None:
        """Lists `replay.stack`, deepest last."""
        lines = []
        for depth, node_id in enumerate(replay.stack):
            node, view = self._node(node_id), replay.views[node_id]
            window = "" if view.alpha is None else f" [{format_value(view.alpha)}, {format_value(view.beta)}]"
            value = format_value(shown_value(node, view.value, movers_view=self.trace.is_negamax))
            lines.append(f"{'  ' * depth}{MARKERS[node.player]}{escaped(node.name)}{window} = {value}")
        if lines != self.lines:  # drawn again only when a line changed
            self.lines = lines
            self.refresh()

    def render(self) -> Content:
        """The open nodes' lines that fit, the deepest kept."""
        rows, lines = max(1, self.size.height), self.lines or ["(nothing open)"]
        if len(lines) > rows:  # the deepest rows - 1, indented from the first of them, under a line for the rest
            shown = lines[len(lines) - rows + 1 :] if rows > 1 else lines[-1:]
            indent = len(shown[0]) - len(shown[0].lstrip(" "))
            lines = [f"⋮ {len(lines) - len(shown)} more above"][: rows - 1] + [line[indent:] for line in shown]
        return Content("\n".join(lines))


SHOWN = 40  # how many of the latest sentences are kept


class EventLog(Widget):
    """One plain sentence per step, e.g. "E: J = 3 <= alpha 6, so K is pruned (cut-off).", the newest on top."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0))  # as `CallStack.virtual_size`: no second layout

    def __init__(self, trace: Trace, **kwargs) -> None:
        super().__init__(**kwargs)
        self.trace = trace
        self.lines: list[str] = []  # the sentences kept, oldest first (for tests); the screen lists them newest first
        self._sentences: dict[int, str] = {}
        """Step -> its numbered sentence, for the steps last shown: a step tells only its own event."""

    def show(self, step: int) -> None:
        """Shows the sentences of steps up to `step`, the current one first."""
        first = max(1, step - SHOWN + 1)
        known = self._sentences
        self._sentences = {
            number: known.get(number) or escaped(f"{number}. {describe(self.trace, self.trace.events[number - 1])}")
            for number in range(first, step + 1)
        }
        lines = list(self._sentences.values()) or ["0. Paused at the start: press space to play, or right to step."]
        if lines != self.lines:
            self.lines = lines
            self.refresh()

    def render(self) -> Content:
        """The newest sentences, as many as fill the rows in view (drawn again at each step and each resize):
        a sentence of n cells takes n / width rows or more."""
        width, room = max(1, self.size.width), self.size.height
        parts: list[str | tuple[str, str]] = []
        for index, line in enumerate(reversed(self.lines)):
            if room <= 0:
                break
            shown = ("> " if index == 0 else "  ") + line
            room -= -(-cell_len(shown) // width)
            parts += [(shown, "bold" if index == 0 else "dim"), "\n"]
        return Content.assemble(*parts)


class StatusBar(Static):
    """One line of counts; `text` keeps the plain line for tests."""

    text = ""

    def show(self, replay: Replay, *, playing: bool, speed: float) -> None:
        """Describes where the replay stands."""
        trace, summary = replay.trace, replay.trace.summary
        parts = [trace.algorithm, f"root {trace.root_player.value.upper()}"]
        if trace.depth_limit is not None:
            parts.append(f"depth {trace.depth_limit}")
        if trace.earlier_passes:  # the app replays the last pass of a search of several
            passes = len(trace.passes)
            parts.append(f"pass {passes}/{passes}")
        parts.append(f"step {replay.step}/{replay.count}")
        if is_monte_carlo(trace):  # iterations done, not nodes opened (each iteration opens several)
            counts = visit_counts(trace)
            parts += [
                f"mean {format_mean(replay.views[0].value)}",
                f"iteration {counts.at(0, replay.step)}/{counts.final(0)}",
            ]
        else:
            parts += [
                f"value {format_value(replay.views[0].value)}",
                f"visited {replay.visited}/{summary.nodes_visited}",
                f"cut-offs {replay.cutoffs}/{len(summary.cutoffs)}",
            ]
        parts.append(f"playing {speed:g}/s" if playing else "paused")
        self.text = escaped("  ".join(parts))
        update_static(self, Content(self.text))  # (plain text: an algorithm's name from a file is no markup)

    def show_progress(self, algorithm: str, nodes: int) -> None:
        """Says that a search is running and how far it has got."""
        self.text = f"searching with {algorithm}: {nodes:,} nodes entered..."
        update_static(self, self.text)

    def show_jump(self, step: int, fraction: float) -> None:
        """Says that a long jump is under way and how far it has got."""
        self.text = f"jumping to step {step:,}: {fraction:.0%} (keys wait until it is there)"
        update_static(self, self.text)


class KeyFooter(Footer):
    """Textual's footer, drawn again once for a burst of binding changes, and only when the keys it would show
    changed: opening a screen changes its bindings three times, focus moves change them without changing a key, and
    each redraw restyles every key."""

    redraw_pending = False
    """True from a change of the bindings until the footer is composed again."""

    drawn: tuple[object, ...] | None = None
    """The bindings (with whether each is enabled, and its tooltip) that the footer last drew."""

    def bindings_changed(self, screen: Screen) -> None:
        if screen is self.screen and (self.redraw_pending or _keys(screen) == self.drawn):
            return  # the pending redraw reads the bindings as they are then, or nothing would change
        super().bindings_changed(screen)
        self.redraw_pending = self.is_attached and screen is self.screen and screen.app.app_focus

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            compact = getattr(type(widget), "compact", None)
            if isinstance(compact, Reactive) and not widget.has_class("-command-palette"):
                # A key bound to the footer's `compact` takes it before it mounts, else its watcher restyles it twice
                # (the command palette's key keeps its own).
                widget.set_reactive(compact, self.compact)
            yield widget

    async def recompose(self) -> None:
        self.redraw_pending = False
        self.drawn = _keys(self.screen)  # what the compose below reads
        await super().recompose()


def _keys(screen: Screen) -> tuple[object, ...]:
    """What a footer shows of `screen`'s bindings: each binding, whether it is enabled, and its tooltip."""
    return tuple((binding, enabled, tooltip) for _, binding, enabled, tooltip in screen.active_bindings.values())
