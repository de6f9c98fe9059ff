"""Provides `GameOption`: one setting of a kind of tree source, as plain data that the command line makes a flag
of and the app's New-tree dialog a field of, both reading its text with the same `parse`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameOption:
    """One setting of a kind of tree source (`GameKind.options`); `from_options` reads it by `name`. Kinds
    may share an option (`--board`): the command line has one flag for it.

    Attributes:
        parse: reads the text (argparse's `type`), raising ValueError when it cannot, e.g. `int`.
        switch: a flag without a value (True when given, None when not); the form's tick box.
        label: the form's label; "" keeps the option off the New-tree form.
        hint: the form's help: a blank field's placeholder, a tick box's words, or the item a list starts on.
        menu: a list to choose from, each name with a line about it (the evaluators).
        squares: the form shows it as nine squares to click (a tic-tac-toe board).
        fresh: when blank, a new random seed, drawn once by the caller.
    """

    flag: str
    help: str
    parse: Callable[[str], Any] = str
    metavar: str | None = None
    choices: tuple[str, ...] = ()
    switch: bool = False
    label: str = ""
    hint: str = ""
    menu: tuple[tuple[str, str], ...] = ()
    squares: bool = False
    fresh: bool = False

    @property
    def name(self) -> str:
        """What `from_options` and the parsed arguments call it: the flag as argparse names it ("max_take")."""
        return self.flag.lstrip("-").replace("-", "_")
