"""Provides `Configuration`: one search as users write it, an algorithm with options after "+",
e.g. "alphabeta+fail-hard+window=-5:5", for `compare` and the app's compare mode."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from visualizer.errors import InputError
from visualizer.search.options import OPTIONS, option_label, parse_option
from visualizer.search.registry import Algorithm, find_algorithm

__all__ = ["Configuration", "parse_configuration"]


@dataclass(frozen=True)
class Configuration:
    """An algorithm and the search options it is run with.

    Attributes:
        algorithm: the registered algorithm.
        options: `OPTIONS` by name, each one the algorithm takes.
    """

    algorithm: Algorithm
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """How output names it: "alphabeta", "alphabeta fail-hard window -5:5"."""
        return " ".join([self.algorithm.name, *(option_label(name, value) for name, value in self.options.items())])

    @property
    def text(self) -> str:
        """As users write it, "alphabeta+fail-hard+window=-5:5" (`parse_configuration` reads it back)."""
        parts = [self.algorithm.name]
        for name, value in self.options.items():
            word = OPTIONS[name].flag.lstrip("-")
            parts.append(word if value is True else f"{word}={option_label(name, value).split(' ', 1)[1]}")
        return "+".join(parts)


def parse_configuration(text: str) -> Configuration:
    """"alphabeta+tt" as a `Configuration`; options it does not take are refused.

    Raises:
        InputError: an unknown algorithm or option, a bad value, or an option the algorithm does not take.
    """
    if not text.strip():
        raise InputError("the search is blank; write an algorithm, e.g. alphabeta or alphabeta+tt")
    name, *settings = text.split("+")
    algorithm = find_algorithm(name)
    options = dict(parse_option(setting) for setting in settings)
    algorithm.settings(options)
    return Configuration(algorithm, options)
