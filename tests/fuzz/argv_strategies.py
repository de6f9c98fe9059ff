"""Provides hypothesis strategies for `visualizer` argv, drawn from the real parser's commands and options."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from hypothesis import strategies as st

from visualizer.cli.parser import build_parser

__all__ = [
    "ANSWERS_KEY",
    "ANSWERS_WRONG",
    "COMMITTED_TRACE",
    "Command",
    "EDGE_VALUES",
    "Option",
    "READ_OPTIONS",
    "argvs",
    "commands",
]

COMMITTED_TRACE = Path(__file__).resolve().parents[2] / "traces" / "example15-alphabeta.json"
"""A trace the repository ships (read only: the fuzz copies it to `trace.json` in each work folder)."""

ANSWERS_KEY = """\
exercise 5R23-BRW
A  4 4 +inf
  B  -7 -inf -7
    D  -2 -inf +inf
    E  -7 -inf -2
  C  4 -7 4
    F  5 -7 +inf
    G  4 -7 5
"""
"""The right answers for exercise 5R23-BRW (branching 2, depth 2, seed 1), worked by hand:
MAX over MIN(-2, -7) = -7 and MIN(5, 4) = 4 is 4, with no cut (F = 5 does not reach alpha -7)."""

ANSWERS_WRONG = ANSWERS_KEY.replace("A  4 4 +inf", "A  5 4 +inf")
"""The same sheet with one wrong value at the root: the check must exit 1."""

READ_OPTIONS = {"trace", "file", "answers", "visits", "cs188"}
"""Destinations of options that name a file to read (drawn from `_FILES` and the odd values)."""

_FILES = ("trace.json", "answers.txt", "wrong.txt", "missing.json", ".", "/dev/null", "pipe", str(COMMITTED_TRACE))
"""Files to read: "pipe" is a FIFO in each work folder (no writer: a reader that opens it would wait forever)."""

VALID_VALUES: dict[str, tuple[str, ...]] = {
    "tree": ("1,2,3", "[[3,12,8],[2,4,6],[14,5,2]]", "[[1,2],[3]]", "-2,1,0", "5"),
    "array": ("1,2,3", "1,3,5,5,3,1,2", "-2,1,0", "7", "1.5,2,3"),
    "branching": ("2", "3", "1"),
    "names": (
        "A,B,C",
        "r,a,b,c,d,e,f",
        "A,B,C,D,E,F,G,H,I,J,K,L,M,N,O",
        "r,\udcff,b",
        '&#65;,<b>,"q"',
        "a,b,c,d,e,f,g,h,i,j,k,l,m,n," + "o" * 300,
        "A,B,C,D,E,F,G,H,I,J,K,L,M,N,{}\\",
        "nodes,edges,\u2211",
        "A,B,C,D,E,F,G,H,I,J,K,L,M,N,a b",
        "-a,->,--",
    ),
    "nested": ("[[1,2],[3]]", "[[3,12,8],[2,4,6],[14,5,2]]", "[1]", "5"),
    "leaves": ("8", "4", "2", "8,16", "4,8"),
    "range": ("-10:10", "0:5", "-50:50", "3:3"),
    "seed": ("0", "1", "7"),
    "board": ("X.O/.X./...", "XOX/.O./...", "..../.O../XO.X", ".........", "XX./OO./..."),
    "eval": ("win-loss", "open-lines", "windows"),
    "rows": ("3", "4"),
    "cols": ("3", "4"),
    "connect": ("3", "2"),
    "pile": ("3", "6", "1"),
    "max_take": ("2", "3"),
    "trace": _FILES,
    "file": _FILES,
    "answers": ("answers.txt", "wrong.txt", "trace.json", "missing.txt", "/dev/null", "pipe"),
    "order": ("natural", "best", "worst", "random", "random:3"),
    "depth": ("1", "2", "3", "0"),
    "max_nodes": ("2000", "50"),
    "algorithm": ("minimax", "alphabeta", "negamax", "negamax-ab"),
    "host": ("127.0.0.1", "localhost"),
    "port": ("8765",),
    "out": ("out", "traces", "a/b"),
    "name": ("t", "my-trace"),
    "format": ("json", "dot", "json,dot", "svg", "png", "json,dot,svg", "pdf,tex", "gif"),
    "dpi": ("6", "12"),  # tiny pictures: --frames with png paints one per step
    "fps": ("2", "10"),
    "theme": ("light", "print", "dark"),
    "code": ("5R23-BRW", "XN1A-77S"),
    "algorithms": ("minimax,alphabeta", "negamax,negamax-ab", "alphabeta"),
    "cuts": ("equal", "strict", "equal,strict"),
    "depth_range": ("2:3", "1:2"),
    "trials": ("1", "2"),
    "orders": ("natural", "natural,best", "random", "best,worst"),
    "csv": ("study.csv", "out/study.csv"),
    "plot": ("study.svg", "study.png"),
}
"""Small valid values per option destination, so that one example takes milliseconds."""

EDGE_VALUES: tuple[str, ...] = (
    "",
    " ",
    "0",
    "-1",
    "-0",
    "+1",
    "-2,1,0",
    str(10**30),
    str(2**63),
    "1000000",
    "1e309",
    "-1e309",
    "nan",
    "inf",
    "-inf",
    "1_000",
    "0x10",
    "\u0663",
    "\uff11",
    "1,,2",
    ",",
    ":",
    "1:",
    "2:1",
    "[[",
    "[]",
    "[[]]",
    "{}",
    "null",
    "true",
    "None",
    "\u00fc\u2211\u2192",
    "a/b",
    "../x",
    "..",
    ".",
    "./",
    "x" * 300,
    "\udcff",
    "a\udcffb.json",
    "\udcff.csv",
    "-",
    "--",
    "&#65;",
    '""',
    "\t",
    "X" * 50,
    "9" * 5000,
    "a\nb",
    "1,\udcff,3",
    "1,nan,3",
    "1,2,1e309",
)
"""Odd values tried on every option: empty, signs, huge and non-finite numbers, unicode, bad UTF-8
(as surrogates, the way Python hands over undecodable argv), path-like text, a 300-character name."""

_GENERIC_VALUES = ("1", "2", "x")


@dataclass(frozen=True)
class Option:
    """One option or positional of a command, as the parser declares it."""

    flags: tuple[str, ...]
    dest: str
    takes_value: bool
    choices: tuple[str, ...] | None
    is_int: bool
    nargs: object


@dataclass(frozen=True)
class Command:
    """One command of `visualizer` (None for no command) and its options and positionals."""

    name: str | None
    options: tuple[Option, ...]
    positionals: tuple[Option, ...]

    def accepts(self, dest: str) -> bool:
        """True when one of the command's options stores into `dest`."""
        return any(option.dest == dest for option in self.options)


def _option(action: argparse.Action) -> Option:
    return Option(
        flags=tuple(action.option_strings),
        dest=action.dest,
        takes_value=action.nargs != 0,
        choices=tuple(str(choice) for choice in action.choices) if action.choices else None,
        is_int=action.type is int,
        nargs=action.nargs,
    )


def _command(name: str | None, parser: argparse.ArgumentParser) -> Command:
    options, positionals = [], []
    for action in parser._actions:
        if isinstance(action, (argparse._SubParsersAction, argparse._HelpAction, argparse._VersionAction)):
            continue
        (options if action.option_strings else positionals).append(_option(action))
    return Command(name, tuple(options), tuple(positionals))


def commands() -> list[Command]:
    """Every command the parser knows (introspected, so a new option is fuzzed at once), no command first."""
    parser = build_parser()
    found = [_command(None, parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.extend(_command(name, sub) for name, sub in action.choices.items())
    return found


@cache
def values_for(option: Option) -> st.SearchStrategy[str]:
    """Valid small values for the option (three times as likely) or an odd one."""
    if option.dest in VALID_VALUES:
        valid = VALID_VALUES[option.dest]
    elif option.choices:
        valid = option.choices
    elif option.is_int:
        valid = ("1", "2", "3")
    else:
        valid = _GENERIC_VALUES
    if option.choices:
        valid = tuple(dict.fromkeys(valid + option.choices))
    return _weighted((3, st.sampled_from(valid)), (1, st.sampled_from(EDGE_VALUES)))


def _weighted(*choices: tuple[int, st.SearchStrategy]) -> st.SearchStrategy:
    """One of the strategies, each `weight` times as likely as a strategy of weight 1."""
    return st.one_of([strategy for weight, strategy in choices for _ in range(weight)])


@cache
def _typo(flag: str) -> st.SearchStrategy[str]:
    """A misspelt flag: a letter dropped, doubled or swapped, or the dashes changed."""
    body = flag.lstrip("-")
    if len(body) < 2:
        return st.just(flag + flag[-1])
    return st.one_of(
        st.integers(0, len(body) - 1).map(lambda i: "--" + body[:i] + body[i + 1 :]),
        st.integers(0, len(body) - 1).map(lambda i: "--" + body[:i] + body[i] + body[i:]),
        st.integers(0, len(body) - 2).map(lambda i: "--" + body[:i] + body[i + 1] + body[i] + body[i + 2 :]),
        st.just("-" + body),
        st.just("--" + body.replace("-", "_")),
        st.just("--" + body.upper()),
    )


@cache
def _option_tokens(option: Option) -> st.SearchStrategy[list[str]]:
    """The tokens of one option: `--flag`, `--flag VALUE`, `--flag=VALUE`, or an abbreviation."""
    long_flags = [flag for flag in option.flags if flag.startswith("--")]
    spellings = list(option.flags)
    for flag in long_flags:
        if len(flag) > 5:
            spellings.append(flag[:-2])  # argparse accepts an unambiguous prefix
    flag = st.sampled_from(spellings)
    if not option.takes_value:
        return flag.map(lambda text: [text])
    value = values_for(option)
    return st.one_of(
        st.tuples(flag, value).map(list),
        st.tuples(st.sampled_from(long_flags or spellings), value).map(lambda pair: [f"{pair[0]}={pair[1]}"]),
    )


@cache
def _stray_tokens(command: Command) -> st.SearchStrategy[list[str]]:
    """An unknown option, a typo of a real one, a help or version flag, or a stray word."""
    flags = [flag for option in command.options for flag in option.flags if flag.startswith("--")]
    choices = [
        st.sampled_from(["--no-such-option", "-z", "--", "-", "extra", "--help", "-h", "--version"]).map(
            lambda token: [token]
        )
    ]
    if flags:
        choices.append(st.sampled_from(flags).flatmap(_typo).map(lambda token: [token]))
        choices.append(st.tuples(st.sampled_from(flags).flatmap(_typo), st.sampled_from(EDGE_VALUES)).map(list))
    return st.one_of(choices)


@cache
def _positional_tokens(positional: Option) -> st.SearchStrategy[list[str]]:
    if positional.nargs == argparse.REMAINDER:
        return st.sampled_from([[], ["--"], ["--", "--game", "nim"], ["--game", "nim"], ["--", "--bogus", "\udcff"]])
    one = values_for(positional).map(lambda value: [value])
    return one if positional.nargs is None else st.one_of(st.just([]), one)


@st.composite
def argv_for(draw: st.DrawFn, command: Command) -> list[str]:
    """argv for one command: the name (or a typo of it), some options in any order, the positionals.

    `--max-nodes 2000`, `--trials 1` and `--count 1` are added where the command takes them and no value was
    drawn, so that every search, study and worksheet stays small.
    """
    if command.options:
        real = st.sampled_from(command.options).flatmap(_option_tokens)
        chunk = _weighted((9, real), (1, _stray_tokens(command)))
    else:
        chunk = _stray_tokens(command)
    chunks = draw(st.lists(chunk, max_size=4))
    remainder: list[str] = []
    for positional in command.positionals:
        tokens = draw(_positional_tokens(positional))
        if positional.nargs == argparse.REMAINDER:
            remainder = tokens
        elif tokens:
            chunks.append(tokens)
    chunks = list(draw(st.permutations(chunks))) if chunks else []
    for dest, flag, small in (
        ("max_nodes", "--max-nodes", "2000"),
        ("trials", "--trials", "1"),
        ("count", "--count", "1"),
    ):
        if command.accepts(dest) and not any(_sets(chunk, flag) for chunk in chunks):
            chunks.append([flag, small])
    head: list[str] = []
    if command.name is not None:
        misspelt = [command.name[1:], command.name + command.name[-1], command.name.upper()]
        head = [draw(st.sampled_from([command.name] * 27 + misspelt))]
    return head + [token for chunk in chunks for token in chunk] + remainder


def _sets(chunk: list[str], flag: str) -> bool:
    """True when the chunk starts with `flag`, `flag=...` or an abbreviation argparse would expand to it."""
    first = chunk[0].split("=", 1)[0]
    return first.startswith("--") and len(first) > 2 and flag.startswith(first)


def argvs() -> st.SearchStrategy[list[str]]:
    """argv for any command of `visualizer`, or for none.

    The strategies of a command and of an option are built once (`@cache`): the same draws, without building
    hypothesis strategy objects again for every example (a third of the drawing time).
    """
    return st.sampled_from(commands()).flatmap(cache(argv_for))
