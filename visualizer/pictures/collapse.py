"""Provides `collapse_tree`: which nodes a picture of a big tree draws, the rest collapsed into labelled subtrees.

Textbooks draw a big game tree a few levels deep and each subtree below as one triangle marked with
its size. A figure collapses its trace once, so every frame shares one canvas. The nodes the user
asks for open first (`--draw-levels N`, `--expand NAMES`, with their ancestors), then the principal
variation from the root down, then more nodes breadth first, each only while the picture stays
legible on a slide: its smallest text at least `MIN_TEXT_PX` high when the canvas is scaled to fit
`SLIDE_SIZE`. A tree that fits whole is drawn whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from visualizer.errors import InputError
from visualizer.tracing.search_log import OPENING_CODES
from visualizer.tracing.trace import Trace

__all__ = [
    "MIN_TEXT_PX",
    "SLIDE_SIZE",
    "Collapse",
    "Collapsed",
    "Run",
    "collapse_tree",
    "collapsed_runs",
    "frame_steps",
]

SLIDE_SIZE = (1280, 720)
"""The 16:9 slide a collapsed picture is made to be read on, in pixels."""

MIN_TEXT_PX = 12.0
"""The least height of any text of a collapsed picture on that slide, in pixels."""


@dataclass(frozen=True)
class Collapse:
    """What a picture of a big tree shows: `levels` opens every node above that depth, `expand` the nodes of
    those names (and their ancestors); `whole` draws every node instead, however small."""

    levels: int | None = None
    expand: tuple[str, ...] = ()
    whole: bool = False

    def checked(self) -> Collapse:
        """This request, or an InputError when `levels` is negative."""
        if self.levels is not None and self.levels < 0:
            draw = "give how many levels to draw, e.g. --draw-levels 2"
            raise InputError(f"--draw-levels {self.levels} is negative; {draw}")
        return self


@dataclass(frozen=True)
class Collapsed:
    """The nodes a picture draws: the root, and the children of each `opened` node. A drawn node with
    children that is not opened stands for its subtree: `hidden` holds how many nodes lie under it."""

    opened: frozenset[int]
    shown: frozenset[int]
    hidden: dict[int, int] = field(hash=False)

    def children(self, children: Sequence[Sequence[int]]) -> list[Sequence[int]]:
        """Each node's drawn children (none for a collapsed or hidden node)."""
        return [kids if node in self.opened else () for node, kids in enumerate(children)]

    @property
    def hidden_count(self) -> int:
        """The nodes not drawn."""
        return sum(self.hidden.values())


def collapse_tree(trace: Trace, collapse: Collapse, fits: Callable[[Collapsed], bool]) -> Collapsed:
    """The nodes of `trace` to draw, as `collapse` asks, opened while `fits` (the picture is legible).

    Raises:
        InputError: `expand` names a node the tree does not have, or `levels` is negative.
    """
    children, sizes = trace.columns.children, _subtree_sizes(trace.columns.children)
    whole = _collapsed(children, sizes, frozenset(node for node, kids in enumerate(children) if kids))
    if collapse.whole or fits(whole):
        return whole
    opened = set(_asked(trace, collapse))  # forced, legible or not

    def opens(node: int) -> bool:
        """Opens `node` if the picture still fits (True), else leaves it collapsed (False)."""
        if node not in opened:
            opened.add(node)
            if not fits(_collapsed(children, sizes, frozenset(opened))):
                opened.discard(node)
                return False
        return True

    for node in trace.summary.principal_variation:
        if children[node] and not opens(node):
            break
    if collapse.levels is None:  # breadth first, each node that still fits
        queue = [0]
        for node in queue:
            if children[node] and opens(node):
                queue.extend(children[node])
    return _collapsed(children, sizes, frozenset(opened))


@dataclass(frozen=True)
class Run:
    """Steps `first`..`last` of a search, all inside the subtree of the collapsed `node`: one frame, which
    tells how many nodes under it the run `entered`."""

    node: int
    first: int
    last: int
    entered: int


def collapsed_runs(trace: Trace, collapsed: Collapsed) -> dict[int, Run]:
    """Each run of steps inside one collapsed subtree (at its node or under it), by its last step."""
    owners = _owners(trace, collapsed)
    events = list(zip(trace.columns.event_node, trace.columns.event_kind))
    runs, step = {}, 0
    while step < len(events):
        owner = owners.get(events[step][0])
        if owner is None:
            step += 1
            continue
        first, entered = step, set()
        while step < len(events) and owners.get(events[step][0]) == owner:
            node, code = events[step]
            if code in OPENING_CODES and node != owner:
                entered.add(node)
            step += 1
        runs[step] = Run(owner, first + 1, step, len(entered))
    return runs


def frame_steps(steps: int, runs: dict[int, Run]) -> tuple[int, ...]:
    """Steps 1..`steps` but those a run (`collapsed_runs`) passes through: each run is its last step."""
    inside = {step for run in runs.values() for step in range(run.first, run.last)}
    return tuple(step for step in range(1, steps + 1) if step not in inside)


def _owners(trace: Trace, collapsed: Collapsed) -> dict[int, int]:
    """The collapsed node each collapsed or hidden node is drawn as."""
    children, owners = trace.columns.children, {}
    for top in collapsed.hidden:
        stack = [top]
        while stack:
            node = stack.pop()
            owners[node] = top
            stack.extend(children[node])
    return owners


def _asked(trace: Trace, collapse: Collapse) -> list[int]:
    """The nodes `collapse` opens by name or by depth, each after its ancestors."""
    columns = trace.columns
    collapse.checked()
    asked = {node for node, depth in enumerate(columns.depth) if depth < (collapse.levels or 0)}
    names = {name: node for node, name in enumerate(columns.name)}
    for name in collapse.expand:
        if name not in names:
            sample = ", ".join(columns.name[1:4])
            raise InputError(f"--expand {name}: the tree has no node named {name!r}; names look like {sample}")
        node: int | None = names[name]
        while node is not None:  # the node is drawn open, so are its ancestors
            asked.add(node)
            node = columns.parent[node]
    return sorted(asked)


def _collapsed(children: Sequence[Sequence[int]], sizes: Sequence[int], opened: frozenset[int]) -> Collapsed:
    """The nodes drawn when `opened` are (`sizes`: each node's subtree, itself included)."""
    shown, hidden = {0}, {}
    stack = [0]
    while stack:
        node = stack.pop()
        if node in opened:
            shown.update(children[node])
            stack.extend(children[node])
        elif children[node]:
            hidden[node] = sizes[node] - 1
    return Collapsed(opened, frozenset(shown), hidden)


def _subtree_sizes(children: Sequence[Sequence[int]]) -> list[int]:
    """Each node's subtree size, itself included."""
    sizes, order = [1] * len(children), [0]
    for node in order:  # breadth first from the root, then summed from the leaves up
        order.extend(children[node])
    for node in reversed(order):
        sizes[node] += sum(sizes[child] for child in children[node])
    return sizes
