"""Provides the algorithm registry: one `Algorithm` record per search, found by name or alias, and
`Configuration`: a search as users write it, e.g. "alphabeta+fail-hard+window=-5:5".

The rest of the tool reads what an algorithm can do from its record, never from its name. A new
algorithm is a function plus one `register` call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from functools import partial
from typing import Any

from visualizer.errors import InputError
from visualizer.games.base import ChanceMoves, Game, Value, offers, takes_turns
from visualizer.search.alphabeta import alphabeta
from visualizer.search.chance import star1
from visualizer.search.common import check_depth
from visualizer.search.deepening import iterative_deepening
from visualizer.search.iterative import iterative_search
from visualizer.search.mcts import mcts
from visualizer.search.minimax import expectimax, minimax
from visualizer.search.mtdf import mtdf
from visualizer.search.negamax import negamax, negamax_ab
from visualizer.search.options import OPTIONS, changed_options, option_label, parse_option
from visualizer.search.pvs import pvs
from visualizer.tracing.tracer import NULL_TRACER, Tracer
from visualizer.tracing.traits import AlgorithmTraits, register_traits, unregister_traits


@dataclass(frozen=True)
class Algorithm:
    """One search algorithm and what the rest of the tool needs to know about it.

    Both versions are called as `function(game, *, depth=..., strict=..., tracer=..., **options)`
    (`depth` only if `accepts_depth`, `strict` only if `accepts_strict`) and return the root's value
    from MAX's view.

    Attributes:
        name: the name users type and traces record, lower case with hyphens, e.g. "negamax-ab".
        movers_view: its values are from the view of the player to move (negamax), not MAX's.
        iterative: the explicit-stack version, for trees too deep to recurse; None if there is none.
        options: the names of the `OPTIONS` it takes beyond depth and strict (e.g. "tt", "window").
        revisits: it may enter a node of a pass again (PVS re-searches, Monte Carlo iterations).
        estimates: its value is an estimate (Monte Carlo), so `compare` does not expect it to agree.
        test_passes: each of its passes is one null-window test of the root (MTD(f)).
        baseline: the reference the others are measured against (minimax, which prunes nothing).
        needs_turns: it is right only where MAX and MIN take turns (negamax negates at every level), so it
            refuses a tree where one moves twice in a row (several MIN agents).
    """

    name: str
    recursive: Callable[..., Value]
    windowed: bool = False
    movers_view: bool = False
    aliases: tuple[str, ...] = ()
    iterative: Callable[..., Value] | None = None
    accepts_depth: bool = True
    accepts_strict: bool = False
    handles_chance: bool = False
    options: tuple[str, ...] = ()
    revisits: bool = False
    estimates: bool = False
    null_windows: bool = False
    test_passes: bool = False
    deepens: bool = False
    baseline: bool = False
    needs_turns: bool = False

    @property
    def traits(self) -> AlgorithmTraits:
        """What a trace of this algorithm needs to know to read its events: its fields of those names."""
        return AlgorithmTraits(**{trait.name: getattr(self, trait.name) for trait in fields(AlgorithmTraits)})

    def settings(self, given: dict[str, Any]) -> dict[str, Any]:
        """The options to pass: each one it takes, as given or its default (an InputError for one it does
        not take set to other than its default)."""
        for name, value in given.items():
            option = OPTIONS[name]
            if name not in self.options and option.refused and value != option.default:
                takers = _either([other.name for other in REGISTRY.values() if name in other.options]) or "none"
                raise InputError(f"{option.flag} does not apply to {self.name}; drop it, or choose -a {takers}")
        return {name: given.get(name, OPTIONS[name].default) for name in self.options}

    def run(
        self,
        game: Game,
        *,
        depth: int | None = None,
        strict: bool = False,
        iterative: bool = False,
        tracer: Tracer = NULL_TRACER,
        **given: Any,
    ) -> Value:
        """Runs one version of the search with `OPTIONS` by name in `given` (a `strict` it does not take is
        ignored); an InputError for anything it cannot do."""
        settings = self.settings(given)
        function = self.iterative if iterative else self.recursive
        if function is None:
            raise InputError(f"{self.name} has no explicit-stack version; drop --iterative")
        if iterative and changed_options(settings):
            flags = ", ".join(OPTIONS[name].flag for name in changed_options(settings))
            raise InputError(f"the explicit-stack version of {self.name} takes no {flags}; drop --iterative")
        if self.accepts_depth:
            check_depth(depth)
        if not self.handles_chance and offers(game, ChanceMoves):
            able = [other.name for other in REGISTRY.values() if other.handles_chance]
            instead = f"choose -a {_either(able)}" if able else "no registered algorithm can"
            raise InputError(f"{self.name} cannot search chance nodes ({game.describe()}); {instead}")
        if self.needs_turns and not takes_turns(game):
            able = [other.name for other in REGISTRY.values() if not other.needs_turns]
            raise InputError(
                f"{self.name} needs MAX and MIN to take turns, but in this tree one moves twice in a row "
                f"(several MIN agents); choose -a {_either(able)}"
            )
        options: dict[str, object] = {"tracer": tracer}
        if self.accepts_depth:
            options["depth"] = depth
        elif depth is not None:
            raise InputError(f"{self.name} always searches to the end; drop --depth")
        if self.accepts_strict:
            options["strict"] = strict
        if not iterative:
            options.update(settings)
        return function(game, **options)


def _either(names: list[str]) -> str:
    """ "a, b or c" ("" for none)."""
    return ", ".join(names[:-1]) + (" or " if len(names) > 1 else "") + names[-1] if names else ""


REGISTRY: dict[str, Algorithm] = {}
_CANONICAL: dict[str, str] = {}
"""Every name and alias to its algorithm's name."""


ALGORITHMS: list[str] = []
"""The registered algorithms' names, in order (`register` and `unregister` keep it in step with `REGISTRY`)."""


def normal_name(name: str) -> str:
    """The form names are looked up in: trimmed, lower case, "_" as "-" ("Negamax_AB" -> "negamax-ab")."""
    return name.strip().lower().replace("_", "-")


def register(algorithm: Algorithm) -> Algorithm:
    """Adds `algorithm` to the registry (and its traits to the tracing side); returns it."""
    names = (algorithm.name, *algorithm.aliases)
    for name in names:
        if name != normal_name(name) or not name:
            raise ValueError(f"algorithm name {name!r} must be lower case with hyphens, e.g. {normal_name(name)!r}")
        if name in _CANONICAL:
            raise ValueError(f"the algorithm name {name!r} is taken by {_CANONICAL[name]}")
    if len(set(names)) != len(names):
        raise ValueError(f"{algorithm.name} lists a name twice among {', '.join(names)}")
    REGISTRY[algorithm.name] = algorithm
    ALGORITHMS.append(algorithm.name)
    _CANONICAL.update(dict.fromkeys(names, algorithm.name))
    register_traits(algorithm.name, algorithm.traits)
    return algorithm


def unregister(name: str) -> Algorithm:
    """Removes the algorithm called `name` (for tests that register a toy); returns its record."""
    algorithm = REGISTRY.pop(name)
    ALGORITHMS.remove(name)
    for key in (algorithm.name, *algorithm.aliases):
        del _CANONICAL[key]
    unregister_traits(name)
    return algorithm


@contextmanager
def registered(algorithm: Algorithm) -> Iterator[Algorithm]:
    """Registers `algorithm` for the duration of a `with` block, then removes it again."""
    register(algorithm)
    try:
        yield algorithm
    finally:
        unregister(algorithm.name)


def find_algorithm(name: str) -> Algorithm:
    """The algorithm a user means by `name` ("alpha-beta", "negamax_ab", "Minimax", ...)."""
    key = _CANONICAL.get(normal_name(name))
    if key is None:
        raise InputError(f"unknown algorithm {name!r}; choose one of {', '.join(ALGORITHMS)}")
    return REGISTRY[key]


def _built_in(
    name: str, recursive: Callable[..., Value], *, windowed: bool = False, movers_view: bool = False, **traits: Any
) -> Algorithm:
    """A built-in algorithm, with `iterative_search` as its iterative version; `traits` are other `Algorithm` fields."""
    iterative = partial(iterative_search, algorithm=name, windowed=windowed, movers_view=movers_view)
    options = ("fail_hard", "window", "tt") if windowed else ()
    return Algorithm(
        name,
        recursive,
        windowed=windowed,
        movers_view=movers_view,
        needs_turns=movers_view,
        iterative=iterative,
        accepts_strict=windowed,
        options=options,
        **traits,
    )


for _algorithm in (  # in the order users meet them
    _built_in("minimax", minimax, baseline=True),
    _built_in("alphabeta", alphabeta, windowed=True, aliases=("alpha-beta", "ab")),
    _built_in("negamax", negamax, movers_view=True),
    _built_in(
        "negamax-ab",
        negamax_ab,
        windowed=True,
        movers_view=True,
        aliases=("negamaxab", "negamax-alphabeta", "negamax-alpha-beta"),
    ),
    Algorithm("expectimax", expectimax, aliases=("expectiminimax",), handles_chance=True),
    Algorithm("star1", star1, windowed=True, aliases=("star-1",), handles_chance=True, options=("bounds",)),
    Algorithm(
        "id",
        iterative_deepening,
        windowed=True,
        accepts_strict=True,
        aliases=("iterative-deepening", "iddfs"),
        options=("fail_hard", "window", "tt"),
        deepens=True,
    ),
    Algorithm(
        "pvs",
        pvs,
        windowed=True,
        movers_view=True,
        aliases=("negascout", "principal-variation"),
        revisits=True,
        null_windows=True,
        options=("tt", "window"),
        needs_turns=True,
    ),
    Algorithm(
        "mtdf",
        mtdf,
        windowed=True,
        aliases=("mtd-f", "mtd"),
        options=("tt", "window"),
        null_windows=True,
        test_passes=True,
        needs_turns=True,
    ),
    Algorithm(
        "mcts",
        mcts,
        aliases=("uct", "monte-carlo"),
        revisits=True,
        estimates=True,
        options=("iterations", "seed", "exploration"),
    ),
):
    register(_algorithm)


@dataclass(frozen=True)
class Configuration:
    """An algorithm and the search options (`OPTIONS` by name) it is run with."""

    algorithm: Algorithm
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """How output names it: "alphabeta", "alphabeta fail-hard window -5:5"."""
        return " ".join([self.algorithm.name, *(option_label(name, value) for name, value in self.options.items())])

    @property
    def text(self) -> str:
        """As users write it, "alphabeta+fail-hard+window=-5:5" (`parse_configuration` reads it back)."""
        settings = (option_label(name, value).replace(" ", "=", 1) for name, value in self.options.items())
        return "+".join([self.algorithm.name, *settings])


def parse_configuration(text: str) -> Configuration:
    """ "alphabeta+tt" as a `Configuration`; options it does not take are refused."""
    if not text.strip():
        raise InputError("the search is blank; write an algorithm, e.g. alphabeta or alphabeta+tt")
    name, *settings = text.split("+")
    algorithm = find_algorithm(name)
    options = dict(parse_option(setting) for setting in settings)
    algorithm.settings(options)
    return Configuration(algorithm, options)
