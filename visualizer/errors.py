"""Provides the exception classes that carry one user-facing line each, and the helpers that keep it one line."""

import json

from visualizer.shown_text import escaped

__all__ = [
    "GraphvizMissing",
    "InputError",
    "NoStaticValue",
    "NodeBudgetExceeded",
    "RenderError",
    "TraceFileError",
    "VisualizerError",
    "one_line",
    "shown",
]


class VisualizerError(Exception):
    """Base class: the message is one line saying what is wrong and how to fix it."""


class InputError(VisualizerError):
    """A tree, board or option given by the user cannot be used."""


class NoStaticValue(VisualizerError):
    """A depth limit stopped the search at a node that has no static value."""


class NodeBudgetExceeded(VisualizerError):
    """A search entered more nodes than the recorder's budget allows."""


class TraceFileError(InputError):
    """A trace file cannot be loaded: not JSON, cut short, not a trace, invalid, or of another version."""


class GraphvizMissing(InputError):
    """Graphviz's `dot` program is needed to render SVG or PNG and is not installed."""


class RenderError(InputError):
    """Graphviz's `dot` ran but could not render the file."""


SHOWN_LENGTH = 40
"""Values quoted in messages are cut to about this many characters."""


def one_line(message: str) -> str:
    """`message` as it may be shown: a line break or other control character (from a file name, a node's name
    or an option the user typed) is written as its escape (`shown_text.escaped`), so one error is always one
    line, and one that cannot restyle or clear the terminal."""
    return escaped(message)


def shown(value: object) -> str:
    """A value quoted in a message: text as Python writes it ('deep'), anything else as JSON
    ([1, "a"], null); cut to about `SHOWN_LENGTH` characters."""
    if isinstance(value, str):
        text = repr(value)
    else:
        try:
            text = json.dumps(value)
        except (TypeError, ValueError, RecursionError):  # not JSON, or an integer with too many digits to print
            text = f"a {type(value).__name__}"
    return text if len(text) <= SHOWN_LENGTH else text[: SHOWN_LENGTH - 3] + "..."
