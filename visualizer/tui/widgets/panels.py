"""Provides the search screen's text panels: `CallStack` (the open nodes), `EventLog` (the sentences of the steps
so far) and `StatusBar` (the counts of the step)."""

from __future__ import annotations

from itertools import islice

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import Static

from visualizer.games.base import format_value
from visualizer.steps.describe import describe
from visualizer.steps.replay import Replay
from visualizer.steps.visits import format_mean, is_monte_carlo, visit_counts
from visualizer.tracing import Trace
from visualizer.tui.node_labels import MARKERS, VIEW_LEGEND, shown_value
from visualizer.tui.widgets.node_table import node_lookup
from visualizer.tui.widgets.static_update import update_static

__all__ = ["CallStack", "EventLog", "StatusBar"]


class CallStack(Static):
    """One line per open node: marker, name, window and value so far (negamax: from the mover's view, as the
    border title says)."""

    def __init__(self, trace: Trace, **kwargs) -> None:
        super().__init__(**kwargs)
        self.trace = trace
        self._node = node_lookup(trace)
        self.lines: list[str] = []  # the lines on screen (for tests)
        if trace.is_negamax:
            self.border_title = VIEW_LEGEND

    def show(self, replay: Replay) -> None:
        """Lists `replay.stack`, deepest last."""
        self.lines = []
        movers_view = self.trace.is_negamax
        for depth, node_id in enumerate(replay.stack):
            node, view = self._node(node_id), replay.views[node_id]
            window = "" if view.alpha is None else f" [{format_value(view.alpha)}, {format_value(view.beta)}]"
            value = format_value(shown_value(node, view.value, movers_view=movers_view))
            self.lines.append(f"{'  ' * depth}{MARKERS[node.player]}{node.name}{window} = {value}")
        update_static(self, "\n".join(self.lines) or "(nothing open)")


SHOWN = 40  # how many of the latest sentences are kept on screen


class EventLog(Static):
    """One plain sentence per step, e.g. "E: J = 3 <= alpha 6, so K is pruned (cut-off)."."""

    def __init__(self, trace: Trace, **kwargs) -> None:
        super().__init__(**kwargs)
        self.trace = trace
        self.lines: list[str] = []  # the sentences shown, oldest first (for tests); the screen lists them newest first
        self._sentences: dict[int, str] = {}
        """Step -> its numbered sentence, for the steps last shown: a step tells only its own event."""
        self._drawn = 0  # how many of `lines`, newest first, are on screen

    def show(self, step: int) -> None:
        """Shows the sentences of steps up to `step`, the current one first."""
        first = max(1, step - SHOWN + 1)
        known = self._sentences
        self._sentences = {number: known.get(number) or self._sentence(number) for number in range(first, step + 1)}
        self.lines = list(self._sentences.values())
        if not self.lines:
            self.lines = ["0. Paused at the start: press space to play, or right to step."]
        self._draw()

    def _room(self) -> int:
        """The most sentences that could be in view: as many as the rows of a container that does not scroll."""
        parent = self.parent
        if not isinstance(parent, Widget) or parent.styles.overflow_y != "hidden" or not parent.content_size.height:
            return SHOWN
        return min(SHOWN, parent.content_size.height)

    def _draw(self) -> None:
        """Puts the newest sentences on screen, as many as could be in view (each takes a row or more)."""
        self._drawn = min(len(self.lines), self._room())
        text = Text()
        for index, line in enumerate(islice(reversed(self.lines), self._drawn)):
            text.append(("> " if index == 0 else "  ") + line + "\n", style="bold" if index == 0 else "dim")
        update_static(self, text)

    def on_resize(self, event: events.Resize) -> None:
        """Adds the sentences that now fit, when the container has grown."""
        if self._drawn < min(len(self.lines), self._room()):
            self._draw()

    def _sentence(self, number: int) -> str:
        return f"{number}. {describe(self.trace, self.trace.events[number - 1])}"


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
        self.text = "  ".join(parts)
        update_static(self, self.text)

    def show_progress(self, algorithm: str, nodes: int) -> None:
        """Says that a search is running and how far it has got."""
        self.text = f"searching with {algorithm}: {nodes:,} nodes entered..."
        update_static(self, self.text)

    def show_jump(self, step: int, fraction: float) -> None:
        """Says that a long jump is under way and how far it has got."""
        self.text = f"jumping to step {step:,}: {fraction:.0%} (keys wait until it is there)"
        update_static(self, self.text)
