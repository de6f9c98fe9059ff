"""Provides `RandomExercise` and its exercise code: a short text such as "3RT7-KQ2M-5" that names one random tree."""

from __future__ import annotations

from dataclasses import dataclass, replace

from visualizer.errors import InputError
from visualizer.games.base import Player
from visualizer.games.explicit import ExplicitTree
from visualizer.games.random_tree import fresh_seed, random_tree

__all__ = ["MAX_BRANCHING", "MAX_DEPTH", "VALUE_LIMIT", "RandomExercise"]

VALUE_LIMIT = 99
"""Leaf values of a coded exercise lie within -99..99 (two digits keep the arithmetic on paper)."""

MAX_BRANCHING = MAX_DEPTH = 9
"""The widest branching and deepest tree a code can name."""

SEEDS = 100_000
"""A seed drawn for the user is below this, so that the exercise code stays short."""

VERSION = 1
"""The code format; a code of another version is refused rather than read wrongly."""

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXY"
"""31 digits (Crockford's base 32 less Z): no I, L, O or U, so that codes survive being copied by hand."""

_READ_AS = {"I": "1", "L": "1", "O": "0"}
"""Letters people type for the digits they resemble."""

_BASE = len(_ALPHABET)
"""A prime, 31: the check catches every single wrong character and every swap of two neighbours."""

MAX_CODE_TEXT = 100
"""Longer text is no code this version wrote."""

_RADICES = (2 * VALUE_LIMIT + 1, 2 * VALUE_LIMIT + 1, MAX_DEPTH + 1, MAX_BRANCHING, 2, 2, 8)
"""The mixed radices below the seed: low and high value, depth, branching - 1, root MIN, strict, version."""


@dataclass(frozen=True)
class RandomExercise:
    """The settings of a random practice tree: the same settings build the same tree on every machine."""

    branching: int
    depth: int
    value_range: tuple[int, int]
    seed: int
    root: Player = Player.MAX
    strict: bool = False

    def __post_init__(self) -> None:
        low, high = self.value_range
        if not 1 <= self.branching <= MAX_BRANCHING:
            raise InputError(f"--branching is {self.branching}; practice trees take 1 to {MAX_BRANCHING} children")
        if not 0 <= self.depth <= MAX_DEPTH:
            raise InputError(f"--depth is {self.depth}; practice trees are 0 to {MAX_DEPTH} levels deep")
        if not -VALUE_LIMIT <= low <= high <= VALUE_LIMIT:
            raise InputError(
                f"--range is {low}:{high}; practice values lie within -{VALUE_LIMIT}:{VALUE_LIMIT}, LO <= HI"
            )
        if self.seed < 0:
            raise InputError(f"--seed is {self.seed}; practice seeds are 0 or more")

    def game(self) -> ExplicitTree:
        """The tree these settings name."""
        return random_tree(
            depth=self.depth, branching=self.branching, value_range=self.value_range, seed=self.seed, root=self.root
        )

    def reseeded(self) -> RandomExercise:
        """The same settings with a freshly drawn seed: another tree, another code."""
        return replace(self, seed=fresh_seed(SEEDS))

    @property
    def code(self) -> str:
        """The exercise code, e.g. "3RT7-KQ2M-5": digits in groups of four, the last one a check."""
        low, high = self.value_range
        number = self.seed
        fields = (low + VALUE_LIMIT, high + VALUE_LIMIT, self.depth, self.branching - 1, self.root is Player.MIN)
        for digit, radix in zip((*fields, self.strict, VERSION), _RADICES):
            number = number * radix + int(digit)
        digits = ""
        while number:
            number, remainder = divmod(number, _BASE)
            digits = _ALPHABET[remainder] + digits
        digits += _ALPHABET[_check(digits)]
        return "-".join(digits[start : start + 4] for start in range(0, len(digits), 4))

    @classmethod
    def from_code(cls, code: str) -> RandomExercise:
        """The exercise a code names; dashes, spaces and case do not matter."""
        if len(code) > MAX_CODE_TEXT:
            raise InputError(
                f"exercise code {code[:12]!r}... is {len(code):,} characters long; codes are far "
                f"shorter (e.g. 3RT7-KQ2M-5): copy it again"
            )
        cleaned = "".join(_READ_AS.get(char, char) for char in code.upper() if char not in "- ")
        wrong = sorted({char for char in cleaned if char not in _ALPHABET})
        if len(cleaned) < 2 or wrong:
            what = f"has {', '.join(repr(char) for char in wrong)}" if wrong else "is too short"
            raise InputError(f"exercise code {code!r} {what}; copy it again (digits and letters, e.g. 3RT7-KQ2M-5)")
        digits, check = cleaned[:-1], cleaned[-1]
        if _ALPHABET[_check(digits)] != check:
            raise InputError(f"exercise code {code!r} has a typo (its check character does not match); copy it again")
        number = 0
        for char in digits:
            number = number * _BASE + _ALPHABET.index(char)
        fields = []
        for radix in reversed(_RADICES):
            number, digit = divmod(number, radix)
            fields.append(digit)
        version, strict, minimizes, branching, depth, high, low = fields
        if version != VERSION:
            raise InputError(f"exercise code {code!r} is of format {version}; this version reads format {VERSION}")
        root = Player.MIN if minimizes else Player.MAX
        return cls(branching + 1, depth, (low - VALUE_LIMIT, high - VALUE_LIMIT), number, root, bool(strict))

    def settings_text(self) -> str:
        """The settings in words, e.g. "branching 2, depth 4, values -10:10, seed 7, root MAX"."""
        low, high = self.value_range
        cuts = ", strict cuts" if self.strict else ""
        return (
            f"branching {self.branching}, depth {self.depth}, values {low}:{high}, seed {self.seed}, "
            f"root {self.root.value.upper()}{cuts}"
        )

    def describe(self) -> str:
        """One line a person can read, e.g. "random tree: branching 2, depth 4, values -10:10, seed 7, root MAX"."""
        return f"random tree: {self.settings_text()}"


def _check(digits: str) -> int:
    """The check digit: it makes the sum of every character times its place from the right a multiple of 31."""
    total = sum(weight * _ALPHABET.index(char) for weight, char in enumerate(reversed(digits), start=2))
    return -total % _BASE
