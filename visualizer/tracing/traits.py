"""Provides `AlgorithmTraits`: what a trace must know about the algorithm that made it, by name."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AlgorithmTraits:
    """How an algorithm's events read (as `search.Algorithm` describes them); when it `revisits`, a node
    is its path from the root, and entering it again reopens it; when it `estimates`, its value is an
    estimate (Monte Carlo), which proves nothing about the game."""

    windowed: bool
    movers_view: bool
    revisits: bool = False
    null_windows: bool = False
    test_passes: bool = False
    estimates: bool = False


UNKNOWN_TRAITS = AlgorithmTraits(windowed=True, movers_view=False)
"""The traits of a name nobody registered: a window, values from MAX's view."""

_TRAITS: dict[str, AlgorithmTraits] = {}
"""The traits of each algorithm `visualizer.search.register` has registered (tracing imports no search)."""


def register_traits(name: str, traits: AlgorithmTraits) -> None:
    """Records the traits of the algorithm `name` (`visualizer.search.register` calls this)."""
    _TRAITS[name] = traits


def unregister_traits(name: str) -> None:
    """Forgets the traits of `name`, if any (`visualizer.search.unregister` calls this)."""
    _TRAITS.pop(name, None)


def traits_of(name: str) -> AlgorithmTraits:
    """The traits of the algorithm called `name`, `UNKNOWN_TRAITS` if none is registered."""
    return _TRAITS.get(name, UNKNOWN_TRAITS)
