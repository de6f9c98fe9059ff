"""Provides the exception classes that carry one user-facing line each."""

__all__ = ["VisualizerError", "InputError", "NodeBudgetExceeded", "NoStaticValue"]


class VisualizerError(Exception):
    """Base class: the message is one line saying what is wrong and how to fix it."""


class InputError(VisualizerError):
    """A tree, board or option given by the user cannot be used."""


class NoStaticValue(VisualizerError):
    """A depth limit stopped the search at a node that has no static value."""


class NodeBudgetExceeded(VisualizerError):
    """A search entered more nodes than the recorder's budget allows."""
