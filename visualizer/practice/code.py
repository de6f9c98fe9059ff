"""Provides `RandomExercise` and its exercise code: a short text such as "3RT7-KQ2M-5" that names one random tree.

A code of format 1 names a tree where MAX and MIN take turns; format 2 adds the kind of each level of inner
nodes (`--levels max,min,min`: several MIN agents). A tree that alternates is always written in format 1, so
the codes handed out before format 2 still name the same trees."""

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
"""The code format of a tree where MAX and MIN take turns; a code of an unknown version is refused rather than
read wrongly."""

LEVELS_VERSION = 2
"""The code format of a tree with declared levels (`RandomExercise.levels`): one more field, the levels."""

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXY"
"""31 digits (Crockford's base 32 less Z): no I, L, O or U, so that codes survive being copied by hand."""

_READ_AS = {"I": "1", "L": "1", "O": "0"}
"""Letters people type for the digits they resemble."""

_BASE = len(_ALPHABET)
"""A prime, 31: the check catches every single wrong character and every swap of two neighbours."""

MAX_CODE_TEXT = 100
"""Longer text is no code this version wrote."""

_RADICES = (2 * VALUE_LIMIT + 1, 2 * VALUE_LIMIT + 1, MAX_DEPTH + 1, MAX_BRANCHING, 2, 2, 8)
"""The mixed radices below the seed: low and high value, depth, branching - 1, root MIN, strict, version.
Format 2 has one more field above them all, the levels below the root as bits (1: MIN), of radix 2^(depth-1)."""


@dataclass(frozen=True)
class RandomExercise:
    """The settings of a random practice tree: the same settings build the same tree on every machine."""

    branching: int
    depth: int
    value_range: tuple[int, int]
    seed: int
    root: Player = Player.MAX
    strict: bool = False
    levels: tuple[Player, ...] | None = None
    """The kind of each level of inner nodes from the root, repeated down the tree (None: MAX and MIN take
    turns). Kept in its shortest form, None when the tree alternates, so that equal trees have equal codes."""

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
        if self.levels is not None:
            object.__setattr__(self, "levels", _shortest_levels(self.levels, self.root, self.depth))

    def game(self) -> ExplicitTree:
        """The tree these settings name."""
        return random_tree(
            depth=self.depth,
            branching=self.branching,
            value_range=self.value_range,
            seed=self.seed,
            root=self.root,
            levels=self.levels,
        )

    def reseeded(self) -> RandomExercise:
        """The same settings with a freshly drawn seed: another tree, another code."""
        return replace(self, seed=fresh_seed(SEEDS))

    @property
    def code(self) -> str:
        """The exercise code, e.g. "3RT7-KQ2M-5": digits in groups of four, the last one a check."""
        low, high = self.value_range
        number = self.seed
        if self.levels is not None:  # format 2: the levels below the root first, as bits
            expanded = _expanded(self.levels, self.depth)
            number = number * _levels_radix(self.depth) + sum(
                1 << place for place, level in enumerate(expanded[1:]) if level is Player.MIN
            )
        version = VERSION if self.levels is None else LEVELS_VERSION
        fields = (low + VALUE_LIMIT, high + VALUE_LIMIT, self.depth, self.branching - 1, self.root is Player.MIN)
        for digit, radix in zip((*fields, self.strict, version), _RADICES):
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
        if version not in (VERSION, LEVELS_VERSION):
            raise InputError(
                f"exercise code {code!r} is of format {version}; this version reads formats {VERSION} and "
                f"{LEVELS_VERSION}"
            )
        root = Player.MIN if minimizes else Player.MAX
        levels = None
        if version == LEVELS_VERSION:
            number, bits = divmod(number, _levels_radix(depth))
            levels = (root, *(Player.MIN if bits >> place & 1 else Player.MAX for place in range(depth - 1)))
        value_range = (low - VALUE_LIMIT, high - VALUE_LIMIT)
        return cls(branching + 1, depth, value_range, number, root, bool(strict), levels)

    def settings_text(self) -> str:
        """The settings in words, e.g. "branching 2, depth 4, values -10:10, seed 7, root MAX"."""
        low, high = self.value_range
        cuts = ", strict cuts" if self.strict else ""
        return (
            f"branching {self.branching}, depth {self.depth}, values {low}:{high}, seed {self.seed}, "
            f"root {self.root.value.upper()}{self.levels_text()}{cuts}"
        )

    def levels_text(self) -> str:
        """The levels in words, e.g. ", levels max,min,min"; "" for a tree where MAX and MIN take turns."""
        return "" if self.levels is None else ", levels " + ",".join(level.value for level in self.levels)

    def describe(self) -> str:
        """One line a person can read, e.g. "random tree: branching 2, depth 4, values -10:10, seed 7, root MAX"."""
        return f"random tree: {self.settings_text()}"


def _check(digits: str) -> int:
    """The check digit: it makes the sum of every character times its place from the right a multiple of 31."""
    total = sum(weight * _ALPHABET.index(char) for weight, char in enumerate(reversed(digits), start=2))
    return -total % _BASE


def _levels_radix(depth: int) -> int:
    """The radix of format 2's levels field: one bit per level of inner nodes below the root."""
    return 2 ** max(depth - 1, 0)


def _expanded(levels: tuple[Player, ...], depth: int) -> tuple[Player, ...]:
    """The kind of each of the `depth` levels of inner nodes, `levels` repeated down the tree."""
    return tuple(levels[level % len(levels)] for level in range(depth))


def _shortest_levels(levels: tuple[Player, ...], root: Player, depth: int) -> tuple[Player, ...] | None:
    """`levels` in their shortest form for a tree `depth` deep, None when MAX and MIN take turns there; an
    InputError for levels a practice tree cannot have (chance, too many, a first level other than the root)."""
    example = "e.g. --levels max,min,min (MAX and two MIN agents)"
    if not levels:
        raise InputError(f"--levels is empty; give the kind of each level of inner nodes, {example}")
    if Player.CHANCE in levels:
        raise InputError(
            "--levels has chance, but practice works alpha-beta by hand, which has no chance nodes; give max "
            f"and min levels only, {example}"
        )
    if len(levels) > depth:
        raise InputError(
            f"--levels gives {len(levels)} kinds, but a tree of --depth {depth} has {depth} level"
            f"{'' if depth == 1 else 's'} of inner nodes; give at most {depth}, or a deeper tree"
        )
    if levels[0] is not root:
        first = levels[0].value
        raise InputError(
            f"--levels starts with {first}, but {root.value} moves first (--root); drop --root, or start "
            f"--levels with {root.value}"
        )
    expanded = _expanded(levels, depth)
    if all(level is not above for above, level in zip(expanded, expanded[1:])):
        return None  # MAX and MIN take turns: the tree of no levels
    period = next(size for size in range(1, depth + 1) if expanded == _expanded(expanded[:size], depth))
    return expanded[:period]
