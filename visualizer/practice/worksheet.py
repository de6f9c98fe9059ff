"""Provides `choose_exercises`: the random exercises of a worksheet that meet its constraints.

Exercise i is the first random tree, trying seeds S, S+1, ..., that meets every constraint (exactly K
cut-offs, a deep cut-off, distinct leaves) and whose leaves differ from the exercises before it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache

from visualizer.errors import InputError
from visualizer.games.base import Player, Value
from visualizer.games.random_tree import tree_nodes
from visualizer.practice.code import RandomExercise
from visualizer.practice.exercise import MAX_PRACTICE_NODES, Exercise
from visualizer.search import trace_search
from visualizer.tracing import Trace
from visualizer.tracing.events import EventKind
from visualizer.tracing.trace_columns import KIND_CODES

__all__ = ["WorksheetExercise", "WorksheetRequest", "check_request", "choose_exercises", "deep_cutoffs", "most_cutoffs"]

MAX_COUNT = 100
"""The most exercises one worksheet holds."""

MAX_TRIES = 10_000
"""The most trees the search tries before it gives up (fewer for big trees, see `NODE_BUDGET`)."""

NODE_BUDGET = 1_000_000
"""The most nodes the search builds in all."""

_CUTOFF_CODE = KIND_CODES[EventKind.CUTOFF]


@dataclass(frozen=True)
class WorksheetRequest:
    """What a worksheet asks for: `shape` is the first tree's settings (exercise i differs in its seed),
    `cutoffs` the exact number of cut-offs (None: any)."""

    count: int
    shape: RandomExercise
    cutoffs: int | None = None
    deep: bool = False
    distinct: bool = False

    def describe(self) -> str:
        """The constraints in words, e.g. "2 cut-offs, a deep cut-off, distinct values" ("" for none)."""
        cutoffs = None if self.cutoffs is None else f"{self.cutoffs} cut-off{'' if self.cutoffs == 1 else 's'}"
        parts = (cutoffs, "a deep cut-off" if self.deep else None, "distinct values" if self.distinct else None)
        return ", ".join(part for part in parts if part)


@dataclass(frozen=True, eq=False)
class WorksheetExercise:
    """One exercise of a worksheet, numbered from 1: its cut-offs, deep cut-offs, leaves and root value."""

    number: int
    settings: RandomExercise
    """The random tree's settings (its seed among them)."""
    exercise: Exercise
    cutoffs: int
    deep: int
    leaves: tuple[Value, ...]
    value: Value

    @property
    def code(self) -> str:
        return self.settings.code


@dataclass
class SearchReport:
    """What the search met (trees tried, kept, repeated; trees per cut-off count), for the refusal."""

    tried: int = 0
    found: int = 0
    repeats: int = 0
    cutoffs: Counter[int] = field(default_factory=Counter)


def most_cutoffs(branching: int, depth: int, levels: tuple[Player, ...] | None = None) -> int:
    """The most cut-offs alpha-beta can make on a perfect tree of this shape, whatever the leaves; `levels`
    as `RandomExercise.levels` (None: MAX and MIN take turns).

    A node cuts at most once, after a child and before its last, and only against a finite bound.
    """
    if branching < 2:
        return 0
    turns = levels or (Player.MAX, Player.MIN)

    @cache
    def most(level: int, closing_finite: bool, raising_finite: bool) -> int:
        # `closing`: the bound the node cuts on (beta at MAX); `raising`: the one it moves (alpha at MAX),
        # finite from the second child on. A child of the other player cuts on the bound this node raises; a
        # child of the same player (two MIN agents) cuts on the same bound as this node, and raises the other.
        if level == depth:
            return 0
        other = turns[(level + 1) % len(turns)] is not turns[level % len(turns)]

        def child(raising: bool) -> int:
            return most(level + 1, *((raising, closing_finite) if other else (closing_finite, raising)))

        first, later = child(raising_finite), child(True)
        searched_all = first + (branching - 1) * later
        if not closing_finite:
            return searched_all
        return max(searched_all, 1 + first + (branching - 2) * later)  # cut before the last child

    return most(0, False, False)


def deep_depth(levels: tuple[Player, ...] | None) -> int | None:
    """The shallowest tree of these levels with a deep cut-off, None when they have none: a node on level d
    cuts deep on a bound set by a node of the other player on level d - 2 or above, and it needs children
    (4 where MAX and MIN take turns, the bound coming from three levels up; 3 for max,min,min)."""
    turns = levels or (Player.MAX, Player.MIN)

    def kind(level: int) -> Player:
        return turns[level % len(turns)]

    deep = (
        level
        for level in range(2, 2 * len(turns) + 2)  # two periods of the levels hold every pair of kinds
        if any(kind(above) is not kind(level) for above in range(level - 1))
    )
    return next((level + 1 for level in deep), None)


def deep_cutoffs(trace: Trace) -> int:
    """How many of an alpha-beta trace's cut-offs are deep: the bound that closed the window (beta at MAX,
    alpha at MIN) was set at the cut node's grandparent or higher, not by its parent."""
    nodes = trace.nodes
    entered: dict[int, tuple[Value | None, Value | None]] = {}  # node -> (alpha, beta) as the search entered it
    deep = 0
    for event in trace.events:
        if event.kind is EventKind.ENTER:
            entered[event.node] = (event.alpha, event.beta)
        elif event.kind is EventKind.CUTOFF:
            node = nodes[event.node]
            closing = 1 if node.player is Player.MAX else 0  # the bound a node never moves itself
            # Bounds only tighten: the parent still has the bound it was entered with, so it came from higher up.
            if node.parent is not None and entered[node.id][closing] == entered[node.parent][closing]:
                deep += 1
    return deep


def check_request(request: WorksheetRequest) -> None:
    """Refuses at once, in one line (an `InputError`), what no tree of the shape can meet."""
    shape = request.shape
    branching, depth = shape.branching, shape.depth
    low, high = shape.value_range
    if not 1 <= request.count <= MAX_COUNT:
        raise InputError(f"--count is {request.count}; a worksheet has 1 to {MAX_COUNT} exercises")
    if depth < 1:
        raise InputError("--depth is 0, a tree of one leaf: a worksheet's trees need --depth 1 or more")
    nodes = tree_nodes(branching, depth)
    if nodes > MAX_PRACTICE_NODES:
        raise InputError(
            f"a tree of branching {branching} and depth {depth} has {nodes:,} nodes, too many to work "
            f"by hand (at most {MAX_PRACTICE_NODES}); choose a smaller --depth or --branching"
        )
    if request.cutoffs is not None:
        if request.cutoffs < 0:
            raise InputError(f"--cutoffs is {request.cutoffs}; give a number of cut-offs, 0 or more")
        most = most_cutoffs(branching, depth, shape.levels)
        if request.cutoffs > most:
            raise InputError(
                f"--cutoffs {request.cutoffs} is impossible on a tree of branching {branching} and "
                f"depth {depth}: alpha-beta makes at most {most} there; ask for 0 to {most}, "
                "or a deeper or wider tree"
            )
    if request.deep:
        shallowest = deep_depth(shape.levels)
        if shallowest is None:
            levels = ",".join(level.value for level in shape.levels or ())
            raise InputError(
                f"--deep-cutoff needs a bound set by the other player two levels up or higher, and --levels "
                f"{levels} has none; drop --deep-cutoff or change --levels"
            )
        if depth < shallowest or branching < 2:
            whence = "three levels up" if shape.levels is None else "the grandparent or higher"
            raise InputError(
                f"--deep-cutoff needs a tree of --depth {shallowest} or more and --branching 2 or more "
                f"(the bound comes from {whence}); this one has depth {depth}, branching {branching}"
            )
        if request.cutoffs == 0:
            raise InputError("--deep-cutoff asks for a cut-off and --cutoffs 0 for none; drop one of them")
    leaves = branching**depth
    values = high - low + 1
    if request.distinct and values < leaves:
        raise InputError(
            f"--distinct needs {leaves} different leaf values, and --range {low}:{high} has only "
            f"{values}; widen --range (e.g. {-((leaves + 1) // 2)}:{leaves // 2 + 1}) or drop --distinct"
        )
    if values**leaves < request.count:
        raise InputError(
            f"--range {low}:{high} makes only {values**leaves} different trees of {leaves} leaves, "
            f"fewer than --count {request.count}; widen --range or lower --count"
        )


def choose_exercises(
    request: WorksheetRequest, *, progress: Callable[[int, int], None] | None = None, max_tries: int = MAX_TRIES
) -> tuple[list[WorksheetExercise], int]:
    """The worksheet's exercises, seed after seed, and how many trees were tried; `progress` gets (tried, most).

    Raises:
        InputError: the request is impossible, or too few of the trees tried meet it.
    """
    check_request(request)
    shape = request.shape
    limit = max(1, min(max_tries, NODE_BUDGET // tree_nodes(shape.branching, shape.depth)))
    report = SearchReport()
    chosen: list[WorksheetExercise] = []
    seen: set[tuple[Value, ...]] = set()
    for offset in range(limit):
        if progress is not None and offset % 200 == 0:
            progress(offset, limit)
        settings = replace(shape, seed=shape.seed + offset)
        report.tried += 1
        kept = _try(request, settings, len(chosen) + 1, seen, report)
        if kept is not None:
            chosen.append(kept)
            if len(chosen) == request.count:
                break
    if progress is not None:
        progress(limit, limit)
    if len(chosen) < request.count:
        raise InputError(_refusal(request, report))
    return chosen, report.tried


def _try(
    request: WorksheetRequest, settings: RandomExercise, number: int, seen: set[tuple[Value, ...]], report: SearchReport
) -> WorksheetExercise | None:
    """Exercise `number`, the tree of `settings`, if it meets the request and is new, else None."""
    game = settings.game()
    leaves = tuple(game.static_value(state) for state in range(len(game)) if game.is_terminal(state))
    if leaves in seen:
        report.repeats += 1
        return None
    if request.distinct and len(set(leaves)) < len(leaves):
        return None
    trace = trace_search(game, "alphabeta", strict=settings.strict, max_nodes=MAX_PRACTICE_NODES)
    cutoffs = trace.columns.event_kind.count(_CUTOFF_CODE)  # one event per cut-off: no need to file the trace
    report.cutoffs[cutoffs] += 1
    if request.cutoffs is not None and cutoffs != request.cutoffs:
        return None
    deep = deep_cutoffs(trace) if cutoffs else 0  # only the cut-offs' windows matter: quick when none
    if request.deep and not deep:
        return None
    seen.add(leaves)
    report.found += 1
    return WorksheetExercise(
        number, settings, Exercise.from_random(settings), cutoffs, deep, leaves, trace.summary.value
    )


def _refusal(request: WorksheetRequest, report: SearchReport) -> str:
    """The one line that says how many trees met the request in how many, and what to relax."""
    shape = request.shape
    low, high = shape.value_range
    wanted = request.describe() or "leaves unlike the others'"
    plural = "" if request.count == 1 else "s"
    line = (
        f"found {report.found} of the {request.count} exercise{plural} asked for in {report.tried:,} random "
        f"trees (branching {shape.branching}, depth {shape.depth}, values {low}:{high}) with {wanted}"
    )
    hints = ["lower --count"] if report.found else []
    if request.cutoffs is not None and report.cutoffs:
        common = ", ".join(f"{count} ({trees:,} trees)" for count, trees in report.cutoffs.most_common(3))
        hints.append(f"ask for --cutoffs the trees tried often have: {common}")
    if request.deep:
        hints.append("drop --deep-cutoff or give a deeper tree")
    if request.distinct or report.repeats:
        hints.append("widen --range")
    return f"{line}; {', or '.join(hints) or 'relax the constraints'}"
