"""Provides `GameOption`: one setting of a kind of tree source, as plain data that the command line makes a flag
of and the app's New-tree dialog a field of, both reading its text with the same `parse`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["GameOption"]


@dataclass(frozen=True)
class GameOption:
    """One setting of a kind of tree source (`GameKind.options`); `from_options` reads it by `name`.

    Kinds may share an option (tic-tac-toe and connect four both take `--board`): the command line has
    one flag for it, which every kind that lists an option of that name owns.

    Attributes:
        flag: the command-line flag, e.g. "--max-take"; `from_options` reads the option by `name`.
        help: the flag's help, its default in brackets, e.g. "NIM: take 1..K each move (3)".
        parse: reads the text (argparse's `type`), raising ValueError when it cannot, e.g. `int`.
        metavar: the value's name in `--help`, e.g. "K".
        choices: the only values it takes: argparse's choices, the form's radio buttons.
        switch: a flag without a value (True when given, None when not); the form's tick box.
        label: the form's label; "" keeps the option off the New-tree form.
        hint: the form's help: a blank field's placeholder (the default, e.g. "3"), a tick box's words,
            or the item that a list of `choices` or `menu` starts on.
        menu: a list to choose from, each name with a line about it (the evaluators); the command line
            takes any text and the game checks it.
        squares: the form shows it as nine squares to click (a tic-tac-toe board).
        fresh: when blank, a new random seed, drawn once by the caller (the command line prints it; the
            form keeps it while open, so the tree does not change under the user).
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
