"""Provides `bind_hooks`: the `Recorder`'s hooks, light ones that log a call and a replay that files it.

A full tic-tac-toe minimax calls its hooks 2.5 million times, so the hooks of depth-first
searches (enter, evaluate, back_up, update, cutoff, exit) only log what they are told: a kind byte,
and the value, the window, the skipped children, or the state, move, depth and window of a node
entered, each one append. Which node an event is at, its parent, its child and the node's running
value and window are worked out by `sync`, which replays the log into the `SearchLog`'s columns
in one loop: when the trace is made (or, for a trace of enters, evaluations, back-ups and exits
alone, when it is first read), or as soon as another hook needs them. The other hooks (Monte
Carlo, transpositions, re-searches) `sync`, then file their event at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from visualizer.games.base import Game, Value
from visualizer.tracing.events import Bound, EventKind
from visualizer.tracing.search_log import PositionIndex, SearchLog
from visualizer.tracing.trace_columns import KIND_CODES, NO_CHILD

__all__ = ["BACK_UP", "CUTOFF", "CUTS", "ENTER", "EVALUATE", "EXIT", "LIGHT_KINDS", "bind_hooks"]

(
    ENTER,
    EVALUATE,
    BACK_UP,
    UPDATE,
    CUTOFF,
    EXIT,
    TRANSPOSITION,
    RESEARCH,
    CHANCE_CUTOFF,
    SELECT,
    EXPAND,
    SIMULATE,
    BACKPROPAGATE,
) = (KIND_CODES[kind] for kind in EventKind)

LIGHT_KINDS = frozenset((ENTER, EVALUATE, BACK_UP, EXIT, UPDATE, CUTOFF))
"""The kinds of a recording that `principal_line` sums up without a replay."""

CUTS = frozenset((CUTOFF, CHANCE_CUTOFF))
"""The cut-off kinds: both log their skipped children for `sync`."""


def bind_hooks(target: Any, rec: SearchLog, checkpoint: Callable[[int], int]) -> None:  # noqa: C901 (one closure per hook)
    """Sets `target`'s hooks, `configure_hooks` and `sync` as closures over the lists of `rec`.

    They are set once, here, so a search may look the hooks up before `begin`, which tells them
    the game through `configure_hooks`. Instance attributes shadow the `Tracer` methods.

    Args:
        target: the recorder to set them on.
        rec: the log they fill.
        checkpoint: called with the nodes entered so far when it is time to check the budget;
            returns the count to call it again at.
    """
    explicit = windowed = shares = False  # shares: node ids are the indices of the `entered_*` lists
    stack, stack_push, stack_pop = rec.stack, rec.stack.append, rec.stack.pop
    values, best = rec.values, rec.best
    alphas, betas, depths = rec.alphas, rec.betas, rec.depths  # the lists `start` chose for this pass
    add_visit, add_node_value, add_parent = rec.visit_order.append, rec.values.append, rec.parents.append
    add_node, add_value = rec.event_node.append, rec.event_value.append
    add_alpha, add_beta = rec.event_alpha.append, rec.event_beta.append
    add_child = rec.children_taken.append
    # The log of the light hooks, replayed by `sync`.
    kinds, add_kind = rec.event_kind, rec.event_kind.append
    entered_states, log_state = rec.entered_states, rec.entered_states.append
    log_move, log_depth = rec.entered_moves.append, rec.entered_depths.append
    log_alpha, log_beta = rec.entered_alphas.append, rec.entered_betas.append
    entered_moves, entered_depths = rec.entered_moves, rec.entered_depths
    entered_alphas, entered_betas = rec.entered_alphas, rec.entered_betas
    logged_values, log_value = rec.logged_values, rec.logged_values.append
    logged_windows, logged_cuts = rec.logged_windows, rec.logged_cuts
    log_window, log_cut = logged_windows.append, logged_cuts.append
    closed = [NO_CHILD]  # the node that exited last: the child of the next back-up
    paths: dict[tuple[int | None, Any], int] = {}  # (parent, move) -> node, for searches that revisit
    next_check = 0
    skipped_count = 0  # the entries of the `entered_*` lists that are skipped nodes, not entered ones
    replayed = entered_replayed = values_replayed = windows_replayed = cuts_replayed = (
        0  # how far `sync` has filed the log
    )

    def configure(new_game: Game, *, with_window: bool) -> None:
        """Gets the hooks ready for a pass of `new_game` (after `SearchLog.start`, which chose the node lists)."""
        nonlocal explicit, windowed, next_check, shares, alphas, betas, depths
        nonlocal replayed, entered_replayed, values_replayed, windows_replayed, cuts_replayed, skipped_count
        explicit, windowed = new_game.is_explicit, with_window
        closed[0] = NO_CHILD
        same_position.reset()
        paths.clear()
        shares, alphas, betas, depths = rec.shares_entered, rec.alphas, rec.betas, rec.depths
        next_check = replayed = entered_replayed = values_replayed = windows_replayed = cuts_replayed = 0
        skipped_count = 0

    def new_node(state: Any, move: Any, depth: int, parent: int | None) -> int:
        """The id of the child of `parent` by `move` in a pass that revisits: the one it has, or a new one."""
        known = paths.get((parent, move))
        if known is not None:
            return known
        node = paths[parent, move] = len(depths)
        add_parent(parent)
        rec.moves.append(move)
        rec.states.append(state)
        depths.append(depth)
        add_node_value(None)
        if windowed:
            alphas.append(None)
            betas.append(None)
        return node

    def sync() -> None:
        """Files the calls the light hooks logged since the last sync (see the module docstring)."""
        nonlocal replayed, entered_replayed, values_replayed, windows_replayed, cuts_replayed
        end = len(kinds)
        if replayed == end:
            return
        entering = entered_replayed
        next_value = iter(logged_values[values_replayed:]).__next__ if len(logged_values) > values_replayed else None
        next_window = (
            iter(logged_windows[windows_replayed:]).__next__ if len(logged_windows) > windows_replayed else None
        )
        next_cut = iter(logged_cuts[cuts_replayed:]).__next__ if len(logged_cuts) > cuts_replayed else None
        node_values, top, push, pop, last = values, stack, stack_push, stack_pop, closed[0]
        closing, backing_up, evaluating, updating, cuts = EXIT, BACK_UP, EVALUATE, UPDATE, CUTS  # locals: a hot loop
        if shares:  # a slot for every node logged so far (the ids are the log's indices)
            node_values.extend([None] * (len(entered_states) - len(node_values)))
        for kind in kinds[replayed:end]:
            if kind == closing:
                value = next_value()
                node = last = pop()
                node_values[node] = value
            elif kind == backing_up:
                value = next_value()
                node = top[-1]  # a child is backed up once it has exited: the last node to exit
                if node_values[node] != value:
                    best[node] = last
                node_values[node] = value
                add_child(last)
            elif kind == evaluating:  # the static values are read from these events when first asked for
                value = next_value()
                node = top[-1]
                node_values[node] = value
            elif kind == updating:
                node = top[-1]
                alphas[node], betas[node] = window = next_window()
                add_node(node)
                add_value(node_values[node])
                add_alpha(window[0])
                add_beta(window[1])
                continue
            elif kind in cuts:
                node = top[-1]
                step, skipped = next_cut()
                if shares:  # logged at the cut-off already: their parent and depth are known now
                    ids = tuple(range(entering, entering + skipped))
                    entering += skipped
                    depth = depths[node] + 1
                    for child in ids:
                        add_parent(node)
                        depths[child] = depth
                elif explicit:
                    ids = tuple(child for _move, child in skipped)
                else:  # a search that revisits may skip a child it searched before, or search it later
                    depth = depths[node] + 1
                    ids = tuple(new_node(child, move, depth, node) for move, child in skipped)
                rec.cutoffs.append((node, step, last, ids))  # the child whose value closed the window
                rec.event_skipped[step] = ids
                add_node(node)
                add_child(last)
                add_value(node_values[node])
                add_alpha(alphas[node])
                add_beta(betas[node])
                continue
            else:  # an opening kind (ENTER, SELECT, EXPAND)
                if shares:
                    node = entering
                    add_parent(top[-1])
                elif explicit:
                    node = entered_states[entering]
                else:
                    node = new_node(
                        entered_states[entering], entered_moves[entering], entered_depths[entering], top[-1]
                    )
                if windowed:
                    alpha, beta = entered_alphas[entering], entered_betas[entering]
                    if not shares:
                        alphas[node], betas[node] = alpha, beta
                    add_alpha(alpha)
                    add_beta(beta)
                entering += 1
                add_visit(node)
                push(node)
                add_node(node)
                add_value(None)
                continue
            add_node(node)
            add_value(value)
            if windowed:
                add_alpha(alphas[node])
                add_beta(betas[node])
        closed[0] = last
        replayed, entered_replayed = end, entering
        values_replayed, windows_replayed, cuts_replayed = len(logged_values), len(logged_windows), len(logged_cuts)

    def filed(kind: int) -> int:
        """Brings the columns up to date, logs an event of `kind` that the caller files itself, and
        returns the node it is at."""
        nonlocal replayed
        sync()
        add_kind(kind)
        replayed += 1
        return stack[-1]

    def enter(state: Any, move: Any, *, depth: int, alpha: Value | None, beta: Value | None) -> None:
        # The one body of every opening kind: SELECT and EXPAND log through it and retag the kind
        nonlocal next_check
        entered = len(entered_states)
        if entered >= next_check:
            next_check = checkpoint(entered - skipped_count) + skipped_count
        add_kind(ENTER)
        log_state(state)
        log_move(move)
        log_depth(depth)
        if windowed:
            log_alpha(alpha)
            log_beta(beta)

    def evaluate(state: Any, value: Value) -> None:
        add_kind(EVALUATE)
        log_value(value)

    def back_up(state: Any, child: Any, value: Value) -> None:
        add_kind(BACK_UP)
        log_value(value)

    def exit(state: Any, value: Value) -> None:
        add_kind(EXIT)
        log_value(value)

    def select(state: Any, move: Any, *, depth: int, score: Value | None) -> None:
        target.enter(state, move, depth=depth, alpha=None, beta=None)
        kinds[-1] = SELECT
        sync()
        rec.event_value[-1] = values[stack[-1]]  # the node shows the mean it has so far
        if score is not None:
            rec.event_extra["score"][len(kinds)] = score

    def expand(state: Any, move: Any, *, depth: int) -> None:
        target.enter(state, move, depth=depth, alpha=None, beta=None)
        kinds[-1] = EXPAND

    def simulate(state: Any, playout: Sequence[str], value: Value) -> None:
        node = filed(SIMULATE)  # a playout's result is no static value: only the node's value changes
        values[node] = value
        add_node(node)
        add_value(value)
        rec.event_extra["playout"][len(kinds)] = tuple(playout)
        if windowed:
            add_alpha(alphas[node])
            add_beta(betas[node])

    def backpropagate(state: Any, value: Value, *, visits: int) -> None:
        filed(BACKPROPAGATE)
        node = stack_pop()
        closed[0] = node
        values[node] = value
        rec.visit_counts[node] = visits
        add_node(node)
        add_value(value)
        rec.event_extra["visits"][len(kinds)] = visits
        if windowed:
            add_alpha(alphas[node])
            add_beta(betas[node])

    def research(state: Any, child: Any) -> None:
        node = filed(RESEARCH)
        add_node(node)
        add_child(closed[0])  # the child that failed its null-window test: it exited last
        add_value(values[node])
        if windowed:
            add_alpha(alphas[node])
            add_beta(betas[node])

    def update(state: Any, *, alpha: Value, beta: Value) -> None:
        add_kind(UPDATE)
        log_window((alpha, beta))

    def cutoff(
        state: Any, skipped: Sequence[tuple[Any, Any]], *, alpha: Value, beta: Value, kind: int = CUTOFF
    ) -> None:
        nonlocal skipped_count, next_check
        add_kind(kind)
        if not shares:  # `sync` registers them as it reaches the cut-off
            log_cut((len(kinds), tuple(skipped)))
            return
        for move, child in skipped:  # logged as nodes now, to keep ids in order; `sync` sets parent and depth
            log_state(child)
            log_move(move)
            log_depth(None)
            if windowed:
                log_alpha(None)
                log_beta(None)
        log_cut((len(kinds), len(skipped)))
        skipped_count += len(skipped)
        next_check += len(skipped)  # the budget counts the nodes entered only

    def chance_cutoff(
        state: Any, skipped: Sequence[tuple[Any, Any]], *, bound: Bound, limit: Value, alpha: Value, beta: Value
    ) -> None:
        cutoff(state, skipped, alpha=alpha, beta=beta, kind=CHANCE_CUTOFF)
        step = len(kinds)
        rec.event_extra["bound"][step] = Bound(bound)
        rec.event_extra["limit"][step] = limit

    same_position = PositionIndex(rec)

    def transposition(state: Any, value: Value, *, bound: Bound) -> None:
        node = filed(TRANSPOSITION)
        values[node] = value
        step = len(kinds)
        ref = same_position.earlier(node)
        if ref is not None:
            rec.event_extra["ref"][step] = ref
        rec.event_extra["bound"][step] = Bound(bound)
        add_node(node)
        add_value(value)
        if windowed:
            add_alpha(alphas[node])
            add_beta(betas[node])

    target.enter, target.evaluate, target.back_up, target.update = enter, evaluate, back_up, update
    target.cutoff, target.exit, target.transposition = cutoff, exit, transposition
    target.research, target.chance_cutoff = research, chance_cutoff
    target.select, target.expand, target.simulate, target.backpropagate = select, expand, simulate, backpropagate
    target.configure_hooks, target.sync = configure, sync
