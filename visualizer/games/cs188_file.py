"""Provides `read_test` and `parse_test`: a UC Berkeley CS188 graph-game test (a `GraphGameTreeTest` `.test`
file of the multi-agent Pacman autograder) read as the course's testParser reads it, and checked, every
mistake named with its line."""

from __future__ import annotations

import contextlib
import math
import os
import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any, NoReturn

from visualizer.errors import InputError, shown
from visualizer.games.base import Value, too_long
from visualizer.input_files import read_small_text

_REQUIRED = {  # each required key, and how to write it
    "depth": '"2"',
    "num_agents": '"3"',
    "start_state": '"A"',
    "win_states": '"" (or names separated by spaces)',
    "lose_states": '"" (or names separated by spaces)',
    "successors": '""" then lines STATE ACTION NEXT_STATE and a line """',
    "evaluation": '""" then lines STATE VALUE and a line """',
}
KEYS = ("class", "alg", "diagram", *_REQUIRED)
"""The keys of a graph-game test; all but class, alg and diagram are required."""

ALGORITHMS = {"MinimaxAgent": "minimax", "AlphaBetaAgent": "alphabeta", "ExpectimaxAgent": "expectimax"}
"""The test's `alg` and the search that does what the course's agent does (alpha-beta cutting strictly)."""

MAX_TEST_CHARS = 10_000_000
"""Longer files are refused: a test is a few hundred characters."""

_ONE_LINE = re.compile(r'([^"]*?):\s*"([^"]*)"\s*')  # key: "value", as the course's testParser reads it
_BLOCK = re.compile(r'([^"]*?):\s*"""\s*')  # key: """, then lines up to a line """
_BLOCK_END = re.compile(r'\s*"""\s*')
_Fields = dict[str, tuple[int, list[tuple[int, str]]]]  # each key's line, and its value's lines with their numbers

Where = Callable[[str], str]
"""Says where a message is about: a key, or "to STATE" (the first successors line going to it), to the start
of a message, "PATH line N: " (or "WHERE: " when no line applies)."""


def where_in(place: str, lines: Mapping[str, int] | None = None) -> Where:
    return lambda key: f"{place} line {lines[key]}: " if lines and key in lines else f"{place}: "


def _fail(where: str, line: int, message: str) -> NoReturn:
    """Raises the InputError about line `line` of the test `where`."""
    raise InputError(f"{where} line {line}: {message}")


def read_test(path: str) -> tuple[dict[str, Any], Where]:
    """Reads and checks a CS188 graph-game test file (UTF-8): its problem as a spec without "ghosts" (see
    `parse_test`), with the path as given (so that the app's New-tree form can read the file again), and where
    in the file each part is."""
    text = read_small_text(path, "CS188 test file", MAX_TEST_CHARS, size_hint="a test is a few hundred lines")
    problem, at = parse_test(text, path)
    return problem | {"path": path}, at


def _fields(text: str, where: str) -> _Fields:
    """The test's keys as the course's testParser reads them: `#` starts a comment; blank lines are skipped."""
    lines = [line.rstrip("\r").split("#", 1)[0] for line in text.split("\n")]
    fields: _Fields = {}
    index = 0
    while index < len(lines):
        line, number = lines[index], index + 1
        index += 1
        if not line.strip():
            continue
        if match := _ONE_LINE.fullmatch(line):
            body = [(number, match[2])]
        elif match := _BLOCK.fullmatch(line):
            body = []
            while index < len(lines) and not _BLOCK_END.fullmatch(lines[index]):
                body.append((index + 1, lines[index]))
                index += 1
            if index == len(lines):
                _fail(where, number, f'the """ block of {match[1].strip()} is never closed; end it with a line """')
            index += 1
        else:
            _fail(
                where, number, f'cannot read {shown(line.strip())}; write key: "value", or key: """ and lines up to """'
            )
        key = match[1].strip()
        if key not in KEYS:
            _fail(where, number, f"unknown key {key!r}; the keys are {', '.join(KEYS)}")
        if key in fields:
            _fail(where, number, f"{key} is given twice (first on line {fields[key][0]}); keep one")
        fields[key] = (number, body)
    return fields


def _number(text: str) -> Value | None:
    """A finite number written as text (a whole number stays an int), None when it is not one."""
    with contextlib.suppress(ValueError):
        return None if too_long(whole := int(text)) else whole
    with contextlib.suppress(ValueError):
        return number if math.isfinite(number := float(text)) else None
    return None


def _rows(fields: _Fields, key: str, where: str, shape: str) -> Iterator[tuple[int, list[str]]]:
    """The number and words of each line of `key` that is not blank, refused unless it has `shape`'s words."""
    for number, line in fields[key][1]:
        if (words := line.split()) and len(words) != len(shape.split()):
            _fail(where, number, f"{shown(line.strip())} has {len(words)} word(s); write {shape}")
        if words:
            yield number, words


def parse_test(text: str, where: str) -> tuple[dict[str, Any], Where]:
    """Reads a graph-game test's text (`where`, its path, starts every message, with the line it is about): the
    problem as a spec without "ghosts" (file, alg, num_agents, depth, start_state, win_states, lose_states,
    successors as [[STATE, ACTION, NEXT_STATE], ...] in the file's order, evaluation as {STATE: VALUE}), and
    where in the file each part is."""
    fields = _fields(text, where)
    for key, example in _REQUIRED.items():
        if key not in fields:
            raise InputError(f"{where} has no {key}; add a line {key}: {example}")
    lines = {key: number for key, (number, _) in fields.items()}

    def single(key: str) -> str:
        return " ".join(text for _, text in fields[key][1]).strip() if key in fields else ""

    def whole(key: str) -> int:
        if not single(key).isdigit() or int(single(key)) < 1 or too_long(int(single(key))):
            _fail(where, lines[key], f'{key} is "{single(key)}"; write a whole number, 1 or more')
        return int(single(key))

    if single("class") not in ("", "GraphGameTreeTest"):
        _fail(where, lines["class"], f"class is {single('class')!r}; only a GraphGameTreeTest is a game graph")
    if "alg" in fields and single("alg") not in ALGORITHMS:
        _fail(where, lines["alg"], f"alg is {single('alg')!r}; write one of {', '.join(ALGORITHMS)}")
    if len(single("start_state").split()) != 1:
        _fail(where, lines["start_state"], f'start_state is "{single("start_state")}"; write one state')
    successors: dict[tuple[str, str], str] = {}
    evaluation: dict[str, Value] = {}
    for number, (state, action, after) in _rows(fields, "successors", where, "STATE ACTION NEXT_STATE"):
        if (state, action) in successors:
            _fail(where, number, f"state {state} has action {action} twice; keep one")
        successors[state, action] = after
        lines.setdefault(f"to {after}", number)
    for number, (state, text) in _rows(fields, "evaluation", where, "STATE VALUE"):
        if state in evaluation:
            _fail(where, number, f"state {state} has a second value; keep one")
        if (value := _number(text)) is None:
            _fail(where, number, f"the value of {state} is {shown(text)}, not a finite number")
        evaluation[state] = value
    problem: dict[str, Any] = {"kind": "cs188", "file": os.path.basename(where)}
    problem |= ({"alg": single("alg")} if "alg" in fields else {}) | {
        "num_agents": whole("num_agents"),
        "depth": whole("depth"),
        "start_state": single("start_state"),
        "win_states": single("win_states").split(),
        "lose_states": single("lose_states").split(),
        "successors": [[state, action, after] for (state, action), after in successors.items()],
        "evaluation": evaluation,
    }
    check(problem, at := where_in(where, lines))
    return problem, at


def check(problem: Mapping[str, Any], at: Where) -> None:
    """Refuses a successor to an unknown state (no successors and no evaluation) and a start without successors."""
    sources = {state for state, _, _ in problem["successors"]}
    for _, _, after in problem["successors"]:
        if after not in sources and after not in problem["evaluation"]:
            raise InputError(
                f"{at(f'to {after}')}successors go to {after!r}, a state with no successors and no evaluation; "
                f"fix the name, or add a line `{after} VALUE` to evaluation"
            )
    if (start := problem["start_state"]) not in sources:
        raise InputError(
            f"{at('start_state')}the start state {start!r} has no successors; add lines `{start} ACTION "
            "NEXT_STATE` to successors"
        )
