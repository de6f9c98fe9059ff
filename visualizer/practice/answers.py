"""Provides `Answers`: a student's values, windows and pruned marks, read from and written to answer files.

The text form has one node per line, `NAME VALUE [ALPHA BETA]` or `NAME pruned`, `?` for a blank and
`#` for comments; header lines (`exercise CODE`, or `source {...}`, `depth D`, `strict yes`; `cut-window
raised`) name the tree. The JSON form is {"exercise": CODE, "answers": {"B": {"value": 3, "alpha": "-inf",
"beta": 3}, "K": "pruned"}}.
"""

from __future__ import annotations

import contextlib
import json
import math
import shlex
from dataclasses import dataclass, replace
from typing import Any

from visualizer.errors import InputError, shown
from visualizer.games.base import Value, format_value
from visualizer.input_files import read_small_text
from visualizer.practice.answer_header import HEADER_FIELDS, TEXT_KEYWORDS, header_value, read_header_line
from visualizer.practice.exercise import Exercise

__all__ = [
    "MAX_ANSWER_CHARS",
    "Answers",
    "NodeAnswer",
    "answer_text",
    "from_json",
    "from_text",
    "json_value",
    "key_answers",
    "marked_pruned",
    "parse_answer",
    "parse_value",
    "read_answers",
    "to_text",
]

MAX_ANSWER_CHARS = 2_000_000
"""Answer files longer than this are refused unread (a key of the largest exercise is a few kilobytes)."""

PRUNED_WORDS = frozenset({"pruned", "x", "cut"})
"""Words that mark a node as pruned."""

BLANK_WORDS = frozenset({"?", "-", "_"})
"""Placeholders for a value not filled in."""

_INFINITIES = {
    sign + word: -math.inf if sign == "-" else math.inf for sign in ("", "+", "-") for word in ("inf", "infinity", "∞")
}


@dataclass(frozen=True)
class NodeAnswer:
    """What a student says about one node: value, alpha and beta as it leaves (None: blank), or pruned."""

    value: Value | None = None
    alpha: Value | None = None
    beta: Value | None = None
    pruned: bool = False

    @property
    def is_blank(self) -> bool:
        return self == NodeAnswer()


@dataclass(frozen=True)
class Answers:
    """A student's answers to one exercise: the header naming it (empty when the file says nothing) and
    node name -> answer (nodes not listed are blank)."""

    header: dict[str, Any]
    nodes: dict[str, NodeAnswer]

    def get(self, name: str) -> NodeAnswer:
        return self.nodes.get(name, NodeAnswer())

    def with_answer(self, name: str, answer: NodeAnswer) -> Answers:
        return replace(self, nodes={**self.nodes, name: answer})

    def to_json(self, exercise: Exercise) -> str:
        """The JSON form, nodes in the exercise's order."""
        answers: dict[str, Any] = {}
        for node in exercise.key:
            answer = self.get(node.name)
            if answer.pruned:
                answers[node.name] = "pruned"
            elif not answer.is_blank:
                fields = {"value": answer.value, "alpha": answer.alpha, "beta": answer.beta}
                answers[node.name] = {field: json_value(value) for field, value in fields.items() if value is not None}
        return json.dumps({**exercise.header(), "answers": answers}, indent=2, ensure_ascii=False) + "\n"


def key_answers(exercise: Exercise) -> Answers:
    """The answer key as answers: every value and window, and every pruned node marked."""
    asked = ((node, None if node.is_leaf else node.value) for node in exercise.key)  # a pruned node has no value
    nodes = {node.name: NodeAnswer(value, node.alpha, node.beta, node.pruned) for node, value in asked}
    return Answers(exercise.header(), nodes)


def marked_pruned(exercise: Exercise, answers: Answers) -> dict[str, bool]:
    """Node name -> True when the answers mark it or one of its ancestors pruned."""
    marked: dict[str, bool] = {}
    for node in exercise.key:  # parents come before their children
        marked[node.name] = answers.get(node.name).pruned or (node.parent is not None and marked[node.parent])
    return marked


def answer_text(answer: NodeAnswer, *, leaf_value: Value | None = None) -> str:
    """An answer as the text form writes it after the name: "3 -inf 3", "pruned", "?"."""
    if answer.pruned:
        return "pruned"
    value = answer.value if answer.value is not None else leaf_value
    words = [format_value(value, missing="?")]
    if answer.alpha is not None or answer.beta is not None:
        words += [format_value(answer.alpha, missing="?"), format_value(answer.beta, missing="?")]
    return " ".join(words)


def to_text(answers: Answers, exercise: Exercise) -> str:
    """The text form: a header, then one line per node in the order minimax visits them (leaves with their value)."""
    lines = [
        "# gametree visualizer: alpha-beta practice. " + exercise.describe(),
        "# One node per line: NAME VALUE [ALPHA BETA], or NAME pruned. ? is a blank; leaves keep their value.",
    ]
    if exercise.cut_window == "raised":
        lines.append(
            "# ALPHA BETA as the node leaves; at a cut-off, alpha (MAX) or beta (MIN) is moved to the value first."
        )
    if exercise.shows_kinds:
        lines.append("# MAX and MIN need not take turns here: an inner node's line ends with its kind (# MAX, # MIN).")
    header = exercise.header()
    if "exercise" in header:
        lines.append(f"exercise {header['exercise']}")
    else:
        lines.append("source " + json.dumps(header["source"], separators=(",", ":")))
        lines.append(f"depth {'full' if header.get('depth') is None else header['depth']}")
        lines.append(f"strict {'yes' if header.get('strict') else 'no'}")
    if header.get("cut_window"):
        lines.append(f"cut-window {header['cut_window']}")
    width = max(len(shlex.quote(node.name)) for node in exercise.key)
    nodes = [
        f"{'  ' * node.depth}{shlex.quote(node.name):<{width}}  "
        + answer_text(answers.get(node.name), leaf_value=node.leaf_value)
        for node in exercise.key
    ]
    if exercise.shows_kinds:  # each inner node's kind as a comment, in one column
        column = max(len(line) for line in nodes)
        kinds = ["" if node.is_leaf else f"  # {node.player.value.upper()}" for node in exercise.key]
        nodes = [f"{line:<{column}}{kind}" for line, kind in zip(nodes, kinds)]
    lines += [line.rstrip() for line in nodes]
    return "\n".join(lines) + "\n"


def parse_value(text: str, what: str) -> Value:
    """A number, or an infinity written as inf, -inf, ∞ or -∞; an InputError naming `what` otherwise."""
    lowered = text.strip().lower()
    if lowered in _INFINITIES:
        return _INFINITIES[lowered]
    with contextlib.suppress(ValueError):
        return int(lowered)  # exact, however many digits (up to the 4,300 Python reads)
    try:
        number = float(lowered)
    except ValueError:
        number = math.nan
    if not math.isfinite(number):  # no number, nan, or a number too large for a float
        raise InputError(f"{what} is {shown(text)}; write a number, inf or -inf")
    return int(number) if number.is_integer() else number


def json_value(value: Value | None) -> Value | str | None:
    """A value as answer files and reports write it in JSON: infinities as "+inf" / "-inf" (JSON has none)."""
    return value if not isinstance(value, float) or not math.isinf(value) else format_value(value)


def from_text(text: str, *, where: str = "the answers") -> Answers:
    """Reads the text form; an InputError names a line that cannot be read."""
    header: dict[str, Any] = {}
    nodes: dict[str, NodeAnswer] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        at = f"{where}, line {number}"
        words = _split(line, at)
        if not words:
            continue
        keyword = TEXT_KEYWORDS.get(words[0].lower(), words[0].lower())
        if keyword in HEADER_FIELDS and len(words) >= 2:
            read_header_line(header, keyword, line.split(None, 1)[1].strip(), at)
            continue
        name = words[0]
        if name in nodes:
            raise InputError(f"{at}: node {name} is answered twice; keep one line per node")
        nodes[name] = _read_node(words[1:], at, name)
    return Answers(header, nodes)


def parse_answer(text: str, name: str) -> NodeAnswer:
    """One answer as typed after a node's name: "3", "3 -inf 3", "? 2 5", "pruned" or "x"; "" is a blank."""
    return _read_node(_split(text, "your answer"), "your answer", name)


def _split(line: str, at: str) -> list[str]:
    try:
        return shlex.split(line, comments=True)
    except ValueError as error:
        raise InputError(f"{at}: {error}; quote names with spaces in pairs of quotes") from None


def _read_node(words: list[str], at: str, name: str) -> NodeAnswer:
    pruned = any(word.lower() in PRUNED_WORDS for word in words)
    numbers = [word for word in words if word.lower() not in PRUNED_WORDS]
    if pruned and any(word not in BLANK_WORDS for word in numbers):
        raise InputError(f"{at}: {name} is marked pruned and given values; a pruned node has none, keep one")
    if pruned:
        return NodeAnswer(pruned=True)
    if len(numbers) not in (0, 1, 3):
        raise InputError(f"{at}: {name} has {len(numbers)} values; write VALUE, or VALUE ALPHA BETA (? for a blank)")
    value, alpha, beta = [
        None if word in BLANK_WORDS else parse_value(word, f"{at}: {label} of {name}")
        for word, label in zip(numbers, ("the value", "alpha", "beta"))
    ] + [None] * (3 - len(numbers))
    return NodeAnswer(value, alpha, beta)


def from_json(text: str, *, where: str = "the answers") -> Answers:
    """Reads the JSON form; a header field given as null is left out, except `"depth": null` (full depth)."""
    try:
        data = json.loads(text, parse_float=_finite_float)
    except json.JSONDecodeError as error:
        raise InputError(
            f"{where} is not valid JSON ({error.msg}, line {error.lineno}); fix it or use the text form"
        ) from None
    except (ValueError, RecursionError):  # a number too large (1e400, 5,000 digits), or nesting too deep
        raise InputError(
            f"{where} has a number too large or lists nested too deeply to read; fix it or use the text form"
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("answers", {}), dict):
        raise InputError(f'{where}: write an object {{"exercise": CODE, "answers": {{NAME: VALUE or {{...}}}}}}')
    fields = {key: data[key] for key in HEADER_FIELDS if key in data and (data[key] is not None or key == "depth")}
    header = {key: header_value(key, value, where) for key, value in fields.items()}  # null: absent (depth: full)
    nodes: dict[str, NodeAnswer] = {}
    for name, given in data.get("answers", {}).items():
        if name and name.splitlines() != [name]:
            raise InputError(f"{where}: the node name {name!r} has a line break; node names are one line")
        nodes[name] = _json_node(given, f"{where}, node {name}", name)
    return Answers(header, nodes)


def _json_node(given: Any, at: str, name: str) -> NodeAnswer:
    """One node's answer in the JSON form: a value, "pruned", or {"value": V, "alpha": A, "beta": B}."""
    if isinstance(given, str) and given.lower() in PRUNED_WORDS:
        return NodeAnswer(pruned=True)
    if isinstance(given, (int, float, str)) and not isinstance(given, bool):
        return NodeAnswer(parse_value(str(given), f"{at}: the value"))
    if not isinstance(given, dict) or set(given) - {"value", "alpha", "beta", "pruned"}:
        raise InputError(f'{at}: write a value, "pruned", or {{"value": V, "alpha": A, "beta": B}}')
    pruned = given.get("pruned")
    if pruned is not None and not isinstance(pruned, bool):
        raise InputError(f"{at}: pruned is {shown(pruned)}; write true or false")
    if pruned:
        return _read_node(
            ["pruned"] + [str(given[key]) for key in ("value", "alpha", "beta") if given.get(key) is not None], at, name
        )
    value, alpha, beta = (
        None if given.get(key) is None else parse_value(str(given[key]), f"{at}: {key}")
        for key in ("value", "alpha", "beta")
    )
    return NodeAnswer(value, alpha, beta)


def _finite_float(text: str) -> float:
    """A JSON number with a fraction or an exponent; ValueError when it is too large for a float (1e400)."""
    number = float(text)
    if math.isinf(number):
        raise ValueError(f"{text} is too large for a float")
    return number


def read_answers(path: str) -> Answers:
    """Reads an answer file (UTF-8, up to `MAX_ANSWER_CHARS`): JSON when it starts with "{", else the text form."""
    where = path if path.isprintable() else repr(path)
    text = read_small_text(path, "answer file", MAX_ANSWER_CHARS, size_hint="an answer file is a few kilobytes")
    reader = from_json if text.lstrip().startswith("{") else from_text
    return reader(text, where=where)
