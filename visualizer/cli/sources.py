"""Provides `game_from_args`: the one tree source the command-line options describe."""

from __future__ import annotations

import argparse
import random

from visualizer.errors import InputError
from visualizer.games import (
    Game,
    GameKind,
    Player,
    builtin_example,
    find_game_kind,
    from_array,
    from_nested,
    game_kinds,
    lookahead,
    parse_array,
    parse_order,
    with_order,
)
from visualizer.games.explicit import levels_root, parse_levels, parse_names
from visualizer.games.random_tree import DEFAULT_RANGE, parse_range, random_tree
from visualizer.tracing import Trace

__all__ = ["check_owned", "game_from_args", "lookahead_from_args", "source_kind", "trace_from_file"]


def _owned() -> dict[str, tuple[str, set[str]]]:
    """Each option that belongs to some kinds of source, by attribute: its flag and those kinds (from the
    game registry), so that a stray one is reported rather than ignored."""
    owned: dict[str, tuple[str, set[str]]] = {}
    for kind in game_kinds():
        for attribute, flag in kind.options:
            owned.setdefault(attribute, (flag, set()))[1].add(kind.name)
    return owned


def source_kind(args: argparse.Namespace) -> tuple[str, str | None]:
    """Which source the options ask for, and its text (for TREE, --array, --nested)."""
    given = []
    if args.trace is not None:
        given.append(("--trace", "trace", args.trace))
    if args.tree is not None:
        given.append(("TREE", "nested" if args.tree.lstrip().startswith("[") else "array", args.tree))
    if args.array is not None:
        given.append(("--array", "array", args.array))
    if args.nested is not None:
        given.append(("--nested", "nested", args.nested))
    if args.random:
        given.append(("--random", "random", None))
    if args.game is not None:
        given.append((f"--game {args.game}", _cli_kind(args.game).name, None))
    else:
        chosen = [kind for kind in game_kinds() if kind.selected_by and getattr(args, kind.selected_by) is not None]
        if chosen:  # --board, else --pile: the first kind in the registry whose option is given
            flag = dict(chosen[0].options)[chosen[0].selected_by]
            given.append((flag, chosen[0].name, None))
    if len(given) > 1:
        names = " and ".join(flag for flag, _, _ in given)
        raise InputError(f"conflicting sources: {names}; give one tree source")
    if not given:
        return "builtin", None
    return given[0][1], given[0][2]


def check_owned(args: argparse.Namespace, kind: str) -> None:
    """Refuses an option that belongs to another kind of source than `kind`."""
    for attribute, (flag, kinds) in _owned().items():
        if attribute == "seed" and _algorithm_takes(args, "seed"):  # it seeds the algorithm's playouts too
            continue
        if getattr(args, attribute) is not None and kind not in kinds:
            where = " or ".join(sorted(find_game_kind(owner).cli_source for owner in kinds))
            raise InputError(f"{flag} applies only to {where}; remove it or choose that source")


def _algorithm_takes(args: argparse.Namespace, option: str) -> bool:
    """True when the command's algorithm (or one of those it compares) takes the search option `option`."""
    from visualizer.search import find_algorithm

    names = getattr(args, "algorithms", None) or getattr(args, "algorithm", None) or ""
    for name in names.split(","):
        try:
            if option in find_algorithm(name.split("+")[0]).options:
                return True
        except InputError:  # an unknown name is refused later, where it is read
            continue
    return False


def _cli_kind(name: str) -> GameKind:
    """The registered kind whose `--game` name is `name` (argparse has checked it is one)."""
    return next(kind for kind in game_kinds() if kind.cli_name == name)


def game_from_args(args: argparse.Namespace) -> Game:
    """Builds the game the options describe (the built-in example when none is given), in --order."""
    game = _source_from_args(args)
    if args.order is None:
        return game
    order, seed = parse_order(args.order)
    return with_order(game, order, seed)


def _source_from_args(args: argparse.Namespace) -> Game:
    kind, text = source_kind(args)
    check_owned(args, "array" if kind == "builtin" else kind)
    levels = _levels_from_args(args, kind)
    root = Player.parse(args.root) if args.root else None
    if kind == "builtin":
        tree = builtin_example()
        if args.branching not in (None, 2):
            raise InputError("--branching needs --array; the built-in example is binary")
        if levels:
            tree = from_array(tree.values, root=root or levels_root(levels, tree.root_player), levels=levels)
        else:
            tree = tree.replace(root_player=root) if root else tree
        return tree.replace(names=tuple(parse_names(args.names, len(tree)))) if args.names else tree
    root = root or levels_root(levels, Player.MAX)
    if kind == "array":
        values = parse_array(text)
        names = parse_names(args.names, len(values)) if args.names else None
        return from_array(
            values, branching=2 if args.branching is None else args.branching, names=names, root=root, levels=levels
        )
    if kind == "nested":
        tree = from_nested(text, root=root)
        return tree.replace(names=tuple(parse_names(args.names, len(tree)))) if args.names else tree
    if kind == "random":
        if args.seed is None:
            args.seed = random.SystemRandom().randrange(1_000_000)
        return random_tree(
            leaves=args.leaves,
            depth=args.depth if args.leaves is None else None,
            branching=2 if args.branching is None else args.branching,
            value_range=parse_range(args.range) if args.range else DEFAULT_RANGE,
            seed=args.seed,
            root=root,
            levels=levels,
        )
    game_kind = find_game_kind(kind)
    options = {attribute: getattr(args, attribute, None) for attribute, _ in game_kind.options}
    return game_kind.game_class.from_options(options, root)


def _levels_from_args(args: argparse.Namespace, kind: str) -> tuple[Player, ...] | None:
    """The kinds of --levels, for the trees built level by level (an array, a random tree, the example)."""
    text = getattr(args, "levels", None)
    if text is None:
        return None
    if kind == "nested":
        raise InputError(
            "--levels applies only to --array or --random; in --nested write a chance node "
            'as {"chance": [[0.5, subtree], [0.5, subtree]]}'
        )
    if kind not in ("array", "random", "builtin"):
        raise InputError("--levels applies only to --array or --random; remove it or choose that source")
    return parse_levels(text)


def lookahead_from_args(args: argparse.Namespace, game: Game) -> int | None:
    """The search depth: --depth, else the game's suggested look-ahead (connect four's 5 on big boards).

    For a random tree built from --depth it is its full depth. A negative depth is refused by the
    search itself; this checks the node budget.
    """
    if args.max_nodes < 1:
        raise InputError(f"--max-nodes is {args.max_nodes}; it must be 1 or more")
    return lookahead(game, args.depth)


def trace_from_file(args: argparse.Namespace) -> Trace | None:
    """The saved trace named by --trace (None without it); search options make no sense with it."""
    kind, path = source_kind(args)
    if kind != "trace":
        return None
    check_owned(args, "trace")
    changed = [
        flag
        for flag, given in (
            ("--algorithm", getattr(args, "algorithm", None) is not None),
            ("--depth", args.depth is not None),
            ("--root", args.root is not None),
            ("--strict", getattr(args, "strict", False)),
            ("--iterative", getattr(args, "iterative", False)),
            ("--order", args.order is not None),
            ("--levels", getattr(args, "levels", None) is not None),
        )
        if given
    ]
    if changed:
        raise InputError(
            f"--trace replays a saved search, so {', '.join(changed)} cannot change it; drop "
            f"{'it' if len(changed) == 1 else 'them'}, or search the tree again"
        )
    from visualizer.readwrite.trace_json import read_json

    return read_json(path)
