"""Provides `tex_typewriter` and `tex_text`: plain text written as LaTeX that no document setting can change.

Typewriter text (the labels of a TikZ picture) keeps every space and writes its punctuation as
character codes (as `\\verb` does), so babel shorthands and active characters leave it alone; each 0
becomes `\\gametreezero{}`, which the picture defines (Computer Modern's typewriter 0 looks like its O).
Ordinary text (a frame title) escapes TeX's special characters. In both, latin-1 letters become accent
commands that work in the OT1 and T1 encodings alike and anything else becomes "?", so the output is
plain ASCII.
"""

from __future__ import annotations

import unicodedata

__all__ = ["tex_text", "tex_typewriter"]

_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ123456789.,()[]+-=*/@'")
"""Characters written as themselves in typewriter text; other printable ASCII is written as `\\charN{}`."""
_ACCENTS = {"\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~", "\u0308": '"', "\u0327": "c"}
_LETTERS = {"Æ": r"\AE{}", "æ": r"\ae{}", "Ø": r"\O{}", "ø": r"\o{}", "ß": r"\ss{}", "Å": r"\AA{}",
            "å": r"\aa{}"}


def _latin1_letter(character: str) -> str | None:
    """A latin-1 letter as a LaTeX command both OT1 and T1 can print (\\'{e}, \\ss{}), or None."""
    if character in _LETTERS:
        return _LETTERS[character]
    if not "\u00c0" <= character <= "\u00ff":
        return None
    base, *marks = unicodedata.normalize("NFD", character)
    if len(marks) != 1 or marks[0] not in _ACCENTS or not base.isascii():
        return None  # Ð, Þ, ×, ÷ and the like: T1-only or not letters
    base = r"\i" if base == "i" else base
    accent = _ACCENTS[marks[0]]
    return f"\\{accent}{{{base}}}" if accent != "c" else f"\\c{{{base}}}"


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
