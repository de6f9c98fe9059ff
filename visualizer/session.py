"""Provides `Session`: what the app is showing (game, search options, trace, replay cursor), without Textual."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from visualizer.games import Game, lookahead
from visualizer.games.registry import from_spec
from visualizer.search import ALGORITHMS, find_algorithm, trace_search
from visualizer.search.registry import REGISTRY, Configuration
from visualizer.steps.replay import Replay
from visualizer.tracing import Trace

__all__ = ["Session"]


@dataclass
class Session:
    """One search on screen. Changing the algorithm, root or depth searches the same tree again.

    Attributes:
        game: the tree source (None for a replayed trace whose source cannot be rebuilt).
        options: the search options by name, e.g. {"tt": True}; each search passes those its algorithm takes.
        compared: the two searches last compared, as written in the compare dialog (None before).
    """

    game: Game | None
    algorithm: str = "alphabeta"
    depth: int | None = None
    strict: bool = False
    trace: Trace | None = None
    options: dict[str, Any] = field(default_factory=dict)
    compared: tuple[str, str] | None = None
    replay: Replay = field(init=False)

    def __post_init__(self) -> None:
        self.use(self.search() if self.trace is None else self.trace)

    @classmethod
    def from_trace(cls, trace: Trace, game: Game | None = None) -> Session:
        """A session that replays a saved trace (and can search its tree, `game` or rebuilt from its source)."""
        game = from_spec(trace.source) if game is None else game
        return cls(game, trace.algorithm, trace.depth_limit, trace.strict, trace, dict(trace.options))

    def search(self, progress: Callable[[int], None] | None = None) -> Trace:
        """Runs the search for the current options (the caller installs the trace with `use`)."""
        assert self.game is not None  # a replayed trace whose source cannot be rebuilt is not searched again
        depth = lookahead(self.game, self.depth)
        options = self.configuration().options
        return trace_search(self.game, self.algorithm, depth=depth, strict=self.strict, progress=progress, **options)

    def compare_choices(self) -> tuple[str, str]:
        """The two searches the compare dialog opens with: those compared last, or minimax and the one
        on screen (alpha-beta when that is minimax), as `parse_configuration` reads them."""
        if self.compared is not None:
            return self.compared
        current = self.configuration()
        baseline = next(algorithm.name for algorithm in REGISTRY.values() if algorithm.baseline)
        return baseline, current.text if not current.algorithm.baseline else "alphabeta"

    def configuration(self) -> Configuration:
        """The search on screen: its algorithm and the options it takes."""
        record = find_algorithm(self.algorithm)
        return Configuration(record, {name: value for name, value in self.options.items() if name in record.options})

    def use(self, trace: Trace) -> None:
        """Shows `trace` from step 0."""
        self.trace = trace
        self.replay = Replay(trace)

    def next_algorithm(self, *, after: str | None = None) -> str:
        """The algorithm after `after` (the current one by default), in `ALGORITHMS` order."""
        current = after if after in ALGORITHMS else self.algorithm
        return ALGORITHMS[(ALGORITHMS.index(current) + 1) % len(ALGORITHMS)]

    def flipped_root(self) -> Game:
        """The same game with the other player at the root."""
        assert self.game is not None and self.trace is not None
        other = self.trace.root_player.other
        return from_spec({**self.game.spec(), "root": other.value})
