"""Provides `Answers`: a student's values, windows and pruned marks, read from and written to answer files.

The text form has one node per line, `NAME VALUE [ALPHA BETA]` or `NAME pruned`, `?` for a blank and
`#` for comments; a line `exercise CODE` (or `source {...}`, `depth D`, `strict yes`) names the tree.
The JSON form is {"exercise": CODE, "answers": {"B": {"value": 3, "alpha": "-inf", "beta": 3}, "K": "pruned"}}.
"""

from __future__ import annotations

import json
import math
import shlex
from dataclasses import dataclass, replace
from typing import Any

from visualizer.errors import InputError
from visualizer.games.base import Value, format_value
from visualizer.practice.exercise import Exercise

__all__ = [
    "Answers", "NodeAnswer", "answer_text", "from_json", "from_text", "json_value", "key_answers", "parse_answer",
    "parse_value", "read_answers", "to_text",
]

PRUNED_WORDS = frozenset({"pruned", "x", "cut"})
"""Words that mark a node as pruned."""

BLANK_WORDS = frozenset({"?", "-", "_"})
"""Placeholders for a value not filled in."""

_INFINITIES = {"inf": math.inf, "+inf": math.inf, "infinity": math.inf, "+infinity": math.inf, "∞": math.inf,
               "+∞": math.inf, "-inf": -math.inf, "-infinity": -math.inf, "-∞": -math.inf}


@dataclass(frozen=True)
class NodeAnswer:
    """What a student says about one node (None: left blank).

    Attributes:
        value: the node's backed-up value.
        alpha: its alpha when the search leaves it.
        beta: its beta when the search leaves it.
        pruned: True when the student says the search never enters it (nor anything below it).
    """

    value: Value | None = None
    alpha: Value | None = None
    beta: Value | None = None
    pruned: bool = False

    @property
    def is_blank(self) -> bool:
        return self == NodeAnswer()


@dataclass(frozen=True)
class Answers:
    """A student's answers to one exercise.

    Attributes:
        header: what the file says names the exercise ({"exercise": CODE}, or the source spec, depth and
            strict); empty when it says nothing. Files are written with the exercise's own header.
        nodes: node name -> answer; nodes not listed are blank.
    """

    header: dict[str, Any]
    nodes: dict[str, NodeAnswer]

    def get(self, name: str) -> NodeAnswer:
        return self.nodes.get(name, NodeAnswer())

    def with_answer(self, name: str, answer: NodeAnswer) -> Answers:
        """A copy with `name`'s answer replaced."""
        return replace(self, nodes={**self.nodes, name: answer})

    def to_json(self, exercise: Exercise) -> str:
        """The JSON form, nodes in the exercise's order."""
        answers = {}
        for node in exercise.key:
            answer = self.get(node.name)
            if answer.pruned:
                answers[node.name] = "pruned"
            elif not answer.is_blank:
                answers[node.name] = {field: json_value(getattr(answer, field))
                                      for field in ("value", "alpha", "beta") if getattr(answer, field) is not None}
        return json.dumps({**exercise.header(), "answers": answers}, indent=2, ensure_ascii=False) + "\n"


def key_answers(exercise: Exercise) -> Answers:
    """The answer key as answers: every value and window, and every pruned node marked."""
    nodes = {
        node.name: NodeAnswer(pruned=True) if node.pruned
        else NodeAnswer(None if node.is_leaf else node.value, node.alpha, node.beta)
        for node in exercise.key
    }
    return Answers(exercise.header(), nodes)


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
    header = exercise.header()
    if "exercise" in header:
        lines.append(f"exercise {header['exercise']}")
    else:
        lines.append("source " + json.dumps(header["source"], separators=(",", ":")))
        lines.append(f"depth {'full' if header.get('depth') is None else header['depth']}")
        lines.append(f"strict {'yes' if header.get('strict') else 'no'}")
    width = max(len(shlex.quote(node.name)) for node in exercise.key)
    for node in exercise.key:
        text = answer_text(answers.get(node.name), leaf_value=node.leaf_value)
        lines.append(f"{'  ' * node.depth}{shlex.quote(node.name):<{width}}  {text}".rstrip())
    return "\n".join(lines) + "\n"


def parse_value(text: str, what: str) -> Value:
    """A number, or an infinity written as inf, -inf, ∞ or -∞.

    Raises:
        InputError: anything else (the message names `what`).
    """
    lowered = text.strip().lower()
    if lowered in _INFINITIES:
        return _INFINITIES[lowered]
    try:
        number = float(lowered)
    except ValueError:
        raise InputError(f"{what} is {text!r}; write a number, inf or -inf") from None
    if math.isnan(number):
        raise InputError(f"{what} is {text!r}; write a number, inf or -inf")
    return int(number) if number.is_integer() else number


def json_value(value: Value | None) -> Value | str | None:
    """A value as answer files and reports write it in JSON: infinities as "+inf" / "-inf" (JSON has none)."""
    return value if value is None or not math.isinf(value) else format_value(value)


def from_text(text: str, *, where: str = "the answers") -> Answers:
    """Reads the text form.

    Raises:
        InputError: a line that cannot be read (named with its number).
    """
    header: dict[str, Any] = {}
    nodes: dict[str, NodeAnswer] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        at = f"{where}, line {number}"
        words = _split(line, at)
        if not words:
            continue
        keyword = words[0].lower()
        if keyword in ("exercise", "source", "depth", "strict") and len(words) >= 2:
            _read_header(header, keyword, line.split(None, 1)[1].strip(), at)
            continue
        name = words[0]
        if name in nodes:
            raise InputError(f"{at}: node {name} is answered twice; keep one line per node")
        nodes[name] = _read_node(words[1:], at, name)
    return Answers(header, nodes)


def parse_answer(text: str, name: str) -> NodeAnswer:
    """One answer as typed after a node's name: "3", "3 -inf 3", "? 2 5", "pruned" or "x"; "" is a blank.

    Raises:
        InputError: the text cannot be read.
    """
    return _read_node(_split(text, "your answer"), "your answer", name)


def _split(line: str, at: str) -> list[str]:
    try:
        return shlex.split(line, comments=True)
    except ValueError as error:
        raise InputError(f"{at}: {error}; quote names with spaces in pairs of quotes") from None


def _read_header(header: dict[str, Any], keyword: str, rest: str, at: str) -> None:
    if keyword == "exercise":
        header["exercise"] = rest.split("#", 1)[0].strip()
    elif keyword == "source":
        try:
            header["source"] = json.loads(rest)
        except json.JSONDecodeError:
            raise InputError(f"{at}: the source is not JSON; copy the line from the answer sheet again") from None
    elif keyword == "depth":
        word = rest.split("#", 1)[0].strip().lower()
        if word != "full" and not word.isdigit():
            raise InputError(f"{at}: depth is {word!r}; write a whole number or 'full'")
        header["depth"] = None if word == "full" else int(word)
    else:
        header["strict"] = rest.split("#", 1)[0].strip().lower() in ("yes", "true", "1")


def _read_node(words: list[str], at: str, name: str) -> NodeAnswer:
    pruned = any(word.lower() in PRUNED_WORDS for word in words)
    numbers = [word for word in words if word.lower() not in PRUNED_WORDS]
    if pruned and any(word not in BLANK_WORDS for word in numbers):
        raise InputError(f"{at}: {name} is marked pruned and given values; a pruned node has none, keep one")
    if pruned:
        return NodeAnswer(pruned=True)
    if len(numbers) not in (0, 1, 3):
        raise InputError(f"{at}: {name} has {len(numbers)} values; write VALUE, or VALUE ALPHA BETA (? for a blank)")
    fields = [None if word in BLANK_WORDS else parse_value(word, f"{at}: {label} of {name}")
              for word, label in zip(numbers, ("the value", "alpha", "beta"))]
    return NodeAnswer(*fields)


def from_json(text: str, *, where: str = "the answers") -> Answers:
    """Reads the JSON form.

    Raises:
        InputError: not JSON, or not shaped like {"exercise": ..., "answers": {NAME: ...}}.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"{where} is not valid JSON ({error.msg}, line {error.lineno}); fix it or use the text form") from None
    if not isinstance(data, dict) or not isinstance(data.get("answers", {}), dict):
        raise InputError(f'{where}: write an object {{"exercise": CODE, "answers": {{NAME: VALUE or {{...}}}}}}')
    header = {key: data[key] for key in ("exercise", "source", "depth", "strict") if key in data}
    nodes = {}
    for name, given in data.get("answers", {}).items():
        at = f"{where}, node {name}"
        if isinstance(given, str) and given.lower() in PRUNED_WORDS:
            nodes[name] = NodeAnswer(pruned=True)
        elif isinstance(given, (int, float, str)) and not isinstance(given, bool):
            nodes[name] = NodeAnswer(parse_value(str(given), f"{at}: the value"))
        elif isinstance(given, dict) and not set(given) - {"value", "alpha", "beta", "pruned"}:
            if given.get("pruned"):
                nodes[name] = _read_node(["pruned"] + [str(given[k]) for k in ("value", "alpha", "beta") if given.get(k) is not None], at, name)
                continue
            fields = {key: parse_value(str(given[key]), f"{at}: {key}") for key in ("value", "alpha", "beta")
                      if given.get(key) is not None}
            nodes[name] = NodeAnswer(**fields)
        else:
            raise InputError(f'{at}: write a value, "pruned", or {{"value": V, "alpha": A, "beta": B}}')
    return Answers(header, nodes)


def read_answers(path: str) -> Answers:
    """Reads an answer file: JSON when it starts with "{", else the text form.

    Raises:
        InputError: the file cannot be read or parsed.
    """
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except FileNotFoundError:
        raise InputError(f"no answer file {path!r}; check the path") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the answer file {path!r} ({error.__class__.__name__}); save it as UTF-8 text") from None
    reader = from_json if text.lstrip().startswith("{") else from_text
    return reader(text, where=path)
