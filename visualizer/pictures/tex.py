"""Provides the TeX text tools of the beamer painter: `tex_typewriter` and `tex_text`, plain text written
as LaTeX that no document setting can change, and `painting_order` and `overlay_runs`, how the items of
many frames become one list of overlays.

Latin-1 letters become accent commands that work in the OT1 and T1 encodings alike and anything else
becomes "?", so the output is plain ASCII.
"""

from __future__ import annotations

import heapq
import itertools
import unicodedata
from collections.abc import Hashable, Sequence
from typing import TypeVar

__all__ = ["overlay_runs", "painting_order", "tex_text", "tex_typewriter"]

_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ123456789.,()[]+-=*/@'")
"""Characters written as themselves in typewriter text; other printable ASCII is written as `\\charN{}`."""
_ACCENTS = {"\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~", "\u0308": '"', "\u0327": "c"}
_LETTERS = {"Æ": r"\AE{}", "æ": r"\ae{}", "Ø": r"\O{}", "ø": r"\o{}", "ß": r"\ss{}", "Å": r"\AA{}", "å": r"\aa{}"}


def _latin1_letter(character: str) -> str | None:
    """A latin-1 letter as a LaTeX command both OT1 and T1 can print (\\'{e}, \\ss{}), or None."""
    if character in _LETTERS:
        return _LETTERS[character]
    if not "\u00c0" <= character <= "\u00ff":
        return None
    decomposed = unicodedata.normalize("NFD", character)
    base, marks = decomposed[0], decomposed[1:]
    if len(marks) != 1 or marks[0] not in _ACCENTS or not base.isascii():
        return None  # Ð, Þ, ×, ÷ and the like: T1-only or not letters
    base = r"\i" if base == "i" else base
    return f"\\{_ACCENTS[marks[0]]}{{{base}}}"  # \'{e}, \c{c}


def tex_typewriter(text: str) -> str:
    """`text` as LaTeX for a typewriter line: every space kept (`\\ `), punctuation as character codes, and
    each 0 as `\\gametreezero{}` (defined by the picture `to_tikz` writes)."""
    parts = []
    for character in text:
        if character in _PLAIN:
            parts.append(character)
        elif character == " ":
            parts.append("\\ ")
        elif character == "0":
            parts.append("\\gametreezero{}")
        elif " " < character <= "~":
            parts.append(f"\\char{ord(character)}{{}}")
        else:
            parts.append(_latin1_letter(character) or "?")
    return "".join(parts)


def tex_text(text: str) -> str:
    """`text` as LaTeX for ordinary (proportional) text such as a frame title."""
    parts = []
    for character in text:
        if character.isascii() and (character.isalnum() or character in " .,;:!?()[]+-=*/@'"):
            parts.append(character)
        elif character in "#$%&_{}":
            parts.append("\\" + character)
        elif " " < character <= "~":  # \ ~ ^ < > | " `: from the typewriter font, as \verb has them
            parts.append(f"{{\\ttfamily\\char{ord(character)}}}")
        else:
            parts.append(_latin1_letter(character) or "?")
    return "".join(parts)


Value = TypeVar("Value")
Element = TypeVar("Element", bound=Hashable)


def painting_order(sequences: Sequence[Sequence[Element]]) -> list[Element]:
    """Every element of `sequences` once, in an order that keeps each sequence's own order.

    An element that first turns up in a later sequence goes where that sequence has it, not last;
    free elements, and sequences that disagree, are settled by first appearance.
    """
    first: dict[Element, int] = {}
    for sequence in sequences:
        for element in sequence:
            first.setdefault(element, len(first))
    later: dict[Element, set[Element]] = {element: set() for element in first}
    waiting = dict.fromkeys(first, 0)
    for sequence in sequences:
        for before, after in itertools.pairwise(sequence):
            if after not in later[before]:
                later[before].add(after)
                waiting[after] += 1
    ready = [(index, element) for element, index in first.items() if waiting[element] == 0]
    heapq.heapify(ready)
    order: list[Element] = []
    placed: set[Element] = set()
    while len(order) < len(first):
        if ready:  # an element is pushed once, when its last predecessor is placed, so never placed yet
            element = heapq.heappop(ready)[1]
        else:  # the sequences disagree: the earliest unplaced element goes next
            element = min((element for element in first if element not in placed), key=first.__getitem__)
        placed.add(element)
        order.append(element)
        for after in later[element]:
            waiting[after] -= 1
            if waiting[after] == 0 and after not in placed:
                heapq.heappush(ready, (first[after], after))
    return order


def overlay_runs(values: Sequence[Value | None]) -> list[tuple[int, int, Value]]:
    """The runs of equal consecutive values as (first, last, value), numbered from 1 like overlays; None is absent."""
    groups = itertools.groupby(enumerate(values, start=1), key=lambda pair: pair[1])
    runs = ((value, [overlay for overlay, _ in group]) for value, group in groups)
    return [(overlays[0], overlays[-1], value) for value, overlays in runs if value is not None]
