"""Provides `Recorder`, the tracer that turns a running search into an immutable `Trace`.

The recorder appends to one list per field (see `TraceColumns`) and builds no object per node or
event: a full tic-tac-toe minimax calls its hooks 2.5 million times. Its hooks are closures made in
`begin` over the lists they fill, so each call costs a few appends and no attribute lookups; the
names, boards and statuses are worked out only when the finished trace is read.
"""

from __future__ import annotations

import dataclasses
from array import array
from typing import Any, Callable, Sequence

from visualizer.errors import NodeBudgetExceeded
from visualizer.games.base import Game, Player, Value
from visualizer.tracing.trace_columns import KIND_CODES, NO_CHILD
from visualizer.tracing.events import Bound, EventKind
from visualizer.tracing.lazy_columns import RecordedColumns
from visualizer.tracing.search_log import SearchLog
from visualizer.tracing.trace_records import Cutoff, Summary
from visualizer.tracing.trace import Trace
from visualizer.tracing.tracer import Tracer
from visualizer.tracing.traits import traits_of

__all__ = ["Recorder", "DEFAULT_MAX_NODES", "PROGRESS_EVERY"]

DEFAULT_MAX_NODES = 2_000_000
"""Nodes a recorded search may enter before it is stopped (a full tic-tac-toe minimax is 549,946)."""

PROGRESS_EVERY = 25_000
"""The progress callback is called each time this many more nodes have been entered."""

(ENTER, EVALUATE, BACK_UP, UPDATE, CUTOFF, EXIT, TRANSPOSITION, RESEARCH, CHANCE_CUTOFF, SELECT, EXPAND, SIMULATE,
 BACKPROPAGATE) = (KIND_CODES[kind] for kind in EventKind)
EVALUATIONS = (EVALUATE, SIMULATE)
"""The kinds that give a node a value of its own (a static value, or a playout's result)."""


class Recorder(Tracer):
    """Records every hook into columns and builds the `Trace` in `result()`.

    A search that runs several passes (iterative deepening, MTD(f)) calls `begin` ... `end` once
    per pass; each pass is recorded as a trace of its own, and `result()` is the last one with the
    earlier ones in its `earlier_passes`.

    Args:
        max_nodes: stop the search with `NodeBudgetExceeded` once it enters more nodes than this.
        progress: called with the number of nodes entered so far, every `PROGRESS_EVERY` nodes.
        iterative: record that the search runs iteratively (the trace's `iterative` option); the
            hooks cannot tell, since both forms call them alike.
    """

    def __init__(
        self,
        *,
        max_nodes: int = DEFAULT_MAX_NODES,
        progress: Callable[[int], None] | None = None,
        iterative: bool = False,
    ):
        self.max_nodes = max_nodes
        self.progress = progress
        self.iterative = iterative
        self.recording = SearchLog()
        self.passes: list[Trace] = []  # the passes finished before the one being recorded
        self._began = False
        self._entered_before = 0  # the nodes the passes before this one entered
        self._bind_hooks(self.recording)

    def begin(self, game: Game, *, algorithm: str, depth_limit: int | None, strict: bool) -> None:
        if self._began:  # a further pass: the one before it becomes a trace of its own
            if len(self.recording.stack) > 1:
                raise RuntimeError("a pass began while nodes of the one before were still open")
            self._entered_before += len(self.recording.visit_order)
            self.passes.append(self._trace_of(self.recording.take()))
        self._began = True
        self.game = game
        self.algorithm, self.depth_limit, self.strict = algorithm, depth_limit, strict
        traits = traits_of(algorithm)  # without a window, alphas and betas are all None: none are stored
        self.is_negamax = traits.movers_view
        self.revisits = traits.revisits  # a node skipped may be searched later: pruned is what stays unvisited
        self.recording.start(game, windowed=traits.windowed)
        self._configure_hooks(game, negamax_values=self.is_negamax, with_window=self.recording.windowed,
                              revisits=traits.revisits)

    def _checkpoint(self, entered: int) -> int:
        """Stops a search over budget and reports progress; returns the count (in this pass) to check again at.

        The budget and the progress count the nodes of every pass so far, so a search of many passes
        cannot grow without bound either.
        """
        total = entered + self._entered_before
        if total >= self.max_nodes:
            raise NodeBudgetExceeded(
                f"the search passed {self.max_nodes:,} nodes (--max-nodes); "
                "look fewer moves ahead with --depth N, or raise --max-nodes"
            )
        if self.progress is not None and total and total % PROGRESS_EVERY == 0:
            self.progress(total)
        return min(self.max_nodes, (total // PROGRESS_EVERY + 1) * PROGRESS_EVERY) - self._entered_before

    def _bind_hooks(self, rec: SearchLog) -> None:  # noqa: C901 (one closure per hook)
        """Sets the hooks as closures over the lists of `rec` (instance attributes shadow the methods).

        They are set once, here, so a search may look them up before `begin`, which tells them the
        game through `configure`. Each hook does only a few appends: this is the hot path of tracing.
        """
        checkpoint = self._checkpoint
        game: Any = None
        explicit = windowed = negamax = False
        players: list[Player] = []
        stack, stack_push, stack_pop = rec.stack, rec.stack.append, rec.stack.pop
        values, best, statics, alphas, betas = rec.values, rec.best, rec.statics, rec.alphas, rec.betas
        visit_order, add_visit, add_node_value = rec.visit_order, rec.visit_order.append, rec.values.append
        add_parent, add_move, add_state, add_depth = rec.parents.append, rec.moves.append, rec.states.append, rec.depths.append
        add_kind, add_node, add_value = rec.event_kind.append, rec.event_node.append, rec.event_value.append
        add_alpha, add_beta = rec.event_alpha.append, rec.event_beta.append
        add_child = rec.children_taken.append
        event_nodes, depths = rec.event_node, rec.depths
        closed = [NO_CHILD]  # the node that exited last: the child of the next back-up
        paths: dict[tuple[int | None, Any], int] = {}  # (parent, move) -> node, for searches that revisit
        revisiting = False  # a game pass of a search that revisits: a node is its path from the root
        next_check = 0

        def configure(new_game: Game, *, negamax_values: bool, with_window: bool, revisits: bool = False) -> None:
            nonlocal game, explicit, windowed, negamax, players, next_check, revisiting
            game, explicit, windowed, negamax = new_game, new_game.is_explicit, with_window, negamax_values
            players = [game.player(node) for node in range(len(game))] if explicit else []
            closed[0] = NO_CHILD
            same_position.reset()
            paths.clear()
            revisiting = revisits and not explicit  # explicit trees: a node is its own id already
            next_check = 0

        def new_node(state: Any, move: Any, depth: int, parent: int | None) -> int:
            """The id of the child of `parent` by `move`: a new one, unless the search revisits and has it."""
            if revisiting:
                known = paths.get((parent, move))
                if known is not None:
                    return known
                paths[parent, move] = len(depths)
            node = len(depths)
            add_parent(parent)
            add_move(move)
            add_state(state)
            add_depth(depth)
            add_node_value(None)
            if windowed:
                alphas.append(None)
                betas.append(None)
            return node

        def open_node(kind: int, state: Any, move: Any, depth: int, alpha: Value | None, beta: Value | None) -> int:
            """Opens a node (any kind whose effect is OPEN) and records the event, with no value yet."""
            nonlocal next_check
            entered = len(visit_order)
            if entered >= next_check:
                next_check = checkpoint(entered)
            node = state if explicit else new_node(state, move, depth, stack[-1])
            if windowed:
                alphas[node] = alpha
                betas[node] = beta
            add_visit(node)
            stack_push(node)
            add_kind(kind)
            add_node(node)
            add_value(None)
            if windowed:
                add_alpha(alpha)
                add_beta(beta)
            return node

        def enter(state: Any, move: Any, *, depth: int, alpha: Value | None, beta: Value | None) -> None:
            nonlocal next_check
            if revisiting:
                open_node(ENTER, state, move, depth, alpha, beta)
                return
            entered = len(visit_order)
            if entered >= next_check:
                next_check = checkpoint(entered)
            if explicit:
                node = state
                if windowed:
                    alphas[node] = alpha
                    betas[node] = beta
            else:
                node = len(depths)
                add_parent(stack[-1])
                add_move(move)
                add_state(state)
                add_depth(depth)
                add_node_value(None)
                if windowed:
                    alphas.append(alpha)
                    betas.append(beta)
            add_visit(node)
            stack_push(node)
            add_kind(ENTER)
            add_node(node)
            add_value(None)
            if windowed:
                add_alpha(alpha)
                add_beta(beta)

        def select(state: Any, move: Any, *, depth: int, score: Value | None) -> None:
            node = open_node(SELECT, state, move, depth, None, None)
            rec.event_value[-1] = values[node]  # the node shows the mean it has so far
            if score is not None:
                rec.event_extra["score"][len(rec.event_kind)] = score

        def expand(state: Any, move: Any, *, depth: int) -> None:
            open_node(EXPAND, state, move, depth, None, None)

        def simulate(state: Any, playout: Sequence[str], value: Value) -> None:
            node = stack[-1]  # a playout's result is no static value: only the node's value changes
            values[node] = value
            add_kind(SIMULATE)
            add_node(node)
            add_value(value)
            rec.event_extra["playout"][len(rec.event_kind)] = tuple(playout)
            if windowed:
                add_alpha(alphas[node])
                add_beta(betas[node])

        def backpropagate(state: Any, value: Value, *, visits: int) -> None:
            node = stack_pop()
            closed[0] = node
            values[node] = value
            rec.visit_counts[node] = visits
            add_kind(BACKPROPAGATE)
            add_node(node)
            add_value(value)
            rec.event_extra["visits"][len(rec.event_kind)] = visits
            if windowed:
                add_alpha(alphas[node])
                add_beta(betas[node])

        def research(state: Any, child: Any) -> None:
            node = stack[-1]
            add_kind(RESEARCH)
            add_node(node)
            add_child(closed[0])  # the child that failed its null-window test: it exited last
            add_value(values[node])
            if windowed:
                add_alpha(alphas[node])
                add_beta(betas[node])

        def evaluate(state: Any, value: Value) -> None:
            node = stack[-1]
            if negamax:
                sign = players[node].sign if explicit else game.player(rec.states[node]).sign
                statics[node] = value * sign
            else:
                statics[node] = value
            values[node] = value
            add_kind(EVALUATE)
            add_node(node)
            add_value(value)
            if windowed:
                add_alpha(alphas[node])
                add_beta(betas[node])

        def back_up(state: Any, child: Any, value: Value) -> None:
            node, child_id = stack[-1], closed[0]  # a child is backed up once it has exited
            if values[node] != value:
                best[node] = child_id
            values[node] = value
            add_kind(BACK_UP)
            add_node(node)
            add_child(child_id)
            add_value(value)
            if windowed:
                add_alpha(alphas[node])
                add_beta(betas[node])

        def update(state: Any, *, alpha: Value, beta: Value) -> None:
            node = stack[-1]
            alphas[node] = alpha
            betas[node] = beta
            add_kind(UPDATE)
            add_node(node)
            add_value(values[node])
            add_alpha(alpha)
            add_beta(beta)

        def skipped_node(state: Any, move: Any, parent: int) -> int:
            """Registers a child a cut-off skips (games only: explicit trees know all their nodes; a search
            that revisits may skip a child it searched before, or search it later: the same node)."""
            return new_node(state, move, depths[parent] + 1, parent)

        def cutoff(state: Any, skipped: Sequence[tuple[Any, Any]], *, alpha: Value, beta: Value,
                   kind: int = CUTOFF) -> None:
            node = stack[-1]
            if explicit:
                ids = tuple(child for _move, child in skipped)
            else:
                ids = tuple(skipped_node(child, move, node) for move, child in skipped)
            step = len(rec.event_kind) + 1
            rec.cutoffs.append((node, step, closed[0], ids))  # the child whose value closed the window
            rec.event_skipped[step] = ids
            add_kind(kind)
            add_node(node)
            add_child(closed[0])
            add_value(values[node])
            add_alpha(alphas[node])
            add_beta(betas[node])

        def exit(state: Any, value: Value) -> None:
            node = stack_pop()
            closed[0] = node
            values[node] = value
            add_kind(EXIT)
            add_node(node)
            add_value(value)
            if windowed:
                add_alpha(alphas[node])
                add_beta(betas[node])

        same_position = _PositionIndex(rec)

        def transposition(state: Any, value: Value, *, bound: Bound) -> None:
            node = stack[-1]
            values[node] = value
            step = len(rec.event_kind) + 1
            ref = same_position.earlier(node)
            if ref is not None:
                rec.event_extra["ref"][step] = ref
            rec.event_extra["bound"][step] = Bound(bound)
            add_kind(TRANSPOSITION)
            add_node(node)
            add_value(value)
            if windowed:
                add_alpha(alphas[node])
                add_beta(betas[node])

        def chance_cutoff(state: Any, skipped: Sequence[tuple[Any, Any]], *, bound: Bound, limit: Value,
                          alpha: Value, beta: Value) -> None:
            cutoff(state, skipped, alpha=alpha, beta=beta, kind=CHANCE_CUTOFF)
            step = len(rec.event_kind)
            rec.event_extra["bound"][step] = Bound(bound)
            rec.event_extra["limit"][step] = limit

        self.enter, self.evaluate, self.back_up, self.update = enter, evaluate, back_up, update
        self.cutoff, self.exit, self.transposition = cutoff, exit, transposition
        self.research, self.chance_cutoff = research, chance_cutoff
        self.select, self.expand, self.simulate, self.backpropagate = select, expand, simulate, backpropagate
        self._configure_hooks = configure

    def end(self, value: Value) -> None:
        self.recording.root_value = value

    def result(self) -> Trace:
        if not self._began:
            raise RuntimeError("no search began on this Recorder: there is nothing to make a trace of")
        return dataclasses.replace(self._trace_of(self.recording), earlier_passes=tuple(self.passes))

    def _trace_of(self, rec: SearchLog) -> Trace:
        """The trace of one pass, from its log."""
        game = self.game
        columns = RecordedColumns(game, rec, negamax=self.is_negamax)
        pruned = columns.pruned_nodes
        root_player = game.player(game.root())
        line, chance = [0], Player.CHANCE
        position = (lambda node: node) if game.is_explicit else rec.states.__getitem__
        best = _most_visited(rec) if rec.visit_counts else rec.best  # Monte Carlo: the most visited child
        while line[-1] in best and game.player(position(line[-1])) is not chance:  # chance chooses no line
            line.append(best[line[-1]])
        best_child = line[1] if len(line) > 1 else None
        root_sign = root_player.sign if self.is_negamax else 1
        summary = Summary(
            value=rec.root_value * root_sign,
            best_child=best_child,
            best_move=None if best_child is None else columns.move[best_child],
            principal_variation=tuple(line),
            visit_order=tuple(rec.visit_order),
            leaves_evaluated=sum(rec.event_kind.count(kind) for kind in EVALUATIONS),
            cutoffs=tuple(
                Cutoff(node, step, child, skipped, subtree)
                for (node, step, child, skipped), subtree in zip(rec.cutoffs, columns.pruned_by_cutoff)
            ),
            pruned=tuple(sorted(pruned.difference(rec.visit_order) if self.revisits else pruned)),
            unreached=columns.unreached(),
        )
        return Trace(
            algorithm=self.algorithm,
            depth_limit=self.depth_limit,
            strict=self.strict,
            root_player=root_player,
            description=game.describe(),
            source=game.spec(),
            summary=summary,
            columns=columns,
            iterative=self.iterative,
        )


def _most_visited(rec: SearchLog) -> dict[int, int]:
    """Each node's most visited child (the first such, in the order they were added), by visit counts."""
    counts, best = rec.visit_counts, {}
    for node in sorted(counts):  # children are added after their parents: ids in order
        parent = rec.parents[node]
        if parent is not None and counts[node] > counts.get(best.get(parent, -1), 0):
            best[parent] = node
    return best


class _PositionIndex:
    """Finds the latest earlier node of a game pass with the same position, for transposition events.

    Built only when a search reports a transposition, and brought up to date at each one, so a
    search without a table pays nothing for it.
    """

    def __init__(self, rec: SearchLog):
        self.rec = rec
        self.latest: dict[Any, int] = {}
        self.indexed = 0

    def reset(self) -> None:
        """Forgets the positions of the pass before (a new pass has begun)."""
        self.latest.clear()
        self.indexed = 0

    def earlier(self, node: int) -> int | None:
        """The last node before `node` whose position equals `node`'s and that has exited, or None."""
        rec = self.rec
        if not rec.states:  # explicit trees: every node is its own position
            return None
        states, latest, entered = rec.states, self.latest, rec.visit_order
        for earlier in entered[self.indexed : -1]:  # the nodes entered before this one (not those skipped)
            latest[states[earlier]] = earlier
        self.indexed = len(entered) - 1
        found = latest.get(states[node])
        return None if found is None or found in rec.stack else found
