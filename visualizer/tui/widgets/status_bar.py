"""Provides `StatusBar`: algorithm, pass, step i of N, value so far, nodes visited and cut-offs (Monte Carlo:
the mean so far and the iteration)."""

from __future__ import annotations

from textual.widgets import Static

from visualizer.games.base import format_value
from visualizer.steps.replay import Replay
from visualizer.steps.visits import format_mean, is_monte_carlo, visit_counts
from visualizer.tui.widgets.static_update import update_static

__all__ = ["StatusBar"]


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
